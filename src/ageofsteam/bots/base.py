"""What every bot is: ``choose(game, rng) -> Action`` for the player to move, and ``hint`` (the same choice
with one line saying why, in player words)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState


@dataclass(frozen=True)
class Hint:
    """A suggested action for the player to move and why, in a line a player understands."""

    action: Action
    reason: str
    # the closing words of ``reason`` that forecast the game by a map's own plan ("the money would last into turn
    # 7"); a bot that gives a forecast of its own leaves them out (``grounds``)
    forecast: str = ""

    @classmethod
    def foreseeing(cls, action: Action, grounds: str, forecast: str) -> Hint:
        """A hint whose reason is ``grounds`` followed by ``forecast`` (none if empty)."""
        return cls(action, f"{grounds}: {forecast}" if forecast else grounds, forecast)

    @property
    def grounds(self) -> str:
        """The reason without its forecast."""
        return self.reason.removesuffix(f": {self.forecast}") if self.forecast else self.reason


class Bot:
    """A bot of one level. ``choose`` never changes ``game``, returns one of its legal actions, and draws any
    randomness it needs from ``rng`` (a bot that looks ahead samples dice and draws from ``rng`` too, never
    from the game's seed)."""

    level: ClassVar[str] = ""

    def choose(self, game: Game, rng: random.Random) -> Action:
        return self.hint(game, rng).action

    def hint(self, game: Game, rng: random.Random) -> Hint:
        """The action ``choose`` would take, with its reason."""
        raise NotImplementedError


class Position:
    """A bare game state as a bot reads a game (its ``state`` and ``legal_actions``): what a bot's playouts and
    self-play hand to the steady bot, without a record."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def legal_actions(self) -> list[Action]:
        return self.state.rules.legal_actions(self.state)
