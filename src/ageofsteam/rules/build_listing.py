"""Listing every legal single build fast, for play and for the bots' playouts.

Whether a build on a hex is legal, and what it costs, depends on the hex (town or not, its terrain, the tile on
it and whose its tracks are) and on its six edges: what a new track end pointing across each one would meet
(:func:`edge_contact`) and where track leaving through it leads (:func:`leave_hex`: a stop, an open end, or
back into the hex). The listing describes each candidate hex by that *situation* and remembers, per situation,
the builds :func:`plan_build` allows with the tile supply, the town disks and the player's cash left aside;
those three are checked on every listing. Stops are remembered by the pattern of which edges lead to the same
one, so one answer serves every hex in the same situation.

The answers hold only while a map's placement hooks are the base game's (they read nothing but the board and
the New Cities); maps that override one of them list every build through :func:`legal_builds`.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from ageofsteam.board.hexes import TOWN, opposite
from ageofsteam.board.network import STOP, leave_hex
from ageofsteam.engine.actions import Build
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.build_track import _empty_hex_layouts, _redirect_ends, _tiled_hex_layouts, legal_builds
from ageofsteam.rules.hooks import keeps_base
from ageofsteam.rules.track_placement import edge_contact, plan_build

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState, PlacedTile

# The hooks whose base versions read only the board and the New Cities: answers hold for rules keeping them all.
PLACEMENT_HOOKS = (
    "terrain_cost",
    "can_hold_track",
    "track_end_hexes",
    "track_start_hexes",
    "build_cost",
    "check_build",
)

BAD = "bad"  # an edge where no new track end may point
UNUSED = (-1, -1)  # in place of where track leaving an edge leads, where it cannot matter
Edge = tuple[str, tuple[int, int]]  # what a new track end there meets (edge_contact's word, or BAD); leave_hex
Layout = tuple[str, int, int, bool, bool]  # tile, rotation, cost, takes a town disk, takes a tile from the supply
MAX_MAPS = 32  # maps (and rules classes) remembered at once
MAX_REMEMBERED = 50_000  # answers of each kind kept per map before they are forgotten (under 1 kB each)


class _Memory:
    """What one map under one rules class has taught the listing."""

    def __init__(self, board: MapData) -> None:
        self.board = board
        self.near_cities: dict[tuple[int, ...], frozenset[int]] = {}  # New Cities → hexes next to a City
        self.still: dict[tuple[int, int, tuple[int, ...]], Edge] = {}  # (hex, edge, New Cities) → no track met
        self.beside: dict[tuple[int, tuple[int, ...]], dict[int, int]] = {}  # see next_stops
        self.still_hex: dict[tuple[int, tuple[int, ...]], tuple[Edge, ...]] = {}  # (hex, New Cities) → the six
        self.plain: dict[tuple[int, bool, tuple[int, ...]], dict[int, _Listed]] = {}  # see legal_build_actions
        self.layouts: dict[tuple[object, ...], tuple[Layout, ...]] = {}  # situation → builds allowed
        self.listed: dict[tuple[object, ...], _Listed] = {}  # (seat, hex, situation) → actions
        self.shared: dict[tuple[int, int, int], tuple[tuple[Layout, ...], _Listed]] = {}  # see _listed
        self.actions: dict[tuple[int, str, str, int], Build] = {}

    def action(self, seat: int, label: str, tile: str, rotation: int) -> Build:
        """The build as an action, one object for every listing that lists it."""
        key = (seat, label, tile, rotation)
        a = self.actions.get(key)
        if a is None:
            a = self.actions[key] = Build(seat, label, tile, rotation)
        return a

    def edges(self, g: GameState, h: int, cities: tuple[int, ...], met: dict[int, Edge]) -> tuple[Edge, ...]:
        """The six edges of ``h``: those of ``met`` (where a track end on a neighbour points at ``h``) as given,
        the others as they are wherever no track points at them (they depend on the map and the New Cities
        alone, and are remembered)."""
        if not met:
            edges = self.still_hex.get((h, cities))
            if edges is None:
                edges = self.still_hex[(h, cities)] = tuple(self.edge(g, h, e, cities) for e in range(6))
            return edges
        return tuple(met.get(e) or self.edge(g, h, e, cities) for e in range(6))

    def next_stops(self, g: GameState, h: int, cities: tuple[int, ...]) -> dict[int, int]:
        """The Cities next to ``h``, each with the first edge of ``h`` that meets it."""
        key = (h, cities)
        stops = self.beside.get(key)
        if stops is None:
            stops = self.beside[key] = {}
            for e, n in enumerate(g.map.neighbours[h]):
                city = g.city_hex(n) if n >= 0 else None
                if city is not None:
                    stops.setdefault(city, e)
        return stops

    def edge(self, g: GameState, h: int, e: int, cities: tuple[int, ...]) -> Edge:
        """Edge ``e`` of ``h`` where no track end on a neighbour points at it."""
        key = (h, e, cities)
        edge = self.still.get(key)
        if edge is None:
            edge = self.still[key] = (_contact(g, -1, h, e), leave_hex(g, h, e))
        return edge


_MEMORIES: dict[tuple[type, int, int], _Memory] = {}


def forget() -> None:
    """Forget every remembered answer (for measuring the listing without them)."""
    _MEMORIES.clear()


def _forget_oldest(answers: dict[Any, Any]) -> None:
    """Forget the older half of ``answers`` (remembered in the order they were learnt)."""
    keys = list(answers)  # taken at once, so that another thread's listing cannot upset it
    for key in keys[: len(keys) // 2]:
        answers.pop(key, None)


def _memory(g: GameState) -> _Memory:
    key = (type(g.rules), g.rules_version, id(g.map))
    memory = _MEMORIES.get(key)
    if memory is None or memory.board is not g.map:
        if len(_MEMORIES) >= MAX_MAPS:
            _MEMORIES.clear()
        memory = _MEMORIES[key] = _Memory(g.map)
    return memory


def legal_build_actions(g: GameState, seat: int) -> list[Build]:
    """Every legal single build of ``seat`` now as actions: :func:`legal_builds`, the same in the same order."""
    if not keeps_base(g.rules, PLACEMENT_HOOKS):
        return [Build(seat, g.label(p.hex), p.tile.tile, p.tile.rotation) for p in legal_builds(g, seat)]
    memory = _memory(g)
    b = g.build
    assert b is not None
    nb = g.map.neighbours
    tiles = g.tiles
    cities = tuple(sorted(g.new_cities))
    near = memory.near_cities.get(cities)
    if near is None:
        near = memory.near_cities[cities] = frozenset(_next_to_cities(g))
    facing: dict[int, list[int]] = {}  # hex → its edges that a track end on a neighbour points at
    for n, t in tiles.items():
        for track in t.tracks:
            for e in track:
                if e != TOWN and (x := nb[n][e]) >= 0:
                    facing.setdefault(x, []).append(opposite(e))
    hexes = set(near)
    hexes.update(tiles)
    hexes.update(x for x in facing if not g.is_city(x))
    hexes.difference_update(b.hexes)
    first = not g.players[seat].has_built
    cash = g.players[seat].cash
    short = {tile for tile, n in g.supply.items() if n <= 0}
    disks = g.disks > 0
    out: list[Build] = []
    for h in sorted(hexes):
        listed = _hex_listed(g, seat, h, first, cities, facing.get(h), memory)
        if listed.dearest <= cash and (disks or not listed.disk) and short.isdisjoint(listed.tiles):
            out += listed.actions
        else:
            out += _allowed(listed.builds, cash, short, disks)
    return out


def _hex_listed(
    g: GameState,
    seat: int,
    h: int,
    first: bool,
    cities: tuple[int, ...],
    faced: list[int] | None,
    memory: _Memory,
) -> _Listed:
    """The builds of ``seat`` on the candidate hex ``h`` (not a City, not built on this turn), resources left
    aside, by the situation of ``h``; ``faced``: its edges a track end on a neighbour points at."""
    old = g.tiles.get(h)
    if old is None and faced is None:  # a hex no track end points at: its situation is the map's
        plain = memory.plain.get((seat, first, cities))
        if plain is None:
            plain = memory.plain[(seat, first, cities)] = {}
        listed = plain.get(h)
        if listed is None:
            listed = plain[h] = _listed(g, seat, h, first, memory.edges(g, h, cities, {}), None, memory)
        return listed
    # the situation: the edges no track points at are the map's (``memory.edges``), the others here
    met = {}
    key: list[object] = [seat, h, first, cities]
    far: dict[int, int] | None = None  # stops not next to ``h`` → their number in this situation
    for e in sorted(faced or ()):
        contact = _contact(g, seat, h, e)
        # no new track on an empty hex ends where it may not point: where track leads there is moot
        lead = UNUSED if contact == BAD and old is None else leave_hex(g, h, e)
        met[e] = (contact, lead)
        key.append(e)
        key.append(contact)
        if lead[0] != STOP:
            key.append(lead)
            continue
        # a stop enters the situation only as which edges lead to it (see ``_layouts``)
        side = memory.next_stops(g, h, cities).get(lead[1])
        if side is None:
            far = far if far is not None else {}
            side = far.setdefault(lead[1], 6 + len(far))
        key.append(side)
    if old is not None:
        key += (old.tile, old.rotation, old.disk, *old.tracks)
        key += [o == seat for o in old.owners]
        key += [o is None for o in old.owners]
    situation = tuple(key)
    listed = memory.listed.get(situation)  # type: ignore[assignment]
    if listed is None:
        if len(memory.listed) >= MAX_REMEMBERED:
            _forget_oldest(memory.listed)
            _forget_oldest(memory.shared)
        edges = memory.edges(g, h, cities, met)
        listed = memory.listed[situation] = _listed(g, seat, h, first, edges, old, memory)
    return listed


class _Listed:
    """A hex's builds in one situation, resources left aside: as actions, with what each needs."""

    __slots__ = ("actions", "builds", "dearest", "disk", "tiles")

    def __init__(self, builds: tuple[tuple[Build, str, int, bool, bool], ...]) -> None:
        self.builds = builds  # (action, tile, cost, takes a town disk, takes a tile from the supply)
        self.actions = [a for a, *_ in builds]
        self.dearest = max((cost for _, _, cost, _, _ in builds), default=0)
        self.disk = any(disk for *_, disk, _ in builds)
        self.tiles = {tile for _, tile, _, _, fresh in builds if fresh}


def _allowed(
    builds: tuple[tuple[Build, str, int, bool, bool], ...], cash: int, short: AbstractSet[str], disks: bool
) -> list[Build]:
    """Those of a hex's remembered ``builds`` that ``cash`` pays for, whose tile the supply still holds (none
    of ``short``) and, unless ``disks`` (town disks left), that take no town disk."""
    return [
        a
        for a, tile, cost, disk, fresh in builds
        if cost <= cash and (not fresh or tile not in short) and (disks or not disk)
    ]


def _listed(
    g: GameState, seat: int, h: int, first: bool, edges: tuple[Edge, ...], old: PlacedTile | None, memory: _Memory
) -> _Listed:
    """The builds of ``seat`` on ``h`` in a situation, one object for every situation allowing the same."""
    layouts = _layouts(g, seat, h, first, edges, old, memory)
    key = (seat, h, id(layouts))  # the remembered tuple itself, kept with its answer (its id is not reused)
    shared = memory.shared.get(key)
    if shared is None or shared[0] is not layouts:
        label = g.label(h)
        shared = memory.shared[key] = (
            layouts,
            _Listed(
                tuple(
                    (memory.action(seat, label, name, r), name, cost, disk, fresh)
                    for name, r, cost, disk, fresh in layouts
                )
            ),
        )
    return shared[1]


def _contact(g: GameState, seat: int, h: int, e: int) -> str:
    return edge_contact(g, seat, h, e, refuse=False) or BAD


def _next_to_cities(g: GameState) -> set[int]:
    """The hexes next to a City that are not Cities (where a build may start whatever the track)."""
    nb = g.map.neighbours
    out: set[int] = set()
    for h in range(g.map.size):
        if g.is_city(h):
            out.update(n for n in nb[h] if n >= 0)
    return {h for h in out if not g.is_city(h)}


def _layouts(
    g: GameState, seat: int, h: int, first: bool, edges: tuple[Edge, ...], old: PlacedTile | None, memory: _Memory
) -> tuple[Layout, ...]:
    """The builds :func:`plan_build` allows on ``h`` with the resources left aside, remembered by situation:
    the stops the edges lead to enter it only as which edges lead to the same one."""
    town = g.is_town(h)
    key: list[object] = [town, g.rules.terrain_cost(g, h), first]
    stops: dict[int, int] = {}
    for contact, lead in edges:
        key.append(contact)
        if old is None and contact == BAD:
            key.append(UNUSED)  # no new track ends there: where track leads there is moot
        else:
            key.append((STOP, stops.setdefault(lead[1], len(stops))) if lead[0] == STOP else lead)
    if old is not None:
        key += (old.tile, old.rotation, old.disk, *old.tracks)
        key += [o == seat for o in old.owners]
        key += [o is None for o in old.owners]
    situation = tuple(key)
    known = memory.layouts.get(situation)
    if known is not None:
        return known
    bad = connect = city = 0
    for e, (contact, _) in enumerate(edges):
        if contact == BAD:
            bad |= 1 << e
        elif contact != "open":
            connect |= 1 << e
        if contact == "city":
            city |= 1 << e
    if old is None:
        shapes = _empty_hex_layouts(town, first, bad, connect, city if first else 0)
    else:
        free = _redirect_ends(g, seat, h, old) if not town else {}
        free_key = tuple(sorted((t, tuple(sorted(ends))) for t, ends in free.items()))
        shapes = _tiled_hex_layouts(town, old.tile, old.rotation, tuple(old.tracks), bad, connect, free_key)
    out = []
    for name, r in shapes:
        try:
            plan = plan_build(g, seat, h, name, r, resources=False)
        except IllegalAction:
            continue
        out.append((name, r, plan.cost, plan.disks > 0, old is None or name != old.tile))
    if len(memory.layouts) >= MAX_REMEMBERED:
        _forget_oldest(memory.layouts)
    known = memory.layouts[situation] = tuple(out)
    return known
