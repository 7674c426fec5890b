"""MaskablePPO (sb3-contrib) learning one seat of a map against bots, its environments in processes of their own.

    pip install 'ageofsteam[rl-examples]'       # the rl extra, sb3-contrib and torch
    python examples/rl_maskable_ppo.py                                  # Rust Belt, 3 players, random opponents
    python examples/rl_maskable_ppo.py --steps 200000 --envs 2 --opponents steady --save rust-belt-ppo

Each environment runs in a process of its own (stable-baselines3's ``SubprocVecEnv``: one per core is a good
start); the learner reads the legal indices from the environments' ``action_masks()``. The observations are
normalised on the way (``VecNormalize``: the figures range from 0/1 flags to a player's cash). Before and after
learning, the policy plays ``--eval`` episodes with the masks, and their mean reward and length are printed: the
rank reward, +1 for first place to −1 for last, an agent eliminated (bankrupt) counting last; an episode ends
with the game or the agent's bankruptcy, so a longer one is a policy that stays solvent longer.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.vec_env import SubprocVecEnv, VecNormalize

import ageofsteam.rl  # noqa: F401 - registers the ageofsteam/… ids


def make(env_id: str, opponents: str) -> Callable[[], gymnasium.Env]:
    return lambda: gymnasium.make(env_id, opponents=opponents)


def play(model: MaskablePPO, env: VecNormalize, episodes: int) -> tuple[float, float]:
    """The mean reward and length (steps) of ``episodes`` episodes played by the policy (its likeliest legal
    index each step)."""
    env.training = False  # the normalisation's figures kept as learnt
    totals: list[tuple[float, int]] = []
    reward, length = np.zeros(env.num_envs), np.zeros(env.num_envs, dtype=int)
    obs = env.reset()
    while len(totals) < episodes:
        actions, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
        obs, rewards, dones, _ = env.step(actions)
        reward += rewards
        length += 1
        for i in np.flatnonzero(dones):
            totals.append((float(reward[i]), int(length[i])))
            reward[i], length[i] = 0.0, 0
    env.training = True
    found = np.array(totals[:episodes])
    return float(found[:, 0].mean()), float(found[:, 1].mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="ageofsteam/RustBelt-v1", help="a registered id")
    parser.add_argument("--opponents", default="random", help="bot level of the other seats: random or steady")
    parser.add_argument("--envs", type=int, default=2, help="environments, each in a process of its own")
    parser.add_argument("--steps", type=int, default=10_000, help="environment steps to learn from")
    parser.add_argument("--eval", type=int, default=40, help="episodes played before and after learning")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the learnt policy to this file (.zip)")
    args = parser.parse_args()

    torch.set_num_threads(1)  # the learner on one core, the environments' processes on the others
    env = VecNormalize(SubprocVecEnv([make(args.env, args.opponents) for _ in range(args.envs)]), norm_reward=False)
    env.seed(args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=128, n_epochs=4, seed=args.seed, verbose=0)
    before = play(model, env, args.eval)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - started
    after = play(model, env, args.eval)
    print(
        f"{args.env} against {args.opponents} bots, {args.envs} environments: learnt from {model.num_timesteps} "
        f"steps in {seconds:.0f} s ({model.num_timesteps / seconds:.0f} steps/s)"
    )
    for when, (reward, length) in (("before learning", before), ("after learning", after)):
        print(f"  {when}: mean reward {reward:+.2f}, mean length {length:.1f} steps ({args.eval} episodes)")
    if args.save:
        model.save(args.save)
    env.close()


if __name__ == "__main__":
    main()
