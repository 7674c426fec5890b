"""The maps. Each map is a sub-package (a folder with ``__init__.py``) holding ``map.toml`` (the board),
``rules.py`` (the rules it changes, as a subclass of :class:`ageofsteam.rules.base.BaseRules`), a README,
``guide.toml`` (its changes to each phase in players' words, and a short tour: ``rules/guide.py``), and as it
needs ``state.py`` (its own figures), ``panel.py`` (their summary), ``draw.py`` (their picture) and
``bots.py`` (the bots' judgement of it); see ``docs/map-format.md``. Maps are found by scanning this package's
folders, so adding a map touches no central list.

The package's folders are this one and, before it is imported, those the environment variable ``AOS_MAPS``
lists (separated as ``PATH`` is); :func:`add_maps_folder` adds one in a running program. A map folder in any of
them is imported as ``ageofsteam.maps.<folder>``, like the bundled ones; the first of two folders of one name
or one map id wins."""

from __future__ import annotations

import importlib
import os
import tomllib
import warnings
from functools import cache
from pathlib import Path

from ageofsteam.board.mapdata import MapData, load_map_file
from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

MAPS_ENV = "AOS_MAPS"  # folders of map folders of one's own, beside the bundled maps
__path__ += [p for p in os.environ.get(MAPS_ENV, "").split(os.pathsep) if p and Path(p).is_dir()]


def _map_id(path: Path, folder: str) -> str:
    """The ``id`` a map file gives itself (its folder's name if it cannot be read: loading it reports why)."""
    try:
        return str(tomllib.loads(path.read_text(encoding="utf-8")).get("id", folder))
    except tomllib.TOMLDecodeError:
        return folder


def scan(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The map folders under ``root``: map id → folder for each map, and map id → folder for each folder with
    a ``map.toml`` but no ``__init__.py`` (Python cannot import it: not a map until it has one)."""
    maps: dict[str, str] = {}
    broken: dict[str, str] = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))):
        path = folder / "map.toml"
        if not path.exists():
            continue
        target = maps if (folder / "__init__.py").exists() else broken
        target[_map_id(path, folder.name)] = folder.name
    return maps, broken


def roots() -> list[Path]:
    """The folders holding map folders: the package's own first, then those added (``AOS_MAPS``)."""
    return [Path(p) for p in __path__]


def add_maps_folder(path: str | Path) -> None:
    """Look for maps in the folders of ``path`` too (after those known), from now on in this program; another
    process finds them through ``AOS_MAPS``."""
    text = str(Path(path).resolve())
    if text not in __path__:
        __path__.append(text)
    importlib.invalidate_caches()
    _scanned.cache_clear()
    load_board.cache_clear()


@cache
def _scanned() -> tuple[dict[str, str], dict[str, str]]:
    maps: dict[str, str] = {}
    broken: dict[str, str] = {}
    folders: set[str] = set()
    for root in roots():
        found, lost = scan(root) if root.is_dir() else ({}, {})
        for map_id, folder in sorted(found.items()):
            if map_id in maps or folder in folders:
                warnings.warn(
                    f"{root / folder} is left out: a map of its id ({map_id!r}) or folder name came first",
                    stacklevel=3,
                )
                continue
            maps[map_id] = folder
            folders.add(folder)
        for map_id, folder in lost.items():
            broken.setdefault(map_id, folder)
    for map_id, folder in broken.items():
        warnings.warn(
            f"maps/{folder} has a map.toml but no __init__.py, so map {map_id!r} is left out: "
            "add an empty __init__.py to the folder",
            stacklevel=3,
        )
    return maps, broken


def catalogue() -> dict[str, str]:
    """Map id → the sub-package that holds it."""
    return _scanned()[0]


def map_ids() -> list[str]:
    return sorted(catalogue())


def map_folder(map_id: str) -> Path:
    """The folder of the map ``map_id`` (KeyError for a map not in the catalogue)."""
    folder = catalogue()[map_id]
    return next(root / folder for root in roots() if (root / folder / "map.toml").is_file())


@cache
def load_board(map_id: str) -> MapData:
    folder = catalogue().get(map_id)
    if folder is None:
        lost = _scanned()[1].get(map_id)
        if lost is not None:
            raise BadInput(f"map {map_id!r} (maps/{lost}) has no __init__.py: add an empty one to its folder")
        raise BadInput(f"unknown map {map_id!r}; maps: {', '.join(map_ids())}")
    return load_map_file(map_folder(map_id) / "map.toml")


def load_rules(map_id: str) -> BaseRules:
    """A fresh rules object for ``map_id`` (the map's own ``rules.Rules`` if it has one)."""
    board = load_board(map_id)
    module = importlib.import_module(f"{__name__}.{catalogue()[map_id]}.rules")
    cls: type[BaseRules] = getattr(module, "Rules", BaseRules)
    return cls(board)


def rules_for(map_id: str, map_file: str | None = None) -> BaseRules:
    """The rules a game is played by: the bundled map ``map_id``'s, or (given the text of a map file, as a record
    of a game on one keeps it) the base rules on that file's board."""
    if map_file is None:
        return load_rules(map_id)
    from ageofsteam.maps.files import rules_from_text

    return rules_from_text(map_file)
