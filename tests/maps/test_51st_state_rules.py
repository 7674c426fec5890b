"""51st State's rules of play (rulebook 003): one scenario test per rule sentence, the airport example, and
the README's rulings. Setup and board facts are in test_51st_state.py."""

from __future__ import annotations

import json
from functools import partial

import pytest

from ageofsteam import Game, IllegalAction, Record
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps.fifty_first_state.state import state
from ageofsteam.rules.scoring import track_points
from tests.conftest import act, refused
from tests.golden_records import figures, record_path
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
    for c in ("IL-IN", "IN-OH", "OH-PA"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 1
    assert state(game.state).circle_discs == {"IL-IN": [0], "IN-OH": [0], "OH-PA": [0]}


def test_the_engineer_places_4_disks():
    game = build(actions={0: "engineer"})
    for c in ("IL-IN", "IN-OH", "OH-PA"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 0
    act(game, "place_disc", circle="IL-MO")
    assert game.to_move == 1


def test_1_dollar_per_disk_on_a_plains_state():
    # Kansas and Oklahoma: plains, no river, not coloured (joined to the player's disc in Kansas)
    assert paid(build(discs={"KS-MO": [0]}), "KS-OK") == 1 + 1


def test_2_dollars_per_disk_on_a_brown_state():
    # Oregon and California: brown, no river, not coloured (California's airport costs nothing to build)
    assert paid(build(discs={"OR-WA": [0]}), "CA-OR") == 2 + 2


def test_a_river_drawn_in_a_state_the_circle_touches_adds_1_dollar():
    # Kansas (plains) and Nebraska (plains, the Platte)
    assert paid(build(discs={"KS-MO": [0]}), "KS-NE") == 1 + (1 + 1)


def test_a_colored_state_adds_1_dollar():
    # Oregon (brown) and Washington (brown, the Columbia, Colored State)
    assert paid(build(), "OR-WA") == 2 + (2 + 1 + 1)


def test_a_new_city_counts_as_a_colored_state_for_the_cost():
    assert paid(build(new_cities={"KS": "C"}), "KS-OK") == (1 + 1) + 1


def test_blank_grey_states_in_the_north_east_are_free():
    assert paid(build(discs={"NH-VT": [0]}), "ME-NH") == 0
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
    game = build(discs={"KS-OK": [1], "KS-MO": [0]}, options={"circle_capacity": 2})
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


# --- "Unless stated otherwise, the standard Age of Steam rules apply": connection and scoring ------------------


def at_version(game: Game, version: int) -> Game:
    """``game`` replayed from its record as played under rules version ``version``."""
    old = Game.from_record(game.record.model_copy(update={"rules_version": version}))
    assert old.state.rules_version == version
    return old


def points(game: Game, seat: int = 0) -> int:
    return track_points(game.state, seat)


def test_new_track_must_connect_to_a_city_so_a_disc_touching_no_colored_state_is_refused():
    # Kansas and Oklahoma: no Colored State, and the player has no disc; Washington is a Colored State
    game = build()
    assert "KS-OK" not in disc_targets(game) and "OR-WA" in disc_targets(game)
    refused(game, "place_disc", ("KS-OK", "must connect to a city or to your own discs"), circle="KS-OK")
    act(game, "place_disc", circle="OR-WA")
    assert state(game.state).circle_discs == {"OR-WA": [0]}


def test_new_track_may_connect_to_the_builders_own_track_a_disc_touching_a_state_your_disc_touches():
    game = build(discs={"OR-WA": [0]})
    targets = disc_targets(game)
    assert {"CA-OR", "NV-OR"} <= targets  # Oregon: where the player's disc lies
    assert "CA-NV" not in targets
    act(game, "place_disc", circle="CA-OR")
    assert "CA-NV" in disc_targets(game)  # and now California too


def test_another_players_disc_does_not_connect_yours():
    game = build(discs={"OR-WA": [1]})
    assert "CA-OR" not in disc_targets(game)
    refused(game, "place_disc", "must connect", circle="CA-OR")


def test_a_new_city_connects_new_discs_like_a_colored_state():
    assert "KS-OK" not in disc_targets(build())
    assert "KS-OK" in disc_targets(build(new_cities={"KS": "C"}))


def test_an_airport_is_no_city_to_connect_to():
    # ruling 10: California's airport joins it to Alaska by air, but a disc must touch a Colored State
    game = build()
    assert "CA-NV" not in disc_targets(game)
    refused(game, "place_disc", "must connect", circle="CA-NV")


def test_track_in_unfinished_sections_scores_nothing():
    # Illinois (CS) → Indiana → Ohio: the chain ends in a state that is no city; on to Pennsylvania (CS) it is
    # finished, and each of its discs scores
    assert points(build(discs={"IL-IN": [0], "IN-OH": [0]})) == 0
    assert points(build(discs={"IL-IN": [0], "IN-OH": [0], "OH-PA": [0]})) == 3


def test_a_dead_end_branch_off_a_finished_chain_scores_nothing():
    # Indiana → Kentucky leads to no city: the chain's 3 discs score, the branch does not
    game = build(discs={"IL-IN": [0], "IN-OH": [0], "OH-PA": [0], "IN-KY": [0]})
    assert points(game) == 3


def test_a_chain_back_to_the_city_it_left_is_unfinished():
    # Illinois → Indiana → Kentucky → Illinois: a Completed Railroad Link joins two different cities
    assert points(build(discs={"IL-IN": [0], "IN-KY": [0], "IL-KY": [0]})) == 0


def test_a_chain_to_an_airport_is_finished_by_its_flight_to_alaska():
    # the airport example's discs: Washington → Oregon → California, flown on to Alaska; Washington → Oregon →
    # Nevada reaches no airport
    assert points(build(discs=EXAMPLE_DISCS)) == 2
    assert points(build(discs={"OR-WA": [0], "NV-OR": [0]})) == 0


def test_flights_do_not_chain_so_discs_between_two_flights_score_nothing():
    # California → Nevada → Idaho → Wyoming → Colorado: airports at both ends, no Colored State; goods would
    # need a flight in and another out (to Alaska both ways, or to Texas with every airport joined)
    discs = {"CA-NV": [0], "ID-NV": [0], "ID-WY": [0], "CO-WY": [0]}
    assert points(build(discs=discs)) == 0
    assert points(build(discs=discs, options={"flights_between_all_airports": True})) == 0


def test_another_players_discs_do_not_finish_your_chain():
    assert points(build(discs={"IL-IN": [0], "IN-OH": [1], "OH-PA": [0]})) == 0


def test_a_chain_finished_by_a_later_disc_scores_from_then_on():
    game = build(discs={"IL-IN": [0], "IN-OH": [0]})
    assert points(game) == 0
    act(game, "place_disc", circle="OH-PA")
    assert points(game) == 3


def test_with_the_option_unconnected_discs_a_disc_may_go_on_any_circle_with_room():
    game = build(options={"unconnected_discs": True})
    assert "KS-OK" in disc_targets(game)
    act(game, "place_disc", circle="KS-OK")
    assert state(game.state).circle_discs == {"KS-OK": [0]}


def test_with_the_option_unconnected_discs_every_disc_scores():
    game = build(discs={"KS-OK": [0], "OR-WA": [0]}, options={"unconnected_discs": True})
    assert points(game) == 2


def test_rules_version_2_records_let_a_disc_go_anywhere_and_score_every_disc():
    game = build(discs={"OR-WA": [0]})
    assert points(game) == 0
    refused(game, "place_disc", "must connect", circle="KS-OK")
    old = at_version(game, 2)
    assert points(old) == 1
    act(old, "place_disc", circle="KS-OK")
    assert points(old) == 2
    assert at_version(old, 2).state.map_state == old.state.map_state  # and it replays so


# --- Rules versions -----------------------------------------------------------------------------------------


def test_rules_version_1_records_join_every_airport_to_every_other_and_let_flights_chain():
    # version 1 games were made with flights_between_all_airports = true (then the default)
    links = ["air:GA-IL", "air:AK-GA", "air:AK-NY"]
    options = {"flights_between_all_airports": True}
    game = game_at("move_goods", to_move=0, order=ORDER, engine=6, cubes={"IL": ["blue"]}, options=options)
    old = at_version(game, 1)
    assert ("IL", "blue", tuple(links)) in deliveries(old)
    act(old, "deliver", city="IL", colour="blue", links=links)
    assert old.state.players[0].income == 6  # three flights, Georgia, Alaska and New York


def test_rules_version_1_records_deliver_by_air_alone():
    game = game_at("move_goods", to_move=0, order=ORDER, engine=3, cubes={"AK": ["blue"]})
    refused(game, "deliver", "at least one of your own discs", city="AK", colour="blue", links=["air:AK-NY"])
    old = at_version(game, 1)
    act(old, "deliver", city="AK", colour="blue", links=["air:AK-NY"])
    assert old.state.players[0].income == 2


def golden_record(version: int) -> Record:
    return Record.model_validate(json.loads(record_path("51st-state", version).read_text())["record"])


@pytest.mark.parametrize("version", [1, 2])
def test_the_golden_record_of_each_version_uses_what_the_next_version_changed(version: int):
    # so that replaying it under its own version is a test of that version's rules
    record = golden_record(version)
    with pytest.raises(IllegalAction):
        Game.from_record(record.model_copy(update={"rules_version": version + 1}))


def test_the_version_3_golden_record_ends_otherwise_under_version_2():
    # its unfinished discs would score under version 2
    data = json.loads(record_path("51st-state", 3).read_text())
    record = Record.model_validate(data["record"])
    assert figures(Game.from_record(record)) == data["figures"]
    assert figures(Game.from_record(record.model_copy(update={"rules_version": 2}))) != data["figures"]
