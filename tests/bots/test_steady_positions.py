"""The steady bot in hand-written positions (scenario data): the obvious move is the one it takes."""

from __future__ import annotations

import random

from ageofsteam.bots import bot
from ageofsteam.engine.actions import Build, Deliver, IssueShares, SelectAction
from ageofsteam.engine.game import Game
from tests.rules.build_helpers import position

STEADY = bot("steady")
# Rust Belt: seat 0's track from Chicago (L7) south towards St. Louis (T5), one hex (R5) short of it
CHICAGO_SOUTH = [("M6", "gentle", 1, 0), ("O6", "gentle", 4, 0), ("P5", "gentle", 1, 0)]
RUST_BELT_CITIES = ["A2", "C16", "F1", "H13", "L17", "L7", "O2", "Q12", "Q16", "T5", "T9", "U0"]


def test_it_completes_an_affordable_link_to_a_city_its_cube_can_reach():
    game = position(
        track=CHICAGO_SOUTH,
        players={0: {"cash": 10, "has_built": True}},
        to_move=0,
        turn=2,
        cubes={"L7": ["blue"], "T5": ["red"]},  # St. Louis's red cube can go to Chicago (red) over the link
    )
    hint = STEADY.hint(game, random.Random(0))
    assert hint.action == Build(0, "R5", "straight", 0)
    assert hint.reason.startswith("completes Chicago–St. Louis") or hint.reason.startswith(
        "completes St. Louis–Chicago"
    )


def two_reds_to_deliver() -> Game:
    """Move Goods for seat 0 (engine 2) with a red cube at each end of its Chicago track."""
    return position(
        track=[*CHICAGO_SOUTH, ("R5", "straight", 0, 0)],
        players={0: {"engine": 2}},
        to_move=0,
        phase="move_goods",
        turn=2,
        cubes={"L7": ["red"], "T5": ["red"]},
    )


def test_it_delivers_the_cube_that_pays_it_most():
    game = two_reds_to_deliver()
    choice = STEADY.choose(game, random.Random(0))
    links = game.state.network.links
    delivers = [a for a in game.legal_actions() if isinstance(a, Deliver)]
    assert isinstance(choice, Deliver)
    mine = {a: sum(1 for lid in a.links if links[lid].owner == 0) for a in delivers}
    assert mine[choice] == max(mine.values()) >= 1


def test_its_reason_for_a_delivery_names_the_income_it_earns():
    game = two_reds_to_deliver()
    hint = STEADY.hint(game, random.Random(0))
    before = game.state.players[0].income
    game.apply(hint.action)
    earned = game.state.players[0].income - before
    assert earned >= 1
    assert hint.reason.endswith(f"the best delivery for you now (+{earned} income)")


def test_it_issues_no_share_its_plan_does_not_need():
    game = position(phase="issue_shares", players={0: {"cash": 40, "income": 8}}, to_move=0, turn=3)
    choice = STEADY.choose(game, random.Random(0))
    assert choice == IssueShares(0, 0)


def test_it_issues_the_shares_that_keep_it_from_bankruptcy():
    game = position(
        phase="issue_shares", players={0: {"cash": 0, "income": 0, "shares": 6, "engine": 3}}, to_move=0, turn=5
    )
    g = game.state
    choice = STEADY.choose(game, random.Random(0))
    assert isinstance(choice, IssueShares)
    expenses = g.rules.expenses(g, 0) + choice.count
    assert 5 * choice.count >= expenses  # the cash the shares bring pays the expenses they leave


# Rust Belt: St. Louis (T5) west to Kansas City (U0)
STLOUIS_WEST = [("S4", "straight", 2), ("R3", "gentle", 2), ("S2", "straight", 1), ("T1", "straight", 1)]


def test_of_two_deliveries_paying_it_alike_it_takes_the_one_that_pays_no_rival():
    game = position(
        track=[*CHICAGO_SOUTH, ("R5", "straight", 0, 0), *((h, t, r, 1) for h, t, r in STLOUIS_WEST)],
        players={0: {"engine": 2}},
        to_move=0,
        phase="move_goods",
        turn=2,
        # purple from Chicago runs over its Chicago–St. Louis and seat 1's St. Louis–Kansas City: +1 to each;
        # red from St. Louis to Chicago over its own link only: +1 to it
        cubes={"L7": ["purple"], "T5": ["red"]},
    )
    choice = STEADY.choose(game, random.Random(0))
    assert isinstance(choice, Deliver)
    assert (choice.city, choice.colour) == ("T5", "red")


def test_it_builds_the_link_its_waiting_delivery_pays_the_expenses_for():
    game = position(
        track=[*CHICAGO_SOUTH, *((h, t, r, 0) for h, t, r in STLOUIS_WEST)],
        # expenses $3 and no income: $3 kept back would leave too little for R5 ($3), but the red cube waiting
        # at Kansas City for its St. Louis link raises the income before the expenses are paid
        players={0: {"cash": 6, "income": 0, "shares": 2, "engine": 1, "has_built": True}},
        to_move=0,
        turn=2,
        cubes={"U0": ["red"], "T5": ["red"]},
    )
    hint = STEADY.hint(game, random.Random(0))
    assert hint.action == Build(0, "R5", "straight", 0)


def test_it_extends_its_own_network_rather_than_start_a_link_apart():
    cubes: dict[str, list[str]] = {city: [] for city in RUST_BELT_CITIES}
    # a red cube waits at Kansas City for St. Louis, next to its Chicago–St. Louis link ($8); two at Toronto
    # for Detroit, far from it ($6): the link apart pays a little more now, the joined one grows the network
    cubes.update({"U0": ["red"], "C16": ["red", "red"]})
    game = position(
        track=[*CHICAGO_SOUTH, ("R5", "straight", 0, 0)],
        players={0: {"cash": 20, "engine": 2, "has_built": True, "action": "engineer"}},
        n=4,
        to_move=0,
        turn=3,
        cubes=cubes,
    )
    hint = STEADY.hint(game, random.Random(0))
    assert hint.action == Build(0, "S4", "straight", 2), hint.reason


def test_with_its_engine_behind_it_takes_the_locomotive_before_the_engineer():
    game = position(
        track=[*CHICAGO_SOUTH, ("R5", "straight", 0, 0)],
        # turn 4 wants an engine of 4; its plans want more than three builds and it has the cash for a fourth
        players={0: {"cash": 20, "income": 6, "engine": 2, "has_built": True}},
        n=4,
        to_move=0,
        turn=4,
        phase="select_actions",
    )
    assert STEADY.choose(game, random.Random(0)) == SelectAction(0, "locomotive")
