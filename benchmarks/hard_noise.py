"""The hard bot with and without its noise rule (``hard.choose``), at one table: a paired duel.

Each seeded 4-player game seats the hard bot as it plays (a move other than the steady choice only when its
gain stands clear of the playouts' noise), the same bot taking the largest gain whatever its noise, and two
steady bots, seats rotated with the seed. The mean score difference and its standard error, the wins of each
and the commit and date go to ``benchmarks/results/hard-noise.json``.

    python benchmarks/hard_noise.py --games 80 --workers 2
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ageofsteam.bots import bot
from ageofsteam.bots.hard import HardBot
from ageofsteam.engine.game import Game

RESULTS = Path(__file__).parent / "results" / "hard-noise.json"
NAMES = ("with", "without", "steady-1", "steady-2")


def play(map_id: str, seed: int) -> dict[str, int]:
    """One game of the duel: each seat's final score by its name."""
    with_rule, without = HardBot(), HardBot()
    without.noise_z = float("-inf")
    bots = [with_rule, without, bot("steady"), bot("steady")]
    k = seed % 4
    seated, names = bots[k:] + bots[:k], list(NAMES[k:] + NAMES[:k])
    game = Game.new(map_id, players=4, seed=seed)
    g = game.state
    rngs = [random.Random(seed * 100 + i) for i in range(4)]
    while not g.over:
        s = g.to_move
        game.apply(seated[s].hint(game, rngs[s]).action)
    return {names[p.seat]: g.rules.score(g, p.seat) for p in g.players}


def _commit() -> str:
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="rust-belt")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play, [args.map] * len(seeds), seeds))
    gap = [s["with"] - s["without"] for s in games]
    winner = [max(s, key=lambda n: s[n]) for s in games]
    figures: dict[str, Any] = {
        "commit": _commit(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "map": args.map,
        "games": len(games),
        "seed": args.seed,
        "mean_gap": round(statistics.fmean(gap), 2),
        "gap_standard_error": round(statistics.stdev(gap) / len(gap) ** 0.5, 2) if len(gap) > 1 else None,
        "wins_with_rule": winner.count("with"),
        "wins_without_rule": winner.count("without"),
    }
    runs = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps([*runs, figures], indent=1) + "\n")
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
