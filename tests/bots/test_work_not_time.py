"""Every level's strength is work, never time: a decision depends on the position and the bot's own generator
alone, so a seeded tournament plays the same games with any number of worker processes and at any load (the
times per decision aside). The strong bot's ``seconds`` is only a safety cap a healthy machine never reaches."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.bots import SteadyBot, StrongBot
from ageofsteam.bots.tournament import TournamentResult, run_tournament

LEVELS = ["hard", "strong", "steady", "random"]
CAP = 600.0  # the strong bot's safety cap in these tests: far beyond what the loaded clock shows a decision take


def games(result: TournamentResult) -> list[tuple[Any, ...]]:
    """Each game as it ended, but for the times of its decisions."""
    return [
        (o.index, o.seed, o.levels, o.scores, o.ranks, o.wins, o.bankrupt, o.actions, o.turns, o.solo)
        for o in result.outcomes
    ]


def figures(result: TournamentResult) -> dict[str, Any]:
    """The tournament's JSON without the times per decision."""
    out = result.to_json()
    for level in out["levels"].values():
        del level["decision_ms_median"], level["decision_ms_p99"]
    return out


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The clock as a bot sees it on a machine under heavy load: it runs thirty times fast."""
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 30 * (real() - start))
    yield


@pytest.fixture
def no_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that may not be read."""

    def refused() -> float:
        raise AssertionError("the clock was read")

    monkeypatch.setattr(time, "perf_counter", refused)
    monkeypatch.setattr(time, "process_time", refused)
    monkeypatch.setattr(time, "monotonic", refused)
    yield


@pytest.mark.parametrize(("map_id", "players"), [("detroit-bankruptcy", 1), ("old-europe", 3), ("rust-belt", 3)])
def test_the_steady_bot_never_reads_the_clock(map_id: str, players: int, no_clock: None) -> None:
    """Detroit's plan weighs a number of projections and a map's own build actions (Old Europe's discs) a number
    of options judged in full, not what fits in some milliseconds."""
    game = Game.new(map_id, players=players, seed=4)
    steady = SteadyBot()
    rng = random.Random(4)
    for _ in range(150):
        if game.over:
            break
        game.apply(steady.choose(game, rng))


def test_the_strong_bot_decides_by_its_work_at_any_load(loaded: None) -> None:
    game = Game.new("rust-belt", players=3, seed=6)
    steady = SteadyBot()
    while game.state.phase != "build_track":
        game.apply(steady.choose(game, random.Random(0)))
    strong = StrongBot(work=3, seconds=CAP)
    first = strong.hint(game, random.Random(9))
    assert strong.hint(game, random.Random(9)) == first
    assert "over 3 playouts" in first.reason or "played out 3 times" in first.reason  # all of its work


def test_a_seeded_tournament_plays_the_same_games_at_any_load(monkeypatch: pytest.MonkeyPatch) -> None:
    quiet = run_tournament("rust-belt", 4, LEVELS, 1, seed=11, seconds=CAP, work=1)
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 30 * (real() - start))
    busy = run_tournament("rust-belt", 4, LEVELS, 1, seed=11, seconds=CAP, work=1)
    assert games(busy) == games(quiet)
    assert figures(busy) == figures(quiet)


@pytest.mark.slow  # worker processes start (a few seconds)
def test_a_seeded_tournament_plays_the_same_games_with_any_workers() -> None:
    one = run_tournament("rust-belt", 4, LEVELS, 2, seed=12, work=2, workers=1)
    two = run_tournament("rust-belt", 4, LEVELS, 2, seed=12, work=2, workers=2)
    assert games(two) == games(one)
    assert figures(two) == figures(one)
