"""Link plans for the steady bot: which city to join to which, along the cheapest hexes, and the next tile; on
a map without hexes, along the cheapest connection circles, and the next disc.

A plan joins two cities that are not yet joined, where a cube at one can go to the other. Its path is the
cheapest run of empty buildable hexes (towns may be passed) between them, priced by the map's terrain costs;
it may start from the open end of the player's own unfinished section. Plans are ranked by the deliveries
they open for the money they cost. A map's pre-printed special links (bridges, ferries) are plans too, built
whole.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ageofsteam.bots.judgement import judgement
from ageofsteam.rules.build_track import iter_builds
from ageofsteam.rules.circles import PlaceDisc, circle_discs, discs_on, large_discs_on
from ageofsteam.rules.special_links import legal_link_builds, special_link

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.track_placement import BuildPlan

MAX_LENGTH = 6  # hexes of new track a plan may need


@dataclass(frozen=True)
class LinkPlan:
    """A link to build: from stop ``start`` through ``path`` (hexes still to build, in order) to ``end``."""

    start: int
    before: int  # the hex the path leaves from: a hex of the start city, or the end of one's own section
    end: int
    path: tuple[int, ...]
    cost: int
    deliveries: int  # cubes that could go over it once it is built
    special: str | None = None  # a pre-printed special link built whole (its id; no path)
    via: tuple[int, ...] = ()  # towns on the path, in order: stops on the way, each a link more

    @property
    def stops(self) -> tuple[int, ...]:
        """The stops it joins, in order: its start, the towns on the way, its end."""
        return (self.start, *self.via, self.end)

    @property
    def value(self) -> float:
        return self.deliveries / (self.cost + 1)


@dataclass(frozen=True)
class TurnPlan:
    """A map's own plan for one player's turn (``Judgement.plan``), which the bots follow: the shares to issue,
    the action to select, the links to build in order, the cash they take, the move in Move Goods, and why, in
    player words."""

    shares: int
    action: str
    links: tuple[LinkPlan, ...]
    track: int
    why: str
    move: Action | None = None  # in Move Goods: the delivery, engine level or pass to make now
    urbanize: Action | None = None  # the New City to place first in Build Track, with Urbanization
    forecast: str = ""  # what the plan foresees for the game, said after ``why`` (``Hint.forecast``)


def deliverable(g: GameState, a: int, b: int, sources: dict[int, dict[str, int]] | None = None) -> int:
    """Cubes at ``a`` that city ``b`` takes, and the other way round (each side counted up to 3). ``sources``:
    where goods wait (``Rules.goods_sources``: the cities' cubes, and a map's own, such as Miami's people)."""
    accepts = judgement(g).accepts
    at = g.cubes if sources is None else sources
    there = sum(k for c, k in at.get(a, {}).items() if accepts(g, b, c))
    back = sum(k for c, k in at.get(b, {}).items() if accepts(g, a, c))
    return min(there, 3) + min(back, 3)


def _groups(g: GameState, seat: int) -> dict[int, set[int]]:
    """City → the cities joined to it by ``seat``'s own completed links (itself included)."""
    at: dict[int, set[int]] = {}
    for lk in g.network.links.values():
        if lk.owner == seat:
            at.setdefault(lk.a, set()).add(lk.b)
            at.setdefault(lk.b, set()).add(lk.a)
    out: dict[int, set[int]] = {}
    for start in at:
        if start in out:
            continue
        seen, todo = {start}, [start]
        while todo:
            for n in at.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        for x in seen:
            out[x] = seen
    return out


def _beyond(g: GameState, stop: int, levels: int) -> set[int]:
    """The cities the links at ``stop`` (a stop that is not a city) reach within ``levels`` engine levels,
    passing through other stops that are not cities (Iceland's ports, joined by boat)."""
    at = g.network.at_stop
    out: set[int] = set()
    best = {stop: 0}
    todo = [(0, stop)]
    while todo:
        used, here = heapq.heappop(todo)
        if used > best.get(here, 1 << 30):
            continue
        for lk in at.get(here, ()):
            n, more = lk.other(here), used + lk.levels
            if more > levels or more >= best.get(n, 1 << 30):
                continue
            best[n] = more
            if g.is_city(n):
                out.add(n)
            else:
                heapq.heappush(todo, (more, n))
    return out


def _joined(g: GameState) -> set[frozenset[int]]:
    return {frozenset((lk.a, lk.b)) for lk in g.network.links.values()}


def _open_ends(g: GameState, seat: int) -> list[tuple[int, int, int]]:
    """(stop the section starts at, hex its open end points into, hex of the end) of ``seat``'s unfinished
    sections."""
    out = []
    nb = g.map.neighbours
    for chain in g.network.chains:
        if chain.owner != seat or chain.complete:
            continue
        stops = [e.stop for e in chain.ends if e.stop is not None]
        for end in chain.ends:
            if end.stop is None and nb[end.hex][end.edge] >= 0 and stops:
                out.append((stops[0], nb[end.hex][end.edge], end.hex))
    return out


def link_plans(g: GameState, seat: int, limit: int = 8, *, idle: bool = False, towns: bool = False) -> list[LinkPlan]:
    """The best link plans for ``seat``, best first; with ``idle``, also those that open no delivery now (last,
    for a map's own planner to weigh); with ``towns``, also a path through towns between two cities where one
    is near (each town a stop on the way: a delivery over it counts a link more), as a plan of its own."""
    rules = g.rules
    m = g.map
    cities = sorted({c for c in (g.city_hex(h) for h in [*m.city_at, *g.new_cities]) if c is not None})
    ends = rules.track_start_hexes(g)  # stops that are not cities where track may start, as from a city (districts)
    cities += sorted(h for h in ends if h not in cities)
    joined = _joined(g)
    groups = _groups(g, seat)
    sources = rules.goods_sources(g)
    reach = g.players[seat].engine + 1  # engine levels a delivery may use by the time the link is built
    targets = judgement(g).link_ends(g) - set(cities)  # stops a link may end at, not started from
    stop_towns = {h for h in targets if h in m.towns and h not in g.tiles}  # a town tile laid there ends the link

    def worth(a: int, b: int) -> int:
        """Deliveries a link a–b opens: between a and b, and from ``seat``'s own network behind either end
        (those pay more links, so count double); for a stop that is not a city, also with the cities its links
        reach beyond it."""
        n = 2 * deliverable(g, a, b, sources)
        if b in targets:
            n += 2 * sum(deliverable(g, a, c, sources) for c in _beyond(g, b, reach - 1) if c != a)
        n += sum(deliverable(g, x, b, sources) for x in groups.get(a, ()) if x != a and g.is_city(x))
        n += sum(deliverable(g, a, y, sources) for y in groups.get(b, ()) if y != b and g.is_city(y))
        return n

    cost_of: dict[int, int | None] = {}
    closed = judgement(g).closed_hexes(g, seat)

    def step_cost(h: int) -> int | None:
        if h not in cost_of:
            if h in g.tiles or g.is_city(h) or h in closed:
                cost_of[h] = None
            elif h in m.towns:
                cost_of[h] = 3 if towns else 1  # a town tile with two spokes (the old guess: 1)
            else:
                cost_of[h] = rules.terrain_cost(g, h)
        return cost_of[h]

    def search(
        start: int, first: list[tuple[int, int]], via_towns: bool = False
    ) -> dict[int, tuple[int, tuple[int, ...], int]]:
        """Cheapest paths from the hexes ``first`` ((hex, the hex before it)) to every city: city → (cost,
        path, the hex before the path). Paths keep to open country (a link would end at a town), unless
        ``via_towns``: then they seek towns out (a town weighs nothing in the search; the cost is still its own)."""
        best: dict[int, int] = {}
        found: dict[int, tuple[int, int, tuple[int, ...], int]] = {}
        heap: list[tuple[int, int, int, tuple[int, ...], int]] = []
        for h, before in first:
            c = step_cost(h)
            if c is not None:
                heapq.heappush(heap, (0 if via_towns and h in m.towns else c, c, h, (h,), before))
        while heap:
            weight, cost, h, path, before = heapq.heappop(heap)
            if best.get(h, 1 << 30) <= weight or len(path) > MAX_LENGTH:
                continue
            best[h] = weight
            if h in stop_towns and not via_towns:  # the link ends on this town's tile
                if h not in found or found[h][0] > weight:
                    found[h] = (weight, cost, path, before)
                continue
            for n in m.neighbours[h]:
                if n < 0 or n in path:
                    continue
                if g.is_city(n) or n in ends or (n in targets and n not in m.towns and not via_towns):
                    city = g.city_hex(n) if g.is_city(n) else n
                    if city is not None and city != start and (city not in found or found[city][0] > weight):
                        found[city] = (weight, cost, path, before)
                    continue
                c = step_cost(n)
                if c is not None and (via_towns or n not in m.towns or n in stop_towns):
                    w = 0 if via_towns and n in m.towns else c
                    heapq.heappush(heap, (weight + w, cost + c, n, (*path, n), before))
        return {city: (cost, path, before) for city, (_, cost, path, before) in found.items()}

    plans: list[LinkPlan] = []
    for a in cities:
        first = [(n, a) for n in m.neighbours[a] if n >= 0]
        for b, (cost, path, before) in search(a, first).items():
            if (b < a and b not in targets) or frozenset((a, b)) in joined:
                continue
            n = worth(a, b)
            if n or idle:
                plans.append(LinkPlan(a, before, b, path, cost, n))
        if towns:
            for b, (cost, path, before) in search(a, first, via_towns=True).items():
                via = tuple(h for h in path if h in m.towns)
                if b > a and via and frozenset((a, b)) not in joined:
                    plans.append(LinkPlan(a, before, b, path, cost, worth(a, b), via=via))
    for stop, into, end in _open_ends(g, seat):
        for b, (cost, path, before) in search(stop, [(into, end)]).items():
            if frozenset((stop, b)) in joined:
                continue
            n = worth(stop, b) + 2  # finishing one's own section also saves the track laid
            plans.append(LinkPlan(stop, before, b, path, cost, n))
        if towns:
            for b, (cost, path, before) in search(stop, [(into, end)], via_towns=True).items():
                via = tuple(h for h in path if h in m.towns)
                if via and frozenset((stop, b)) not in joined:
                    plans.append(LinkPlan(stop, before, b, path, cost, worth(stop, b) + 2, via=via))
    if m.special_links:
        for offer in legal_link_builds(g, seat):
            link = special_link(g, offer.link)
            if link is None or frozenset(link.ends) in joined:
                continue
            n = worth(*link.ends)
            if n or idle:
                cost = rules.special_link_cost(g, seat, link)
                plans.append(LinkPlan(link.ends[0], link.ends[0], link.ends[1], (), cost, n, special=link.id))
    plans.sort(key=lambda p: -p.value)
    return plans[:limit]


def next_build(g: GameState, seat: int, plan: LinkPlan, budget: int) -> BuildPlan | None:
    """The legal build that lays the plan's next hex, pointing from where the track comes to where it goes."""
    path = plan.path
    nb = g.map.neighbours
    for i, h in enumerate(path):
        if h in g.tiles:
            continue
        prev = path[i - 1] if i else plan.before
        nxt = path[i + 1] if i + 1 < len(path) else None
        want = {
            k
            for k, n in enumerate(nb[h])
            if n >= 0 and (n in (prev, nxt) or (nxt is None and plan.end in (n, g.city_hex(n))))
        }
        if i and prev not in g.tiles:
            return None  # the track before this hex is not laid yet: it would point at nothing
        best: BuildPlan | None = None
        for bp in iter_builds(g, seat, [h]):
            if bp.cost > budget:
                continue
            edges = {e for t in bp.added for e in t}
            if want <= edges and (best is None or (bp.cost, len(bp.added)) < (best.cost, len(best.added))):
                best = bp
        return best
    return None


@dataclass(frozen=True)
class CirclePlan:
    """A link to make on a map without hexes: discs on ``circles`` (ids, in order from ``start``) join city
    ``start`` to city ``end``; ``new`` of them are still to place, for ``cost``."""

    start: int
    end: int
    circles: tuple[str, ...]
    new: tuple[str, ...]
    cost: int
    deliveries: int

    @property
    def value(self) -> float:
        return self.deliveries * (1 + 0.25 * len(self.circles)) / (self.cost + 1)  # longer lines pay more


def disc_offers(g: GameState, legal: list[Action], budget: int | None = None) -> dict[str, tuple[PlaceDisc, int]]:
    """Circle id → (the legal disc on it, its cost), among ``legal``; within ``budget`` if one is given."""
    out: dict[str, tuple[PlaceDisc, int]] = {}
    for a in legal:
        if isinstance(a, PlaceDisc):
            cost = g.rules.action_cost(g, a)
            if budget is None or cost <= budget:
                out[a.circle] = (a, cost)
    return out


def circle_offers(g: GameState, seat: int) -> dict[str, int]:
    """Circle id → what ``seat``'s disc on it costs now, for every circle with room for one (large circles by
    their region's id): the discs it could place in a Build Track to come, whatever its cash and its place in
    the turn order."""
    rules: Any = g.rules
    out: dict[str, int] = {}
    for c in g.map.circles:
        on = discs_on(g, c.id)
        if seat not in on and len(on) < rules.circle_capacity(g, c):
            out[c.id] = rules.circle_cost(g, seat, c)
    for h in g.map.region_info:
        if rules.has_large_circle(g, h) and seat not in large_discs_on(g, h):
            out[g.label(h)] = rules.large_circle_cost(g, seat, h)
    return out


def chain_offers(g: GameState, seat: int, discs: dict[str, tuple[PlaceDisc, int]], budget: int) -> dict[str, int]:
    """Circle id → cost, for the circles a chain of circles may take this turn: the legal discs (``discs``, from
    :func:`disc_offers`), and the small circles with room within ``budget`` that are refused now only because they
    do not connect yet (a chain placed in order from its city connects each in turn)."""
    offers = {cid: cost for cid, (_, cost) in discs.items()}
    small = {c.id for c in g.map.circles}
    for cid, cost in circle_offers(g, seat).items():
        if cid in small and cid not in offers and cost <= budget:
            offers[cid] = cost
    return offers


def circle_plans(g: GameState, seat: int, offers: dict[str, int], builds: int, limit: int = 8) -> list[CirclePlan]:
    """The best ways for ``seat`` to join two cities with discs, best first: the cheapest chain of circles
    between them, along its own discs (free) and the circles it may place a disc on now (``offers``: circle id
    → cost), with at most ``builds`` new discs, where goods at one city could go to the other. A stop whose
    passing needs a disc of its own (``Judgement.pass_disc``: a large circle) is passed with that disc in the
    chain, or not at all."""
    own = {cid for cid, seats in (circle_discs(g) if g.map.circles else {}).items() if seat in seats}
    edges: dict[int, list[tuple[int, str, int]]] = {}
    for c in g.map.circles:
        if c.id in own:
            price = 0
        elif c.id in offers:
            price = offers[c.id]
        else:
            continue
        for a in c.places:
            for b in c.places:
                if a != b:
                    edges.setdefault(a, []).append((b, c.id, price))
    sources = g.rules.goods_sources(g)
    cities = sorted(h for h in edges if g.is_city(h))
    passing: dict[int, str | None] = {}  # stop → the disc passing through it needs (Judgement.pass_disc)
    pass_disc = judgement(g).pass_disc
    plans: list[CirclePlan] = []
    for start in cities:
        best: dict[int, int] = {}
        heap: list[tuple[int, int, tuple[str, ...]]] = [(0, start, ())]
        while heap:
            cost, here, path = heapq.heappop(heap)
            if best.get(here, 1 << 30) <= cost:
                continue
            best[here] = cost
            new = tuple(cid for cid in path if cid not in own)
            if here != start and g.is_city(here):
                n = deliverable(g, start, here, sources)
                if new and n and here > start:
                    plans.append(CirclePlan(start, here, path, new, cost, n))
                continue  # a line ends at a city
            via: tuple[str, ...] = ()  # the disc passing through ``here`` needs first (a large circle)
            toll = 0
            if here != start:
                if here not in passing:
                    passing[here] = pass_disc(g, seat, here)
                need = passing[here]
                if need is not None and need not in path:
                    if need not in offers:
                        continue  # no passing through here this turn
                    via, toll = (need,), offers[need]
            for nxt, cid, price in edges.get(here, ()):
                more = (0 if cid in own else 1) + len(via)
                if cid not in path and len(new) + more <= builds:
                    heapq.heappush(heap, (cost + toll + price, nxt, (*path, *via, cid)))
    plans.sort(key=lambda p: -p.value)
    return plans[:limit]
