"""A random agent against bots, through the Gymnasium environment: a few hundred episodes, then win rates.

    python examples/rl_random_vs_bot.py                       # 300 episodes of Rust Belt, 3 players, vs random
    python examples/rl_random_vs_bot.py --opponents steady --episodes 100 --env ageofsteam/Texas-v0 --players 4

The agent takes seat 0 and picks uniformly among the legal indices (the action mask); the bots take the other
seats. A seat wins when the rules name it among the winners (a tie shares the win). Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import gymnasium

import ageofsteam.rl  # noqa: F401 - registers the ageofsteam/… ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="ageofsteam/RustBelt-v0", help="a registered id")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="random", help="bot level: random, steady or strong")
    parser.add_argument("--episodes", type=int, default=300)
    args = parser.parse_args()

    env = gymnasium.make(args.env, players=args.players, opponents=args.opponents)
    wins: Counter[int] = Counter()
    reward_sum, started = 0.0, time.perf_counter()
    for episode in range(args.episodes):
        _, info = env.reset(seed=episode)
        env.action_space.seed(episode)
        done = False
        while not done:
            action = env.action_space.sample(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(action)
            reward_sum += float(reward)
            done = terminated or truncated
        g = env.unwrapped.table.state
        wins.update(g.rules.winners(g))
    seconds = time.perf_counter() - started
    n = args.episodes
    print(f"{n} episodes of {args.env} ({args.players} players) in {seconds:.1f} s; mean reward {reward_sum / n:+.2f}")
    print(f"  random agent (seat 0): won {wins[0]} ({100 * wins[0] / n:.0f}%)")
    for seat in range(1, args.players):
        print(f"  {args.opponents} bot (seat {seat}): won {wins[seat]} ({100 * wins[seat] / n:.0f}%)")


if __name__ == "__main__":
    main()
