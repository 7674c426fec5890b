"""What the solo maps say about a finished game for tables of many games (``Rules.solo_figures``), and who won
a finished Detroit game (``Rules.winners``)."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.maps.detroit.state import state as detroit
from ageofsteam.maps.miami.state import state as miami


def finished(map_id: str, players: int, seed: int) -> Game:
    game = Game.new(map_id, players=players, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over:
        game.apply(bot.choose(game, rng))
    return game


def test_miami_gives_the_people_evacuated_and_how_the_game_ended():
    g = finished("miami-2030", 1, 3).state
    r = miami(g).result
    assert r is not None
    assert g.rules.solo_figures(g) == {
        "won": r.won,
        "evacuated": r.evacuated,
        "ending": f"{'won' if r.won else 'lost'} in round {r.round}",
    }


def test_detroit_solo_gives_the_turn_reached_and_the_rating_in_short():
    g = finished("detroit-bankruptcy", 1, 4).state
    r = detroit(g).result
    assert r is not None
    figures = g.rules.solo_figures(g)
    assert figures["won"] == r.won and figures["turn"] == r.turn
    assert figures["rating"] == (f"turn {min(r.turn, 12)}{'+' if r.turn >= 12 else ''}" if r.won else "lost")


def test_detroit_names_its_winners_the_last_not_bankrupt():
    g = finished("detroit-bankruptcy", 3, 5).state
    assert g.rules.winners(g) == detroit(g).winners != []
