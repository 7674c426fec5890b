"""Detroit Bankruptcy: the transcribed board (142 hexes, 12 cities, 9 towns, the special links and their
costs), its adjacency, and its setup for 1 to 5 players."""

from __future__ import annotations

import pytest

import ageofsteam.maps
from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.render import render_svg

MAP = "detroit-bankruptcy"

# name → (hex, colour, goods-growth column)
CITIES = {
    "Ypsilanti": ("R0", "blue", "light1"),
    "Novi": ("J2", "blue", "light2"),
    "Milford": ("D0", "blue", "light3"),
    "Pontiac": ("A7", "blue", "light4"),
    "Utica": ("A11", "blue", "light5"),
    "Windsor": ("Q13", "red", "light6"),
    "Detroit Metro Airport": ("S5", "yellow", "dark1"),
    "Dearborn": ("P8", "yellow", "dark2"),
    "Southfield": ("J8", "yellow", "dark3"),
    "St Clair Shores": ("H14", "yellow", "dark4"),
    "Midtown Detroit": ("M11", "purple", "dark5"),
    "Downtown Detroit": ("N12", "purple", "dark6"),
}
TOWNS = {
    "Wixom": "G1",
    "Canton": "P2",
    "Bloomfield": "E5",
    "Livonia": "M5",
    "Birmingham": "F8",
    "Troy": "C9",
    "Warren": "H12",
    "Mt Clemens": "D14",
    "Windsor Airport": "R14",
}
WATER = {"D4", "L14", "N14", "O13", "P12", "R12"}
# The digital edition's recorded game 3003 places the same hexes in axial coordinates (q, r); the doubled row
# of a hex is 2r + q, and the top of the map is doubled row 15.
AXIAL = {
    "Ypsilanti": (0, 16),
    "Novi": (2, 11),
    "Milford": (0, 9),
    "Pontiac": (7, 4),
    "Utica": (11, 2),
    "Windsor": (13, 9),
    "Detroit Metro Airport": (5, 14),
    "Dearborn": (8, 11),
    "Southfield": (8, 8),
    "St Clair Shores": (14, 4),
    "Midtown Detroit": (11, 8),
    "Downtown Detroit": (12, 8),
    "Wixom": (1, 10),
    "Canton": (2, 14),
    "Bloomfield": (5, 7),
    "Livonia": (5, 11),
    "Birmingham": (8, 6),
    "Troy": (9, 4),
    "Warren": (12, 5),
    "Mt Clemens": (14, 2),
    "Windsor Airport": (14, 9),
    "water D4": (4, 7),
    "water L14": (14, 6),
    "water N14": (14, 7),
    "water O13": (13, 8),
    "water P12": (12, 9),
    "water R12": (12, 10),
}
# The recorded game's column r-ranges: 9 hexes in even columns, 10 in odd ones.
AXIAL_COLUMNS = {
    0: (8, 16),
    1: (7, 16),
    2: (7, 15),
    3: (6, 15),
    4: (6, 14),
    5: (5, 14),
    6: (5, 13),
    7: (4, 13),
    8: (4, 12),
    9: (3, 12),
    10: (3, 11),
    11: (2, 11),
    12: (2, 10),
    13: (1, 10),
    14: (1, 9),
}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def axial_label(q: int, r: int) -> str:
    y = 2 * r + q - 15
    return chr(ord("A") + y) + str(q)


def around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def city(board: MapData, name: str):
    (c,) = [c for c in board.cities if c.name == name]
    return c


# --- the file -----------------------------------------------------------------------------------------


def test_the_map_loads_under_its_id(board):
    assert (board.id, board.name) == ("detroit-bankruptcy", "Detroit Bankruptcy")
    assert MAP in ageofsteam.maps.map_ids()


def test_2_to_5_players_and_the_solo_variant(board):
    assert board.players == (1, 5)
    with pytest.raises(BadInput):
        Game.new(MAP, players=6)


# --- the board ----------------------------------------------------------------------------------------


def test_142_hexes_12_cities_9_towns(board):
    assert board.size == 142
    assert len(board.cities) == 12
    assert len(board.towns) == 9


def test_15_columns_of_9_and_10_hexes_even_columns_low(board):
    per_column = {c: board.cols.count(c) for c in range(15)}
    assert per_column == {c: 9 if c % 2 == 0 else 10 for c in range(15)}
    assert board.by_label["B0"] == 0  # column 0 starts half a hex down
    assert "A1" in board.by_label and "A0" not in board.by_label


def test_terrain_is_115_plain_and_6_water(board):
    kinds = [t for h, t in enumerate(board.terrain) if h not in board.city_at and h not in board.towns]
    assert sorted(set(kinds)) == ["lake", "plain"]
    assert kinds.count("plain") == 115
    assert {board.labels[h] for h, t in enumerate(board.terrain) if t == "lake"} == WATER


def test_cities_colours_and_goods_growth_numbers(board):
    got = {c.name: (board.labels[c.hex], *c.colours, *c.growth) for c in board.cities}
    assert got == CITIES
    assert all(c.cubes is None and len(c.hexes) == 1 for c in board.cities)


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_towns(board):
    assert {name: board.labels[h] for h, name in board.towns.items()} == TOWNS


def test_the_layout_matches_the_digital_editions_recorded_game(board):
    for name, (q, r) in AXIAL.items():
        label = axial_label(q, r)
        if name.startswith("water "):
            assert label == name.split()[1]
        elif name in CITIES:
            assert label == CITIES[name][0], name
        else:
            assert label == TOWNS[name], name
    labels = {axial_label(q, r) for q, (r0, r1) in AXIAL_COLUMNS.items() for r in range(r0, r1 + 1)}
    assert labels == set(board.labels)


# --- special links ------------------------------------------------------------------------------------


def test_four_special_links_with_their_costs(board):
    links = {
        s.id: (s.kind, [board.labels[e] for e in s.ends], [board.labels[v] for v in s.via], s.cost)
        for s in board.special_links
    }
    assert links == {
        "midtown-downtown": ("city_link", ["M11", "N12"], [], 6),
        "windsor-windsor-airport": ("city_link", ["Q13", "R14"], [], 6),
        "detroit-river-8": ("bridge", ["N12", "Q13"], ["P12"], 8),
        "detroit-river-10": ("bridge", ["N12", "Q13"], ["O13"], 10),
    }


def test_the_6_dollar_links_join_neighbours_midtown_downtown_and_windsor_its_airport(board):
    for s in board.special_links:
        if s.kind == "city_link":
            a, b = s.ends
            assert b in board.neighbours[a]
            assert s.cost == 6
    assert board.towns[board.by_label["R14"]] == "Windsor Airport"
    assert city(board, "Midtown Detroit").hex in board.special_links[0].ends


def test_the_river_crossings_go_over_one_water_hex_from_downtown_to_windsor(board):
    downtown, windsor = city(board, "Downtown Detroit").hex, city(board, "Windsor").hex
    crossings = [s for s in board.special_links if s.kind == "bridge"]
    assert sorted(s.cost for s in crossings) == [8, 10]
    for s in crossings:
        assert set(s.ends) == {downtown, windsor}
        (w,) = s.via
        assert board.terrain[w] == "lake"
        assert downtown in board.neighbours[w] and windsor in board.neighbours[w]
    assert windsor not in board.neighbours[downtown]


# --- adjacency spot checks ----------------------------------------------------------------------------


def test_downtown_detroit_touches_midtown_and_both_crossings(board):
    assert around(board, "N12") == ["L12", "M13", "O13", "P12", "O11", "M11"]


def test_windsor_between_the_crossings_and_its_airport(board):
    assert around(board, "Q13") == ["O13", "P14", "R14", "S13", "R12", "P12"]


def test_milford_and_windsor_airport_on_the_edges(board):
    assert around(board, "D0") == ["B0", "C1", "E1", "F0", None, None]
    assert around(board, "R14") == ["P14", None, None, None, "S13", "Q13"]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_player_starts_with_no_money_and_5_shares(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    assert [(p.cash, p.shares, p.engine) for p in g.players] == [(0, 5, 1)] * players


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_2_cubes_per_city_and_1_per_display_column(players):
    g = Game.new(MAP, players=players, seed=10 + players).state
    assert all(sum(g.cubes[c.hex].values()) == 2 for c in g.map.cities)
    assert set(g.display) == {f"{half}{v}" for half in ("light", "dark") for v in range(1, 7)} | set("ABCDEFGH")
    assert all(len(boxes) == 1 and boxes[0] is not None for boxes in g.display.values())
    assert sum(g.bag.values()) == 96 - 24 - 20
    assert cube_census(g) == load_rules(MAP).BAG


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_game_has_no_set_last_turn(players):
    g = Game.new(MAP, players=players, seed=3).state
    assert g.last_turn == 0


def test_a_new_game_replays_to_the_same_setup():
    game = Game.new(MAP, players=3, seed=4)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.display == game.state.display


def test_the_board_renders_with_its_links(board):
    svg = render_svg(board)
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "Downtown" in svg and "Windsor Airport" in svg
