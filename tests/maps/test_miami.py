"""Miami 2030: the rulebook's facts about the board (50 hexes, 10 districts, 12 beach hexes split 1/5/6
between North/East/West, the three exits and their colours, 7 hexes flooded at setup, the three areas), the
deductions from them, its adjacency, and its setup for the one player."""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.miami.rules import PEOPLE
from ageofsteam.maps.miami.rules import Rules as MiamiRules
from ageofsteam.render import render_svg

MAP = "miami-2030"
EXITS = {
    "Opa-locka Executive Airport": ("D0", "purple"),
    "Amtrak Train Station": ("G1", "red"),
    "Miami International Airport": ("L0", "yellow"),
}
NAMED_EAST = {"Biscayne Campus", "Normandy Shores Golf Course", "Cape Florida Park"}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


@pytest.fixture(scope="module")
def rules() -> MiamiRules:
    r = load_rules(MAP)
    assert isinstance(r, MiamiRules)
    return r


def around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def districts(board: MapData) -> set[int]:
    return {h for h, kind in board.town_kinds.items() if kind == "district"}


def beaches(board: MapData) -> set[int]:
    return {h for h, t in enumerate(board.terrain) if t == "beach"}


def exits(board: MapData) -> set[int]:
    return {c.hex for c in board.cities if c.kind == "exit"}


# --- the file -----------------------------------------------------------------------------------------


def test_the_map_loads_under_its_id(board):
    assert (board.id, board.name) == ("miami-2030", "Miami 2030")


def test_a_solo_map(board):
    assert board.players == (1, 1)
    with pytest.raises(BadInput):
        Game.new(MAP, players=2)


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_50_hexes(board):
    assert board.size == 50


def test_three_areas_of_1_10_and_39_hexes_cover_the_map(board):
    assert {name: len(hexes) for name, hexes in board.areas.items()} == {"north": 1, "east": 10, "west": 39}
    north, east, west = board.areas["north"], board.areas["east"], board.areas["west"]
    assert not (north & east or north & west or east & west)
    assert north | east | west == set(range(board.size))


def test_10_districts_5_in_the_west_and_5_in_the_east(board):
    d = districts(board)
    assert len(d) == 10 and d == set(board.towns)
    assert len(d & board.areas["west"]) == 5
    assert len(d & board.areas["east"]) == 5
    assert not d & board.areas["north"]


def test_the_three_named_districts_are_in_miami_east(board):
    east_names = {board.towns[h] for h in districts(board) & board.areas["east"]}
    assert east_names >= NAMED_EAST


def test_12_beach_hexes_split_1_5_6_between_north_east_and_west(board):
    b = beaches(board)
    assert len(b) == 12
    assert len(b & board.areas["north"]) == 1
    assert len(b & board.areas["east"]) == 5
    assert len(b & board.areas["west"]) == 6
    assert not b & districts(board)


def test_the_north_hex_is_a_beach(board):
    (north,) = board.areas["north"]
    assert board.terrain[north] == "beach"


def test_miami_east_is_5_districts_and_5_beaches(board):
    east = board.areas["east"]
    assert east == (districts(board) & east) | (beaches(board) & east)


def test_miami_west_is_5_districts_6_beaches_3_exits_and_25_flat_hexes(board):
    west = board.areas["west"]
    flat = {h for h in west if board.terrain[h] == "plain" and h not in board.towns}
    assert (len(districts(board) & west), len(beaches(board) & west), len(exits(board) & west), len(flat)) == (
        5,
        6,
        3,
        25,
    )


def test_the_three_exits_with_their_colours(board):
    got = {c.name: (board.labels[c.hex], *c.colours) for c in board.cities}
    assert got == EXITS
    for c in board.cities:
        assert c.kind == "exit"
        assert c.growth == () and c.cubes == 0
        assert c.hex in board.areas["west"]


def test_the_7_beaches_of_west_and_north_are_flooded_at_setup(board, rules):
    flooded = set(board.places_with("flood"))
    assert len(flooded) == 7
    assert flooded == beaches(board) - board.areas["east"]
    assert set(rules.flooded_at_setup()) == flooded


def test_the_areas_meet_only_at_the_north_hex(board):
    (north,) = board.areas["north"]
    east, west = board.areas["east"], board.areas["west"]
    for h in east:
        assert not any(n in west for n in board.neighbours[h])
    assert any(n in east for n in board.neighbours[north])
    assert any(n in west for n in board.neighbours[north])


def test_miami_east_runs_down_from_the_right_side_of_the_north_hex(board):
    (north,) = board.areas["north"]
    east = sorted(board.areas["east"], key=lambda h: board.ys[h])
    assert board.neighbours[north][2] == east[0]  # its south-east neighbour is the top of Miami East
    assert len({board.cols[h] for h in east}) == 1
    for upper, lower in pairwise(east):
        assert board.neighbours[upper][3] == lower  # one unbroken column
    assert all(board.cols[h] < board.cols[north] for h in board.areas["west"])


def test_every_hex_of_the_shores_is_a_beach_or_a_district(board):
    """Next to the sea: the bay shore of Miami West (its right-hand column), all of Miami East, the north hex."""
    shore = {h for h in board.areas["west"] if board.cols[h] == 4} | board.areas["east"] | board.areas["north"]
    assert shore == beaches(board) | (districts(board) & shore)
    inland = set(range(board.size)) - shore
    assert not inland & beaches(board)


# --- deductions: people and flooding ------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "total"), [("easy", 15), ("medium", 17), ("hard", 19)])
def test_each_difficulty_places_its_whole_set_of_people(rules, difficulty, total):
    placement = rules.people_placement(difficulty)
    assert set(placement) == districts(rules.map)
    assert sum(placement.values()) == sum(PEOPLE[difficulty].values()) == total


def test_the_people_sets(rules):
    assert PEOPLE == {
        "easy": {"purple": 6, "red": 6, "yellow": 3},
        "medium": {"purple": 7, "red": 6, "yellow": 4},
        "hard": {"purple": 7, "red": 7, "yellow": 5},
    }
    for people in PEOPLE.values():
        assert all(n <= rules.BAG[c] for c, n in people.items())


def test_medium_doubles_biscayne_campus_and_normandy_shores_and_hard_singles_cape_florida(rules):
    by_name = {name: h for h, name in rules.map.towns.items()}
    medium, hard = rules.people_placement("medium"), rules.people_placement("hard")
    assert {rules.map.towns[h] for h, n in medium.items() if n == 2 and h in rules.map.areas["east"]} == {
        "Biscayne Campus",
        "Normandy Shores Golf Course",
    }
    assert [rules.map.towns[h] for h, n in hard.items() if n == 1] == ["Cape Florida Park"]
    assert rules.people_placement("easy")[by_name["Cape Florida Park"]] == 1
    with pytest.raises(ValueError):
        rules.people_placement("impossible")


def test_the_20_flood_cubes_flood_20_hexes_by_round_10(rules):
    assert rules.FLOOD_CUBES == 20
    assert len(rules.flooded_at_setup()) + sum(rules.FLOODS_PER_ROUND.values()) == 20
    assert sorted(rules.FLOODS_PER_ROUND) == list(range(1, 10))


def test_rounds_1_to_5_flood_the_5_dry_beaches_of_miami_east(board, rules):
    dry = beaches(board) - set(rules.flooded_at_setup())
    assert dry <= board.areas["east"]
    assert len(dry) == sum(rules.FLOODS_PER_ROUND[r] for r in range(1, 6))


def test_rounds_6_to_9_have_8_hexes_next_to_a_beach_to_flood(board, rules):
    """Not districts, not exits, not beaches (all flooded by then)."""
    b = beaches(board)
    spare = {n for h in b for n in board.neighbours[h] if n >= 0} - b - districts(board) - exits(board)
    assert len(spare) >= sum(rules.FLOODS_PER_ROUND[r] for r in range(6, 10)) == 8


def test_no_two_places_touch_and_no_district_touches_an_exit(board):
    places = districts(board) | exits(board)
    for h in places:
        assert not any(n in places for n in board.neighbours[h]), board.labels[h]


# --- adjacency spot checks ----------------------------------------------------------------------------


def test_the_north_hex_joins_the_mainland_and_the_islands(board):
    assert around(board, "A5") == [None, None, "B6", None, "B4", None]


def test_cape_florida_park_at_the_tip_of_key_biscayne(board):
    assert around(board, "T6") == ["R6", None, None, None, None, None]


def test_opa_locka_on_the_western_edge(board):
    assert around(board, "D0") == ["B0", "C1", "E1", "F0", None, None]


# --- setup --------------------------------------------------------------------------------------------


def test_setup_for_the_one_player():
    g = Game.new(MAP, players=1, seed=5).state
    assert g.phase == "issue_shares"
    assert g.last_turn == 10
    assert g.display == {}
    assert all(sum(g.cubes[c.hex].values()) == 0 for c in g.map.cities)
    # the people of the default difficulty (easy) are on the districts, the rest stay in the bag
    assert g.bag == {"red": 20 - 6, "purple": 20 - 6, "yellow": 20 - 3}
    assert cube_census(g) == load_rules(MAP).BAG


def test_no_black_cubes_and_no_black_new_cities(rules):
    assert "black" not in rules.BAG and "blue" not in rules.BAG
    assert sorted(rules.NEW_CITIES) == ["A", "B", "E", "F"]
    assert all(colour != "black" for colour, _ in rules.NEW_CITIES.values())
    assert rules.TURNS == {1: 10}


def test_the_board_renders(board):
    svg = render_svg(board)
    assert "Biscayne Campus" in svg and "Amtrak" in svg


@pytest.mark.state_edited
def test_the_board_outlines_where_the_next_flood_may_go_while_a_flood_is_due(rules):
    g = Game.new(MAP, players=1, seed=5).state
    assert rules.FLOODS_PER_ROUND.get(g.turn, 0) > 0
    outlined = re.findall(r'class="flood-site" data-hex="(\w+)"', render_svg(g))
    assert outlined == [g.label(h) for h in rules.flood_sites(g)] and outlined
    g.turn = max(rules.TURNS[1], *rules.FLOODS_PER_ROUND) + 1  # past the last flood: nothing outlined
    assert rules.FLOODS_PER_ROUND.get(g.turn, 0) == 0 and "flood-site" not in render_svg(g)


def test_a_district_name_is_not_hidden_under_a_flood_sign_or_the_people(board):
    game, rng, bot = Game.new(MAP, players=1, seed=5), random.Random(5), RandomBot()
    while game.state.turn < 2:  # a flood cube has come onto the West district's middle hex by then
        game.apply(bot.choose(game, rng))
    g = game.state
    signs = {g.label(h) for h in set(g.rules.goods_on_hexes(g)) | set(g.rules.flooded(g))}
    placed = dict(re.findall(r'data-hex="(\w+)" class="area-name"[^>]*>([A-Z ]+)<', render_svg(g)))
    assert sorted(placed.values()) == sorted(name.replace("_", " ").upper() for name in board.areas)
    for lab, name in placed.items():
        area = board.areas[name.lower().replace(" ", "_")]
        free = {board.labels[h] for h in area} - signs
        assert lab not in signs or not free, name  # on a hex of its own unless every hex of the area has a sign
