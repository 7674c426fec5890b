"""The research environments' speed benchmark (``benchmarks/rl.py``, in ``make bench``) runs: its figures are
measured there, not here; this checks that it measures and reports both ways on a quick map."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "rl.py"


def test_the_speed_benchmark_reports_new_and_replayed_games() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0.05", "--repeats", "2", "--no-fail", "old-europe"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    row = next(line for line in out.splitlines() if line.startswith("old-europe"))
    players, engine, env, decisions, ratio, replayed, observation, actions = row.split()[1:]
    assert int(players) == 4 and int(engine) > 0 and int(env) > 0 and int(decisions) > 0
    assert abs(float(ratio) - int(env) / int(engine)) < 0.01  # from the rounded figures
    assert float(replayed) > 0 and int(observation) > 0 and int(actions) > 0
    assert re.search(r"target: at least 0\.5 on new games on every map: (met|MISSED)", out)


def test_the_speed_benchmark_refuses_an_unknown_map_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--no-fail", "old-europe", "new-york"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and out.stdout == ""  # refused before measuring anything
    assert "error: unknown map 'new-york'; maps: " in out.stderr and "Traceback" not in out.stderr
