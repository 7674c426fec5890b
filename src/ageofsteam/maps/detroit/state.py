"""Detroit Bankruptcy's own figures: the solo action disks, the Engineer's builds of the turn in progress, who
went bankrupt when, and how the game ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class Bankruptcy:
    """When a player went bankrupt."""

    turn: int  # the turn in which they went bankrupt
    income: int  # their income then (below 0)


@dataclass
class SoloResult:
    """The end of a solo game, rated against the virtual government."""

    won: bool  # the player outlasted the government
    turn: int  # the turn in which the player went bankrupt
    income: int  # their income then
    rating: str  # the rulebook's words for it


@dataclass
class State(MapState):
    """The figures of Detroit Bankruptcy."""

    action_disks: dict[str, int] = field(default_factory=dict)
    """Solo: action (Engineer, Locomotive, Urbanization) → disks left on its space; the next one costs that
    many dollars ($3, then $2, then $1). Empty in a multiplayer game."""
    engineer_costs: list[int] = field(default_factory=list)
    """The full costs of the Engineer's builds so far in the build turn in progress, special links included
    (the cheapest of them is free); empty outside an Engineer's build turn."""
    bankrupt: dict[int, Bankruptcy] = field(default_factory=dict)
    """Seat → when that player went bankrupt."""
    result: SoloResult | None = None
    """Solo: how the game ended (None until the player is bankrupt)."""
    winners: list[int] = field(default_factory=list)
    """Multiplayer: the seats that won, once the game is over (the last not bankrupt, or a tie)."""


def state(g: GameState) -> State:
    """Detroit Bankruptcy's figures in ``g``."""
    assert isinstance(g.map_state, State), "not a Detroit Bankruptcy game"
    return g.map_state
