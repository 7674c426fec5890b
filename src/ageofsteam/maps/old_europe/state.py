"""Old Europe's own figures: the discs on the small circles and on the large circles (``rules/circles.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.rules.circles import CircleState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(CircleState):
    """The figures of Old Europe: ``circle_discs`` (small circle id → seats) and ``large_circle_discs`` (country
    id → seats on the large circle in its centre)."""


def state(g: GameState) -> State:
    """Old Europe's figures in ``g``."""
    assert isinstance(g.map_state, State), "not an Old Europe game"
    return g.map_state
