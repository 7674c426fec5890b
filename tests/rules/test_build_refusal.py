"""Why nothing can be built on a hex (``rules/build_refusal.py``): the reason a player sees on clicking there.

Map facts used (Rust Belt): Chicago is L7, with the lake K8 to its NE and J7, M8, N7, M6, K6 around it;
Michigan City (L9) has lakes to its N and NW; A1 is far from every city.
"""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Build
from ageofsteam.maps import load_board, load_rules, map_ids
from ageofsteam.rules.build_refusal import build_refusal
from ageofsteam.rules.build_track import legal_builds
from tests.rules.build_helpers import position


def why(game: Game, label: str) -> str | None:
    g = game.state
    return build_refusal(g, g.to_move, g.map.hex_id(label))


def test_a_city_is_named_as_the_reason():
    assert why(position(), "L7") == "L7 is a city: no track is built on a city"


def test_a_lake_is_named_as_the_reason():
    assert why(position(), "K8") == "no track may be built on the lake at K8"


def far_from_cities(game: Game) -> str:
    """A plain hex with no city within two hexes."""
    g = game.state
    nb = g.map.neighbours
    for h in range(g.map.size):
        near = {h} | {n for n in nb[h] if n >= 0}
        near |= {m for n in near for m in nb[n] if m >= 0}
        if g.rules.terrain_cost(g, h) is not None and not g.is_town(h) and not any(g.is_city(x) for x in near):
            return g.label(h)
    raise AssertionError("no such hex")


def test_a_hex_nothing_connects_to_says_so():
    game = position(players={0: {"has_built": True}})
    far = far_from_cities(game)
    assert why(game, far) == f"nothing built at {far} would connect to a City or to your own track"


def test_the_first_tile_must_touch_a_city():
    game = position()
    far = far_from_cities(game)
    assert why(game, far) == (
        f"your first track tile must be next to a City, with a track end touching it; {far} is not"
    )


def test_no_money_names_the_cheapest_build_there():
    game = position(players={0: {"cash": 2}})
    g = game.state
    assert g.to_move == 0
    # a hex next to a city where every build costs more than $2 (rough ground or a town)
    label = next(
        g.label(n)
        for h in range(g.map.size)
        if g.is_city(h)
        for n in g.map.neighbours[h]
        if n >= 0 and not g.is_city(n) and (g.is_town(n) or (g.rules.terrain_cost(g, n) or 0) > 2)
    )
    text = why(game, label)
    assert text is not None and text.startswith(f"no money for the cheapest build at {label}: $")
    assert text.endswith("and you have $2")
    assert int(text.split("$")[1].split(",")[0]) > 2  # the cheapest build there costs more than the cash


def test_a_player_without_the_cheapest_build_is_told_so():
    g = position().state.copy()
    g.players[0].cash = 1  # the engine ends such a build by itself; the reason is still given
    assert build_refusal(g, 0, g.map.hex_id("J7")) == "you have $1: not enough for any build"


def test_a_hex_already_built_this_turn_is_named():
    game = position()
    g = game.state
    plan = next(p for p in legal_builds(g, 0) if g.label(p.hex) == "J7")
    game.apply({"kind": "build", "player": 0, "hex": "J7", "tile": plan.tile.tile, "rotation": plan.tile.rotation})
    assert why(game, "J7") == "you have already built at J7 this turn"


def test_a_buildable_hex_has_no_refusal():
    assert why(position(), "J7") is None


def builds_tiles(map_id: str) -> bool:
    """Whether track tiles are built on the map (not only stations, or discs on circles)."""
    return any(Build in phase.accepts for phase in load_rules(map_id).make_phases())


@pytest.mark.parametrize("map_id", [m for m in map_ids() if builds_tiles(m)])
def test_a_refusal_is_given_exactly_where_no_build_is_legal(map_id: str) -> None:
    """In seeded random games, on every hex of the map at a few builds: a reason if and only if no track build
    there is legal, and a reason in words."""
    least, most = load_board(map_id).players
    game = Game.new(map_id, players=max(least, min(3, most)), seed=7)
    bot, rng = RandomBot(), random.Random(7)
    checked = 0
    while not game.over and checked < 3:
        g = game.state
        b = g.build
        if b is not None and b.player == g.to_move and b.builds_left > 0 and Build in g.rules.phase(g).accepts:
            legal = {p.hex for p in legal_builds(g, b.player)}
            for h in range(g.map.size):
                text = build_refusal(g, b.player, h)
                assert (text is None) == (h in legal), (g.label(h), text)
                assert text is None or len(text.split()) >= 4
            checked += 1
        game.apply(bot.choose(game, rng))
    assert checked
