"""Texas's own figures: the black goods (oil) on the oil fields, on the track tiles laid there, and delivered."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(MapState):
    """The oil of Texas; the census of the 96 goods counts all three figures (``Rules.extra_goods``)."""

    oil: dict[str, int] = field(default_factory=dict)
    """Oil field label → black goods still on the field (no track laid there yet)."""
    oil_on_track: dict[str, int] = field(default_factory=dict)
    """Oil field label → black goods on the track tile laid there; a field emptied is no oil field any more."""
    oil_removed: int = 0
    """Black goods the Tanker delivered: out of the game."""


def state(g: GameState) -> State:
    """Texas's figures in ``g``."""
    figures = g.map_state
    assert isinstance(figures, State), "not a Texas game"
    return figures
