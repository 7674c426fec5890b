"""§IV.6 Ownership life-cycle, with house rulings 4 (redirecting unowned track) and 5 (extending it).

Track given in a scenario at the start of a build was laid in an earlier turn: that build is the owner's
"next build". Around Chicago (L7): K6 is NW of the city and its NW side faces J5; M8 is SE of the city and
its NE side faces Michigan City (L9); N9 is S of Michigan City and P9 S of N9.
"""

from __future__ import annotations

from ageofsteam import view
from tests.rules.build_helpers import (
    build,
    end_build,
    inland,
    links,
    play_until_build,
    position,
    refused_build,
    tracks_at,
)

HAS_BUILT = {0: {"has_built": True}}


# --- losing unfinished track ----------------------------------------------------------------------


def test_an_unfinished_section_not_extended_in_the_owners_build_becomes_unowned():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "T1", "straight", 1)  # builds elsewhere (Kansas City)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": None}  # the track stays on the board, unowned
    assert tracks_at(game, "T1") == {"NE-SW": 0}
    assert any("loses" in line and "K6" in line for line in game.state.log)


def test_an_unfinished_section_is_lost_even_when_its_owner_builds_nothing():
    game = position(track=[("K6", "straight", 2, 0)])
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": None}


def test_an_unfinished_section_stays_owned_until_the_end_of_the_build():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "T1", "straight", 1)
    build(game, "M6", "straight", 1)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    build(game, "J7", "straight", 0)  # the third build ends the build by itself
    assert game.to_move == 1
    assert tracks_at(game, "K6") == {"SE-NW": None}


def test_an_extended_section_stays_owned_whole():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "J5", "straight", 2)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    assert tracks_at(game, "J5") == {"SE-NW": 0}


def test_a_completed_link_is_owned_for_good():
    game = position(track=[("M8", "gentle", 5, 0), ("L9", "town_1", 4, 0)])
    end_build(game)
    assert links(game) == [("L7", "L9", 0, 2)]


def test_another_players_sections_are_judged_only_at_the_end_of_their_own_build():
    game = position(track=[("K6", "straight", 2, 1)])
    end_build(game)  # Player 1's build ends
    assert tracks_at(game, "K6") == {"SE-NW": 1}
    assert game.to_move == 1
    end_build(game)  # Player 2 did not extend it
    assert tracks_at(game, "K6") == {"SE-NW": None}


def test_each_spoke_of_a_town_tile_is_a_section_of_its_own():
    # own link Chicago–M8–Michigan City (SW spoke); the SE and S spokes lead nowhere
    game = position(track=[("M8", "gentle", 5, 0), ("L9", "town_3_adjacent", 2, 0)])
    build(game, "N9", "straight", 0)  # extends the S spoke
    end_build(game)
    assert tracks_at(game, "L9") == {"SE-town": None, "S-town": 0, "SW-town": 0}
    assert tracks_at(game, "N9") == {"N-S": 0}


# --- the timing: safe in the build where it was laid, lost at the end of the next ---------------------


def test_track_laid_in_a_build_is_safe_until_the_end_of_the_owners_next_build():
    game = position()
    build(game, "K6", "straight", 2)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    play_until_build(game, 0, turn=2)
    assert tracks_at(game, "K6") == {"SE-NW": 0}  # still owned through the whole turn and into the next build
    build(game, "T1", "straight", 1)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": None}


def test_track_extended_in_the_next_build_stays_owned():
    game = position()
    build(game, "K6", "straight", 2)
    end_build(game)
    play_until_build(game, 0, turn=2)
    build(game, "J5", "straight", 2)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    assert tracks_at(game, "J5") == {"SE-NW": 0}


# --- redirection and ownership ---------------------------------------------------------------------


def test_redirection_alone_does_not_save_a_section():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "K6", "gentle", 2)
    assert tracks_at(game, "K6") == {"SE-SW": 0}
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-SW": None}


def test_a_redirection_that_completes_the_link_keeps_it():
    # own M8 runs from Chicago (NW) to SE; own one-spoke town tile on Michigan City points at M8's NE side
    game = position(track=[("M8", "straight", 2, 0), ("L9", "town_1", 4, 0)])
    build(game, "M8", "gentle", 5)  # NW → NE: into the town's spoke
    end_build(game)
    assert links(game) == [("L7", "L9", 0, 2)]
    assert tracks_at(game, "M8") == {"NE-NW": 0}


def test_a_redirection_then_an_extension_in_the_same_build_keeps_the_section():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "K6", "gentle", 2)  # now Chicago → SW, towards L5
    build(game, "L5", "straight", 1)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-SW": 0}
    assert tracks_at(game, "L5") == {"NE-SW": 0}


# --- unowned track: extending (ruling 5) ------------------------------------------------------------------


def test_extending_unowned_track_that_leads_back_to_a_city_claims_it():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "J5", "straight", 2)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    assert tracks_at(game, "J5") == {"SE-NW": 0}


def test_extending_unowned_track_that_leads_back_to_a_town_where_the_builder_has_track_claims_it():
    # Michigan City: Player 1 owns the SE spoke; the S spoke and N9 below it are unowned, open towards P9
    game = position(track=[("L9", "town_3_adjacent", 2, [0, None, None]), ("N9", "straight", 0, None)])
    build(game, "P9", "straight", 0)
    assert tracks_at(game, "L9") == {"SE-town": 0, "S-town": 0, "SW-town": None}
    assert tracks_at(game, "N9") == {"N-S": 0}
    assert tracks_at(game, "P9") == {"N-S": 0}


def test_unowned_track_leading_to_a_town_where_the_builder_has_no_track_may_not_be_extended():
    game = position(
        track=[("L9", "town_3_adjacent", 2, [1, None, None]), ("N9", "straight", 0, None), ("K6", "straight", 2, 0)]
    )
    refused_build(game, "P9", "straight", 0, ("unowned track", "N9", "does not lead back"))


def test_unowned_track_leading_nowhere_may_not_be_extended():
    # N9's straight points N at Michigan City, which has no tile: both ends of the section are open
    game = position(track=[("N9", "straight", 0, None), ("K6", "straight", 2, 0)])
    refused_build(game, "P9", "straight", 0, ("unowned track", "N9", "does not lead back"))


def test_claimed_track_must_then_be_extended_in_the_claimers_next_build():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "J5", "straight", 2)
    end_build(game)
    play_until_build(game, 0, turn=2)
    assert tracks_at(game, "K6") == {"SE-NW": 0}
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-NW": None}
    assert tracks_at(game, "J5") == {"SE-NW": None}


# --- unowned track: redirecting (ruling 4) ------------------------------------------------------------


def test_redirecting_unowned_track_claims_it():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "K6", "gentle", 2)
    assert tracks_at(game, "K6") == {"SE-SW": 0}


def test_redirected_unowned_track_is_lost_again_if_not_extended():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "K6", "gentle", 2)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-SW": None}


def test_redirected_unowned_track_extended_in_the_same_build_stays_claimed():
    game = position(track=[("K6", "straight", 2, None)], players=HAS_BUILT)
    build(game, "K6", "gentle", 2)
    build(game, "L5", "straight", 1)
    end_build(game)
    assert tracks_at(game, "K6") == {"SE-SW": 0}
    assert tracks_at(game, "L5") == {"NE-SW": 0}


def test_redirecting_unowned_track_into_a_completed_link_keeps_it():
    # unowned M8 from Chicago towards SE; Player 1's one-spoke town tile on Michigan City faces M8's NE side
    game = position(track=[("M8", "straight", 2, None), ("L9", "town_1", 4, 0)])
    build(game, "M8", "gentle", 5)
    end_build(game)
    assert links(game) == [("L7", "L9", 0, 2)]


# --- ownership disks (house ruling 7) -------------------------------------------------------------------


def test_twenty_ownership_disks_are_no_limit():
    # 21 single-tile sections of Player 1 on hexes of which no two are neighbours
    spots = ["A0", "I0", "M0", "Q0", "I2", "S2", "D3", "L3", "B5", "F5", "J5"]
    spots += ["P5", "B7", "F7", "P7", "T7", "N9", "C10", "I10", "F11", "L11"]
    tiles = {h: "sharp" if h in ("A0", "B7", "C10") else "straight" for h in spots}  # none points off the map
    game = position(track=[(h, tiles[h], inland(h, tiles[h]), 0) for h in spots])
    board = game.state.map
    ids = {board.hex_id(h) for h in spots}
    assert len(ids) == 21
    assert not any(n in ids for h in ids for n in board.neighbours[h])
    assert sum(1 for t in view(game)["track"] if t["owners"] == [0]) == 21
    build(game, "K6", "straight", 2)  # a 22nd section
    assert tracks_at(game, "K6") == {"SE-NW": 0}
