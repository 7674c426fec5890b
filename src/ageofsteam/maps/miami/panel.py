"""Miami 2030's side panel: the people left in each part of Miami, the evacuated, the next flood and where it
may go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.miami.rules import Rules
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

AREAS = (("west", "Miami West"), ("east", "Miami East"), ("north", "Miami North"))


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    waiting = {h: sum(c.values()) for h, c in rules.people(g).items()}
    waiting.update({h: sum(g.cubes.get(h, {}).values()) for h in g.new_cities})  # a New City took its people
    out = []
    for area, title in AREAS:
        there = [(g.map.towns[h], waiting[h]) for h in rules.districts(area) if waiting.get(h)]
        out.append(
            PanelFact(
                title,
                ", ".join(f"{name} {n}" for name, n in there) or "no one left",
                "People wait on the districts until a delivery takes them to an exit (a New City on a district "
                "takes its people).",
            )
        )
    saved, left = rules.score(g, 0), rules.people_left(g)
    out.append(
        PanelFact(
            "Evacuated",
            f"{saved} of {saved + left}",
            "You win at the end of the round in which the last person leaves; people left after round 10 lose.",
        )
    )
    due = rules.FLOODS_PER_ROUND.get(g.turn, 0)
    out.append(
        PanelFact(
            "Next flood",
            f"{due} cube{'s' if due != 1 else ''} at the end of round {g.turn}" if due else "no more floods",
            "One flood cube at the turn-marker advance of rounds 1–5, two in rounds 6–9.",
        )
    )
    sites = rules.flood_sites(g)
    beach = bool(sites) and g.map.terrain[sites[0]] == "beach"
    where = ("a dry beach: " if beach else "next to a beach: ") + ", ".join(g.label(h) for h in sites)
    out.append(
        PanelFact(
            "Floods may go",
            where if sites else "nowhere",
            "A flood cube goes on a beach not yet flooded; once every beach is, on a hex next to one, never a "
            "district or an exit.",
        )
    )
    wet = len(rules.flooded(g))
    out.append(
        PanelFact(
            "Flooded hexes",
            f"{wet}; {max(0, rules.FLOOD_CUBES - wet)} flood cubes left",
            "Track on a flooded hex needs the Coast Guard ($4, complex tiles more); each flooded hex a delivery "
            "passes costs 1 income (the Fire Fighter waives it).",
        )
    )
    return out
