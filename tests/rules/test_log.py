"""The log records the automatic steps too: each turn's income, expenses and income reduction, and a build that
lays nothing."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.rules.income import IncomeReductionPhase


def turns_of(log: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in log:
        if line.startswith("— Turn"):
            out.append([])
        else:
            out[-1].append(line)
    return out


def test_each_turn_logs_the_income_and_the_expenses():
    game = Game.new("rust-belt", players=3, seed=3)
    steady, rng = bot("steady"), random.Random(1)
    while game.state.turn < 4:
        game.apply(steady.choose(game, rng))
    finished = turns_of(game.state.log)[:-1]
    assert len(finished) == 3
    names = [p.name for p in game.state.players]
    for lines in finished:
        income = [line for line in lines if line.startswith("Income: ")]
        expenses = [line for line in lines if line.startswith("Expenses: ")]
        assert len(income) == 1 and all(f"{n} $" in income[0] for n in names)
        assert len(expenses) == 1 and all(f"{n} $" in expenses[0] for n in names)
        assert lines.index(income[0]) < lines.index(expenses[0])


def test_an_income_reduction_is_logged_with_the_new_income():
    g = Game.new("rust-belt", players=3, seed=3).state.copy()
    g.players[0].income = 15
    IncomeReductionPhase().begin(g)
    assert g.log[-1] == f"{g.players[0].name}'s income is reduced by 2 to 13"
    assert not any("Player 2" in line and "reduced" in line for line in g.log)


def test_a_build_that_lays_nothing_is_logged():
    game = Game.new("rust-belt", players=3, seed=3)
    steady, rng = bot("steady"), random.Random(1)
    while not (game.state.build is not None and game.state.to_move == game.state.build.player):
        game.apply(steady.choose(game, rng))
    seat = game.state.to_move
    game.apply({"kind": "end_build", "player": seat})
    assert f"{game.state.players[seat].name} builds nothing this turn" in game.state.log
