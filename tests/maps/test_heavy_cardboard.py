"""Heavy Cardboard: the transcribed board (172 hexes with the 7-hex central city, Madeira red and blue, the
blocked edges, the $6 ferries), checked against the recorded game's starting position when it is at hand,
its adjacency, and its setup for 4 to 6 players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.hexes import DIRECTIONS
from ageofsteam.board.mapdata import GOODS_COLOURS, MapData
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.render import render_svg

MAP = "heavy-cardboard"
RECORD_NAME = "heavy-cardboard-2797.record.json"
RECORD_PLACES = [
    Path(__file__).parents[1] / "conformance" / "data" / RECORD_NAME,
    Path(__file__).parents[3] / "shared" / "conformance" / "choochoo" / RECORD_NAME,
]

CENTRE = ["K8", "I8", "J7", "L7", "M8", "J9", "L9"]
# name → (hex, colours, goods-growth column)
CITIES = {
    "Age of Steam": ("U14", ("blue",), "light1"),
    "Indonesia": ("Q16", ("yellow",), "light2"),
    "Food Chain Magnate": ("P11", ("yellow",), "light3"),
    "Brass": ("H13", ("red",), "light4"),
    "Lisboa": ("B15", ("purple",), "light5"),
    "Madeira": ("A10", ("red", "blue"), "light6"),
    "Through the Ages": ("D1", ("blue",), "dark1"),
    "1822": ("E6", ("purple",), "dark2"),
    "Die Macher": ("L1", ("yellow",), "dark3"),
    "Agricola": ("T1", ("yellow",), "dark4"),
    "Arkwright": ("P5", ("red",), "dark5"),
    "Le Havre": ("V9", ("red",), "dark6"),
}
TOWNS = {
    "1846": "O0",
    "Pax Renaissance": "I2",
    "Dominant Species": "O2",
    "Three Kingdoms Redux": "H5",
    "Tramways": "S6",
    "Vinhos": "P7",
    "Puerto Rico": "A8",
    "Wildcatters": "F11",
    "The Great Zimbabwe": "T11",
    "Container": "A12",
    "Antiquity": "P13",
    "Lignum": "F15",
}
BLOCKED = {"H7": {"S", "SE"}, "H9": {"SW", "S"}, "N7": {"N", "NE"}, "N9": {"N", "NW"}}
CHOOCHOO_EDGES = {
    "TOP": "N",
    "TOP_RIGHT": "NE",
    "BOTTOM_RIGHT": "SE",
    "BOTTOM": "S",
    "BOTTOM_LEFT": "SW",
    "TOP_LEFT": "NW",
}
CHOOCHOO_TERRAIN = {"PLAIN": "plain", "MOUNTAIN": "mountain", "RIVER": "river", "WATER": "sea", "CITY": "city"}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


@pytest.fixture(scope="module")
def recorded_spaces() -> list[dict]:
    for path in RECORD_PLACES:
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))["initialState"]["spaces"]
    pytest.skip(f"{RECORD_NAME} is not at hand")


def around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def city(board: MapData, name: str):
    (c,) = [c for c in board.cities if c.name == name]
    return c


def central(board: MapData):
    return city(board, "Heavy Cardboard")


# --- the file -----------------------------------------------------------------------------------------


def test_the_map_loads_under_its_id(board):
    assert (board.id, board.name) == ("heavy-cardboard", "Heavy Cardboard")


def test_4_to_6_players(board):
    assert board.players == (4, 6)
    for n in (3, 7):
        with pytest.raises(BadInput):
            Game.new(MAP, players=n)


# --- the board ----------------------------------------------------------------------------------------


def test_172_hexes_including_the_7_hex_city(board):
    assert board.size == 172
    assert len(board.cities) == 13
    assert len(board.city_at) == 12 + 7
    assert len(board.towns) == 12


def test_terrain_counts(board):
    rest = [t for h, t in enumerate(board.terrain) if h not in board.city_at and h not in board.towns]
    assert {k: rest.count(k) for k in set(rest)} == {"plain": 72, "mountain": 40, "river": 25, "sea": 4}


def test_cities_colours_and_goods_growth_numbers(board):
    got = {c.name: (board.labels[c.hex], c.colours, *c.growth) for c in board.cities if c.name != "Heavy Cardboard"}
    assert got == CITIES


def test_towns_include_puerto_rico_and_container(board):
    assert {name: board.labels[h] for h, name in board.towns.items()} == TOWNS


def test_the_central_city_is_one_city_over_7_hexes_with_no_colour(board):
    c = central(board)
    assert [board.labels[h] for h in c.hexes] == CENTRE
    assert c.colours == () and c.growth == () and c.cubes == 0
    assert {board.city_at[h] for h in c.hexes} == {board.cities.index(c)}
    ring = {n for n in board.neighbours[c.hex]}
    assert ring == set(c.hexes) - {c.hex}  # the centre K8 is surrounded by the other six


def test_madeira_accepts_red_and_blue(board):
    assert set(city(board, "Madeira").colours) == {"red", "blue"}


def test_the_blocked_edges_of_the_central_city(board):
    got: dict[str, set[str]] = {}
    members = set(central(board).hexes)
    for h, e in board.blocked:
        if h not in members:
            got.setdefault(board.labels[h], set()).add(DIRECTIONS[e])
            assert board.neighbours[h][e] in members  # every blocked edge is on the city's outline
    assert got == BLOCKED
    assert len(board.blocked) == 16  # 8 edges, each seen from both sides


def test_8_of_the_18_outline_edges_are_blocked(board):
    members = set(central(board).hexes)
    outline = [(h, e) for h in members for e, n in enumerate(board.neighbours[h]) if n not in members]
    assert len(outline) == 18
    assert sum(1 for edge in outline if edge in board.blocked) == 8


def test_two_6_dollar_ferries_to_madeira(board):
    madeira = city(board, "Madeira").hex
    ferries = {s.id: s for s in board.special_links}
    assert set(ferries) == {"ferry-puerto-rico", "ferry-container"}
    for s, town, water in (
        (ferries["ferry-puerto-rico"], "Puerto Rico", "B9"),
        (ferries["ferry-container"], "Container", "B11"),
    ):
        assert (s.kind, s.cost, s.condition) == ("ferry", 6, "town_built")
        ends = {board.labels[e] for e in s.ends}
        assert ends == {TOWNS[town], "A10"}
        assert [board.labels[v] for v in s.via] == [water]
        w = board.by_label[water]
        assert board.terrain[w] == "sea"
        assert madeira in board.neighbours[w] and board.by_label[TOWNS[town]] in board.neighbours[w]


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


# --- the recorded game's board ------------------------------------------------------------------------


def test_every_hex_matches_the_recorded_game(board, recorded_spaces):
    assert len(recorded_spaces) == board.size
    for s in recorded_spaces:
        h = board.by_label[s["label"]]
        assert board.terrain[h] == CHOOCHOO_TERRAIN[s["type"]], s["label"]
        if "townName" in s:
            assert board.towns[h] == s["townName"]
        else:
            assert h not in board.towns
        if s["type"] == "CITY":
            c = board.cities[board.city_at[h]]
            info = s["city"]
            assert set(c.colours) == set(info["accepts"])
            if info["name"]:
                assert c.name == info["name"]
                assert (2 if c.cubes is None else c.cubes) == info["startingNumCubes"]
                assert [f"{'light' if g['group'] == 'WHITE' else 'dark'}{g['number']}" for g in info["growth"]] == list(
                    c.growth
                )
            else:
                assert c.name == "Heavy Cardboard"


def test_the_blocked_edges_and_ferries_match_the_recorded_game(board, recorded_spaces):
    blocked = {
        s["label"]: {CHOOCHOO_EDGES[e] for e in s["unpassableEdges"]} for s in recorded_spaces if "unpassableEdges" in s
    }
    assert blocked == BLOCKED
    ferries = {s["label"]: s["tile"]["claimableCost"] for s in recorded_spaces if "tile" in s}
    assert ferries == {"B9": [6], "B11": [6]}
    assert sorted(v for s in board.special_links for v in (board.labels[x] for x in s.via)) == ["B11", "B9"]


# --- adjacency spot checks ----------------------------------------------------------------------------


def test_the_centre_of_the_city(board):
    assert around(board, "K8") == ["I8", "J9", "L9", "M8", "L7", "J7"]


def test_madeira_between_its_two_ferry_hexes(board):
    assert around(board, "A10") == [None, None, "B11", "C10", "B9", None]
    assert around(board, "B9") == [None, "A10", "C10", "D9", "C8", "A8"]
    assert around(board, "B11") == [None, "A12", "C12", "D11", "C10", "A10"]


def test_h7_above_the_city(board):
    assert around(board, "H7") == ["F7", "G8", "I8", "J7", "I6", "G6"]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_one_cube_of_each_colour_on_the_central_city_and_2_on_every_other(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    centre = central(g.map).hex
    assert g.cubes[centre] == dict.fromkeys(GOODS_COLOURS, 1)
    for c in g.map.cities:
        if c.hex != centre:
            assert sum(g.cubes[c.hex].values()) == 2, c.name
    assert all(h not in g.cubes for h in central(g.map).hexes[1:])


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_display_is_full_and_15_cubes_stay_in_the_bag(players):
    g = Game.new(MAP, players=players, seed=20 + players).state
    assert sum(1 for boxes in g.display.values() for c in boxes if c is not None) == 52
    assert sum(g.bag.values()) == 96 - 5 - 24 - 52 == 15
    assert cube_census(g) == load_rules(MAP).BAG


@pytest.mark.parametrize(("players", "turns"), [(4, 8), (5, 7), (6, 6)])
def test_the_game_lasts_the_base_number_of_turns(players, turns):
    assert Game.new(MAP, players=players, seed=1).state.last_turn == turns


def test_the_central_cubes_leave_the_bag_before_the_draw():
    rules = load_rules(MAP)
    state = rules.new_state([("A", "blue"), ("B", "green"), ("C", "yellow"), ("D", "pink")])
    assert state.phase == "setup"
    assert state.bag == {"red": 19, "blue": 19, "purple": 19, "yellow": 19, "black": 15}


def test_a_new_game_replays_to_the_same_setup():
    game = Game.new(MAP, players=5, seed=6)
    assert game.replay().state.cubes == game.state.cubes


def test_the_board_renders(board):
    svg = render_svg(board)
    assert "Madeira" in svg and "Cardboard" in svg
