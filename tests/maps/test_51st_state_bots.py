"""51st State for the bots: the steady bot places its discs along a chain of circles that joins two Colored
States where goods can go, not one here and one there; it issues no share for track it cannot build and buys
no engine level its income cannot carry, and games of four steady bots end without a bankruptcy."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.engine.actions import IssueShares, SkipMove
from ageofsteam.rules.circles import PlaceDisc
from ageofsteam.rules.move_goods import all_routes
from tests.conftest import scenario, steady_game

MAP = "51st-state"


def test_the_steady_bots_first_discs_open_a_delivery_of_their_own():
    steady = bot("steady")
    for seed in range(3):
        game = Game.new(MAP, players=4, seed=seed)
        rng = random.Random(seed)
        placed: set[int] = set()
        while game.state.phase != "move_goods":
            choice = steady.choose(game, rng)
            if isinstance(choice, PlaceDisc):
                placed.add(choice.player)
            game.apply(choice)
        assert placed, "nobody placed a disc"
        g = game.state
        for seat in placed:
            assert any(all(lk.owner == seat for lk in r.links) for r in all_routes(g, seat)), (seed, seat)


def game_at(phase: str, *, turn: int, cash: int, shares: int, engine: int = 1) -> Game:
    """Four players in ``phase`` of ``turn``, seat 1 to move, no discs and no goods on the board; every player
    with ``cash``, ``shares``, ``engine`` and no income."""
    lines = [f'map = "{MAP}"', "players = 4", f'phase = "{phase}"', f"turn = {turn}", "to_move = 1"]
    lines += ["order = [0, 1, 2, 3]", "empty_cities = true"]
    for seat in range(4):
        lines += ["[[player]]", f"seat = {seat}", f"cash = {cash}", f"engine = {engine}", "income = 0"]
        lines.append(f"shares = {shares}")
    return scenario("\n".join(lines))


def test_no_share_for_track_when_no_chain_of_circles_would_carry_goods():
    # no goods anywhere: no chain is worth building, and $5 covers the $3 of expenses
    game = game_at("issue_shares", turn=3, cash=5, shares=2)
    hint = SteadyBot(plan_work=None).hint(game, random.Random(0))
    assert hint.action == IssueShares(1, 0), hint.reason


def test_deep_in_shares_it_buys_no_engine_level_nothing_delivers_over():
    # 8 shares, no income, nothing to deliver: an engine level would only bring the bankruptcy closer
    game = game_at("move_goods", turn=2, cash=0, shares=8)
    hint = SteadyBot(plan_work=None).hint(game, random.Random(0))
    assert hint.action == SkipMove(1), hint.reason


def test_four_steady_bots_do_not_go_bankrupt():
    for seed in range(4):
        game = steady_game(MAP, 4, seed)
        assert not [p.seat for p in game.state.players if p.eliminated], seed  # 5 in these games before
