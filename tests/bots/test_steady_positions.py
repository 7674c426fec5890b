"""The steady bot in hand-written positions (scenario data): the obvious move is the one it takes."""

from __future__ import annotations

import random

from ageofsteam.bots import bot
from ageofsteam.engine.actions import Build, Deliver, IssueShares
from tests.rules.build_helpers import position

STEADY = bot("steady")
# Rust Belt: seat 0's track from Chicago (L7) south towards St. Louis (T5), one hex (R5) short of it
CHICAGO_SOUTH = [("M6", "gentle", 1, 0), ("O6", "gentle", 4, 0), ("P5", "gentle", 1, 0)]


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


def test_it_delivers_the_cube_that_pays_it_most():
    game = position(
        track=[*CHICAGO_SOUTH, ("R5", "straight", 0, 0)],
        players={0: {"engine": 2}},
        to_move=0,
        phase="move_goods",
        turn=2,
        cubes={"L7": ["red"], "T5": ["red"]},
    )
    choice = STEADY.choose(game, random.Random(0))
    links = game.state.network.links
    delivers = [a for a in game.legal_actions() if isinstance(a, Deliver)]
    assert isinstance(choice, Deliver)
    mine = {a: sum(1 for lid in a.links if links[lid].owner == 0) for a in delivers}
    assert mine[choice] == max(mine.values()) >= 1


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
