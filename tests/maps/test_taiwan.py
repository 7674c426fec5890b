"""Taiwan: the rulebook's facts about the board, its adjacency, and its setup for 5 and 6 players."""

from __future__ import annotations

import re

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board, load_rules

MAP = "taiwan"
# The rulebook: "numbered 1 to 7 from north to south. Cities 1 to 4 … North Taiwan. Cities 5 to 7 … South Taiwan."
PURPLE = ["Taipei", "Taoyuan", "Miaoli", "Taichung", "Peikang", "Tainan", "Kaohsiung"]
NORTH_TAIWAN = PURPLE[:4]
SOUTH_TAIWAN = PURPLE[4:]


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def city_named(board: MapData, name: str) -> int:
    return next(c.hex for c in board.cities if c.name.upper() == name.upper())


def connected(board: MapData, hexes: set[int]) -> bool:
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


# --- the file -----------------------------------------------------------------------------------------


def test_the_board_is_for_5_to_6_players(board):
    assert board.id == "taiwan"
    assert board.players == (5, 6)
    with pytest.raises(BadInput):
        Game.new(MAP, players=4)


def test_size_like_a_published_map(board):
    assert board.size == 219
    assert len(board.cities) == 12
    assert len(board.towns) == 15


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_there_are_exactly_seven_purple_cities_named_as_in_the_rulebook(board):
    purple = [c.name for c in board.cities if "purple" in c.colours]
    assert sorted(purple) == sorted(PURPLE)


def test_the_purple_cities_are_numbered_1_to_7_from_north_to_south(board):
    hexes = [city_named(board, name) for name in PURPLE]
    rows = [board.ys[h] for h in hexes]
    assert rows == sorted(rows)
    assert len(set(rows)) == 7


def test_cities_1_to_4_are_north_taiwan_and_5_to_7_south_taiwan(board):
    assert board.areas["north_taiwan"] == {city_named(board, n) for n in NORTH_TAIWAN}
    assert board.areas["south_taiwan"] == {city_named(board, n) for n in SOUTH_TAIWAN}


def west_shore(board: MapData) -> set[int]:
    """Hexes whose south-west or north-west side faces the sea."""
    return {h for h in range(board.size) if board.neighbours[h][4] < 0 or board.neighbours[h][5] < 0}


def steps_to(board: MapData, start: int, targets: set[int]) -> int:
    frontier, seen, n = {start}, {start}, 0
    while not frontier & targets:
        frontier = {m for h in frontier for m in board.neighbours[h] if m >= 0} - seen
        seen |= frontier
        n += 1
    return n


def test_the_purple_cities_lie_on_the_west_coast(board):
    shore = west_shore(board)
    for name in PURPLE:
        h = city_named(board, name)
        assert steps_to(board, h, shore) <= 2, name
        # no mountain between the city and the sea in its own half-rows
        west_mountains = [
            m
            for m in range(board.size)
            if board.terrain[m] == "mountain" and abs(board.ys[m] - board.ys[h]) <= 1 and board.cols[m] < board.cols[h]
        ]
        assert west_mountains == [], name


def test_the_terrain_is_plains_and_mountains(board):
    kinds = {t for h, t in enumerate(board.terrain) if h not in board.city_at}
    assert kinds == {"plain", "mountain"}


def test_the_mountains_run_down_the_centre_and_east(board):
    mountains = [h for h in range(board.size) if board.terrain[h] == "mountain"]
    assert len(mountains) > 80
    # in every half-row with mountains, plains lie west of them (the west is the coastal plain)
    for y in {board.ys[h] for h in mountains}:
        row = [h for h in range(board.size) if abs(board.ys[h] - y) <= 1]
        westmost = min(row, key=lambda h: board.cols[h])
        assert board.terrain[westmost] != "mountain", board.labels[westmost]


def test_the_board_is_two_sheets_joined_into_one_map(board):
    north, south = board.areas["north_sheet"], board.areas["south_sheet"]
    assert not north & south
    assert north | south == set(range(board.size))
    assert connected(board, set(north)) and connected(board, set(south))
    seam = [(h, n) for h in north for n in board.neighbours[h] if n in south]
    assert len(seam) >= 8  # the sheets meet along the whole width of the island
    assert all(board.ys[h] < board.ys[n] for h, n in seam)


def test_north_taiwan_is_on_the_north_sheet_and_south_taiwan_on_the_south_sheet(board):
    assert board.areas["north_taiwan"] <= board.areas["north_sheet"]
    assert board.areas["south_taiwan"] <= board.areas["south_sheet"]


def test_every_hex_is_reachable(board):
    assert connected(board, set(range(board.size)))


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_no_two_cities_are_neighbours(board):
    for c in board.cities:
        assert not any(n in board.city_at for n in board.neighbours[c.hex]), c.name


# --- adjacency spot checks ----------------------------------------------------------------------------


def labels_around(board: MapData, label: str) -> list[str | None]:
    return [board.labels[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def test_adjacency_around_taipei_and_taichung(board):
    # N, NE, SE, S, SW, NW
    assert labels_around(board, "D11") == ["B11", "C12", "E12", "F11", "E10", "C10"]
    assert labels_around(board, "S4") == ["Q4", "R5", "T5", "U4", "T3", "R3"]


def test_adjacency_on_the_coasts(board):
    assert labels_around(board, "U12") == ["S12", None, None, "W12", "V11", "T11"]  # Hualien, east coast
    assert labels_around(board, "AK0") == ["AI0", "AJ1", "AL1", "AM0", None, None]  # Tainan, west coast
    assert board.towns[board.by_label["T3"]] == "Changhua"
    assert board.terrain[board.by_label["H11"]] == "mountain"


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_setup_puts_3_goods_on_each_purple_city_and_2_on_the_others(players):
    game = Game.new(MAP, players=players, seed=players)
    g = game.state
    assert g.phase == "issue_shares"
    for c in g.map.cities:
        want = 3 if "purple" in c.colours else 2
        assert sum(g.cubes[c.hex].values()) == want, c.name
    assert sum(sum(c.values()) for c in g.cubes.values()) == 7 * 3 + 5 * 2


@pytest.mark.parametrize("players", [5, 6])
def test_setup_removes_the_purple_new_city_tile_f(players):
    g = Game.new(MAP, players=players, seed=1).state
    assert "F" not in g.new_cities_left
    assert sorted(g.new_cities_left) == list("ABCDEGH")
    assert "F" not in g.display
    assert sum(len(boxes) for boxes in g.display.values()) == 50
    assert all(c is not None for boxes in g.display.values() for c in boxes)


@pytest.mark.parametrize(("players", "turns"), [(5, 7), (6, 6)])
def test_the_game_lasts_the_base_number_of_rounds(players, turns):
    assert Game.new(MAP, players=players, seed=2).state.last_turn == turns
    assert load_rules(MAP).TURNS == {5: 7, 6: 6}


@pytest.mark.parametrize("players", [5, 6])
def test_a_new_game_replays_to_the_same_setup(players):
    game = Game.new(MAP, players=players, seed=9)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.display == game.state.display


def test_the_board_marks_every_flight_city_with_a_plane(board):
    from ageofsteam.maps.taiwan.rules import NORTH, SOUTH
    from ageofsteam.render import render_svg

    svg = render_svg(Game.new("taiwan", players=5, seed=1).state)
    planes = re.findall(r'class="flight-city" data-hex="(\w+)" data-area="([\w ]+)"', svg)
    expected = [(board.labels[h], "North Taiwan") for h in sorted(board.areas[NORTH])]
    expected += [(board.labels[h], "South Taiwan") for h in sorted(board.areas[SOUTH])]
    assert planes == expected and len(planes) == 7
    assert "flights: a cube may fly between two purple cities" in svg
