"""The observation: its sections tile the vector, each figure lies where docs/rl.md says, seen from the
observer, and the core package never imports the research libraries."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from ageofsteam.bots import bot
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rl.observation import MAX_SEATS, PLAYER_FIELDS, hex_channels
from ageofsteam.rl.table import Table, spaces


def test_sections_tile_the_vector_on_every_map() -> None:
    for map_id in map_ids():
        layout = spaces(map_id).layout
        end = 0
        for s in layout.sections:
            assert s.offset == end and s.size >= 0  # Miami has no goods display
            end += s.size
        assert end == layout.size
        assert sum(s.size for s in layout.figures.sections) == layout.figures.size


def test_players_are_seen_from_the_observer() -> None:
    table = Table("rust-belt", 4, 3)
    g = table.state
    g.players[2].cash = 77
    layout = table.spaces.layout
    row = len(PLAYER_FIELDS) + len(layout.actions)
    cash = PLAYER_FIELDS.index("cash")
    for me in range(4):
        obs = table.observe(me)
        rel = (2 - me) % 4
        assert obs[layout.at["players"] + rel * row + cash] == 77
        assert obs[layout.at["players"] + 4 * row] == 0.0  # seat rows past the game's are empty
    assert layout.at["players"] + MAX_SEATS * row == layout.at["phase"]


def test_players_and_supplies_read_as_the_engine_holds_them() -> None:
    """At every step of seeded random games at the largest player count, every seat's view of each player
    (figures, place in player order, the auction, the special action held, one-hot) and of the supplies (bag,
    Production cubes, tiles, New Cities and town disks left) is what the engine holds."""
    for map_id in ("rust-belt", "saint-petersburg"):
        players = load_rules(map_id).player_counts()[1]
        table = Table(map_id, players, 11)
        layout = table.spaces.layout
        at, row = layout.at, len(PLAYER_FIELDS) + len(layout.actions)
        rng = random.Random(11)
        held = 0
        for _ in range(120):
            if table.over:
                break
            g = table.state
            bids = g.auction.bids if g.auction is not None else {}
            bidders = g.auction.bidders if g.auction is not None else []
            for me in range(players):
                obs = table.observe(me)
                for p in g.players:
                    place = g.order.index(p.seat) + 1 if p.seat in g.order else 0
                    figures = [1.0, p.cash, p.income, p.shares, p.engine, p.eliminated, place]
                    figures += [p.seat in bidders, bids.get(p.seat, 0), p.seat in g.engine_upgraded, p.has_built]
                    actions = [float(p.action == a) for a in layout.actions]
                    start = at["players"] + (p.seat - me) % players * row
                    assert obs[start : start + row].tolist() == [float(x) for x in figures] + actions, map_id
                    held += p.action is not None
                assert not obs[at["players"] + players * row : at["phase"]].any()
                bag = [g.bag.get(c, 0) for c in layout.colours]
                produced = [g.produced.count(c) for c in layout.colours]
                tiles = [g.supply.get(t, 0) for t in layout.tiles]
                letters = [float(x in g.new_cities_left) for x in layout.letters]
                supplies = [float(x) for x in [*bag, *produced, *tiles, *letters, g.disks]]
                assert obs[at["bag"] : at["players"]].tolist() == supplies, map_id
            table.step(rng.choice(table.legal()))
        assert held > 20, map_id


def test_a_built_tile_shows_on_its_hex_with_its_owner() -> None:
    """Play a steady game until someone has built; each tile's hex row shows the tile, its rotation and the
    track of its owner, seen from each seat."""
    table = Table("rust-belt", 3, 2)
    chooser, rng = bot("steady"), random.Random(2)
    while not table.state.tiles:
        table.play(chooser.choose(table.game, rng))
    layout = table.spaces.layout
    names = hex_channels(layout.colours)
    w = len(names)
    h, tile = next(iter(table.state.tiles.items()))
    owner = tile.owners[0]
    assert owner is not None
    for me in range(3):
        row = table.observe(me)[h * w : (h + 1) * w]
        assert row[names.index("tile")] == layout.tiles.index(tile.tile) + 1
        assert row[names.index("rotation")] == tile.rotation
        assert row[names.index(f"tracks_of_seat_{(owner - me) % 3}")] >= 1
        assert sum(row[names.index("track_edge_N") : names.index("track_edge_N") + 6]) >= 2


def test_goods_and_the_phase_are_where_the_layout_says() -> None:
    table = Table("texas", 4, 5)
    g = table.state
    layout = table.spaces.layout
    obs = table.observe(0)
    w = layout.width
    goods = layout.ch_goods
    for h, cubes in g.cubes.items():
        for colour, n in cubes.items():
            assert obs[h * w + goods + layout.colour_index[colour]] == n
    phase = obs[layout.at["phase"] : layout.at["phase"] + len(layout.phases)]
    assert phase.sum() == 1 and layout.phases[int(np.argmax(phase))] == g.phase


def test_map_figures_follow_the_map_state() -> None:
    """Texas keeps oil per field: the map section's dict rows show it at the field's hex."""
    table = Table("texas", 4, 1)
    g = table.state
    figures = table.spaces.layout.figures
    field = next(s for s in figures.sections if s.name == "map.oil")
    label, oil = next(iter(g.map_state.oil.items()))
    h = g.map.by_label[label]
    obs = table.observe(0)
    start = table.spaces.layout.at["map"] + field.offset
    assert obs[start + h * (1 + MAX_SEATS)] == oil


def test_a_route_under_way_is_marked() -> None:
    """While a delivery is chosen link by link, its stops are marked and the pending section says so."""
    for seed in range(10):
        table = Table("rust-belt", 3, seed)
        chooser, rng = bot("steady"), random.Random(seed)
        while not table.over:
            for a in table.decision.paths:
                steps = table.indices_of(a)
                if a.kind == "deliver" and len(steps) >= 3:
                    for s in steps[:-1]:
                        table.step(s)
                    layout = table.spaces.layout
                    obs = table.observe(table.to_move)
                    on_route = obs[: layout.n_hexes * layout.width].reshape(layout.n_hexes, -1)[:, layout.ch_route]
                    assert on_route.sum() == len(steps) - 1  # the start, then a stop per link chosen
                    pending = obs[layout.at["pending"] : layout.at["pending"] + len(layout.kinds) + 1]
                    assert pending[layout.kind_index["deliver"]] == 1 and pending[-1] == len(steps) - 1
                    return
            table.play(chooser.choose(table.game, rng))
    raise AssertionError("no delivery of two links in 10 steady games")


def test_the_core_package_does_not_import_the_research_libraries() -> None:
    code = (
        "import sys, ageofsteam, ageofsteam.bots, ageofsteam.maps, ageofsteam.cli.main, ageofsteam.server.app\n"
        "bad = [m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'ageofsteam.rl') if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_observations_from_memory_equal_fresh_ones_on_every_map() -> None:
    """What a table's observations remember between positions (the hexes per observer, the display, the
    supplies, the map's dict figures per observer, the parts made for a tile) changes nothing: after every step
    of a seeded random game, the observation of each seat that looks (all of them, some, or none, in any order,
    so that a seat may look again after many changes it did not see) equals one written afresh by a layout
    that remembers nothing yet, and the mask holds exactly the legal indices."""
    from ageofsteam.rl.table import _spaces

    built = 0
    for map_id in map_ids():
        table = Table(map_id, None, 5)
        rng = random.Random(map_id)
        tiles = 0
        seats = len(table.state.players)
        for _ in range(150):
            if table.over:
                break
            fresh = _spaces.__wrapped__(map_id, "{}").layout  # a new layout: nothing remembered
            for seat in rng.sample(range(seats), rng.choice([seats, seats, rng.randint(0, seats)])):
                got = table.observe(seat)
                assert np.array_equal(got, fresh.observe(table.state, seat, table.under_way)), (map_id, seat)
            legal = table.legal()
            assert np.flatnonzero(table.mask()).tolist() == legal
            table.step(rng.choice(legal))
            tiles = max(tiles, len(table.state.tiles))
        built += tiles > 0
    assert built >= len(map_ids()) // 2  # most games reached track building (the others bid for long)


def test_a_map_figure_changed_in_place_is_read_again() -> None:
    """A map's dict figure whose value changes in place (a floor added to a stack, a seat to a list, an entry
    to a dict) is read again by an observation that remembers the figure: it equals a fresh observation."""
    from ageofsteam.rl.observation import ObservationMemory

    def grow(v: Any) -> None:
        if isinstance(v, list):
            v.append(v[0] if v else 0)
        elif isinstance(v, dict):
            v["grown"] = 1
        else:
            v.add(("grown",))

    changed = 0
    for map_id in map_ids():
        table = Table(map_id, None, 2)
        g = table.state.copy()
        layout = table.spaces.layout
        memory = ObservationMemory(layout)
        for name, how, _, _ in layout.figures.plan:
            value = getattr(g.map_state, name)
            inner = [v for v in (value.values() if how == "dict" and value else ()) if isinstance(v, (list, dict, set))]
            if not inner:
                continue
            before = layout.observe(g, 0, (), memory)
            grow(inner[0])
            after = layout.observe(g, 0, (), memory)
            assert not np.array_equal(before, after), (map_id, name)
            assert np.array_equal(after, layout.observe(g, 0)), (map_id, name)
            changed += 1
    assert changed >= 3  # the maps keeping lists or dicts in a dict figure from the start


def test_a_map_dict_figure_follows_entries_added_changed_and_taken_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """The templates keep a map's dict figures entry by entry: after an entry is added (on a hex, on a hex
    side, for a seat), changed and taken away, and, in a field of numbers, after an amount that is not a whole
    number comes (the field then written afresh, since such sums depend on their order) and a large one in the
    same row comes and goes, every seat's observation equals a fresh one. (The entries are made up: the map's
    goods on hexes, which some maps read from these fields, are left out of both observations.)"""
    import typing

    from ageofsteam.rl.observation import ObservationMemory

    checked = inexact = 0
    for map_id in map_ids():
        table = Table(map_id, None, 3)
        layout = table.spaces.layout
        g = table.state.copy()
        monkeypatch.setattr(type(g.rules), "goods_on_hexes", lambda self, g: {})
        hints = typing.get_type_hints(type(g.map_state))
        memory = ObservationMemory(layout)
        seats = range(len(g.players))
        b, c = g.map.labels[0], g.map.labels[1]
        for name, _ in layout.figures.dicts:
            kind = typing.get_origin(typing.get_args(hints[name])[1]) or typing.get_args(hints[name])[1]
            if kind not in (list, int, float):
                continue
            if getattr(g.map_state, name) is None:
                setattr(g.map_state, name, {})
            value = getattr(g.map_state, name)

            def amount(k: int) -> Any:
                return [1, 0][:k] + [0] * (k - 2) if kind is list else k  # noqa: B023 (used at once)

            steps: list[Any] = [
                (b, amount(2)),  # a hex (in a list: its length and two seats)
                (f"{b}-{c}", amount(1)),  # a hex side: counted at both hexes
                (1, amount(3)),  # a seat
                (b, amount(1)),  # changed
                (f"{b}-{c}", None),  # taken away
            ]
            if kind is not list:
                steps += [(c, 0.1), (f"{c}-{b}", 1e8), (f"{c}-{b}", None), (c, None)]  # 0.1 left, not 1e8 - 1e8
                inexact += 1
            steps += [(b, None), (1, None)]
            for k, v in steps:
                for me in seats:
                    layout.observe(g, me, (), memory)  # every seat has looked before the change
                if v is None:
                    del value[k]
                else:
                    value[k] = v
                for me in seats:
                    assert np.array_equal(layout.observe(g, me, (), memory), layout.observe(g, me)), (map_id, name, k)
            checked += 1
    assert checked >= 8 and inexact >= 4  # the maps' dict fields of lists and of numbers


def test_observations_from_memory_follow_tiles_taken_away_laid_again_and_owned_anew() -> None:
    """The hexes remembered follow every change of the tiles: a tile taken away (the others then no longer at
    the places seen), laid again on its hex, laid on a new hex, and its owners changed in place; after each
    (followed by ``board_changed``, as the engine does), every seat's observation equals a fresh one. The first
    seat's look compares the tiles; the others', the board changed no more since, take them as it saw them."""
    from ageofsteam.engine.state import PlacedTile
    from ageofsteam.rl.observation import ObservationMemory

    map_id = "rust-belt"
    table = Table(map_id, 3, 7)
    rng = random.Random(7)
    while len(table.state.tiles) < 6 and not table.over:
        table.step(rng.choice(table.legal()))
    g = table.state.copy()
    layout = table.spaces.layout
    memory = ObservationMemory(layout)
    fresh = ObservationMemory  # a new memory per look: nothing remembered

    def same() -> None:
        g.board_changed()
        for seat in range(len(g.players)):
            assert np.array_equal(layout.observe(g, seat, (), memory), layout.observe(g, seat, (), fresh(layout)))
        assert memory.state is g and memory.board_changes == g.board_changes

    same()
    hexes = list(g.tiles)
    taken = g.tiles.pop(hexes[1])  # the later tiles move up a place
    same()
    g.tiles[hexes[1]] = taken  # back, at the end now
    same()
    t = g.tiles[hexes[2]]
    g.tiles[hexes[2]] = PlacedTile(t.tile, (t.rotation + 1) % 6, t.disk, t.tracks, t.owners[:])  # laid again
    same()
    g.tiles[hexes[0]].owners[0] = 1 if g.tiles[hexes[0]].owners[0] != 1 else None  # owners changed in place
    same()
    free = next(h for h in range(g.map.size) if h not in g.tiles and not g.is_city(h))
    g.tiles[free] = PlacedTile(t.tile, t.rotation, False, t.tracks, [2] * len(t.tracks))  # a new hex tiled
    same()


def test_players_rows_from_memory_follow_one_players_change_and_earlier_positions() -> None:
    """Observations written with a game's memory show a change of one player's figures in place (cash,
    income, the action held, the first-tile rule, eliminated), of the order, the auction's bids and the
    upgrades, and a look at an earlier copy of the position (as after an undo): every seat's observation
    equals a fresh one."""
    from ageofsteam.engine.state import Auction
    from ageofsteam.rl.observation import ObservationMemory

    table = Table("rust-belt", 4, 3)
    layout = table.spaces.layout
    g = table.state.copy()
    earlier = g.copy()
    memory = ObservationMemory(layout)

    def same(state: Any) -> None:
        for seat in range(len(state.players)):
            assert np.array_equal(
                layout.observe(state, seat, (), memory), layout.observe(state, seat, (), ObservationMemory(layout))
            )

    same(g)
    p = g.players[2]
    for change in (
        lambda: setattr(p, "cash", p.cash + 13),
        lambda: setattr(p, "income", p.income - 2),
        lambda: setattr(p, "action", layout.actions[0]),
        lambda: setattr(p, "action", layout.actions[-1]),
        lambda: setattr(p, "action", None),
        lambda: setattr(p, "has_built", not p.has_built),
        lambda: setattr(p, "eliminated", True),
        lambda: g.order.reverse(),
        lambda: setattr(g, "auction", Auction([1, 3], {1: 4})),
        lambda: g.auction.bids.update({3: 6}),
        lambda: g.auction.bidders.remove(1),
        lambda: setattr(g, "auction", None),
        lambda: g.engine_upgraded.add(3),
    ):
        before = layout.observe(g, 0, (), memory)
        change()
        same(g)
        assert not np.array_equal(before, layout.observe(g, 0, (), memory))
        same(earlier)  # back to the position before every change, then on again
        same(g)
