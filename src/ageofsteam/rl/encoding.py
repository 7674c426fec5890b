"""The action encoding: every decision of a map as indices of one fixed discrete space.

Each action kind a map accepts (read from its phases) gets blocks of indices. A block covers some of the kind's
fields as a mixed-radix number over their fixed domains (``hex`` over the map's hexes, ``tile`` over the tile
types, ``rotation`` 0–5, ``amount`` $1–$BID_CAP…), so most decisions are one index: ``offset + Σ value index ×
radix``. Fields that together would need more than ``BLOCK_LIMIT`` indices are split over several blocks, chosen
one after another (a station move: from, then to). A delivery's route is chosen link by link after its first
block: each link is an index ``far stop × LINK_SLOTS + slot`` (the stop the link leads to, and which of the
links to that stop, by link id), and ``done`` ends a route that could go on. ``docs/rl.md`` lists the blocks.

A :class:`Decision` holds the legal actions of one position as a tree of these indices, each action's indices
read from its fields: the mask of a position is the set of its first steps, and every legal action is exactly
one path.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ageofsteam.engine.actions import Action, Domain, domain_values, field_domains
from ageofsteam.engine.errors import AosError, IllegalAction

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.base import BaseRules

BID_CAP = 400  # the highest bid the space holds (far above the cash of any player in the games played)
BLOCK_LIMIT = 40_000  # the most indices one block of fields may take before the fields are split
LINK_SLOTS = 16  # links a step may choose between that lead to the same stop
ROUTE_FIELD = "links"  # the field of a delivery's route: chosen link by link
ROUTE = "route"  # the domain of a route's field
HEX = Domain("hex")  # a field naming a hex: may name where a route starts


class EncodingError(AosError):
    """The encoding has no index for a legal action (a map grew a field or value the space does not hold)."""


def _no_fields(a: Action) -> tuple[()]:
    return ()


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

    def reader(self) -> tuple[Callable[[Action], Any], dict[Any, int]]:
        """How to read this block's index from an action: its fields' values (one key: a value, or a tuple of
        several) and the table key → index."""
        if not self.fields:
            return _no_fields, {(): self.offset}
        table = {
            (values if len(values) != 1 else values[0]): self.offset + code
            for code, values in enumerate(itertools.product(*self.domains))
        }
        return attrgetter(*self.fields), table


@dataclass(slots=True)
class KindLayout:
    """The blocks of one action kind."""

    cls: type[Action]
    groups: list[Block]  # the field blocks, chosen in this order
    link: Block | None = None
    done: Block | None = None
    stop_fields: tuple[str, ...] = ()  # hex fields that may name where a route starts
    readers: list[tuple[Callable[[Action], Any], dict[Any, int]]] = field(default_factory=list)

    def steps(self, a: Action, map_id: str) -> tuple[int, ...]:
        """The indices of ``a``'s field blocks: each ``offset + Σ value index × radix``."""
        try:
            return tuple(index[read(a)] for read, index in self.readers)
        except KeyError:
            values = {f.name: getattr(a, f.name) for f in dataclasses.fields(a) if f.name != "player"}
            raise EncodingError(f"{a.kind} {values} has no index in the {map_id} action space") from None


class ActionCodec:
    """The fixed discrete action space of one map (see the module's docstring)."""

    def __init__(self, rules: BaseRules, g: GameState) -> None:
        self.map_id = rules.map.id
        self.hexes = list(rules.map.labels)
        kinds = sorted({k for p in rules.phases for k in p.accepts if not k.is_chance}, key=lambda k: k.kind)
        self.blocks: list[Block] = []
        self.layouts: dict[str, KindLayout] = {}
        offset = 0
        for cls in kinds:
            kind_domains = field_domains(cls)
            names = [f for f in dataclasses.fields(cls) if f.name != "player"]
            values: dict[str, list[Any]] = {}
            for f in names:
                dom = kind_domains[f.name]
                if dom is None:
                    raise EncodingError(
                        f"field '{f.name}' of '{cls.kind}' actions has no domain: annotate its type"
                        " (engine.actions: HexLabel, a Literal, Field(ge=…, le=…)…)"
                    )
                if dom.name != ROUTE:
                    values[f.name] = domain_values(dom, rules, g, cap=BID_CAP)
            plain = [f for f in names if f.name in values]
            groups: list[list[dataclasses.Field[Any]]] = [[]]
            size = 1
            for f in plain:
                n = len(values[f.name])
                if groups[-1] and size * n > BLOCK_LIMIT:
                    groups.append([])
                    size = 1
                groups[-1].append(f)
                size *= n
            hexes = tuple(f.name for f in plain if kind_domains[f.name] == HEX)
            layout = KindLayout(cls, [], stop_fields=hexes)
            for i, group in enumerate(groups):
                doms = tuple(tuple(values[f.name]) for f in group)
                n = 1
                for d in doms:
                    n *= len(d)
                part = "fields" if i == 0 else f"fields {i + 1}"
                layout.groups.append(Block(cls.kind, part, offset, n, tuple(f.name for f in group), doms))
                offset += n
            if len(plain) < len(names):  # a route, chosen link by link
                layout.link = Block(cls.kind, "link", offset, len(self.hexes) * LINK_SLOTS)
                layout.done = Block(cls.kind, "done", offset + layout.link.size, 1)
                offset += layout.link.size + 1
            layout.readers = [b.reader() for b in layout.groups]
            self.layouts[cls.kind] = layout
            self.blocks += [*layout.groups, *(b for b in (layout.link, layout.done) if b is not None)]
        self.size = offset

    def field_steps(self, a: Action) -> tuple[int, ...]:
        """The indices of an action's field blocks (not its route)."""
        return self.layout_of(a).steps(a, self.map_id)

    def layout_of(self, a: Action) -> KindLayout:
        layout = self.layouts.get(a.kind)
        if layout is None:
            raise EncodingError(f"'{a.kind}' actions are not in the {self.map_id} action space")
        return layout

    def block_of(self, index: int) -> Block:
        """The block holding ``index``."""
        if not 0 <= index < self.size:
            raise IllegalAction(f"action {index} is outside the action space (0–{self.size - 1})")
        return next(b for b in reversed(self.blocks) if b.offset <= index)

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

    def decision(self, g: GameState, legal: Iterable[Action]) -> Decision:
        """The legal actions ``legal`` of position ``g`` as a tree of indices."""
        return Decision(self, g, list(legal))


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
    """The legal actions of a position as a tree: ``root.leaves`` maps each index that is a whole action to it,
    ``root.children`` each first index of a longer path to its step."""

    def __init__(self, codec: ActionCodec, g: GameState, legal: list[Action]) -> None:
        self.codec = codec
        self.root = Node()
        self._paths: dict[Action, tuple[int, ...]] | None = None
        leaves = self.root.leaves
        routes: dict[tuple[int, ...], list[Action]] = {}
        for a in legal:
            layout = codec.layout_of(a)
            if layout.link is None and len(layout.readers) == 1:  # one index (most kinds)
                read, table = layout.readers[0]
                i = table.get(read(a))
                if i is None:
                    layout.steps(a, codec.map_id)  # says which value has no index
                elif leaves.setdefault(i, a) is not a:
                    raise EncodingError(f"two legal actions share the index {i}: {leaves[i]} and {a}")
                continue
            steps = layout.steps(a, codec.map_id)
            if layout.link is not None:
                routes.setdefault(steps, []).append(a)
            else:
                self._add(steps, a, ())
        for head, group in routes.items():
            self._add_routes(g, head, group)

    def open_indices(self, node: Node | None = None) -> list[int]:
        """The indices open at ``node`` (the root if None), in increasing order."""
        return sorted(self.mask_of(self.root if node is None else node))

    @property
    def paths(self) -> dict[Action, tuple[int, ...]]:
        """Each legal action → the indices that reach it (without the ``done`` that may end a route)."""
        if self._paths is None:
            out: dict[Action, tuple[int, ...]] = {}
            stack: list[tuple[Node, tuple[int, ...]]] = [(self.root, ())]
            while stack:
                node, path = stack.pop()
                if node.action is not None:
                    out[node.action] = path
                out.update({a: (*path, s) for s, a in node.leaves.items()})
                stack += [(child, (*path, s)) for s, child in node.children.items()]
            self._paths = out
        return self._paths

    def _add(self, steps: tuple[int, ...], a: Action, route: tuple[tuple[int, int], ...]) -> None:
        """Put ``a`` at the end of ``steps`` (field blocks; ``route``: its (far stop, slot) link steps)."""
        node = self.root
        kind = a.kind
        for s in steps:
            node = node.children.setdefault(s, Node(kind=kind))
        links: list[int] = []
        if route:
            link = self.codec.layouts[kind].link
            assert link is not None
            for far, slot in route:
                if slot >= LINK_SLOTS:
                    raise EncodingError(f"{kind}: more than {LINK_SLOTS} links lead to the same stop")
                s = link.offset + far * LINK_SLOTS + slot
                node = node.children.setdefault(s, Node(kind=kind, stop=far))
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
        top = self.root
        for s in head:
            top = top.children[s]
        top.stop = start
        stack = [top]
        while stack:
            node = stack.pop()
            if node.action is not None and node.children:
                node.done = done.offset
            stack += node.children.values()

    def _start(self, g: GameState, group: list[Action], ends: dict[str, tuple[int, int]]) -> int:
        """The stop where the routes of ``group`` (one source) take their first link: the hex a field names when
        every first link touches it; else the end of a first link that the second leaves from; else the end
        all first links share (the lower hex if they all join the same two stops)."""
        firsts = [ends[getattr(a, ROUTE_FIELD)[0]] for a in group if getattr(a, ROUTE_FIELD)]
        if not firsts:
            return -1
        for name in self.codec.layouts[group[0].kind].stop_fields:  # the routes of the group share these values
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
