"""What every phase of a turn provides to the rules driver."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ageofsteam.engine.actions import CHANCE, Action
from ageofsteam.engine.errors import IllegalAction

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Phase:
    """A step of the turn. ``begin`` and ``apply`` return True when the phase is over.

    ``check`` raises :class:`IllegalAction` with a player-readable reason and never changes the state;
    ``apply`` is only called after ``check`` passed.
    """

    name = ""
    title = ""
    accepts: tuple[type[Action], ...] = ()

    def begin(self, g: GameState) -> bool:
        return True

    def legal(self, g: GameState) -> list[Action]:
        return []

    def check(self, g: GameState, a: Action) -> None:
        raise IllegalAction(f"nothing can be done during {self.title or self.name}")

    def apply(self, g: GameState, a: Action) -> bool:
        raise NotImplementedError

    def sample(self, g: GameState, rng: random.Random) -> Action:
        """The outcome of the chance event the phase is waiting for."""
        raise NotImplementedError(f"{self.name} has no chance events")

    def chance_outcomes(self, g: GameState) -> list[tuple[Action, float]] | None:
        """Every distinct outcome of the chance event the phase is waiting for, with its probability (they sum
        to 1); None where they are too many to list (the setup draw), and the event can only be sampled."""
        return None


def next_in_queue(g: GameState) -> bool:
    """Give the move to the next player in ``g.pending``; True when nobody is left."""
    while g.pending and g.players[g.pending[0]].eliminated:
        g.pending.pop(0)
    if not g.pending:
        g.to_move = None
        return True
    g.to_move = g.pending[0]
    return False


def wait_for_chance(g: GameState) -> bool:
    g.to_move = CHANCE
    return False
