"""The action encoding: every decision of a map as indices of one fixed discrete space.

Each action kind a map accepts (read from its phases) gets blocks of indices. A block covers some of the kind's
fields as a mixed-radix number over their fixed domains (``hex`` over the map's hexes, ``tile`` over the tile
types, ``rotation`` 0–5, ``amount`` $1–$BID_CAP…), so most decisions are one index: ``offset + Σ value index ×
radix``. Fields that together would need more than ``BLOCK_LIMIT`` indices are split over several blocks, chosen
one after another (a station move: from, then to). A delivery's route is chosen link by link after its first
block: each link is an index ``far stop × LINK_SLOTS + slot`` (the stop the link leads to, and which of the
links to that stop, by link id), and ``done`` ends a route that could go on. ``docs/rl.md`` lists the blocks.

A :class:`Decision` holds the legal actions of one position as a tree of these indices: the mask of a position
is the set of its first steps, and every legal action is exactly one path.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import struct
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ageofsteam.board.hexes import DIRECTIONS
from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.actions import Action
from ageofsteam.engine.errors import AosError, IllegalAction
from ageofsteam.rules.goods_growth import box_id

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.base import BaseRules
    from ageofsteam.rules.build_listing import Cut, Listed

    Recorded = list[tuple[list[Any], list[Any]]]  # build listings as RecordListings records them

BID_CAP = 400  # the highest bid the space holds (far above the cash of any player in the games played)
BLOCK_LIMIT = 40_000  # the most indices one block of fields may take before the fields are split
LINK_SLOTS = 16  # links a step may choose between that lead to the same stop
ROUTE_FIELD = "links"  # the field of a delivery's route: chosen link by link
UNKNOWN = -1  # no index found yet
KNOWN_LIMIT = 30_000  # the most action objects a codec knows by identity before starting afresh
KNOWN_LISTS_LIMIT = 400_000  # the most actions in the build lists a codec knows (3.2 MB of indices)
LEARN_TRIAL = 50  # lists holding a kind looked up by identity before judging whether its objects come back
_KIND = attrgetter("kind")


class EncodingError(AosError):
    """The encoding has no index for a legal action (a map grew a field or value the space does not hold)."""


def goods_colours(rules: BaseRules) -> list[str]:
    """Every goods colour of a map: the bag's, the New Cities' and the printed cities'."""
    found = set(rules.BAG) | {col for col, _ in rules.NEW_CITIES.values()}
    found |= {c for city in rules.map.cities for c in city.colours}
    return sorted(found)


def action_names(rules: BaseRules) -> list[str]:
    """Every special action a map has (its action spaces and any its titles name, e.g. a solo variant's)."""
    return list(dict.fromkeys([*rules.ACTIONS, *rules.ACTION_TITLES]))


def display_boxes(rules: BaseRules, g: GameState) -> list[str]:
    """Every goods-display box (``"light3/1"``), column by column."""
    return [box_id(col, i) for col, n in rules.display_layout(g).items() for i in range(n)]


def field_domains(rules: BaseRules, g: GameState) -> dict[str, list[Any]]:
    """Field name → its values, in index order. ``city`` is a hex when typed HexLabel, else a New City letter."""
    hexes = list(rules.map.labels)
    boxes = display_boxes(rules, g)
    return {
        "hex": hexes,
        "to": hexes,
        "to_hex": hexes,
        "place": hexes,
        "to_place": hexes,
        "city@hex": hexes,
        "city": list(rules.NEW_CITIES),
        "tile": sorted(TILE_TYPES),
        "rotation": list(range(6)),
        "colour": goods_colours(rules),
        "action": action_names(rules),
        "count": list(range(rules.MAX_SHARES + 1)),
        "amount": list(range(1, BID_CAP + 1)),
        "box": boxes,
        "water": boxes,
        "link": [s.id for s in rules.map.special_links],
        "circle": [c.id for c in rules.map.circles] + hexes,
        "exit": list(DIRECTIONS),
        "take": [False, True],
    }


@dataclass(frozen=True, slots=True)
class Block:
    """A run of indices for some fields of one action kind."""

    kind: str
    part: str  # "fields" (the first block), "fields 2"…, "link", "done"
    offset: int
    size: int
    fields: tuple[str, ...] = ()
    domains: tuple[tuple[Any, ...], ...] = ()

    def meaning(self) -> str:
        if self.part == "link":
            return f"far stop (hex index) × {LINK_SLOTS} + slot"
        if self.part == "done":
            return "end the route here"
        if not self.fields:
            return "the action itself"
        return " × ".join(f"{f} ({len(d)})" for f, d in zip(self.fields, self.domains, strict=True))


@dataclass(slots=True)
class KindLayout:
    """The blocks of one action kind."""

    cls: type[Action]
    groups: list[Block]  # the field blocks, chosen in this order
    link: Block | None = None
    done: Block | None = None
    stop_fields: tuple[str, ...] = ()  # hex fields that may name where a route starts
    readers: list[tuple[Callable[[Action], Any], dict[Any, int]]] = field(default_factory=list)

    def steps_of(self, actions: list[Action]) -> list[tuple[int, ...]] | None:
        """The steps of each of ``actions`` (all of this kind), as :meth:`steps` gives them; None if one has a
        value without an index."""
        try:
            columns = [list(map(index.__getitem__, map(read, actions))) for read, index in self.readers]
        except KeyError:
            return None
        return list(zip(*columns, strict=True))

    def steps(self, a: Action, map_id: str) -> tuple[int, ...]:
        """The indices of ``a``'s field blocks: each ``offset + Σ value index × radix``."""
        try:
            return tuple(index[read(a)] for read, index in self.readers)
        except KeyError:
            values = {f.name: getattr(a, f.name) for f in dataclasses.fields(a) if f.name != "player"}
            raise EncodingError(f"{a.kind} {values} has no index in the {map_id} action space") from None

    def compile(self) -> None:
        """Make ``readers``: per block, the fields' values (as one key) and the table key → index."""
        self.readers = []
        for block in self.groups:
            read = attrgetter(*block.fields) if block.fields else (lambda a: ())
            table: dict[Any, int] = {}
            for code, values in enumerate(itertools.product(*block.domains)):
                table[values if len(values) != 1 else values[0]] = block.offset + code
            if not block.fields:
                table = {(): block.offset}
            self.readers.append((read, table))


class KnownActions:
    """The indices of action objects known by identity. The engine lists some actions from lists it remembers
    (a hex's builds), the same objects position after position: their indices are found by ``id`` at once.

    Each object known is kept alive with its index, so that a known id always stands for its object; the
    table (id → index, the objects) is replaced whole when full, never changed but by adding, so that any
    thread reading it sees ids and objects that agree. A kind whose objects do not come back (listed afresh
    each time) is no longer learnt once that is clear: after ``LEARN_TRIAL`` lists holding it, fewer than one in
    ten of its actions were known."""

    def __init__(self) -> None:
        self.table: tuple[dict[int, int], list[Action]] = ({}, [])
        self.looked: dict[str, list[int]] = {}  # kind under trial → [its actions looked up, found known, lists]
        self.judged: set[str] = set()  # kinds past their trial
        self.fresh: set[str] = set()  # kinds judged not to come back: never learnt

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """Each action's index, ``UNKNOWN`` where it is not known."""
        return list(map(self.table[0].get, map(id, legal), itertools.repeat(UNKNOWN)))

    def judge(self, legal: list[Action], missing: list[int]) -> None:
        """Count, per kind under trial, the actions of ``legal`` looked up and those found (all but the
        positions ``missing``), and the lists; judge a kind at the end of its trial (``LEARN_TRIAL``)."""
        misses = Counter(legal[i].kind for i in missing)
        for kind, n in Counter(map(_KIND, legal)).items():
            if kind in self.judged:
                continue
            looked = self.looked.setdefault(kind, [0, 0, 0])
            looked[0] += n
            looked[1] += n - misses[kind]
            looked[2] += 1
            if looked[2] >= LEARN_TRIAL:
                self.judged.add(kind)
                if looked[1] * 10 < looked[0]:
                    self.fresh.add(kind)

    def learn(self, actions: list[Action], indices: list[int]) -> None:
        ids, kept = self.table
        if len(kept) + len(actions) > KNOWN_LIMIT:
            ids, kept = self.table = ({}, [])
        kept += actions  # first kept, then known: a known id always has its object alive
        ids.update(zip(map(id, actions), indices, strict=True))


class KnownLists:
    """The indices of a hex's remembered builds (:class:`~ageofsteam.rules.build_listing.Listed`, never changed
    by the engine), known by the object itself (hashed by identity, and kept alive by the table) as KnownActions
    knows single actions by id, and of the cuts of them the resources make (a
    :class:`~ageofsteam.rules.build_listing.Cut`: the list and which builds it keeps): a build turn's listing is
    indexed by one lookup per candidate hex. The table (the list or cut → the indices of its ``actions`` packed
    as int64 bytes) is replaced whole when it holds ``KNOWN_LISTS_LIMIT`` actions: room for the lists the
    engine's listing remembers on a map (its ``MAX_REMEMBERED`` situations of a few builds each) and their
    cuts."""

    def __init__(self) -> None:
        self.table: dict[Listed | Cut, bytes] = {}
        self.held = 0  # the actions of the lists known

    def learn(self, listed: Listed | Cut, indices: list[int]) -> bytes:
        """Know ``listed`` by its ``indices``; they are returned packed."""
        if self.held + len(indices) > KNOWN_LISTS_LIMIT:
            self.table = {}
            self.held = 0
        packed = self.table[listed] = _pack(indices)
        self.held += len(indices)
        return packed


def _pack(indices: list[int]) -> bytes:
    """``indices`` as int64 bytes (read back with ``np.frombuffer``)."""
    return _packer(len(indices)).pack(*indices)


_ONE = struct.Struct("=q")  # one index, as ``_pack`` packs it


@functools.cache
def _packer(n: int) -> struct.Struct:
    """Packs ``n`` int64 (native order, as ``np.frombuffer`` reads them)."""
    return struct.Struct(f"={n}q")


def _domain_key(f: dataclasses.Field[Any]) -> str:
    return "city@hex" if f.name == "city" and f.type == "HexLabel" else f.name


class ActionCodec:
    """The fixed discrete action space of one map (see the module's docstring)."""

    def __init__(self, rules: BaseRules, g: GameState) -> None:
        self.map_id = rules.map.id
        self.hexes = list(rules.map.labels)
        domains = field_domains(rules, g)
        kinds = sorted({k for p in rules.phases for k in p.accepts if not k.is_chance}, key=lambda k: k.kind)
        self.blocks: list[Block] = []
        self.layouts: dict[str, KindLayout] = {}
        offset = 0
        for cls in kinds:
            names = [f for f in dataclasses.fields(cls) if f.name != "player"]
            route = any(f.name == ROUTE_FIELD for f in names)
            plain = [f for f in names if f.name != ROUTE_FIELD]
            for f in plain:
                if _domain_key(f) not in domains:
                    raise EncodingError(f"the encoding has no domain for field '{f.name}' of '{cls.kind}' actions")
            groups: list[list[dataclasses.Field[Any]]] = [[]]
            size = 1
            for f in plain:
                n = len(domains[_domain_key(f)])
                if groups[-1] and size * n > BLOCK_LIMIT:
                    groups.append([])
                    size = 1
                groups[-1].append(f)
                size *= n
            layout = KindLayout(cls, [], stop_fields=tuple(f.name for f in plain if f.type == "HexLabel"))
            for i, group in enumerate(groups):
                doms = tuple(tuple(domains[_domain_key(f)]) for f in group)
                n = 1
                for d in doms:
                    n *= len(d)
                part = "fields" if i == 0 else f"fields {i + 1}"
                block = Block(cls.kind, part, offset, n, tuple(f.name for f in group), doms)
                layout.groups.append(block)
                offset += n
            if route:
                layout.link = Block(cls.kind, "link", offset, len(self.hexes) * LINK_SLOTS)
                offset += layout.link.size
                layout.done = Block(cls.kind, "done", offset, 1)
                offset += 1
            layout.compile()
            self.layouts[cls.kind] = layout
            self.blocks += [*layout.groups, *(b for b in (layout.link, layout.done) if b is not None)]
        self.size = offset
        # the kinds decided in one index: kind → (the fields' values as one key, key → index)
        self.single = {
            k: lay.readers[0] for k, lay in self.layouts.items() if lay.link is None and len(lay.readers) == 1
        }
        self.known = KnownActions()
        self.known_lists = KnownLists()

    # --- one action ----------------------------------------------------------------------------

    def field_steps(self, a: Action) -> tuple[int, ...]:
        """The indices of an action's field blocks (not its route)."""
        layout = self.layouts.get(a.kind)
        if layout is None:
            raise EncodingError(f"'{a.kind}' actions are not in the {self.map_id} action space")
        return layout.steps(a, self.map_id)

    def block_of(self, index: int) -> Block:
        """The block holding ``index``."""
        if not 0 <= index < self.size:
            raise IllegalAction(f"action {index} is outside the action space (0–{self.size - 1})")
        lo, hi = 0, len(self.blocks) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.blocks[mid].offset <= index:
                lo = mid
            else:
                hi = mid - 1
        return self.blocks[lo]

    def describe(self, index: int) -> str:
        """What ``index`` means, in a few words (``build hex=L7 tile=gentle rotation=2``)."""
        block = self.block_of(index)
        rest = index - block.offset
        if block.part == "link":
            return f"{block.kind}: a link to {self.hexes[rest // LINK_SLOTS]} (slot {rest % LINK_SLOTS})"
        if block.part == "done":
            return f"{block.kind}: end the route here"
        values = []
        for name, dom in reversed(list(zip(block.fields, block.domains, strict=True))):
            values.append(f"{name}={dom[rest % len(dom)]}")
            rest //= len(dom)
        return " ".join([block.kind, *reversed(values)])

    def decision(self, g: GameState, legal: Iterable[Action], recorded: Recorded | None = None) -> Decision:
        """The legal actions ``legal`` of position ``g`` as a tree of indices; ``recorded``: the build listings
        recorded while ``legal`` was listed (:class:`~ageofsteam.rules.build_listing.RecordListings`)."""
        return Decision(self, g, list(legal), recorded)

    def flat(self, legal: list[Action], recorded: Recorded) -> np.ndarray | None:
        """The index of each action of ``legal`` in its order (int64) when one build listing was
        recorded and ends ``legal`` and every action is of a kind decided in one index: the listing's hexes'
        remembered builds (whole or cut by the resources) indexed a hex at a time (:class:`KnownLists`), the
        other actions (an end, urbanizations) read from their fields; else None (an action without an index
        too)."""
        if len(recorded) != 1:
            return None
        listing, parts = recorded[0]
        k = len(legal) - len(listing)
        if k < 0 or legal[k:] != listing:  # equal actions have the same index
            return None
        head = self.read(legal[:k]) if k else []
        if head is None:
            return None
        known = self.known_lists.table
        try:
            body = b"".join(map(known.__getitem__, parts))
        except KeyError:  # a part not known yet: learnt from its builds' fields
            found: list[bytes] = []
            for part in parts:
                part_found = known.get(part)
                if part_found is None:
                    part_found = self._part_indices(part)
                    if part_found is None:
                        return None
                found.append(part_found)
            body = b"".join(found)
        if head:
            body = _pack(head) + body
        return np.frombuffer(body, dtype=np.int64)

    def read(self, actions: Sequence[Action], kinds: AbstractSet[str] | None = None) -> list[int] | None:
        """The indices of ``actions`` read from their fields, when each is of a kind decided in one index (and
        one of ``kinds``, if given) and has one; else None."""
        single = self.single
        if len(actions) == 1:  # one action (most often a build turn's end before its builds)
            a = actions[0]
            one = single.get(a.kind) if kinds is None or a.kind in kinds else None
            j = None if one is None else one[1].get(one[0](a))
            return None if j is None else [j]
        out: list[int] = []
        for kind, run in itertools.groupby(actions, key=_KIND):  # the actions of a kind are listed together
            one = single.get(kind)
            if one is None or (kinds is not None and kind not in kinds):
                return None
            read, table = one
            got = list(map(table.get, map(read, run)))
            if None in got:
                return None
            out += cast(list[int], got)
        return out

    def direct(self, legal: list[Action]) -> list[int] | None:
        """The indices of ``legal`` read from the actions' fields, when every action is of a kind decided in one
        index and judged not to come back (listed afresh each time: nothing to know by identity); else None."""
        return self.read(legal, self.known.fresh)

    def _part_indices(self, part: Listed | Cut) -> bytes | None:
        """The indices, packed, of a part of a build listing not known yet (a hex's remembered builds, whole or
        cut by the resources), read from their fields and learnt (:class:`KnownLists`); None if one has no
        index."""
        got = self.read(part.actions)
        if got is None:
            return None
        return self.known_lists.learn(part, got)


@dataclass(slots=True)
class Node:
    """A step of the tree: the action it completes (if any) and the steps that go on from it."""

    action: Action | None = None
    children: dict[int, Node] = field(default_factory=dict)
    leaves: dict[int, Action] = field(default_factory=dict)  # single steps that end an action (the root's)
    done: int = -1  # the index that ends here although the route could go on
    kind: str = ""
    stop: int = -1  # a route's stop reached (hex index), -1 outside routes


class Decision:
    """The legal actions of a position as a tree: ``root.children`` maps each first index to its step.

    A build turn's decision (a recorded listing, :meth:`ActionCodec.flat`) is kept *flat* instead: its actions'
    indices as an array in the order of the actions, and ``flat``, the open indices (increasing); the root's
    leaves are made from them only when asked for, and :meth:`leaf` finds the action of an index without
    them."""

    def __init__(self, codec: ActionCodec, g: GameState, legal: list[Action], recorded: Recorded | None = None) -> None:
        self.codec = codec
        self._paths: dict[Action, tuple[int, ...]] | None = None
        self.flat: np.ndarray | None = None  # a flat decision's open indices, increasing, read-only
        self._at: np.ndarray | None = None  # a flat decision's indices, action by action
        self._legal = legal
        self._root: Node | None = None
        if recorded:
            at = codec.flat(legal, recorded)
            if at is not None:
                found = np.sort(at)
                if len(found) < 2 or (found[1:] != found[:-1]).all():  # no index shared
                    found.flags.writeable = False
                    self.flat, self._at = found, at
                    return
        root = self._root = Node()
        leaves = root.leaves
        direct = None if recorded else codec.direct(legal)
        if direct is not None:
            leaves.update(zip(direct, legal, strict=True))
            if len(leaves) == len(legal):
                return  # every action at its own index
            leaves.clear()  # a shared index: found below, to say which
        indices = codec.known.indices(legal)
        leaves.update(zip(indices, legal, strict=True))
        if len(leaves) == len(legal) and UNKNOWN not in leaves:
            return  # every action known by identity, each at its own index
        leaves.pop(UNKNOWN, None)
        # the places of the actions not known: where ``indices`` holds the very object UNKNOWN
        missing = list(itertools.compress(itertools.count(), map(operator.is_, indices, itertools.repeat(UNKNOWN))))
        routes: dict[tuple[int, ...], list[Action]] = {}
        if len(leaves) + len(missing) != len(legal) or not self._find(legal, missing, routes):
            leaves.clear()  # a shared index: found one by one to say which
            root.children.clear()
            routes.clear()
            for a in legal:
                self._add_one(a, routes)
        for head, group in routes.items():
            self._add_routes(g, head, group)

    def _find(self, legal: list[Action], missing: list[int], routes: dict[tuple[int, ...], list[Action]]) -> bool:
        """Put the actions at the places ``missing`` of ``legal`` in the tree, learning those of the kinds
        decided in one index (deliveries go into ``routes``); False if one shares an index with another.
        EncodingError for an action without an index."""
        codec = self.codec
        known = codec.known
        leaves = self.root.leaves
        kinds: set[str] = set()
        for kind, run in itertools.groupby(map(legal.__getitem__, missing), key=_KIND):
            actions = list(run)
            kinds.add(kind)
            one = codec.single.get(kind)
            if one is not None:  # a kind decided in one index: the run's indices at once
                read, table = one
                found = list(map(table.get, map(read, actions), itertools.repeat(UNKNOWN)))
                if UNKNOWN not in found:
                    before = len(leaves)
                    leaves.update(zip(found, actions, strict=True))
                    if len(leaves) != before + len(actions):
                        return False
                    if kind not in known.fresh:
                        known.learn(actions, found)
                    continue
            layout = codec.layouts.get(kind)
            heads = None if layout is None else layout.steps_of(actions)  # a delivery, a kind of several blocks
            if layout is None or heads is None:  # not in the space, or a value without an index: refused, saying which
                for a in actions:
                    self._add_one(a, routes)
            else:
                self._place(layout, heads, actions, routes)
        if not kinds <= known.judged:
            known.judge(legal, missing)
        return True

    def _add_one(self, a: Action, routes: dict[tuple[int, ...], list[Action]]) -> None:
        """Put ``a`` in the tree (a delivery into ``routes``, by its field steps, to be added with its group);
        EncodingError for an action the space has no index for, or whose index another legal action has."""
        codec = self.codec
        leaves = self.root.leaves
        one = codec.single.get(a.kind)
        if one is not None:
            s = one[1].get(one[0](a))
            if s is not None:
                if leaves.setdefault(s, a) is not a:
                    raise EncodingError(f"two legal actions share the index {s}: {leaves[s]} and {a}")
                return
        layout = codec.layouts.get(a.kind)
        if layout is None:
            raise EncodingError(f"'{a.kind}' actions are not in the {codec.map_id} action space")
        self._place(layout, [layout.steps(a, codec.map_id)], [a], routes)  # steps: says which value has no index

    def _place(
        self,
        layout: KindLayout,
        heads: list[tuple[int, ...]],
        actions: list[Action],
        routes: dict[tuple[int, ...], list[Action]],
    ) -> None:
        """Put ``actions`` (of ``layout``'s kind) at the ends of their field steps ``heads``; deliveries into
        ``routes`` instead, by their field steps, to be added with their group."""
        if layout.link is not None:
            for head, a in zip(heads, actions, strict=True):
                routes.setdefault(head, []).append(a)
        else:
            for head, a in zip(heads, actions, strict=True):
                self._add(head, a, ())

    @property
    def root(self) -> Node:
        root = self._root
        if root is None:  # a flat decision's leaves, made when asked for
            assert self._at is not None
            root = self._root = Node(leaves=dict(zip(self._at.tolist(), self._legal, strict=True)))
        return root

    def leaf(self, i: int) -> Action | None:
        """The action that the index ``i`` (an int) ends at the root, if any."""
        at = self._at
        if at is None:
            return self.root.leaves.get(i)
        if not 0 <= i < self.codec.size:
            return None
        packed = at.base if isinstance(at.base, bytes) else at.tobytes()  # the indices as int64 bytes
        key = _ONE.pack(i)
        place = packed.find(key)
        while place > 0 and place % 8:  # found across two indices: look on
            place = packed.find(key, place + 1)
        return self._legal[place // 8] if place >= 0 else None

    @property
    def paths(self) -> dict[Action, tuple[int, ...]]:
        """Each legal action → the indices that reach it (without the ``done`` that may end a route)."""
        if self._paths is None:
            self._paths = self._walk()
        return self._paths

    def _walk(self) -> dict[Action, tuple[int, ...]]:
        out: dict[Action, tuple[int, ...]] = {}
        stack: list[tuple[Node, tuple[int, ...]]] = [(self.root, ())]
        while stack:
            node, path = stack.pop()
            if node.action is not None:
                out[node.action] = path
            out.update({a: (*path, s) for s, a in node.leaves.items()})
            stack += [(child, (*path, s)) for s, child in node.children.items()]
        return out

    def _add(self, steps: tuple[int, ...], a: Action, route: tuple[tuple[int, int], ...]) -> None:
        """Put ``a`` at the end of ``steps`` (field blocks; ``route``: its (far stop, slot) link steps)."""
        node = self.root
        kind = a.kind
        for s in steps:
            child = node.children.get(s)
            if child is None:
                child = node.children[s] = Node(kind=kind)
            node = child
        links: list[int] = []
        if route:
            link = self.codec.layouts[kind].link
            assert link is not None
            for far, slot in route:
                if slot >= LINK_SLOTS:
                    raise EncodingError(f"{kind}: more than {LINK_SLOTS} links lead to the same stop")
                s = link.offset + far * LINK_SLOTS + slot
                child = node.children.get(s)
                if child is None:
                    child = node.children[s] = Node(kind=kind, stop=far)
                node = child
                links.append(s)
        if node.action is not None:
            raise EncodingError(f"two legal actions share the indices {[*steps, *links]}: {node.action} and {a}")
        node.action = a

    def _add_routes(self, g: GameState, head: tuple[int, ...], group: list[Action]) -> None:
        """Add the deliveries sharing the field steps ``head``: each link as its far stop, and a slot among the
        links to that stop (by id) taken at the same point of a route."""
        links = g.network.links
        ends: dict[str, tuple[int, int]] = {}
        for a in group:
            for lid in getattr(a, ROUTE_FIELD):
                link = links.get(lid)
                if link is None:
                    raise EncodingError(f"{a.kind}: link {lid!r} is not in the network")
                ends[lid] = (link.a, link.b)
        start = self._start(g, group, ends)
        walked: list[tuple[Action, list[tuple[int, str]]]] = []
        for a in group:
            cur, steps = start, []
            for lid in getattr(a, ROUTE_FIELD):
                x, y = ends[lid]
                if cur not in (x, y):
                    raise EncodingError(f"{a.kind}: link {lid} does not continue the route at {g.label(cur)}")
                cur = y if cur == x else x
                steps.append((cur, lid))
            walked.append((a, steps))
        # slots: at each point of the routes, the links to one far stop ordered by id
        siblings: dict[tuple[tuple[int, str], ...], dict[int, set[str]]] = {}
        for _, steps in walked:
            for i, (far, lid) in enumerate(steps):
                siblings.setdefault(tuple(steps[:i]), {}).setdefault(far, set()).add(lid)
        ranks = {
            (prefix, lid): rank
            for prefix, by_far in siblings.items()
            for ids in by_far.values()
            for rank, lid in enumerate(sorted(ids))
        }
        for a, steps in walked:
            route = tuple((far, ranks[(tuple(steps[:i]), lid)]) for i, (far, lid) in enumerate(steps))
            self._add(head, a, route)
        done = self.codec.layouts[group[0].kind].done
        assert done is not None
        stack = [self._node(head)]
        while stack:
            node = stack.pop()
            if node.action is not None and node.children:
                node.done = done.offset
            stack += node.children.values()
        self._node(head).stop = start

    def _node(self, steps: tuple[int, ...]) -> Node:
        node = self.root
        for s in steps:
            node = node.children[s]
        return node

    def _start(self, g: GameState, group: list[Action], ends: dict[str, tuple[int, int]]) -> int:
        """The stop where the routes of ``group`` (one source) take their first link: the hex a field names when
        every first link touches it; else the end of a first link that the second leaves from; else the end
        all first links share (the lower hex if they all join the same two stops)."""
        firsts = [ends[getattr(a, ROUTE_FIELD)[0]] for a in group if getattr(a, ROUTE_FIELD)]
        if not firsts:
            return -1
        stop_fields = self.codec.layouts[group[0].kind].stop_fields
        for name in stop_fields:  # the routes of the group share their field values
            h = g.map.by_label.get(getattr(group[0], name))
            if h is None:
                continue
            city = g.city_hex(h)
            stop = h if city is None else city
            if all(stop in pair for pair in firsts):
                return stop
        for a in group:
            route = getattr(a, ROUTE_FIELD)
            if len(route) >= 2:
                (x, y), second = ends[route[0]], ends[route[1]]
                return x if y in second else y
        common = set(firsts[0]).intersection(*firsts[1:])
        return min(common) if common else min(firsts[0])

    # --- reading the tree ----------------------------------------------------------------------

    def mask_of(self, node: Node) -> list[int]:
        """The indices open at ``node``."""
        out = [*node.leaves, *node.children]
        if node.done >= 0:
            out.append(node.done)
        return out

    def follow(self, steps: Iterable[int]) -> Action | None:
        """The action the indices ``steps`` complete from the root (None if they stop short of one or leave
        the tree): what a table plays for them."""
        node = self.root
        for s in steps:
            if s == node.done and node.action is not None:
                return node.action
            if s in node.leaves:
                return node.leaves[s]
            nxt = node.children.get(s)
            if nxt is None:
                return None
            if nxt.action is not None and not nxt.children:
                return nxt.action
            node = nxt
        return None
