"""The random and steady bots on smaller budgets (the research environments' opponents): fewer builds weighed,
fewer stops ranked, no link plan built on a copy; their default budgets are unchanged."""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot, SteadyBot
from ageofsteam.bots.base import Bot
from ageofsteam.bots.random_bot import PLANS_LOOKED_AT, _Look


def play(bot: Bot, seed: int, decisions: int) -> None:
    game = Game.new("rust-belt", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(bot.choose(game, rng))


def test_a_cheaper_random_bot_weighs_at_most_its_builds_and_ranks_a_few_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    weighed: list[int] = []
    ranked: list[int] = []
    score, pick, promising, towards = (
        RandomBot._score,
        RandomBot._pick_build,
        RandomBot._promising_stops,
        _Look.towards,
    )
    counts = {"score": 0, "towards": 0}

    def counting_score(self, *args):  # type: ignore[no-untyped-def]
        counts["score"] += 1
        return score(self, *args)

    def counting_pick(self, *args):  # type: ignore[no-untyped-def]
        counts["score"] = 0
        out = pick(self, *args)
        weighed.append(counts["score"])
        return out

    def counting_promising(self, *args):  # type: ignore[no-untyped-def]
        counts["towards"] = 0
        out = promising(self, *args)
        ranked.append(counts["towards"])
        return out

    def counting_towards(self, *args):  # type: ignore[no-untyped-def]
        counts["towards"] += 1
        return towards(self, *args)

    monkeypatch.setattr(RandomBot, "_score", counting_score)
    monkeypatch.setattr(RandomBot, "_pick_build", counting_pick)
    monkeypatch.setattr(RandomBot, "_promising_stops", counting_promising)
    monkeypatch.setattr(_Look, "towards", counting_towards)
    assert (RandomBot().weighed, RandomBot().stops) == (PLANS_LOOKED_AT, None)
    for seed in range(3):
        play(RandomBot(weighed=4, stops=3), seed, 150)
    assert weighed and ranked and max(weighed) <= 4 and max(ranked) <= 3
    weighed.clear()
    ranked.clear()
    play(RandomBot(), 0, 150)
    assert max(weighed) > 4 and max(ranked) > 3  # the default weighs and ranks more


def test_a_cheaper_steady_bot_builds_no_link_plan_on_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    tried = 0
    worth = SteadyBot._plan_worth

    def counting(self, *args):  # type: ignore[no-untyped-def]
        nonlocal tried
        tried += 1
        return worth(self, *args)

    monkeypatch.setattr(SteadyBot, "_plan_worth", counting)
    assert SteadyBot().plans_tried == 6
    play(SteadyBot(plans_tried=0), 1, 80)
    assert tried == 0
    play(SteadyBot(), 1, 80)
    assert tried > 0
