"""The examples of docs/rl.md run: a random agent against bots, how its episodes went; ``describe``."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"
EXAMPLE = EXAMPLES / "rl_random_vs_bot.py"


def test_the_random_vs_bot_example_prints_how_the_episodes_went(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--episodes", "3", "--opponents", "steady"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "3 episodes of ageofsteam/RustBelt-v1 (3 players, steady bots)" in out
    assert "random agent (seat 0): mean reward" in out and "bankrupt" in out


def test_describe_prints_a_map_s_blocks_and_sections(capsys) -> None:  # type: ignore[no-untyped-def]
    from ageofsteam.rl.describe import main

    assert main(["texas"]) == 0
    out = capsys.readouterr().out
    assert "deliver_oil      link      far stop (hex index) × 16 + slot" in out
    assert "map.oil_on_track" in out
    assert main(["atlantis"]) == 1
    assert "unknown map 'atlantis'" in capsys.readouterr().err


def test_the_maskable_ppo_example_learns_in_processes(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """MaskablePPO over two environments in processes, a few hundred steps (needs the rl-examples extra)."""
    pytest.importorskip("sb3_contrib", reason="the rl-examples extra (sb3-contrib, torch) is not installed")
    script = EXAMPLES / "rl_maskable_ppo.py"
    monkeypatch.setattr(sys, "argv", [str(script), "--steps", "512", "--envs", "2", "--eval", "2"])
    runpy.run_path(str(script), run_name="__main__")
    out = capsys.readouterr().out
    assert "ageofsteam/RustBelt-v1 against random bots, 2 environments: learnt from 512 steps" in out
    assert "before learning: mean reward" in out and "after learning: mean reward" in out
