"""51st State's own figures: the discs on the circles (``rules/circles.py``); it keeps nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.rules.circles import CircleState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(CircleState):
    """The figures of 51st State: ``circle_discs`` (circle id → seats); it has no large circles, so
    ``large_circle_discs`` stays empty."""


def state(g: GameState) -> State:
    """51st State's figures in ``g``."""
    assert isinstance(g.map_state, State), "not a 51st State game"
    return g.map_state
