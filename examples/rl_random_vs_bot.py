"""A random agent against bots, through the Gymnasium environment: a few hundred episodes, then how they went.

    python examples/rl_random_vs_bot.py                       # 300 episodes of Rust Belt, 3 players, vs random
    python examples/rl_random_vs_bot.py --opponents steady --episodes 100 --env ageofsteam/Texas-v1 --players 4

The agent takes seat 0 and picks uniformly among the legal indices (the action mask); the bots take the other
seats. An episode ends with the game or with the agent's bankruptcy; its reward is the agent's rank (+1 first,
−1 last). Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import time

import gymnasium

import ageofsteam.rl  # noqa: F401 - registers the ageofsteam/… ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="ageofsteam/RustBelt-v1", help="a registered id")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="random", help="bot level: random, steady or strong")
    parser.add_argument("--episodes", type=int, default=300)
    args = parser.parse_args()

    env = gymnasium.make(args.env, players=args.players, opponents=args.opponents)
    rewards: list[float] = []
    steps = first = eliminated = 0
    started = time.perf_counter()
    for episode in range(args.episodes):
        _, info = env.reset(seed=episode)
        env.action_space.seed(episode)
        total, done = 0.0, False
        while not done:
            _, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
            total += float(reward)
            steps += 1
            done = terminated or truncated
        rewards.append(total)
        g = env.unwrapped.table.state
        eliminated += g.players[0].eliminated
        first += g.over and 0 in g.rules.winners(g)
    seconds = time.perf_counter() - started
    n = args.episodes
    print(
        f"{n} episodes of {args.env} ({args.players} players, {args.opponents} bots) in {seconds:.1f} s: "
        f"{steps} steps, {steps / seconds:.0f} a second"
    )
    print(
        f"  random agent (seat 0): mean reward {sum(rewards) / n:+.2f}; won {first} ({100 * first / n:.0f}%), "
        f"bankrupt {eliminated} ({100 * eliminated / n:.0f}%)"
    )


if __name__ == "__main__":
    main()
