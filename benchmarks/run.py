"""Engine benchmarks (``make bench``), on one core, with time.perf_counter and repetitions.

  a. listing every delivery of the player to move, mid-game (5 players, turn 4, Move Goods): median of many
     calls, each on a freshly built network (the cost after a board change) and on the cached one;
  b. listing every legal single build, mid-game (5 players, turn 4, Build Track), through legal_actions: a
     position met before, and with nothing remembered from earlier positions;
  c. random playouts: applied actions per second of whole games played by the random bot (its thinking
     included), 3–6 players;
  d. replaying a record of about 260 actions (a seeded 5-player random game) with Game.from_record;
  e. replaying the recorded game rust-belt-2692;
  f. copying a mid-game 5-player position (GameState.copy, what search plays on);
  g. the engine alone: whole games on a copied state, each action drawn uniformly from the legal ones, chance
     from a generator, no record and no invariant checks (the bots' playouts run this way);
  h. the steady bot's decisions in 4-player games of steady bots (median, 99th percentile);
  i. the hard bot's decisions at its default work (28 playouts; a few decisions of turn 2's Build Track, where
     a playout runs through most of a turn: longer than its median decision over a game, which the ladder's
     targets measure, ``make bench-bots``).

Every position comes from a seeded random game, so each run measures the same work. Exit status 1 if a
target is missed (``--no-fail`` to always exit 0). ``--only bg`` runs the parts named by their letters.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import results_table  # the results files, beside this script
from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Build, Deliver
from ageofsteam.engine.record import Record
from ageofsteam.rules.move_goods import all_routes

SEED = 2024
Row = tuple[str, str, str, bool, str]  # name, figure, target, target met, notes


def play_until(players: int, seed: int, stop: Callable[[Game], bool]) -> Game:
    """A seeded random-bot game played until ``stop(game)`` holds (or the game ends)."""
    game = Game.new("rust-belt", players=players, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    while not game.over and not stop(game):
        game.apply(bot.choose(game, rng))
    return game


def mid_game(phase: str, turn: int = 4, players: int = 5, tries: int = 8) -> Game:
    """Of the seeded games from SEED on that reach ``phase`` of ``turn``, the one with the most track (the most
    deliveries, for Move Goods): a demanding but typical position."""
    best: tuple[int, Game] | None = None
    for seed in range(SEED, SEED + tries):
        game = play_until(players, seed, lambda g: g.state.turn >= turn and g.state.phase == phase)
        g = game.state
        if game.over or g.turn != turn or g.phase != phase:
            continue
        size = len(all_routes(g, g.to_move)) if phase == "move_goods" else len(g.tiles)  # type: ignore[arg-type]
        if best is None or size > best[0]:
            best = (size, game)
    if best is None:
        raise RuntimeError(f"no seeded game reached {phase} of turn {turn}")
    return best[1]


def median_ms(fn: Callable[[], object], repeat: int, min_seconds: float = 0.0) -> float:
    """Median wall time of one call of ``fn`` in milliseconds."""
    fn()  # warm caches (tile rotations, map distances) once
    times = []
    start = time.perf_counter()
    while len(times) < repeat or time.perf_counter() - start < min_seconds:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bench_deliveries() -> tuple[float, float, str]:
    game = mid_game("move_goods")
    g = game.state
    seat = g.to_move
    assert seat is not None

    def cold() -> object:
        g.board_changed()
        return all_routes(g, seat)

    def warm() -> object:
        return all_routes(g, seat)

    n = len(all_routes(g, seat))
    listed = sum(isinstance(a, Deliver) for a in game.legal_actions())
    assert n == listed
    info = f"{n} deliveries, engine {g.players[seat].engine}, {len(g.network.links)} links"
    return median_ms(cold, 300, 0.5), median_ms(warm, 300, 0.5), info


def bench_builds() -> tuple[float, float, str]:
    """The listing after a board change, with nothing the listing remembers from earlier positions (it learns
    answers per hex situation, ``rules/build_listing.py``), and as often, having met this position before."""
    from ageofsteam.rules.build_listing import forget

    game = mid_game("build_track")
    g = game.state

    def fresh() -> object:
        forget()
        g.board_changed()
        return game.legal_actions()

    def listing() -> object:
        g.board_changed()
        return game.legal_actions()

    builds = sum(isinstance(a, Build) for a in game.legal_actions())
    info = f"{builds} builds on {len(g.tiles)} tiles"
    return median_ms(fresh, 30, 1.0), median_ms(listing, 30, 1.0), info


def bench_playouts(seconds: float) -> tuple[float, str]:
    bot = RandomBot()
    actions = games = 0
    spent = cpu = 0.0
    seed = SEED
    while spent < seconds or games < 4:
        players = 3 + seed % 4
        game = Game.new("rust-belt", players=players, seed=seed)
        rng = random.Random(seed)
        t0, c0 = time.perf_counter(), time.process_time()
        while not game.over:
            game.apply(bot.choose(game, rng))
            actions += 1
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
        games += 1
        seed += 1
    return actions / spent, f"{games} games, {actions} actions; {actions / cpu:,.0f}/s of CPU time"


def bench_replay() -> tuple[float, str]:
    """The record of the first seeded 5-player game that lasts 260 actions, cut at 260."""
    for seed in range(SEED, SEED + 50):
        game = play_until(5, seed, lambda g: len(g.record.actions) >= 260)
        if len(game.record.actions) >= 260:
            break
    record = Record.model_validate(game.record.model_dump())
    ms = median_ms(lambda: Game.from_record(record), 15, 1.0)
    return ms / 1000, f"{len(record.actions)} actions, to turn {game.state.turn} (seed {seed})"


CONFORMANCE = Path(__file__).parents[1] / "tests" / "conformance" / "data" / "rust-belt-2692.record.json"


def bench_recorded_game() -> tuple[float, str]:
    """Replaying the real recorded game rust-belt-2692 (imported from choochoo.games) in our engine."""
    from ageofsteam.conformance.choochoo import import_file

    record = import_file(CONFORMANCE).record
    ms = median_ms(lambda: Game.from_record(record), 15, 1.0)
    return ms / 1000, f"{len(record.actions)} actions incl. chance, 258 recorded moves"


def bench_copy() -> tuple[float, str]:
    g = mid_game("build_track").state
    return median_ms(g.copy, 2000, 0.5), f"{len(g.tiles)} tiles, {len(g.players)} players, turn {g.turn}"


def bench_engine(seconds: float) -> tuple[float, str]:
    from ageofsteam.engine.playout import advance, resolve_chance

    actions = games = 0
    spent = 0.0
    seed = SEED
    while spent < seconds or games < 3:
        g = Game.new("rust-belt", players=3 + seed % 4, seed=seed).state.copy()
        rng = random.Random(seed)
        resolve_chance(g, rng)
        t0 = time.perf_counter()
        while not g.over:
            advance(g, rng.choice(g.rules.legal_actions(g)), rng)
            actions += 1
        spent += time.perf_counter() - t0
        games += 1
        seed += 1
    return actions / spent, f"{games} games, {actions} actions"


def bench_steady(games: int = 3) -> tuple[float, float, str]:
    from ageofsteam.bots import bot

    steady = bot("steady")
    times: list[float] = []
    for seed in range(SEED, SEED + games):
        game = Game.new("rust-belt", players=4, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            t0 = time.perf_counter()
            action = steady.choose(game, rng)
            times.append(time.perf_counter() - t0)
            game.apply(action)
    times.sort()
    return statistics.median(times) * 1000, times[int(len(times) * 0.99)] * 1000, f"{len(times)} decisions"


def bench_hard(decisions: int = 4) -> tuple[float, str]:
    from ageofsteam.bots import bot

    game = play_until(4, SEED, lambda g: g.state.turn >= 2 and g.state.phase == "build_track")
    hard = bot("hard")
    times = []
    for i in range(decisions):
        t0 = time.perf_counter()
        hard.choose(game, random.Random(i))
        times.append(time.perf_counter() - t0)
    return statistics.median(times), f"{decisions} decisions in Build Track, turn 2"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="time spent on random playouts (default 10)")
    parser.add_argument("--no-fail", action="store_true", help="exit 0 even when a target is missed")
    parser.add_argument("--only", default="abcdefghi", help="the parts to run, by letter (default abcdefghi)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):  # one core, whatever the machine has
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    def part_a() -> list[Row]:
        cold, warm, info = bench_deliveries()
        return [
            ("a. list all deliveries (network rebuilt)", f"{cold:.2f} ms", "≤ 2 ms", cold <= 2, info),
            ("a. list all deliveries (network cached)", f"{warm:.2f} ms", "≤ 2 ms", warm <= 2, ""),
        ]

    def part_b() -> list[Row]:
        fresh, builds, info = bench_builds()
        return [
            ("b. list all legal single builds", f"{builds:.2f} ms", "≤ 30 ms", builds <= 30, info),
            ("b. … nothing remembered from before", f"{fresh:.2f} ms", "≤ 30 ms", fresh <= 30, ""),
        ]

    def part_c() -> list[Row]:
        rate, info = bench_playouts(args.seconds)
        return [("c. random playouts", f"{rate:,.0f} actions/s", "≥ 2,000/s", rate >= 2000, info)]

    def part_d() -> list[Row]:
        replay, info = bench_replay()
        return [("d. replay a record", f"{replay:.3f} s", "≤ 0.1 s", replay <= 0.1, info)]

    def part_e() -> list[Row]:
        recorded, info = bench_recorded_game()
        return [("e. replay rust-belt-2692 (recorded game)", f"{recorded:.3f} s", "≤ 0.1 s", recorded <= 0.1, info)]

    def part_f() -> list[Row]:
        copy_ms, info = bench_copy()
        return [("f. copy a mid-game position", f"{copy_ms:.3f} ms", "≤ 0.2 ms", copy_ms <= 0.2, info)]

    def part_g() -> list[Row]:
        rate, info = bench_engine(args.seconds)
        return [("g. engine, random policy, no checks", f"{rate:,.0f} actions/s", "≥ 10,000/s", rate >= 10_000, info)]

    def part_h() -> list[Row]:
        med, p99, info = bench_steady()
        return [
            ("h. steady decision (median)", f"{med:.1f} ms", "", True, info),
            ("h. steady decision (p99)", f"{p99:.1f} ms", "≤ 50 ms", p99 <= 50, ""),
        ]

    def part_i() -> list[Row]:
        hard_s, info = bench_hard()
        return [("i. hard decision, default work", f"{hard_s:.2f} s", "≤ 2.5 s", hard_s <= 2.5, info)]

    parts = {"a": part_a, "b": part_b, "c": part_c, "d": part_d, "e": part_e, "f": part_f, "g": part_g}
    parts.update({"h": part_h, "i": part_i})
    unknown = sorted(set(args.only) - set(parts))
    if unknown:
        parser.error(f"--only takes letters of the parts a–i, not {''.join(unknown)!r}")
    rows = [row for letter, part in parts.items() if letter in args.only for row in part()]
    print(f"{'benchmark':44} {'measured':>16} {'target':>10}  ok   notes")
    for name, value, target, ok, info in rows:
        print(f"{name:44} {value:>16} {target:>10}  {'yes' if ok else 'NO ':4} {info}")
    figures = [{"name": n, "measured": v, "target": t, "met": ok, "notes": i} for n, v, t, ok, i in rows]
    print(f"results: {results_table.append('engine', {**results_table.stamp(), 'rows': figures})}")
    return 0 if args.no_fail or all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
