"""51st State: the rulebook's facts about the board (rulebook 003), what its airport example implies, the
real land borders, the drawing data, and the setup for 3 to 6 players."""

from __future__ import annotations

from collections import Counter

import pytest

from ageofsteam import Game
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board, load_rules
from tests.maps.outlines import distance_to_outline, inside

MAP = "51st-state"

# The 105 land borders between the 48 contiguous states (point contacts and water-only boundaries excluded).
LAND = """
AL-FL AL-GA AL-MS AL-TN AR-LA AR-MO AR-MS AR-OK AR-TN AR-TX AZ-CA AZ-NM AZ-NV AZ-UT CA-NV CA-OR CO-KS CO-NE
CO-NM CO-OK CO-UT CO-WY CT-MA CT-NY CT-RI DE-MD DE-NJ DE-PA FL-GA GA-NC GA-SC GA-TN IA-IL IA-MN IA-MO IA-NE
IA-SD IA-WI ID-MT ID-NV ID-OR ID-UT ID-WA ID-WY IL-IN IL-KY IL-MO IL-WI IN-KY IN-MI IN-OH KS-MO KS-NE KS-OK
KY-MO KY-OH KY-TN KY-VA KY-WV LA-MS LA-TX MA-NH MA-NY MA-RI MA-VT MD-PA MD-VA MD-WV ME-NH MI-OH MI-WI MN-ND
MN-SD MN-WI MO-NE MO-OK MO-TN MS-TN MT-ND MT-SD MT-WY NC-SC NC-TN NC-VA ND-SD NE-SD NE-WY NH-VT NJ-NY NJ-PA
NM-OK NM-TX NV-OR NV-UT NY-PA NY-VT OH-PA OH-WV OK-TX OR-WA PA-WV SD-WY TN-VA UT-WY VA-WV
"""
GREY = "ME NH VT MA RI CT NJ DE MD"
TOO_SMALL = "RI DE CT NJ NH VT MA MD"
NEW_CITY_AT_START = "KS ME MN MT ND NE SD VA"  # the README's list: not a CS, not next to one, not too small
CS_COLOURS = {"yellow", "blue", "red", "purple"}


def pair_set(text: str) -> set[frozenset[str]]:
    """``"AL-FL AL-GA"`` → the set of those pairs of state ids."""
    return {frozenset(p.split("-")) for p in text.split()}


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_board(MAP)


def state(board: MapData, name: str) -> int:
    """The place id of a state from its name."""
    return next(h for h in range(board.size) if board.region_info[h].name == name)


def is_cs(board: MapData, h: int) -> bool:
    return h in board.city_at


def neighbours(board: MapData, h: int) -> set[int]:
    return {n for c in board.circles if h in c.places for n in c.places} - {h}


def joined(board: MapData, a: str, b: str) -> bool:
    ha, hb = state(board, a), state(board, b)
    return any(ha in c.places and hb in c.places for c in board.circles)


# --- the file -------------------------------------------------------------------------------------------


def test_the_map_is_an_area_map_for_3_to_6_players(board):
    assert board.id == MAP
    assert board.is_area
    assert board.players == (3, 6)


def test_the_figures_of_the_board(board):
    assert board.size == 49
    assert len(board.cities) == 12
    assert len(board.towns) == 37
    assert Counter(board.terrain) == {"plain": 23, "brown": 17, "grey": 9}
    assert sum(1 for info in board.region_info.values() if info.airport) == 7
    assert sum(1 for info in board.region_info.values() if info.river) == 13
    assert len(board.circles) == 106


# --- the rulebook's facts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "name"), [("AK", "Alaska"), ("WA", "Washington"), ("OR", "Oregon"), ("CA", "California")]
)
def test_the_states_the_rulebook_names(board, label, name):
    assert board.region_info[board.hex_id(label)].name == name


def test_the_colored_states_are_yellow_blue_red_and_purple(board):
    colours = Counter(col for c in board.cities for col in c.colours)
    assert set(colours) == CS_COLOURS
    assert set(colours.values()) == {3}
    assert all(len(c.colours) == 1 for c in board.cities)


def test_each_goods_growth_number_feeds_exactly_one_colored_state(board):
    columns = Counter(key for c in board.cities for key in c.growth)
    assert sorted(columns) == sorted([f"light{n}" for n in range(1, 7)] + [f"dark{n}" for n in range(1, 7)])
    assert set(columns.values()) == {1}


def test_the_grey_states_are_the_free_north_eastern_ones_and_blank(board):
    grey = {board.labels[h] for h in range(board.size) if board.terrain[h] == "grey"}
    assert grey == set(GREY.split())
    assert not any(is_cs(board, board.hex_id(s)) for s in grey)
    # north-east: east of Ohio and north of Virginia as drawn
    ohio_x = board.positions[board.hex_id("OH")][0]
    virginia_y = board.positions[board.hex_id("VA")][1]
    for s in grey:
        x, y = board.positions[board.hex_id(s)]
        assert x > ohio_x and y < virginia_y, s


def test_every_other_state_is_plains_or_brown(board):
    assert set(board.terrain) == {"plain", "brown", "grey"}


def test_some_states_have_airports_and_some_rivers(board):
    airports = {board.labels[h] for h, info in board.region_info.items() if info.airport}
    assert {"CA", "AK"} <= airports
    assert any(info.river for info in board.region_info.values())


# --- the airport example: a yellow good from Washington through Oregon and California to Alaska ----------


def test_washington_is_a_colored_state(board):
    # goods start only on Colored States
    assert is_cs(board, state(board, "Washington"))


def test_oregon_is_free_to_pass_through(board):
    h = state(board, "Oregon")
    assert not is_cs(board, h)
    assert not board.region_info[h].airport


def test_california_has_an_airport_and_is_not_a_colored_state(board):
    h = state(board, "California")
    assert board.region_info[h].airport
    assert not is_cs(board, h)


def test_alaska_is_a_yellow_colored_state_reached_only_by_air(board):
    h = state(board, "Alaska")
    assert board.cities[board.city_at[h]].colours == ("yellow",)
    assert board.region_info[h].airport
    assert not any(h in c.places for c in board.circles)


def test_the_example_route_is_two_circles_and_a_flight(board):
    assert joined(board, "Washington", "Oregon")
    assert joined(board, "Oregon", "California")


def test_the_example_needs_locomotive_level_2(board):
    """Counted as the example counts: Oregon is free, reaching California's airport is 1, delivering to
    Alaska 1 more."""
    route = ["Washington", "Oregon", "California", "Alaska"]
    levels = 0
    for name in route[1:-1]:
        h = state(board, name)
        levels += int(is_cs(board, h)) + int(board.region_info[h].airport)
    levels += 1  # the delivery to Alaska
    assert levels == 2


# --- borders and circles --------------------------------------------------------------------------------


def test_the_circles_are_the_real_land_borders_and_the_four_corners(board):
    two = {frozenset(board.labels[h] for h in c.places) for c in board.circles if len(c.places) == 2}
    assert two == pair_set(LAND)
    assert len(pair_set(LAND)) == 105
    more = [c for c in board.circles if len(c.places) > 2]
    assert len(more) == 1
    assert {board.labels[h] for h in more[0].places} == {"AZ", "CO", "NM", "UT"}


def test_every_circle_joins_existing_states_and_is_a_land_circle(board):
    for c in board.circles:
        assert len(set(c.places)) == len(c.places) >= 2
        assert all(0 <= h < board.size for h in c.places)
        assert c.kind == "land"


def test_every_state_but_alaska_has_a_circle(board):
    alone = {board.labels[h] for h in range(board.size) if not neighbours(board, h)}
    assert alone == {"AK"}


def test_the_48_states_are_one_network(board):
    alaska = board.hex_id("AK")
    start = board.hex_id("WA")
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(board, todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(range(board.size)) - {alaska}


# --- New Cities -----------------------------------------------------------------------------------------


def test_the_states_too_small_for_a_new_city(board):
    small = {board.labels[h] for h, info in board.region_info.items() if not info.new_city}
    assert small == set(TOO_SMALL.split())


def test_where_a_new_city_may_go_at_the_start(board):
    """Not a Colored State, not next to one, not too small (the README's list)."""
    colored = set(board.city_at)
    open_states = {
        board.labels[h]
        for h in range(board.size)
        if h not in colored and board.region_info[h].new_city and not neighbours(board, h) & colored
    }
    assert open_states == set(NEW_CITY_AT_START.split())


# --- drawing data ---------------------------------------------------------------------------------------


def test_every_state_has_a_position_inside_a_coarse_outline(board):
    for h in range(board.size):
        shape = board.shapes[h]
        assert 5 <= len(shape) <= 15, board.labels[h]
        assert inside(board.positions[h], shape), board.labels[h]
        assert all(0 <= x <= 1000 for x, _ in shape)


def test_every_circle_sits_on_the_border_of_each_state_it_joins(board):
    for c in board.circles:
        for h in c.places:
            assert distance_to_outline((c.x, c.y), board.shapes[h]) < 1.5, (c.id, board.labels[h])


def test_the_alaska_inset_is_clear_of_the_other_states(board):
    alaska = board.shapes[board.hex_id("AK")]
    for h in range(board.size):
        if board.labels[h] != "AK":
            assert not any(inside(p, board.shapes[h]) for p in alaska)
            assert not any(inside(p, alaska) for p in board.shapes[h])


# --- setup ----------------------------------------------------------------------------------------------


def test_setup_puts_2_goods_on_each_colored_state(board):
    game = Game.new(MAP, players=3, seed=1)
    starting = load_rules(MAP).starting_cubes(game.state)
    assert starting == {c.hex: 2 for c in board.cities}


@pytest.mark.parametrize(("players", "turns"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_the_game_sets_up_for_3_to_6_players(players, turns):
    game = Game.new(MAP, players=players, seed=players)
    g = game.state
    assert g.last_turn == turns
    assert {h: sum(cubes.values()) for h, cubes in g.cubes.items()} == {c.hex: 2 for c in g.map.cities}
    display = sum(1 for boxes in g.display.values() for c in boxes if c is not None)
    assert sum(g.bag.values()) + display + 24 == 96  # every good is somewhere
