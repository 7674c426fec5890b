"""The README's table of speed targets, made from the benchmarks' results files (the latest run of each).

    python benchmarks/results_table.py           # print the table
    python benchmarks/results_table.py --readme  # write it into README.md between its markers

``make bench`` writes ``benchmarks/results/engine.json`` (``run.py``) and ``rl.json`` (``rl.py``); each run is
appended with its commit, date and machine, so the history stays in the files and the README shows the last.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
README = ROOT / "README.md"
START, END = "<!-- speed table: start -->", "<!-- speed table: end -->"


def stamp() -> dict[str, str]:
    """The commit (``+changes`` when ``src/`` differs from it), date and machine a run is recorded with."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return {
        "commit": commit + ("+changes" if git("status", "--porcelain", "src") else ""),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
    }


def append(name: str, entry: dict[str, Any]) -> Path:
    """Append one run to ``benchmarks/results/<name>.json``."""
    path = RESULTS / f"{name}.json"
    history = json.loads(path.read_text()) if path.exists() else []
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([*history, entry], indent=1) + "\n")
    return path


def _latest(name: str) -> dict[str, Any] | None:
    path = RESULTS / f"{name}.json"
    runs = json.loads(path.read_text()) if path.exists() else []
    return runs[-1] if runs else None


def table() -> str:
    """The markdown table: every target of the latest engine and environment runs."""
    lines = ["| Benchmark | Target | Latest | Met | Run |", "|---|---|---|---|---|"]
    engine = _latest("engine")
    if engine:
        run = f"{engine['date'][:10]} {engine['commit']}"
        for row in engine["rows"]:
            if row["target"]:
                met = "yes" if row["met"] else "no"
                lines.append(f"| {row['name']} | {row['target']} | {row['measured']} | {met} | {run} |")
    rl = _latest("rl")
    if rl:
        run = f"{rl['date'][:10]} {rl['commit']}"
        for row in rl["rows"]:
            if "target" in row:
                name = f"{row['env']} steps, {row['opponents']} opponents"
                met = "yes" if row["met"] else "no"
                lines.append(f"| {name} | ≥ {row['target']:,}/s | {row['steps_per_second']:,.0f}/s | {met} | {run} |")
    return "\n".join(lines)


def write_readme() -> None:
    """Put :func:`table` into README.md between its markers."""
    text = README.read_text()
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{START}\n{table()}\n\n{_note()}\n{END}{tail}")


def _note() -> str:
    return "One core of the machine named in each results file; figures vary with the machine and its load."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    if args.readme:
        write_readme()
    print(table())


if __name__ == "__main__":
    main()
