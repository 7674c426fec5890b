"""Las Vegas: the rulebook's facts about the board, its adjacency, and its setup for 3, 4 and 5 players."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.las_vegas.state import state as figures

MAP = "las-vegas"


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


def red_city(board: MapData):
    (city,) = [c for c in board.cities if "red" in c.colours]
    return city


# --- the file -----------------------------------------------------------------------------------------


def test_the_board_is_for_3_to_5_players(board):
    assert board.id == "las-vegas"
    assert board.players == (3, 5)
    with pytest.raises(BadInput):
        Game.new(MAP, players=6)


def test_size_like_a_published_map(board):
    assert board.size == 176
    assert len(board.cities) == 12
    assert len(board.towns) == 12


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_the_red_city_is_in_the_centre_of_the_map(board):
    city = red_city(board)
    assert city.name == "The Strip"
    assert city.hex == centre_hex(board) == board.by_label["L7"]
    assert city.cubes == 5


def test_the_valley_is_plains(board):
    strip = red_city(board).hex
    near = [h for h in range(board.size) if 0 < distance(board, h, strip) <= 3 and h not in board.city_at]
    assert near
    assert all(board.terrain[h] == "plain" for h in near)


def test_mountains_lie_around_the_valley(board):
    edge = [h for h in range(board.size) if any(n < 0 for n in board.neighbours[h])]
    mountains = [h for h in edge if board.terrain[h] == "mountain"]
    assert len(mountains) * 2 > len(edge)
    # on every side of the board
    lo_c, hi_c = min(board.cols), max(board.cols)
    lo_y, hi_y = min(board.ys), max(board.ys)
    for side in (
        lambda h: board.cols[h] == lo_c,
        lambda h: board.ys[h] <= lo_y + 1,
        lambda h: board.cols[h] >= hi_c - 2,
        lambda h: board.ys[h] >= hi_y - 1,
    ):
        assert any(side(h) for h in mountains)


def test_the_terrain_is_plains_mountains_and_the_lake(board):
    kinds = {t for h, t in enumerate(board.terrain) if h not in board.city_at}
    assert kinds == {"plain", "mountain", "lake"}


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_no_two_cities_are_neighbours(board):
    for c in board.cities:
        assert not any(n in board.city_at for n in board.neighbours[c.hex]), c.name


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


def test_the_strip_and_the_airport(board):
    assert labels_around(board, "L7") == ["J7", "K8", "M8", "N7", "M6", "K6"]
    assert board.towns[board.by_label["M8"]] == "Harry Reid Airport"
    assert labels_around(board, "M8") == ["K8", "L9", "N9", "O8", "N7", "L7"]


def test_lake_las_vegas_by_lake_mead(board):
    h = board.by_label["K14"]
    assert board.cities[board.city_at[h]].name == "Lake Las Vegas"
    assert [board.terrain[n] for n in board.neighbours[h]] == ["plain", "lake", "lake", "mountain", "plain", "plain"]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_puts_5_goods_on_the_red_city_and_2_on_each_other_city(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    strip = red_city(g.map).hex
    for c in g.map.cities:
        assert sum(g.cubes[c.hex].values()) == (5 if c.hex == strip else 2), c.name
    assert sum(sum(c.values()) for c in g.cubes.values()) == 5 + 11 * 2


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_5_dollars_lie_under_each_red_good_on_the_cities(players, seed):
    g = Game.new(MAP, players=players, seed=seed).state
    want = {g.label(h): 5 * cubes["red"] for h, cubes in g.cubes.items() if cubes.get("red")}
    assert figures(g).money == want


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_5_dollars_lie_under_each_red_good_on_the_goods_display(seed):
    g = Game.new(MAP, players=4, seed=seed).state
    money = figures(g).display_money
    assert set(money) == set(g.display)
    for col, boxes in g.display.items():
        assert money[col] == [5 if c == "red" else 0 for c in boxes]
    reds = sum(1 for boxes in g.display.values() for c in boxes if c == "red")
    assert sum(map(sum, money.values())) == 5 * reds


def test_in_a_3_player_game_a_grey_disc_blocks_the_engineer_action():
    assert figures(Game.new(MAP, players=3, seed=1).state).blocked_action == "engineer"


@pytest.mark.parametrize("players", [4, 5])
def test_with_4_or_5_players_no_action_is_blocked(players):
    assert figures(Game.new(MAP, players=players, seed=1).state).blocked_action is None


@pytest.mark.parametrize(("players", "turns"), [(3, 10), (4, 8), (5, 7)])
def test_the_game_lasts_the_base_number_of_rounds(players, turns):
    assert Game.new(MAP, players=players, seed=2).state.last_turn == turns
    assert load_rules(MAP).TURNS == {3: 10, 4: 8, 5: 7}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_new_game_replays_to_the_same_setup_and_money(players):
    game = Game.new(MAP, players=players, seed=9)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.map_state == game.state.map_state
