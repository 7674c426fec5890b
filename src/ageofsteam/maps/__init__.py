"""The maps. Each map is a sub-package holding ``map.toml`` (the board), ``rules.py`` (the rules it
changes, as a subclass of :class:`ageofsteam.rules.base.BaseRules`) and a README. Maps are found by
scanning this package, so adding a map touches no central list."""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from functools import cache
from pathlib import Path

from ageofsteam.board.mapdata import MapData, load_map_file
from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

_HERE = Path(__file__).parent


@cache
def catalogue() -> dict[str, str]:
    """Map id → the sub-package that holds it."""
    out: dict[str, str] = {}
    for info in pkgutil.iter_modules([str(_HERE)]):
        path = _HERE / info.name / "map.toml"
        if info.ispkg and path.exists():
            try:
                map_id = tomllib.loads(path.read_text(encoding="utf-8")).get("id", info.name)
            except tomllib.TOMLDecodeError:
                map_id = info.name  # a broken file is reported when that map is loaded
            out[str(map_id)] = info.name
    return out


def map_ids() -> list[str]:
    return sorted(catalogue())


@cache
def load_board(map_id: str) -> MapData:
    folder = catalogue().get(map_id)
    if folder is None:
        raise BadInput(f"unknown map {map_id!r}; maps: {', '.join(map_ids())}")
    return load_map_file(_HERE / folder / "map.toml")


def load_rules(map_id: str) -> BaseRules:
    """A fresh rules object for ``map_id`` (the map's own ``rules.Rules`` if it has one)."""
    board = load_board(map_id)
    module = importlib.import_module(f"{__name__}.{catalogue()[map_id]}.rules")
    cls: type[BaseRules] = getattr(module, "Rules", BaseRules)
    return cls(board)
