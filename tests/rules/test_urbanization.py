"""§IV.7 Urbanization and house ruling 3.

Michigan City (L9) is the town used most: M8, between Chicago (L7, its NW) and Michigan City (its NE), is
the hex from which track points at the town.
"""

from __future__ import annotations

import pytest

from ageofsteam import view
from ageofsteam.engine.actions import Roll
from tests.conftest import act, refused
from tests.rules.build_helpers import (
    build,
    builds_left,
    cash,
    end_build,
    links,
    position,
    tracks_at,
)

URBANIZER = {0: {"action": "urbanization"}}
TOWNS = ["G4", "N5", "Q6", "D7", "H7", "Q8", "L9", "G10", "Q10", "N11", "K12", "T13", "J15", "F17"]
# the digest's New City tiles: letter → colour
COLOURS = {
    "A": "red",
    "B": "blue",
    "C": "black",
    "D": "black",
    "E": "yellow",
    "F": "purple",
    "G": "black",
    "H": "black",
}


def urbanize(game, hex_, city):
    act(game, "urbanize", hex=hex_, city=city)


def city_at(game, hex_):
    return next((c for c in view(game)["cities"] if c["hex"] == hex_), None)


# --- who, when, where --------------------------------------------------------------------------------


@pytest.mark.parametrize("letter", list(COLOURS))
def test_the_holder_may_place_any_new_city(letter):
    game = position(players=URBANIZER)
    urbanize(game, "L9", letter)
    city = city_at(game, "L9")
    assert city["new_city"] == letter
    assert city["colours"] == [COLOURS[letter]]
    assert letter not in view(game)["new_cities_left"]


@pytest.mark.parametrize("town", TOWNS)
def test_the_holder_may_urbanize_any_town(town):
    game = position(players=URBANIZER)
    urbanize(game, town, "A")
    assert city_at(game, town)["new_city"] == "A"


def test_the_holder_is_offered_every_remaining_new_city_on_every_town():
    game = position(players=URBANIZER, new_cities={"G4": "B"})
    offered = {(a.hex, a.city) for a in game.legal_actions() if a.kind == "urbanize"}
    assert offered == {(t, c) for t in TOWNS if t != "G4" for c in "ACDEFGH"}


def test_urbanization_is_free_and_is_not_one_of_the_builds():
    game = position(players=URBANIZER)
    urbanize(game, "L9", "C")
    assert cash(game, 0) == 10
    assert builds_left(game) == 3
    build(game, "K6", "straight", 2)
    build(game, "M6", "straight", 1)
    build(game, "J7", "straight", 0)
    assert game.to_move == 1  # three builds after the New City


def test_a_player_with_no_money_may_still_urbanize():
    game = position(players={0: {"action": "urbanization", "cash": 0}})
    assert game.to_move == 0  # the build does not end by itself while the New City may still be placed
    urbanize(game, "L9", "A")
    assert cash(game, 0) == 0
    assert game.to_move == 1  # then, below $2, the build ends by itself


def test_the_new_city_must_be_placed_before_laying_track():
    game = position(players=URBANIZER)
    build(game, "K6", "straight", 2)
    refused(game, "urbanize", ("before laying any track",), hex="L9", city="A")
    assert not [a for a in game.legal_actions() if a.kind == "urbanize"]


def test_only_one_new_city_is_placed():
    game = position(players=URBANIZER)
    urbanize(game, "L9", "A")
    refused(game, "urbanize", ("once",), hex="G4", city="B")


def test_only_the_urbanization_holder_may_place_a_new_city():
    game = position(players={1: {"action": "urbanization"}})
    refused(game, "urbanize", ("only the player who took urbanization",), hex="L9", city="A")


@pytest.mark.parametrize("hex_", ["L7", "K6", "K8"])  # a city, a plain hex, a lake
def test_a_new_city_goes_only_on_a_town(hex_):
    game = position(players=URBANIZER)
    refused(game, "urbanize", ("on a town", f"{hex_} is not one"), hex=hex_, city="A")


def test_a_new_city_may_not_be_placed_on_a_new_city():
    game = position(players=URBANIZER, new_cities={"L9": "A"})
    refused(game, "urbanize", ("on a town", "L9 is not one"), hex="L9", city="B")


def test_a_new_city_tile_already_on_the_map_is_not_available():
    game = position(players=URBANIZER, new_cities={"G4": "A"})
    refused(game, "urbanize", ("New City A", "not available"), hex="L9", city="A")


# --- what happens to the town's tile and the track around it ---------------------------------------------


def test_the_town_tile_goes_back_to_the_supply():
    game = position(players=URBANIZER, track=[("M8", "gentle", 5, 1), ("L9", "town_3_adjacent", 2, 1)])
    urbanize(game, "L9", "A")
    assert tracks_at(game, "L9") is None
    assert view(game)["supply"]["town_3_adjacent"] == 2


def test_the_town_disk_goes_back_to_the_supply():
    game = position(players=URBANIZER, track=[("M8", "gentle", 5, 1), ("L9", "straight", 1, 1)])
    assert view(game)["town_disks"] == 7
    urbanize(game, "L9", "A")
    assert view(game)["town_disks"] == 8
    assert view(game)["supply"]["straight"] == 48


def test_another_players_spoke_stubs_vanish_and_their_link_now_ends_at_the_new_city():
    # Player 2: Chicago–M8–Michigan City, with two more spokes (SE, S) leading nowhere
    game = position(players=URBANIZER, track=[("M8", "gentle", 5, 1), ("L9", "town_3_adjacent", 2, 1)])
    assert links(game) == [("L7", "L9", 1, 2)]
    urbanize(game, "L9", "A")
    assert links(game) == [("L7", "L9", 1, 1)]  # the SW spoke is gone with the town tile
    assert tracks_at(game, "M8") == {"NE-NW": 1}


def test_track_pointing_at_the_town_completes_into_a_link_and_stays_with_its_owner():
    game = position(players=URBANIZER, track=[("M8", "gentle", 5, 1)])
    assert links(game) == []
    urbanize(game, "L9", "A")
    assert links(game) == [("L7", "L9", 1, 1)]


def test_unowned_track_completed_by_urbanization_goes_to_the_urbanizer():
    # unowned track Chicago → N7 → O8 → N9, pointing at Michigan City's S side
    unowned = [("N7", "gentle", 0, None), ("O8", "gentle", 5, None), ("N9", "gentle", 4, None)]
    game = position(players=URBANIZER, track=unowned)
    urbanize(game, "L9", "A")
    assert links(game) == [("L7", "L9", 0, 3)]
    assert tracks_at(game, "O8") == {"NE-NW": 0}


def test_unowned_track_completed_between_the_new_city_and_another_town_goes_to_the_urbanizer():
    # unowned track from Fort Wayne's (N11) NW spoke on through M10 points at Michigan City
    game = position(players=URBANIZER, track=[("M10", "straight", 2, None), ("N11", "town_1", 5, None)])
    urbanize(game, "L9", "A")
    assert links(game) == [("L9", "N11", 0, 2)]
    assert tracks_at(game, "N11") == {"NW-town": 0}


def test_unowned_track_that_was_already_a_link_is_not_completed_by_urbanization():
    # an unowned link Chicago–M8–Michigan City (e.g. left by an eliminated player) stays unowned
    game = position(players=URBANIZER, track=[("M8", "gentle", 5, None), ("L9", "town_1", 4, None)])
    urbanize(game, "L9", "A")
    assert links(game) == [("L7", "L9", None, 1)]


def test_the_new_city_is_a_city_for_building():
    game = position(players=URBANIZER)
    urbanize(game, "L9", "A")
    build(game, "K10", "straight", 1)  # a first tile touching the New City (K10's SW side)
    assert tracks_at(game, "K10") == {"NE-SW": 0}
    refused(game, "build", ("city", "L9"), hex="L9", tile="town_1", rotation=4)


def test_the_urbanizer_ends_without_a_new_city_if_they_wish():
    game = position(players=URBANIZER)
    end_build(game)
    assert view(game)["new_cities_left"] == list("ABCDEFGH")
    assert game.to_move == 1


# --- goods growth -------------------------------------------------------------------------------------


def test_the_new_citys_display_column_feeds_it_in_this_turns_goods_growth():
    # New City A is fed by light column 3, like Kansas City
    game = position(
        players=URBANIZER,
        auto_chance=False,
        display={"A": ["purple", "yellow"], "light3": ["red", "blue", "black"]},
        cubes={"U0": []},
    )
    urbanize(game, "L9", "A")
    end_build(game)
    end_build(game)
    end_build(game)
    while game.state.phase == "move_goods":
        act(game, "skip_move")
    assert game.state.phase == "goods_growth"
    assert game.state.turn == 1
    game.supply_chance(Roll(light=(3, 6, 6), dark=(1, 1, 1)))
    assert city_at(game, "L9")["cubes"] == {"purple": 1}
    assert city_at(game, "U0")["cubes"] == {"red": 1}
    assert view(game)["display"]["A"] == [None, "yellow"]
