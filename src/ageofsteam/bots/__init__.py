"""Bots: programs that choose a legal action for a seat, at four levels.

* ``random`` — a careless beginner (:class:`RandomBot`), "Easy", for random games that test the rules;
* ``steady`` — a fast planner without search (:class:`SteadyBot`), "Medium";
* ``hard`` — search to the end of the turn, each line valued for the whole game by a trained evaluator
  (:class:`HardBot`), "Hard";
* ``strong`` — search to the end of the turn valued by the steady bot's rules of thumb (:class:`StrongBot`),
  kept as the baseline the hard bot is measured against, "Baseline".

``bot("hard", work=16)`` makes one; every bot has ``choose(game, rng) -> Action`` and ``hint(game, rng) ->
Hint`` (the action and one line saying why). Every level's strength is work, never time: a decision depends on
the position and ``rng`` alone, the same on every machine; a searching level's ``seconds`` is only a safety
cap."""

from __future__ import annotations

from ageofsteam.bots import hard, strong
from ageofsteam.bots.base import Bot, Hint
from ageofsteam.bots.hard import HardBot
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.bots.strong import DEFAULT_WORK, SAFETY_SECONDS, StrongBot
from ageofsteam.engine.errors import BadInput

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "steady": SteadyBot, "hard": HardBot, "strong": StrongBot}
# what a player reads in a seat's menu
LEVEL_TITLES: dict[str, str] = {"random": "Easy", "steady": "Medium", "hard": "Hard", "strong": "Baseline"}
# the levels whose strength is a budget of work per decision, with their default budget, in playouts
SEARCHING: dict[str, int] = {"hard": hard.DEFAULT_WORK, "strong": strong.DEFAULT_WORK}
DEFAULT_SECONDS = SAFETY_SECONDS  # a searching bot's safety cap on a decision's search, in seconds
BOTS = LEVELS  # the name older callers use


def default_work(level: str) -> int | None:
    """The work per decision ``level`` plays by default, in playouts; None for a level that does not search."""
    return SEARCHING.get(level)


def bot(level: str, *, work: int | None = None, seconds: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``steady``, ``hard`` or ``strong``); ``work`` is a searching level's
    budget per decision, in playouts (default: the level's own, :func:`default_work`), and ``seconds`` its
    safety cap (default ``DEFAULT_SECONDS``); the other levels ignore both. BadInput for an unknown level, a
    budget that is not a positive whole number or a cap that is not a positive number of seconds."""
    cls = LEVELS.get(level)
    if cls is None:
        raise BadInput(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0 and seconds == seconds):
        raise BadInput(f"a bot's time limit must be a positive number of seconds, not {seconds!r}")
    if work is not None and not (isinstance(work, int) and not isinstance(work, bool) and work > 0):
        raise BadInput(f"a bot's work must be a positive whole number of playouts, not {work!r}")
    if level in SEARCHING:
        budget = SEARCHING[level] if work is None else work
        cap = DEFAULT_SECONDS if seconds is None else float(seconds)
        return HardBot(work=budget, seconds=cap) if cls is HardBot else StrongBot(work=budget, seconds=cap)
    return cls()


__all__ = [
    "BOTS",
    "DEFAULT_SECONDS",
    "DEFAULT_WORK",
    "LEVELS",
    "LEVEL_TITLES",
    "SEARCHING",
    "Bot",
    "HardBot",
    "Hint",
    "RandomBot",
    "SteadyBot",
    "StrongBot",
    "bot",
    "default_work",
]
