"""Las Vegas's own figures: the money on the cities and under the red goods of the display, the bank's ledger
of it, a pending decision to take $5, and the grey disc."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class State(MapState):
    """The money of Las Vegas; always ``money + display_money + money_taken == money_from_bank``."""

    money: dict[str, int] = field(default_factory=dict)
    """City hex label → dollars lying on that city."""
    display_money: dict[str, list[int]] = field(default_factory=dict)
    """Goods-display column → dollars under each of its boxes, top box first."""
    money_from_bank: int = 0
    """Dollars the bank has laid out."""
    money_taken: int = 0
    """Dollars players have taken from cities."""
    money_choice: str | None = None
    """While the mover decides whether to take $5 after a delivery: the destination city's label."""
    blocked_action: str | None = None
    """3 players: the action under the grey disc (Engineer or Urbanization), which cannot be taken."""


def state(g: GameState) -> State:
    """Las Vegas's figures in ``g``."""
    figures = g.map_state
    assert isinstance(figures, State), "not a Las Vegas game"
    return figures
