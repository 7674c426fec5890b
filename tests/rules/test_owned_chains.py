"""``owned_chains`` (the chains a player owns, found from their own track: what the end of a build turn asks)
gives exactly the chains of the network that player owns, in the network's order and traced as it traces them,
at every Build Track position of seeded random-bot games of every map that lays tiles."""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game
from ageofsteam.board.network import build_hex_network
from ageofsteam.bots import RandomBot
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rules.build_track import owned_chains


@pytest.mark.parametrize("map_id", map_ids())
def test_owned_chains_are_the_networks(map_id):
    lo, hi = load_rules(map_id).player_counts()
    game = Game.new(map_id, players=min(max(lo, 4), hi), seed=3)
    bot, rng = RandomBot(), random.Random(3)
    compared = 0
    while not game.over:
        g = game.state
        if g.phase == "build_track" and g.tiles:
            net = build_hex_network(g)
            for seat in range(len(g.players)):
                assert owned_chains(g, seat) == [c for c in net.chains if c.owner == seat]
                compared += 1
            mixed = g.copy()  # chains whose tracks have different owners, as no play makes them
            for chain in build_hex_network(mixed).chains:
                for k, (h, i) in enumerate(chain.tracks):
                    mixed.tiles[h].owners[i] = (k + g.turn) % len(g.players) if k % 3 else None
            net = build_hex_network(mixed)
            for seat in range(len(g.players)):
                assert owned_chains(mixed, seat) == [c for c in net.chains if c.owner == seat]
        game.apply(bot.choose(game, rng))
    assert compared > 0 or not game.state.tiles
