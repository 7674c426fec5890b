"""Miami's judgement for the bots: people next to where the next flood may go are in danger, and the steady
bot evacuates them first."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.engine.actions import Deliver
from ageofsteam.maps.miami.state import state

MAP = "miami-2030"


def in_danger(game: Game) -> set[str]:
    g = game.state
    sites = set(g.rules.flood_sites(g))  # type: ignore[attr-defined]
    return {
        label
        for label, people in state(g).people.items()
        if sum(people.values()) and any(n in sites for n in g.map.neighbours[g.map.by_label[label]])
    }


def test_people_next_to_the_next_flood_count_against_the_position():
    g = Game.new(MAP, players=1, seed=1).state
    danger = sum(sum(state(g).people[lab].values()) for lab in in_danger(Game.new(MAP, players=1, seed=1)))
    assert danger > 0
    assert g.rules.bot_value(g, 0) == -0.5 * danger


def test_the_steady_bot_evacuates_people_in_danger_first():
    steady = bot("steady")
    chosen = 0
    for seed in range(6):
        game = Game.new(MAP, players=1, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 6:
            if game.state.phase == "move_goods":
                danger = in_danger(game)
                delivers = [a for a in game.legal_actions() if isinstance(a, Deliver)]
                rescuing = [a for a in delivers if a.city in danger]
                choice = steady.choose(game, rng)
                if rescuing and isinstance(choice, Deliver):
                    chosen += 1
                    assert choice.city in danger, (choice, danger)
            game.apply(steady.choose(game, rng))
    assert chosen >= 3
