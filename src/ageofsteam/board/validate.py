"""The map validator: every problem of a map file, each with its place in the file.

:func:`validate_map_file` reads the TOML (a syntax error is reported with its line), indexes the board with
:func:`ageofsteam.board.mapdata.read_map` (which reports faults of single entries: unknown terrain, grid
characters not in the legend, missing hexes or regions, unknown colours …) and then runs the cross-checks of
:func:`check_board`: duplicate goods-growth numbers, adjacency symmetry, connectivity of area maps and the
counts the map declares in ``[facts]``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ageofsteam.board.hexes import opposite
from ageofsteam.board.mapdata import FEATURE_KINDS, TERRAIN_KINDS, MapData, Problem, read_map

_TOML_PLACE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = " (at end of document)"


def read_toml(path: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The parsed file, or None with the problem (an unreadable file, a TOML syntax error and its line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem("file", f"cannot be read: {exc}")]
    return read_toml_text(text)


def read_toml_text(text: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The parsed text of a map file, or None with the TOML syntax error and its line."""
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = _TOML_PLACE.search(message)
        where = f"line {m.group(1)}, column {m.group(2)}" if m else "file"
        if m is None and message.endswith(_AT_END):  # the file stops in the middle of something: its last line
            last = len(text.rstrip("\n").split("\n"))
            where, message = f"line {last}", message.removesuffix(_AT_END)
        return None, [Problem(where, f"TOML syntax error: {_TOML_PLACE.sub('', message).strip()}")]


def validate_data(data: dict[str, Any], source: str = "map") -> list[Problem]:
    """Every problem of a parsed map file."""
    board, problems = read_map(data, source)
    if board is not None:
        problems += check_board(board)
    return problems


def validate_map_file(path: str | Path) -> list[Problem]:
    """Every problem of the map file at ``path`` (an empty list: the file is sound)."""
    data, problems = read_toml(Path(path))
    if data is None:
        return problems
    return validate_data(data, Path(path).name)


def summary(board: MapData) -> str:
    """``"189 hexes, 12 cities, 14 towns"`` (regions and circles for an area map)."""
    if board.is_area:
        return f"{board.size} regions, {len(board.cities)} coloured, {len(board.circles)} circles"
    return f"{board.size} hexes, {len(board.cities)} cities, {len(board.towns)} towns"


# --- cross-checks ------------------------------------------------------------------------------------------


def check_board(board: MapData) -> list[Problem]:
    """The checks that span several entries of an indexed board."""
    return [*_check_cities(board), *_check_adjacency(board), *_check_facts(board)]


def city_where(board: MapData, index: int) -> str:
    """The place in the file of ``board.cities[index]``: ``city #3 (Chicago)`` or ``region FR``."""
    city = board.cities[index]
    if board.is_area:
        return f"region {board.labels[city.hex]}"
    for i, entry in enumerate(board.raw.get("city", [])):
        if isinstance(entry, dict) and entry.get("name") == city.name:
            return f"city #{i + 1} ({city.name})"
    return f"city {city.name}"


def _check_cities(board: MapData) -> list[Problem]:
    out: list[Problem] = []
    growth_of: dict[str, int] = {}
    name_of: dict[str, int] = {}
    for i, city in enumerate(board.cities):
        where = city_where(board, i)
        for key in city.growth:
            if key in growth_of:
                other = board.cities[growth_of[key]].name
                out.append(Problem(where, f"goods-growth number {_growth_text(key)} is also {other}'s"))
            growth_of.setdefault(key, i)
        if city.name in name_of:
            out.append(Problem(where, f"another city is also called {city.name}"))
        name_of.setdefault(city.name, i)
        if not board.is_area and len(city.hexes) > 1:
            out += _check_contiguous(board, city.hexes, where)
    return out


def _growth_text(key: str) -> str:
    return f"{key[:-1]} {key[-1]}"


def _check_contiguous(board: MapData, hexes: tuple[int, ...], where: str) -> list[Problem]:
    """A city over several hexes must be one piece."""
    members = set(hexes)
    seen = {hexes[0]}
    todo = [hexes[0]]
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    apart = [board.labels[h] for h in hexes if h not in seen]
    return (
        [Problem(where, f"its hexes are not one piece: {', '.join(apart)} not joined to {board.labels[hexes[0]]}")]
        if apart
        else []
    )


def _check_adjacency(board: MapData) -> list[Problem]:
    out: list[Problem] = []
    if board.is_area:
        joined = {h for c in board.circles for h in c.places}
        joined |= {h for s in board.special_links for h in s.ends}
        for h in range(board.size):
            info = board.region_info.get(h)
            if h not in joined and not (info and info.airport):
                out.append(
                    Problem(
                        f"region {board.labels[h]}",
                        "no circle or special link joins it to another region (and it has no airport)",
                    )
                )
        return out
    for h, nbs in enumerate(board.neighbours):
        for e, n in enumerate(nbs):
            if n >= 0 and board.neighbours[n][opposite(e)] != h:
                out.append(
                    Problem(
                        f"hex {board.labels[h]}",
                        f"neighbour {board.labels[n]} does not have it as its neighbour (asymmetric adjacency)",
                    )
                )
    for h, e in sorted(board.blocked):
        n = board.neighbours[h][e]
        if n >= 0 and (n, opposite(e)) not in board.blocked:
            out.append(
                Problem(f"hex {board.labels[h]}", f"blocked edge to {board.labels[n]} is open from the other side")
            )
    return out


# --- facts -------------------------------------------------------------------------------------------------


def _terrain_count(board: MapData, kind: str) -> int:
    """Hexes of a terrain as the grid marks them (``town`` and ``city`` are marks too); regions for areas."""
    if kind == "town" and not board.is_area:
        return len(board.towns)
    return sum(1 for h, t in enumerate(board.terrain) if t == kind and (board.is_area or h not in board.towns))


def _declared(board: MapData, key: str) -> set[str]:
    """The kinds the map declares for itself under ``key`` (``extra_terrain``, ``extra_city_kinds`` …)."""
    extra = board.raw.get(key, [])
    return {t for t in extra if isinstance(t, str)} if isinstance(extra, list) else set()


def _terrain_kinds(board: MapData) -> set[str]:
    """The terrain names a fact may use without the ``terrain.`` prefix."""
    return {*TERRAIN_KINDS, *_declared(board, "extra_terrain")}


def _feature_kinds(board: MapData) -> set[str]:
    """The feature kinds the map may have: the format's and those it declares."""
    return {*FEATURE_KINDS, *_declared(board, "extra_features")}


def _counters(board: MapData) -> dict[str, Callable[[], int]]:
    """Fact key → how to count it on the board (the keys without a ``terrain.``/``feature.``/``area.`` part)."""
    towns_of = board.town_kinds
    out: dict[str, Callable[[], int]] = {
        "cities": lambda: len(board.cities),
        "city_hexes": lambda: len(board.city_at),
        "towns": lambda: len(board.towns),
        "special_links": lambda: len(board.special_links),
        "ports": lambda: len(board.ports),
    }
    city_kinds = [c.kind for c in board.cities]
    for kind in _declared(board, "extra_city_kinds"):  # "exits = 3": cities of a kind the map declares
        out[f"{kind}s"] = partial(city_kinds.count, kind)
    for kind in _declared(board, "extra_town_kinds"):  # "districts = 10"
        out[f"{kind}s"] = partial(list(towns_of.values()).count, kind)
    if board.is_area:
        info = board.region_info.values()
        out["regions"] = lambda: board.size
        out["circles"] = lambda: len(board.circles)
        out["large_circles"] = lambda: sum(1 for r in info if r.large_circle)
        out["airports"] = lambda: sum(1 for r in info if r.airport)
    else:
        out["hexes"] = lambda: board.size
    return out


def _check_facts(board: MapData) -> list[Problem]:
    out: list[Problem] = []
    counters = _counters(board)
    for key, expected in board.facts.items():
        where = f"facts {key}"
        group, _, sub = key.partition(".")
        if not sub and key in _terrain_kinds(board):  # "mountain = 9" is short for "terrain.mountain = 9"
            group, sub = "terrain", key
        if group == "terrain" and sub:
            count = _terrain_count(board, sub)
        elif group == "feature" and sub:
            if sub not in _feature_kinds(board):
                out.append(Problem(where, f"unknown feature kind {sub!r} (declare it with extra_features = [...])"))
                continue
            count = len(board.places_with(sub))
        elif group == "area" and sub:
            if sub not in board.areas:
                out.append(Problem(where, f"there is no area {sub!r} in [areas]"))
                continue
            count = len(board.areas[sub])
        elif key in counters:
            count = counters[key]()
        else:
            known = [*sorted(counters), "<terrain>", "terrain.<kind>", "feature.<kind>", "area.<name>"]
            out.append(Problem(where, f"unknown fact (known: {', '.join(known)})"))
            continue
        if not (isinstance(expected, int) and not isinstance(expected, bool)):
            out.append(Problem(where, f"must be a whole number, not {expected!r}"))
        elif count != expected:
            out.append(Problem(where, f"the map has {count}, the facts say {expected}"))
    return out
