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


def hex_rows(layout: Any, g: Any, me: int) -> np.ndarray:
    return layout.observe(g, me)[: layout.n_hexes * layout.width].reshape(layout.n_hexes, layout.width)


def test_hex_rows_show_the_tiles_on_the_board_and_nothing_where_none_lies() -> None:
    """After a tile is taken away, laid back, laid again turned, laid on a new hex and its owners changed in
    place, every seat's hex rows show exactly the tiles on the board (type, rotation, town disk, and the owners
    of its tracks by relative seat) and zeros where no tile lies."""
    from ageofsteam.engine.state import PlacedTile

    table = Table("rust-belt", 3, 7)
    rng = random.Random(7)
    while len(table.state.tiles) < 6 and not table.over:
        table.step(rng.choice(table.legal()))
    g = table.state.copy()
    layout = table.spaces.layout
    n = len(g.players)

    def shown() -> None:
        for me in range(n):
            rows = hex_rows(layout, g, me)
            for h in range(layout.n_hexes):
                t = g.tiles.get(h)
                tile = rows[h, layout.ch_tile : layout.ch_tile + 3].tolist()
                owners = rows[h, layout.ch_seats : layout.ch_seats + MAX_SEATS + 1].tolist()
                expected = [0.0] * (MAX_SEATS + 1)
                for o in t.owners if t is not None else ():
                    expected[MAX_SEATS if o is None else (o - me) % n] += 1
                assert owners == expected, (h, me)
                assert tile == ([layout.tiles.index(t.tile) + 1, t.rotation, t.disk] if t else [0, 0, 0]), (h, me)

    shown()
    hexes = list(g.tiles)
    taken = g.tiles.pop(hexes[1])
    shown()
    g.tiles[hexes[1]] = taken
    t = g.tiles[hexes[2]]
    g.tiles[hexes[2]] = PlacedTile(t.tile, (t.rotation + 1) % 6, t.disk, t.tracks, t.owners[:])
    shown()
    g.tiles[hexes[0]].owners[0] = 1 if g.tiles[hexes[0]].owners[0] != 1 else None
    shown()
    free = next(h for h in range(g.map.size) if h not in g.tiles and not g.is_city(h))
    g.tiles[free] = PlacedTile(t.tile, t.rotation, False, t.tracks, [2] * len(t.tracks))
    shown()


def entry_row(v: Any, me: int, n: int) -> list[float]:
    """A dict entry's row as seat ``me`` sees it: its amount, then the seats it holds (relative)."""
    out = [0.0] * (1 + MAX_SEATS)
    out[0] = float(len(v)) if isinstance(v, list) else float(v)
    for s in v if isinstance(v, list) else ():
        out[1 + (s - me) % n] += 1.0
    return out


def test_a_map_s_dict_figures_count_at_hexes_hex_sides_and_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """A map's dict figure is read entry by entry: an entry on a hex counts at that hex's row, on a hex side
    ``"A-B"`` at both hexes' rows, on a seat at that seat's row relative to the observer; a number by itself, a
    list by its length with the seats it holds counted by relative seat. (The entries are made up; the map's
    goods on hexes, which some maps read from these fields, are left out.)"""
    import typing

    checked = 0
    for map_id in map_ids():
        lo, hi = load_rules(map_id).player_counts()
        if hi < 2:
            continue
        table = Table(map_id, max(lo, 2), 3)
        layout, figures = table.spaces.layout, table.spaces.layout.figures
        g = table.state.copy()
        monkeypatch.setattr(type(g.rules), "goods_on_hexes", lambda self, g: {})
        n = len(g.players)
        hints = typing.get_type_hints(type(g.map_state))
        b, c = g.map.labels[0], g.map.labels[1]
        for name, how, offset, _ in figures.plan:
            kind = typing.get_args(hints[name])[1] if how == "dict" else None
            if kind is int:
                entries: dict[Any, Any] = {b: 5, f"{b}-{c}": 2, 1: 3}
            elif kind == list[int]:
                entries = {b: [1, 0], f"{b}-{c}": [1], 1: [0, 0, 1]}
            else:
                continue
            setattr(g.map_state, name, entries)
            for me in range(n):
                start = layout.at["map"] + offset
                rows = layout.observe(g, me)[start : start + figures.keys * (1 + MAX_SEATS)].reshape(figures.keys, -1)
                side = entry_row(entries[f"{b}-{c}"], me, n)
                at_b = [x + y for x, y in zip(entry_row(entries[b], me, n), side, strict=True)]
                assert rows[figures.key_index[b]].tolist() == at_b
                assert rows[figures.key_index[c]].tolist() == side
                assert rows[figures.seat_base + (1 - me) % n].tolist() == entry_row(entries[1], me, n)
            checked += 1
    assert checked >= 5  # the maps' dict fields of numbers and of seats
