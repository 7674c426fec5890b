"""§IV.3 Replacing a tile (crossing, coexisting, town upgrade) and §IV.4 Redirection.

Around Chicago (L7): J7 is N of the city, K6 NW, M8 SE; K6's NE side faces J7, its NW side J5.
"""

from __future__ import annotations

from ageofsteam import view
from tests.rules.build_helpers import build, inland, links, position, refused_build, tile_at, tracks_at

J7_INTO_K6 = ("J7", "sharp", 3, 0)  # Player 1's track from Chicago (S of J7) curving SW into K6's NE side
M8_INTO_L9 = ("M8", "gentle", 5, 0)  # Player 1's track from Chicago (NW of M8) to Michigan City (NE of M8)
HAS_BUILT = {0: {"has_built": True}}


# --- complex tiles placed new ---------------------------------------------------------------------


def test_a_crossing_tile_may_be_placed_on_an_empty_hex():
    game = position(track=[J7_INTO_K6])
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 0, "SE-NW": 0}
    assert view(game)["supply"]["x"] == 3


def test_a_coexisting_tile_may_be_placed_on_an_empty_hex():
    game = position(track=[J7_INTO_K6])
    build(game, "K6", "two_gentle", 2)
    assert tracks_at(game, "K6") == {"NE-NW": 0, "SE-SW": 0}
    assert view(game)["supply"]["two_gentle"] == 0


# --- complex tiles as upgrades -------------------------------------------------------------------------


def test_a_simple_tile_may_be_upgraded_to_a_crossing_that_keeps_its_track():
    game = position(track=[J7_INTO_K6, ("K6", "straight", 2, 0)])
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 0, "SE-NW": 0}
    supply = view(game)["supply"]
    assert supply["x"] == 3
    assert supply["straight"] == 48  # the replaced straight went back to the supply


def test_a_simple_tile_may_be_upgraded_to_a_coexisting_tile_that_keeps_its_track():
    game = position(track=[J7_INTO_K6, ("K6", "straight", 2, 0)])
    build(game, "K6", "straight_sharp", 2)
    assert tracks_at(game, "K6") == {"N-NE": 0, "SE-NW": 0}


def test_the_track_added_by_an_upgrade_may_connect_to_a_city():
    # K6 carries own track from J7's SW end on to SW; the added SE–NW track touches Chicago
    game = position(track=[J7_INTO_K6, ("K6", "straight", 1, 0)])
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 0, "SE-NW": 0}


def test_the_track_added_by_an_upgrade_must_connect():
    game = position(track=[("K6", "straight", 2, 0)])  # nothing at K6's NE side
    refused_build(game, "K6", "x", 1, ("NE–SW", "must connect"))


def test_an_upgrade_must_keep_the_track_already_there():
    game = position(track=[J7_INTO_K6, ("K6", "straight", 2, 0)])
    refused_build(game, "K6", "x", 0, ("K6", "keep all the track"))  # X turned 0 has no SE–NW track


def test_an_upgrade_keeps_another_players_track_and_its_owner():
    # Player 2 (seat 1) owns K6 from Chicago to NW; Player 1 adds a crossing track fed by J7
    game = position(track=[J7_INTO_K6, ("K6", "straight", 2, 1)])
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 0, "SE-NW": 1}


def test_another_players_track_may_not_be_changed():
    game = position(track=[("K6", "straight", 2, 1)], players=HAS_BUILT)
    refused_build(game, "K6", "gentle", 2, ("belongs to", "Player 2"))


# --- town upgrades ------------------------------------------------------------------------------------


def test_a_town_upgrade_keeps_every_spoke():
    game = position(track=[M8_INTO_L9, ("L9", "town_1", 4, 0)])
    build(game, "L9", "town_3_adjacent", 2)
    assert tracks_at(game, "L9") == {"SE-town": 0, "S-town": 0, "SW-town": 0}
    assert view(game)["supply"]["town_1"] == 3


def test_a_town_upgrade_that_drops_a_spoke_is_refused():
    game = position(track=[M8_INTO_L9, ("L9", "town_1", 4, 0)])
    refused_build(game, "L9", "town_3_right", 2, ("L9", "keep every spoke"))  # SE, S, NW: no SW


def test_a_two_exit_town_may_become_a_four_exit_town():
    game = position(track=[M8_INTO_L9, ("L9", "straight", 1, 0)])
    build(game, "L9", "gentle_crossing", 1)
    assert tracks_at(game, "L9") == {"NE-town": 0, "SE-town": 0, "S-town": 0, "SW-town": 0}
    assert tile_at(game, "L9")["town_disk"] is True


def test_a_town_upgrade_keeps_another_players_spokes_and_their_owner():
    # Player 2 has Chicago–M8–Michigan City; Player 1's track via N7, O8, N9 reaches Michigan City's S side
    game = position(
        track=[
            ("M8", "gentle", 5, 1),
            ("L9", "town_1", 4, 1),
            ("N7", "gentle", 0, 0),
            ("O8", "gentle", 5, 0),
            ("N9", "gentle", 4, 0),
        ]
    )
    build(game, "L9", "straight_sharp", 4)  # four spokes NE, SE, S, SW
    assert tracks_at(game, "L9") == {"NE-town": 0, "SE-town": 0, "S-town": 0, "SW-town": 1}
    assert ("L7", "L9", 1, 2) in links(game)
    assert ("L7", "L9", 0, 4) in links(game)


def test_a_town_upgrade_by_a_player_without_a_connection_is_refused():
    game = position(track=[("M8", "gentle", 5, 1), ("L9", "town_1", 4, 1)], players=HAS_BUILT)
    refused_build(game, "L9", "town_3_adjacent", 2, ("L9", "at least one exit"))


def test_town_track_can_never_be_redirected():
    game = position(track=[M8_INTO_L9, ("L9", "town_1", 4, 0), ("N9", "sharp", 0, 0)])
    refused_build(game, "L9", "town_1", 3, ("L9", "keep every spoke"))  # turning the spoke SW → S
    game = position(track=[M8_INTO_L9, ("L9", "straight", 1, 0)])
    refused_build(game, "L9", "gentle", 2, ("L9", "keep every spoke"))  # NE+SW → SE+SW


# --- redirection -------------------------------------------------------------------------------------


def test_the_last_tile_of_own_unfinished_section_may_be_swapped_to_point_elsewhere():
    game = position(track=[("K6", "straight", 2, 0)])  # Chicago → NW, open towards J5
    build(game, "K6", "gentle", 2)
    assert tracks_at(game, "K6") == {"SE-SW": 0}
    supply = view(game)["supply"]
    assert (supply["straight"], supply["gentle"]) == (48, 54)


def test_the_last_tile_of_own_unfinished_section_may_be_turned():
    game = position(track=[("K6", "gentle", 2, 0)])  # Chicago → SW
    build(game, "K6", "gentle", 0)  # Chicago → N
    assert tracks_at(game, "K6") == {"N-SE": 0}


def test_a_turned_tile_needs_no_second_tile_of_its_kind():
    sharps = [(h, "sharp", inland(h, "sharp"), None) for h in ("A0", "C0", "E0", "G0", "I0", "K0")]
    game = position(track=[*sharps, ("K6", "sharp", 1, 0)])  # all 7 sharp curves are on the board
    build(game, "K6", "sharp", 2)  # Chicago → NE turned to Chicago → S
    assert tracks_at(game, "K6") == {"SE-S": 0}


def test_the_last_tile_of_an_unowned_unfinished_section_may_be_redirected():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "K6", "gentle", 2)
    assert tracks_at(game, "K6") is not None
    assert set(tracks_at(game, "K6")) == {"SE-SW"}


def test_another_players_unfinished_section_may_not_be_redirected():
    game = position(track=[("K6", "straight", 2, 1)], players=HAS_BUILT)
    refused_build(game, "K6", "gentle", 2, ("belongs to", "Player 2"))


def test_only_the_last_tile_of_a_section_may_be_redirected():
    game = position(track=[("K6", "straight", 2, 0), ("J5", "straight", 2, 0)])  # Chicago → K6 → J5 → open
    refused_build(game, "K6", "gentle", 2, ("last tile", "K6"))
    build(game, "J5", "gentle", 2)  # the last tile
    assert tracks_at(game, "J5") == {"SE-SW": 0}


def test_a_tile_of_a_completed_link_may_not_be_redirected():
    game = position(track=[M8_INTO_L9, ("L9", "town_1", 4, 0)])
    refused_build(game, "M8", "gentle", 3, ("last tile", "M8"))


def test_a_redirection_keeps_the_end_where_the_section_comes_in():
    game = position(track=[("K6", "straight", 2, 0)])
    refused_build(game, "K6", "straight", 1, ("K6", "keep the end"))


def test_a_redirected_end_may_not_point_into_a_lake():
    game = position(track=[("M8", "straight", 2, 0)])  # Chicago (NW) → SE
    refused_build(game, "M8", "sharp", 5, ("lake", "K8"))  # NW → N, into the lake


def test_a_redirected_end_may_not_join_another_players_track():
    # Player 2's K6 runs from Chicago to its NW side, open towards J5.
    # Player 1's section runs Chicago → J7 → I6 → J5, whose last tile points SW.
    game = position(
        track=[
            ("K6", "straight", 2, 1),
            ("J7", "gentle", 3, 0),
            ("I6", "gentle", 2, 0),
            ("J5", "straight", 1, 0),
        ]
    )
    refused_build(game, "J5", "sharp", 1, ("may not join", "Player 2"))  # NE → SE would meet K6's end
    build(game, "J5", "gentle", 1)  # NE → S is fine
    assert tracks_at(game, "J5") == {"NE-S": 0}


def test_a_redirection_on_a_complex_tile_keeps_another_players_track():
    # K6 holds an X: Player 1 owns NE–SW (fed from J7), Player 2 owns SE–NW (from Chicago)
    game = position(track=[J7_INTO_K6, ("K6", "x", 1, [0, 1])])
    refused_build(game, "K6", "bow", 4, ("belongs to", "Player 2"))  # keeps NE–SW, moves Player 2's SE–NW
    build(game, "K6", "bow", 5)  # Player 1's NE–SW becomes NE–S; Player 2's SE–NW stays
    assert tracks_at(game, "K6") == {"NE-S": 0, "SE-NW": 1}
