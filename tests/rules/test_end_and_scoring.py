"""Phase X Advance Turn Marker, the end of the game and §3 scoring:
VP = 3 × income − 3 × issued shares + 1 per track section in the player's Completed Railroad Links."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from ageofsteam.engine.actions import CHANCE
from tests.conftest import act, scenario

# Chicago (L7) – J7 – Milwaukee (town, H7) – F7 – Green Bay (town, D7), straight up column 7.
CHICAGO_TO_MILWAUKEE = """
    [[track]]
    hex = "J7"
    tile = "straight"
    owner = 0
"""
MILWAUKEE_THROUGH = """
    [[track]]
    hex = "H7"
    tile = "straight"
    owner = 0
"""
MILWAUKEE_TO_GREEN_BAY = """
    [[track]]
    hex = "F7"
    tile = "straight"
    owner = 0
    [[track]]
    hex = "D7"
    tile = "town_1"
    rotation = 3
    owner = 0
"""


def position(text: str, players: int = 3, order: list[int] | None = None):
    return scenario(
        f"""
        players = {players}
        phase = "move_goods"
        order = {order if order is not None else list(range(players))}
    """
        + text
    )


def score(game, seat: int) -> int | None:
    return view(game)["players"][seat]["score"]


def player(seat: int, **figures: int) -> str:
    return f"[[player]]\nseat = {seat}\n" + "".join(f"{k} = {v}\n" for k, v in figures.items())


# --- advancing the turn and the end ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "last"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_after_the_last_turn_the_game_ends(players, last):
    game = scenario(
        f"""
        players = {players}
        phase = "goods_growth"
        turn = {last}
    """,
        auto_chance=False,
    )
    game.supply_chance({"kind": "roll", "light": [1] * players, "dark": [1] * players})
    assert game.over
    assert game.state.phase == "game_over" and game.to_move is None
    assert game.state.turn == last
    assert view(game)["standings"] is not None
    assert game.legal_actions() == []


@pytest.mark.parametrize(("players", "last"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_before_the_last_turn_the_turn_marker_advances_and_phase_i_begins(players, last):
    game = scenario(
        f"""
        players = {players}
        phase = "goods_growth"
        turn = {last - 1}
    """,
        auto_chance=False,
    )
    game.supply_chance({"kind": "roll", "light": [1] * players, "dark": [1] * players})
    assert not game.over
    assert game.state.turn == last
    assert game.state.phase == "issue_shares"
    assert game.to_move == game.state.order[0]


def test_nothing_can_be_done_once_the_game_is_over():
    game = scenario(
        """
        players = 3
        phase = "goods_growth"
        turn = 10
    """,
        auto_chance=False,
    )
    game.supply_chance({"kind": "roll", "light": [1, 1, 1], "dark": [1, 1, 1]})
    before = view(game)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply({"kind": "issue_shares", "player": 0, "count": 1})
    assert view(game) == before


def test_a_whole_game_of_3_players_lasts_10_turns():
    game = scenario(
        """
        players = 3
        order = [0, 1, 2]
    """
        + player(0, cash=100)
        + player(1, cash=100)
        + player(2, cash=100)
    )
    turns = set()
    while not game.over:
        turns.add(game.state.turn)
        kinds = {a.kind for a in game.legal_actions()}
        if "issue_shares" in kinds:
            act(game, "issue_shares", count=0)
        elif "end_build" in kinds:
            act(game, "end_build")
        elif "skip_move" in kinds:
            act(game, "skip_move")
        else:
            game.apply(next(a for a in game.legal_actions() if a.kind != "bid"))
    assert turns == set(range(1, 11))
    assert not any(p.eliminated for p in game.state.players)


# --- scoring ---------------------------------------------------------------------------------------


def test_each_income_level_is_worth_3_points_and_each_share_costs_3():
    game = position(player(0, income=7, shares=4) + player(1, income=0, shares=2) + player(2, income=12, shares=15))
    assert score(game, 0) == 3 * 7 - 3 * 4
    assert score(game, 1) == -3 * 2
    assert score(game, 2) == 3 * 12 - 3 * 15


def test_money_is_worth_nothing():
    game = position(player(0, cash=100, income=5) + player(1, cash=0, income=5))
    assert score(game, 0) == score(game, 1) == 3 * 5 - 3 * 2


def test_each_track_section_in_a_completed_link_scores_1():
    game = position(
        CHICAGO_TO_MILWAUKEE
        + """
        [[track]]
        hex = "H7"
        tile = "town_1"
        rotation = 3
        owner = 0
    """
    )
    # Chicago – J7 – Milwaukee: the straight on J7 and the spoke of the town tile
    assert [(lk["owner"], lk["sections"]) for lk in view(game)["links"]] == [(0, 2)]
    assert score(game, 0) == -6 + 2


def test_a_town_tile_counts_one_section_per_spoke():
    game = position(CHICAGO_TO_MILWAUKEE + MILWAUKEE_THROUGH + MILWAUKEE_TO_GREEN_BAY)
    # Chicago–Milwaukee: J7 + Milwaukee's south spoke = 2; Milwaukee–Green Bay: Milwaukee's north spoke + F7 +
    # Green Bay's spoke = 3. The straight with a town disk on Milwaukee scores twice, once per spoke.
    assert sorted(lk["sections"] for lk in view(game)["links"]) == [2, 3]
    assert score(game, 0) == -6 + 5


def test_unfinished_track_scores_nothing():
    game = position(
        CHICAGO_TO_MILWAUKEE
        + MILWAUKEE_THROUGH
        + """
        [[track]]
        hex = "M6"
        tile = "sharp"
        owner = 0
    """
    )
    # the Chicago–Milwaukee link scores 2; Milwaukee's north spoke (towards an empty F7) and the curve on M6
    # (from Chicago towards an empty K6) are unfinished and score nothing
    assert score(game, 0) == -6 + 2


def test_on_a_complex_tile_each_track_scores_for_its_own_owner():
    game = position("""
        # J7: a straight (Chicago–Milwaukee, seat 0) and a sharp curve (seat 1) on one coexisting tile
        [[track]]
        hex = "J7"
        tile = "straight_sharp"
        owners = [0, 1]
        [[track]]
        hex = "K6"
        tile = "sharp"
        rotation = 1
        owner = 1
        [[track]]
        hex = "I6"
        tile = "sharp"
        rotation = 1
        owner = 1
        [[track]]
        hex = "H7"
        tile = "sharp"
        rotation = 3
        owners = [0, 1]
    """)
    # seat 0: J7 straight + Milwaukee's S spoke = 2; seat 1: K6 + J7 curve + I6 + Milwaukee's SW spoke = 4
    assert score(game, 0) == -6 + 2
    assert score(game, 1) == -6 + 4


def test_income_shares_and_track_add_up():
    game = position(player(0, income=9, shares=5) + CHICAGO_TO_MILWAUKEE + MILWAUKEE_THROUGH + MILWAUKEE_TO_GREEN_BAY)
    assert score(game, 0) == 3 * 9 - 3 * 5 + 5


def test_eliminated_players_do_not_score():
    game = position(
        player(1, income=20, eliminated="true") + CHICAGO_TO_MILWAUKEE.replace("owner = 0", "owner = 1"),
        players=4,
        order=[0, 2, 3],
    )
    assert score(game, 1) is None
    assert game.state.rules.standings(game.state)[-1] == (1, None)


def test_the_final_standings_rank_by_score_with_eliminated_players_last():
    game = scenario(
        """
        players = 4
        phase = "goods_growth"
        turn = 8
        order = [0, 2, 3]
        [[player]]
        seat = 0
        income = 4
        [[player]]
        seat = 1
        eliminated = true
        income = 30
        [[player]]
        seat = 2
        income = 9
        [[player]]
        seat = 3
        income = 6
    """,
        auto_chance=False,
    )
    game.supply_chance({"kind": "roll", "light": [1, 1, 1, 1], "dark": [1, 1, 1, 1]})
    assert view(game)["standings"] == [
        {"seat": 2, "score": 3 * 9 - 6},
        {"seat": 3, "score": 3 * 6 - 6},
        {"seat": 0, "score": 3 * 4 - 6},
        {"seat": 1, "score": None},
    ]


def test_players_may_tie():
    game = position(player(0, income=6, shares=3) + player(1, income=5, shares=2))
    assert score(game, 0) == score(game, 1) == 9


def test_an_illegal_action_is_refused_with_a_readable_message_and_changes_nothing():
    game = position(player(0, cash=4))
    before = view(game)
    actions = len(game.record.actions)
    with pytest.raises(IllegalAction) as refusal:
        game.apply({"kind": "issue_shares", "player": 0, "count": 1})
    assert str(refusal.value) == "'issue_shares' is not possible during V. Move Goods"
    with pytest.raises(IllegalAction, match="it is Player 1's turn, not Player 2's"):
        game.apply({"kind": "skip_move", "player": 1})
    with pytest.raises(IllegalAction, match="chance outcomes are drawn by the game, not chosen"):
        game.apply({"kind": "roll", "light": [1, 1, 1], "dark": [1, 1, 1]})
    with pytest.raises(IllegalAction, match="no dice roll or draw is due now"):
        game.supply_chance({"kind": "roll", "light": [1, 1, 1], "dark": [1, 1, 1]})
    assert view(game) == before
    assert len(game.record.actions) == actions
    assert game.to_move == 0 and game.to_move != CHANCE
