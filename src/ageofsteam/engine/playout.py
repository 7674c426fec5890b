"""Playing on a copy of a position, for search: no record is kept, and chance is drawn from the caller's own
random generator (never from the game's seed), so a bot that looks ahead learns nothing the game hides."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ageofsteam.engine.actions import CHANCE

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState


def resolve_chance(g: GameState, rng: random.Random) -> None:
    """Draw every chance event due in ``g`` (dice, bag draws, player order) from ``rng``."""
    rules = g.rules
    while g.to_move == CHANCE and not g.over:
        rules.apply(g, rules.sample_chance(g, rng))


def advance(g: GameState, action: Action, rng: random.Random) -> None:
    """Take ``action`` in ``g`` (checked as in play), then draw the chance events that fall due from ``rng``."""
    g.rules.apply(g, action)
    resolve_chance(g, rng)
