"""The bots' ladder (``benchmarks/bots.py``, ``make bench-bots``): its tables seat every level, its ratings follow
the placings, and the README's table and the lobby's ratings are what its results file says. The games
themselves are played there, not here."""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from ageofsteam.bots.tournament import GameOutcome, TournamentResult

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bots_benchmark", ROOT / "benchmarks" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bots_benchmark"] = module
    spec.loader.exec_module(module)
    return module


def test_every_level_sits_at_the_ladders_tables_on_every_map_played_by_several(ladder: ModuleType) -> None:
    from ageofsteam.maps import load_rules, map_ids

    for m in map_ids():
        lo, hi = load_rules(m).player_counts()
        tables = ladder.tables(m)
        if hi == 1:
            assert tables == []
            continue
        assert {lv for t in tables for lv in t} == set(ladder.LADDER), m
        assert all(lo <= len(t) <= hi for t in tables)


def outcome(levels: tuple[str, ...], ranks: tuple[float, ...]) -> GameOutcome:
    n = len(levels)
    return GameOutcome(0, 0, levels, (0,) * n, ranks, (0.0,) * n, (False,) * n, ((),) * n, 0, 0)


def test_a_level_that_keeps_winning_is_rated_above_the_others(ladder: ModuleType) -> None:
    result = TournamentResult("rust-belt", 4, list(ladder.LADDER), 10, 0, None)
    for _ in range(10):
        result.outcomes.append(outcome(("random", "steady", "hard", "strong"), (4.0, 3.0, 1.0, 2.0)))
    ratings = ladder.rate([result])
    order = sorted(ratings, key=lambda lv: -ratings[lv]["rating"])
    assert order == ["hard", "strong", "steady", "random"]
    assert all(r["games"] == 10 for r in ratings.values())


def test_the_readme_table_is_the_one_the_results_file_makes(ladder: ModuleType) -> None:
    text = (ROOT / "README.md").read_text()
    start = text.index(ladder.TABLE_START) + len(ladder.TABLE_START)
    assert text[start : text.index(ladder.TABLE_END)].strip() == ladder.table().strip()


def test_the_lobbys_ratings_are_the_latest_ladders(ladder: ModuleType) -> None:
    latest = ladder.latest("ratings")
    assert latest is not None, "no ladder in benchmarks/results/bots.json"
    shipped = json.loads((ROOT / "src" / "ageofsteam" / "bots" / "ratings.json").read_text())
    assert {lv: shipped[lv]["rating"] for lv in ladder.LADDER} == {
        lv: r["rating"] for lv, r in latest["ratings"].items()
    }


@pytest.mark.parametrize(
    ("met", "figure", "scale", "word"),
    [
        (True, 0.6, 0.1, "at scale only"),
        (True, 0.6, 1.0, "yes"),
        (False, 0.2, 0.25, "missed at scale"),
        (False, 0.2, 1.0, "no"),
    ],
)
def test_a_run_of_a_fraction_of_the_games_neither_meets_nor_misses_a_target(
    ladder: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    met: bool,
    figure: float,
    scale: float,
    word: str,
) -> None:
    """``SCALE=0.1`` plays a tenth of a target's games: its figure is shown, but the target reads as met ("at
    scale only") or missed ("missed at scale") at that scale only; a full run reads "yes" or "no"."""
    target = {"target": "t", "figure": figure, "interval_95": [0.1, 0.9], "goal": ">= 0.35", "met": met, "games": 6}
    results = tmp_path / "bots.json"
    monkeypatch.setattr(ladder, "RESULTS", results)
    results.write_text(
        json.dumps([{"commit": "c", "date": "2026-12-05T00:00:00+00:00", "games_scale": scale, "targets": [target]}])
    )
    assert f"| t | >= 0.35 | {figure} (6 games) | 0.1–0.9 | {word} |" in ladder.table()


def test_the_speed_targets_play_games_of_their_own_without_the_win_rate_targets(ladder: ModuleType) -> None:
    """``--kinds speed`` times Hard and Medium in Rust Belt games of their own (a few, so a run on an idle machine
    is short), not as a side figure of the 60 games of Hard's win-rate target."""
    asked: list[tuple[str, tuple[str, ...], int]] = []

    def play(map_id: str, levels: list[str], n: int) -> TournamentResult:
        asked.append((map_id, tuple(levels), n))
        result = TournamentResult(map_id, len(levels), levels, n, 0, None)
        seconds = ((0.3 if levels[0] == "hard" else 0.004,) * 50,) * 4  # each seat's decisions
        result.outcomes = [replace(outcome(tuple(levels), (1.0, 2.0, 3.0, 4.0)), decisions=seconds)] * n
        return result

    found = {t["target"]: t for t in ladder.targets(["rust-belt"], play, ["speed"])}
    hard_games = ("rust-belt", ("hard", "strong", "strong", "strong"), ladder.SPEED_GAMES)
    assert asked == [hard_games, ("rust-belt", ("steady",) * 4, 10)]
    hard = found["Hard's median time per decision, one core (Rust Belt)"]
    assert hard["figure"] == 300 and hard["met"] and hard["games"] == ladder.SPEED_GAMES
    medium = found["Medium's 99th percentile time per decision (Rust Belt, 4 players)"]
    assert medium["figure"] == 4.0 and medium["met"]


def test_the_detroit_solo_target_keeps_each_seeds_final_turn(ladder: ModuleType) -> None:
    """The solo target's figure is a median; each seed's final turn is kept too, in seed order, so that two runs
    (a change and its baseline) can be compared seed by seed rather than by their medians alone."""
    final = [9, 7, 12, 8]

    def play(map_id: str, levels: list[str], n: int) -> TournamentResult:
        result = TournamentResult(map_id, 1, levels, n, 0, None)
        result.outcomes = [replace(outcome(("hard",), (1.0,)), index=k, solo={"turn": t}) for k, t in enumerate(final)]
        return result

    (target,) = ladder.targets(["detroit-bankruptcy"], play, ["solo"])
    assert target["turns"] == final and target["figure"] == [8.5, 12] and not target["met"]


def test_a_multiplayer_target_keeps_each_games_seat_win_and_scores(ladder: ModuleType) -> None:
    """A win-rate target keeps, game by game, the seed, Hard's seat (the seats turn each game), its share of the
    win and every seat's score, so that a change and its baseline can be paired game by game."""
    won = replace(outcome(("hard", "strong", "strong"), (1.0, 2.0, 3.0)), scores=(9, 5, 1), wins=(1.0, 0.0, 0.0))
    lost = replace(
        outcome(("strong", "hard", "strong"), (1.5, 3.0, 1.5)),
        index=1,
        seed=1,
        scores=(7, None, 7),
        wins=(0.5, 0.0, 0.5),
    )
    games = [won, lost]

    def play(map_id: str, levels: list[str], n: int) -> TournamentResult:
        result = TournamentResult(map_id, 3, levels, n, 0, None)
        result.outcomes = games
        return result

    (target,) = ladder.targets(["rust-belt"], play, ["multiplayer"])
    assert target["by_game"] == [
        {"seed": 0, "hard_seat": 0, "hard_win": 1.0, "scores": [9, 5, 1]},
        {"seed": 1, "hard_seat": 1, "hard_win": 0.0, "scores": [7, None, 7]},
    ]
    assert target["figure"] == 0.5
