"""The observation: a position as one fixed-size vector of numbers, seen from one seat.

Seats are counted from the observer: relative seat ``r`` is seat ``(observer + r) % players``, so the observer
is always ``r = 0``. The vector is made of named sections (:attr:`ObservationLayout.sections`), listed field by
field in ``docs/rl.md``: the hexes (``hexes``, one row of ``HEX_CHANNELS`` per hex), the goods display, the bag
and supplies, the players, the phase and the pending decision, and the map's own figures (``map``), read from
the map's state by the types of its fields.
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
import struct
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.actions import CHANCE
from ageofsteam.rl.encoding import ActionCodec, action_names, display_boxes, goods_colours

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState, PlacedTile
    from ageofsteam.rl.encoding import Node
    from ageofsteam.rules.base import BaseRules

MAX_SEATS = 6  # player rows: always six, seats a game lacks are zero
BOUND = 1e6  # every figure lies within ±BOUND (the Box's bounds)
MEMO_LIMIT = 4096  # the most parts (a tile's channels, a display…) remembered per kind before starting afresh
TILE_CHANNELS = 10  # a hex row's channels from "tile" to the last track edge
EXACT = 2**16  # the largest dict figure amount added and taken away again in place (see MapFigures.add_entry)


def hex_channels(colours: list[str]) -> list[str]:
    """The names of a hex row's channels, in order."""
    return [
        "terrain_cost",
        "city",
        "town",
        *(f"accepts_{c}" for c in colours),
        *(f"goods_{c}" for c in colours),
        "tile",
        "rotation",
        "town_disk",
        "new_city",
        *(f"track_edge_{d}" for d in ("N", "NE", "SE", "S", "SW", "NW")),
        *(f"tracks_of_seat_{r}" for r in range(MAX_SEATS)),
        "tracks_unowned",
        "on_route",
        "route_stop",
    ]


PLAYER_FIELDS = (
    "present",
    "cash",
    "income",
    "shares",
    "engine",
    "eliminated",
    "order",
    "in_auction",
    "bid",
    "engine_upgraded",
    "has_built",
)


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    offset: int
    size: int
    what: str


def _numeric(tp: Any) -> bool:
    return tp in (int, float, bool)


def _optional_arg(tp: Any) -> Any:
    """``X`` for ``X | None`` (else ``tp``)."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


class MapFigures:
    """Reads a map's own state (a dataclass) into a fixed-size vector, by the declared type of each field:

    * a number or flag: one value;
    * a dict: for every key of the key vocabulary (the hexes, then the map's words, then the seats), the value
      summed up (a number as it is, a list by its length, a dict by the sum of its numbers, anything else 1) and
      how many times each relative seat appears in it (lists of seats); a key ``"A-B"`` counts at both hexes;
    * a word (``str``, a ``Literal``): one-hot over the key vocabulary;
    * a list: its length and the sum of its numbers;
    * a nested record or None: present, then its number fields.
    """

    def __init__(self, rules: BaseRules, g: GameState, words: list[str]) -> None:
        cls = type(g.map_state)
        hints = typing.get_type_hints(cls)
        literals: list[str] = []
        for tp in hints.values():
            tp = _optional_arg(tp)
            if typing.get_origin(tp) is typing.Literal:
                literals += [str(v) for v in typing.get_args(tp)]
        hexes = list(rules.map.labels)
        vocab = hexes + [w for w in dict.fromkeys(words + literals) if w not in set(hexes)]
        self.key_index = {k: i for i, k in enumerate(vocab)}
        self._keys: dict[Any, list[int]] = {}  # dict key → its vocabulary indices (words and hexes only)
        self.seat_base = len(vocab)
        self.keys = len(vocab) + MAX_SEATS
        self.plan: list[tuple[str, str, int, tuple[str, ...]]] = []  # field, how, offset, nested number fields
        self.sections: list[Section] = []
        offset = 0
        for f in dataclasses.fields(cls):
            tp = hints[f.name]
            inner = _optional_arg(tp)
            origin = typing.get_origin(inner)
            nested: tuple[str, ...] = ()
            if _numeric(inner):
                how, size = "number", 1
            elif origin is dict:
                how, size = "dict", self.keys * (1 + MAX_SEATS)
            elif inner is str or origin is typing.Literal:
                how, size = "word", self.keys
            elif origin in (list, tuple, set):
                how, size = "list", 2
            elif dataclasses.is_dataclass(inner):
                sub = typing.get_type_hints(inner)
                nested = tuple(x.name for x in dataclasses.fields(inner) if _numeric(sub[x.name]))
                how, size = "record", 1 + len(nested)
            else:
                how, size = "present", 1
            self.plan.append((f.name, how, offset, nested))
            self.sections.append(Section(f"map.{f.name}", offset, size, how))
            offset += size
        self.size = offset
        self.dicts = [(name, at) for name, how, at, _ in self.plan if how == "dict"]  # kept in the templates
        self.others = [p for p in self.plan if p[1] != "dict"]  # written by :meth:`fill`
        self.dict_size = self.keys * (1 + MAX_SEATS)

    def key(self, k: Any, me: int, n: int) -> list[int]:
        """The vocabulary indices of a dict key (two for a hex side ``"A-B"``)."""
        if isinstance(k, int) and not isinstance(k, bool):
            return [self.seat_base + (k - me) % n] if 0 <= k < n else []
        found = self._keys.get(k)
        if found is None:
            j = self.key_index.get(str(k))
            if j is not None:
                found = [j]
            else:
                parts = str(k).split("-")
                found = [self.key_index[p] for p in parts if p in self.key_index] if len(parts) == 2 else []
            self._keys[k] = found
        return found

    def fill(self, out: Any, g: GameState, me: int) -> None:
        """Write the figures of ``g`` seen by ``me`` into ``out`` (the section's memoryview, zeros there), but
        for the dict fields (:attr:`dicts`), which :class:`ObservationMemory` keeps in its templates."""
        figures = g.map_state
        n = len(g.players)
        for name, how, offset, nested in self.others:
            value = getattr(figures, name)
            if value is None:
                continue
            if how == "number":
                out[offset] = float(value)
            elif how == "word":
                for j in self.key(value, me, n):
                    out[offset + j] = 1.0
            elif how == "list":
                out[offset] = len(value)
                out[offset + 1] = sum(v for v in value if isinstance(v, (int, float)))
            elif how == "record":
                out[offset] = 1.0
                for i, sub in enumerate(nested):
                    out[offset + 1 + i] = float(getattr(value, sub))
            else:
                out[offset] = 1.0

    def add_entry(self, parts: list[tuple[int, Any]], k: Any, v: Any, n: int, sign: float = 1.0) -> bool:
        """Add the entry ``k: v`` of a dict field to each of ``parts`` (observer, its part of the section), times
        ``sign`` (−1 takes an entry away); whether its amount is exact to add and take away again (a whole
        number of at most ``EXACT``: sums of such stay exact in float32, in any order)."""
        if type(v) is list:
            amount = float(len(v))
            seats = [s for s in v if type(s) is int and 0 <= s < n]
        else:
            amount, seats = _summary(v), []
        exact = amount.is_integer() and -EXACT <= amount <= EXACT
        amount *= sign
        width = 1 + MAX_SEATS
        rows = self._keys.get(k) if type(k) is not int else None  # a seat's row depends on the observer
        if rows is None and type(k) is not int:
            rows = self.key(k, 0, n)
        for me, out in parts:
            for j in self.key(k, me, n) if rows is None else rows:
                row = j * width
                out[row] += amount
                for s in seats:
                    out[row + 1 + (s - me) % n] += sign
        return exact

    def fill_dict(self, out: Any, value: dict[Any, Any], me: int, n: int) -> bool:
        """Write a dict field seen by ``me`` into ``out`` (its part of the section, zeros); whether every
        amount is exact (:meth:`add_entry`)."""
        exact = True
        parts = [(me, out)]
        for k, v in value.items():
            exact &= self.add_entry(parts, k, v, n)
        return exact


_OWNERS = operator.attrgetter("owners")
_ABSENT = object()  # a dict entry not there
_NONE = itertools.repeat(_ABSENT)  # the default of every ``dict.get`` in a ``map``


def _changed(
    tiles: list[tuple[int, PlacedTile]],
    owners: list[list[int | None]],
    seen: list[tuple[int, PlacedTile]],
    seen_owners: list[list[int | None]],
) -> list[int] | None:
    """The places in ``tiles`` (with their ``owners``) whose hex, tile or owners differ from what was ``seen``
    at the same place, and those past its end; None when a hex seen is no longer at its place (a tile taken
    away: the board's dict keeps the order its hexes were first tiled in, and a tile laid again keeps its
    place)."""
    k = len(seen)
    if len(tiles) < k:
        return None
    ne = operator.ne
    places = {*itertools.compress(itertools.count(), map(ne, tiles, seen))}
    places.update(itertools.compress(itertools.count(), map(ne, owners, seen_owners)))
    out = sorted(places)
    for i in out:
        if tiles[i][0] != seen[i][0]:
            return None
    return out + list(range(k, len(tiles)))


def _summary(v: Any) -> float:
    t = type(v)
    if t is int or t is float or t is bool:
        return float(v)
    if t is list or t is tuple or t is set:
        return float(len(v))
    if isinstance(v, dict):
        return float(sum(x for x in v.values() if isinstance(x, (int, float))))
    return 1.0


class ObservationLayout:
    """Where each figure of a map's positions lies in the observation vector."""

    def __init__(self, rules: BaseRules, g: GameState, codec: ActionCodec) -> None:
        m = rules.map
        self.n_hexes = len(m.labels)
        self.colours = goods_colours(rules)
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        self.actions = action_names(rules)
        self.action_index = {a: i for i, a in enumerate(self.actions)}
        self.boxes = display_boxes(rules, g)
        self.columns = list(rules.display_layout(g))
        self.column_start: dict[str, int] = {}  # display column → the place of its top box among the boxes
        for i, box in enumerate(self.boxes):
            self.column_start.setdefault(box.rpartition("/")[0], i)
        self.tiles = sorted(TILE_TYPES)
        self.tile_index = {t: i for i, t in enumerate(self.tiles)}
        self.letters = list(rules.NEW_CITIES)
        self.phases = [p.name for p in rules.phases] + ["game_over"]
        self.phase_index = {p: i for i, p in enumerate(self.phases)}
        self.kinds = list(codec.layouts)
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.hex_names = hex_channels(self.colours)
        self.width = len(self.hex_names)
        c = len(self.colours)
        self.ch_goods = 3 + c
        self.ch_tile = 3 + 2 * c
        self.ch_edges = self.ch_tile + 4
        self.ch_seats = self.ch_edges + 6
        self.ch_route = self.ch_seats + MAX_SEATS + 1
        # what never changes: terrain, cities, towns, the colours each city accepts
        static = np.zeros((self.n_hexes, self.width), dtype=np.float32)
        for h in range(self.n_hexes):
            cost = rules.terrain_cost(g, h)
            static[h, 0] = -1.0 if cost is None else float(cost)
            static[h, 1] = float(h in m.city_at)
            static[h, 2] = float(h in m.towns)
        for city in m.cities:
            for h in city.hexes:
                for col in city.colours:
                    if col in self.colour_index:
                        static[h, 3 + self.colour_index[col]] = 1.0
        self.static = static.reshape(-1)
        words = self.actions + self.colours + self.columns + [x.id for x in m.circles]
        words += [s.id for s in m.special_links] + self.letters
        self.figures = MapFigures(rules, g, words)
        sizes = [
            ("hexes", self.n_hexes * self.width, f"{self.n_hexes} hexes × {self.width} channels"),
            ("display", len(self.boxes) * c, f"{len(self.boxes)} boxes × {c} colours, one-hot"),
            ("bag", c, "cubes in the bag per colour"),
            ("produced", c, "Production cubes drawn and not yet placed, per colour"),
            ("tiles_left", len(self.tiles), "tiles left in the supply, per tile type"),
            ("new_cities_left", len(self.letters), "New City tiles left, per letter"),
            ("town_disks", 1, "town disks left"),
            ("players", MAX_SEATS * (len(PLAYER_FIELDS) + len(self.actions)), "per relative seat"),
            ("phase", len(self.phases), "the phase, one-hot"),
            ("turn", 4, "turn, last turn, move round, players in the game"),
            ("build", 2, "builds left and builds done in the build turn in progress"),
            ("auction", 1 + MAX_SEATS, "high bid, then the high bidder (relative seat, one-hot)"),
            ("to_move", MAX_SEATS, "the seat to move (relative, one-hot)"),
            ("pending", len(self.kinds) + 1, "the kind of a decision under way (one-hot), then its steps taken"),
            ("map", self.figures.size, "the map's own figures"),
        ]
        self.sections: list[Section] = []
        offset = 0
        for name, size, what in sizes:
            self.sections.append(Section(name, offset, size, what))
            offset += size
        self.size = offset
        self.at = {s.name: s.offset for s in self.sections}
        self.player_width = len(PLAYER_FIELDS) + len(self.actions)
        # the players' figures, written at once (zeros between them, where the held action's one-hot goes after)
        gap = f"{4 * (self.player_width - len(PLAYER_FIELDS))}x"
        self._player_rows = [struct.Struct(gap.join([f"{len(PLAYER_FIELDS)}f"] * n)) for n in range(MAX_SEATS + 1)]
        self._turn = struct.Struct("4f")
        self._supplies_row = struct.Struct(f"{self.at['players'] - self.at['bag']}f")  # bag … town_disks
        self.hexes_size = self.n_hexes * self.width
        self._tile_memo: dict[Any, memoryview] = {}
        self._display_memo: dict[Any, memoryview] = {}

    def _remembered(self, memo: dict[Any, memoryview], key: Any, make: Callable[[], np.ndarray]) -> memoryview:
        """The part ``make`` writes for ``key`` (what a position holds), made once: a part depends only on its
        key, so one position's part serves every position holding the same (at most MEMO_LIMIT kept)."""
        found = memo.get(key)
        if found is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            found = memo[key] = make().data  # a memoryview: set faster into the observation's
        return found

    def _tile_row(self, t: PlacedTile) -> memoryview:
        """A tiled hex's channels from ``tile`` to the track edges (``new_city`` left zero): the tile type,
        rotation, town disk and the edges its tracks reach."""

        def make() -> np.ndarray:
            row = np.zeros(TILE_CHANNELS, dtype=np.float32)
            row[0] = self.tile_index.get(t.tile, -1) + 1
            row[1] = t.rotation
            row[2] = float(t.disk)
            for a, b in t.tracks:
                for e in (a, b):
                    if 0 <= e < 6:
                        row[4 + e] = 1.0
            return row

        return self._remembered(self._tile_memo, (t.tile, t.rotation, t.disk, *t.tracks), make)

    def _display(self, display: dict[str, list[str | None]]) -> memoryview:
        """The goods display section: each box's cube, one-hot over the colours."""

        def make() -> np.ndarray:
            c = len(self.colours)
            out = np.zeros(len(self.boxes) * c, dtype=np.float32)
            for col, boxes in display.items():
                first = self.column_start.get(col)
                if first is None:
                    continue
                for i, cube in enumerate(boxes):
                    j = self.colour_index.get(cube) if cube is not None else None
                    if j is not None:
                        out[(first + i) * c + j] = 1.0
            return out

        return self._remembered(self._display_memo, tuple((col, *boxes) for col, boxes in display.items()), make)

    def _supplies(self, g: GameState) -> list[float]:
        """The sections from ``bag`` to ``town_disks``: the bag, the Production cubes, the tiles, New Cities
        and town disks left (``_supplies_row`` packs them)."""
        at = self.at
        base = at["bag"]
        m = [0.0] * (at["players"] - base)
        colours, tiles = self.colour_index, self.tile_index
        for col, k in g.bag.items():
            j = colours.get(col)
            if j is not None:
                m[j] = k  # the bag first
        produced = at["produced"] - base
        for col in g.produced:
            j = colours.get(col)
            if j is not None:
                m[produced + j] += 1.0
        left = at["tiles_left"] - base
        for tile, k in g.supply.items():
            j = tiles.get(tile)
            if j is not None:
                m[left + j] = k
        for letter in g.new_cities_left:
            m[at["new_cities_left"] - base + self.letters.index(letter)] = 1.0
        m[at["town_disks"] - base] = g.disks
        return m

    def observe(
        self, g: GameState, me: int, under_way: Sequence[Node] = (), memory: ObservationMemory | None = None
    ) -> np.ndarray:
        """The position ``g`` as seen by seat ``me``; ``under_way``: the steps taken of a decision under way;
        ``memory``: what the observations of earlier positions of the same game found (None: start afresh)."""
        if memory is None:
            memory = ObservationMemory(self)
        memory.look(g)
        out = memory.copy_for(me)  # the hexes, the display, the supplies, the dict figures; zeros elsewhere
        m: Any = out.data  # a memoryview: its items are set faster than the array's (Any: typed for ints only)
        if under_way:
            w, route = self.width, self.ch_route
            for node in under_way:
                if node.stop >= 0:
                    m[node.stop * w + route] = 1.0
            if under_way[-1].stop >= 0:
                m[under_way[-1].stop * w + route + 1] = 1.0
        self._tail(m, g, me, len(g.players), under_way)
        if self.figures.others:
            self.figures.fill(m[self.at["map"] :], g, me)
        return out

    def _tail(self, m: Any, g: GameState, me: int, n: int, under_way: Sequence[Node]) -> None:
        """Write the sections from ``players`` to ``pending`` into ``m`` (the observation's memoryview)."""
        at = self.at
        auction = g.auction
        order = g.order
        bidders, bids = (auction.bidders, auction.bids) if auction is not None else ((), {})
        upgraded = g.engine_upgraded
        players = g.players  # by seat: relative seat r is players[(me + r) % n]
        figures: list[Any] = []
        held: list[int] = []  # where a held action's one-hot goes
        place = at["players"] + len(PLAYER_FIELDS)
        for p in players[me:] + players[:me]:
            seat = p.seat
            figures += (
                1.0,
                p.cash,
                p.income,
                p.shares,
                p.engine,
                p.eliminated,
                order.index(seat) + 1 if seat in order else 0,  # place in player order, 1 = first
                seat in bidders,
                bids.get(seat, 0),
                seat in upgraded,
                p.has_built,
            )
            if p.action is not None:
                j = self.action_index.get(p.action)
                if j is not None:
                    held.append(place + j)
            place += self.player_width
        self._player_rows[n].pack_into(m, 4 * at["players"], *figures)  # zeros between the rows' figures
        for j in held:
            m[j] = 1.0
        j = self.phase_index.get(g.phase)
        if j is not None:
            m[at["phase"] + j] = 1.0
        self._turn.pack_into(m, 4 * at["turn"], g.turn, g.last_turn, g.move_round, n)
        if g.build is not None:
            m[at["build"]] = g.build.builds_left
            m[at["build"] + 1] = g.build.builds_done
        if auction is not None:
            m[at["auction"]] = auction.high
            if auction.high_bidder is not None:
                m[at["auction"] + 1 + (auction.high_bidder - me) % n] = 1.0
        if g.to_move is not None and g.to_move != CHANCE:
            m[at["to_move"] + (g.to_move - me) % n] = 1.0
        if under_way:
            m[at["pending"] + self.kind_index[under_way[-1].kind]] = 1.0
            m[at["pending"] + len(self.kinds)] = len(under_way)


class ObservationMemory:
    """What the observations of one game found, so that the next position's are written from what changed.

    It keeps, for each observer, a *template*: the observation's hexes (the tracks' owners turned to the
    observer's relative seats), goods display, supplies and the map's dict figures, zeros elsewhere; an
    observation is its observer's template copied with the other figures written in. The templates are written
    as the game changes, every template at once: the hexes, hex by hex, only where the tiles (a placed tile
    changes in place only in its owners: the engine lays a new one to upgrade or redirect), the goods on the
    hexes or the New Cities differ from what the last look saw. The tiles are not even compared while the
    engine has counted no change of the board since the last look (``GameState.board_changes``, counted by
    ``board_changed``, which the engine calls after every change of the board). The goods display and the
    supplies are read again only when they differ; the map's own figures kept in dicts, entry by entry where
    they differ from a copy of what was read (:meth:`_dicts`); the other figures are read at each look."""

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        absolute = np.zeros(layout.size, dtype=np.float32)  # observer 0's template: relative seats are seats
        absolute[: layout.hexes_size] = layout.static
        self.templates: dict[int, np.ndarray] = {0: absolute}  # observer → its template
        self.views: list[tuple[int, Any]] = [(0, absolute.data)]  # the templates as memoryviews (set faster)
        self.zeros = np.zeros(max(layout.width, 1), dtype=np.float32).data
        self.players = 0
        self.state: GameState | None = None  # the position last looked at, and its count of board changes then
        self.board_changes = -1
        self.tiles: list[tuple[int, PlacedTile]] = []  # the tiles seen, and their owners then
        self.owners: list[list[int | None]] = []
        self.goods: dict[int, dict[str, int]] = {}
        self.new_cities: dict[int, str] = {}
        self.display_seen: dict[str, list[str | None]] | None = None
        self.supplies_seen: tuple[Any, ...] = ()
        self.dicts_seen: dict[str, dict[Any, Any]] = {}  # the map's dict figures as last written (copies)
        self.dict_players = 0
        self.inexact: set[str] = set()  # dict fields holding an amount not exact to add and take away
        self.dict_zeros = np.zeros(layout.figures.dict_size, dtype=np.float32).data

    def look(self, g: GameState) -> None:
        """Bring the templates' hexes, display, supplies and the map's dict figures up to ``g``."""
        self._refresh(g)
        lay = self.layout
        if self.display_seen is None or g.display != self.display_seen:
            part = lay._display(g.display)
            at = lay.at["display"]
            for _, v in self.views:
                v[at : at + len(part)] = part
            self.display_seen = {col: boxes[:] for col, boxes in g.display.items()}
        seen = (g.disks, g.bag, g.supply, g.produced, g.new_cities_left)
        if not self.supplies_seen or self.supplies_seen != seen:
            supplies = lay._supplies(g)
            pack, at = lay._supplies_row.pack_into, 4 * lay.at["bag"]
            for _, v in self.views:
                pack(v, at, *supplies)
            self.supplies_seen = (g.disks, dict(g.bag), dict(g.supply), g.produced[:], g.new_cities_left[:])
        if lay.figures.dicts:
            self._dicts(g)

    def _dicts(self, g: GameState) -> None:
        """Bring the map's dict figures in the templates up to ``g``: in every template, the entries that differ
        from what was seen taken away and those of ``g`` added in their place; a field is written afresh
        instead while it holds an amount that is not exact to add and take away (:meth:`MapFigures.add_entry`)."""
        figures = self.layout.figures
        n = len(g.players)
        views = self.views
        size = figures.dict_size
        base = self.layout.at["map"]
        if n != self.dict_players:  # relative seats change: every field written afresh
            for _, at in figures.dicts:
                for _, v in views:
                    v[base + at : base + at + size] = self.dict_zeros
            self.dicts_seen = {}
            self.inexact = set()
            self.dict_players = n
        state = g.map_state
        seen = self.dicts_seen
        for name, at in figures.dicts:
            value = getattr(state, name) or {}
            old = seen.setdefault(name, {})
            if value == old:
                continue
            keys = list(value.keys() | old.keys())
            changed = list(
                itertools.compress(keys, map(operator.ne, map(old.get, keys, _NONE), map(value.get, keys, _NONE)))
            )
            exact = name not in self.inexact
            if exact:
                parts = [(me, v[base + at : base + at + size]) for me, v in views]
                for k in changed:
                    if k in old:
                        figures.add_entry(parts, k, old[k], n, -1.0)
                    if k in value:
                        exact &= figures.add_entry(parts, k, value[k], n)
            if not exact:
                for me, v in views:
                    exact = self._write_dict(v[base + at : base + at + size], value, me, n)
                if exact:
                    self.inexact.discard(name)
                else:
                    self.inexact.add(name)
            for k in changed:  # the copy brought up to ``value`` (deep enough to tell a change of what is read)
                if k in value:
                    entry = value[k]
                    old[k] = entry.copy() if isinstance(entry, (list, dict, set)) else entry
                else:
                    del old[k]

    def copy_for(self, me: int) -> np.ndarray:
        """The template of seat ``me`` copied (after :meth:`look`)."""
        found = self.templates.get(me)
        if found is None:  # relative seat r is seat (me + r) % players: seats me… first, then 0…
            lay = self.layout
            absolute = self.templates[0]
            found = self.templates[me] = absolute.copy()
            n, at = self.players, lay.ch_seats
            rows = found[: lay.hexes_size].reshape(lay.n_hexes, lay.width)
            seats = absolute[: lay.hexes_size].reshape(lay.n_hexes, lay.width)
            rows[:, at : at + n - me] = seats[:, at + me : at + n]
            rows[:, at + n - me : at + n] = seats[:, at : at + me]
            base, size = lay.at["map"], lay.figures.dict_size
            for name, offset in lay.figures.dicts:  # the dict figures: seats relative to ``me``
                part = found.data[base + offset : base + offset + size]
                self._write_dict(part, self.dicts_seen.get(name, {}), me, self.dict_players)
            self.views.append((me, found.data))
        return found.copy()

    def _write_dict(self, part: Any, value: dict[Any, Any], me: int, n: int) -> bool:
        """Write a dict field seen by ``me`` afresh into ``part`` (its part of a template); whether every amount
        is exact (:meth:`MapFigures.add_entry`)."""
        part[:] = self.dict_zeros
        return self.layout.figures.fill_dict(part, value, me, n)

    def _refresh(self, g: GameState) -> bool:
        """Bring ``absolute`` up to ``g``: rewrite the rows of the hexes whose tile, goods or New City changed;
        whether any did."""
        extra = g.rules.goods_on_hexes(g)
        goods = {**extra, **g.cubes} if extra else g.cubes
        n = len(g.players)
        if g is self.state and g.board_changes == self.board_changes:  # the board unchanged since the last look
            if goods == self.goods and n == self.players and g.new_cities == self.new_cities:
                return False
            tiles, owners = self.tiles, self.owners
        else:
            tiles = list(g.tiles.items())
            owners = list(map(_OWNERS, g.tiles.values()))
            self.state, self.board_changes = g, g.board_changes
            same = tiles == self.tiles and owners == self.owners and goods == self.goods and n == self.players
            if same and g.new_cities == self.new_cities:
                return False
        lay = self.layout
        w = lay.width
        views = self.views
        zeros = self.zeros
        if tiles != self.tiles or owners != self.owners:
            tile_at, seats_at, unowned = lay.ch_tile, lay.ch_seats, lay.ch_seats + MAX_SEATS
            changed = _changed(tiles, owners, self.tiles, self.owners)
            if changed is None:  # tiles taken away: every hex compared
                before = {h: (t, o) for (h, t), o in zip(self.tiles, self.owners, strict=True)}
                changed = []
                for i, ((h, t), own) in enumerate(zip(tiles, owners, strict=True)):
                    if before.pop(h, None) != (t, own):
                        changed.append(i)
                self.owners = [own[:] for own in owners]
            else:
                before = {}
                self.owners += [[]] * (len(tiles) - len(self.owners))
                for i in changed:
                    self.owners[i] = owners[i][:]
            for i in changed:
                (h, t), own = tiles[i], owners[i]
                row = h * w
                part = lay._tile_row(t)
                for me, v in views:
                    v[row + tile_at : row + tile_at + TILE_CHANNELS] = part
                    v[row + seats_at : row + unowned + 1] = zeros[: MAX_SEATS + 1]
                    for owner in own:
                        v[row + (unowned if owner is None else seats_at + (owner - me) % n)] += 1.0
            for h in before:  # tiles taken away
                row = h * w
                for _, v in views:
                    v[row + tile_at : row + tile_at + TILE_CHANNELS] = zeros[:TILE_CHANNELS]
                    v[row + seats_at : row + unowned + 1] = zeros[: MAX_SEATS + 1]
            self.tiles = tiles
        if goods != self.goods:
            c = len(lay.colours)
            goods_at = lay.ch_goods
            old = self.goods
            for h in {*old, *goods}:
                cubes = goods.get(h)
                if cubes == old.get(h):
                    continue
                at = h * w + goods_at
                for _, v in views:
                    v[at : at + c] = zeros[:c]
                    for col, k in (cubes or {}).items():
                        j = lay.colour_index.get(col)
                        if j is not None:
                            v[at + j] += k
            self.goods = {h: dict(cubes) for h, cubes in goods.items()}
        if g.new_cities != self.new_cities:
            new_city = lay.ch_tile + 3
            for _, v in views:
                for h in self.new_cities:
                    v[h * w + new_city] = 0.0
                for h, letter in g.new_cities.items():
                    v[h * w + new_city] = lay.letters.index(letter) + 1
            self.new_cities = dict(g.new_cities)
        self.players = n
        return True
