"""Texas: the rulebook's facts about the board, its adjacency, and its setup for 4 and 5 players."""

from __future__ import annotations

from importlib.resources import files

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData, MapError, load_map_file
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.texas.rules import Rules as TexasRules
from ageofsteam.maps.texas.state import state as figures

MAP = "texas"
MAP_FILE = files("ageofsteam.maps.texas") / "map.toml"
# Oil field hex → derricks (Spindletop, Goose Creek, East Texas, Corsicana, Burkburnett, Panhandle, Permian, Yates)
OIL_FIELDS = {"Y21": 2, "X20": 1, "P20": 3, "Q17": 1, "J12": 1, "D8": 2, "R6": 2, "U7": 1}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def austin(board: MapData) -> int:
    (h,) = [c.hex for c in board.cities if c.name.upper() == "AUSTIN"]
    return h


# --- the file -----------------------------------------------------------------------------------------


def test_the_board_is_for_4_to_5_players(board):
    assert board.id == "texas"
    assert board.players == (4, 5)
    with pytest.raises(BadInput):
        Game.new(MAP, players=6)


def test_size_like_a_published_map(board):
    assert board.size == 198
    assert len(board.cities) == 12
    assert len(board.towns) == 14


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_austin_is_on_the_map_with_3_starting_goods(board):
    h = austin(board)
    assert board.labels[h] == "W15"
    assert board.cities[board.city_at[h]].cubes == 3
    assert all(c.cubes is None for c in board.cities if c.hex != h)


def test_oil_fields_are_hexes_with_derricks(board):
    fields = {board.labels[h]: board.features[h]["oil_field"] for h in board.places_with("oil_field")}
    assert fields == OIL_FIELDS
    assert sum(fields.values()) == 13
    assert all(1 <= n <= 3 for n in fields.values())


def test_an_oil_field_without_its_derricks_is_refused_when_the_rules_load(tmp_path):
    text = MAP_FILE.read_text(encoding="utf-8")
    spindletop = '# Spindletop\nhex = "Y21"\nkind = "oil_field"\nvalue = 2\n'
    assert spindletop in text
    path = tmp_path / "texas.toml"
    path.write_text(text.replace(spindletop, spindletop.replace("value = 2\n", "")), encoding="utf-8")
    with pytest.raises(MapError, match="oil field Y21: needs value = its number of derricks"):
        TexasRules(load_map_file(path))


def test_the_oil_fields_fit_in_the_16_black_goods(board):
    assert sum(board.features[h]["oil_field"] for h in board.places_with("oil_field")) <= 16


def test_an_oil_field_is_a_plain_hex_without_a_city_or_town(board):
    for h in board.places_with("oil_field"):
        assert board.terrain[h] == "plain"
        assert h not in board.city_at and h not in board.towns


def test_the_only_terrain_is_plain(board):
    assert {t for h, t in enumerate(board.terrain) if h not in board.city_at} == {"plain"}


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_no_two_cities_are_neighbours_and_every_city_has_two_ways_out(board):
    for c in board.cities:
        nbs = [n for n in board.neighbours[c.hex] if n >= 0]
        assert not any(n in board.city_at for n in nbs), c.name
        assert len(nbs) >= 2, c.name


def test_every_hex_is_reachable(board):
    seen, todo = {0}, [0]
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n >= 0 and n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == board.size


# --- adjacency spot checks ----------------------------------------------------------------------------


def labels_around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def test_austin_in_the_middle_of_the_plains(board):
    assert labels_around(board, "W15") == ["U15", "V16", "X16", "Y15", "X14", "V14"]


def test_el_paso_in_its_corner(board):
    assert labels_around(board, "R0") == [None, "Q1", "S1", None, None, None]


def test_spindletop_between_beaumont_and_the_gulf(board):
    assert labels_around(board, "Y21") == ["W21", None, None, None, "Z20", "X20"]
    assert board.cities[board.city_at[board.by_label["W21"]]].name == "Beaumont"
    assert board.towns[board.by_label["Z20"]] == "Galveston"


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_setup_puts_black_goods_on_each_oil_field_one_per_derrick(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    assert figures(g).oil == OIL_FIELDS
    assert isinstance(g.rules, TexasRules)
    assert g.rules.extra_goods(g) == {"black": 13}


@pytest.mark.parametrize("players", [4, 5])
def test_setup_puts_3_goods_on_austin_and_1_on_each_other_city(players):
    g = Game.new(MAP, players=players, seed=players).state
    h = austin(g.map)
    for c in g.map.cities:
        assert sum(g.cubes[c.hex].values()) == (3 if c.hex == h else 1), c.name


@pytest.mark.parametrize(("players", "turns"), [(4, 8), (5, 7)])
def test_the_game_lasts_the_base_number_of_rounds(players, turns):
    assert Game.new(MAP, players=players, seed=2).state.last_turn == turns
    assert load_rules(MAP).TURNS == {4: 8, 5: 7}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [4, 5])
def test_setup_conserves_the_96_goods_counting_the_oil(players, seed):
    g = Game.new(MAP, players=players, seed=seed).state
    assert cube_census(g) == {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}
    assert all(n >= 0 for n in g.bag.values())
    assert sum(len(boxes) for boxes in g.display.values()) == 52


def test_the_oil_comes_out_of_the_bag_before_the_goods_are_drawn():
    rules = load_rules(MAP)
    state = rules.new_state([("A", "blue"), ("B", "green"), ("C", "yellow"), ("D", "pink")])
    assert state.phase == "setup"
    assert state.bag["black"] == 16 - 13
    assert figures(state).oil == OIL_FIELDS


@pytest.mark.parametrize("players", [4, 5])
def test_a_new_game_replays_to_the_same_setup(players):
    game = Game.new(MAP, players=players, seed=9)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.map_state == game.state.map_state
