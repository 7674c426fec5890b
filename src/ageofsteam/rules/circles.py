"""Building on maps without hexes: players place discs on connection circles instead of laying track.

The discs are the map's figures (:class:`CircleState`, the base of each area map's ``State``): ``circle_discs``
(circle id → seats, in the order placed) and ``large_circle_discs`` (region id → seats, for maps whose regions
have a large circle in their centre). A disc on a circle is a :class:`Link` between every pair of regions the
circle joins, owned by the disc's player, so goods movement, income and scoring are the shared code. A map's
rules mix in :class:`CircleRules` and set the costs, capacities and conditions; :class:`CircleBuildPhase`
replaces Build Track.

The standard rules apply to discs as to track (:meth:`CircleRules.discs_must_connect`): a circle "connects" the
places it lies over, so a new disc on a circle must lie over a city (a coloured place or a New City) or over a
place that one of the builder's own discs lies over; and a disc scores only in a finished connection, a chain
of its owner's discs (and at most one flight) joining two different cities with no city between
(:func:`finished_discs`). Large circles are no track: they need no connection and score nothing.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.network import Link, Network
from ageofsteam.engine.actions import Action, CircleId, EndBuild, Urbanize, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.mapstate import MapState
from ageofsteam.rules.base import PanelFact
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.urbanization import check_urbanize

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import Circle
    from ageofsteam.engine.state import GameState


@dataclass
class CircleState(MapState):
    """The discs on the board of a map without hexes."""

    circle_discs: dict[str, list[int]] = field(default_factory=dict)
    """Connection circle id → the seats with a disc on it, in the order placed."""
    large_circle_discs: dict[str, list[int]] = field(default_factory=dict)
    """Region id → the seats with a disc on the large circle in its centre, in the order placed (maps with
    large circles: Old Europe)."""


def circle_state(g: GameState) -> CircleState:
    """The discs of ``g``, a game on a map built with discs on circles."""
    assert isinstance(g.map_state, CircleState), "not a map built with discs on circles"
    return g.map_state


@register
@dataclass(frozen=True, slots=True)
class PlaceDisc(Action):
    """Phase IV on a map without hexes: put a disc on connection circle ``circle`` (its id), or on the large
    circle in the centre of region ``circle`` (the region's id)."""

    kind: ClassVar[str] = "place_disc"
    player: int
    circle: CircleId


def circle_discs(g: GameState) -> dict[str, list[int]]:
    """Circle id → seats with a disc on it (the live figure)."""
    return circle_state(g).circle_discs


def large_discs(g: GameState) -> dict[str, list[int]]:
    """Region id → seats with a disc on its large circle (the live figure)."""
    return circle_state(g).large_circle_discs


def discs_on(g: GameState, circle: str) -> list[int]:
    """The seats with a disc on circle ``circle`` (a copy)."""
    return list(circle_discs(g).get(circle, ()))


def large_discs_on(g: GameState, region: int) -> list[int]:
    """The seats with a disc on the large circle of ``region`` (a copy)."""
    return list(large_discs(g).get(g.label(region), ()))


def build_circle_network(g: GameState) -> Network:
    """One link per disc and pair of regions its circle joins. A disc scores one point: the first pair's link
    carries the section, the others none."""
    net = Network()
    by_id = {c.id: c for c in g.map.circles}
    for cid, seats in sorted(circle_discs(g).items()):
        circle = by_id[cid]
        pairs = list(combinations(circle.places, 2))
        for seat in seats:
            for k, (a, b) in enumerate(pairs):
                lid = f"{cid}:{seat}" if len(pairs) == 1 else f"{cid}:{g.label(a)}-{g.label(b)}:{seat}"
                net.add_link(Link(lid, a, b, seat, 1 if k == 0 else 0, levels=0))
    return net


def disc_key(link: Link) -> tuple[str, int | None]:
    """The disc a link of :func:`build_circle_network` stands for: (its circle's id, its owner)."""
    return link.id.split(":", 1)[0], link.owner


def finished_discs(g: GameState, net: Network) -> set[tuple[str, int | None]]:
    """The discs (:func:`disc_key`) in a finished connection: on a chain of their owner's discs, and at most one
    free link (a flight: flights do not chain), from a city to a different city, passing through no city (as a
    Completed Railroad Link does). A disc is on one when from its two places two chains sharing no place reach
    two different cities (a flow of 2: polynomial, however dense the discs)."""
    out: set[tuple[str, int | None]] = set()
    free = [lk for lk in net.links.values() if lk.owner is None]
    for seat in sorted({lk.owner for lk in net.links.values() if lk.owner is not None}):
        own = [lk for lk in net.links.values() if lk.owner == seat]
        passed = {h for lk in own for h in (lk.a, lk.b) if not g.is_city(h)}
        flights = [f for f in free if f.a in passed or f.b in passed]  # one a chain can go on from
        for lk in own:
            key = disc_key(lk)
            if key in out:
                continue
            rest = [x for x in own if disc_key(x) != key]
            if any(_two_cities(g, lk.a, lk.b, rest if f is None else [*rest, f]) for f in (None, *flights)):
                out.add(key)
    return out


def _two_cities(g: GameState, a: int, b: int, links: list[Link]) -> bool:
    """Do two chains along ``links``, sharing no place, lead from ``a`` and from ``b`` to two different cities,
    passing through none? Augmenting paths in the flow network with each place split in two (capacity 1)."""
    Node = tuple[str, int]  # ("in" or "out", place), or the source or the sink
    cap: dict[Node, dict[Node, int]] = defaultdict(dict)

    def edge(x: Node, y: Node) -> None:
        cap[x][y] = cap[x].get(y, 0) + 1
        cap[y].setdefault(x, 0)

    source, sink = ("source", 0), ("sink", 0)
    for h in {a, b} | {lk.a for lk in links} | {lk.b for lk in links}:
        edge(("in", h), sink if g.is_city(h) else ("out", h))  # a city ends a chain
    for lk in links:
        for p, q in ((lk.a, lk.b), (lk.b, lk.a)):
            if not g.is_city(p):
                edge(("out", p), ("in", q))
    edge(source, ("in", a))
    edge(source, ("in", b))
    for _ in range(2):
        prev: dict[Node, Node] = {}
        queue = deque([source])
        while queue and sink not in prev:
            node = queue.popleft()
            for nxt, room in cap[node].items():
                if room > 0 and nxt not in prev and nxt != source:
                    prev[nxt] = node
                    queue.append(nxt)
        if sink not in prev:
            return False
        node = sink
        while node != source:
            back = prev[node]
            cap[back][node] -= 1
            cap[node][back] += 1
            node = back
    return True


def score_finished_discs(g: GameState, net: Network) -> Network:
    """``net`` with the point of each disc not in a finished connection taken off (its links carry no
    section)."""
    done = finished_discs(g, net)
    out = Network()
    for lk in net.links.values():
        keep = lk.owner is None or lk.sections == 0 or disc_key(lk) in done
        out.add_link(lk if keep else replace(lk, sections=0))
    return out


def new_discs_fact(g: GameState) -> PanelFact:
    """A side panel's line on where a new disc may go and which discs score."""
    rules = g.rules
    assert isinstance(rules, CircleRules)
    if rules.discs_must_connect(g):
        return PanelFact(
            "New discs",
            "next to a city or your discs",
            "A new disc's circle must lie over a city (a coloured place or a New City) or over a place your discs "
            "reach; a disc scores only in a chain of your discs joining two cities.",
        )
    return PanelFact("New discs", "on any circle with room", "A disc may go on any circle with room; each scores 1.")


def open_circles_summary(g: GameState) -> str:
    """What a disc on each circle with room costs the player to move now, and how many circles are full, in
    words for a side panel: ``"12 at $2, 3 at $3; 4 full"``."""
    rules = g.rules
    assert isinstance(rules, CircleRules)
    seat = g.to_move if g.to_move is not None and 0 <= g.to_move < len(g.players) else 0
    costs: Counter[int] = Counter()
    full = 0
    for c in g.map.circles:
        if len(discs_on(g, c.id)) >= rules.circle_capacity(g, c):
            full += 1
        else:
            costs[rules.circle_cost(g, seat, c)] += 1
    open_ = ", ".join(f"{n} at ${cost}" for cost, n in sorted(costs.items()))
    return f"{open_ or 'none'}; {full} full"


class CircleRules:
    """Hooks of a map built with discs on circles (mixed into a map's ``Rules`` before ``BaseRules``)."""

    map: Any
    STATE: ClassVar[type[MapState]] = CircleState
    # The first rules version whose discs must connect and score only in a finished connection (the standard
    # rules; ``discs_must_connect``); earlier versions let a disc go on any circle with room and scored each.
    CONNECTED_DISCS_SINCE: ClassVar[int] = 1

    @cached_property
    def circles_by_id(self) -> dict[str, Circle]:
        """The map's connection circles by id."""
        return {c.id: c for c in self.map.circles}

    def circle(self, g: GameState, cid: str) -> Circle | None:
        return self.circles_by_id.get(cid)

    def discs_must_connect(self, g: GameState) -> bool:
        """Whether the standard rules hold for discs: a new disc connects to a city or to the builder's own
        discs, and only discs in a finished connection score. Not in versions before ``CONNECTED_DISCS_SINCE``,
        nor with the option ``unconnected_discs`` (any circle with room, every disc scores)."""
        return g.rules_version >= self.CONNECTED_DISCS_SINCE and not g.options.get("unconnected_discs", False)

    def own_places(self, g: GameState, seat: int) -> set[int]:
        """The places ``seat``'s discs lie over."""
        by_id = self.circles_by_id
        return {h for cid, seats in circle_discs(g).items() if seat in seats for h in by_id[cid].places}

    def disc_connects(self, g: GameState, seat: int, circle: Circle, own: set[int] | None = None) -> bool:
        """Does ``circle`` lie over a city (a coloured place or a New City) or over a place one of ``seat``'s
        discs lies over (``own``, if given: :meth:`own_places`)?"""
        own = self.own_places(g, seat) if own is None else own
        return any(g.is_city(h) or h in own for h in circle.places)

    def has_large_circle(self, g: GameState, region: int) -> bool:
        """Does ``region`` have a large circle in the game ``g`` (the map's flag; a map may gate it on the rules
        version)?"""
        info = g.map.region_info.get(region)
        return info is not None and info.large_circle

    def circle_capacity(self, g: GameState, circle: Circle) -> int:
        """How many players' discs a circle holds (one disc per player)."""
        return circle.capacity or 1

    def circle_cost(self, g: GameState, seat: int, circle: Circle) -> int:
        raise NotImplementedError

    def check_circle(self, g: GameState, seat: int, circle: Circle) -> None:
        """Raise IllegalAction for a disc the map forbids (capacity and cash were checked)."""

    def large_circle_cost(self, g: GameState, seat: int, region: int) -> int:
        raise NotImplementedError

    def check_large_circle(self, g: GameState, seat: int, region: int) -> None:
        """Raise IllegalAction for a disc on a large circle the map forbids."""

    def disc_counts_as_build(self, g: GameState, large: bool) -> bool:
        return True

    def disc_target(self, g: GameState, a: PlaceDisc) -> tuple[Circle | None, int | None]:
        """(circle, None) or (None, region of a large circle); IllegalAction if neither."""
        c = self.circle(g, a.circle)
        if c is not None:
            return c, None
        h = g.map.by_label.get(a.circle.strip().upper())
        if h is not None and self.has_large_circle(g, h):
            return None, h
        if h is not None:
            raise IllegalAction(f"{g.stop_name(h)} has no large circle")
        raise IllegalAction(f"there is no circle {a.circle!r} on this map")

    def disc_cost(self, g: GameState, a: PlaceDisc) -> int:
        """The cost of a legal disc (checked elsewhere)."""
        c, h = self.disc_target(g, a)
        if c is not None:
            return self.circle_cost(g, a.player, c)
        assert h is not None
        return self.large_circle_cost(g, a.player, h)

    def check_disc(self, g: GameState, a: PlaceDisc) -> int:
        """The cost of ``a``, or IllegalAction in player words."""
        b = g.build
        assert b is not None
        c, h = self.disc_target(g, a)
        large = c is None
        if b.builds_left <= 0 and self.disc_counts_as_build(g, large):
            raise IllegalAction("you have no disc placements left this turn")
        if c is not None:
            on = discs_on(g, c.id)
            if a.player in on:
                raise IllegalAction(f"you already have a disc on circle {c.id}")
            cap = self.circle_capacity(g, c)
            if len(on) >= cap:
                raise IllegalAction(f"circle {c.id} is full: it holds {cap} player{'s' if cap != 1 else ''}' discs")
            if self.discs_must_connect(g) and not self.disc_connects(g, a.player, c):
                names = " – ".join(g.stop_name(p) for p in c.places)
                raise IllegalAction(
                    f"circle {c.id} ({names}) lies over no city and over no place your discs reach: a new disc "
                    "must connect to a city or to your own discs"
                )
            self.check_circle(g, a.player, c)
            cost = self.circle_cost(g, a.player, c)
        else:
            assert h is not None
            if a.player in large_discs_on(g, h):
                raise IllegalAction(f"you already have a disc on the large circle of {g.stop_name(h)}")
            self.check_large_circle(g, a.player, h)
            cost = self.large_circle_cost(g, a.player, h)
        if cost > g.players[a.player].cash:
            raise IllegalAction(f"that disc costs ${cost} and you have ${g.players[a.player].cash}")
        return cost

    def legal_discs(self, g: GameState, seat: int) -> list[PlaceDisc]:
        out = []
        if self.discs_must_connect(g):  # the circles that do not connect are left out at once
            own = self.own_places(g, seat)
            targets = [c.id for c in g.map.circles if self.disc_connects(g, seat, c, own)]
        else:
            targets = [c.id for c in g.map.circles]
        targets += [g.label(h) for h in sorted(g.map.region_info) if self.has_large_circle(g, h)]
        for t in targets:
            a = PlaceDisc(seat, t)
            try:
                self.check_disc(g, a)
            except IllegalAction:
                continue
            out.append(a)
        return out

    def builds_left_text(self, g: GameState) -> str:
        """Discs, not tiles: what the player building may still place this turn."""
        assert g.build is not None
        n = g.build.builds_left
        return f"{n} disc{'' if n == 1 else 's'} left to place"

    def action_cost(self, g: GameState, a: Action) -> int:
        if isinstance(a, PlaceDisc):
            return self.disc_cost(g, a)
        return 0

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if not isinstance(a, PlaceDisc):
            return None
        c, h = self.disc_target(g, a)
        cost = self.disc_cost(g, a)
        if c is not None:
            names = " – ".join(g.stop_name(p) for p in c.places)
            return f"place a disc on circle {c.id} ({names}) for ${cost}"
        assert h is not None
        return f"place a disc on the large circle of {g.stop_name(h)} for ${cost}"

    def build_network(self, g: GameState) -> Network:
        return self.scored_network(g, build_circle_network(g))

    def scored_network(self, g: GameState, net: Network) -> Network:
        """``net`` (every disc a link, and a map's free links) as it scores: where discs must connect, the
        discs not in a finished connection score nothing."""
        return score_finished_discs(g, net) if self.discs_must_connect(g) else net

    def on_eliminated(self, g: GameState, seat: int) -> None:
        """A bankrupt player's discs leave the board (they could serve no one: only own discs are usable)."""
        for table in (circle_discs(g), large_discs(g)):
            for k in list(table):
                table[k] = [s for s in table[k] if s != seat]
                if not table[k]:
                    del table[k]
        g.board_changed()

    def circle_invariants(self, g: GameState) -> list[str]:
        """Discs per circle within capacity, one per player, only by players still in the game."""
        problems = []
        for cid, seats in circle_discs(g).items():
            c = self.circle(g, cid)
            if c is None:
                problems.append(f"discs lie on {cid}, which is not a circle")
                continue
            if len(seats) > self.circle_capacity(g, c):
                problems.append(f"circle {cid} holds {len(seats)} discs, more than its capacity")
            if len(set(seats)) != len(seats):
                problems.append(f"circle {cid} holds two discs of one player")
        for table in (circle_discs(g), large_discs(g)):
            for k, seats in table.items():
                for s in seats:
                    if not 0 <= s < len(g.players) or g.players[s].eliminated:
                        problems.append(f"a disc on {k} belongs to seat {s}, who is not in the game")
        for rid, seats in large_discs(g).items():
            h = g.map.by_label.get(rid.upper())
            if h is None or not self.has_large_circle(g, h):
                problems.append(f"discs lie on a large circle of {rid}, which has none")
            if len(set(seats)) != len(seats):
                problems.append(f"the large circle of {rid} holds two discs of one player")
        return problems


class CircleBuildPhase(BuildTrackPhase):
    """Phase IV with discs: each player in turn places up to their builds' worth of discs, the Urbanization
    holder first placing a New City if they wish."""

    accepts = (PlaceDisc, Urbanize, EndBuild)  # type: ignore[assignment]

    def _build_over(self, g: GameState) -> bool:
        b = g.build
        assert b is not None
        if b.may_urbanize:
            return False
        return not g.rules.legal_discs(g, b.player)  # type: ignore[attr-defined]

    def legal(self, g: GameState) -> list[Action]:
        b = g.build
        assert b is not None
        out: list[Action] = [EndBuild(b.player)]
        if b.may_urbanize:
            for h in sorted(g.map.towns, key=g.label):
                if g.is_town(h) and g.rules.urbanize_refusal(g, h) is None:
                    out += [Urbanize(b.player, g.label(h), c) for c in g.new_cities_left]
        out += g.rules.legal_discs(g, b.player)  # type: ignore[attr-defined]
        return out

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, Urbanize):
            check_urbanize(g, a)
        elif isinstance(a, PlaceDisc):
            g.rules.check_disc(g, a)  # type: ignore[attr-defined]

    def build(self, g: GameState, a: Action) -> None:
        assert isinstance(a, PlaceDisc)
        place_disc(g, a)


def place_disc(g: GameState, a: PlaceDisc) -> None:
    """Carry out a disc placement (checks first)."""
    rules: Any = g.rules
    cost = rules.check_disc(g, a)
    c, h = rules.disc_target(g, a)
    b = g.build
    assert b is not None
    p = g.players[a.player]
    p.cash -= cost
    p.has_built = True
    if rules.disc_counts_as_build(g, c is None):
        b.builds_left -= 1
    b.builds_done += 1
    b.spent.append(cost)
    b.may_urbanize = False
    if c is not None:
        circle_discs(g).setdefault(c.id, []).append(a.player)
        where = f"circle {c.id} ({' – '.join(g.stop_name(x) for x in c.places)})"
    else:
        assert h is not None
        large_discs(g).setdefault(g.label(h), []).append(a.player)
        where = f"the large circle of {g.stop_name(h)}"
    g.board_changed()
    g.say(f"{p.name} places a disc on {where} for ${cost}")
