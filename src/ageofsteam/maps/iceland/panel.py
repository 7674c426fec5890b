"""Iceland's side panel: the steam on each volcano, how far steam may travel this round, the water left to
condense into, and the urbanizations left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.iceland.rules import WATER, Rules, water_boxes
from ageofsteam.maps.iceland.state import state
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    on_volcano = state(g).steam
    steam = sorted((g.label(h), on_volcano.get(g.label(h), 0)) for h in rules.volcanoes)
    reach = max(g.turn, 1)
    left = max(rules.URBANIZATION_LIMIT - len(g.new_cities), 0)
    return [
        PanelFact(
            "Steam",
            ", ".join(f"{lab} {n}" for lab, n in steam),
            "Steam (red goods) lies on the volcanoes; delivered to a city it condenses into water (a blue good).",
        ),
        PanelFact(
            "Steam travels",
            f"at most {reach} link{'s' if reach > 1 else ''}",
            "In each round steam goes at most as many links as the round number (and the mover's engine).",
        ),
        PanelFact(
            "Water",
            f"{g.bag.get(WATER, 0)} in the bag, {len(water_boxes(g))} on the display",
            "Water comes from the bag, else from a display box the mover names; with none left the steam is lost.",
        ),
        PanelFact(
            "Urbanizations left",
            f"{left} of {rules.URBANIZATION_LIMIT}",
            "At most 4 towns are urbanized; after the 4th the New City tiles left leave the game.",
        ),
    ]
