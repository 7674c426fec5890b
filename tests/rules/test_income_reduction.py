"""Phase VIII, Income Reduction: ≤ 10 keeps its income, 11–20 loses 2, 21–30 loses 4, 31–40 loses 6, 41–49 loses 8,
50 and more loses 10 (house ruling 9: income is unbounded)."""

from __future__ import annotations

import pytest

from tests.conftest import act, scenario


def after_reduction(income: int, *, cash: int = 50, shares: int = 2, engine: int = 1, turn: int = 1):
    """Seat 0's income at the end of a turn in which nobody moved (stopped at the Goods Growth dice)."""
    game = scenario(
        f"""
        players = 3
        phase = "move_goods"
        order = [0, 1, 2]
        turn = {turn}
        [[player]]
        seat = 0
        income = {income}
        cash = {cash}
        shares = {shares}
        engine = {engine}
    """,
        auto_chance=False,
    )
    while game.state.phase == "move_goods":
        act(game, "skip_move")
    return game


@pytest.mark.parametrize(
    ("income", "reduced_to"),
    [
        (0, 0),
        (1, 1),
        (10, 10),  # up to 10: no reduction
        (11, 9),
        (20, 18),  # 11–20: −2
        (21, 17),
        (30, 26),  # 21–30: −4
        (31, 25),
        (40, 34),  # 31–40: −6
        (41, 33),
        (49, 41),  # 41–49: −8
        (50, 40),
        (51, 41),  # 50 and more: −10
    ],
)
def test_income_is_reduced_by_its_band(income, reduced_to):
    game = after_reduction(income)
    assert game.state.players[0].income == reduced_to


@pytest.mark.parametrize(("income", "reduced_to"), [(75, 65), (100, 90), (250, 240)])
def test_income_is_unbounded_and_every_income_of_50_or_more_loses_10(income, reduced_to):
    """House ruling 9."""
    game = after_reduction(income)
    assert game.state.players[0].income == reduced_to


def test_every_remaining_player_is_reduced():
    game = scenario(
        """
        players = 4
        phase = "move_goods"
        order = [0, 1, 2, 3]
        [[player]]
        seat = 0
        income = 12
        [[player]]
        seat = 1
        income = 25
        [[player]]
        seat = 2
        income = 33
        [[player]]
        seat = 3
        income = 44
    """,
        auto_chance=False,
    )
    while game.state.phase == "move_goods":
        act(game, "skip_move")
    assert [p.income for p in game.state.players] == [10, 21, 27, 36]


def test_reduction_applies_to_the_income_left_after_expenses():
    # $0 + $12 income against $14 of expenses (13 shares, engine 1): $2 short, income 12 → 10, then no reduction
    game = after_reduction(12, cash=0, shares=13)
    assert game.state.players[0].income == 10
    assert game.state.players[0].cash == 0


def test_reduction_does_not_take_cash():
    game = after_reduction(35, cash=0)
    assert game.state.players[0].cash == 35 - 3
    assert game.state.players[0].income == 35 - 6


def test_income_reduction_also_applies_in_the_final_turn_before_scoring():
    game = after_reduction(22, turn=10)
    assert game.state.players[0].income == 18
    game.supply_chance({"kind": "roll", "light": [1, 1, 1], "dark": [1, 1, 1]})
    assert game.over
    assert game.state.rules.score(game.state, 0) == 3 * 18 - 3 * 2
