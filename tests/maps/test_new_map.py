"""A 13th map needs only its folder: ``aos map new`` writes one that plays as it is, the catalogue finds it (here
in a folder of one's own, named in ``AOS_MAPS``), and every test that every map passes passes on it, with a
terrain of its own declared only in its ``map.toml`` and priced in its ``rules.py``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import ageofsteam
import ageofsteam.maps as maps
from ageofsteam import Game, Record
from ageofsteam.maps import add_maps_folder, load_rules, map_ids
from tests.cli.conftest import aos

NAME = "throwaway_harbour"
MAP_ID = "throwaway-harbour"
ROOT = Path(__file__).parents[2]


@pytest.fixture
def maps_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of map folders of one's own; the catalogue forgets it after the test."""
    root = tmp_path / "maps"
    root.mkdir()
    monkeypatch.setattr(maps, "__path__", list(maps.__path__))
    yield root
    maps._scanned.cache_clear()
    maps.load_board.cache_clear()
    for module in [m for m in sys.modules if m.startswith(f"ageofsteam.maps.{NAME}")]:
        del sys.modules[module]


def new_map(root: Path) -> Path:
    """``aos map new`` into ``root`` (its test beside, in ``root/../tests``), with a terrain of its own added:
    marsh, declared in its map.toml, on two hexes of its grid, costing $5 in its rules.py."""
    result = aos("map", "new", NAME, "--dir", root, "--tests", root.parent / "tests")
    assert result.exit_code == 0, result.output
    folder = root / NAME
    toml = folder / "map.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('columns_low = "odd"', 'extra_terrain = ["marsh"]\ncolumns_low = "odd"', 1)
    text = text.replace('"W" = "lake"\n', '"W" = "lake"\n"m" = "marsh"\n', 1)
    text = text.replace("\n..M...~.C..\n", "\nmmM...~.C..\n", 1).replace("lake = 3\n", "lake = 3\nmarsh = 2\n", 1)
    toml.write_text(text, encoding="utf-8")
    rules = folder / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace('"mountain": 4}', '"mountain": 4, "marsh": 5}'))
    return folder


def test_aos_map_new_writes_a_folder_with_its_board_rules_readme_rulings_guide_panel_and_a_test(
    tmp_path: Path,
) -> None:
    result = aos("map", "new", NAME, "--dir", tmp_path, "--tests", tmp_path / "tests", "--name", "Harbour Bay")
    assert result.exit_code == 0, result.output
    folder = tmp_path / NAME
    assert sorted(p.name for p in folder.iterdir()) == [
        "README.md",
        "__init__.py",
        "guide.toml",
        "map.toml",
        "panel.py",
        "rules.py",
    ]
    assert (tmp_path / "tests" / f"test_{NAME}.py").is_file()
    assert "## Rulings\n" in (folder / "README.md").read_text(encoding="utf-8")
    assert "RULES_VERSION: ClassVar[int] = 1" in (folder / "rules.py").read_text(encoding="utf-8")
    assert 'name = "Harbour Bay"' in (folder / "map.toml").read_text(encoding="utf-8")
    check = aos("map", "check", folder / "map.toml")
    assert check.exit_code == 0 and "OK (88 hexes, 6 cities, 4 towns)" in check.output


def test_aos_map_new_writes_over_nothing_and_refuses_a_name_python_cannot_import(tmp_path: Path) -> None:
    assert aos("map", "new", NAME, "--dir", tmp_path, "--tests", tmp_path).exit_code == 0
    again = aos("map", "new", NAME, "--dir", tmp_path, "--tests", tmp_path / "other")
    assert again.exit_code == 2 and "exists already" in again.output
    for bad in ("Harbour", "harbour-bay", "class", "_harbour"):
        refused = aos("map", "new", bad, "--dir", tmp_path)
        assert refused.exit_code == 2 and "cannot name a map folder" in refused.output, bad
    taken = aos("map", "new", "rust_belt", "--dir", tmp_path)
    assert taken.exit_code == 2 and "there is a map or a module called 'rust-belt' already" in taken.output
    assert aos("map", "new", "files", "--dir", tmp_path).exit_code == 2  # the package's module maps/files.py


def test_a_new_map_with_a_terrain_of_its_own_is_found_listed_and_played_to_the_end_by_bots(
    maps_folder: Path, tmp_path: Path
) -> None:
    folder = new_map(maps_folder)
    assert MAP_ID not in map_ids()
    add_maps_folder(maps_folder)
    assert MAP_ID in map_ids()
    checked = aos("map", "check", "--all")
    assert (
        checked.exit_code == 0
        and f"{folder.resolve() / 'map.toml'}: OK (88 hexes, 6 cities, 4 towns)" in checked.output
    )
    listed = {row["id"]: row for row in json.loads(aos("maps", "--json").output)}
    assert listed[MAP_ID]["turns"] == {"3": 8, "4": 7}  # its map file's [turns]
    record = tmp_path / "game.json"
    played = aos("new", MAP_ID, "--players", "3", "--bots", "3", "--bot-level", "steady", "-o", record)
    assert played.exit_code == 0, played.output
    game = Game.from_record(Record.loads(record.read_text(encoding="utf-8")))
    assert game.over and game.state.turn == 8
    g = Game.new(MAP_ID, players=4, seed=1).state
    marsh = [h for h, t in enumerate(g.map.terrain) if t == "marsh"]
    assert [g.label(h) for h in marsh] == ["A0", "B1"] and {g.rules.terrain_cost(g, h) for h in marsh} == {5}
    assert load_rules(MAP_ID).RULES_VERSION == 1


@pytest.mark.slow
def test_a_new_map_folder_passes_every_test_every_map_passes(tmp_path: Path) -> None:
    """The project's tests, run with the new map's folder named in ``AOS_MAPS``, each test of every map on it
    (its own test too): nothing outside the folder is needed. The browser's are left to the whole suite (they
    need Chromium)."""
    root = tmp_path / "maps"
    root.mkdir()
    new_map(root)
    src = str(Path(ageofsteam.__file__).parents[1])
    env = {**os.environ, "AOS_MAPS": str(root), "PYTHONPATH": os.pathsep.join([src, str(ROOT)])}
    selected = "throwaway"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0"]
    command += ["tests", str(tmp_path / "tests"), "-k", selected, "--ignore", "tests/browser"]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500, check=False)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    passed = re.search(r"(\d+) passed", out.stdout)
    assert passed is not None and int(passed.group(1)) >= 40, out.stdout[-2000:]  # the tests ran, on this map
