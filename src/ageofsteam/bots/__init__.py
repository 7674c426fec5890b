"""Bots: programs that choose a legal action for a seat, at three levels.

* ``random`` — a careless beginner (:class:`RandomBot`), for random games that test the rules;
* ``steady`` — a fast planner without search (:class:`SteadyBot`);
* ``strong`` — search on top of ``steady`` within a time budget per decision (:class:`StrongBot`).

``bot("strong", seconds=1.0)`` makes one; every bot has ``choose(game, rng) -> Action`` and ``hint(game, rng)
-> Hint`` (the action and one line saying why)."""

from __future__ import annotations

from ageofsteam.bots.base import Bot, Hint
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.bots.strong import StrongBot
from ageofsteam.engine.errors import BadInput

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "steady": SteadyBot, "strong": StrongBot}
# what a player reads in a seat's menu
LEVEL_TITLES: dict[str, str] = {"random": "Easy", "steady": "Medium", "strong": "Hard"}
DEFAULT_SECONDS = 1.0  # the strong bot's thinking time per decision
BOTS = LEVELS  # the name older callers use


def bot(level: str, *, seconds: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``steady`` or ``strong``); ``seconds`` is the strong bot's budget per
    decision (default 1 s; the other levels decide at once and ignore it). BadInput for an unknown level or a
    budget that is not a positive number of seconds."""
    cls = LEVELS.get(level)
    if cls is None:
        raise BadInput(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0 and seconds == seconds):
        raise BadInput(f"a bot's thinking time must be a positive number of seconds, not {seconds!r}")
    if cls is StrongBot:
        return StrongBot(seconds=DEFAULT_SECONDS if seconds is None else float(seconds))
    return cls()


__all__ = [
    "BOTS",
    "DEFAULT_SECONDS",
    "LEVELS",
    "LEVEL_TITLES",
    "Bot",
    "Hint",
    "RandomBot",
    "SteadyBot",
    "StrongBot",
    "bot",
]
