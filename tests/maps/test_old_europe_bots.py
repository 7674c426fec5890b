"""Old Europe for the bots: a chain of circles through a country with a large circle includes the disc on it
(goods pass there only over one's own), shares are issued for the chain the bot can build and no more,
games of four steady bots seldom end in a bankruptcy, and the hard bot asks a smaller clear gain than in the base
game."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.engine.actions import IssueShares
from ageofsteam.maps.old_europe.state import state
from ageofsteam.rules.move_goods import all_routes
from tests.conftest import scenario, steady_game

MAP = "old-europe"


def game_at(phase: str, *, cubes: dict[str, list[str]], turn: int = 1, engine: int = 1, cash: int = 30) -> Game:
    """Four players, seat 1 to move (second in player order), no discs on the board, the countries holding only
    ``cubes``; every player with ``cash``, ``engine``, 2 shares and no income."""
    lines = [f'map = "{MAP}"', "players = 4", f'phase = "{phase}"', f"turn = {turn}", "to_move = 1"]
    lines += ["order = [0, 1, 2, 3]", "empty_cities = true", "[cubes]"]
    lines += [f"{k} = {v!r}".replace("'", '"') for k, v in cubes.items()]
    for seat in range(4):
        lines += ["[[player]]", f"seat = {seat}", f"cash = {cash}", f"engine = {engine}", "income = 0", "shares = 2"]
    return scenario("\n".join(lines))


def test_its_chain_through_germany_takes_the_large_circle_its_goods_must_pass():
    # a blue good in France, blue Poland the only country that takes it; the short way runs through Germany,
    # whose large circle goods pass only with the mover's own disc on it
    game = game_at("build_track", cubes={"FR": ["blue"]}, engine=2)
    steady = SteadyBot(plan_work=None)
    while game.state.build is not None and game.state.build.player == 1:
        game.apply(steady.choose(game, random.Random(0)))
    g = game.state
    assert 1 in state(g).large_circle_discs.get("DE", []), state(g)
    assert any(g.label(r.stops[0]) == "FR" and g.label(r.stops[-1]) == "PL" for r in all_routes(g, 1))


def test_no_share_when_the_cash_covers_the_chain_it_wants_and_the_expenses():
    # a red good in France, red Spain next door: one disc for $2; $8 covers it and the $3 of expenses
    game = game_at("issue_shares", cubes={"FR": ["red"]}, turn=3, cash=8)
    hint = SteadyBot(plan_work=None).hint(game, random.Random(0))
    assert hint.action == IssueShares(1, 0), hint.reason


def test_four_steady_bots_seldom_go_bankrupt():
    bankrupt = 0
    for seed in range(6):
        game = steady_game(MAP, 4, seed)
        bankrupt += sum(p.eliminated for p in game.state.players)
    assert bankrupt <= 1  # 9 of the 24 before the bots counted large circles, levels and what shares pay for


def test_the_hard_bot_leaves_the_steady_choice_for_a_smaller_gain_than_in_the_base_game():
    game = Game.new(MAP, players=4, seed=0)
    asked = judgement(game.state).clear_gain_in(game.state)
    assert 0 < asked < BaseJudgement().clear_gain_in(game.state)
