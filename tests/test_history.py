"""A game's story (``engine/history.py``): each player's figures at the start, at the end of every turn and now;
and the score broken down into parts that add up to it, on every map."""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.history import FIGURES, history
from ageofsteam.maps import load_board, map_ids


def played(map_id: str, seed: int, actions: int | None = None) -> Game:
    least, most = load_board(map_id).players
    game = Game.new(map_id, players=max(least, min(3, most)), seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over and (actions is None or len(game.record.actions) < actions):
        game.apply(bot.choose(game, rng))
    return game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_score_parts_add_up_to_the_score(map_id: str) -> None:
    g = played(map_id, 2).state
    for p in g.players:
        parts = g.rules.score_parts(g, p.seat)
        assert parts and all(isinstance(name, str) and name for name, _ in parts)
        assert sum(n for _, n in parts) == g.rules.score(g, p.seat)


def test_a_finished_game_has_a_point_per_turn_and_the_final_figures():
    game = played("rust-belt", 5)
    h = history(game.record)
    g = game.state
    assert h["over"]
    assert [pt["label"] for pt in h["points"]] == ["start"] + [f"turn {t}" for t in range(1, g.turn + 1)]
    indexes = [pt["index"] for pt in h["points"]]
    assert indexes == sorted(indexes) and indexes[-1] == len(game.record.actions)
    for row, p in zip(h["players"], g.players, strict=True):
        assert all(len(row[k]) == len(h["points"]) for k in FIGURES)
        assert row["cash"][-1] == p.cash and row["income"][-1] == p.income and row["shares"][-1] == p.shares
        assert row["score"][-1] == g.rules.score(g, p.seat)


def test_each_point_holds_the_figures_of_the_position_it_names():
    game = played("rust-belt", 6, actions=150)
    h = history(game.record)
    assert h["points"][-1]["label"] == "now" and not h["over"]
    for pt, k in zip(h["points"], range(len(h["points"])), strict=True):
        at = Game.from_record(game.record.model_copy(update={"actions": game.record.actions[: pt["index"]]}))
        for row, p in zip(h["players"], at.state.players, strict=True):
            assert (row["cash"][k], row["engine"][k]) == (p.cash, p.engine)
