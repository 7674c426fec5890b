"""Old Europe: the rulebook's facts about the board (rulebook 003), what its four transport examples imply,
the interwar adjacency, the drawing data, and the setup for 3 to 6 players."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board, load_rules
from tests.maps.outlines import distance_to_outline, inside

MAP = "old-europe"

LARGE_CIRCLE_COLOURED = ["France", "Poland", "Russia", "Turkey", "Bulgaria"]
NO_NEW_CITY = ["Switzerland", "Albania", "Denmark", "Baltic States"]

# Every pair of countries with a land border (interwar), one small circle each.
LAND = """
PT-ES ES-FR FR-BE FR-DE FR-CH FR-IT BE-NL BE-DE NL-DE DE-DK DE-PL DE-CS DE-AT DE-CH CH-AT CH-IT IT-AT IT-YU
AT-CS AT-HU AT-YU PL-CS PL-RU PL-BS PL-RO CS-HU CS-RO HU-RO HU-YU RO-RU RO-YU RO-BG BG-YU BG-GR BG-TR GR-TR
GR-AL GR-YU AL-YU BS-RU FI-RU NO-SE EN-SC
"""
SEA = "EN-FR EN-NL EN-IE SC-IE DK-SE DK-NO DE-SE IT-SI IT-AL SE-FI FI-BS"


def pair_set(text: str) -> set[frozenset[str]]:
    """``"PT-ES ES-FR"`` → the set of those pairs of region ids."""
    return {frozenset(p.split("-")) for p in text.split()}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def rid(board: MapData, name: str) -> int:
    """The place id of a country from its name."""
    return next(h for h in range(board.size) if board.region_info[h].name == name)


def city(board: MapData, name: str):
    return board.cities[board.city_at[rid(board, name)]]


def is_coloured(board: MapData, name: str) -> bool:
    return rid(board, name) in board.city_at


def joined(board: MapData, a: str, b: str) -> bool:
    """A small circle touches both countries."""
    ha, hb = rid(board, a), rid(board, b)
    return any(ha in c.places and hb in c.places for c in board.circles)


def engine_levels(board: MapData, route: list[str], new_cities: frozenset[str] = frozenset()) -> int:
    """The engine level a delivery along ``route`` needs, counted as the rulebook's examples count it.

    Each coloured country passed through costs 1, as a city does in the base game, and each large circle or
    New City passed through costs 1 more. A New City makes its country coloured. Arriving at the coloured
    destination costs 1. An uncoloured country without a large circle is free to pass through."""
    levels = 0
    for name in route[1:-1]:
        coloured = is_coloured(board, name) or name in new_cities
        hard = board.region_info[rid(board, name)].large_circle or name in new_cities
        levels += int(coloured) + int(hard)
    return levels + 1


# --- the file -------------------------------------------------------------------------------------------


def test_the_map_is_an_area_map_for_3_to_6_players(board):
    assert board.id == MAP
    assert board.is_area
    assert board.players == (3, 6)


def test_the_figures_of_the_board(board):
    assert board.size == 28
    assert len(board.cities) == 11
    assert len(board.towns) == 17
    assert sum(1 for info in board.region_info.values() if info.large_circle) == 7
    assert len(board.circles) == 54


# --- the rulebook's facts -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", LARGE_CIRCLE_COLOURED)
def test_the_coloured_countries_with_a_large_circle(board, name):
    assert is_coloured(board, name)
    assert board.region_info[rid(board, name)].large_circle


def test_england_has_a_large_circle_and_is_not_coloured(board):
    # Examples 2 and 3: passing through England "which has a large circle" costs 1, not 2.
    assert board.region_info[rid(board, "England")].large_circle
    assert not is_coloured(board, "England")


def test_the_large_circles_are_exactly_those_seven(board):
    names = {info.name for info in board.region_info.values() if info.large_circle}
    assert names == {*LARGE_CIRCLE_COLOURED, "England", "Germany"}


def test_the_setups_five_are_the_only_coloured_countries_with_a_large_circle(board):
    # "Coloured countries that have a large circle in their centre (France, Poland, Russia, Turkey and
    # Bulgaria)": so Spain, Italy, Austria and the other coloured countries have none.
    coloured = {board.cities[i].name for i in board.city_at.values()}
    with_large = {name for name in coloured if board.region_info[rid(board, name)].large_circle}
    assert with_large == set(LARGE_CIRCLE_COLOURED)


@pytest.mark.parametrize(("island", "mainland", "kind"), [("Sicily", "Italy", "sea"), ("Scotland", "England", "land")])
def test_sicily_and_scotland_are_separate_countries_with_a_small_circle_to_the_mainland(board, island, mainland, kind):
    h, m = rid(board, island), rid(board, mainland)
    assert h != m
    circles = [c for c in board.circles if set(c.places) == {h, m}]
    assert len(circles) == 1
    assert circles[0].kind == kind


def test_sicilys_only_circle_is_the_one_to_italy(board):
    h = rid(board, "Sicily")
    assert [set(c.places) for c in board.circles if h in c.places] == [{h, rid(board, "Italy")}]


def test_no_new_city_in_switzerland_albania_denmark_and_the_baltic_states(board):
    names = {info.name for info in board.region_info.values() if not info.new_city}
    assert names == set(NO_NEW_CITY)


def test_the_baltic_states_are_one_country(board):
    assert sum(1 for info in board.region_info.values() if "Baltic" in info.name) == 1


@pytest.mark.parametrize(
    ("name", "colour", "growth"),
    [
        ("Austria", None, ("dark1",)),  # example 1: Austria (black 1)
        ("Romania", "red", ("dark3",)),  # example 1: a red good to Romania (black 3)
        ("Ireland", "yellow", ("light1",)),  # examples 2, 3: Ireland (white 1); "the yellow Ireland"
        ("France", "blue", ("light3", "light4")),  # examples 2-4: France (white 3, white 4); "the blue France"
        ("Portugal", None, ("light2",)),  # example 3: Portugal (white 2)
        ("Poland", "blue", ("dark2",)),  # example 4: Poland (black 2); "the blue Poland"
    ],
)
def test_the_growth_numbers_and_colours_of_the_examples(board, name, colour, growth):
    c = city(board, name)
    assert c.growth == growth
    if colour is not None:
        assert c.colours == (colour,)


def test_each_goods_growth_number_feeds_exactly_one_country(board):
    columns = Counter(key for c in board.cities for key in c.growth)
    assert sorted(columns) == sorted([f"light{n}" for n in range(1, 7)] + [f"dark{n}" for n in range(1, 7)])
    assert set(columns.values()) == {1}


def test_only_france_takes_two_growth_numbers(board):
    assert [c.name for c in board.cities if len(c.growth) == 2] == ["France"]


def test_the_coloured_countries_take_the_four_city_colours(board):
    assert {col for c in board.cities for col in c.colours} == {"red", "blue", "yellow", "purple"}
    assert all(len(c.colours) == 1 for c in board.cities)


def test_spain_is_coloured_without_a_large_circle(board):
    # Example 3: "Passing through Spain costs 1".
    assert is_coloured(board, "Spain")
    assert not board.region_info[rid(board, "Spain")].large_circle


def test_germany_has_a_large_circle_is_uncoloured_and_may_take_a_new_city(board):
    # Example 4: with a New City, passing through Germany "costs 2 (coloured plus large circle)"; the New City
    # makes it coloured, so it starts uncoloured, and the large circle is its own.
    info = board.region_info[rid(board, "Germany")]
    assert not is_coloured(board, "Germany")
    assert info.large_circle
    assert info.new_city


# --- the four transport examples ------------------------------------------------------------------------

EXAMPLES = [
    (["Austria", "Hungary", "Romania"], frozenset(), 1),
    (["Ireland", "England", "France"], frozenset(), 2),
    (["Portugal", "Spain", "France", "England", "Ireland"], frozenset(), 5),
    (["France", "Germany", "Poland"], frozenset({"Germany"}), 3),
]


@pytest.mark.parametrize(("route", "new_cities", "level"), EXAMPLES)
def test_each_transport_example_is_a_chain_of_small_circles(board, route, new_cities, level):
    for a, b in itertools.pairwise(route):
        assert joined(board, a, b), f"no small circle joins {a} and {b}"


@pytest.mark.parametrize(("route", "new_cities", "level"), EXAMPLES)
def test_each_transport_example_needs_exactly_the_stated_engine_level(board, route, new_cities, level):
    assert engine_levels(board, route, new_cities) == level


@pytest.mark.parametrize(("route", "new_cities", "level"), EXAMPLES)
def test_each_example_starts_and_ends_in_a_coloured_country(board, route, new_cities, level):
    assert is_coloured(board, route[0])
    assert is_coloured(board, route[-1])


def test_example_1_has_no_large_circle_on_the_route(board):
    for name in ["Austria", "Hungary", "Romania"]:
        assert not board.region_info[rid(board, name)].large_circle
    assert not is_coloured(board, "Hungary")


def test_the_examples_take_the_goods_to_countries_of_their_colour(board):
    assert "red" in city(board, "Romania").colours  # example 1
    assert "blue" in city(board, "France").colours  # example 2
    assert "yellow" in city(board, "Ireland").colours  # example 3
    assert "blue" in city(board, "Poland").colours  # example 4


# --- geography ------------------------------------------------------------------------------------------


def pairs(board: MapData, kind: str) -> set[frozenset[str]]:
    return {frozenset(board.labels[h] for h in c.places) for c in board.circles if c.kind == kind}


def test_the_land_circles_are_the_interwar_land_borders(board):
    assert pairs(board, "land") == pair_set(LAND)
    assert len(pair_set(LAND)) == 43


def test_the_sea_circles(board):
    assert pairs(board, "sea") == pair_set(SEA)


def test_every_circle_joins_two_existing_countries_and_no_pair_twice(board):
    seen = set()
    for c in board.circles:
        assert len(c.places) == 2
        assert all(0 <= h < board.size for h in c.places)
        assert frozenset(c.places) not in seen
        seen.add(frozenset(c.places))


def test_every_country_can_be_reached_through_the_circles(board):
    seen, todo = {0}, [0]
    while todo:
        h = todo.pop()
        for c in board.circles:
            if h in c.places:
                for n in c.places:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
    assert seen == set(range(board.size))


# --- drawing data ---------------------------------------------------------------------------------------


def test_every_country_has_a_position_inside_a_coarse_outline(board):
    for h in range(board.size):
        shape = board.shapes[h]
        assert 5 <= len(shape) <= 15, board.labels[h]
        assert inside(board.positions[h], shape), board.labels[h]
        assert all(0 <= x <= 1000 for x, _ in shape)


def test_every_land_circle_sits_on_the_border_of_both_countries(board):
    for c in board.circles:
        if c.kind == "land":
            for h in c.places:
                assert distance_to_outline((c.x, c.y), board.shapes[h]) < 1.5, (c.id, board.labels[h])


def test_every_sea_circle_lies_in_the_sea(board):
    for c in board.circles:
        if c.kind == "sea":
            assert not any(inside((c.x, c.y), board.shapes[h]) for h in range(board.size)), c.id


# --- setup ----------------------------------------------------------------------------------------------


def test_setup_puts_1_good_in_each_coloured_country_and_2_where_a_large_circle_is(board):
    rules = load_rules(MAP)
    game = Game.new(MAP, players=3, seed=1)
    starting = rules.starting_cubes(game.state)
    for c in board.cities:
        expected = 2 if board.region_info[c.hex].large_circle else 1
        assert starting[c.hex] == expected, c.name
    assert sum(starting.values()) == 16


@pytest.mark.parametrize(("players", "turns"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_the_game_sets_up_for_3_to_6_players(players, turns):
    game = Game.new(MAP, players=players, seed=players)
    g = game.state
    assert g.last_turn == turns
    placed = {g.map.cities[g.map.city_at[h]].name: sum(cubes.values()) for h, cubes in g.cubes.items()}
    assert placed["France"] == 2
    assert placed["Ireland"] == 1
    assert sum(placed.values()) == 16
    display = sum(1 for boxes in g.display.values() for c in boxes if c is not None)
    assert sum(g.bag.values()) + display + 16 == 96  # every good is somewhere
