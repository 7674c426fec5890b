"""Map files: a human-editable TOML board turned into an indexed, immutable :class:`MapData`.

The file format is documented in ``docs/map-format.md``. A map file names its hexes by their printed labels
(``L7``); here every hex gets an integer id, and its six neighbours are precomputed (``-1``: no hex).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ageofsteam.board.hexes import STEPS, doubled_row, label, opposite, parse_direction

GOODS_COLOURS = ("red", "blue", "purple", "yellow", "black")


class MapError(ValueError):
    """A map file that cannot be used; the message names the place in the file at fault."""


@dataclass(frozen=True, slots=True)
class CityDef:
    """A printed city: one or more hexes, the goods colours it accepts, its goods-growth column."""

    name: str
    colours: tuple[str, ...]
    growth: tuple[str, ...]  # display columns that feed it: "light1".."light6", "dark1".."dark6"
    cubes: int | None  # starting cubes; None: the rules' default
    hexes: tuple[int, ...]

    @property
    def hex(self) -> int:
        """The hex that stands for the city (the first listed)."""
        return self.hexes[0]


@dataclass(slots=True)
class MapData:
    """A loaded board. Hex ids index every per-hex list."""

    id: str
    name: str
    players: tuple[int, int]
    cols: list[int]
    ys: list[int]
    labels: list[str]
    terrain: list[str]
    neighbours: list[tuple[int, ...]]
    cities: list[CityDef]
    city_at: dict[int, int]  # hex → index in ``cities``
    towns: dict[int, str]  # hex → town name
    blocked: frozenset[tuple[int, int]]  # (hex, edge) that track may not cross
    facts: dict[str, Any]
    raw: dict[str, Any]  # the whole file, for map rules that read tables of their own
    source: str = ""
    by_label: dict[str, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.labels)

    def hex_id(self, text: str) -> int:
        """The id of a hex from its label; raises ``KeyError`` with a readable message."""
        h = self.by_label.get(text.strip().upper())
        if h is None:
            raise KeyError(f"there is no hex {text!r} on {self.name}")
        return h


def _growth_key(text: str, where: str) -> str:
    parts = text.split()
    if len(parts) == 2 and parts[0] in ("light", "dark") and parts[1] in "123456" and len(parts[1]) == 1:
        return parts[0] + parts[1]
    raise MapError(f"{where}: growth must be 'light N' or 'dark N' with N from 1 to 6, not {text!r}")


def parse_map(data: dict[str, Any], source: str = "map") -> MapData:
    """Build :class:`MapData` from the parsed TOML of a map file."""
    for key in ("id", "name", "players", "grid", "legend"):
        if key not in data:
            raise MapError(f"{source}: missing top-level key {key!r}")
    low = {"odd": 1, "even": 0}.get(data.get("columns_low", "odd"))
    if low is None:
        raise MapError(f"{source}: columns_low must be 'odd' or 'even'")
    legend: dict[str, str] = data["legend"]
    cols: list[int] = []
    ys: list[int] = []
    labels: list[str] = []
    terrain: list[str] = []
    grid_towns: set[int] = set()
    grid_cities: set[int] = set()
    pos: dict[tuple[int, int], int] = {}
    for row, line in enumerate(data["grid"].rstrip("\n").split("\n")):
        for col, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in legend:
                raise MapError(f"{source}: grid line {row + 1}, column {col}: {ch!r} is not in the legend")
            y = doubled_row(col, row, low)
            h = len(labels)
            pos[(col, y)] = h
            cols.append(col)
            ys.append(y)
            labels.append(label(col, y))
            kind = legend[ch]
            if kind == "town":
                grid_towns.add(h)
                kind = "plain"
            elif kind == "city":
                grid_cities.add(h)
            terrain.append(kind)
    by_label = {lab: h for h, lab in enumerate(labels)}
    neighbours = [
        tuple(pos.get((cols[h] + dc, ys[h] + dy), -1) for dc, dy in STEPS) for h in range(len(labels))
    ]

    def hex_of(text: Any, where: str) -> int:
        if not isinstance(text, str) or text.upper() not in by_label:
            raise MapError(f"{source}: {where}: hex {text!r} is not on the grid")
        return by_label[text.upper()]

    cities: list[CityDef] = []
    city_at: dict[int, int] = {}
    for i, c in enumerate(data.get("city", [])):
        where = f"city #{i + 1} ({c.get('name', '?')})"
        if "name" not in c:
            raise MapError(f"{source}: {where}: missing name")
        hex_texts = c.get("hexes") or [c.get("hex")]
        hexes = tuple(hex_of(t, where) for t in hex_texts)
        colours = tuple(c.get("colours") or [c["colour"]] if ("colour" in c or "colours" in c) else ())
        for col in colours:
            if col not in GOODS_COLOURS and col != "white":
                raise MapError(f"{source}: {where}: unknown goods colour {col!r}")
        growth_texts = c.get("growth", [])
        if isinstance(growth_texts, str):
            growth_texts = [growth_texts]
        growth = tuple(_growth_key(t, where) for t in growth_texts)
        for h in hexes:
            if h in city_at:
                raise MapError(f"{source}: {where}: hex {labels[h]} already belongs to another city")
            if h not in grid_cities:
                raise MapError(f"{source}: {where}: hex {labels[h]} is not marked as a city on the grid")
            city_at[h] = len(cities)
        cities.append(CityDef(c["name"], colours, growth, c.get("cubes"), hexes))
    for h in grid_cities - set(city_at):
        raise MapError(f"{source}: grid marks {labels[h]} as a city but no [[city]] entry names it")
    towns: dict[int, str] = {}
    for i, t in enumerate(data.get("town", [])):
        where = f"town #{i + 1} ({t.get('name', '?')})"
        h = hex_of(t.get("hex"), where)
        if h not in grid_towns:
            raise MapError(f"{source}: {where}: hex {labels[h]} is not marked as a town on the grid")
        towns[h] = t.get("name", labels[h])
    for h in grid_towns - set(towns):
        raise MapError(f"{source}: grid marks {labels[h]} as a town but no [[town]] entry names it")
    blocked: set[tuple[int, int]] = set()
    for i, b in enumerate(data.get("blocked", [])):
        where = f"blocked #{i + 1}"
        h = hex_of(b.get("hex"), where)
        for e_text in b.get("edges", []):
            try:
                e = parse_direction(e_text)
            except ValueError as exc:
                raise MapError(f"{source}: {where}: {exc}") from None
            blocked.add((h, e))
            n = neighbours[h][e]
            if n >= 0:
                blocked.add((n, opposite(e)))
    players = data["players"]
    return MapData(
        id=data["id"],
        name=data["name"],
        players=(int(players[0]), int(players[1])),
        cols=cols,
        ys=ys,
        labels=labels,
        terrain=terrain,
        neighbours=neighbours,
        cities=cities,
        city_at=city_at,
        towns=towns,
        blocked=frozenset(blocked),
        facts=dict(data.get("facts", {})),
        raw=data,
        source=source,
        by_label=by_label,
    )


def load_map_file(path: str | Path) -> MapData:
    """Read and index a map file; a malformed file raises :class:`MapError` naming the fault."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise MapError(f"{p.name}: {exc}") from None
    return parse_map(data, p.name)
