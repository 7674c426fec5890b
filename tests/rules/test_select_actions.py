"""Phase III, Select Actions: in the new player order each player takes one of the 7 actions; each action can be
taken by one player only; Locomotive acts at once; the markers are cleared at the next selection."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from tests.conftest import act, scenario

ALL_ACTIONS = {"first_move", "first_build", "engineer", "locomotive", "urbanization", "production", "turn_order"}


def selection(players: int, order: list[int], extra: str = ""):
    return scenario(
        f"""
        players = {players}
        phase = "select_actions"
        order = {order}
    """
        + extra
    )


def test_players_select_actions_in_the_new_player_order():
    game = selection(4, [2, 0, 3, 1])
    seen = []
    for name in ("engineer", "first_move", "production", "turn_order"):
        seen.append(game.to_move)
        act(game, "select_action", action=name)
    assert seen == [2, 0, 3, 1]
    assert [p.action for p in game.state.players] == ["first_move", "turn_order", "engineer", "production"]


def test_the_first_player_may_choose_any_of_the_7_actions():
    game = selection(3, [0, 1, 2])
    assert {a.action for a in game.legal_actions()} == ALL_ACTIONS


def test_each_action_can_be_taken_by_one_player_only():
    game = selection(3, [0, 1, 2])
    act(game, "select_action", action="engineer")
    assert "engineer" not in {a.action for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match="Engineer is already taken by Player 1"):
        act(game, "select_action", action="engineer")
    act(game, "select_action", action="first_build")
    assert {a.action for a in game.legal_actions()} == ALL_ACTIONS - {"engineer", "first_build"}


def test_locomotive_raises_the_engine_at_once():
    game = selection(3, [1, 0, 2])
    act(game, "select_action", action="locomotive")
    assert game.state.players[1].engine == 2
    assert game.state.phase == "select_actions"  # before anyone builds or moves


def test_locomotive_does_not_raise_the_engine_above_6():
    game = selection(
        3,
        [0, 1, 2],
        """
        [[player]]
        seat = 0
        engine = 6
        [[player]]
        seat = 1
        engine = 5
    """,
    )
    act(game, "select_action", action="locomotive")
    assert game.state.players[0].engine == 6
    assert game.state.players[0].action == "locomotive"


def test_locomotive_raises_an_engine_of_5_to_6():
    game = selection(
        3,
        [0, 1, 2],
        """
        [[player]]
        seat = 0
        engine = 5
    """,
    )
    act(game, "select_action", action="locomotive")
    assert game.state.players[0].engine == 6


def test_other_actions_do_not_change_the_engine():
    game = selection(3, [0, 1, 2])
    for name in ("engineer", "first_move", "production"):
        act(game, "select_action", action=name)
    assert [p.engine for p in game.state.players] == [1, 1, 1]


def test_taking_an_action_is_compulsory():
    """House ruling 11: every choice offered is an action; there is no way to decline."""
    game = selection(3, [0, 1, 2])
    assert {a.kind for a in game.legal_actions()} == {"select_action"}
    with pytest.raises(IllegalAction, match=r"not possible during III\. Select Actions"):
        act(game, "skip_move")
    for _ in range(3):
        act(game, "select_action", action=game.legal_actions()[0].action)
    assert all(p.action is not None for p in game.state.players)
    assert game.state.phase != "select_actions"


def test_with_6_players_one_action_stays_unused():
    game = selection(6, [0, 1, 2, 3, 4, 5])
    names = ["engineer", "first_move", "first_build", "production", "turn_order", "urbanization"]
    for k, name in enumerate(names):
        assert len(game.legal_actions()) == 7 - k
        act(game, "select_action", action=name)
    held = {p.action for p in game.state.players}
    assert held == set(names)
    assert ALL_ACTIONS - held == {"locomotive"}


def test_an_unknown_action_is_refused_with_the_list_of_actions():
    game = selection(3, [0, 1, 2])
    with pytest.raises(IllegalAction, match="there is no action 'bribe'; the actions are first_move"):
        act(game, "select_action", action="bribe")


def test_action_markers_are_kept_through_the_auction_and_cleared_at_the_next_selection():
    game = scenario("""
        players = 3
        phase = "player_order"
        order = [0, 1, 2]
        [[player]]
        seat = 0
        action = "turn_order"
        [[player]]
        seat = 1
        action = "engineer"
        [[player]]
        seat = 2
        action = "locomotive"
    """)
    act(game, "turn_order_pass")  # the marker from last turn is what allows the pass
    act(game, "bid", amount=1)
    act(game, "drop_out")
    act(game, "drop_out")
    assert game.state.phase == "select_actions"
    assert [p.action for p in game.state.players] == [None, None, None]
    assert game.to_move == 1
    # last turn's actions are free again
    assert {a.action for a in game.legal_actions()} == ALL_ACTIONS
    act(game, "select_action", action="engineer")
    assert game.state.players[1].action == "engineer"


def test_the_held_actions_appear_in_the_view():
    game = selection(3, [2, 1, 0])
    act(game, "select_action", action="production")
    assert [p["action"] for p in view(game)["players"]] == [None, None, "production"]


def test_a_refused_selection_changes_nothing():
    game = selection(3, [0, 1, 2])
    act(game, "select_action", action="locomotive")
    before = view(game)
    with pytest.raises(IllegalAction) as refusal:
        act(game, "select_action", action="locomotive")
    assert str(refusal.value) == "Locomotive is already taken by Player 1"
    assert view(game) == before
    assert game.state.players[1].engine == 1
