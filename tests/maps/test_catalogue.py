"""The catalogue of maps: a map is a folder of ``src/ageofsteam/maps`` (or of a folder named in ``AOS_MAPS``)
with ``map.toml`` and ``__init__.py``; a folder with a ``map.toml`` but no ``__init__.py`` is named, not silently
left out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ageofsteam.maps as maps
from ageofsteam.engine.errors import BadInput
from ageofsteam.maps import load_board, map_ids, scan


def make_folder(root: Path, name: str, map_id: str | None, package: bool) -> None:
    folder = root / name
    folder.mkdir()
    if map_id is not None:
        (folder / "map.toml").write_text(f'id = "{map_id}"\n', encoding="utf-8")
    if package:
        (folder / "__init__.py").write_text("", encoding="utf-8")


def test_scan_finds_maps_and_names_folders_without_init(tmp_path: Path):
    make_folder(tmp_path, "harbour", "harbour-map", package=True)
    make_folder(tmp_path, "lost", "lost-map", package=False)
    make_folder(tmp_path, "notes", None, package=True)  # a package without a map: not a map
    make_folder(tmp_path, "__pycache__", "cached", package=False)
    assert scan(tmp_path) == ({"harbour-map": "harbour"}, {"lost-map": "lost"})


def test_a_folder_without_init_is_warned_about_and_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    make_folder(tmp_path, "lost", "lost-map", package=False)
    monkeypatch.setattr(maps, "__path__", [str(tmp_path)])
    with pytest.warns(UserWarning, match=r"maps/lost has a map.toml but no __init__.py"):
        found, broken = maps._scanned.__wrapped__()
    assert (found, broken) == ({}, {"lost-map": "lost"})
    monkeypatch.setattr(maps, "_scanned", lambda: (found, broken))
    with pytest.raises(BadInput, match=r"map 'lost-map' \(maps/lost\) has no __init__.py"):
        load_board.__wrapped__("lost-map")
    with pytest.raises(BadInput, match="unknown map 'atlantis'"):
        load_board.__wrapped__("atlantis")


def test_every_bundled_map_folder_is_a_package():
    found, broken = scan(Path(maps.__file__).parent)
    assert broken == {}
    assert sorted(found) == map_ids()


def test_a_folder_named_in_aos_maps_is_searched_for_maps_after_the_packages_own(tmp_path: Path):
    make_folder(tmp_path, "harbour", "harbour-map", package=True)
    src = str(Path(maps.__file__).parents[2])
    out = subprocess.run(
        [sys.executable, "-c", "from ageofsteam.maps import map_ids, map_folder; print(map_ids()[:3])"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": src, "AOS_MAPS": os.pathsep.join([str(tmp_path), "no/such/folder"])},
    )
    assert out.stdout.strip() == "['51st-state', 'detroit-bankruptcy', 'harbour-map']"


def test_a_map_whose_id_or_folder_name_is_taken_is_warned_about_and_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    make_folder(tmp_path, "rust_belt", "another-belt", package=True)  # the folder name of a bundled map
    make_folder(tmp_path, "belt", "rust-belt", package=True)  # the id of a bundled map
    make_folder(tmp_path, "harbour", "harbour-map", package=True)
    monkeypatch.setattr(maps, "__path__", [*maps.__path__, str(tmp_path)])
    with pytest.warns(UserWarning) as caught:
        found, _ = maps._scanned.__wrapped__()
    assert sorted(str(w.message).split("/")[-1] for w in caught) == [
        "belt is left out: a map of its id ('rust-belt') or folder name came first",
        "rust_belt is left out: a map of its id ('another-belt') or folder name came first",
    ]
    assert found["rust-belt"] == "rust_belt" and found["harbour-map"] == "harbour"
    assert "another-belt" not in found
    monkeypatch.setattr(maps, "_scanned", lambda: (found, {}))
    assert maps.map_folder("harbour-map") == tmp_path / "harbour"
    assert maps.map_folder("rust-belt") == Path(maps.__file__).parent / "rust_belt"
