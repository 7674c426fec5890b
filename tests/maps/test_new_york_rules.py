"""New York Subway's rules of play (rulebook 000, 2022 revised edition): one scenario test per rule sentence,
and the README's rulings. Board facts are in test_new_york.py.

Geography used: M2 touches Central Park Tower (K2, purple), Times Square (N1, yellow) and the Chrysler
Building (N3, black); L3 touches K2, 432 Park Avenue (K4, red) and N3; O2 touches N1, N3 and the Empire State
Building (Q2, red); P1 touches N1, Q2 and Hudson Yards (R1, a construction site, beside Q2)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.engine.actions import Deliver
from ageofsteam.engine.invariants import check_invariants, cube_census
from ageofsteam.maps import load_rules
from ageofsteam.maps.new_york.figures import side_places
from ageofsteam.maps.new_york.rules import Rules
from ageofsteam.maps.new_york.state import state
from ageofsteam.render import render_svg
from ageofsteam.rules import move_goods
from ageofsteam.rules.move_goods import all_routes
from tests.conftest import act, refused, scenario

MAP = "new-york-subway"
RULES = load_rules(MAP)
assert isinstance(RULES, Rules)
PLACES = sorted(RULES.setup_discs())


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return str(v)


def game_at(
    phase: str = "build_track",
    *,
    players: int = 4,
    stacks: dict[str, list[str]] | None = None,
    dug: list[str] = (),
    stations: dict[str, list[int]] | None = None,
    cash: int = 30,
    engine: int = 3,
    actions: dict[int, str] | None = None,
    to_move: int = 0,
    options: dict[str, Any] | None = None,
    new_cities: dict[str, str] | None = None,
    income: int = 0,
    turn: int = 2,
) -> Game:
    """A position: every stack empty but those given (bottom first), the hexes dug, the stations by side."""
    labels = [RULES.map.labels[h] for h in PLACES]
    lines = [
        f'map = "{MAP}"',
        f"players = {players}",
        f'phase = "{phase}"',
        f"to_move = {to_move}",
        f"turn = {turn}",
        f"order = {toml_value(list(range(players)))}",
        "[options]",
    ]
    lines += [f"{k} = {toml_value(v)}" for k, v in (options or {}).items()]
    lines.append("[new_cities]")
    lines += [f"{k} = {toml_value(v)}" for k, v in (new_cities or {}).items()]
    lines.append("[extra.stacks]")
    lines += [f'"{lab}" = {toml_value((stacks or {}).get(lab, []))}' for lab in labels]
    lines.append("[extra.excavated]")
    lines += [f'"{lab}" = 0' for lab in dug]
    lines.append("[extra.stations]")
    lines += [f'"{k}" = {toml_value(v)}' for k, v in (stations or {}).items()]
    for seat in range(players):
        lines += ["[[player]]", f"seat = {seat}", f"cash = {cash}", f"engine = {engine}", f"income = {income}"]
        if actions and seat in actions:
            lines.append(f'action = "{actions[seat]}"')
    return scenario("\n".join(lines))


def st(game: Game) -> dict[str, list[int]]:
    return state(game.state).stations


def cash(game: Game) -> list[int]:
    return [p.cash for p in game.state.players]


# --- setup --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "colours"),
    [
        (3, ["yellow", "red", "blue"]),
        (4, ["yellow", "red", "blue", "purple"]),
        (5, ["yellow", "red", "blue", "purple", "black"]),
        (6, ["yellow", "red", "blue", "purple", "black", "green"]),
    ],
)
def test_with_4_or_fewer_only_yellow_red_blue_purple_the_5th_black_the_6th_green(players, colours):
    assert [p.colour for p in Game.new(MAP, players=players, seed=1).state.players] == colours


@pytest.mark.parametrize(("players", "cubes"), [(3, 20), (4, 16), (5, 14), (6, 12)])
def test_each_player_takes_station_cubes_equal_to_rounds_times_2(players, cubes):
    g = Game.new(MAP, players=players, seed=1).state
    assert all(RULES.stations_left(g, p.seat) == cubes for p in g.players)


def test_the_bag_20_each_of_yellow_red_blue_purple_and_16_black():
    game = Game.new(MAP, players=4, seed=3)
    assert cube_census(game.state) == {"yellow": 20, "red": 20, "blue": 20, "purple": 20, "black": 16}


@pytest.mark.parametrize("seed", [1, 2])
def test_stacks_of_3_discs_on_each_skyscraper_and_2_on_each_construction_site(seed):
    g = Game.new(MAP, players=3, seed=seed).state
    stacks = state(g).stacks
    assert {lab: len(d) for lab, d in stacks.items() if g.map.by_label[lab] in g.map.city_at} == {
        g.label(c.hex): 3 for c in g.map.cities
    }
    assert {lab: len(d) for lab, d in stacks.items() if g.map.by_label[lab] in g.map.towns} == {
        g.label(h): 2 for h in g.map.towns
    }
    assert sum(g.bag.values()) == 96 - 19 * 3 - 13 * 2
    assert all(not c for c in g.cubes.values())  # discs live in the stacks, not as cubes


def test_stacks_are_the_setup_draw_in_order_and_the_view_shows_them():
    game = Game.new(MAP, players=3, seed=5)
    setup = game.record.actions[0]
    assert state(game.state).stacks == {lab: list(d) for lab, d in setup["cities"].items()}
    assert view(game)["extra"]["stacks"] == state(game.state).stacks


def test_do_not_use_the_goods_display_no_goods_growth_no_production():
    game = Game.new(MAP, players=3, seed=1)
    assert game.state.display == {}
    assert "goods_growth" not in RULES.phase_map
    assert "production" not in RULES.ACTIONS


# --- excavation -----------------------------------------------------------------------------------------


def test_excavate_a_hex_for_2():
    game = game_at()
    act(game, "excavate", hex="M2")
    assert "M2" in state(game.state).excavated and cash(game)[0] == 28


def test_excavation_cost_includes_construction_sites():
    game = game_at()
    act(game, "excavate", hex="R1")
    assert "R1" in state(game.state).excavated and cash(game)[0] == 28


def test_up_to_2_excavations_a_turn():
    game = game_at()
    act(game, "excavate", hex="M2")
    act(game, "excavate", hex="L3")
    refused(game, "excavate", "only 2 hexes a turn", hex="O2")


def test_ruling_water_and_skyscrapers_cannot_be_excavated():
    game = game_at()
    refused(game, "excavate", "water", hex="J5")
    refused(game, "excavate", "skyscraper", hex="K2")


def test_a_hex_is_excavated_once():
    game = game_at(dug=["M2"])
    refused(game, "excavate", "already been excavated", hex="M2")


def test_excavation_needs_the_cash():
    game = game_at(cash=1)
    refused(game, "excavate", "costs $2; you have $1", hex="M2")


# --- stations --------------------------------------------------------------------------------------------


def test_anyone_may_place_a_station_where_an_excavated_hex_meets_a_skyscraper():
    game = game_at(dug=["M2"], to_move=1)  # dug by seat 0; seat 1 builds
    act(game, "build_station", place="K2", hex="M2")
    assert st(game) == {"K2-M2": [1]}


def test_a_station_also_goes_where_an_excavated_hex_meets_a_construction_site():
    game = game_at(dug=["P1"])
    act(game, "build_station", place="R1", hex="P1")
    assert st(game) == {"P1-R1": [0]}


def test_a_station_needs_an_excavated_hex():
    game = game_at()
    refused(game, "build_station", "has not been excavated", place="K2", hex="M2")


def test_a_station_is_on_a_side_of_a_skyscraper_or_construction_site():
    game = game_at(dug=["M2"])
    refused(game, "build_station", "not a skyscraper or construction site", place="L3", hex="M2")
    refused(game, "build_station", "not next to", place="Q2", hex="M2")


def test_an_excavated_construction_site_takes_stations_on_the_skyscraper_beside_it():
    game = game_at(dug=["R1"])
    act(game, "build_station", place="Q2", hex="R1")
    assert st(game) == {"Q2-R1": [0]}


def test_up_to_3_stations_a_turn():
    game = game_at(dug=["M2", "L3"])
    act(game, "build_station", place="K2", hex="M2")
    act(game, "build_station", place="N1", hex="M2")
    act(game, "build_station", place="N3", hex="M2")
    refused(game, "build_station", "only 3 stations a turn", place="K2", hex="L3")


def test_each_side_holds_at_most_players_minus_2_stations_3_players_one():
    game = game_at(players=3, dug=["M2"], stations={"K2-M2": [1]})
    refused(game, "build_station", "already holds 1 station, its limit", place="K2", hex="M2")


def test_each_side_holds_at_most_players_minus_2_stations_5_players_three():
    game = game_at(players=5, dug=["M2"], stations={"K2-M2": [1, 2]})
    act(game, "build_station", place="K2", hex="M2")
    assert st(game)["K2-M2"] == [1, 2, 0]
    game = game_at(players=5, dug=["M2"], stations={"K2-M2": [1, 2, 3]})
    refused(game, "build_station", "already holds 3 stations, its limit", place="K2", hex="M2")


@pytest.mark.parametrize(("players", "limit"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_each_side_holds_at_most_players_minus_2_stations_every_count(players, limit):
    others = list(range(1, players))
    there = {"K2-M2": others[: limit - 1], "M2-N1": others[:limit]}
    game = game_at(players=players, dug=["M2"], stations={side: seats for side, seats in there.items() if seats})
    act(game, "build_station", place="K2", hex="M2")
    assert len(st(game)["K2-M2"]) == limit
    refused(game, "build_station", f"already holds {limit} station", place="N1", hex="M2")


def test_a_player_may_not_place_two_stations_on_the_same_side():
    game = game_at(players=6, dug=["M2"], stations={"K2-M2": [0]})
    refused(game, "build_station", "already have a station", place="K2", hex="M2")


def test_each_side_may_hold_one_of_your_stations():
    game = game_at(dug=["M2"])
    act(game, "build_station", place="K2", hex="M2")
    act(game, "build_station", place="N1", hex="M2")
    assert st(game) == {"K2-M2": [0], "M2-N1": [0]}


def test_the_first_station_on_a_side_costs_1():
    game = game_at(dug=["M2"])
    act(game, "build_station", place="K2", hex="M2")
    assert cash(game) == [29, 30, 30, 30]


def test_later_stations_pay_1_to_the_bank_and_1_to_each_player_already_there():
    game = game_at(players=6, dug=["M2"], stations={"K2-M2": [1, 2]})
    act(game, "build_station", place="K2", hex="M2")
    assert cash(game) == [27, 31, 31, 30, 30, 30]


def test_a_station_needs_the_cash_for_everyone():
    game = game_at(players=6, dug=["M2"], stations={"K2-M2": [1, 2]}, cash=2)
    refused(game, "build_station", "costs $3; you have $2", place="K2", hex="M2")


def test_no_station_without_station_cubes():
    sides = ["K2-M2", "M2-N1", "M2-N3", "K2-L3", "K4-L3", "L3-N3", "N1-O2", "N3-O2", "O2-Q2", "N3-P3", "P3-Q2", "N1-P1"]
    game = game_at(players=6, dug=["M2", "L3", "O2", "P3", "P1"], stations={s: [0] for s in sides})
    refused(game, "build_station", "no station cubes left", place="Q2", hex="P1")


# --- urbanize and engineer --------------------------------------------------------------------------------


def test_urbanize_keeps_the_stations_on_the_construction_sites_sides():
    game = game_at(dug=["P1"], stations={"P1-R1": [1]}, stacks={"R1": ["blue", "red"]}, actions={0: "urbanization"})
    act(game, "urbanize", hex="R1", city="A")
    g = game.state
    assert st(game) == {"P1-R1": [1]} and g.is_city(g.map.by_label["R1"])
    assert state(g).stacks["R1"] == ["blue", "red"]
    assert RULES.skyscraper_points(g, 1) == 2  # the site is now a skyscraper of height 2


def test_urbanize_comes_before_excavating():
    game = game_at(actions={0: "urbanization"})
    act(game, "excavate", hex="M2")
    refused(game, "urbanize", "before laying any track", hex="R1", city="A")


def test_engineer_moves_one_of_your_stations():
    game = game_at(dug=["M2", "L3"], stations={"K2-M2": [0]}, actions={0: "engineer"})
    act(game, "move_station", place="K2", hex="M2", to_place="K4", to_hex="L3")
    assert st(game) == {"K4-L3": [0]}
    assert cash(game)[0] == 30  # ruling: free
    refused(game, "move_station", "one station a turn", place="K4", hex="L3", to_place="K2", to_hex="M2")


def test_engineer_move_respects_the_side_limits():
    game = game_at(players=3, dug=["M2", "L3"], stations={"K2-M2": [0], "K4-L3": [1]}, actions={0: "engineer"})
    refused(game, "move_station", "its limit", place="K2", hex="M2", to_place="K4", to_hex="L3")
    refused(game, "move_station", "has not been excavated", place="K2", hex="M2", to_place="Q2", to_hex="O2")


def test_engineer_moves_only_your_own_station():
    game = game_at(dug=["M2", "L3"], stations={"K2-M2": [1]}, actions={0: "engineer"})
    refused(game, "move_station", "no station", place="K2", hex="M2", to_place="K4", to_hex="L3")


def test_stations_move_only_by_the_engineer():
    game = game_at(dug=["M2", "L3"], stations={"K2-M2": [0]})
    refused(game, "move_station", "only the Engineer", place="K2", hex="M2", to_place="K4", to_hex="L3")


def test_option_engineer_move_pays_as_a_new_station():
    game = game_at(
        players=6,
        dug=["M2", "L3"],
        stations={"K2-M2": [0], "K4-L3": [2]},
        actions={0: "engineer"},
        options={"engineer_move_pays": True},
    )
    act(game, "move_station", place="K2", hex="M2", to_place="K4", to_hex="L3")
    assert cash(game)[:3] == [28, 30, 31]


def test_the_engineer_builds_3_stations_not_4():
    assert RULES.builds_allowed(game_at(actions={0: "engineer"}).state, 0) == 3


# --- transport --------------------------------------------------------------------------------------------


def test_only_the_top_disc_of_a_stack_moves_and_goes_under_the_destination_stack():
    game = game_at(
        "move_goods",
        dug=["M2"],
        stations={"M2-N1": [0], "K2-M2": [0]},
        stacks={"N1": ["yellow", "purple"], "K2": ["red", "blue"]},
    )
    act(game, "deliver", city="N1", colour="purple", links=["K2-N1/0"])
    stacks = state(game.state).stacks
    assert stacks["N1"] == ["yellow"] and stacks["K2"] == ["purple", "red", "blue"]
    assert game.state.bag == {"yellow": 19, "red": 19, "blue": 19, "purple": 19, "black": 16}  # not to the bag


def test_a_disc_under_the_top_cannot_be_moved():
    game = game_at("move_goods", dug=["M2"], stations={"M2-N1": [0], "K2-M2": [0]}, stacks={"N1": ["purple", "yellow"]})
    refused(game, "deliver", "no purple cube", city="N1", colour="purple", links=["K2-N1/0"])


def test_floors_move_only_on_your_own_network():
    game = game_at("move_goods", dug=["M2"], stations={"M2-N1": [1], "K2-M2": [1]}, stacks={"N1": ["purple"]})
    refused(game, "deliver", "own stations", city="N1", colour="purple", links=["K2-N1/1"])
    assert not [a for a in game.legal_actions() if isinstance(a, Deliver)]


def test_all_your_stations_are_connected_by_tunnel():
    # Times Square (N1) and Central Park Tower (K2) share no excavated hex: the tunnel joins them anyway
    game = game_at("move_goods", dug=["P1", "J1"], stations={"N1-P1": [0], "J1-K2": [0]}, stacks={"N1": ["purple"]})
    act(game, "deliver", city="N1", colour="purple", links=["K2-N1/0"])
    assert game.state.players[0].income == 1


def test_each_hop_is_one_link_of_engine_and_pays_1_income():
    stations = {"N1-O2": [0], "N3-O2": [0], "L3-N3": [0], "K4-L3": [0]}
    game = game_at("move_goods", dug=["O2", "L3"], stations=stations, stacks={"N1": ["red"]}, engine=2)
    act(game, "deliver", city="N1", colour="red", links=["N1-N3/0", "K4-N3/0"])
    assert game.state.players[0].income == 2
    game = game_at("move_goods", dug=["O2", "L3"], stations=stations, stacks={"N1": ["red"]}, engine=1)
    refused(game, "deliver", "engine allows 1", city="N1", colour="red", links=["N1-N3/0", "K4-N3/0"])


def test_each_station_is_used_once_per_transport_passing_through_needs_two():
    stations = {"N1-O2": [0], "N3-O2": [0], "K4-L3": [0]}
    game = game_at("move_goods", dug=["O2", "L3"], stations=stations, stacks={"N1": ["red"]})
    refused(game, "deliver", "once per transport", city="N1", colour="red", links=["N1-N3/0", "K4-N3/0"])
    assert not [a for a in game.legal_actions() if isinstance(a, Deliver) and len(a.links) == 2]


def test_each_skyscraper_or_site_is_passed_through_once():
    stations = {"N1-O2": [0], "N3-O2": [0], "L3-N3": [0], "M2-N3": [0], "K2-M2": [0]}
    game = game_at("move_goods", dug=["O2", "L3", "M2"], stations=stations, stacks={"N1": ["red"]}, engine=6)
    refused(game, "deliver", "only once", city="N1", colour="red", links=["N1-N3/0", "K2-N3/0", "K2-N3/0"])


def test_a_floor_stops_at_the_first_skyscraper_of_its_colour():
    stations = {"N1-O2": [0], "O2-Q2": [0], "P3-Q2": [0], "N3-P3": [0]}
    game = game_at("move_goods", dug=["O2", "P3"], stations=stations, stacks={"N1": ["red"]})
    refused(game, "deliver", "must stop", city="N1", colour="red", links=["N1-Q2/0", "N3-Q2/0"])
    act(game, "deliver", city="N1", colour="red", links=["N1-Q2/0"])


def test_a_floor_passes_through_a_construction_site():
    stations = {"N1-P1": [0], "P1-R1": [0], "R1-S2": [0], "S2-T3": [0]}
    game = game_at("move_goods", dug=["P1", "S2"], stations=stations, stacks={"N1": ["yellow", "blue", "yellow"]})
    act(game, "deliver", city="N1", colour="yellow", links=["N1-R1/0", "R1-T3/0"])
    assert state(game.state).stacks["T3"] == ["yellow"]


def test_each_skyscraper_takes_the_colour_of_its_hex_a_floor_goes_only_to_its_colour():
    # Times Square (N1) is yellow, Central Park Tower (K2) purple
    game = game_at("move_goods", dug=["M2"], stations={"M2-N1": [0], "K2-M2": [0]}, stacks={"N1": ["yellow"]})
    refused(game, "deliver", "Central Park Tower does not take yellow", city="N1", colour="yellow", links=["K2-N1/0"])
    assert not [a for a in game.legal_actions() if isinstance(a, Deliver)]


def test_a_floor_is_not_delivered_to_a_construction_site():
    game = game_at("move_goods", dug=["P1"], stations={"N1-P1": [0], "P1-R1": [0]}, stacks={"N1": ["yellow"]})
    refused(game, "deliver", "Hudson Yards does not take yellow", city="N1", colour="yellow", links=["N1-R1/0"])
    assert not [a for a in game.legal_actions() if isinstance(a, Deliver)]


def test_a_construction_sites_top_disc_can_be_transported():
    game = game_at("move_goods", dug=["P1"], stations={"P1-R1": [0], "N1-P1": [0]}, stacks={"R1": ["yellow"]})
    act(game, "deliver", city="R1", colour="yellow", links=["N1-R1/0"])
    assert state(game.state).stacks["N1"] == ["yellow"] and state(game.state).stacks["R1"] == []


def test_a_station_between_two_places_serves_either_but_once():
    # R1 excavated: the side Q2-R1 touches the Empire State Building and Hudson Yards
    stations = {"Q2-R1": [0], "P1-R1": [0], "N1-P1": [0]}
    game = game_at("move_goods", dug=["R1", "P1"], stations=stations, stacks={"N1": ["red"]})
    act(game, "deliver", city="N1", colour="red", links=["N1-Q2/0"])
    game = game_at("move_goods", dug=["R1", "P1"], stations=stations, stacks={"N1": ["red"]})
    refused(game, "deliver", "once per transport", city="N1", colour="red", links=["N1-R1/0", "Q2-R1/0"])


# --- the end ------------------------------------------------------------------------------------------------


def test_end_scoring_adds_height_times_your_stations_on_each_skyscraper():
    stations = {"K2-M2": [0, 1], "M2-N1": [0], "L3-N3": [1], "M2-N3": [0]}
    game = game_at(
        players=5,
        dug=["M2", "L3"],
        stations=stations,
        income=4,
        stacks={"K2": ["red", "red", "blue", "black"], "N1": ["red"], "N3": [], "R1": ["red"] * 5},
    )
    g = game.state
    assert RULES.skyscraper_points(g, 0) == 4 + 1 + 0
    assert RULES.skyscraper_points(g, 1) == 4
    assert RULES.score(g, 0) == 3 * 4 - 3 * 2 + 5  # normal scoring plus the skyscrapers; no track points


def test_construction_sites_score_nothing():
    game = game_at(dug=["P1"], stations={"P1-R1": [0]}, stacks={"R1": ["red", "red"]})
    assert RULES.skyscraper_points(game.state, 0) == 0


@pytest.mark.state_edited
def test_ruling_a_bankrupt_players_stations_leave_the_board():
    from ageofsteam.rules.income import eliminate

    game = game_at(dug=["M2"], stations={"K2-M2": [1, 0]}, players=5)
    eliminate(game.state, 1)
    assert st(game) == {"K2-M2": [0]}
    assert check_invariants(game) == []


# --- play -----------------------------------------------------------------------------------------------


def test_legal_actions_offer_excavations_stations_and_moves_and_all_are_accepted():
    game = game_at(dug=["M2"], stations={"K2-M2": [0]}, actions={0: "engineer"})
    legal = game.legal_actions()
    kinds = {a.kind for a in legal}
    assert {"excavate", "build_station", "move_station", "end_build"} <= kinds
    for a in legal:
        g2 = copy.deepcopy(game)
        g2.apply(a)
    assert all(RULES.describe_action(game.state, a) for a in legal if a.kind != "end_build")


def test_the_build_ends_by_itself_when_nothing_is_left():
    game = game_at(dug=["M2", "L3", "O2"], cash=30)
    act(game, "excavate", hex="P3")
    act(game, "excavate", hex="P1")
    act(game, "build_station", place="K2", hex="M2")
    act(game, "build_station", place="N1", hex="M2")
    act(game, "build_station", place="N3", hex="M2")
    assert game.state.to_move == 1


def test_the_side_panel_shows_stations_per_side_each_players_stations_and_the_heights():
    game = game_at(
        players=5,
        dug=["M2"],
        stations={"K2-M2": [0, 1], "M2-N1": [0]},
        stacks={"K2": ["red", "red", "blue", "black"], "N1": ["red"]},
    )
    shown = {f["label"]: f["value"] for f in view(game)["panel"]}
    cubes = RULES.stations(5)
    assert shown["Stations per side"] == "at most 3"
    assert shown["Player 1's stations"] == f"2 built, {cubes - 2} cubes left, +5 points"
    assert shown["Player 2's stations"] == f"1 built, {cubes - 1} cubes left, +4 points"
    assert shown["Stack heights"].startswith("Central Park Tower 4, Times Square 1")
    assert shown["Excavated"] == "1 hex"
    assert "This build" not in shown
    act(game, "excavate", hex="L3")
    shown = {f["label"]: f["value"] for f in view(game)["panel"]}
    assert shown["This build"] == "1 of 2 excavations, 0 of 3 stations"


def test_the_position_renders_with_stacks_stations_and_excavations():
    game = game_at(dug=["M2"], stations={"K2-M2": [0, 1]}, stacks={"K2": ["red", "blue", "black"]})
    svg = render_svg(game.state)
    assert 'class="disc-stack"' in svg and 'class="station"' in svg and 'class="excavated"' in svg


def test_each_stack_shows_its_height_in_figures():
    game = game_at(stacks={"K2": ["red", "blue", "black"], "N1": ["red"]})
    svg = render_svg(game.state)
    heights = re.findall(r'class="disc-stack" data-hex="(\w+)" data-height="(\d+)">(.*?)</g>', svg)
    assert [(lab, n) for lab, n, _ in heights] == [("K2", "3"), ("N1", "1")]
    for _, n, body in heights:
        assert body.count('class="disc ') == int(n) and f'class="stack-height">{n}</text>' in body


# a network late in a game of steady bots: 20 stations at 15 places, several with two (passed through)
BUSY_STATIONS = [
    "N1-O2", "N3-O2", "S6-T7", "K2-L3", "K4-L3", "L3-N3", "K4-M4", "R3-T3", "S8-T7", "B7-C6",
    "C6-E6", "K6-L7", "N1-P1", "J7-K8", "B7-D7", "D7-E6", "V1-W2", "W10-Y10", "Y10-Z9", "I8-K8",
]  # fmt: skip
BUSY_DUG = ["C6", "D7", "I8", "J7", "L3", "L7", "M4", "O2", "P1", "R3", "S6", "S8", "V1", "Y10"]
BUSY_STACKS = {
    "N1": ["yellow", "red"], "K4": ["red", "purple"], "T7": ["blue", "yellow"], "B7": ["black"],
    "K8": ["red", "blue"], "W2": ["purple"], "Z9": ["yellow"], "E6": ["purple"], "K6": ["blue"],
}  # fmt: skip


def test_ruling_routes_through_the_same_places_in_another_order_are_one_delivery(monkeypatch):
    """Every hop is the mover's and pays +1, so only where a floor starts and ends and how many hops it takes
    matter: the legal moves list one route per destination and length, every one of them."""
    game = game_at("move_goods", players=3, dug=BUSY_DUG, stations={s: [0] for s in BUSY_STATIONS},
                   stacks=BUSY_STACKS, engine=6)  # fmt: skip
    g = game.state
    listed = [a for a in game.legal_actions() if isinstance(a, Deliver)]

    def outcome(a: Deliver) -> tuple[str, str, int, int]:
        route = g.rules.phase(g).route_of(g, a)
        return (a.city, a.colour, route.stops[-1], len(route.links))

    assert len({outcome(a) for a in listed}) == len(listed), "one route for each start, destination and length"
    monkeypatch.setattr(type(g.rules), "routes_by_ends", lambda self, g: False)
    every = [a for a in game.legal_actions() if isinstance(a, Deliver)]
    assert len(every) > 20 * len(listed)  # the orders of the places passed, which the listing leaves out
    assert {outcome(a) for a in every} == {outcome(a) for a in listed}
    unlisted = next(a for a in every if a not in listed)  # another order is still a legal delivery, paying the same
    income = g.players[0].income
    game.apply(unlisted)
    assert game.state.players[0].income == income + len(unlisted.links)


def test_the_route_search_goes_on_only_from_places_with_two_of_your_stations(monkeypatch):
    """A disc passes through a place by two of your stations there: the search for deliveries does not try to go
    on from any other place (``Rules.route_stops``), and lists the same deliveries as before."""
    game = game_at("move_goods", players=3, dug=BUSY_DUG, stations={s: [0] for s in BUSY_STATIONS},
                   stacks=BUSY_STACKS, engine=6)  # fmt: skip
    g = game.state
    rules = type(g.rules)
    beside: dict[int, int] = {}
    for side in BUSY_STATIONS:
        for p in side_places(g, side):
            beside[p] = beside.get(p, 0) + 1
    going = {p for p, n in beside.items() if n >= 2}
    assert len(going) >= 3
    passed_from: list[int] = []
    may_use_link = rules.may_use_link

    def spy(self: Rules, g: Any, seat: int, links: list[Any], link: Any) -> bool:
        if links:
            passed_from.append(link.a if link.a in (links[-1].a, links[-1].b) else link.b)
        return may_use_link(self, g, seat, links, link)

    monkeypatch.setattr(rules, "may_use_link", spy)
    listed = all_routes(g, 0)
    assert passed_from and set(passed_from) <= going
    stops = g.rules.route_stops(g, 0)
    assert stops.reach == set(beside) and stops.going == going
    monkeypatch.setattr(rules, "route_stops", lambda self, g, seat: None)
    passed_from.clear()
    assert all_routes(g, 0) == listed
    assert not set(passed_from) <= going  # without it, the search tried to go on from places it could not pass


def test_the_route_search_stops_once_every_destination_and_length_is_listed(monkeypatch):
    """Where every place has two of your stations, every destination is reached over every number of hops the
    engine allows long before every order of the places has been tried: the search stops there."""
    twice = ["B7", "E6", "K4", "K6", "K8", "N1", "N3", "Q2", "T7"]
    seconds = ["B7-C6", "D7-E6", "K4-L3", "J7-K6", "J7-K8", "N1-P1", "M4-N3", "O2-Q2", "P1-Q2"]
    sides = [s for s in [*BUSY_STATIONS, *seconds] if any(p in s.split("-") for p in twice)]
    stacks = {"N1": ["red"], "K8": ["yellow"], "K4": ["purple"], "N3": ["blue"], "T7": ["black"], "E6": ["red"]}
    game = game_at("move_goods", players=3, dug=BUSY_DUG, stations={s: [0] for s in set(sides)}, stacks=stacks,
                   engine=6)  # fmt: skip
    g = game.state
    rules = type(g.rules)
    calls = [0]
    may_use_link = rules.may_use_link

    def count(self: Rules, g: Any, seat: int, links: list[Any], link: Any) -> bool:
        calls[0] += 1
        return may_use_link(self, g, seat, links, link)

    monkeypatch.setattr(rules, "may_use_link", count)
    listed = all_routes(g, 0)
    assert len(listed) > 20
    assert calls[0] < 400  # links tried; 5954 going on from every set of places visited
    assert {g.label(p) for p in g.rules.route_stops(g, 0).going} == set(twice)
    monkeypatch.setattr(move_goods._Ends, "bound", lambda self, *bounds: None)
    calls[0] = 0
    assert all_routes(g, 0) == listed
    assert calls[0] > 5000


def test_a_station_between_two_places_serves_the_passing_of_one_of_them_and_the_search_knows_it(monkeypatch):
    """R1 excavated, the station on Q2-R1 stands beside the Empire State Building (Q2) and Hudson Yards (R1).
    With one more station of its own at each, a transport may pass through either, not both: the search counts
    the station they share once (``RouteStops.most``) and lists the same deliveries as a search without it."""
    stations = {"Q2-R1": [0], "P1-Q2": [0], "P1-R1": [0], "N1-P1": [0], "N1-O2": [0], "N3-O2": [0]}
    game = game_at("move_goods", players=3, dug=["R1", "P1", "O2"], stations=stations,
                   stacks={"N3": ["red"], "R1": ["black"]}, engine=6)  # fmt: skip
    g = game.state
    q2, r1, n1 = (g.map.by_label[lab] for lab in ("Q2", "R1", "N1"))
    stops = g.rules.route_stops(g, 0)
    assert stops.going == {q2, r1, n1}
    assert stops.needs == {q2: 1, r1: 1} and stops.pool == 1
    assert stops.most(frozenset({q2, r1, n1})) == 2 and stops.most(frozenset({q2, r1})) == 1
    listed = all_routes(g, 0)
    assert {len(r.links) for r in listed if r.stops[0] == g.map.by_label["N3"]} == {1, 2, 3}
    for r in listed:
        assert not {q2, r1} <= set(r.stops[1:-1])
    monkeypatch.setattr(move_goods._Ends, "bound", lambda self, *bounds: None)
    assert all_routes(g, 0) == listed


def test_the_build_line_says_the_stations_and_excavations_left_not_tiles():
    import random

    from ageofsteam import Game as _Game
    from ageofsteam.bots import RandomBot
    from ageofsteam.engine.view import view

    game, bot, rng = _Game.new("new-york-subway", players=3, seed=4), RandomBot(), random.Random(4)
    while game.state.build is None:
        game.apply(bot.choose(game, rng))
    assert view(game)["build"]["left"] == "3 stations and 2 excavations left to build"
