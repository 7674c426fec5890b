"""Iceland's own figures: the steam on the volcanoes, and the steam lost for want of water."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(MapState):
    """The steam of Iceland: red goods out of the bag on no city (``Rules.extra_goods`` counts them)."""

    steam: dict[str, int] = field(default_factory=dict)
    """Volcano hex label → steam (red goods) on it."""
    steam_lost: int = 0
    """Steam that found no water to condense into and left the game (Ruling 9's option)."""


def state(g: GameState) -> State:
    """Iceland's figures in ``g``."""
    figures = g.map_state
    assert isinstance(figures, State), "not an Iceland game"
    return figures
