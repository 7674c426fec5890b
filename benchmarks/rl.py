"""The research environments' speed as a learner meets it (``make bench``), written to ``benchmarks/results/rl.json``.

Each row: ``gymnasium.make(ID, opponents=LEVEL)`` stepped by an agent, episodes from seeds 0, 1, … for
``--seconds`` of CPU time (``time.process_time``: other work on a shared machine slows it less than the wall
clock would), in a process of its own kept to one core. Environment steps per second, the agent's own time left
out. The agents:

* ``random``: a random policy drawing among the legal indices (``action_space.sample(mask)``), what a learner
  starts as: its seat is soon bankrupt, so its episodes are short and mostly the game's first turns;
* ``mlp``: a small policy network (numpy, two layers of 64) choosing the likeliest legal index each step, its
  forward pass counted, as a learner's steps are.

The targets (issue 31), on Rust Belt with a random agent: at least 1,000 steps a second against random
opponents and 200 against steady ones. Every other id is measured against random opponents too, for the record.
Each run is appended to the results file with its commit, date and machine; exit status 1 if a target is missed
(``--no-fail`` to always exit 0).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))  # results_table, beside this script

import results_table  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "rl.json"
TARGETS = {("ageofsteam/RustBelt-v1", "random"): 1000, ("ageofsteam/RustBelt-v1", "steady"): 200}


class Mlp:
    """A policy network of two hidden layers of 64 (random weights): the likeliest legal index of each step."""

    def __init__(self, inputs: int, outputs: int, seed: int = 0) -> None:
        import numpy as np

        rng = np.random.default_rng(seed)
        self.layers = [
            (rng.standard_normal((a, b), dtype=np.float32) / np.sqrt(a), np.zeros(b, np.float32))
            for a, b in ((inputs, 64), (64, 64), (64, outputs))
        ]

    def act(self, obs: Any, mask: Any) -> int:
        import numpy as np

        x = np.tanh(obs / 100.0)
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                x = np.tanh(x)
        return int(np.argmax(np.where(mask.astype(bool), x, -np.inf)))


def measure(env_id: str, opponents: str, agent: str, seconds: float) -> dict[str, Any]:
    """Step ``env_id`` against ``opponents`` with ``agent`` for ``seconds`` of CPU time: the row's figures."""
    import gymnasium

    import ageofsteam.rl  # noqa: F401 - registers the ids

    env = gymnasium.make(env_id, opponents=opponents)
    policy = Mlp(env.observation_space.shape[0], int(env.action_space.n)) if agent == "mlp" else None
    steps = episodes = 0
    spent = agent_time = 0.0
    while spent < seconds:
        start = time.process_time()
        obs, info = env.reset(seed=episodes)
        env.action_space.seed(episodes)
        done = False
        while not done:
            if policy is None:
                t = time.process_time()
                action = env.action_space.sample(info["action_mask"])
                agent_time += time.process_time() - t
            else:
                action = policy.act(obs, info["action_mask"])  # the network's time counts: a learner's would
            obs, _, terminated, truncated, info = env.step(action)
            steps += 1
            done = terminated or truncated
        episodes += 1
        spent += time.process_time() - start
    return {
        "env": env_id,
        "opponents": opponents,
        "agent": agent,
        "steps": steps,
        "episodes": episodes,
        "seconds": round(spent - agent_time, 3),
        "steps_per_second": round(steps / (spent - agent_time), 1),
    }


def run_row(env_id: str, opponents: str, agent: str, seconds: float) -> dict[str, Any]:
    """:func:`measure` in a process of its own, kept to one core (Linux)."""
    out = subprocess.run(
        [sys.executable, __file__, "--row", env_id, opponents, agent, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
        preexec_fn=(lambda: os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}))
        if hasattr(os, "sched_setaffinity")
        else None,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def rows_to_run(args: argparse.Namespace) -> list[tuple[str, str, str, float]]:
    from ageofsteam.rl.gym_env import env_ids

    ids = args.ids or sorted(env_ids())
    rows = [(env_id, level, agent, args.seconds) for (env_id, level) in TARGETS for agent in args.agents]
    for env_id in ids:
        if not any(r[0] == env_id for r in rows) and not args.targets_only:
            rows.append((env_id, "random", "random", args.seconds / 4))
    return [r for r in rows if r[0] in ids]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU time of each target row (others: a quarter)")
    parser.add_argument("--agents", nargs="+", default=["random", "mlp"], choices=["random", "mlp"])
    parser.add_argument("--targets-only", action="store_true", help="measure the target rows only")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file (a run is appended)")
    parser.add_argument("--no-fail", action="store_true", help="exit 0 even when a target is missed")
    parser.add_argument("--row", nargs=3, metavar=("ID", "OPPONENTS", "AGENT"), help=argparse.SUPPRESS)
    parser.add_argument("ids", nargs="*", help="Gymnasium ids to measure (default: every registered id)")
    args = parser.parse_args()
    if args.row:
        print(json.dumps(measure(*args.row, args.seconds)))
        return 0
    from ageofsteam.rl.gym_env import env_ids

    unknown = [i for i in args.ids if i not in env_ids()]
    if unknown:
        parser.error(f"unknown id {unknown[0]!r}; ids: {', '.join(sorted(env_ids()))}")
    print(f"{'id':36} {'opponents':>9} {'agent':>6} {'steps/s':>8} {'target':>7}")
    rows = []
    for env_id, level, agent, seconds in rows_to_run(args):
        row = run_row(env_id, level, agent, seconds)
        target = TARGETS.get((env_id, level)) if agent == "random" else None
        if target is not None:
            row["target"] = target
            row["met"] = row["steps_per_second"] >= target
        rows.append(row)
        mark = "" if target is None else f"{'≥' if row['met'] else '<'} {target}"
        print(f"{env_id:36} {level:>9} {agent:>6} {row['steps_per_second']:>8.0f} {mark:>7}", flush=True)
    entry = {
        **results_table.stamp(),
        "rows": rows,
    }
    history = json.loads(args.results.read_text()) if args.results.exists() else []
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps([*history, entry], indent=1) + "\n")
    missed = [f"{r['env']} vs {r['opponents']}" for r in rows if r.get("met") is False]
    print(f"written to {args.results}; targets " + (f"MISSED: {', '.join(missed)}" if missed else "met"))
    return 1 if missed and not args.no_fail else 0


if __name__ == "__main__":
    sys.exit(main())
