"""The maps. Each map is a sub-package (a folder with ``__init__.py``) holding ``map.toml`` (the board),
``rules.py`` (the rules it changes, as a subclass of :class:`ageofsteam.rules.base.BaseRules`), a README,
``guide.toml`` (its changes to each phase in players' words, and a short tour: ``rules/guide.py``), and as it
needs ``state.py`` (its own figures), ``panel.py`` (their summary), ``draw.py`` (their picture) and
``bots.py`` (the bots' judgement of it); see ``docs/map-format.md``. Maps are found by scanning this package,
so adding a map touches no central list."""

from __future__ import annotations

import importlib
import tomllib
import warnings
from functools import cache
from pathlib import Path

from ageofsteam.board.mapdata import MapData, load_map_file
from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

_HERE = Path(__file__).parent


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


@cache
def _scanned() -> tuple[dict[str, str], dict[str, str]]:
    maps, broken = scan(_HERE)
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


@cache
def load_board(map_id: str) -> MapData:
    folder = catalogue().get(map_id)
    if folder is None:
        lost = _scanned()[1].get(map_id)
        if lost is not None:
            raise BadInput(f"map {map_id!r} (maps/{lost}) has no __init__.py: add an empty one to its folder")
        raise BadInput(f"unknown map {map_id!r}; maps: {', '.join(map_ids())}")
    return load_map_file(_HERE / folder / "map.toml")


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
