"""Heavy Cardboard's side panel: Heavy Lifting (its holder, range and income) and the central city."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.heavy_cardboard.heavy_lifting import HEAVY_LIFTING, lift_income
from ageofsteam.maps.heavy_cardboard.rules import CENTRAL_CITY, Rules
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    holder = next((p.name for p in g.players if p.action == HEAVY_LIFTING), None)
    cubes = sum(g.cubes[rules.central_city()].values())
    return [
        PanelFact(
            "Heavy Lifting",
            holder or "no one",
            "Heavy Lifting replaces Production: its holder may make one delivery of the Move Goods phase "
            "without track.",
        ),
        PanelFact(
            "Heavy Lifting range",
            f"{rules.HEAVY_LIFTING_RANGE} hexes of open land, a mountain 2",
            "From a City you have a completed link with to a City of the cube's colour, over hexes without track "
            "or City; never to or from Madeira.",
        ),
        PanelFact(
            "Heavy Lifting income",
            f"+{lift_income(g)}",
            "2 income in turn 1, one more each turn, at most 6.",
        ),
        PanelFact(
            CENTRAL_CITY,
            f"{cubes} cube{'s' if cubes != 1 else ''}",
            "The central city accepts no colour; empty at goods growth, it gets one cube of each colour.",
        ),
    ]
