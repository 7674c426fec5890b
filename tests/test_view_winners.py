"""The view of a finished game names its winners; a solo game is won or lost against the game itself."""

from __future__ import annotations

import random

from ageofsteam.bots import RandomBot, SteadyBot
from ageofsteam.bots.base import Bot
from ageofsteam.engine.game import Game
from ageofsteam.engine.view import state_view


def played(game: Game, bot: Bot, seed: int) -> Game:
    rng = random.Random(seed)
    while not game.over:
        game.apply(bot.choose(game, rng))
    return game


def test_a_running_game_has_no_winners_yet() -> None:
    assert state_view(Game.new("rust-belt", players=3, seed=1).state)["winners"] is None


def test_a_solo_game_lost_against_the_game_has_no_winner_and_one_won_has_its_player() -> None:
    lost = played(Game.new("detroit-bankruptcy", players=1, seed=3), RandomBot(), 3).state
    assert not lost.rules.solo_figures(lost)["won"]  # the random bot goes bankrupt before the government
    assert state_view(lost)["winners"] == []
    won = played(Game.new("detroit-bankruptcy", players=1, seed=1), SteadyBot(), 1).state
    assert won.rules.solo_figures(won)["won"]
    assert state_view(won)["winners"] == [0]


def test_a_game_of_several_names_the_rules_winners() -> None:
    g = played(Game.new("rust-belt", players=3, seed=2), RandomBot(), 2).state
    winners = state_view(g)["winners"]
    assert winners and winners == g.rules.winners(g)
    best = max(s for _, s in g.rules.standings(g) if s is not None)
    assert all(dict(g.rules.standings(g))[w] == best for w in winners)
