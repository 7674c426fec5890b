"""Phase I, Issue Shares: in player order each player issues k ≥ 0 shares for $5 each, up to 15 issued."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from tests.conftest import act, scenario


def test_players_issue_shares_in_current_player_order():
    game = scenario("""
        players = 3
        order = [2, 0, 1]
    """)
    seen = []
    while game.state.phase == "issue_shares":
        seen.append(game.to_move)
        act(game, "issue_shares", count=0)
    assert seen == [2, 0, 1]


def test_each_share_issued_gives_5_dollars_at_once_and_advances_the_shares_marker():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
    """)
    act(game, "issue_shares", count=3)
    p = game.state.players[0]
    assert (p.cash, p.shares) == (10 + 3 * 5, 2 + 3)
    assert game.to_move == 1  # the next player's turn, still in phase I
    assert game.state.phase == "issue_shares"


def test_a_player_may_issue_no_shares():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
    """)
    act(game, "issue_shares", count=0)
    p = game.state.players[0]
    assert (p.cash, p.shares) == (10, 2)


def test_there_is_no_per_turn_limit_on_shares():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
    """)
    act(game, "issue_shares", count=13)
    p = game.state.players[0]
    assert (p.cash, p.shares) == (10 + 13 * 5, 15)


def test_no_more_than_15_shares_may_ever_be_issued():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
        [[player]]
        seat = 0
        shares = 13
    """)
    with pytest.raises(IllegalAction, match="at most 2 more shares"):
        act(game, "issue_shares", count=3)
    act(game, "issue_shares", count=2)
    assert game.state.players[0].shares == 15


def test_a_player_at_15_shares_is_skipped_automatically():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
        [[player]]
        seat = 1
        shares = 15
    """)
    act(game, "issue_shares", count=0)  # seat 0
    assert game.to_move == 2  # seat 1 has nothing to decide
    act(game, "issue_shares", count=0)
    assert game.state.phase == "player_order"
    assert game.state.players[1].cash == 10


def test_the_legal_share_counts_run_from_0_to_the_cap():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
        [[player]]
        seat = 0
        shares = 12
    """)
    assert sorted(a.count for a in game.legal_actions()) == [0, 1, 2, 3]


def test_a_negative_number_of_shares_is_refused():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
    """)
    with pytest.raises(IllegalAction, match="cannot be negative"):
        act(game, "issue_shares", count=-1)


def test_shares_cannot_be_bought_back():
    game = scenario("""
        players = 3
        order = [0, 1, 2]
        [[player]]
        seat = 0
        shares = 5
    """)
    assert all(a.count >= 0 for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        act(game, "issue_shares", count=-2)
    assert game.state.players[0].shares == 5


def test_after_everyone_has_issued_the_auction_begins_with_the_first_player():
    game = scenario("""
        players = 4
        order = [3, 1, 0, 2]
    """)
    for _ in range(4):
        act(game, "issue_shares", count=1)
    assert game.state.phase == "player_order"
    assert game.to_move == 3
    assert [p["shares"] for p in view(game)["players"]] == [3, 3, 3, 3]
