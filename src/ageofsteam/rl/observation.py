"""The observation: a position as one fixed-size vector of numbers, seen from one seat.

Seats are counted from the observer: relative seat ``r`` is seat ``(observer + r) % players``, so the observer
is always ``r = 0``. The vector is made of named sections (:attr:`ObservationLayout.sections`), listed field by
field in ``docs/rl.md``: the hexes (``hexes``, one row of channels per hex), the goods display, the bag and
supplies, the players, the phase and the pending decision, and the map's own figures (``map``), read from the
map's state by the types of its fields. Each observation is written afresh from the engine's state.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.actions import CHANCE, action_names, display_boxes, goods_colours
from ageofsteam.rl.encoding import ActionCodec

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rl.encoding import Node
    from ageofsteam.rules.base import BaseRules

MAX_SEATS = 6  # player rows: always six, seats a game lacks are zero
BOUND = 1e6  # every figure lies within ±BOUND (the Box's bounds)


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


def _summary(v: Any) -> float:
    """A dict entry's amount: a number as it is, a collection by its length, a dict by the sum of its numbers."""
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, (list, tuple, set)):
        return float(len(v))
    if isinstance(v, dict):
        return float(sum(x for x in v.values() if isinstance(x, (int, float))))
    return 1.0


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
        self.seat_base = len(vocab)
        self.keys = len(vocab) + MAX_SEATS
        self.plan: list[tuple[str, str, int, tuple[str, ...]]] = []  # field, how, offset, nested number fields
        self.sections: list[Section] = []
        offset = 0
        for f in dataclasses.fields(cls):
            inner = _optional_arg(hints[f.name])
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

    def key(self, k: Any, me: int, n: int) -> list[int]:
        """The vocabulary indices of a dict key or word (two for a hex side ``"A-B"``; a seat relative to ``me``)."""
        if isinstance(k, int) and not isinstance(k, bool):
            return [self.seat_base + (k - me) % n] if 0 <= k < n else []
        j = self.key_index.get(str(k))
        if j is not None:
            return [j]
        parts = str(k).split("-")
        return [self.key_index[p] for p in parts if p in self.key_index] if len(parts) == 2 else []

    def fill(self, out: np.ndarray, g: GameState, me: int) -> None:
        """Write the figures of ``g`` seen by ``me`` into ``out`` (the section, zeros)."""
        n = len(g.players)
        width = 1 + MAX_SEATS
        for name, how, offset, nested in self.plan:
            value = getattr(g.map_state, name)
            if value is None:
                continue
            if how == "number":
                out[offset] = float(value)
            elif how == "dict":
                for k, v in value.items():
                    seats = [s for s in v if type(s) is int and 0 <= s < n] if type(v) is list else []
                    for j in self.key(k, me, n):
                        row = offset + j * width
                        out[row] += _summary(v)
                        for s in seats:
                            out[row + 1 + (s - me) % n] += 1.0
            elif how == "word":
                out[[offset + j for j in self.key(value, me, n)]] = 1.0
            elif how == "list":
                out[offset] = len(value)
                out[offset + 1] = sum(v for v in value if isinstance(v, (int, float)))
            elif how == "record":
                out[offset] = 1.0
                for i, sub in enumerate(nested):
                    out[offset + 1 + i] = float(getattr(value, sub))
            else:
                out[offset] = 1.0


class ObservationLayout:
    """Where each figure of a map's positions lies in the observation vector, and :meth:`observe`."""

    def __init__(self, rules: BaseRules, g: GameState, codec: ActionCodec) -> None:
        m = rules.map
        self.n_hexes = len(m.labels)
        self.colours = goods_colours(rules, g)
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        self.actions = action_names(rules, g)
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
        self.static = np.zeros((self.n_hexes, self.width), dtype=np.float32)
        for h in range(self.n_hexes):
            cost = rules.terrain_cost(g, h)
            self.static[h, :3] = (-1.0 if cost is None else float(cost), h in m.city_at, h in m.towns)
        for city in m.cities:
            for col in city.colours:
                if col in self.colour_index:
                    self.static[list(city.hexes), 3 + self.colour_index[col]] = 1.0
        words = self.actions + self.colours + self.columns + [x.id for x in m.circles]
        words += [s.id for s in m.special_links] + self.letters
        self.figures = MapFigures(rules, g, words)
        self.player_width = len(PLAYER_FIELDS) + len(self.actions)
        sizes = [
            ("hexes", self.n_hexes * self.width, f"{self.n_hexes} hexes × {self.width} channels"),
            ("display", len(self.boxes) * c, f"{len(self.boxes)} boxes × {c} colours, one-hot"),
            ("bag", c, "cubes in the bag per colour"),
            ("produced", c, "Production cubes drawn and not yet placed, per colour"),
            ("tiles_left", len(self.tiles), "tiles left in the supply, per tile type"),
            ("new_cities_left", len(self.letters), "New City tiles left, per letter"),
            ("town_disks", 1, "town disks left"),
            ("players", MAX_SEATS * self.player_width, "per relative seat"),
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

    def section(self, out: np.ndarray, name: str) -> np.ndarray:
        """The part of the observation ``out`` that section ``name`` takes (a view)."""
        at = self.at[name]
        return out[at : at + next(s.size for s in self.sections if s.name == name)]

    def observe(self, g: GameState, me: int, under_way: Sequence[Node] = ()) -> np.ndarray:
        """The position ``g`` as seen by seat ``me``; ``under_way``: the steps taken of a decision under way."""
        out = np.zeros(self.size, dtype=np.float32)
        n = len(g.players)
        self._hexes(out[: self.n_hexes * self.width].reshape(self.n_hexes, self.width), g, me, n, under_way)
        self._goods(out, g)
        self._players(self.section(out, "players").reshape(MAX_SEATS, self.player_width), g, me, n)
        at = self.at
        if g.phase in self.phase_index:
            out[at["phase"] + self.phase_index[g.phase]] = 1.0
        out[at["turn"] : at["turn"] + 4] = (g.turn, g.last_turn, g.move_round, n)
        if g.build is not None:
            out[at["build"] : at["build"] + 2] = (g.build.builds_left, g.build.builds_done)
        auction = g.auction
        if auction is not None:
            out[at["auction"]] = auction.high
            if auction.high_bidder is not None:
                out[at["auction"] + 1 + (auction.high_bidder - me) % n] = 1.0
        if g.to_move is not None and g.to_move != CHANCE:
            out[at["to_move"] + (g.to_move - me) % n] = 1.0
        if under_way:
            out[at["pending"] + self.kind_index[under_way[-1].kind]] = 1.0
            out[at["pending"] + len(self.kinds)] = len(under_way)
        self.figures.fill(self.section(out, "map"), g, me)
        return out

    def _hexes(self, rows: np.ndarray, g: GameState, me: int, n: int, under_way: Sequence[Node]) -> None:
        """The hex rows: the map, the goods on each hex, the tiles with their tracks' owners, the New Cities and
        the route under way."""
        rows[:] = self.static
        extra = g.rules.goods_on_hexes(g)
        for h, cubes in ({**extra, **g.cubes} if extra else g.cubes).items():
            for col, k in cubes.items():
                if col in self.colour_index:
                    rows[h, self.ch_goods + self.colour_index[col]] += k
        tile, seats = self.ch_tile, self.ch_seats
        for h, t in g.tiles.items():
            rows[h, tile : tile + 3] = (self.tile_index.get(t.tile, -1) + 1, t.rotation, t.disk)
            edges = [e for track in t.tracks for e in track if 0 <= e < 6]
            rows[h, [self.ch_edges + e for e in edges]] = 1.0
            for owner in t.owners:
                rows[h, seats + MAX_SEATS if owner is None else seats + (owner - me) % n] += 1.0
        for h, letter in g.new_cities.items():
            rows[h, tile + 3] = self.letters.index(letter) + 1
        for node in under_way:
            if node.stop >= 0:
                rows[node.stop, self.ch_route] = 1.0
        if under_way and under_way[-1].stop >= 0:
            rows[under_way[-1].stop, self.ch_route + 1] = 1.0

    def _goods(self, out: np.ndarray, g: GameState) -> None:
        """The goods display (each box one-hot by colour) and the supplies: the bag, the Production cubes, the
        tiles, New Cities and town disks left."""
        c = len(self.colours)
        display = self.section(out, "display").reshape(-1, c)
        for col, boxes in g.display.items():
            first = self.column_start.get(col)
            for i, cube in enumerate(boxes):
                if first is not None and cube in self.colour_index:
                    display[first + i, self.colour_index[cube]] = 1.0
        bag, produced = self.section(out, "bag"), self.section(out, "produced")
        for col, k in g.bag.items():
            if col in self.colour_index:
                bag[self.colour_index[col]] = k
        for col in g.produced:
            if col in self.colour_index:
                produced[self.colour_index[col]] += 1.0
        left = self.section(out, "tiles_left")
        for t, k in g.supply.items():
            if t in self.tile_index:
                left[self.tile_index[t]] = k
        letters = self.section(out, "new_cities_left")
        for letter in g.new_cities_left:
            letters[self.letters.index(letter)] = 1.0
        out[self.at["town_disks"]] = g.disks

    def _players(self, rows: np.ndarray, g: GameState, me: int, n: int) -> None:
        """A row per relative seat: its figures, then the special action it holds (one-hot)."""
        auction = g.auction
        bidders, bids = (auction.bidders, auction.bids) if auction is not None else ((), {})
        for r, p in enumerate(g.players[me:] + g.players[:me]):
            seat = p.seat
            rows[r, : len(PLAYER_FIELDS)] = (
                1.0,
                p.cash,
                p.income,
                p.shares,
                p.engine,
                p.eliminated,
                g.order.index(seat) + 1 if seat in g.order else 0,  # place in player order, 1 = first
                seat in bidders,
                bids.get(seat, 0),
                seat in g.engine_upgraded,
                p.has_built,
            )
            if p.action in self.action_index:
                rows[r, len(PLAYER_FIELDS) + self.action_index[p.action]] = 1.0
