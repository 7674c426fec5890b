"""The research environments' speed (``make bench``), on one core, in the process's CPU time (time.process_time:
other work on a shared machine slows both sides less unevenly than wall-clock time would).

For every map, at four players where the map allows (else its nearest count):

  * the PettingZoo AEC environment with random masked actions (``action_space.sample(mask)``): whole seeded
    games through ``env.last()`` (the observation and its mask) and ``env.step``: environment steps per
    second (a delivery chosen link by link takes a step per link), and decisions per second (the engine
    actions those steps completed);
  * the engine's own random-play work on the same games: each position's legal actions listed and the action
    taken applied, on a copied state without a record, chance from the same generator (the work of
    ``benchmarks/run.py``'s item g): actions per second;
  * the size of the observation vector and of the action space.

The environment plays seeded games for ``--seconds`` (default 1) per map, then plays the same games again
``--repeats`` times (default 3), measured (so that both sides meet the engine's remembered answers equally
warm); the engine replays exactly those games as many times, so both sides do the same work and every run
measures the same games. Each side's figure is its fastest pass (the passes alternate, so that a burst of other
work on the machine is unlikely to hit every pass of one side). The target is met on every map: the
environment's steps per second at least half the engine's actions per second on each map (``ratio`` ≥ 0.5);
the minimum and the median ratio over the maps are reported. Exit status 1 if a map misses it (``--no-fail``
to always exit 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

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
    games = []
    spent = 0.0
    while spent < seconds:
        took, _, actions = play(env, len(games))
        spent += took
        games.append((len(games), actions))
    return env, games


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="time of the games played per map")
    parser.add_argument("--repeats", type=int, default=3, help="measured passes per map and side (fastest kept)")
    parser.add_argument("--no-fail", action="store_true", help="exit 0 even when the target is missed")
    parser.add_argument("maps", nargs="*", help="maps to measure (default: every map)")
    args = parser.parse_args()
    chosen = args.maps or map_ids()
    print(
        f"{'map':20} {'players':>7} {'engine act/s':>12} {'env steps/s':>11} {'decisions/s':>11} {'ratio':>6}"
        f" {'observation':>11} {'actions':>8}"
    )
    ratios: dict[str, float] = {}
    for map_id in chosen:
        env, games = env_games(map_id, args.seconds)
        env_best = engine_best = float("inf")
        steps = 0
        for _ in range(max(1, args.repeats)):
            spent, steps = env_time(env, games)
            env_best = min(env_best, spent)
            engine_best = min(engine_best, engine_time(map_id, games))
        decisions = sum(len(actions) for _, actions in games)
        engine = decisions / engine_best
        ratio = ratios[map_id] = steps / env_best / engine
        s = spaces(map_id)
        print(
            f"{map_id:20} {players_for(map_id):>7} {engine:>12.0f} {steps / env_best:>11.0f}"
            f" {decisions / env_best:>11.0f} {ratio:>6.2f} {s.layout.size:>11} {s.codec.size:>8}",
            flush=True,
        )
    low = min(ratios, key=ratios.__getitem__)
    short = [m for m, r in ratios.items() if r < TARGET]
    print(
        f"ratio: minimum {ratios[low]:.2f} ({low}), median {statistics.median(ratios.values()):.2f};"
        f" target: at least {TARGET} on every map: "
        + ("met" if not short else f"MISSED on {len(short)} of {len(ratios)} ({', '.join(short)})")
    )
    return 0 if not short or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
