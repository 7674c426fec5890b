"""Bots: programs that choose a legal action for a seat, at three levels.

* ``random`` — a careless beginner (:class:`RandomBot`), for random games that test the rules;
* ``steady`` — a fast planner without search (:class:`SteadyBot`);
* ``strong`` — search on top of ``steady``, a number of playouts per decision (:class:`StrongBot`).

``bot("strong", work=28)`` makes one; every bot has ``choose(game, rng) -> Action`` and ``hint(game, rng) ->
Hint`` (the action and one line saying why). Every level's strength is work, never time: a decision depends on
the position and ``rng`` alone, the same on every machine; the strong bot's ``seconds`` is only a safety cap."""

from __future__ import annotations

from ageofsteam.bots.base import Bot, Hint
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.bots.strong import DEFAULT_WORK, SAFETY_SECONDS, StrongBot
from ageofsteam.engine.errors import BadInput

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "steady": SteadyBot, "strong": StrongBot}
# what a player reads in a seat's menu
LEVEL_TITLES: dict[str, str] = {"random": "Easy", "steady": "Medium", "strong": "Hard"}
DEFAULT_SECONDS = SAFETY_SECONDS  # the strong bot's safety cap on a decision's search, in seconds
BOTS = LEVELS  # the name older callers use


def bot(level: str, *, work: int | None = None, seconds: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``steady`` or ``strong``); ``work`` is the strong bot's budget per
    decision, in playouts (default ``DEFAULT_WORK``), and ``seconds`` its safety cap (default
    ``DEFAULT_SECONDS``); the other levels ignore both. BadInput for an unknown level, a budget that is not a
    positive whole number or a cap that is not a positive number of seconds."""
    cls = LEVELS.get(level)
    if cls is None:
        raise BadInput(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0 and seconds == seconds):
        raise BadInput(f"a bot's time limit must be a positive number of seconds, not {seconds!r}")
    if work is not None and not (isinstance(work, int) and not isinstance(work, bool) and work > 0):
        raise BadInput(f"a bot's work must be a positive whole number of playouts, not {work!r}")
    if cls is StrongBot:
        return StrongBot(
            work=DEFAULT_WORK if work is None else work, seconds=DEFAULT_SECONDS if seconds is None else float(seconds)
        )
    return cls()


__all__ = [
    "BOTS",
    "DEFAULT_SECONDS",
    "DEFAULT_WORK",
    "LEVELS",
    "LEVEL_TITLES",
    "Bot",
    "Hint",
    "RandomBot",
    "SteadyBot",
    "StrongBot",
    "bot",
]
