"""Phase II, Determine Player Order: the auction for first place (with house rulings 1 and 2)."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from tests.conftest import act, scenario


def auction(players: int, *, order: list[int] | None = None, extra: str = "") -> object:
    """A game at the start of the auction, in seat order unless ``order`` is given."""
    order = order if order is not None else list(range(players))
    return scenario(
        f"""
        players = {players}
        phase = "player_order"
        order = {order}
    """
        + extra
    )


def play(game, *steps: tuple) -> None:
    """Carry out ``(seat, "bid", amount)``, ``(seat, "drop")`` or ``(seat, "pass")`` steps, checking that it is
    that seat's turn each time."""
    for step in steps:
        seat, what = step[0], step[1]
        assert game.to_move == seat, f"expected seat {seat} to act before {step}, not {game.to_move}"
        if what == "bid":
            act(game, "bid", amount=step[2])
        elif what == "drop":
            act(game, "drop_out")
        else:
            act(game, "turn_order_pass")


def cash(game) -> list[int]:
    return [p.cash for p in game.state.players]


def holds_turn_order(seat: int, cash: int | None = None) -> str:
    return f"""
        [[player]]
        seat = {seat}
        action = "turn_order"
    """ + (f"cash = {cash}\n" if cash is not None else "")


# --- the order of bidding ------------------------------------------------------------------------


def test_bidding_starts_with_the_current_first_player_and_goes_round_in_player_order():
    game = auction(4, order=[2, 3, 0, 1])
    play(game, (2, "bid", 1), (3, "bid", 2), (0, "bid", 3), (1, "bid", 4), (2, "bid", 5))


def test_players_who_dropped_out_are_skipped():
    game = auction(4)
    play(game, (0, "bid", 1), (1, "drop"), (2, "drop"), (3, "bid", 2), (0, "bid", 3), (3, "bid", 4))


def test_the_high_bidder_is_skipped_when_the_bidding_comes_round_to_them():
    game = auction(3, extra=holds_turn_order(2))
    # seat 2 passes and seat 0 drops: the bidding comes back round to seat 1, the high bidder, who is
    # skipped, so seat 2 must act again
    play(game, (0, "bid", 1), (1, "bid", 2), (2, "pass"), (0, "drop"), (2, "drop"))
    assert game.state.phase == "select_actions"
    assert game.state.order == [1, 2, 0]


# --- what a bid may be -----------------------------------------------------------------------------


def test_a_bid_of_0_dollars_is_not_allowed():
    game = auction(3)
    with pytest.raises(IllegalAction, match=r"lowest bid is \$1"):
        act(game, "bid", amount=0)
    act(game, "bid", amount=1)
    assert game.state.auction.high == 1


def test_a_bid_must_be_more_than_the_high_bid():
    game = auction(3)
    play(game, (0, "bid", 3))
    for amount in (2, 3):
        with pytest.raises(IllegalAction, match=r"more than the high bid of \$3"):
            act(game, "bid", amount=amount)
    act(game, "bid", amount=4)
    assert (game.state.auction.high, game.state.auction.high_bidder) == (4, 1)


def test_a_bid_may_not_exceed_the_bidders_cash():
    """House ruling 2."""
    game = auction(
        3,
        extra="""
        [[player]]
        seat = 0
        cash = 7
    """,
    )
    with pytest.raises(IllegalAction, match=r"you have \$7"):
        act(game, "bid", amount=8)
    act(game, "bid", amount=7)  # all of it is allowed
    assert game.state.auction.high == 7


def test_the_legal_bids_run_from_one_above_the_high_bid_to_the_bidders_cash():
    game = auction(
        3,
        extra="""
        [[player]]
        seat = 1
        cash = 6
    """,
    )
    play(game, (0, "bid", 2))
    bids = sorted(a.amount for a in game.legal_actions() if a.kind == "bid")
    assert bids == [3, 4, 5, 6]
    assert any(a.kind == "drop_out" for a in game.legal_actions())
    assert not any(a.kind == "turn_order_pass" for a in game.legal_actions())


def test_a_player_who_cannot_afford_the_minimum_bid_and_has_no_pass_drops_out():
    game = auction(
        3,
        extra="""
        [[player]]
        seat = 0
        cash = 3
    """,
    )
    play(game, (0, "bid", 1), (1, "bid", 2), (2, "bid", 3))
    # seat 0 would have to bid $4 with $3: they are out without being asked
    assert game.state.auction.dropped == [0]
    assert game.to_move == 1


def test_a_player_with_no_money_is_out_before_bidding_starts():
    game = auction(
        3,
        extra="""
        [[player]]
        seat = 0
        cash = 0
    """,
    )
    assert game.to_move == 1
    assert game.state.auction.dropped == [0]
    play(game, (1, "bid", 2), (2, "drop"))
    assert game.state.order == [1, 2, 0]


# --- the Turn Order pass (house ruling 1) --------------------------------------------------------


def test_only_the_player_who_took_turn_order_last_turn_may_pass():
    game = auction(3, extra=holds_turn_order(1))
    with pytest.raises(IllegalAction, match="only the player who took Turn Order"):
        act(game, "turn_order_pass")
    play(game, (0, "bid", 1), (1, "pass"))
    assert game.to_move == 2
    assert game.state.auction.bidders == [0, 1, 2]  # still in


def test_the_turn_order_pass_may_be_used_only_once_per_auction():
    game = auction(3, extra=holds_turn_order(1))
    play(game, (0, "bid", 1), (1, "pass"), (2, "bid", 2), (0, "bid", 3))
    assert game.to_move == 1
    assert not any(a.kind == "turn_order_pass" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="only once per auction"):
        act(game, "turn_order_pass")


def test_the_turn_order_pass_may_be_used_before_anyone_has_bid():
    game = auction(3, extra=holds_turn_order(0))
    play(game, (0, "pass"), (1, "bid", 1), (2, "drop"), (0, "bid", 2), (1, "drop"))
    assert game.state.order == [0, 1, 2]


def test_the_turn_order_pass_may_be_used_with_two_bidders_left():
    """House ruling 1: any time the holder is still in, even when only one other bidder remains."""
    game = auction(3, extra=holds_turn_order(0))
    play(game, (0, "bid", 1), (1, "bid", 2), (2, "drop"))
    assert game.state.auction.bidders == [0, 1]
    assert any(a.kind == "turn_order_pass" for a in game.legal_actions())
    play(game, (0, "pass"))
    # seat 1 holds the high bid and does not bid against themself, so seat 0 acts again
    play(game, (0, "bid", 3), (1, "drop"))
    assert game.state.order == [0, 1, 2]
    assert cash(game) == [10 - 3, 10 - 2, 10]


def test_a_turn_order_holder_who_cannot_afford_a_bid_may_still_pass():
    game = auction(3, extra=holds_turn_order(0, cash=0))
    assert game.to_move == 0
    assert [a.kind for a in game.legal_actions()] == ["drop_out", "turn_order_pass"]
    play(game, (0, "pass"), (1, "bid", 1), (2, "bid", 2))
    # now seat 0 cannot bid and has used the pass: they are out
    assert game.state.auction.dropped == [0]


def test_a_turn_order_holder_who_passed_pays_for_their_latest_bid():
    game = auction(4, extra=holds_turn_order(2))
    play(
        game,
        (0, "bid", 1),
        (1, "bid", 2),
        (2, "pass"),
        (3, "bid", 3),
        (0, "drop"),  # first out: last place, pays 0
        (1, "bid", 4),
        (2, "bid", 5),
        (3, "drop"),  # second out: 3rd place, pays half of $3 rounded up = $2
        (1, "drop"),
    )  # 2nd place pays the full $4; seat 2 wins and pays $5
    assert game.state.order == [2, 1, 3, 0]
    assert cash(game) == [10, 10 - 4, 10 - 5, 10 - 2]


# --- payments and the new order ------------------------------------------------------------------


def test_with_3_players_the_first_to_drop_out_pays_nothing_and_the_other_two_pay_in_full():
    game = auction(3)
    play(
        game,
        (0, "bid", 1),
        (1, "bid", 2),
        (2, "bid", 3),
        (0, "drop"),  # first out, had bid $1: pays nothing
        (1, "bid", 4),
        (2, "drop"),
    )  # 2nd place: full $3; seat 1 wins: full $4
    assert game.state.order == [1, 2, 0]
    assert cash(game) == [10, 10 - 4, 10 - 3]


def test_with_4_players_the_middle_dropout_pays_half_rounded_up():
    game = auction(4)
    play(
        game,
        (0, "bid", 1),
        (1, "bid", 2),
        (2, "bid", 3),
        (3, "bid", 4),
        (0, "drop"),  # 4th: pays 0
        (1, "bid", 5),
        (2, "drop"),  # 3rd: half of $3 rounded up = $2
        (3, "bid", 6),
        (1, "drop"),
    )  # 2nd: full $5; seat 3 wins: full $6
    assert game.state.order == [3, 1, 2, 0]
    assert cash(game) == [10, 10 - 5, 10 - 2, 10 - 6]


def test_with_5_players_the_two_middle_dropouts_pay_half_rounded_up():
    game = auction(5)
    play(
        game,
        (0, "bid", 1),
        (1, "bid", 2),
        (2, "bid", 3),
        (3, "bid", 4),
        (4, "bid", 5),
        (0, "drop"),  # 5th: 0
        (1, "bid", 6),
        (2, "drop"),  # 4th: ⌈3/2⌉ = 2
        (3, "drop"),  # 3rd: ⌈4/2⌉ = 2
        (4, "bid", 7),
        (1, "drop"),
    )  # 2nd: 6; seat 4 wins: 7
    assert game.state.order == [4, 1, 3, 2, 0]
    assert cash(game) == [10, 10 - 6, 10 - 2, 10 - 2, 10 - 7]


def test_with_6_players_the_three_middle_dropouts_pay_half_rounded_up():
    game = auction(6)
    play(
        game,
        (0, "bid", 1),
        (1, "bid", 2),
        (2, "bid", 3),
        (3, "bid", 4),
        (4, "bid", 5),
        (5, "bid", 6),
        (0, "drop"),  # 6th: 0
        (1, "bid", 7),
        (2, "drop"),  # 5th: ⌈3/2⌉ = 2
        (3, "drop"),  # 4th: ⌈4/2⌉ = 2
        (4, "drop"),  # 3rd: ⌈5/2⌉ = 3
        (5, "bid", 8),
        (1, "drop"),
    )  # 2nd: 7; seat 5 wins: 8
    assert game.state.order == [5, 1, 4, 3, 2, 0]
    assert cash(game) == [10, 10 - 7, 10 - 2, 10 - 2, 10 - 3, 10 - 8]


def test_a_player_who_drops_out_without_ever_bidding_pays_nothing():
    game = auction(4)
    play(
        game,
        (0, "bid", 1),
        (1, "drop"),  # 4th: 0
        (2, "drop"),  # 3rd, never bid: 0
        (3, "bid", 2),
        (0, "drop"),
    )  # 2nd: 1; seat 3 wins: 2
    assert game.state.order == [3, 0, 2, 1]
    assert cash(game) == [10 - 1, 10, 10, 10 - 2]


def test_the_last_two_bidders_pay_their_full_bid_even_when_it_is_odd():
    game = auction(5)
    play(game, (0, "drop"), (1, "drop"), (2, "drop"), (3, "bid", 3), (4, "bid", 5), (3, "drop"))
    assert game.state.order == [4, 3, 2, 1, 0]
    assert cash(game) == [10, 10, 10, 10 - 3, 10 - 5]


def test_the_first_to_drop_out_takes_last_place_and_the_next_second_to_last():
    game = auction(5, order=[4, 3, 2, 1, 0])
    play(game, (4, "drop"), (3, "drop"), (2, "bid", 1), (1, "drop"), (0, "drop"))
    assert game.state.order == [2, 0, 1, 3, 4]


def test_the_auction_ends_when_one_bidder_is_left_who_becomes_first():
    game = auction(3)
    play(game, (0, "drop"), (1, "drop"))
    assert game.state.auction is None
    assert game.state.phase == "select_actions"
    assert game.state.order == [2, 1, 0]
    assert cash(game) == [10, 10, 10]  # seat 2 never bid: it pays nothing
    assert game.to_move == 2  # actions are chosen in the new order


def test_eliminated_players_take_no_part_in_the_auction():
    game = auction(
        4,
        order=[0, 2, 3],
        extra="""
        [[player]]
        seat = 1
        eliminated = true
    """,
    )
    assert game.state.auction.bidders == [0, 2, 3]
    play(game, (0, "drop"), (2, "bid", 1), (3, "drop"))
    assert game.state.order == [2, 3, 0]


def test_the_auction_appears_in_the_view():
    game = auction(3, extra=holds_turn_order(1))
    play(game, (0, "bid", 2), (1, "pass"))
    a = view(game)["auction"]
    assert a == {"bidders": [0, 1, 2], "bids": {"0": 2}, "high": 2, "high_bidder": 0, "dropped": [], "pass_used": True}


def test_a_refused_bid_changes_nothing_and_says_why():
    game = auction(3)
    play(game, (0, "bid", 4))
    before = view(game)
    actions = len(game.record.actions)
    for amount, reason in (
        (11, "you cannot bid $11: you have $10"),
        (4, "a bid must be more than the high bid of $4"),
        (0, "a bid must be more than the high bid of $4"),
    ):
        with pytest.raises(IllegalAction) as refusal:
            act(game, "bid", amount=amount)
        assert str(refusal.value) == reason
    with pytest.raises(IllegalAction, match="only the player who took Turn Order last turn may pass in the auction"):
        act(game, "turn_order_pass")
    assert view(game) == before
    assert len(game.record.actions) == actions
