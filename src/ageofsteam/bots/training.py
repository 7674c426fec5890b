"""Training the evaluator: self-play, then a small network fitted to what the games ended on.

``python -m ageofsteam.bots.training`` (``make train-bots``) plays, for each map, seeded games between steady
bots that now and then choose otherwise (a share count one or two away from the steady one in a third of
Issue Shares decisions, a random action in 15% of the other decisions but building), so that the games show
what shares, bids, actions and moves lead to. Once a turn, where the hard bot's playouts stop
(``features.at_valuation_point``: before the goods growth's dice, or at the start of the next turn), each
seat's row of figures is kept (``features.py``), and the seat's outcome at the end of the game
(``Judgement.outcome``) is its target. A network of two hidden layers (scikit-learn's ``MLPRegressor``, the
``train`` extra) is fitted on four games in five and checked on the fifth; its weights go to
``bots/weights/<key>.npz`` (numpy alone reads them; a map played alone and with players has one set for each)
and its figures, with the commit and date, to ``benchmarks/results/train-bots.json``.

Everything is seeded: the same command on any machine makes the same games; the fit is the same on the same
platform and library versions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from ageofsteam.bots import evaluate, features
from ageofsteam.bots.base import Position
from ageofsteam.bots.random_bot import RandomBot
from ageofsteam.bots.steady import SteadyBot
from ageofsteam.engine.actions import CHANCE, IssueShares
from ageofsteam.engine.game import Game

SHARE_NUDGE = 0.35  # of Issue Shares decisions, the share in which another count is taken
OTHER_NUDGE = 0.15  # of the other decisions (not building), the share in which a random action is taken
HIDDEN = (64, 64)
HOLDOUT = 5  # one game in this many is kept out of the fit to check it
WEIGHTS = evaluate.WEIGHTS_FOLDER
RESULTS = Path("benchmarks") / "results" / "train-bots.json"
DEFAULT_GAMES = 300


@dataclass
class Rows:
    """Self-play's rows: each seat's figures at each turn's valuation point, and what its game ended on."""

    x: np.ndarray
    y: np.ndarray
    turn: np.ndarray
    game: np.ndarray


def targets(map_id: str) -> dict[str, list[int]]:
    """The weights a map needs (``evaluate.weights_key``) and the player counts each one's self-play cycles
    through (at most six): one set, or on a map played alone and with players, one for each."""
    from ageofsteam.maps import load_rules

    lo, hi = load_rules(map_id).player_counts()
    if lo == 1 and hi > 1:
        return {f"{map_id}-solo": [1], map_id: list(range(2, min(hi, 6) + 1))}
    return {map_id: list(range(lo, min(hi, 6) + 1))}


def self_play(map_id: str, counts: list[int], index: int, seed: int) -> Rows:
    """Game ``index`` of a map's self-play: seeded ``seed + index``, with the player ``counts`` in turn."""
    n = counts[index % len(counts)]
    game_seed = seed + index
    game = Game.new(map_id, players=n, seed=game_seed)
    g = game.state
    rng = random.Random(f"train/{map_id}/{game_seed}")
    steady, nudge = SteadyBot(), RandomBot()
    here = Position(g)
    kept: list[tuple[int, int, np.ndarray]] = []
    turn, valued = g.turn, False  # the turn being played, and whether its row is kept
    while not g.over:
        if g.turn > turn:  # a new turn: a map without dice kept no row for the last one yet
            if not valued:
                keep(g, turn, kept)
            turn, valued = g.turn, False
        if not valued and features.at_valuation_point(g, turn):
            keep(g, turn, kept)
            valued = True
        if g.to_move == CHANCE:
            g.rules.apply(g, g.rules.sample_chance(g, rng))
            continue
        legal = here.legal_actions()
        action = steady.choose(here, rng)  # type: ignore[arg-type]
        if isinstance(action, IssueShares):
            if rng.random() < SHARE_NUDGE:
                want = action.count + rng.choice((-2, -1, 1, 2))
                action = next((a for a in legal if isinstance(a, IssueShares) and a.count == want), action)
        elif g.build is None and len(legal) > 1 and rng.random() < OTHER_NUDGE:
            action = nudge.choose(here, rng)  # type: ignore[arg-type]
        g.rules.apply(g, action)
    ends = [evaluate.outcome(g, s) for s in range(n)]
    if not kept:
        return Rows(np.zeros((0, features.WIDTH)), np.zeros(0), np.zeros(0, int), np.zeros(0, int))
    return Rows(
        np.stack([row for _, _, row in kept]),
        np.array([ends[s] for _, s, _ in kept]),
        np.array([t for t, _, _ in kept]),
        np.full(len(kept), game_seed),
    )


def keep(g: Any, turn: int, kept: list[tuple[int, int, np.ndarray]]) -> None:
    """Keep each seat's row of ``g`` as the valuation of turn ``turn``."""
    for s, row in enumerate(features.rows(g, evaluate.map_values(g))):
        if row is not None:
            kept.append((turn, s, row))


def _self_play_job(job: tuple[str, list[int], int, int]) -> Rows:
    return self_play(*job)


def generate(map_id: str, counts: list[int], games: int, seed: int, workers: int) -> Rows:
    """Rows of ``games`` self-play games of ``map_id`` with ``counts`` players in turn, in ``workers``
    processes (the rows do not depend on it)."""
    jobs = [(map_id, counts, i, seed) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_self_play_job, jobs, chunksize=4))
    else:
        parts = [_self_play_job(j) for j in jobs]
    return Rows(
        np.concatenate([p.x for p in parts]),
        np.concatenate([p.y for p in parts]),
        np.concatenate([p.turn for p in parts]),
        np.concatenate([p.game for p in parts]),
    )


def fit(rows: Rows, seed: int) -> tuple[evaluate.Weights, dict[str, Any]]:
    """The network fitted to four games in five, and its figures on the fifth (R², the error by turn)."""
    from sklearn.neural_network import MLPRegressor

    test = rows.game % HOLDOUT == 0
    train = ~test
    mean = rows.x[train].mean(axis=0)
    scale = rows.x[train].std(axis=0) + 1e-6
    z = (rows.x - mean) / scale
    model = MLPRegressor(hidden_layer_sizes=HIDDEN, alpha=1e-3, max_iter=300, early_stopping=True, random_state=seed)
    model.fit(z[train], rows.y[train])
    guess = model.predict(z[test])
    err = guess - rows.y[test]
    r2 = 1.0 - float((err**2).mean() / max(rows.y[test].var(), 1e-9))
    by_turn = {}
    for t in sorted(set(rows.turn[test].tolist())):
        k = rows.turn[test] == t
        by_turn[str(t)] = {
            "rmse": round(float(np.sqrt((err[k] ** 2).mean())), 2),
            "spread": round(float(rows.y[test][k].std()), 2),
        }
    layers = tuple((np.asarray(w), np.asarray(b)) for w, b in zip(model.coefs_, model.intercepts_, strict=True))
    weights = evaluate.Weights(mean, scale, layers, round(r2, 3))
    report = {
        "rows": len(rows.y),
        "held_out_rows": int(test.sum()),
        "r2": round(r2, 3),
        "rmse": round(float(np.sqrt((err**2).mean())), 2),
        "outcome_spread": round(float(rows.y[test].std()), 2),
        "by_turn": by_turn,
    }
    return weights, report


def _commit() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"


def train_map(map_id: str, key: str, counts: list[int], games: int, seed: int, workers: int, out: Path) -> dict:
    """Self-play, fit and save the weights ``key`` of one map; their figures."""
    started = time.perf_counter()
    rows = generate(map_id, counts, games, seed, workers)
    played = time.perf_counter() - started
    weights, report = fit(rows, seed)
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / evaluate.weights_file(key), **weights.to_arrays())  # type: ignore[arg-type]
    return {
        "map": map_id,
        "weights": key,
        "games": games,
        "seed": seed,
        "players": counts,
        "self_play_seconds": round(played, 1),
        **report,
    }


def _save(results: Path, entry: dict[str, Any]) -> None:
    """Write ``entry`` as the last of the results file's runs (replacing an earlier save of the same run)."""
    results.parent.mkdir(parents=True, exist_ok=True)
    history = json.loads(results.read_text()) if results.exists() else []
    if history and history[-1]["date"] == entry["date"] and history[-1]["commit"] == entry["commit"]:
        history[-1] = entry
    else:
        history.append(entry)
    results.write_text(json.dumps(history, indent=1) + "\n")


def games_text(run: dict[str, Any]) -> str:
    return f"{run['games']} games ({'/'.join(map(str, run['players']))} players)"


def main(argv: list[str] | None = None) -> int:
    from ageofsteam.maps import map_ids

    ap = argparse.ArgumentParser(description="Train the hard bot's evaluator by self-play, map by map.")
    ap.add_argument("maps", nargs="*", help="map ids (default: every map)")
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES, help="self-play games per map")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=WEIGHTS, help="where the weights go")
    ap.add_argument("--results", type=Path, default=RESULTS, help="the results file the figures are added to")
    args = ap.parse_args(argv)
    maps = args.maps or map_ids()
    unknown = [m for m in maps if m not in map_ids()]
    if unknown:
        ap.error(f"unknown map {unknown[0]!r}; maps: {', '.join(map_ids())}")
    entry: dict[str, Any] = {
        "commit": _commit(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "features_version": features.VERSION,
        "hidden": list(HIDDEN),
        "maps": [],
    }
    for m in maps:
        for key, counts in targets(m).items():
            run = train_map(m, key, counts, args.games, args.seed, args.workers, args.out)
            print(f"{key}: {run['rows']} rows from {games_text(run)}, held-out R² {run['r2']}, rmse {run['rmse']}")
            entry["maps"].append(run)
            _save(args.results, entry)  # after every map: a long run stopped halfway keeps what it made
    return 0


if __name__ == "__main__":
    sys.exit(main())
