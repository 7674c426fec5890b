"""Heavy Cardboard: one scenario test per rule sentence of the rulebook (004, "Heavy Cardboard"), then the
README's rulings. The board and the setup sentence ("one good of each color on the Heavy Cardboard space...")
are in test_heavy_cardboard.py.

Places used: the central Heavy Cardboard city K8 (7 hexes; L9 among them); Food Chain Magnate P11 (yellow),
joined to it by seat 0's link L9–M10–N11–P11 (``LINK``); Arkwright P5, Agricola T1, Die Macher L1, Through
the Ages D1, Le Havre V9, Brass H13, 1822 E6. Madeira A10 between Puerto Rico A8 and Container A12 (towns),
over the ferry hexes B9 and B11.
"""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.board.mapdata import GOODS_COLOURS
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.invariants import check_invariants, cube_census
from ageofsteam.maps.heavy_cardboard.heavy_lifting import lift_distance
from ageofsteam.rules.scoring import base_score
from tests.conftest import act, refused
from tests.rules.build_helpers import build, builds_left, cash, links, position, refused_build, tracks_at

MAP = "heavy-cardboard"
LINK = [("M10", "straight", 2, 0), ("N11", "gentle", 3, 0)]  # seat 0: Heavy Cardboard (L9) – Food Chain Magnate
ACTIONS = {0: "heavy_lifting", 1: "first_build", 2: "engineer", 3: "locomotive"}


def hc(**kw: Any) -> Game:
    """A Heavy Cardboard position for 4 players in player order 0–3 (Build Track unless told)."""
    kw.setdefault("n", 4)
    return position(map=MAP, **kw)


def moving(*, track=LINK, engine: int = 2, turn: int = 1, cubes: dict[str, list[str]] | None = None, **kw: Any) -> Game:
    """Move Goods, seat 0 to move holding Heavy Lifting, every engine at ``engine``."""
    players = {s: {"action": a, "engine": engine} for s, a in ACTIONS.items()}
    for seat, fields in kw.pop("players", {}).items():
        players[seat] = {**players.get(seat, {}), **fields}
    return hc(phase="move_goods", track=track, players=players, turn=turn, cubes=cubes or {}, **kw)


def distance(game: Game, a: str, b: str) -> int | None:
    g = game.state
    return lift_distance(g, g.city_hex(g.map.by_label[a]), g.city_hex(g.map.by_label[b]))


def lift(game: Game, city: str, colour: str, to: str) -> None:
    act(game, "heavy_lift", city=city, colour=colour, to=to)


def lift_refused(game: Game, words: str | tuple[str, ...], city: str, colour: str, to: str) -> str:
    return refused(game, "heavy_lift", words, city=city, colour=colour, to=to)


def player(game: Game, seat: int) -> dict[str, Any]:
    return view(game)["players"][seat]


def cubes_at(game: Game, label: str) -> dict[str, int]:
    g = game.state
    return {c: n for c, n in g.cubes[g.city_hex(g.map.by_label[label])].items() if n}


def lifts(game: Game) -> list[tuple[str, str, str]]:
    return [(a.city, a.colour, a.to) for a in game.legal_actions() if a.kind == "heavy_lift"]


# --- Actions: Heavy Lifting ----------------------------------------------------------------------------------


def test_the_production_action_cannot_be_selected():
    game = hc(phase="select_actions")
    offered = {a.action for a in game.legal_actions()}
    assert "production" not in offered and "heavy_lifting" in offered
    refused(game, "select_action", "there is no action 'production'", action="production")


def test_heavy_lifting_is_selected_by_placing_a_disk_on_its_action_space():
    game = hc(phase="select_actions")
    act(game, "select_action", action="heavy_lifting")
    assert player(game, 0)["action"] == "heavy_lifting"
    assert "heavy_lifting" not in {a.action for a in game.legal_actions()}


def test_this_action_is_implemented_during_the_move_goods_phase():
    game = hc(track=LINK, players={0: {"action": "heavy_lifting"}}, cubes={"K8": ["yellow"]})
    lift_refused(game, "not possible during IV. Build Track", "K8", "yellow", "P11")


def test_for_one_of_their_deliveries_the_holder_moves_one_cube_without_track():
    game = moving(cubes={"K8": ["red"], "V9": []})
    assert distance(game, "K8", "V9") == 5
    lift(game, "K8", "red", "V9")
    assert "red" not in cubes_at(game, "K8")
    assert game.to_move == 1  # it was seat 0's delivery of this move round


def test_ruling_the_seven_hex_city_is_named_by_its_own_hex_in_deliveries_and_heavy_lifts():
    # one name per decision: the legal actions name Heavy Cardboard by K8, and another of its hexes is refused
    game = moving(cubes={"K8": ["yellow", "red"]})
    (link,) = game.state.network.links
    named = {a.city for a in game.legal_actions() if a.kind in ("deliver", "heavy_lift")}  # type: ignore[attr-defined]
    assert "K8" in named and "L9" not in named
    refused(game, "deliver", "name Heavy Cardboard by its hex K8, not L9", city="L9", colour="yellow", links=[link])
    lift_refused(game, "name Heavy Cardboard by its hex K8, not L9", "L9", "red", "V9")
    lift(game, "K8", "red", "V9")


def test_rules_version_1_records_still_name_the_central_city_by_any_of_its_hexes():
    game = moving(cubes={"K8": ["yellow"]})
    (link,) = game.state.network.links
    old = Game.from_record(game.record.model_copy(update={"rules_version": 1}))
    act(old, "deliver", city="L9", colour="yellow", links=[link])
    assert "yellow" not in cubes_at(old, "K8")
    assert view(Game.from_record(old.record)) == view(old)


def test_heavy_lifting_is_one_delivery_per_turn():
    game = moving(cubes={"K8": ["red", "red"]}, players={s: {"engine": 1} for s in (1, 2, 3)})
    lift(game, "K8", "red", "V9")
    for _ in range(3):
        act(game, "skip_move")
    assert game.state.move_round == 2 and game.to_move == 0
    assert lifts(game) == []
    lift_refused(game, "one delivery per turn", "K8", "red", "V9")


def test_only_the_holder_of_heavy_lifting_may_make_it():
    game = moving(cubes={"K8": ["red"]}, players={0: {"action": "first_build"}, 1: {"action": "heavy_lifting"}})
    assert lifts(game) == []
    lift_refused(game, "only the player who took Heavy Lifting", "K8", "red", "V9")


def test_from_a_city_that_they_have_an_existing_complete_link_with():
    game = moving(cubes={"K8": ["red"], "P5": ["yellow"]})
    assert ("P5", "yellow", "P11") not in lifts(game)
    lift_refused(game, ("completed link", "Arkwright"), "P5", "yellow", "P11")
    # seat 1's link does not count for seat 0, nor seat 0's own unfinished track
    game = moving(track=[("M10", "straight", 2, 1), ("N11", "gentle", 3, 1)], cubes={"K8": ["red"]})
    lift_refused(game, "completed link", "K8", "red", "V9")
    game = moving(track=[("M10", "straight", 2, 0)], cubes={"K8": ["red"]})
    lift_refused(game, "completed link", "K8", "red", "V9")


def test_from_either_end_of_the_link():
    game = moving(cubes={"P11": ["red"]})
    assert ("P11", "red", "V9") in lifts(game)
    lift(game, "P11", "red", "V9")


def test_to_a_city_matching_the_goods_cube_color():
    game = moving(cubes={"K8": ["blue", "red"]})
    lift_refused(game, "Le Havre does not take blue", "K8", "blue", "V9")
    assert ("K8", "red", "V9") in lifts(game)
    assert not [t for t in lifts(game) if t[2] == "V9" and t[1] != "red"]


def test_to_another_city_a_cube_in_a_city_of_its_colour_is_not_lifted_where_it_is():
    # Food Chain Magnate (P11) is yellow: its yellow cube may go to Indonesia (Q16), not stay
    game = moving(cubes={"P11": ["yellow"]})
    assert [t for t in lifts(game) if t[0] == "P11"] == [("P11", "yellow", "Q16")]
    lift_refused(game, "goes to another city", "P11", "yellow", "P11")


def test_over_contiguous_open_hex_spaces_with_no_track_tiles():
    game = moving(cubes={"K8": ["red"]})
    assert distance(game, "K8", "V9") == 5
    game = moving(track=[*LINK, ("O8", "straight", 0, None)], cubes={"K8": ["red"]})
    assert distance(game, "K8", "V9") == 8  # the way over O8 is closed by its tile
    lift_refused(game, ("8 hex spaces", "reaches 5"), "K8", "red", "V9")


def test_none_of_the_hexes_on_the_path_may_hold_another_city():
    """V9 to P5 with Q6 and R7 built over: the short way runs through the town Tramways S6 (open while it has no
    track); a New City there closes it."""
    track = [*LINK, ("Q6", "straight", 0, None), ("R7", "straight", 0, None)]
    assert distance(moving(track=track), "V9", "P5") == 5
    game = moving(track=track, new_cities={"S6": "A"}, cubes={"V9": ["red"]})
    assert distance(game, "V9", "P5") == 6


def test_a_maximum_of_5_hex_spaces():
    game = moving(cubes={"K8": ["yellow", "blue"]})
    assert distance(game, "K8", "L1") == 5  # Die Macher, yellow
    assert distance(game, "K8", "D1") == 6  # Through the Ages, blue
    assert ("K8", "yellow", "L1") in lifts(game) and ("K8", "blue", "D1") not in lifts(game)
    lift_refused(game, ("6 hex spaces", "reaches 5"), "K8", "blue", "D1")
    lift(game, "K8", "yellow", "L1")


def test_mountain_terrain_hexes_count_as_2_hex_spaces():
    """1822 (E6) is ringed by mountains: from the central city the way is G8 and F7, two mountains, 4 spaces."""
    game = moving()
    g = game.state
    assert all(g.map.terrain[n] == "mountain" for n in g.map.neighbours[g.map.by_label["E6"]])
    assert distance(game, "K8", "E6") == 4


def test_the_start_city_and_the_destination_city_hexes_do_not_count():
    """Food Chain Magnate P11 and the central city are two open hexes apart (M10/O10 and N11/N9): 2, not 4."""
    game = moving(track=[])
    assert distance(game, "P11", "K8") == 2


def test_the_rulebook_example_from_arkwright():
    """Rulebook: "starting from Arkwright, the player could make a Heavy Lifting delivery to Food Chain Magnate
    over 5 open empty hexes, or to Agricola over 2 mountain hexes and 1 empty hex"."""
    game = moving(track=[])
    assert distance(game, "P5", "P11") == 5
    assert distance(game, "P5", "T1") == 5


@pytest.mark.parametrize(("turn", "income"), [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 6), (8, 6)])
def test_worth_2_income_in_turn_1_increasing_by_1_each_turn_to_a_maximum_of_6(turn, income):
    game = moving(turn=turn, cubes={"K8": ["red"]})
    before = player(game, 0)["income"]
    lift(game, "K8", "red", "V9")
    assert player(game, 0)["income"] - before == income


def test_the_lifted_cube_goes_back_to_the_bag():
    game = moving(cubes={"K8": ["red"]})
    bag = dict(game.state.bag)
    lift(game, "K8", "red", "V9")
    assert game.state.bag["red"] == bag["red"] + 1
    assert cube_census(game.state) == game.state.rules.BAG


def test_players_cannot_deliver_to_or_from_madeira_with_this_action():
    ferry = {"ferry-puerto-rico": 0}
    game = moving(cubes={"A10": ["yellow"], "K8": ["red"]}, new_cities={"A8": "E"}, special_links=ferry)
    assert not [t for t in lifts(game) if "A10" in (t[0], t[2])]
    lift_refused(game, "cannot deliver to or from Madeira", "A10", "yellow", "A8")
    lift_refused(game, "cannot deliver to or from Madeira", "K8", "red", "A10")


def test_goods_cannot_be_heavy_lifted_to_the_heavy_cardboard_space():
    game = moving(cubes={"P11": ["red"]})
    lift_refused(game, "Heavy Cardboard does not take red", "P11", "red", "K8")


# --- Build Track --------------------------------------------------------------------------------------------


def test_the_heavy_cardboard_space_counts_as_a_single_city_for_links():
    game = hc(track=LINK)
    g = game.state
    (link,) = g.network.links.values()
    assert {g.label(link.a), g.label(link.b)} == {"K8", "P11"}  # built from L9, it ends at the city K8
    # track from one of its hexes round to another would join the city to itself
    game = hc()
    refused_build(game, "K10", "sharp", 4, "back to itself")  # from J9 round to L9


def test_the_thick_lines_on_the_edge_of_the_heavy_cardboard_space_cannot_be_built_across():
    game = hc()
    refused_build(game, "H7", "straight", 0, "blocked edge at H7 (S edge)")
    refused_build(game, "N9", "straight", 0, "blocked edge at N9 (N edge)")
    build(game, "M10", "straight", 2)  # L9's SE edge is open


def test_madeira_has_two_ferry_lines_that_can_be_built_for_6_each():
    game = hc(track=[("A8", "town_1", 3, 1), ("A12", "town_1", 3, 1)], players={0: {"cash": 20}})
    offered = sorted(a.link for a in game.legal_actions() if a.kind == "build_link")
    assert offered == ["ferry-container", "ferry-puerto-rico"]
    act(game, "build_link", link="ferry-puerto-rico")
    assert cash(game, 0) == 14
    assert view(game)["special_links"] == {"ferry-puerto-rico": 0}


def test_puerto_rico_or_container_must_be_urbanized_or_have_a_town_track_tile():
    game = hc(players={0: {"cash": 20}})
    assert not [a for a in game.legal_actions() if a.kind == "build_link"]
    refused(game, "build_link", "needs a town tile or a New City on Puerto Rico", link="ferry-puerto-rico")
    refused(game, "build_link", "needs a town tile or a New City on Container", link="ferry-container")
    game = hc(track=[("A8", "town_1", 3, 2)], players={0: {"cash": 20}})  # anyone's town tile
    act(game, "build_link", link="ferry-puerto-rico")
    game = hc(new_cities={"A12": "F"}, players={0: {"cash": 20}})
    act(game, "build_link", link="ferry-container")


def test_only_one_person_may_build_each_ferry_line():
    game = hc(track=[("A8", "town_1", 3, 1)], special_links={"ferry-puerto-rico": 1}, players={0: {"cash": 20}})
    refused(game, "build_link", "already built", link="ferry-puerto-rico")


def test_one_player_may_build_both_if_they_desire():
    game = hc(new_cities={"A8": "E", "A12": "F"}, players={0: {"cash": 20}})
    act(game, "build_link", link="ferry-puerto-rico")
    act(game, "build_link", link="ferry-container")
    assert view(game)["special_links"] == {"ferry-container": 0, "ferry-puerto-rico": 0}
    assert cash(game, 0) == 8


def test_a_ferry_costs_6_so_less_cash_cannot_build_it():
    game = hc(new_cities={"A8": "E"}, players={0: {"cash": 5}})
    refused(game, "build_link", "costs $6 and you have $5", link="ferry-puerto-rico")


def test_a_ferry_connection_counts_as_a_single_tile_during_the_build_track_phase():
    game = hc(new_cities={"A8": "E"}, players={0: {"cash": 30}})
    assert builds_left(game) == 3
    act(game, "build_link", link="ferry-puerto-rico")
    assert builds_left(game) == 2
    build(game, "C8", "straight", 0)
    build(game, "E8", "straight", 0)
    assert game.to_move == 1  # three builds: the ferry and two tiles


def test_a_ferry_connection_counts_as_a_single_point_for_end_game_scoring():
    game = hc(new_cities={"A8": "E"})
    g = game.state
    without = base_score(g, 0)
    game = hc(new_cities={"A8": "E"}, special_links={"ferry-puerto-rico": 0})
    g = game.state
    (ferry,) = g.network.links.values()
    assert (g.label(ferry.a), g.label(ferry.b), ferry.owner, ferry.sections) == ("A8", "A10", 0, 1)
    assert base_score(g, 0) == without + 1


def test_the_ferry_joins_its_town_to_madeira():
    """Built from a town tile, the ferry is a link from the town: a cube from Madeira runs over it and on."""
    track = [("A8", "town_1", 3, 0), ("C8", "straight", 0, 0), ("E8", "straight", 0, 0)]
    game = moving(track=track, special_links={"ferry-puerto-rico": 0}, cubes={"A10": ["purple"]}, engine=3)
    g = game.state
    stops = {tuple(sorted((g.label(lk.a), g.label(lk.b)))) for lk in g.network.links.values()}
    assert ("A10", "A8") in stops


def test_ruling_a_ferry_is_no_spoke_of_its_towns_tile_so_a_town_upgrade_keeps_only_the_tiles_own_spokes():
    # "A Ferry connection counts as a single tile": building it leaves the town's tile as it was, and a later
    # town upgrade keeps that tile's spokes (base IV.3), none of them towards the ferry (choochoo refuses this one)
    game = hc(track=[("A8", "town_1", 3, 0)], special_links={"ferry-puerto-rico": 1}, players={0: {"cash": 20}})
    assert tracks_at(game, "A8") == {"S-town": 0}
    build(game, "A8", "sharp", 3)  # S and SW, a town disk on a sharp curve: a town upgrade, $3
    assert cash(game, 0) == 17
    assert tracks_at(game, "A8") == {"S-town": 0, "SW-town": 0}
    assert ("A10", "A8", 1, 1) in links(game)  # the ferry: still its builder's link, one section


def test_no_spoke_of_a_ferry_towns_tile_points_towards_the_ferry_across_the_sea():
    # base IV.2: "No track end may point off the map or into a lake ... including all spokes of a town tile"
    for ferry in ({}, {"ferry-puerto-rico": 1}):
        game = hc(track=[("A8", "town_1", 3, 0)], special_links=ferry, players={0: {"cash": 20}})
        refused_build(game, "A8", "sharp", 2, "may not point into the sea at B9")  # S and SE
        refused_build(game, "A8", "town_3_adjacent", 2, "may not point into the sea at B9")  # SE, S, SW


# --- Move Goods ----------------------------------------------------------------------------------------------


def test_goods_cubes_cannot_be_delivered_to_the_heavy_cardboard_space():
    game = moving(cubes={"P11": list(GOODS_COLOURS)})
    assert not [a for a in game.legal_actions() if a.kind == "deliver" and a.city == "P11"]
    g = game.state
    (link,) = g.network.links
    refused(game, "deliver", "Heavy Cardboard does not take red", city="P11", colour="red", links=[link])


def test_goods_cubes_can_be_delivered_from_heavy_cardboard():
    game = moving(cubes={"K8": ["yellow"]})
    g = game.state
    (link,) = g.network.links
    before = player(game, 0)["income"]
    act(game, "deliver", city="K8", colour="yellow", links=[link])
    assert player(game, 0)["income"] == before + 1
    assert "yellow" not in cubes_at(game, "K8")


def test_goods_cubes_can_pass_through_heavy_cardboard_counting_a_link_for_income_and_locomotive():
    """Food Chain Magnate – Heavy Cardboard (seat 0) and Heavy Cardboard – 1822 (seat 1, over G8 and F7)."""
    track = [*LINK, ("G8", "gentle", 3, 1), ("F7", "straight", 2, 1)]
    kw: dict[str, Any] = {"track": track, "cubes": {"P11": ["purple"]}, "empty_cities": True}
    game = moving(engine=1, players={0: {"action": "first_move"}}, **kw)
    assert not [a for a in game.legal_actions() if a.kind == "deliver"]  # two links need engine 2
    game = moving(engine=2, players={0: {"action": "first_move"}}, **kw)
    (route,) = [a for a in game.legal_actions() if a.kind == "deliver"]
    assert len(route.links) == 2
    before = [player(game, s)["income"] for s in (0, 1)]
    game.apply(route)
    assert [player(game, s)["income"] for s in (0, 1)] == [before[0] + 1, before[1] + 1]


MADEIRA = {"A8": "E", "A12": "F"}  # Puerto Rico: New City E (yellow); Container: New City F (purple)
FERRIES = {"ferry-puerto-rico": 0, "ferry-container": 1}


def test_madeira_is_a_red_and_blue_city_and_accepts_both():
    for colour in ("red", "blue"):
        game = moving(track=[], new_cities=MADEIRA, special_links=FERRIES, cubes={"A8": [colour]})
        act(game, "deliver", city="A8", colour=colour, links=["ferry-puerto-rico"])
        assert player(game, 0)["income"] == 1


def test_both_red_and_blue_goods_cubes_cannot_pass_through_madeira():
    new_cities = {"A8": "E", "A12": "A"}  # Container: New City A (red)
    game = moving(track=[], new_cities=new_cities, special_links=FERRIES, cubes={"A8": ["red", "purple"]})
    dests = {(a.colour, a.links) for a in game.legal_actions() if a.kind == "deliver"}
    assert ("red", ("ferry-puerto-rico",)) in dests
    assert ("red", ("ferry-puerto-rico", "ferry-container")) not in dests
    refused(
        game,
        "deliver",
        "must stop at Madeira",
        city="A8",
        colour="red",
        links=["ferry-puerto-rico", "ferry-container"],
    )
    # other colours pass through: purple from Puerto Rico over Madeira to Container (New City F, purple)
    game = moving(track=[], new_cities=MADEIRA, special_links=FERRIES, cubes={"A8": ["purple"]})
    act(game, "deliver", city="A8", colour="purple", links=["ferry-puerto-rico", "ferry-container"])
    assert [player(game, s)["income"] for s in (0, 1)] == [1, 1]


# --- Goods Growth --------------------------------------------------------------------------------------------


def growth(cubes: dict[str, list[str]], **kw: Any) -> Game:
    return hc(phase="goods_growth", cubes=cubes, auto_chance=False, **kw)


def test_an_empty_heavy_cardboard_gains_one_cube_of_each_color_at_the_start_of_goods_growth():
    game = growth({"K8": []})
    assert cubes_at(game, "K8") == dict.fromkeys(GOODS_COLOURS, 1)
    assert check_invariants(game) == []


def test_heavy_cardboard_with_goods_gains_none():
    game = growth({"K8": ["red"]})
    assert cubes_at(game, "K8") == {"red": 1}


def test_heavy_cardboard_does_not_gain_goods_cubes_the_way_other_cities_do():
    """It has no goods-growth number: whatever the dice show, its cubes stay as they are."""
    game = growth({"K8": ["red"]})
    game.supply_chance(parse_action({"kind": "roll", "light": [1, 2, 3, 4], "dark": [3, 4, 5, 6]}))
    assert cubes_at(game, "K8") == {"red": 1}


def test_ruling_an_empty_heavy_cardboard_gains_only_the_colours_still_in_the_bag():
    base = growth({"K8": ["red"]})
    black_out = 16 - sum(1 for boxes in base.state.display.values() for c in boxes if c == "black")
    game = growth({"K8": [], "P11": ["black"] * black_out}, empty_cities=True)
    assert game.state.bag["black"] == 0
    assert cubes_at(game, "K8") == {c: 1 for c in GOODS_COLOURS if c != "black"}


# --- Rulings (README) -----------------------------------------------------------------------------------------


def test_ruling_a_town_without_track_is_open_land_for_heavy_lifting():
    track = [*LINK, ("Q6", "straight", 0, None), ("R7", "straight", 0, None)]
    assert distance(moving(track=track), "V9", "P5") == 5
    game = moving(track=track, options={"heavy_lifting_through_towns": False})
    assert distance(game, "V9", "P5") == 8


def test_ruling_the_thick_edges_stop_heavy_lifting_too():
    assert distance(moving(), "K8", "V9") == 5
    game = moving(options={"heavy_lifting_crosses_thick_edges": True})
    assert distance(game, "K8", "V9") == 4


def test_ruling_heavy_lifting_is_legal_only_in_move_goods_and_ends_the_movers_turn_in_that_round():
    game = moving(cubes={"K8": ["red"]})
    lift(game, "K8", "red", "V9")
    assert game.to_move == 1 and game.state.move_round == 1
