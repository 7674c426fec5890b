"""Phases VI Collect Income and VII Pay Expenses: cash from income, expenses of $1 per share and per engine level,
shortfalls taken from income, elimination below 0 (and house ruling 8: the game ends when one player is left)."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from ageofsteam.engine.actions import CHANCE
from tests.conftest import act, scenario


def end_of_turn(extra: str, players: int = 3, order: list[int] | None = None):
    """A game in Move Goods where nobody moves, stopped at the Goods Growth dice (phases VI–VIII done)."""
    order = order if order is not None else list(range(players))
    game = scenario(
        f"""
        players = {players}
        phase = "move_goods"
        order = {order}
    """
        + extra,
        auto_chance=False,
    )
    while game.state.phase == "move_goods":
        act(game, "skip_move")
    return game


def figures(game, seat: int) -> tuple[int, int]:
    p = game.state.players[seat]
    return p.cash, p.income


def test_each_player_collects_cash_equal_to_their_income():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 0
        income = 7
        [[player]]
        seat = 1
        cash = 5
        income = 0
    """)
    assert game.state.phase == "goods_growth" and game.to_move == CHANCE
    # seat 0: 0 + 7 income − (2 shares + 1 engine) = 4
    assert figures(game, 0) == (4, 7)
    # seat 1: 5 + 0 income − 3 = 2
    assert figures(game, 1) == (2, 0)


def test_expenses_are_1_dollar_per_issued_share_plus_1_dollar_per_engine_level():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 20
        shares = 6
        engine = 4
        [[player]]
        seat = 1
        cash = 30
        shares = 15
        engine = 6
    """)
    assert figures(game, 0) == (20 - 6 - 4, 0)
    assert figures(game, 1) == (30 - 15 - 6, 0)
    assert figures(game, 2) == (10 - 2 - 1, 0)  # the starting figures cost $3


def test_income_is_collected_before_expenses_are_paid():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 0
        income = 3
    """)
    # $3 of income pays the $3 of expenses: no shortfall
    assert figures(game, 0) == (0, 3)
    assert not game.state.players[0].eliminated


def test_a_player_short_of_cash_pays_all_they_have_and_loses_1_income_per_dollar_owed():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 1
        income = 6
        shares = 8
        engine = 2
    """)
    # $1 + $6 income = $7 against $10 of expenses: $3 short
    assert figures(game, 0) == (0, 6 - 3)
    assert not game.state.players[0].eliminated


def test_income_may_fall_to_exactly_0_without_elimination():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 0
        income = 2
        shares = 3
    """)
    # $2 against $4: $2 short, income 2 − 2 = 0
    assert figures(game, 0) == (0, 0)
    assert not game.state.players[0].eliminated
    assert 0 in game.state.order


def test_a_player_whose_income_falls_below_0_is_eliminated():
    game = end_of_turn(
        """
        [[player]]
        seat = 1
        cash = 0
        income = 1
        shares = 4
    """,
        players=4,
    )
    # $1 against $5: $4 short, income 1 − 4 = −3 < 0
    p = game.state.players[1]
    assert p.eliminated
    assert view(game)["players"][1]["eliminated"] is True


def test_an_eliminated_players_track_becomes_unowned():
    game = end_of_turn(
        """
        [[player]]
        seat = 1
        cash = 0
        income = 0
        [[track]]
        hex = "J7"
        tile = "straight"
        owner = 1
        [[track]]
        hex = "H7"
        tile = "town_1"
        rotation = 3
        owner = 1
        [[track]]
        hex = "M6"
        tile = "sharp"
        owner = 1
    """,
        players=4,
    )
    assert game.state.players[1].eliminated
    v = view(game)
    assert [t["owners"] for t in v["track"]] == [[None], [None], [None]]
    # the completed Chicago–Milwaukee link stays on the map, owned by no one
    assert [(lk["from"], lk["to"], lk["owner"]) for lk in v["links"]] == [("H7", "L7", None)]


def test_an_eliminated_player_leaves_the_player_order():
    game = end_of_turn(
        """
        [[player]]
        seat = 2
        cash = 0
        action = "production"
    """,
        players=4,
        order=[2, 0, 3, 1],
    )
    assert game.state.order == [0, 3, 1]
    assert game.state.players[2].action is None  # their action disk is removed too
    # their Production is gone with them: Goods Growth goes straight to the dice
    assert game.state.step == "roll"
    # the next turn goes on without them
    game.supply_chance({"kind": "roll", "light": [6, 6, 6, 6], "dark": [6, 6, 6, 6]})
    assert game.state.turn == 2 and game.state.phase == "issue_shares"
    seen = []
    while game.state.phase == "issue_shares":
        seen.append(game.to_move)
        act(game, "issue_shares", count=0)
    assert seen == [0, 3, 1]
    assert game.state.auction.bidders == [0, 3, 1]


def test_goods_growth_still_rolls_one_die_per_starting_player_after_an_elimination():
    game = end_of_turn(
        """
        [[player]]
        seat = 3
        cash = 0
    """,
        players=4,
    )
    assert game.state.players[3].eliminated
    with pytest.raises(IllegalAction, match="rolls 4 dice"):
        game.supply_chance({"kind": "roll", "light": [1, 2, 3], "dark": [1, 2, 3]})
    game.supply_chance({"kind": "roll", "light": [1, 2, 3, 4], "dark": [1, 2, 3, 4]})
    assert game.state.turn == 2


def test_the_game_ends_at_once_when_only_one_player_is_left():
    """House ruling 8: the survivor wins."""
    game = end_of_turn(
        """
        turn = 3
        [[player]]
        seat = 0
        eliminated = true
        [[player]]
        seat = 1
        cash = 0
        [[player]]
        seat = 2
        income = 20
    """,
        order=[1, 2],
    )
    g = game.state
    assert g.players[1].eliminated
    assert g.over and game.to_move is None
    assert g.phase == "game_over"
    assert g.turn == 3
    assert g.players[2].income == 20  # the game ended before Income Reduction
    v = view(game)
    assert v["over"] is True
    assert v["standings"][0] == {"seat": 2, "score": 3 * 20 - 3 * 2}
    assert [s["score"] for s in v["standings"][1:]] == [None, None]
    assert game.legal_actions() == []


def test_the_game_ends_when_every_player_is_eliminated():
    game = end_of_turn("""
        [[player]]
        seat = 0
        cash = 0
        [[player]]
        seat = 1
        cash = 0
        [[player]]
        seat = 2
        cash = 0
    """)
    assert all(p.eliminated for p in game.state.players)
    assert game.over


def test_a_player_who_never_earns_has_10_7_4_1_dollars_and_goes_bankrupt_in_turn_4():
    """Starting with $10, 2 shares and engine 1, expenses of $3 leave $7, $4, $1; in turn 4 the player is $2 short
    and goes below 0 income. When every player does so, the game ends there."""
    game = scenario("""
        players = 3
        order = [0, 1, 2]
    """)
    cash_after_turn: list[list[int]] = []
    while not game.over:
        kinds = {a.kind for a in game.legal_actions()}
        turn = game.state.turn
        if "issue_shares" in kinds:
            act(game, "issue_shares", count=0)
        elif "drop_out" in kinds:
            act(game, "drop_out")
        elif "select_action" in kinds:
            free = [a.action for a in game.legal_actions()]
            act(game, "select_action", action=next(x for x in free if x not in ("locomotive", "urbanization")))
        elif "end_build" in kinds:
            act(game, "end_build")
        elif "skip_move" in kinds:
            act(game, "skip_move")
        else:
            game.apply(game.legal_actions()[0])
        if game.state.turn != turn and not game.over:
            cash_after_turn.append([p.cash for p in game.state.players])
    assert cash_after_turn == [[7, 7, 7], [4, 4, 4], [1, 1, 1]]
    assert game.state.turn == 4
    assert all(p.eliminated for p in game.state.players)
