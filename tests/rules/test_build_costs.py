"""§IV.5 Costs: new tiles by terrain and class, towns by spokes, replacements and redirections by kind.

Each case builds once from a position where the build is legal and checks that exactly the digest's price
left the player's cash. Terrain near the cities used: around Chicago (L7) everything is plain; around
Pittsburgh (L17) J17 (N) is mountain, M16 (SW) river and K16 (NW) plain; O16, N of Wheeling (Q16), is river.
"""

from __future__ import annotations

import pytest

from tests.rules.build_helpers import build, cash, position, refused_build, tracks_at

# own track feeding the hex being built on
J7_INTO_K6 = ("J7", "sharp", 3, 0)  # Chicago (S) → SW, at K6's NE side
K16_INTO_M16 = ("K16", "sharp", 2, 0)  # Pittsburgh (SE) → S, at M16's N side
K16_INTO_J17 = ("K16", "sharp", 1, 0)  # Pittsburgh (SE) → NE, at J17's SW side
M8_INTO_L9 = ("M8", "gentle", 5, 0)  # Chicago (NW) → NE, at Michigan City's SW side
E4_INTO_G4 = ("E4", "straight", 0, 0)  # Duluth (N) → S, at La Crosse's N side

CASES = [
    # new simple tiles: $2 / $3 / $4
    pytest.param([], "K6", "straight", 2, 2, id="simple-plain-2"),
    pytest.param([], "O16", "straight", 0, 3, id="simple-river-3"),
    pytest.param([], "J17", "straight", 0, 4, id="simple-mountain-4"),
    pytest.param([], "K6", "gentle", 0, 2, id="simple-gentle-plain-2"),
    pytest.param([], "K6", "sharp", 1, 2, id="simple-sharp-plain-2"),
    pytest.param([], "O16", "gentle", 1, 3, id="simple-gentle-river-3"),
    pytest.param([], "J17", "sharp", 3, 4, id="simple-sharp-mountain-4"),
    # new coexisting tiles: +$1
    pytest.param([J7_INTO_K6], "K6", "two_gentle", 2, 3, id="coexisting-plain-3"),
    pytest.param([K16_INTO_M16], "M16", "two_gentle", 1, 4, id="coexisting-river-4"),
    pytest.param([K16_INTO_J17], "J17", "straight_sharp", 0, 5, id="coexisting-mountain-5"),
    pytest.param([J7_INTO_K6], "K6", "gentle_sharp_left", 2, 3, id="coexisting-gentle-sharp-left-plain-3"),
    pytest.param([J7_INTO_K6], "K6", "gentle_sharp_right", 5, 3, id="coexisting-gentle-sharp-right-plain-3"),
    # new crossing tiles: +$2
    pytest.param([J7_INTO_K6], "K6", "x", 1, 4, id="crossing-plain-4"),
    pytest.param([K16_INTO_M16], "M16", "x", 0, 5, id="crossing-river-5"),
    pytest.param([K16_INTO_J17], "J17", "gentle_crossing", 3, 6, id="crossing-mountain-6"),
    pytest.param([J7_INTO_K6], "K6", "bow", 4, 4, id="crossing-bow-plain-4"),
    pytest.param([K16_INTO_M16], "M16", "gentle_crossing", 0, 5, id="crossing-gentle-river-5"),
    # towns: $1 + $1 per spoke
    pytest.param([M8_INTO_L9], "L9", "town_1", 4, 2, id="town-one-exit-2"),
    pytest.param([M8_INTO_L9], "L9", "straight", 1, 3, id="town-straight-and-disk-3"),
    pytest.param([M8_INTO_L9], "L9", "gentle", 2, 3, id="town-gentle-and-disk-3"),
    pytest.param([M8_INTO_L9], "L9", "sharp", 3, 3, id="town-sharp-and-disk-3"),
    pytest.param([M8_INTO_L9], "L9", "town_3_adjacent", 2, 4, id="town-three-adjacent-4"),
    pytest.param([M8_INTO_L9], "L9", "town_3_left", 4, 4, id="town-three-left-4"),
    pytest.param([M8_INTO_L9], "L9", "town_3_right", 1, 4, id="town-three-right-4"),
    pytest.param([M8_INTO_L9], "L9", "gentle_crossing", 1, 5, id="town-crossing-and-disk-5"),
    pytest.param([M8_INTO_L9], "L9", "straight_sharp", 4, 5, id="town-coexisting-and-disk-5"),
    pytest.param([E4_INTO_G4], "G4", "town_3_star", 0, 4, id="town-three-star-4"),
    pytest.param([E4_INTO_G4], "G4", "x", 0, 5, id="town-x-crossing-and-disk-5"),
    pytest.param([E4_INTO_G4], "G4", "bow", 0, 5, id="town-bow-crossing-and-disk-5"),
    pytest.param([E4_INTO_G4], "G4", "two_gentle", 0, 5, id="town-two-gentle-and-disk-5"),
    pytest.param([E4_INTO_G4], "G4", "gentle_sharp_left", 0, 5, id="town-gentle-sharp-left-and-disk-5"),
    pytest.param([E4_INTO_G4], "G4", "gentle_sharp_right", 0, 5, id="town-gentle-sharp-right-and-disk-5"),
    # replacements: simple → crossing $3, terrain ignored
    pytest.param([J7_INTO_K6, ("K6", "straight", 2, 0)], "K6", "x", 1, 3, id="simple-to-crossing-plain-3"),
    pytest.param([K16_INTO_M16, ("M16", "straight", 1, 0)], "M16", "x", 0, 3, id="simple-to-crossing-river-3"),
    # other replacements $2, terrain ignored
    pytest.param(
        [J7_INTO_K6, ("K6", "straight", 2, 0)], "K6", "straight_sharp", 2, 2, id="simple-to-coexisting-plain-2"
    ),
    pytest.param([J7_INTO_K6, ("K6", "straight", 2, 0)], "K6", "bow", 5, 3, id="simple-to-bow-crossing-3"),
    pytest.param([J7_INTO_K6, ("K6", "gentle", 2, 0)], "K6", "gentle_crossing", 1, 3, id="gentle-to-crossing-3"),
    pytest.param([J7_INTO_K6, ("K6", "gentle", 2, 0)], "K6", "two_gentle", 2, 2, id="gentle-to-coexisting-2"),
    pytest.param(
        [K16_INTO_J17, ("J17", "straight", 0, 0)], "J17", "straight_sharp", 0, 2, id="simple-to-coexisting-mountain-2"
    ),
    # any replacement in a town: $3, whatever is added
    pytest.param([M8_INTO_L9, ("L9", "town_1", 4, 0)], "L9", "town_3_adjacent", 2, 3, id="town-1-to-3-exits-3"),
    pytest.param([M8_INTO_L9, ("L9", "town_1", 4, 0)], "L9", "straight", 1, 3, id="town-1-to-disk-3"),
    pytest.param([M8_INTO_L9, ("L9", "town_1", 4, 0)], "L9", "gentle_crossing", 1, 3, id="town-1-to-4-exits-3"),
    pytest.param([M8_INTO_L9, ("L9", "straight", 1, 0)], "L9", "gentle_crossing", 1, 3, id="town-2-to-4-exits-3"),
    # redirection: $2, terrain ignored
    pytest.param([("K6", "straight", 2, 0)], "K6", "gentle", 2, 2, id="redirect-plain-2"),
    pytest.param([("M16", "straight", 1, 0)], "M16", "gentle", 5, 2, id="redirect-river-2"),
    pytest.param([("J17", "straight", 0, 0)], "J17", "sharp", 3, 2, id="redirect-mountain-2"),
]


@pytest.mark.parametrize(("track", "hex_", "tile", "rotation", "cost"), CASES)
def test_build_cost(track, hex_, tile, rotation, cost):
    game = position(track=track, players={0: {"has_built": True}})
    before = cash(game, 0)
    build(game, hex_, tile, rotation)
    assert cash(game, 0) == before - cost
    assert tracks_at(game, hex_) is not None


def test_a_build_costing_more_than_the_players_cash_is_refused():
    game = position(track=[J7_INTO_K6], players={0: {"cash": 3}})
    refused_build(game, "K6", "x", 1, ("costs $4", "you have $3"))
    build(game, "K6", "straight", 2)
    assert cash(game, 0) == 1


def test_a_player_may_spend_every_last_dollar():
    game = position(track=[J7_INTO_K6], players={0: {"cash": 4}})
    build(game, "K6", "x", 1)
    assert cash(game, 0) == 0
