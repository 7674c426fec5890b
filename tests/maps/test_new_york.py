"""New York Subway: the rulebook's facts about the board (skyscrapers are cities coloured by their hex,
construction sites are towns, no goods display, the stacks fit in the 96 discs), the design's promises
(every colour's discs suffice for its skyscrapers, places do not touch, Manhattan between its rivers), its
adjacency, and its setup for 3 to 6 players."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.new_york.rules import Rules as NewYorkRules
from ageofsteam.maps.new_york.state import state
from ageofsteam.render import render_svg

MAP = "new-york-subway"
BAG = {"yellow": 20, "red": 20, "blue": 20, "purple": 20, "black": 16}
MANHATTAN_SKYSCRAPERS = {
    "Central Park Tower": "K2",
    "432 Park Avenue": "K4",
    "Times Square": "N1",
    "Chrysler Building": "N3",
    "Empire State Building": "Q2",
    "Flatiron Building": "T3",
    "One World Trade Center": "W2",
}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


@pytest.fixture(scope="module")
def rules() -> NewYorkRules:
    r = load_rules(MAP)
    assert isinstance(r, NewYorkRules)
    return r


def around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def places(board: MapData) -> set[int]:
    return set(board.city_at) | set(board.towns)


# --- the file -----------------------------------------------------------------------------------------


def test_the_map_loads_under_its_id(board):
    assert (board.id, board.name) == ("new-york-subway", "New York Subway")


def test_3_to_6_players(board):
    assert board.players == (3, 6)
    with pytest.raises(BadInput):
        Game.new(MAP, players=2)


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_every_city_is_a_skyscraper_and_every_town_a_construction_site(board):
    assert board.cities and all(c.kind == "skyscraper" for c in board.cities)
    assert board.towns and set(board.town_kinds.values()) == {"construction_site"}


def test_each_skyscraper_takes_one_colour_from_its_hex(board):
    for c in board.cities:
        assert len(c.colours) == 1 and c.colours[0] in BAG, c.name
        assert len(c.hexes) == 1


def test_no_goods_display_so_no_goods_growth_numbers(board):
    assert all(c.growth == () for c in board.cities)


def test_3_discs_per_skyscraper_and_2_per_construction_site_fit_in_the_96_discs(board, rules):
    stacks = rules.setup_discs()
    assert set(stacks) == places(board)
    assert all(stacks[c.hex] == 3 for c in board.cities)
    assert all(stacks[h] == 2 for h in board.towns)
    assert sum(stacks.values()) == 3 * 19 + 2 * 13 == 83 <= sum(BAG.values()) == 96
    assert rules.BAG == BAG


def test_each_colours_discs_suffice_for_its_skyscrapers(board):
    """Every colour has at least 5 discs for each skyscraper of its colour, and no colour has much more."""
    count = Counter(c.colours[0] for c in board.cities)
    assert count == {"yellow": 4, "red": 4, "blue": 4, "purple": 4, "black": 3}
    per_skyscraper = {colour: BAG[colour] / n for colour, n in count.items()}
    assert all(5 <= v < 6 for v in per_skyscraper.values())
    assert all(3 * count[colour] <= BAG[colour] for colour in count)


@pytest.mark.parametrize(("players", "cubes"), [(3, 20), (4, 16), (5, 14), (6, 12)])
def test_each_player_takes_2_station_cubes_per_round(rules, players, cubes):
    assert rules.stations(players) == 2 * rules.TURNS[players] == cubes
    for colour in rules.PLAYER_COLOURS[:players]:
        assert rules.STATION_CUBES[colour] >= cubes


def test_player_colours_yellow_red_blue_purple_then_black_and_green(rules):
    assert rules.PLAYER_COLOURS == ("yellow", "red", "blue", "purple", "black", "green")
    assert rules.STATION_CUBES["green"] == 12 == rules.stations(6)  # the expansion's 12 green cubes


# --- the design ---------------------------------------------------------------------------------------


def test_150_hexes_19_skyscrapers_13_construction_sites(board):
    assert board.size == 150
    assert len(board.cities) == 19
    assert len(board.towns) == 13
    rest = [t for h, t in enumerate(board.terrain) if h not in places(board)]
    assert Counter(rest) == {"plain": 74, "sea": 40, "green": 4}


def test_manhattan_landmarks(board):
    got = {c.name: board.labels[c.hex] for c in board.cities if c.name in MANHATTAN_SKYSCRAPERS}
    assert got == MANHATTAN_SKYSCRAPERS
    assert all(1 <= board.cols[board.by_label[lab]] <= 4 for lab in MANHATTAN_SKYSCRAPERS.values())


def test_manhattan_lies_between_the_hudson_and_the_east_river(board):
    hudson = [h for h in range(board.size) if board.cols[h] == 0]
    assert hudson and all(board.terrain[h] == "sea" for h in hudson)
    east_river = [h for h in range(board.size) if board.cols[h] == 5 and 7 <= board.ys[h] <= 21]
    assert len(east_river) == 8 and all(board.terrain[h] == "sea" for h in east_river)


def test_places_do_not_touch_except_hudson_yards_and_the_empire_state_building(board):
    p = places(board)
    touching = {frozenset((board.labels[h], board.labels[n])) for h in p for n in board.neighbours[h] if n in p}
    assert touching == {frozenset(("R1", "Q2"))}
    assert board.towns[board.by_label["R1"]] == "Hudson Yards"


def test_every_place_has_at_least_3_sides_for_stations(board):
    p = places(board)
    for h in p:
        free = [n for n in board.neighbours[h] if n >= 0 and n not in p and board.terrain[n] != "sea"]
        assert len(free) >= 3, board.labels[h]


def test_names_are_unique(board):
    names = [c.name for c in board.cities] + list(board.towns.values())
    assert len(names) == len(set(names)) == 32


# --- adjacency spot checks ----------------------------------------------------------------------------


def test_the_empire_state_building_in_midtown(board):
    assert around(board, "Q2") == ["O2", "P3", "R3", "S2", "R1", "P1"]


def test_long_island_city_on_the_east_river(board):
    assert around(board, "K6") == ["I6", "J7", "L7", "M6", "L5", "J5"]
    assert board.terrain[board.by_label["J5"]] == board.terrain[board.by_label["L5"]] == "sea"


def test_flushing_on_the_eastern_edge(board):
    assert around(board, "H11") == ["F11", None, None, "J11", "I10", "G10"]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_stacks_3_discs_on_each_skyscraper_and_2_on_each_site_and_uses_no_goods_display(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    assert g.display == {}
    stacks = state(g).stacks
    assert all(len(stacks[g.label(c.hex)]) == 3 for c in g.map.cities)
    assert all(len(stacks[g.label(h)]) == 2 for h in g.map.towns)
    assert sum(g.bag.values()) == 96 - 57 - 26
    assert cube_census(g) == BAG


@pytest.mark.parametrize(("players", "turns"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_the_base_number_of_rounds_and_the_players_colours(players, turns):
    g = Game.new(MAP, players=players, seed=1).state
    assert g.last_turn == turns
    assert [p.colour for p in g.players] == ["yellow", "red", "blue", "purple", "black", "green"][:players]


def test_a_new_game_replays_to_the_same_setup():
    game = Game.new(MAP, players=4, seed=8)
    assert state(game.replay().state).stacks == state(game.state).stacks


def test_the_board_renders(board):
    svg = render_svg(board)
    assert "Times Square" in svg and "Hudson Yards" in svg
