"""New York Subway's side panel: how many stations a side holds, each player's stations and station cubes, the
skyscrapers' heights, the excavations, and the build turn in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.new_york.figures import height, stations_of
from ageofsteam.maps.new_york.rules import Rules
from ageofsteam.maps.new_york.state import state
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

TALLEST = 6  # skyscrapers listed by height


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    figures = state(g)
    out = [
        PanelFact(
            "Stations per side",
            f"at most {rules.capacity(g)}",
            "A side where an excavated hex meets a skyscraper or construction site holds players − 2 stations "
            "(at least 1), one of each player.",
        )
    ]
    for p in g.players:
        if p.eliminated:
            continue
        out.append(
            PanelFact(
                f"{p.name}'s stations",
                f"{len(stations_of(g, p.seat))} built, {rules.stations_left(g, p.seat)} cubes left, "
                f"+{rules.skyscraper_points(g, p.seat)} points",
                "Each player has 2 station cubes per round; at the end each skyscraper scores its height for each "
                "of your stations on its sides.",
            )
        )
    towers = sorted(
        (h for h in (g.map.by_label[lab] for lab in figures.stacks) if g.is_city(h)),
        key=lambda h: (-height(g, h), g.stop_name(h)),
    )
    tallest = ", ".join(f"{g.stop_name(h)} {height(g, h)}" for h in towers[:TALLEST])
    out.append(
        PanelFact(
            "Stack heights",
            tallest + (", …" if len(towers) > TALLEST else ""),
            "Only the top floor of a stack moves; a floor delivered goes under the destination's stack.",
        )
    )
    out.append(
        PanelFact(
            "Excavated",
            f"{len(figures.excavated)} hex{'' if len(figures.excavated) == 1 else 'es'}",
            f"Up to {rules.EXCAVATIONS} excavations a turn at ${rules.EXCAVATION_COST} each; water and "
            "skyscrapers cannot be excavated.",
        )
    )
    if figures.subway_turn is not None:
        t = figures.subway_turn
        out.append(
            PanelFact(
                "This build",
                f"{t.excavations} of {rules.EXCAVATIONS} excavations, {t.stations} of {rules.BUILDS} stations"
                + (", the Engineer's move made" if t.moved else ""),
                "A build turn is up to 2 excavations and 3 stations in any order, and the Engineer holder's one "
                "station move.",
            )
        )
    return out
