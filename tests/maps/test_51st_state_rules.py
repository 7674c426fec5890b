"""51st State's rules of play (rulebook 003): one scenario test per rule sentence, the airport example, and
the README's rulings. Setup and board facts are in test_51st_state.py."""

from __future__ import annotations

from functools import partial

import pytest

from ageofsteam import Game
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps.fifty_first_state.state import state
from tests.conftest import act, refused
from tests.maps.test_old_europe_rules import deliveries, disc_targets
from tests.maps.test_old_europe_rules import game_at as _game_at

game_at = partial(_game_at, map_id="51st-state")
ORDER = [0, 1, 2, 3]


def build(**kw) -> Game:
    return game_at("build_track", to_move=0, order=ORDER, **kw)


def paid(game: Game, circle: str, seat: int = 0) -> int:
    before = game.state.players[seat].cash
    act(game, "place_disc", circle=circle)
    return before - game.state.players[seat].cash


# --- Track Building -----------------------------------------------------------------------------------------


def test_you_may_place_up_to_3_disks():
    game = build()
    for c in ("KS-NE", "KS-OK", "CO-KS"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 1
    assert state(game.state).circle_discs == {"KS-NE": [0], "KS-OK": [0], "CO-KS": [0]}


def test_the_engineer_places_4_disks():
    game = build(actions={0: "engineer"})
    for c in ("KS-NE", "KS-OK", "CO-KS"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 0
    act(game, "place_disc", circle="KS-MO")
    assert game.to_move == 1


def test_1_dollar_per_disk_on_a_plains_state():
    # Kansas and Oklahoma: plains, no river, not coloured
    assert paid(build(), "KS-OK") == 1 + 1


def test_2_dollars_per_disk_on_a_brown_state():
    # Oregon and California: brown, no river, not coloured (California's airport costs nothing to build)
    assert paid(build(), "CA-OR") == 2 + 2


def test_a_river_drawn_in_a_state_the_circle_touches_adds_1_dollar():
    # Kansas (plains) and Nebraska (plains, the Platte)
    assert paid(build(), "KS-NE") == 1 + (1 + 1)


def test_a_colored_state_adds_1_dollar():
    # Oregon (brown) and Washington (brown, the Columbia, Colored State)
    assert paid(build(), "OR-WA") == 2 + (2 + 1 + 1)


def test_a_new_city_counts_as_a_colored_state_for_the_cost():
    assert paid(build(new_cities={"KS": "C"}), "KS-OK") == (1 + 1) + 1


def test_blank_grey_states_in_the_north_east_are_free():
    assert paid(build(), "ME-NH") == 0
    assert paid(build(), "MA-NY") == 0 + (1 + 1 + 1)  # New York: plains, the Hudson, Colored State


def test_a_circle_touching_four_states_costs_the_sum_of_all_four():
    # Arizona (brown, river, CS) + Colorado (brown) + New Mexico (brown, river) + Utah (brown, CS)
    assert paid(build(), "AZ-CO-NM-UT") == 4 + 2 + 3 + 3


def test_with_the_option_a_disc_costs_its_dearest_state():
    game = build(options={"disc_cost": "highest"})
    assert paid(game, "OR-WA") == 4


def test_the_disc_cost_option_takes_only_its_two_readings():
    with pytest.raises(BadInput, match="disc_cost"):
        build(options={"disc_cost": "max"})


def test_a_circle_holds_one_disc():
    game = build(discs={"KS-OK": [1]})
    assert "KS-OK" not in disc_targets(game)
    refused(game, "place_disc", "full", circle="KS-OK")


def test_with_the_option_a_circle_holds_more_discs():
    game = build(discs={"KS-OK": [1]}, options={"circle_capacity": 2})
    act(game, "place_disc", circle="KS-OK")
    assert state(game.state).circle_discs["KS-OK"] == [1, 0]
    assert check_invariants(game) == []


def test_there_are_no_large_circles():
    refused(build(), "place_disc", "Kansas has no large circle", circle="KS")


def test_a_disc_on_four_corners_joins_each_pair_of_its_states():
    game = build()
    act(game, "place_disc", circle="AZ-CO-NM-UT")
    g = game.state
    pairs = {frozenset((g.label(lk.a), g.label(lk.b))) for lk in g.network.links.values() if lk.owner == 0}
    assert len(pairs) == 6
    assert sum(lk.sections for lk in g.network.links.values() if lk.owner == 0) == 1  # one disc, one point


# --- Urbanization -------------------------------------------------------------------------------------------


def urbanizer(**kw) -> Game:
    return build(actions={0: "urbanization"}, **kw)


def sites(game: Game) -> set[str]:
    return {a.hex for a in game.legal_actions() if a.kind == "urbanize"}  # type: ignore[attr-defined]


def test_a_player_may_establish_a_new_city_in_a_state():
    game = urbanizer()
    act(game, "urbanize", hex="KS", city="A")
    assert game.state.new_cities == {game.state.map.by_label["KS"]: "A"}


def test_a_new_city_may_not_be_placed_directly_adjacent_to_a_cs():
    game = urbanizer()
    assert "OR" not in sites(game)  # Oregon borders Washington
    refused(game, "urbanize", "next to a Colored State", hex="OR", city="A")


def test_a_new_city_may_not_be_placed_directly_adjacent_to_an_existing_new_city():
    game = urbanizer(new_cities={"KS": "B"})
    assert "NE" not in sites(game)
    refused(game, "urbanize", "next to another New City", hex="NE", city="A")


def test_no_new_city_in_a_state_too_small_to_hold_the_tile():
    game = urbanizer()
    small = {"RI", "DE", "CT", "NJ", "NH", "VT", "MA", "MD"}
    assert not small & sites(game)
    refused(game, "urbanize", "too small", hex="NH", city="A")


def test_the_states_open_to_a_new_city_at_the_start():
    assert sites(urbanizer()) == {"KS", "ME", "MN", "MT", "NE", "ND", "SD", "VA"}


# --- Goods Transport ----------------------------------------------------------------------------------------

EXAMPLE_DISCS = {"OR-WA": [0], "CA-OR": [0]}
EXAMPLE_LINKS = ["OR-WA:0", "CA-OR:0", "air:AK-CA"]


def example(engine: int, **kw) -> Game:
    kw.setdefault("discs", EXAMPLE_DISCS)
    return game_at("move_goods", to_move=0, order=ORDER, engine=engine, cubes={"WA": ["yellow"]}, **kw)


def test_the_airport_example_washington_to_alaska_needs_locomotive_level_2():
    game = example(2)
    assert deliveries(game) == {("WA", "yellow", tuple(EXAMPLE_LINKS))}
    act(game, "deliver", city="WA", colour="yellow", links=EXAMPLE_LINKS)
    assert game.state.players[0].income == 2  # the flight +1, Alaska (a CS) +1


def test_the_airport_example_is_out_of_reach_at_level_1():
    game = example(1)
    assert not deliveries(game)
    refused(game, "deliver", "uses 2 engine levels", city="WA", colour="yellow", links=EXAMPLE_LINKS)


def test_passing_through_or_delivering_to_a_cs_advances_income_by_1():
    # Illinois (red, dark 1) → Indiana → Ohio → Pennsylvania (yellow CS) → New York (blue CS): levels 2
    discs = {"IL-IN": [0], "IN-OH": [0], "OH-PA": [0], "NY-PA": [0]}
    game = game_at("move_goods", to_move=0, order=ORDER, engine=2, cubes={"IL": ["blue"]}, discs=discs)
    links = ["IL-IN:0", "IN-OH:0", "OH-PA:0", "NY-PA:0"]
    assert ("IL", "blue", tuple(links)) in deliveries(game)
    act(game, "deliver", city="IL", colour="blue", links=links)
    assert game.state.players[0].income == 2


def test_other_players_disks_may_not_be_used():
    game = example(3, discs={"OR-WA": [0], "CA-OR": [1]})
    assert not deliveries(game)
    links = ["OR-WA:0", "CA-OR:1", "air:AK-CA"]
    refused(game, "deliver", "only your own discs", city="WA", colour="yellow", links=links)


def flight_ids(game: Game) -> set[str]:
    return {lid for lid in game.state.network.links if lid.startswith("air:")}


def test_an_airports_flight_goes_to_alaska():
    # "reaching the airport in California … and delivering the good to Alaska": each airport flies to Alaska
    game = game_at("move_goods", to_move=0, order=ORDER)
    assert flight_ids(game) == {f"air:AK-{s}" for s in ("CA", "CO", "GA", "IL", "NY", "TX")}


def test_with_the_option_a_flight_joins_any_two_airports():
    game = game_at("move_goods", to_move=0, order=ORDER, options={"flights_between_all_airports": True})
    assert len(flight_ids(game)) == 7 * 6 // 2


def test_the_airport_example_also_holds_with_flights_between_all_airports():
    game = example(2, options={"flights_between_all_airports": True})
    act(game, "deliver", city="WA", colour="yellow", links=EXAMPLE_LINKS)
    assert game.state.players[0].income == 2


def test_a_red_good_flies_from_colorado_to_georgia_only_with_the_option():
    # Utah (blue CS) → Colorado (airport, by disc) → flight → Georgia (red CS): the flight 1, Georgia 1
    links = ["CO-UT:0", "air:CO-GA"]
    kw = {"to_move": 0, "order": ORDER, "engine": 2, "cubes": {"UT": ["red"]}, "discs": {"CO-UT": [0]}}
    assert not deliveries(game_at("move_goods", **kw))
    game = game_at("move_goods", options={"flights_between_all_airports": True}, **kw)
    assert ("UT", "red", tuple(links)) in deliveries(game)
    act(game, "deliver", city="UT", colour="red", links=links)
    assert game.state.players[0].income == 2


def test_flights_do_not_chain():
    # Washington → Oregon → California, flown to Alaska and on to New York (blue): two flights, refused
    links = [*EXAMPLE_LINKS, "air:AK-NY"]
    game = game_at("move_goods", to_move=0, order=ORDER, engine=6, cubes={"WA": ["blue"]}, discs=EXAMPLE_DISCS)
    assert not deliveries(game)
    refused(game, "deliver", "at most one flight", city="WA", colour="blue", links=links)


def test_flights_do_not_chain_with_flights_between_all_airports():
    # the audit's case: a blue good from Illinois to Georgia, Alaska and New York with no disc at all
    links = ["air:GA-IL", "air:AK-GA", "air:AK-NY"]
    options = {"flights_between_all_airports": True}
    game = game_at("move_goods", to_move=0, order=ORDER, engine=6, cubes={"IL": ["blue"]}, options=options)
    assert not deliveries(game)
    refused(game, "deliver", "at most one flight", city="IL", colour="blue", links=links)


def test_every_delivery_uses_at_least_one_of_the_movers_own_discs():
    # a blue good in Alaska flies straight to New York (blue CS, airport): a flight alone is no delivery
    game = game_at("move_goods", to_move=0, order=ORDER, engine=3, cubes={"AK": ["blue"]})
    assert not deliveries(game)
    refused(game, "deliver", "at least one of your own discs", city="AK", colour="blue", links=["air:AK-NY"])


def test_a_flight_alone_is_no_delivery_with_flights_between_all_airports():
    options = {"flights_between_all_airports": True}
    game = game_at("move_goods", to_move=0, order=ORDER, engine=2, cubes={"TX": ["red"]}, options=options)
    assert not deliveries(game)
    refused(game, "deliver", "at least one of your own discs", city="TX", colour="red", links=["air:GA-TX"])


def test_a_good_in_alaska_flies_out_and_goes_on_by_disc():
    # Alaska → flight → California → Oregon → Washington (red CS): the flight 1, Washington 1
    links = ["air:AK-CA", "CA-OR:0", "OR-WA:0"]
    game = game_at("move_goods", to_move=0, order=ORDER, engine=2, cubes={"AK": ["red"]}, discs=EXAMPLE_DISCS)
    assert deliveries(game) == {("AK", "red", tuple(links))}
    act(game, "deliver", city="AK", colour="red", links=links)
    assert game.state.players[0].income == 2


@pytest.mark.state_edited  # the bankruptcy is called by hand
@pytest.mark.state_edited
def test_a_bankrupt_players_discs_leave_the_board():
    game = build(discs={"KS-OK": [1], "KS-NE": [1, 2]}, options={"circle_capacity": 2})
    g = game.state
    g.rules.on_eliminated(g, 1)
    assert state(g).circle_discs == {"KS-NE": [2]}


def test_passing_an_airport_state_over_discs_costs_no_extra_level():
    # ruling 1: only a flight uses the airport; Utah → Colorado (airport, by disc) → Kansas → Missouri → Illinois
    discs = {"CO-UT": [0], "CO-KS": [0], "KS-MO": [0], "IL-MO": [0]}
    links = ["CO-UT:0", "CO-KS:0", "KS-MO:0", "IL-MO:0"]
    game = game_at("move_goods", to_move=0, order=ORDER, engine=1, cubes={"UT": ["red"]}, discs=discs)
    assert ("UT", "red", tuple(links)) in deliveries(game)
    act(game, "deliver", city="UT", colour="red", links=links)
    assert game.state.players[0].income == 1  # Illinois only


def test_the_position_renders_with_discs_on_circles_and_goods():
    from ageofsteam.render import render_svg

    game = build(discs={"OR-WA": [0], "CA-OR": [1], "AZ-CO-NM-UT": [2]})
    svg = render_svg(game.state)
    assert svg.count('class="disc"') == 3
    assert 'class="airport"' in svg and 'class="river"' in svg
