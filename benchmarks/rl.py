"""The research environments' speed (``make bench``), on one core, in the process's CPU time (time.process_time:
other work on a shared machine slows both sides less unevenly than wall-clock time would).

For every map, at four players where the map allows (else its nearest count), the PettingZoo AEC environment
with random masked actions (``action_space.sample(mask)``) against the engine's own random-play work on the same
games: each position's legal actions listed and the action taken applied, on a copied state without a record,
chance from the same generator (the work of ``benchmarks/run.py``'s item g). Environment steps per second (a
delivery chosen link by link takes a step per link), the decisions per second they complete, and the engine's
actions per second, measured two ways:

  * **new games** (the target): each side in a process of its own, as random play meets games, the two fed
    the same games a game at a time, alternating, on the same core: the environment plays a game, then the
    engine replays it. First the warm-up games, ``--seconds`` of them, unmeasured, then further games, each new
    to both, ``--seconds`` of them, measured. Both sides start from the same remembered answers, meet the same
    new situations and see the machine at the same speed, which on a shared machine wanders from second to
    second. ``--repeats`` such runs (default 3) on the same games, fresh processes each; the run whose ratio
    is the median is reported (a run's ratio still moves by some 0.05 from run to run);
  * **replayed**: in this process, the environment plays seeded games for ``--seconds``, then both sides replay
    exactly those games ``--repeats`` times, alternating, fastest pass kept: every situation has been met
    before, the engine's cheapest step, where the environment's own fixed cost per step weighs most.

And the size of the observation vector and of the action space. The target, on every map: the environment's
steps per second at least half the engine's actions per second on new games (``ratio`` ≥ 0.5); the minimum
and the median ratio over the maps are reported, with the replayed ratios beside them. Exit status 1 if a map
misses it (``--no-fail`` to always exit 0). ``--side`` runs one side of one new-games run (used by
the benchmark itself, which talks to it in pickles on its stdin and stdout).
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from subprocess import PIPE
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ageofsteam import Game
from ageofsteam.engine.actions import Action
from ageofsteam.engine.playout import advance
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rl import aec_env
from ageofsteam.rl.pettingzoo_env import AgeOfSteamAEC
from ageofsteam.rl.table import spaces

TARGET = 0.5


def players_for(map_id: str) -> int:
    lo, hi = load_rules(map_id).player_counts()
    return min(max(lo, 4), hi)


def env_games(map_id: str, seconds: float) -> tuple[AgeOfSteamAEC, list[tuple[int, list[Action]]]]:
    """The AEC environment with random masked actions (``action_space.sample(mask)``) over whole seeded games,
    played until ``seconds`` are spent (a first pass, unmeasured, which warms the engine's remembered answers,
    e.g. build layouts per hex, for the environment as for the engine's replay): the environment, and each game's
    seed and the actions its players took."""
    env = aec_env(map_id, players=players_for(map_id), seed=0)
    return env, play_seeds(env, 0, seconds, None)[2]


def env_time(env: AgeOfSteamAEC, games: list[tuple[int, list[Action]]]) -> tuple[float, int]:
    """One measured pass of the environment over the same ``games`` again: (time spent, steps)."""
    spent, steps = 0.0, 0
    for seed, played in games:
        took, n, actions = play(env, seed)
        assert actions == played, "a seed gave another game"
        spent += took
        steps += n
    return spent, steps


def play(env: AgeOfSteamAEC, seed: int) -> tuple[float, int, list[Action]]:
    """One game of random masked actions: (its time, its steps, the actions its players took)."""
    env.reset(seed=seed)
    env.action_space(env.agent_selection).seed(seed)
    steps = 0
    start = time.process_time()
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    took = time.process_time() - start
    assert env.table is not None
    return took, steps, env.table.played


def engine_time(map_id: str, games: list[tuple[int, list[Action]]]) -> float:
    """The engine's own random-play work on the same games: listing the legal actions of each position and
    applying the action taken (chance drawn from the same generator), on a copied state without a record."""
    spent = 0.0
    for seed, actions in games:
        g = Game.new(map_id, players=players_for(map_id), seed=seed).state.copy()
        rng = random.Random(f"rl/{seed}")
        start = time.process_time()
        for action in actions:
            g.rules.legal_actions(g)
            advance(g, action, rng)
        spent += time.process_time() - start
        assert g.over
    return spent


def play_seeds(
    env: AgeOfSteamAEC, first: int, seconds: float, count: int | None
) -> tuple[float, int, list[tuple[int, list[Action]]]]:
    """Play games of seeds ``first``… with the environment: ``count`` of them, or until ``seconds`` are spent
    when None. (Their time, their steps, each game's seed and actions.)"""
    spent, steps = 0.0, 0
    games: list[tuple[int, list[Action]]] = []
    while (len(games) < count) if count is not None else spent < seconds:
        took, n, actions = play(env, first + len(games))
        spent += took
        steps += n
        games.append((first + len(games), actions))
    return spent, steps, games


def _send(stream: Any, message: object) -> None:
    pickle.dump(message, stream)
    stream.flush()


def side_env(map_id: str, seconds: float, warm_count: int | None) -> None:
    """The environment's process of a new-games run: plays the warm-up games (``warm_count`` of them, else
    ``seconds`` of them) and sends them; then plays each seed it is sent and sends back its time, steps and
    actions, until it is sent None (messages pickled on stdin and stdout)."""
    env = aec_env(map_id, players=players_for(map_id), seed=0)
    out, inp = sys.stdout.buffer, sys.stdin.buffer
    _send(out, play_seeds(env, 0, seconds, warm_count)[2])
    while (seed := pickle.load(inp)) is not None:
        _send(out, play(env, seed))


def side_engine(map_id: str) -> None:
    """The engine's process of a new-games run: replays the warm-up games it is sent, unmeasured, then each
    game it is sent and sends back its time, until it is sent None."""
    out, inp = sys.stdout.buffer, sys.stdin.buffer
    engine_time(map_id, pickle.load(inp))
    _send(out, "ready")
    while (game := pickle.load(inp)) is not None:
        _send(out, engine_time(map_id, [game]))


class Run(NamedTuple):
    """One new-games run: each side's measured time (s), the environment's steps, the games' decisions, and how
    many games were played (warm-up, measured)."""

    env: float
    engine: float
    steps: int
    decisions: int
    counts: tuple[int, int]

    @property
    def env_rate(self) -> float:
        return self.steps / self.env

    @property
    def engine_rate(self) -> float:
        return self.decisions / self.engine

    @property
    def ratio(self) -> float:
        """The environment's steps per second over the engine's actions per second."""
        return self.env_rate / self.engine_rate


def new_games_run(map_id: str, seconds: float, counts: tuple[int, int] | None) -> Run:
    """One new-games run: the two sides' processes started afresh and fed the same games, a game at a time,
    alternating (so that the machine's speed, which wanders from second to second, is the same for both): the
    warm-up games unmeasured, then measured games, ``counts`` (warm-up, measured) of them, else a second of
    each."""
    args = ["--seconds", str(seconds), map_id] + (["--warm", str(counts[0])] if counts else [])
    env = subprocess.Popen([sys.executable, __file__, "--side", "env", *args], stdin=PIPE, stdout=PIPE)
    engine = subprocess.Popen([sys.executable, __file__, "--side", "engine", map_id], stdin=PIPE, stdout=PIPE)
    if hasattr(os, "sched_setaffinity"):  # both on the same core: the same speed for both (Linux)
        cpu = min(os.sched_getaffinity(0))
        for side in (env, engine):
            os.sched_setaffinity(side.pid, {cpu})
    names = {env.pid: "environment", engine.pid: "engine"}

    def ask(side: subprocess.Popen[bytes], *message: object) -> Any:
        """Send ``message`` (if any) to ``side`` and read its answer; RuntimeError naming the side if it stopped."""
        try:
            if message:
                _send(side.stdin, message[0])
            return pickle.load(side.stdout)  # type: ignore[arg-type]
        except (EOFError, BrokenPipeError):
            status = side.wait(timeout=60)
            raise RuntimeError(
                f"the {names[side.pid]}'s side of the {map_id} benchmark stopped (exit status {status})"
            ) from None

    try:
        warm = ask(env)
        if ask(engine, warm) != "ready":
            raise RuntimeError(f"the engine's side of the {map_id} benchmark did not start")
        env_spent = engine_spent = 0.0
        steps = decisions = games = 0
        while (games < counts[1]) if counts else env_spent < seconds:
            seed = len(warm) + games
            took, n, actions = ask(env, seed)
            engine_spent += ask(engine, (seed, actions))
            env_spent += took
            steps += n
            decisions += len(actions)
            games += 1
        for side in (env, engine):
            _send(side.stdin, None)
    finally:  # the sides stop at the end of their input (a side that does not is stopped)
        for side in (env, engine):
            try:
                side.stdin.close()  # type: ignore[union-attr]
                side.wait(timeout=60)
            except BrokenPipeError:  # it stopped already
                side.wait()
            except subprocess.TimeoutExpired:
                side.kill()
                side.wait()
    for side in (env, engine):
        if side.returncode:
            raise RuntimeError(
                f"the {names[side.pid]}'s side of the {map_id} benchmark failed (exit status {side.returncode})"
            )
    return Run(env_spent, engine_spent, steps, decisions, (len(warm), games))


def new_games(map_id: str, seconds: float, repeats: int) -> Run:
    """Both sides on new games (see the module's docstring), ``repeats`` runs of the same games: the run whose
    ratio is the median."""
    runs = [new_games_run(map_id, seconds, None)]
    while len(runs) < max(1, repeats):
        runs.append(new_games_run(map_id, seconds, runs[0].counts))
    runs.sort(key=lambda r: r.ratio)
    return runs[len(runs) // 2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="time of the games played per map and kind")
    parser.add_argument("--repeats", type=int, default=3, help="runs per map and measure (median run; fastest pass)")
    parser.add_argument("--no-fail", action="store_true", help="exit 0 even when the target is missed")
    parser.add_argument("--side", choices=("env", "engine"), help=argparse.SUPPRESS)
    parser.add_argument("--warm", type=int, help=argparse.SUPPRESS)
    parser.add_argument("maps", nargs="*", help="maps to measure (default: every map)")
    args = parser.parse_args()
    if args.side == "env":
        side_env(args.maps[0], args.seconds, args.warm)
        return 0
    if args.side == "engine":
        side_engine(args.maps[0])
        return 0
    chosen = args.maps or map_ids()
    unknown = [m for m in chosen if m not in map_ids()]
    if unknown:
        parser.error(f"unknown map {unknown[0]!r}; maps: {', '.join(map_ids())}")
    print(
        f"{'':28} {'new games':-^44} {'replayed':-^8}\n"
        f"{'map':20} {'players':>7} {'engine act/s':>12} {'env steps/s':>11} {'decisions/s':>11} {'ratio':>6}"
        f" {'ratio':>8} {'observation':>11} {'actions':>8}"
    )
    ratios: dict[str, float] = {}
    replayed: dict[str, float] = {}
    for map_id in chosen:
        run = new_games(map_id, args.seconds, args.repeats)
        ratio = ratios[map_id] = run.ratio
        replayed[map_id] = replayed_ratio(map_id, args.seconds, args.repeats)
        s = spaces(map_id)
        print(
            f"{map_id:20} {players_for(map_id):>7} {run.engine_rate:>12.0f} {run.env_rate:>11.0f}"
            f" {run.decisions / run.env:>11.0f} {ratio:>6.2f} {replayed[map_id]:>8.2f} {s.layout.size:>11}"
            f" {s.codec.size:>8}",
            flush=True,
        )
    low = min(ratios, key=ratios.__getitem__)
    short = [m for m, r in ratios.items() if r < TARGET]
    low_replayed = min(replayed, key=replayed.__getitem__)
    print(
        f"ratio on new games: minimum {ratios[low]:.2f} ({low}), median {statistics.median(ratios.values()):.2f};"
        f" replayed: minimum {replayed[low_replayed]:.2f} ({low_replayed}),"
        f" median {statistics.median(replayed.values()):.2f}\n"
        f"target: at least {TARGET} on new games on every map: "
        + ("met" if not short else f"MISSED on {len(short)} of {len(ratios)} ({', '.join(short)})")
    )
    return 0 if not short or args.no_fail else 1


def replayed_ratio(map_id: str, seconds: float, repeats: int) -> float:
    """The environment's steps per second over the engine's actions per second, both replaying the games the
    environment played first (fastest of ``repeats`` alternating passes each)."""
    env, games = env_games(map_id, seconds)
    env_best = engine_best = float("inf")
    steps = 0
    for _ in range(max(1, repeats)):
        spent, steps = env_time(env, games)
        env_best = min(env_best, spent)
        engine_best = min(engine_best, engine_time(map_id, games))
    decisions = sum(len(actions) for _, actions in games)
    return steps / env_best / (decisions / engine_best)


if __name__ == "__main__":
    sys.exit(main())
