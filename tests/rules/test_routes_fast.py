"""The deliveries listed by ``all_routes`` (whose search takes a shorter way where every stop is plain,
``move_goods._plain_routes``) are exactly those of the straightforward search, in the same order, at every
Move Goods decision of seeded random-bot games of every map (where routes are told apart only by their ends,
``Rules.routes_by_ends``, the first of each start, colour, destination and engine levels)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ageofsteam import Game
from ageofsteam.board.network import Link
from ageofsteam.bots import RandomBot
from ageofsteam.engine.state import GameState
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rules.hooks import keeps_base
from ageofsteam.rules.move_goods import PLAIN_STOP_HOOKS, Route, all_routes


def reference_routes(g: GameState, seat: int) -> list[Route]:
    """Every legal delivery of ``seat``: each cube of each city, walked link by link asking every hook."""
    rules = g.rules
    limit = rules.delivery_limit(g, seat)
    at_stop = g.network.at_stop
    out: list[Route] = []

    def walk(colour: str, stops: list[int], links: list[Link], used: int) -> None:
        for link in at_stop.get(stops[-1], ()):
            nxt = link.other(stops[-1])
            cost = used + link.levels
            if nxt in stops or cost > limit or not rules.may_use_link(g, seat, links, link):
                continue
            here, through = [*stops, nxt], [*links, link]
            if rules.accepts(g, nxt, colour):
                if cost + rules.stop_levels(g, seat, nxt, colour, True) <= limit:
                    route = Route(colour, tuple(here), tuple(through))
                    if rules.route_refusal(g, seat, route) is None:
                        out.append(route)
                if rules.must_stop(g, nxt, colour) or not rules.may_pass(g, nxt, colour):
                    continue
            elif not rules.may_pass(g, nxt, colour):
                continue
            more = cost + rules.stop_levels(g, seat, nxt, colour, False)
            if more <= limit:
                walk(colour, here, through, more)

    for city, cubes in sorted(rules.goods_sources(g).items()):
        for colour, n in sorted(cubes.items()):
            if n > 0:
                walk(colour, [city], [], 0)
    if rules.routes_by_ends(g):  # the first route of each start, colour, destination and engine levels
        firsts: dict[tuple[int, str, int, int], Route] = {}
        for r in out:
            firsts.setdefault((r.stops[0], r.colour, r.stops[-1], rules.route_levels(g, seat, r)), r)
        out = list(firsts.values())
    return out


def moving(map_id: str, games: int) -> Iterator[GameState]:
    """Positions of seeded random-bot games at each Move Goods decision."""
    lo, hi = load_rules(map_id).player_counts()
    for seed in range(games):
        game = Game.new(map_id, players=min(max(lo, 4), hi), seed=seed)
        bot, rng = RandomBot(), random.Random(seed)
        while not game.over:
            if game.state.phase == "move_goods" and game.to_move is not None and game.to_move >= 0:
                yield game.state
            game.apply(bot.choose(game, rng))


@pytest.mark.parametrize("map_id", map_ids())
def test_deliveries_equal_the_straightforward_search(map_id):
    routes = 0
    for g in moving(map_id, games=1):
        assert g.to_move is not None
        listed = all_routes(g, g.to_move)
        assert listed == reference_routes(g, g.to_move), f"turn {g.turn}, {g.player_name(g.to_move)}"
        routes += len(listed)
    assert routes > 0


def test_the_base_game_takes_the_shorter_way():
    assert keeps_base(load_rules("rust-belt"), PLAIN_STOP_HOOKS)
