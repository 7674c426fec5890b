"""51st State for the bots: the steady bot places its discs along a chain of circles that joins two Colored
States where goods can go, not one here and one there."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.rules.circles import PlaceDisc
from ageofsteam.rules.move_goods import all_routes

MAP = "51st-state"


def test_the_steady_bots_first_discs_open_a_delivery_of_their_own():
    steady = bot("steady")
    for seed in range(3):
        game = Game.new(MAP, players=4, seed=seed)
        rng = random.Random(seed)
        placed: set[int] = set()
        while game.state.phase != "move_goods":
            choice = steady.choose(game, rng)
            if isinstance(choice, PlaceDisc):
                placed.add(choice.player)
            game.apply(choice)
        assert placed, "nobody placed a disc"
        g = game.state
        for seat in placed:
            assert any(all(lk.owner == seat for lk in r.links) for r in all_routes(g, seat)), (seed, seat)
