"""The engine plays a whole game and a record replays to the same state."""

import random

from ageofsteam import Game, view
from ageofsteam.bots import RandomBot


def test_a_random_game_reaches_the_end_and_replays_identically():
    game = Game.new("rust-belt", players=4, seed=3)
    rng = random.Random(3)
    bot = RandomBot()
    while not game.over:
        game.apply(bot.choose(game, rng))
    assert game.state.phase == "game_over"
    assert view(game.replay()) == view(game)
