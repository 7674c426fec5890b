"""The research environments' speed benchmark (``benchmarks/rl.py``, in ``make bench``) runs: its figures are
measured there, not here; this checks that it measures the target rows and writes them with their commit, date
and machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "rl.py"


def test_the_speed_benchmark_measures_the_targets_and_writes_its_results(tmp_path: Path) -> None:
    results = tmp_path / "rl.json"
    args = ["--seconds", "0.2", "--agents", "random", "--targets-only", "--no-fail", "--results", str(results)]
    out = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "ageofsteam/RustBelt-v1"],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    rows = [line.split() for line in out.splitlines() if line.startswith("ageofsteam/RustBelt-v1")]
    assert [r[1:3] for r in rows] == [["random", "random"], ["steady", "random"]]
    assert all(float(r[3]) > 0 for r in rows)
    (entry,) = json.loads(results.read_text())
    assert {"commit", "date", "machine"} <= set(entry)
    assert [(r["opponents"], r["target"]) for r in entry["rows"]] == [("random", 1000), ("steady", 200)]
    assert all(r["steps"] > 0 and r["met"] == (r["steps_per_second"] >= r["target"]) for r in entry["rows"])


def test_the_speed_benchmark_refuses_an_unknown_id_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--no-fail", "ageofsteam/Atlantis-v1"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2 and out.stdout == ""  # refused before measuring anything
    assert "error: unknown id 'ageofsteam/Atlantis-v1'; ids: " in out.stderr and "Traceback" not in out.stderr
