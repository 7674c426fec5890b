"""Old Europe's side panel: what the small and the large circles hold and cost, what a disc on each open circle
costs now, and who may not use the large circles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.old_europe.rules import Rules
from ageofsteam.rules.base import PanelFact
from ageofsteam.rules.circles import new_discs_fact, open_circles_summary

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    first = g.players[g.order[0]].name if g.order else "no one"
    caps = sorted({rules.circle_capacity(g, c) for c in g.map.circles})
    holds = "/".join(map(str, caps)) + (" player's disc" if caps == [1] else " players' discs")
    return [
        PanelFact(
            "Small circles",
            f"{holds} each, ${rules.SMALL_CIRCLE_COST} + $1 a disc there",
            "A small circle holds the discs of p − 2 players (p: the players who started) and costs $2 + x, x "
            "being the players already on it.",
        ),
        new_discs_fact(g),
        PanelFact(
            "Open circles",
            open_circles_summary(g),
            "What a disc on each small circle with room costs now.",
        ),
        PanelFact(
            "Large circles",
            f"any number, ${rules.LARGE_CIRCLE_COST} + $1 a disc there",
            "A large circle holds any number of discs and costs $3 + x; passing through its country needs your "
            "disc on it.",
        ),
        PanelFact(
            "No large circles for",
            first,
            "The player first in player order may not place discs on large circles this turn.",
        ),
    ]
