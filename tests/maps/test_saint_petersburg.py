"""Saint Petersburg: the rulebook's facts about the board, its adjacency, and its setup for 3 and 4 players."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board, load_rules
from ageofsteam.maps.saint_petersburg.state import state

MAP = "saint-petersburg"
# The rulebook's hex classes: suburban $0, urban $2, green $3, river ($2 urban + $2 river), sea (no track).
CLASSES = {"suburban", "urban", "green", "river", "sea"}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def of_class(board: MapData, kind: str) -> set[int]:
    return {h for h in range(board.size) if board.terrain[h] == kind}


def component(board: MapData, start: int, within: set[int]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n in within and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


# --- the file -----------------------------------------------------------------------------------------


def test_the_board_is_for_3_to_4_players(board):
    assert board.id == "saint-petersburg"
    assert board.players == (3, 4)
    with pytest.raises(BadInput):
        Game.new(MAP, players=5)


def test_size_like_a_published_map(board):
    assert board.size == 161
    assert len(board.cities) == 12
    assert len(board.towns) == 12


# --- the rulebook's facts -----------------------------------------------------------------------------


def test_every_hex_is_suburban_urban_green_river_or_sea(board):
    for h in range(board.size):
        if h not in board.city_at:
            assert board.terrain[h] in CLASSES, board.labels[h]


def test_every_class_is_on_the_board(board):
    kinds = {board.terrain[h] for h in range(board.size) if h not in board.city_at and h not in board.towns}
    assert kinds == CLASSES


def test_each_town_hex_has_a_class_where_track_may_be_laid(board):
    for h, name in board.towns.items():
        assert board.terrain[h] in {"suburban", "urban", "green"}, name


def urban_pattern(board: MapData) -> set[int]:
    """The hexes under the urban pattern: urban hexes, river hexes (rivers are urban) and urban towns."""
    return of_class(board, "urban") | of_class(board, "river")


def test_rivers_lie_in_urban_hexes_only(board):
    """Every river hex is part of the urban pattern: it touches another urban or river hex."""
    pattern = urban_pattern(board)
    rivers = of_class(board, "river")
    assert rivers
    for h in rivers:
        assert any(n in pattern for n in board.neighbours[h]), board.labels[h]


def test_the_neva_is_one_chain_from_the_map_edge_to_the_sea(board):
    rivers = of_class(board, "river")
    sea = of_class(board, "sea")
    chain = component(board, next(iter(rivers)), rivers)
    assert chain == rivers
    assert any(n in sea for h in rivers for n in board.neighbours[h])  # it reaches Neva Bay
    assert any(n < 0 for h in rivers for n in board.neighbours[h])  # it enters at the map edge


def test_the_sea_is_on_the_west(board):
    sea = of_class(board, "sea")
    middle = (min(board.cols) + max(board.cols)) / 2
    assert len(sea) >= 20
    assert all(board.cols[h] < middle for h in sea)
    assert board.terrain[board.by_label["M0"]] == "sea"  # the west edge at mid-height


def test_yellow_and_purple_cities_matter(board):
    yellow = [c.name for c in board.cities if "yellow" in c.colours]
    purple = [c.name for c in board.cities if "purple" in c.colours]
    assert len(yellow) == 3 and len(purple) == 3
    assert all(len(c.colours) == 1 for c in board.cities)


def test_goods_growth_numbers_light_and_dark_1_to_6_once_each(board):
    keys = sorted(k for c in board.cities for k in c.growth)
    assert keys == sorted([f"light{v}" for v in range(1, 7)] + [f"dark{v}" for v in range(1, 7)])


def test_every_land_hex_is_reachable_without_crossing_the_sea(board):
    land = set(range(board.size)) - of_class(board, "sea")
    assert component(board, next(iter(land)), land) == land


def test_no_two_cities_are_neighbours(board):
    for c in board.cities:
        assert not any(n in board.city_at for n in board.neighbours[c.hex]), c.name


# --- adjacency spot checks ----------------------------------------------------------------------------


def around(board: MapData, label: str) -> list[str | None]:
    """The terrain of the six neighbours, N, NE, SE, S, SW, NW (None: off the map)."""
    return [board.terrain[n] if n >= 0 else None for n in board.neighbours[board.by_label[label]]]


def test_moskovsky_station_sits_in_a_bend_of_the_neva(board):
    h = board.by_label["M8"]
    assert board.cities[board.city_at[h]].name == "Moskovsky Station"
    assert [board.labels[n] for n in board.neighbours[h]] == ["K8", "L9", "N9", "O8", "N7", "L7"]
    assert around(board, "M8") == ["river", "river", "river", "urban", "urban", "urban"]
    assert board.towns[board.by_label["L7"]] == "Hermitage"


def test_the_sea_port_faces_the_bay_and_the_delta(board):
    assert around(board, "K4") == ["green", "river", "river", "river", "sea", "sea"]


def test_ozerki_on_the_north_edge(board):
    neighbours = board.neighbours[board.by_label["A6"]]
    assert [board.labels[n] if n >= 0 else None for n in neighbours] == [None, None, "B7", "C6", "B5", None]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_setup_puts_4_goods_on_yellow_and_purple_cities_and_1_on_the_others(players):
    g = Game.new(MAP, players=players, seed=players).state
    assert g.phase == "issue_shares"
    for c in g.map.cities:
        want = 4 if {"yellow", "purple"} & set(c.colours) else 1
        assert sum(g.cubes[c.hex].values()) == want, c.name
    assert sum(sum(c.values()) for c in g.cubes.values()) == 6 * 4 + 6 * 1


@pytest.mark.parametrize("players", [3, 4])
def test_the_game_begins_in_winter_with_the_locomotive_action_blocked(players):
    g = Game.new(MAP, players=players, seed=1).state
    assert state(g).season == "winter"
    assert state(g).blocked_action == "locomotive"


@pytest.mark.parametrize(("players", "turns"), [(3, 9), (4, 7)])
def test_the_game_ends_one_round_earlier_than_usual(players, turns):
    assert Game.new(MAP, players=players, seed=2).state.last_turn == turns
    base = load_rules("rust-belt").TURNS
    ours = load_rules(MAP).TURNS
    assert ours == {3: base[3] - 1, 4: base[4] - 1}


@pytest.mark.parametrize("players", [3, 4])
def test_the_goods_display_is_filled_as_usual(players):
    g = Game.new(MAP, players=players, seed=4).state
    assert sum(len(boxes) for boxes in g.display.values()) == 52
    assert all(c is not None for boxes in g.display.values() for c in boxes)
    assert sorted(g.new_cities_left) == list("ABCDEFGH")


@pytest.mark.parametrize("players", [3, 4])
def test_a_new_game_replays_to_the_same_setup(players):
    game = Game.new(MAP, players=players, seed=9)
    again = game.replay()
    assert again.state.cubes == game.state.cubes
    assert again.state.map_state == game.state.map_state
