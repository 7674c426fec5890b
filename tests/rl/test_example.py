"""The example of docs/rl.md runs: a random agent against bots, with win rates."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "rl_random_vs_bot.py"


def test_the_random_vs_bot_example_prints_win_rates(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--episodes", "3", "--opponents", "steady"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "3 episodes of ageofsteam/RustBelt-v0 (3 players)" in out
    assert "random agent (seat 0): won" in out and "steady bot (seat 2): won" in out


def test_describe_prints_a_map_s_blocks_and_sections(capsys) -> None:  # type: ignore[no-untyped-def]
    from ageofsteam.rl.describe import main

    assert main(["texas"]) == 0
    out = capsys.readouterr().out
    assert "deliver_oil      link      far stop (hex index) × 16 + slot" in out
    assert "map.oil_on_track" in out
    assert main(["atlantis"]) == 1
    assert "unknown map 'atlantis'" in capsys.readouterr().err
