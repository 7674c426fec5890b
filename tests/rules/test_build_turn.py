"""§IV.1 Order and allowance of the builds, house ruling 6, and the completeness of the legal builds.

Cheap plain hexes next to Chicago (L7) used for builds: K6 (NW of it), M6 (SW), J7 (N), N7 (S).
"""

from __future__ import annotations

import copy

import pytest

from ageofsteam import IllegalAction, view
from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.rules.build_track import legal_builds
from ageofsteam.rules.track_placement import plan_build
from tests.conftest import refused
from tests.rules.build_helpers import (
    build,
    builds_left,
    cash,
    end_build,
    inland,
    position,
    refused_build,
    tracks_at,
)

FOUR_CHEAP_BUILDS = [("K6", "straight", 2), ("M6", "straight", 1), ("J7", "straight", 0), ("N7", "straight", 0)]


def builder(game):
    b = view(game)["build"]
    return None if b is None else b["player"]


# --- order --------------------------------------------------------------------------------------------


def test_players_build_in_player_order():
    game = position(order=[2, 0, 1])
    seen = []
    while game.state.phase == "build_track":
        seen.append(game.to_move)
        end_build(game)
    assert seen == [2, 0, 1]
    assert game.state.phase == "move_goods"


def test_the_first_build_holder_builds_first_then_the_others_in_player_order():
    game = position(order=[1, 2, 0], players={0: {"action": "first_build"}})
    seen = []
    while game.state.phase == "build_track":
        seen.append(game.to_move)
        end_build(game)
    assert seen == [0, 1, 2]


def test_the_first_build_holder_in_the_middle_of_the_order():
    game = position(n=4, order=[3, 1, 0, 2], players={1: {"action": "first_build"}})
    seen = []
    while game.state.phase == "build_track":
        seen.append(game.to_move)
        end_build(game)
    assert seen == [1, 3, 0, 2]


def test_only_the_player_whose_build_it_is_may_build():
    game = position()
    refused(game, "build", ("Player 1's turn",), player=1, hex="K6", tile="straight", rotation=2)


# --- allowance ------------------------------------------------------------------------------------------


def test_a_player_makes_up_to_three_builds():
    game = position()
    for i, (h, tile, r) in enumerate(FOUR_CHEAP_BUILDS[:3]):
        assert builds_left(game) == 3 - i
        assert game.to_move == 0
        build(game, h, tile, r)
    assert game.to_move == 1  # the build ended by itself after the third
    assert builder(game) == 1
    refused(game, "build", ("Player 2's turn",), player=0, hex="N7", tile="straight", rotation=0)


def test_the_engineer_makes_up_to_four_builds():
    game = position(players={0: {"action": "engineer"}})
    assert builds_left(game) == 4
    for h, tile, r in FOUR_CHEAP_BUILDS:
        assert game.to_move == 0
        build(game, h, tile, r)
    assert game.to_move == 1
    assert [tracks_at(game, h) is not None for h, _, _ in FOUR_CHEAP_BUILDS] == [True] * 4
    assert cash(game, 0) == 2


def test_building_is_optional():
    game = position()
    end_build(game)
    assert view(game)["track"] == []
    assert cash(game, 0) == 10
    assert builder(game) == 1


def test_a_player_may_stop_after_some_builds():
    game = position()
    build(game, "K6", "straight", 2)
    end_build(game)
    assert builder(game) == 1
    assert cash(game, 0) == 8


# --- the same hex twice (house ruling 6) -------------------------------------------------------------------


def test_a_hex_built_on_may_not_be_upgraded_in_the_same_build():
    game = position(track=[("J7", "sharp", 3, 0)])  # own track pointing at K6's NE side
    build(game, "K6", "straight", 2)
    refused_build(game, "K6", "x", 1, ("already built", "K6"))
    assert not [a for a in game.legal_actions() if getattr(a, "hex", None) == "K6"]


def test_a_hex_built_on_may_not_be_redirected_in_the_same_build():
    game = position()
    build(game, "K6", "straight", 2)
    refused_build(game, "K6", "gentle", 2, ("already built", "K6"))


def test_a_hex_replaced_in_a_build_may_not_be_replaced_again_in_it():
    game = position(track=[("K6", "straight", 2, 0)])
    build(game, "K6", "gentle", 2)  # a redirection
    refused_build(game, "K6", "gentle", 0, ("already built", "K6"))


def test_another_player_may_build_on_the_hex_in_their_own_build():
    game = position(track=[("J7", "sharp", 3, 1)])  # Player 2's track pointing at K6's NE side
    build(game, "K6", "straight", 2)
    end_build(game)
    assert game.to_move == 1
    build(game, "K6", "x", 1)
    assert tracks_at(game, "K6") == {"NE-SW": 1, "SE-NW": 0}


# --- money ---------------------------------------------------------------------------------------------


def test_the_build_ends_by_itself_when_cash_falls_below_two_dollars():
    game = position(players={0: {"cash": 3}})
    build(game, "K6", "straight", 2)
    assert cash(game, 0) == 1
    assert builder(game) == 1


def test_the_build_goes_on_while_two_dollars_are_left():
    game = position(players={0: {"cash": 4}})
    build(game, "K6", "straight", 2)
    assert cash(game, 0) == 2
    assert builder(game) == 0
    build(game, "M6", "straight", 1)
    assert cash(game, 0) == 0
    assert builder(game) == 1


def test_a_player_with_less_than_two_dollars_does_not_build_at_all():
    game = position(players={0: {"cash": 1}})
    assert builder(game) == 1
    assert cash(game, 0) == 1


def test_cash_never_goes_below_zero():
    game = position(players={0: {"cash": 3}})
    refused_build(game, "J17", "straight", 0, ("costs $4", "you have $3"))  # mountain
    build(game, "O16", "straight", 0)  # river, $3
    assert cash(game, 0) == 0


# --- legal builds are complete and exact --------------------------------------------------------------


def plan_key(plan):
    """What a build does: the hex, the tile used, the resulting tracks and owners, its kind and cost."""
    return (plan.hex, plan.tile.tile, tuple(plan.tile.tracks), tuple(plan.tile.owners), plan.kind, plan.cost)


def brute_force(game, seat):
    g = game.state
    out = {}
    for h in range(g.map.size):
        for name in TILE_TYPES:
            for r in range(6):
                try:
                    plan = plan_build(g, seat, h, name, r)
                except IllegalAction:
                    continue
                out.setdefault(plan_key(plan), plan)
    return out


def position_start():
    return position()


def position_midgame():
    game = position(
        track=[
            ("K6", "straight", 2, 0),  # own, Chicago → open towards J5
            ("M8", "gentle", 5, 0),  # own link Chicago–Michigan City …
            ("L9", "town_3_adjacent", 2, 0),  # … with two open spokes (SE, S)
            ("J7", "sharp", 3, 1),  # Player 2's, Chicago → open at K6's NE side
            ("N7", "gentle", 0, 1),  # Player 2's, Chicago → open towards O8
            ("M6", "straight", 1, None),  # unowned, Chicago → Rock Island (no tile yet)
            ("P9", "straight", 0, None),  # unowned, leading nowhere
            ("K16", "sharp", 1, 2),  # Player 3's, Pittsburgh → open at J17
            ("M16", "x", 0, [None, 0]),  # crossing: unowned N–S, own NE–SW from Pittsburgh
            ("I2", "two_gentle", 0, None),  # the only two-gentle tile is used up
            ("S4", "straight", 2, 1),  # Player 2's, St. Louis → open towards R3 …
            ("R5", "sharp", 3, 0),  # … and own track from St. Louis pointing at S4's NE side
        ],
    )
    build(game, "T1", "straight", 1)  # T1 is now built this turn
    return game


def position_poor():
    return position(
        track=[("K6", "straight", 2, 0), ("M8", "gentle", 5, 0), ("J17", "straight", 0, 0)],
        players={0: {"cash": 3}},
    )


def position_no_disks():
    sharps = [(h, "sharp", inland(h, "sharp"), None) for h in ("A0", "C0", "E0", "G0", "I0", "K0", "M0")]
    disks = [(h, "straight", 0, None) for h in ("G4", "N5", "Q6", "D7", "H7", "Q8", "G10")]
    return position(track=[("M8", "gentle", 5, 0), ("L9", "straight", 1, 0), *sharps, *disks])


def position_first_build_among_unowned_track():
    # a player who has never built, beside unowned track and a New City on Rock Island (N5)
    return position(
        track=[("K6", "straight", 2, None), ("M8", "gentle", 5, None), ("O6", "straight", 0, None)],
        new_cities={"N5": "B"},
        players={0: {"action": "urbanization"}},
    )


POSITIONS = [
    position_start,
    position_midgame,
    position_poor,
    position_no_disks,
    position_first_build_among_unowned_track,
]


@pytest.mark.parametrize("make", POSITIONS, ids=lambda f: f.__name__)
def test_legal_builds_equal_a_brute_force_over_every_hex_tile_and_rotation(make):
    game = make()
    seat = game.to_move
    before = view(game)
    expected = brute_force(game, seat)
    assert view(game) == before  # checking builds changes nothing
    listed = [plan_key(p) for p in legal_builds(game.state, seat)]
    assert len(listed) == len(set(listed)), "a build is listed twice"
    assert set(listed) == set(expected)
    assert expected, "the position should allow some builds"


@pytest.mark.parametrize("make", POSITIONS, ids=lambda f: f.__name__)
def test_legal_actions_list_every_legal_build_once_and_each_applies(make):
    game = make()
    seat = game.to_move
    expected = brute_force(game, seat)
    actions = [a for a in game.legal_actions() if a.kind == "build"]
    assert {a.kind for a in game.legal_actions()} <= {"build", "end_build", "urbanize"}
    assert any(a.kind == "end_build" for a in game.legal_actions())
    keys = []
    for a in actions:
        plan = plan_build(game.state, seat, game.state.map.hex_id(a.hex), a.tile, a.rotation)
        keys.append(plan_key(plan))
    assert len(keys) == len(set(keys))
    assert set(keys) == set(expected)
    for a, key in zip(actions, keys, strict=True):
        trial = copy.deepcopy(game)
        trial.apply(a)
        assert cash(trial, seat) == cash(game, seat) - key[5]
        placed = next(t for t in view(trial)["track"] if t["hex"] == a.hex)
        assert placed["tile"] == a.tile


def test_no_track_is_built_outside_the_build_track_phase():
    game = position(phase="issue_shares")
    refused(game, "build", ("not possible during", "Issue Shares"), hex="K6", tile="straight", rotation=2)
