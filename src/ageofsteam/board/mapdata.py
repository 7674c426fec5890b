"""Map files: a human-editable TOML board turned into an indexed :class:`MapData`.

The file format is documented in ``docs/map-format.md``. A hex map names its hexes by their printed labels
(``L7``); here every hex gets an integer id, and its six neighbours are precomputed (``-1``: no hex). An area
map (``kind = "area"``) has regions instead of hexes: each region becomes a place with an id like a hex, so
the engine's per-place lists work unchanged (its neighbours are all ``-1``; the circles join regions).

Reading never stops at the first fault: :func:`read_map` collects every :class:`Problem` it meets, with its
place in the file. :func:`parse_map` and :func:`load_map_file` refuse a file with any problem (including the
cross-checks of :mod:`ageofsteam.board.validate`) by raising :class:`MapError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ageofsteam.board.hexes import STEPS, doubled_row, label, opposite, parse_direction

GOODS_COLOURS = ("red", "blue", "purple", "yellow", "black")
COLOURS = (*GOODS_COLOURS, "white")  # colours a city may accept
# The kinds every map may use. A map declares kinds of its own in its file, so that typing mistakes are still
# caught: terrain (beaches, suburbs, volcanoes…) with ``extra_terrain = [...]``, features (Texas's oil fields)
# with ``extra_features``, kinds of cities (Miami's exits), of towns (New York's construction sites) and of
# special links with ``extra_city_kinds``, ``extra_town_kinds`` and ``extra_link_kinds``.
TERRAIN_KINDS = ("plain", "river", "mountain", "lake", "sea")
PLACE_MARKERS = ("city", "town")  # legend kinds that mark a [[city]] or [[town]] hex
CITY_KINDS = ("city",)
TOWN_KINDS = ("town",)
FEATURE_KINDS: tuple[str, ...] = ()
LINK_KINDS = ("city_link", "bridge", "ferry")
# map file key → (the kinds every map has, what the declared names are)
DECLARED_KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "extra_terrain": (TERRAIN_KINDS, "terrain names"),
    "extra_features": (FEATURE_KINDS, "feature kinds"),
    "extra_city_kinds": (CITY_KINDS, "kinds of cities"),
    "extra_town_kinds": (TOWN_KINDS, "kinds of towns"),
    "extra_link_kinds": (LINK_KINDS, "kinds of special links"),
}
LINK_CONDITIONS = ("town_built",)
CIRCLE_KINDS = ("land", "sea")
MAP_KINDS = ("hex", "area")
MAX_PLAYERS = 6


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault of a map file: where it is (``"city #3 (Chicago)"``) and what is wrong."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class MapError(ValueError):
    """A map file that cannot be used; the message names the first fault and its place, ``problems`` all."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        more = f" (and {len(problems) - 1} more: aos map check lists them all)" if len(problems) > 1 else ""
        super().__init__(f"{source}: {problems[0] if problems else 'unusable map'}{more}")


@dataclass(frozen=True, slots=True)
class CityDef:
    """A printed city: one or more hexes, the goods colours it accepts, its goods-growth columns."""

    name: str
    colours: tuple[str, ...]
    growth: tuple[str, ...]  # display columns that feed it: "light1".."light6", "dark1".."dark6"
    cubes: int | None  # starting cubes; None: the rules' default
    hexes: tuple[int, ...]
    kind: str = "city"  # city, or a kind the map declares: exit (Miami), skyscraper (New York)

    @property
    def hex(self) -> int:
        """The hex that stands for the city (the first listed)."""
        return self.hexes[0]


@dataclass(frozen=True, slots=True)
class SpecialLink:
    """A pre-printed connection built as a whole for a printed cost (Detroit's bridges, Madeira's ferries)."""

    id: str
    kind: str  # city_link, bridge, ferry, or a kind the map declares
    ends: tuple[int, int]  # the two places it joins
    via: tuple[int, ...]  # hexes it crosses
    cost: int
    condition: str | None  # "town_built": the town end must hold a town tile or be urbanized


@dataclass(frozen=True, slots=True)
class Circle:
    """A connection circle of an area map, joining two or more regions (place ids)."""

    id: str
    places: tuple[int, ...]
    kind: str = "land"  # land or sea, for drawing
    x: float | None = None
    y: float | None = None
    capacity: int | None = None  # how many players' disks it holds, when the map prints it


@dataclass(frozen=True, slots=True)
class RegionInfo:
    """The flags of an area-map region."""

    id: str
    name: str
    large_circle: bool = False
    airport: bool = False
    river: bool = False
    new_city: bool = True  # a New City may be placed here


@dataclass(slots=True)
class MapData:
    """A loaded board. Place ids (hexes, or regions of an area map) index every per-place list."""

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
    kind: str = "hex"  # hex or area
    town_kinds: dict[int, str] = field(default_factory=dict)  # town hex → town, or a declared kind (district…)
    ports: frozenset[int] = frozenset()  # port towns
    features: dict[int, dict[str, Any]] = field(default_factory=dict)  # hex → feature kind → value (or True)
    areas: dict[str, frozenset[int]] = field(default_factory=dict)
    special_links: list[SpecialLink] = field(default_factory=list)
    circles: list[Circle] = field(default_factory=list)  # area maps
    region_info: dict[int, RegionInfo] = field(default_factory=dict)  # area maps: place → region flags
    positions: dict[int, tuple[float, float]] = field(default_factory=dict)  # area maps: place → (x, y)
    shapes: dict[int, tuple[tuple[float, float], ...]] = field(default_factory=dict)  # area maps: outlines
    turns: dict[int, int] = field(default_factory=dict)  # player count → turns, where the file sets them

    @property
    def size(self) -> int:
        return len(self.labels)

    @property
    def is_area(self) -> bool:
        return self.kind == "area"

    def hex_id(self, text: str) -> int:
        """The id of a hex (or region) from its label; raises ``KeyError`` with a readable message."""
        h = self.by_label.get(text.strip().upper())
        if h is None:
            raise KeyError(f"there is no {'region' if self.is_area else 'hex'} {text!r} on {self.name}")
        return h

    @property
    def city_kinds(self) -> dict[int, str]:
        """City hex → its kind (city, exit, skyscraper), for every hex of every city."""
        return {h: self.cities[i].kind for h, i in self.city_at.items()}

    def places_with(self, feature: str) -> list[int]:
        """The places carrying ``feature`` (``"volcano"``, ``"oil_field"`` …), in id order."""
        return sorted(h for h, fs in self.features.items() if feature in fs)


# --- reading -----------------------------------------------------------------------------------------------

CITY_KEYS = frozenset({"name", "hex", "hexes", "colour", "colours", "growth", "cubes", "kind"})
TOWN_KEYS = frozenset({"name", "hex", "kind", "port", "terrain"})
FEATURE_KEYS = frozenset({"hex", "region", "kind", "value"})
LINK_KEYS = frozenset({"id", "kind", "ends", "via", "cost", "condition"})
BLOCKED_KEYS = frozenset({"hex", "edges"})
REGION_KEYS = frozenset(
    {
        "id",
        "name",
        "terrain",
        "colour",
        "colours",
        "growth",
        "cubes",
        "large_circle",
        "airport",
        "river",
        "new_city",
        "x",
        "y",
        "shape",
    }
)
CIRCLE_KEYS = frozenset({"id", "regions", "x", "y", "kind", "capacity"})


def growth_key(text: str) -> str | None:
    """``"light 3"`` → ``"light3"``; None when the text is not a goods-growth column."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) == 2 and parts[0] in ("light", "dark") and len(parts[1]) == 1 and parts[1] in "123456":
        return parts[0] + parts[1]
    return None


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


class _Reader:
    """Reads one parsed map file, collecting every problem instead of stopping at the first."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.problems: list[Problem] = []
        self.labels: list[str] = []
        self.by_label: dict[str, int] = {}
        self.noun = "hex"
        known = {key: (*base, *self.declared(key, what)) for key, (base, what) in DECLARED_KINDS.items()}
        self.terrain_kinds = frozenset(known["extra_terrain"])
        self.feature_kinds = frozenset(known["extra_features"])
        self.city_kinds, self.town_kinds, self.link_kinds = (
            known["extra_city_kinds"],
            known["extra_town_kinds"],
            known["extra_link_kinds"],
        )

    def problem(self, where: str, message: str) -> None:
        self.problems.append(Problem(where, message))

    def declared(self, key: str, what: str) -> list[str]:
        """The kinds a map declares for itself under ``key`` (``extra_terrain = ["glacier"]``)."""
        value = self.data.get(key, [])
        if not (isinstance(value, list) and all(isinstance(t, str) and t for t in value)):
            self.problem(key, f"must be a list of {what}")
            return []
        return value

    def entries(self, key: str, allowed: frozenset[str], by_id: bool = False) -> list[tuple[str, dict[str, Any]]]:
        """The tables of ``[[key]]``, each with its place in the file; unknown keys inside are reported."""
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            self.problem(key, f"must be written as [[{key}]] tables")
            return []
        out = []
        for i, entry in enumerate(value):
            if by_id and isinstance(entry.get("id"), str):
                where = f"{key} {entry['id']}"
            else:
                where = f"{key} #{i + 1}" + (f" ({entry['name']})" if isinstance(entry.get("name"), str) else "")
            for k in sorted(set(entry) - allowed):
                self.problem(where, f"unknown key {k!r} (known: {', '.join(sorted(allowed))})")
            out.append((where, entry))
        return out

    def place(self, text: Any, where: str) -> int | None:
        """The id of a hex (region) named in the file, or None after reporting a missing one."""
        if isinstance(text, str) and text.strip().upper() in self.by_label:
            return self.by_label[text.strip().upper()]
        if text is None:
            self.problem(where, f"missing {self.noun}")
        else:
            what = "is not on the grid" if self.noun == "hex" else "does not exist"
            self.problem(where, f"{self.noun} {text!r} {what}")
        return None

    def place_list(self, value: Any, where: str, key: str) -> list[int]:
        if not isinstance(value, list):
            self.problem(where, f"{key} must be a list of {self.noun} labels")
            return []
        return [h for h in (self.place(t, where) for t in value) if h is not None]

    def colours(self, entry: dict[str, Any], where: str, required: bool) -> tuple[str, ...] | None:
        """The colours an entry accepts; None when it names none."""
        if "colour" in entry and "colours" in entry:
            self.problem(where, "give colour or colours, not both")
        if "colours" in entry:
            value = entry["colours"]
            if not isinstance(value, list):
                self.problem(where, "colours must be a list")
                return ()
        elif "colour" in entry:
            value = [entry["colour"]]
        else:
            if required:
                self.problem(where, 'no colour: give colour = "…", or colours = [] for a city that accepts none')
            return None
        for c in value:
            if c not in COLOURS:
                self.problem(where, f"unknown goods colour {c!r} (known: {', '.join(COLOURS)})")
        return tuple(c for c in value if c in COLOURS)

    def growth(self, entry: dict[str, Any], where: str, colours: tuple[str, ...] | None) -> tuple[str, ...]:
        """The goods-growth columns; required unless ``growth = "none"`` or the city accepts no colour."""
        value = entry.get("growth")
        if value is None:
            if colours:
                self.problem(
                    where,
                    'no goods-growth number: give growth = "light N" / "dark N" '
                    '(or growth = "none" for a city without one)',
                )
            return ()
        if value == "none":
            return ()
        texts = [value] if isinstance(value, str) else value
        if not isinstance(texts, list) or not texts:
            self.problem(where, 'growth must be "light N", "dark N", a list of them, or "none"')
            return ()
        out = []
        for t in texts:
            key = growth_key(t)
            if key is None:
                self.problem(where, f"growth must be 'light N' or 'dark N' with N from 1 to 6, not {t!r}")
            elif key in out:
                self.problem(where, f"growth {t!r} is listed twice")
            else:
                out.append(key)
        return tuple(out)

    def cubes(self, entry: dict[str, Any], where: str) -> int | None:
        value = entry.get("cubes")
        if value is not None and not (_is_int(value) and value >= 0):
            self.problem(where, f"cubes must be a whole number of at least 0, not {value!r}")
            return None
        return value

    def kind(self, entry: dict[str, Any], where: str, known: tuple[str, ...], default: str, key: str = "") -> str:
        """The entry's ``kind`` (``default`` when absent; an empty default makes it required); ``key`` names
        where a map declares kinds of its own (``extra_town_kinds``)."""
        value = entry.get("kind", default)
        declare = f"; a map may add its own with {key} = [...]" if key else ""
        if value == "":
            self.problem(where, f"missing kind (one of {', '.join(known)})")
        elif value not in known:
            self.problem(where, f"unknown kind {value!r} (known: {', '.join(known)}{declare})")
            return default
        return value

    def flag(self, entry: dict[str, Any], where: str, key: str, default: bool = False) -> bool:
        value = entry.get(key, default)
        if not isinstance(value, bool):
            self.problem(where, f"{key} must be true or false")
            return default
        return value

    def terrain(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in self.terrain_kinds:
            self.problem(
                where,
                f"unknown terrain {value!r} (known: {', '.join(sorted(self.terrain_kinds))}; "
                "a map may add its own with extra_terrain = [...])",
            )
            return "plain"
        return value

    # --- the parts every map may have ---------------------------------------------------------------------

    def header(self) -> tuple[str, str, tuple[int, int]]:
        d = self.data
        for key in ("id", "name"):
            if not isinstance(d.get(key), str) or not d.get(key):
                self.problem(
                    "top level",
                    f"missing top-level key {key!r}" if key not in d else f"{key} must be a non-empty string",
                )
        players = d.get("players")
        if "players" not in d:
            self.problem("top level", "missing top-level key 'players'")
            players = [1, MAX_PLAYERS]
        elif not (
            isinstance(players, list)
            and len(players) == 2
            and all(_is_int(p) for p in players)
            and 1 <= players[0] <= players[1] <= MAX_PLAYERS
        ):
            self.problem(
                "players", f"must be [smallest, largest] with 1 ≤ smallest ≤ largest ≤ {MAX_PLAYERS}, not {players!r}"
            )
            players = [1, MAX_PLAYERS]
        return str(d.get("id", "")), str(d.get("name", "")), (int(players[0]), int(players[1]))

    def turns(self, players: tuple[int, int]) -> dict[int, int]:
        """``[turns]``: how many turns a game lasts for each player count the file names (``4 = 8``)."""
        value = self.data.get("turns", {})
        if not isinstance(value, dict):
            self.problem("turns", "must be a table of player count → turns, e.g. turns = { 3 = 10, 4 = 8 }")
            return {}
        out: dict[int, int] = {}
        for key, n in value.items():
            where = f"turns {key}"
            if not (key.isdigit() and players[0] <= int(key) <= players[1]):
                self.problem(where, f"{key!r} is not a player count of this map ({players[0]}–{players[1]})")
            elif not (_is_int(n) and 1 <= n <= 99):
                self.problem(where, f"the number of turns must be a whole number from 1 to 99, not {n!r}")
            else:
                out[int(key)] = n
        return out

    def features(self) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for where, f in self.entries("feature", FEATURE_KEYS):
            h = self.place(f.get("hex", f.get("region")), where)
            kind = f.get("kind")
            if kind not in self.feature_kinds:
                self.problem(
                    where,
                    f"unknown feature kind {kind!r} (known: {', '.join(sorted(self.feature_kinds)) or 'none'}; "
                    "a map may add its own with extra_features = [...])",
                )
                continue
            value = f.get("value", True)
            if "value" in f and not (_is_int(value) and value > 0):
                self.problem(where, "a feature's value (how many it shows, e.g. derricks) is a whole number above 0")
            if h is None:
                continue
            if kind in out.setdefault(h, {}):
                self.problem(where, f"{self.labels[h]} already has a {kind}")
            out[h][kind] = value
        return out

    def areas(self) -> dict[str, frozenset[int]]:
        value = self.data.get("areas", {})
        if not isinstance(value, dict):
            self.problem("areas", "must be a table of area name → list of places")
            return {}
        return {name: frozenset(self.place_list(v, f"area {name}", "an area")) for name, v in value.items()}

    def special_links(self, places: set[int]) -> list[SpecialLink]:
        out: list[SpecialLink] = []
        seen: set[str] = set()
        for where, s in self.entries("special_link", LINK_KEYS, by_id=True):
            link_id = s.get("id")
            if not isinstance(link_id, str) or not link_id:
                self.problem(where, "missing id")
                link_id = where
            elif link_id in seen:
                self.problem(where, "another special_link has this id")
            seen.add(link_id)
            kind = self.kind(s, where, self.link_kinds, "", "extra_link_kinds")
            ends = s.get("ends")
            if not (isinstance(ends, list) and len(ends) == 2):
                self.problem(where, "ends must name the two places it joins")
                ends = []
            end_ids = self.place_list(ends, where, "ends")
            for h in end_ids:
                if h not in places:
                    self.problem(where, f"end {self.labels[h]} is neither a city nor a town")
            via = self.place_list(s.get("via", []), where, "via")
            cost = s.get("cost")
            if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
                self.problem(where, f"cost must be a whole number of at least 0, not {cost!r}")
                cost = 0
            condition = s.get("condition")
            if condition is not None and condition not in LINK_CONDITIONS:
                self.problem(where, f"unknown condition {condition!r} (known: {', '.join(LINK_CONDITIONS)})")
            if len(end_ids) == 2 and kind:
                out.append(SpecialLink(link_id, kind, (end_ids[0], end_ids[1]), tuple(via), cost, condition))
        return out


# --- hex maps ----------------------------------------------------------------------------------------------


def _read_hex_map(r: _Reader, source: str) -> MapData | None:
    d = r.data
    for key in ("grid", "legend"):
        if key not in d:
            r.problem("top level", f"missing top-level key {key!r}")
    ident, name, players = r.header()
    low = {"odd": 1, "even": 0}.get(str(d.get("columns_low", "odd")))
    if low is None:
        r.problem("columns_low", "must be 'odd' or 'even'")
        low = 1
    legend = d.get("legend", {})
    if not isinstance(legend, dict):
        r.problem("legend", "must be a table of grid character → terrain")
        legend = {}
    kinds: dict[str, str] = {}  # grid character → terrain kind or place marker
    for ch, kind in legend.items():
        where = f"legend {ch!r}"
        if len(ch) != 1 or ch == " ":
            r.problem(where, "a legend key must be one character other than a space")
        kinds[ch] = kind if kind in PLACE_MARKERS else r.terrain(kind, where)
    grid = d.get("grid", "")
    if not isinstance(grid, str):
        r.problem("grid", "must be a multi-line string")
        return None
    cols: list[int] = []
    ys: list[int] = []
    terrain: list[str] = []
    marks: dict[str, set[int]] = {"city": set(), "town": set()}
    pos: dict[tuple[int, int], int] = {}
    for row, line in enumerate(grid.rstrip("\n").split("\n")):
        for col, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in kinds:
                r.problem(f"grid line {row + 1}, column {col}", f"{ch!r} is not in the legend")
            y = doubled_row(col, row, low)
            h = len(r.labels)
            pos[(col, y)] = h
            cols.append(col)
            ys.append(y)
            r.labels.append(label(col, y))
            kind = kinds.get(ch, "plain")
            if kind in marks:
                marks[kind].add(h)
            terrain.append("plain" if kind == "town" else kind)
    r.by_label = {lab: h for h, lab in enumerate(r.labels)}
    neighbours = [tuple(pos.get((cols[h] + dc, ys[h] + dy), -1) for dc, dy in STEPS) for h in range(len(cols))]

    cities, city_at = _read_cities(r, marks["city"])
    towns, town_kinds, ports = _read_towns(r, marks["town"], terrain)
    blocked = _read_blocked(r, neighbours)
    features = r.features()
    areas = r.areas()
    links = r.special_links(set(city_at) | set(towns))
    return MapData(
        id=ident,
        name=name,
        players=players,
        cols=cols,
        ys=ys,
        labels=r.labels,
        terrain=terrain,
        neighbours=neighbours,
        cities=cities,
        city_at=city_at,
        towns=towns,
        blocked=blocked,
        facts=_flat_facts(d.get("facts", {})),
        raw=d,
        source=source,
        by_label=r.by_label,
        kind="hex",
        town_kinds=town_kinds,
        ports=frozenset(ports),
        features=features,
        areas=areas,
        special_links=links,
    )


def _read_cities(r: _Reader, marked: set[int]) -> tuple[list[CityDef], dict[int, int]]:
    cities: list[CityDef] = []
    city_at: dict[int, int] = {}
    for where, c in r.entries("city", CITY_KEYS):
        if not isinstance(c.get("name"), str):
            r.problem(where, "missing name")
        if ("hex" in c) == ("hexes" in c):
            r.problem(where, 'give hex = "…" or hexes = ["…", …] (exactly one of them)')
        if "hexes" in c:
            hexes = r.place_list(c["hexes"], where, "hexes")
        else:
            hexes = [h for h in [r.place(c["hex"], where)] if h is not None] if "hex" in c else []
        kind = r.kind(c, where, r.city_kinds, "city", "extra_city_kinds")
        colours = r.colours(c, where, required=True)
        growth = r.growth(c, where, colours)
        cubes = r.cubes(c, where)
        for h in hexes:
            if h in city_at:
                r.problem(where, f"hex {r.labels[h]} already belongs to {cities[city_at[h]].name}")
                continue
            if h not in marked:
                r.problem(where, f"hex {r.labels[h]} is not marked as a city on the grid")
            city_at[h] = len(cities)
        if hexes:
            cities.append(CityDef(str(c.get("name", "?")), colours or (), growth, cubes, tuple(hexes), kind))
    for h in sorted(marked - set(city_at)):
        r.problem(f"grid hex {r.labels[h]}", "marked as a city but no [[city]] entry names it")
    return cities, city_at


def _read_towns(r: _Reader, marked: set[int], terrain: list[str]) -> tuple[dict[int, str], dict[int, str], set[int]]:
    """Towns (hex → name), their kinds and the port towns; a town's own ``terrain`` is set in ``terrain``."""
    towns: dict[int, str] = {}
    town_kinds: dict[int, str] = {}
    ports: set[int] = set()
    for where, t in r.entries("town", TOWN_KEYS):
        th = r.place(t.get("hex"), where)
        kind = r.kind(t, where, r.town_kinds, "town", "extra_town_kinds")
        port = r.flag(t, where, "port")
        town_terrain = r.terrain(t["terrain"], where) if "terrain" in t else "plain"
        if th is None:
            continue
        if th in towns:
            r.problem(where, f"hex {r.labels[th]} already holds the town {towns[th]}")
        elif th not in marked:
            r.problem(where, f"hex {r.labels[th]} is not marked as a town on the grid")
        towns[th] = str(t.get("name", r.labels[th]))
        town_kinds[th] = kind
        if port:
            ports.add(th)
        terrain[th] = town_terrain
    for h in sorted(marked - set(towns)):
        r.problem(f"grid hex {r.labels[h]}", "marked as a town but no [[town]] entry names it")
    return towns, town_kinds, ports


def _read_blocked(r: _Reader, neighbours: list[tuple[int, ...]]) -> frozenset[tuple[int, int]]:
    """Blocked hex edges, recorded from both sides."""
    blocked: set[tuple[int, int]] = set()
    for where, b in r.entries("blocked", BLOCKED_KEYS):
        bh = r.place(b.get("hex"), where)
        edges = b.get("edges", [])
        if not isinstance(edges, list) or not edges:
            r.problem(where, "edges must be a non-empty list of directions")
            continue
        for e_text in edges:
            try:
                e = parse_direction(str(e_text))
            except ValueError as exc:
                r.problem(where, str(exc))
                continue
            if bh is None:
                continue
            blocked.add((bh, e))
            n = neighbours[bh][e]
            if n >= 0:
                blocked.add((n, opposite(e)))
    return frozenset(blocked)


def _flat_facts(value: Any, prefix: str = "") -> dict[str, Any]:
    """``[facts]`` with dotted keys: ``terrain.mountain = 9`` is read by TOML as a nested table."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, Any] = {}
    for k, v in value.items():
        if isinstance(v, dict):
            out.update(_flat_facts(v, f"{prefix}{k}."))
        else:
            out[prefix + k] = v
    return out


# --- area maps ---------------------------------------------------------------------------------------------


def _point(value: Any) -> tuple[float, float] | None:
    if isinstance(value, list) and len(value) == 2 and all(_is_num(v) for v in value):
        return (float(value[0]), float(value[1]))
    return None


def _read_area_map(r: _Reader, source: str) -> MapData | None:
    """An area map: each ``[[region]]`` becomes a place (a city if coloured, else a town)."""
    d = r.data
    r.noun = "region"
    if "region" not in d:
        r.problem("top level", "missing top-level key 'region' (an area map lists its [[region]] tables)")
    for key in ("grid", "legend", "city", "town", "blocked"):
        if key in d:
            r.problem(key, "an area map has no hexes: use [[region]] and [[circle]]")
    ident, name, players = r.header()
    regions = r.entries("region", REGION_KEYS, by_id=True)
    for where, g in regions:
        rid = g.get("id")
        if not isinstance(rid, str) or not rid.strip():
            r.problem(where, "missing id")
            rid = where
        if rid.strip().upper() in r.by_label:
            r.problem(where, "another region has this id")
        r.by_label.setdefault(rid.strip().upper(), len(r.labels))
        r.labels.append(rid)
    terrain: list[str] = []
    cities: list[CityDef] = []
    city_at: dict[int, int] = {}
    towns: dict[int, str] = {}
    info: dict[int, RegionInfo] = {}
    positions: dict[int, tuple[float, float]] = {}
    shapes: dict[int, tuple[tuple[float, float], ...]] = {}
    for h, (where, g) in enumerate(regions):
        region_name = g.get("name", r.labels[h])
        if not isinstance(region_name, str):
            r.problem(where, "name must be a string")
            region_name = r.labels[h]
        terrain.append(r.terrain(g.get("terrain", "plain"), where))
        colours = r.colours(g, where, required=False)
        growth = r.growth(g, where, colours)
        cubes = r.cubes(g, where)
        if colours:
            city_at[h] = len(cities)
            cities.append(CityDef(region_name, colours, growth, cubes, (h,)))
        else:
            if growth or cubes:
                r.problem(where, "an uncoloured region has no goods: growth and cubes need a colour")
            towns[h] = region_name
        flags = {k: r.flag(g, where, k) for k in ("large_circle", "airport", "river")}
        info[h] = RegionInfo(r.labels[h], region_name, new_city=r.flag(g, where, "new_city", True), **flags)
        if "x" in g or "y" in g:
            xy = _point([g.get("x"), g.get("y")])
            if xy is None:
                r.problem(where, "x and y must both be numbers")
            else:
                positions[h] = xy
        if "shape" in g:
            shape = g["shape"]
            points = [_point(p) for p in shape] if isinstance(shape, list) else [None]
            if len(points) < 3 or None in points:
                r.problem(where, "shape must be a list of at least three [x, y] points")
            else:
                shapes[h] = tuple(p for p in points if p is not None)
    circles = _read_circles(r)
    features = r.features()
    areas = r.areas()
    links = r.special_links(set(range(len(r.labels))))
    n = len(r.labels)
    return MapData(
        id=ident,
        name=name,
        players=players,
        cols=[0] * n,
        ys=[0] * n,
        labels=r.labels,
        terrain=terrain,
        neighbours=[(-1,) * 6] * n,
        cities=cities,
        city_at=city_at,
        towns=towns,
        blocked=frozenset(),
        facts=_flat_facts(d.get("facts", {})),
        raw=d,
        source=source,
        by_label=r.by_label,
        kind="area",
        town_kinds=dict.fromkeys(towns, "town"),
        features=features,
        areas=areas,
        special_links=links,
        circles=circles,
        region_info=info,
        positions=positions,
        shapes=shapes,
    )


def _read_circles(r: _Reader) -> list[Circle]:
    circles: list[Circle] = []
    seen: set[str] = set()
    for where, c in r.entries("circle", CIRCLE_KEYS, by_id=True):
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            r.problem(where, "missing id")
            cid = where
        elif cid in seen:
            r.problem(where, "another circle has this id")
        seen.add(cid)
        names = c.get("regions")
        places = r.place_list(names, where, "regions")
        if len(set(places)) != len(places):
            r.problem(where, "a region is listed twice")
        if isinstance(names, list) and len(names) < 2:
            r.problem(where, "a circle joins at least two regions")
        kind = r.kind(c, where, CIRCLE_KINDS, "land")
        x = y = None
        if "x" in c or "y" in c:
            xy = _point([c.get("x"), c.get("y")])
            if xy is None:
                r.problem(where, "x and y must both be numbers")
            else:
                x, y = xy
        capacity = c.get("capacity")
        if capacity is not None and not (_is_int(capacity) and capacity > 0):
            r.problem(where, f"capacity must be a whole number above 0, not {capacity!r}")
            capacity = None
        circles.append(Circle(cid, tuple(dict.fromkeys(places)), kind, x, y, capacity))
    return circles


# --- entry points ------------------------------------------------------------------------------------------


def read_map(data: dict[str, Any], source: str = "map") -> tuple[MapData | None, list[Problem]]:
    """Build :class:`MapData` as far as the file allows, with every problem met on the way.

    The board is None only when the file is too broken to index (its grid is not a string). Cross-checks
    between entries (growth numbers, adjacency, facts) are :func:`ageofsteam.board.validate.check_board`.
    """
    r = _Reader(data)
    kind = data.get("kind", "hex")
    if kind not in MAP_KINDS:
        r.problem("kind", f"unknown map kind {kind!r} (known: {', '.join(MAP_KINDS)})")
        kind = "hex"
    board = _read_area_map(r, source) if kind == "area" else _read_hex_map(r, source)
    if board is not None:
        board.turns = r.turns(board.players)
    return board, r.problems


def parse_map(data: dict[str, Any], source: str = "map") -> MapData:
    """Build :class:`MapData` from the parsed TOML of a map file; any problem raises :class:`MapError`."""
    from ageofsteam.board.validate import check_board  # validate builds on this module

    board, problems = read_map(data, source)
    if board is not None:
        problems += check_board(board)
    if problems or board is None:
        raise MapError(source, problems)
    return board


def load_map_file(path: str | Path) -> MapData:
    """Read and index a map file; a malformed file raises :class:`MapError` naming every fault."""
    from ageofsteam.board.validate import read_toml

    p = Path(path)
    data, problems = read_toml(p)
    if data is None:
        raise MapError(p.name, problems)
    return parse_map(data, p.name)
