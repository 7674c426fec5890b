"""§IV.2 Placement restrictions for a new tile, one test per rule sentence.

Map facts used (Rust Belt): Chicago is L7; its neighbours are J7 (N), the lake K8 (NE), M8 (SE), N7 (S), M6 (SW)
and K6 (NW). Michigan City (L9) has lakes to its N and NW, and M8 to its SW. Kansas City (U0) sits in the
bottom-left corner with T1 to its NE. Buffalo (F17) is on the right edge of the map.
"""

from __future__ import annotations

from ageofsteam import view
from tests.rules.build_helpers import (
    build,
    cash,
    end_build,
    inland,
    links,
    position,
    refused_build,
    tile_at,
    tracks_at,
)

# Player 1 (seat 0) owns a gentle curve on M8 from Chicago (NW) to Michigan City (NE).
M8_TO_MICHIGAN_CITY = ("M8", "gentle", 5, 0)


# --- 1. never on a City, a lake or off the grid -------------------------------------------------------


def test_no_tile_may_be_built_on_a_city_hex():
    game = position()
    refused_build(game, "L7", "straight", 0, ("city", "L7"))


def test_no_tile_may_be_built_on_a_new_city():
    game = position(new_cities={"L9": "A"})
    refused_build(game, "L9", "town_1", 4, ("city", "L9"))
    refused_build(game, "L9", "straight", 1, ("city", "L9"))


def test_no_tile_may_be_built_on_a_lake():
    game = position()
    refused_build(game, "K8", "straight", 0, ("lake", "K8"))


def test_no_tile_may_be_built_outside_the_hexes_of_the_map():
    game = position()
    refused_build(game, "U1", "straight", 0, ("no hex", "U1"))  # a gap in the bottom row
    refused_build(game, "B2", "straight", 0, ("no hex", "B2"))  # even columns have even letters only
    refused_build(game, "A40", "straight", 0, ("no hex", "A40"))


# --- 2. no track end off the map or into a lake ------------------------------------------------------


def test_no_track_end_may_point_off_the_map():
    game = position()
    # T1: a sharp curve from Kansas City (SW) to S points off the bottom of the map
    refused_build(game, "T1", "sharp", 3, ("off the map", "T1"))
    build(game, "T1", "straight", 1)  # SW (Kansas City) to NE is fine
    assert tracks_at(game, "T1") == {"NE-SW": 0}


def test_no_track_end_may_point_into_a_lake():
    game = position()
    # M8: a sharp curve from Chicago (NW) to N points into the lake K8
    refused_build(game, "M8", "sharp", 5, ("lake", "K8"))
    build(game, "M8", "gentle", 5)  # NW to NE (Michigan City) is fine
    assert tracks_at(game, "M8") == {"NE-NW": 0}


def test_every_spoke_of_a_town_tile_must_avoid_lakes():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    # the spoke SW joins the player's own track; the spoke N points into the lake J9
    refused_build(game, "L9", "town_3_star", 0, ("lake", "J9"))
    # a straight with a town disk has two spokes: N–S again points into the lake
    refused_build(game, "L9", "straight", 0, ("lake", "J9"))


def test_every_spoke_of_a_town_tile_must_stay_on_the_map():
    # E16 carries the player's track from Toronto (N) to Buffalo (SE); Buffalo's NE and SE are off the map
    game = position(track=[("E16", "gentle", 0, 0)])
    refused_build(game, "F17", "town_3_star", 1, ("off the map", "F17"))
    build(game, "F17", "town_1", 5)
    assert tracks_at(game, "F17") == {"NW-town": 0}


# --- 3. connectivity --------------------------------------------------------------------------------


def test_a_new_track_must_connect_to_a_city_or_to_own_track():
    game = position(players={0: {"has_built": True}})
    refused_build(game, "K6", "straight", 1, ("must connect", "K6"))  # NE–SW misses Chicago
    refused_build(game, "J5", "straight", 2, ("must connect", "J5"))  # nothing at either end


def test_a_new_track_may_connect_to_own_track():
    game = position(track=[("K6", "straight", 2, 0)])  # Chicago (SE) to NW, pointing at J5
    build(game, "J5", "straight", 2)
    assert tracks_at(game, "J5") == {"SE-NW": 0}


def test_a_player_may_start_a_new_line_from_any_city():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "T1", "straight", 1)  # Kansas City, far from the player's other track
    assert tracks_at(game, "T1") == {"NE-SW": 0}


def test_each_track_of_a_new_complex_tile_must_connect():
    # J7 holds own track from Chicago (S) to SW, pointing at K6's NE edge
    game = position(track=[("J7", "sharp", 3, 0)])
    # X turned 0: N–S connects nowhere, NE–SW joins the own track
    refused_build(game, "K6", "x", 0, ("N–S", "must connect"))
    # X turned 1: NE–SW joins the own track, SE–NW touches Chicago
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 0, "SE-NW": 0}


def test_on_a_town_tile_one_connecting_spoke_is_enough_and_the_others_are_the_builders():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    build(game, "L9", "town_3_adjacent", 2)  # spokes SE and S lead nowhere yet
    assert tracks_at(game, "L9") == {"SE-town": 0, "S-town": 0, "SW-town": 0}
    assert links(game) == [("L7", "L9", 0, 2)]  # only the SW spoke is part of a link


def test_a_town_tile_with_no_connecting_spoke_is_refused():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    refused_build(game, "L9", "town_1", 1, ("L9", "at least one exit"))  # the only spoke points NE


# --- 4. no joining another player's track --------------------------------------------------------------


def test_no_new_track_may_join_the_open_end_of_another_players_track():
    # Player 2 (seat 1) owns K6 from Chicago to NW, pointing at J5
    game = position(track=[("K6", "straight", 2, 1)])
    refused_build(game, "J5", "straight", 2, ("may not join", "Player 2"))


def test_no_town_spoke_may_join_the_open_end_of_another_players_track():
    game = position(track=[("M8", "gentle", 5, 1)], players={0: {"has_built": True}})
    refused_build(game, "L9", "town_1", 4, ("may not join", "Player 2"))


def test_a_tile_beside_another_players_open_end_is_allowed_when_no_track_end_meets_it():
    # Player 2's K6 points at J5's SE side; Player 1's track Chicago → J7 → I6 points at J5's NE side
    game = position(track=[("K6", "straight", 2, 1), ("J7", "gentle", 3, 0), ("I6", "gentle", 2, 0)])
    refused_build(game, "J5", "sharp", 1, ("may not join", "Player 2"))  # NE–SE meets K6's end
    build(game, "J5", "straight", 1)  # NE–SW leaves J5's SE side empty
    assert tracks_at(game, "J5") == {"NE-SW": 0}
    assert tracks_at(game, "K6") == {"SE-NW": 1}


def test_track_may_join_another_players_network_at_a_city():
    game = position(track=[("K6", "straight", 2, 1), ("M6", "straight", 1, 2)])
    build(game, "J7", "straight", 0)  # Chicago's N side; Player 2 and 3 enter Chicago on NW and SW
    assert tracks_at(game, "J7") == {"N-S": 0}
    assert tracks_at(game, "K6") == {"SE-NW": 1}


def test_track_may_join_another_players_network_at_a_built_town():
    # Player 2 has the link Chicago–M8–Michigan City (town tile with one spoke, SW).
    # Player 1 has track from Chicago through N7, O8 and N9 that points at Michigan City's S side.
    game = position(
        track=[
            ("M8", "gentle", 5, 1),
            ("L9", "town_1", 4, 1),
            ("N7", "gentle", 0, 0),
            ("O8", "gentle", 5, 0),
            ("N9", "gentle", 4, 0),
        ]
    )
    build(game, "L9", "town_3_adjacent", 2)  # adds spokes S (joining own track) and SE
    assert tracks_at(game, "L9") == {"SE-town": 0, "S-town": 0, "SW-town": 1}
    assert links(game) == [("L7", "L9", 0, 4), ("L7", "L9", 1, 2)]


def test_two_players_meet_at_a_town_each_through_their_own_spoke():
    # Player 2's M8 points at Michigan City's SW side; Player 1's track via N7 and O8 is about to reach N9
    game = position(track=[("M8", "gentle", 5, 1), ("N7", "gentle", 0, 0), ("O8", "gentle", 5, 0)])
    build(game, "N9", "gentle", 4)  # pointing at the town's S side: the untiled town is no track end
    refused_build(game, "L9", "sharp", 3, ("may not join", "Player 2"))  # spokes S and SW: SW meets M8
    build(game, "L9", "town_1", 3)  # the S spoke only
    end_build(game)
    assert game.to_move == 1
    build(game, "L9", "sharp", 3)  # Player 2 adds the SW spoke: a town upgrade joining at the built town
    assert tracks_at(game, "L9") == {"S-town": 0, "SW-town": 1}
    assert links(game) == [("L7", "L9", 0, 4), ("L7", "L9", 1, 2)]


# --- 5. no loops -----------------------------------------------------------------------------------


def test_no_link_may_join_a_city_to_itself():
    # J7 carries own track out of Chicago's N side, curving SW towards K6
    game = position(track=[("J7", "sharp", 3, 0)])
    refused_build(game, "K6", "sharp", 1, ("Chicago", "back to itself"))  # NE–SE would re-enter Chicago


def test_no_link_may_join_a_town_to_itself():
    # own town tile on Michigan City with spokes SE, S, SW; M8 turns the SW spoke towards N9
    game = position(track=[("L9", "town_3_adjacent", 2, 0), ("M8", "sharp", 1, 0)])
    refused_build(game, "N9", "sharp", 5, ("Michigan City", "back to itself"))  # NW–N closes the ring


# --- 6. towns need town tiles or a disk; 8 disks ------------------------------------------------------


def test_a_simple_tile_on_a_town_carries_a_town_disk():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    build(game, "L9", "straight", 1)
    t = tile_at(game, "L9")
    assert t["town_disk"] is True
    assert tracks_at(game, "L9") == {"NE-town": 0, "SW-town": 0}
    assert view(game)["town_disks"] == 7


def test_a_complex_tile_on_a_town_carries_a_town_disk_joining_four_spokes():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    build(game, "L9", "gentle_crossing", 1)
    assert tracks_at(game, "L9") == {"NE-town": 0, "SE-town": 0, "S-town": 0, "SW-town": 0}
    assert view(game)["town_disks"] == 7


def test_a_dedicated_town_tile_needs_no_disk():
    game = position(track=[M8_TO_MICHIGAN_CITY])
    build(game, "L9", "town_1", 4)
    assert tile_at(game, "L9")["town_disk"] is False
    assert view(game)["town_disks"] == 8


def test_town_tiles_go_only_on_towns():
    game = position()
    refused_build(game, "K6", "town_1", 2, ("only on towns", "K6"))


EIGHT_DISKS = [(h, "straight", 0, None) for h in ("G4", "N5", "Q6", "D7", "H7", "Q8", "G10", "Q10")]


def test_the_eight_town_disks_are_a_hard_limit():
    game = position(track=[M8_TO_MICHIGAN_CITY, *EIGHT_DISKS])
    assert view(game)["town_disks"] == 0
    refused_build(game, "L9", "straight", 1, "8 town disks")
    refused_build(game, "L9", "gentle_crossing", 1, "8 town disks")
    build(game, "L9", "town_1", 4)  # a dedicated town tile is still possible
    assert tracks_at(game, "L9") == {"SW-town": 0}


def test_a_town_upgrade_that_keeps_its_disk_needs_no_new_disk():
    game = position(track=[M8_TO_MICHIGAN_CITY, ("L9", "straight", 1, 0), *EIGHT_DISKS[:7]])
    assert view(game)["town_disks"] == 0
    build(game, "L9", "gentle_crossing", 1)
    assert tracks_at(game, "L9") == {"NE-town": 0, "SE-town": 0, "S-town": 0, "SW-town": 0}
    assert view(game)["town_disks"] == 0
    assert view(game)["supply"]["straight"] == 48 - 8 + 1  # the replaced straight is back


def test_a_town_upgrade_to_a_disk_needs_a_free_disk():
    game = position(track=[M8_TO_MICHIGAN_CITY, ("L9", "town_1", 4, 0), *EIGHT_DISKS])
    refused_build(game, "L9", "straight", 1, "8 town disks")
    build(game, "L9", "town_3_adjacent", 2)
    assert tracks_at(game, "L9") == {"SE-town": 0, "S-town": 0, "SW-town": 0}


# --- 7. the first tile touches a City -----------------------------------------------------------------


def test_the_first_tile_of_a_players_game_must_touch_a_city():
    # unowned track from Chicago through K6 points at J5: extending it would not touch a City
    unowned = [("K6", "straight", 2, None)]
    game = position(track=unowned)
    refused_build(game, "J5", "straight", 2, ("first track tile", "City"))
    # a player who has built before may extend it (house ruling 5: it leads back to Chicago)
    game = position(track=unowned, players={0: {"has_built": True}})
    build(game, "J5", "straight", 2)
    assert tracks_at(game, "J5") == {"SE-NW": 0}


def test_the_first_tile_of_a_players_game_may_be_any_tile_touching_a_city():
    game = position()
    build(game, "K6", "straight", 2)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    assert cash(game, 0) == 8


# --- 8. finite supply -------------------------------------------------------------------------------


# all seven sharp curves, Player 3's (so Player 1 cannot turn one of them instead of placing a new one)
SEVEN_SHARPS = [(h, "sharp", inland(h, "sharp"), 2) for h in ("A0", "C0", "E0", "G0", "I0", "K0", "M0")]


def test_a_tile_kind_that_has_run_out_cannot_be_placed():
    game = position(track=SEVEN_SHARPS)
    assert view(game)["supply"]["sharp"] == 0
    refused_build(game, "K6", "sharp", 1, ("no", "sharp", "left"))
    assert not [a for a in game.legal_actions() if getattr(a, "tile", None) == "sharp"]
    build(game, "K6", "gentle", 0)  # N–SE: other kinds are still there
    assert view(game)["supply"]["gentle"] == 54


def test_the_single_coexisting_tile_of_a_kind_can_be_placed_once():
    game = position(track=[("S2", "two_gentle", 0, None), ("J7", "sharp", 3, 0)])
    refused_build(game, "K6", "two_gentle", 2, ("no", "two gentle", "left"))


# --- malformed builds get readable refusals ----------------------------------------------------------


def test_an_unknown_tile_is_refused_with_the_list_of_tiles():
    game = position()
    refused_build(game, "K6", "hairpin", 0, ("no tile called 'hairpin'", "straight", "town_3_star"))


def test_a_rotation_outside_0_to_5_is_refused():
    game = position()
    refused_build(game, "K6", "straight", 6, "rotation must be 0 to 5")
    refused_build(game, "K6", "straight", -1, "rotation must be 0 to 5")
