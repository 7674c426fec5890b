"""The page's build line says, in player words, what the player building may still build this turn."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.view import view


def test_the_build_line_counts_the_tiles_left_to_build() -> None:
    game, bot, rng = Game.new("rust-belt", players=3, seed=4), RandomBot(), random.Random(4)
    while game.state.build is None:
        game.apply(bot.choose(game, rng))
    n = game.state.build.builds_left
    assert view(game)["build"]["left"] == f"{n} tiles left to build"
