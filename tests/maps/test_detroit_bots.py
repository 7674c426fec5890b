"""Detroit's special links for the bots: the steady bot builds a bridge or a city link only for the deliveries it
opens, weighed with its other link plans (never the first one it can afford)."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.rules.special_links import BuildLink, legal_link_builds, special_link

MAP = "detroit-bankruptcy"


def opens_a_delivery(game: Game, seat: int, ends: tuple[int, int]) -> bool:
    """A cube at one end (or at a city ``seat``'s own links join to it) that the other end could take."""
    g = game.state
    own: dict[int, set[int]] = {}
    for lk in g.network.links.values():
        if lk.owner == seat:
            own.setdefault(lk.a, set()).add(lk.b)
            own.setdefault(lk.b, set()).add(lk.a)
    a, b = ends
    for x, y in ((a, b), (b, a)):
        for start in {x} | own.get(x, set()):
            for colour, k in g.cubes.get(start, {}).items():
                if k and g.rules.accepts(g, y, colour):
                    return True
    return False


def test_the_steady_bot_builds_a_special_link_only_for_the_deliveries_it_opens():
    steady = bot("steady")
    offered = built = 0
    for seed in range(4):
        game = Game.new(MAP, players=4, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 3:
            g = game.state
            seat = g.to_move
            if g.build is not None and g.build.player == seat and legal_link_builds(g, seat):
                offered += 1
            choice = steady.choose(game, rng)
            if isinstance(choice, BuildLink):
                built += 1
                link = special_link(g, choice.link)
                assert link is not None
                assert opens_a_delivery(game, seat, link.ends), choice
            game.apply(choice)
    assert offered > built
