"""Bot benchmarks (``make bench-bots``): the levels against each other and on the solo maps.

All through :func:`ageofsteam.bots.tournament.run_tournament`, with one worker process per CPU:

  a. Rust Belt, 4 players: steady against 3 random (200 games), strong (28 playouts per decision) against 3 steady
     (40 games);
  b. Miami 2030, Easy, Medium and Hard: the strong bot (14 playouts), 20 seeds each: games won, people evacuated,
     the rounds of the wins;
  c. Detroit Bankruptcy, solo variant: the strong bot (14 playouts), 20 seeds: games won, the turn reached, ratings;
  d. Rust Belt, 5 players, all steady (50 games): the mean winning score;
  e. with ``FULL=1`` (or ``--full``), every other multiplayer map, 4 players (or the fewest it takes): steady
     against random (50 games), strong (7 playouts) against steady (20 games).

Seats are rotated, so each level sits in each seat equally often. ``--games-scale 0.05`` plays a twentieth of
the games (at least 1 each) and ``--work 1`` gives the strong bot that budget everywhere: a smoke run. Every
level decides by work, never by time, so the figures (the times aside) are the same on any machine and at any
load. The figures are printed, nothing is checked: the exit status is 0 unless a game fails.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ageofsteam.bots.tournament import TournamentResult, run_tournament
from ageofsteam.maps import load_rules, map_ids

SEED = 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="also every other multiplayer map (or FULL=1)")
    parser.add_argument("--games-scale", type=float, default=1.0, metavar="F", help="play F times the games")
    parser.add_argument("--work", type=int, default=None, metavar="N", help="the strong bot's playouts everywhere")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: the CPUs)")
    args = parser.parse_args()
    full = args.full or os.environ.get("FULL", "") not in ("", "0")
    workers = max(1, args.workers)
    start = time.perf_counter()

    def games(n: int) -> int:
        return max(1, round(n * args.games_scale))

    def budget(work: int) -> int:
        return args.work if args.work is not None else work

    def show(result: TournamentResult) -> TournamentResult:
        print()
        for line in result.lines():
            print(line)
        sys.stdout.flush()
        return result

    def play(map_id: str, players: int, levels: list[str], n: int, work: int, **options: str) -> TournamentResult:
        result = run_tournament(
            map_id, players, levels, games(n), SEED, workers=workers, work=budget(work), options=options
        )
        return show(result)

    print(f"Bot benchmarks: {workers} worker processes{', every map' if full else ''}")

    # a. the levels against each other on the base game
    play("rust-belt", 4, ["steady", "random", "random", "random"], 200, 28)
    play("rust-belt", 4, ["strong", "steady", "steady", "steady"], 40, 28)

    # b, c. the solo maps
    for difficulty in ("easy", "medium", "hard"):
        play("miami-2030", 1, ["strong"], 20, 14, difficulty=difficulty)
    play("detroit-bankruptcy", 1, ["strong"], 20, 14)

    # d. how many points a steady winner makes
    result = play("rust-belt", 5, ["steady"], 50, 28)
    best = result.mean_winning_score()
    print(f"all-steady 5-player Rust Belt: mean winning score {'–' if best is None else f'{best:.1f}'}")

    # e. every other multiplayer map
    if full:
        for map_id in map_ids():
            lo, hi = load_rules(map_id).player_counts()
            if map_id == "rust-belt" or hi < 2:
                continue
            players = min(max(4, lo), hi)
            play(map_id, players, ["steady"] + ["random"] * (players - 1), 50, 7)
            play(map_id, players, ["strong"] + ["steady"] * (players - 1), 20, 7)

    print(f"\n{time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
