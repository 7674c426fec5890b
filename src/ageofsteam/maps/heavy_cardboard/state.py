"""Heavy Cardboard's own figure: whether Heavy Lifting's delivery has been made in this Move Goods phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(MapState):
    """The figures of Heavy Cardboard."""

    heavy_lifting_used: bool = False
    """The holder of Heavy Lifting has made its one delivery in the Move Goods phase in progress (False outside
    Move Goods)."""


def state(g: GameState) -> State:
    """Heavy Cardboard's figures in ``g``."""
    assert isinstance(g.map_state, State), "not a Heavy Cardboard game"
    return g.map_state
