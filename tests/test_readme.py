"""The README is a user's page: its first screen has the two commands, and its figures come from results files."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"


def _results_table() -> ModuleType:  # benchmarks/ is a folder of scripts, not a package
    spec = importlib.util.spec_from_file_location("results_table", ROOT / "benchmarks" / "results_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("results_table", module)
    spec.loader.exec_module(module)
    return module


def test_the_first_screen_says_what_it_is_and_gives_the_two_commands() -> None:
    first = "\n".join(README.read_text().splitlines()[:40])
    assert "Age of Steam" in first
    assert re.search(r"^make run\b", first, re.M) and re.search(r"^make test\b", first, re.M)
    assert "## Maps" in first


def test_the_speed_table_is_the_one_the_latest_results_make() -> None:
    rt = _results_table()
    text = README.read_text()
    between = text.split(rt.START, 1)[1].split(rt.END, 1)[0]
    assert rt.table() in between, "run python benchmarks/results_table.py --readme"


def test_no_dated_measurement_is_left_in_the_readme() -> None:
    text = README.read_text()
    outside = re.sub(r"<!-- (\w+) table: start -->.*?<!-- \1 table: end -->", "", text, flags=re.S)
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b|load average", outside)
