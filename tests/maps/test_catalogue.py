"""The catalogue of maps: a map is a folder of ``src/ageofsteam/maps`` with ``map.toml`` and ``__init__.py``;
a folder with a ``map.toml`` but no ``__init__.py`` is named, not silently left out."""

from __future__ import annotations

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
    monkeypatch.setattr(maps, "_HERE", tmp_path)
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
