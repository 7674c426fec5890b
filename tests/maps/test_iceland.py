"""Iceland: the rulebook's facts about the board, its adjacency, and its setup for 4 and 5 players."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.iceland.rules import Rules as IcelandRules
from ageofsteam.maps.iceland.state import state as figures

MAP = "iceland"
VOLCANOES = {"W10": "Hekla", "P11": "Hofsjökull", "R15": "Bárðarbunga", "M16": "Askja"}
PORTS = {"Ísafjörður", "Stykkishólmur", "Siglufjörður", "Seyðisfjörður", "Þorlákshöfn"}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def distance(board: MapData, a: int, b: int) -> int:
    dx = abs(board.cols[a] - board.cols[b])
    dy = abs(board.ys[a] - board.ys[b])
    return dx + max(0, (dy - dx) // 2)


def centre_hex(board: MapData) -> int:
    cx = (min(board.cols) + max(board.cols)) / 2
    cy = (min(board.ys) + max(board.ys)) / 2
    return min(range(board.size), key=lambda h: (board.cols[h] - cx) ** 2 + (board.ys[h] - cy) ** 2 / 3)


# --- the file -----------------------------------------------------------------------------------------


def test_the_board_is_for_4_to_5_players(board):
    assert board.id == "iceland"
    assert board.players == (4, 5)
    with pytest.raises(BadInput):
        Game.new(MAP, players=3)


def test_size_like_a_published_map(board):
    assert board.size == 215
    assert len(board.cities) == 12
    assert len(board.towns) == 12


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_there_are_4_volcanoes_as_terrain_and_as_features(board):
    terrain = {h for h in range(board.size) if board.terrain[h] == "volcano"}
    features = set(board.places_with("volcano"))
    assert len(terrain) == 4
    assert terrain == features == {board.by_label[lab] for lab in VOLCANOES}


def test_the_volcanoes_are_near_the_centre_of_the_map(board):
    centre = centre_hex(board)
    volcanoes = board.places_with("volcano")
    assert all(distance(board, h, centre) <= 5 for h in volcanoes)
    mean_volcano = sum(distance(board, h, centre) for h in volcanoes) / len(volcanoes)
    mean_city = sum(distance(board, c.hex, centre) for c in board.cities) / len(board.cities)
    assert mean_volcano < mean_city


def test_a_volcano_is_neither_a_city_nor_a_town(board):
    for h in board.places_with("volcano"):
        assert h not in board.city_at and h not in board.towns


def test_no_city_on_the_map_is_red(board):
    assert all("red" not in c.colours for c in board.cities)
    assert {col for c in board.cities for col in c.colours} == {"blue", "purple", "yellow"}


def test_the_ports_are_towns_on_the_coast(board):
    assert {board.towns[h] for h in board.ports} == PORTS
    for h in board.ports:
        assert h in board.towns
        assert any(n < 0 for n in board.neighbours[h]), board.towns[h]


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_no_two_cities_are_neighbours(board):
    for c in board.cities:
        assert not any(n in board.city_at for n in board.neighbours[c.hex]), c.name


def test_every_hex_but_the_volcanoes_is_reachable_overland(board):
    land = {h for h in range(board.size) if board.terrain[h] != "volcano"}
    start = next(iter(land))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n in land and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == land


# --- adjacency spot checks ----------------------------------------------------------------------------


def labels_around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def test_hofsjokull_in_the_middle_of_the_highlands(board):
    assert labels_around(board, "P11") == ["N11", "O12", "Q12", "R11", "Q10", "O10"]
    assert {board.terrain[n] for n in board.neighbours[board.by_label["P11"]]} == {"mountain"}


def test_reykjavik_on_the_faxafloi_and_isafjordur_in_the_westfjords(board):
    assert labels_around(board, "V5") == ["T5", "U6", "W6", "X5", "W4", None]
    assert board.cities[board.city_at[board.by_label["V5"]]].name == "Reykjavík"
    assert labels_around(board, "E2") == [None, "D3", "F3", "G2", "F1", None]
    assert board.towns[board.by_label["E2"]] == "Ísafjörður"


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_setup_puts_2_steam_on_each_of_the_4_volcanoes(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    assert figures(g).steam == dict.fromkeys(VOLCANOES, 2)
    assert isinstance(g.rules, IcelandRules)
    assert g.rules.extra_goods(g) == {"red": 8}


@pytest.mark.parametrize("players", [4, 5])
def test_setup_puts_2_random_goods_on_each_city(players):
    g = Game.new(MAP, players=players, seed=players).state
    for c in g.map.cities:
        assert sum(g.cubes[c.hex].values()) == 2, c.name


@pytest.mark.parametrize("players", [4, 5])
def test_the_a_new_city_tile_is_removed_from_the_game(players):
    g = Game.new(MAP, players=players, seed=3).state
    assert sorted(g.new_cities_left) == list("BCDEFGH")
    assert "A" not in g.display
    assert sum(len(boxes) for boxes in g.display.values()) == 50


@pytest.mark.parametrize(("players", "turns"), [(4, 8), (5, 7)])
def test_the_game_lasts_the_base_number_of_rounds(players, turns):
    assert Game.new(MAP, players=players, seed=2).state.last_turn == turns
    assert load_rules(MAP).TURNS == {4: 8, 5: 7}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [4, 5])
def test_setup_conserves_the_96_goods_counting_the_steam(players, seed):
    g = Game.new(MAP, players=players, seed=seed).state
    assert cube_census(g) == {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}
    assert all(n >= 0 for n in g.bag.values())


def test_the_steam_comes_out_of_the_bag_before_the_goods_are_drawn():
    rules = load_rules(MAP)
    state = rules.new_state([("A", "blue"), ("B", "green"), ("C", "yellow"), ("D", "pink")])
    assert state.phase == "setup"
    assert state.bag["red"] == 20 - 8
    assert figures(state).steam == dict.fromkeys(VOLCANOES, 2)


@pytest.mark.parametrize("players", [4, 5])
def test_a_new_game_replays_to_the_same_setup(players):
    game = Game.new(MAP, players=players, seed=9)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.map_state == game.state.map_state
