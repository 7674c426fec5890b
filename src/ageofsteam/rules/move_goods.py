"""Phase V, Move Goods: two rounds; in each, the First Move holder and then everyone in player order delivers
one cube, raises their engine by one (once a turn), or does nothing.

A cube travels along Completed Railroad Links only, through towns and cities of other colours, visiting each
place once, and stops at the first City of its own colour. It may use at most as many links as the mover's
engine. Each link pays +1 income to its owner; the cube goes back to the bag.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ageofsteam.board.network import Link
from ageofsteam.engine.actions import Action, Deliver, SkipMove, UpgradeEngine
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.hooks import keeps_base
from ageofsteam.rules.phase import Phase, next_in_queue
from ageofsteam.rules.select_actions import raise_engine

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

FIRST_MOVE = "first_move"
Delivered = Callable[["GameState", int, "Route"], None]  # where a delivered cube goes (``delivered_cube``)


@dataclass(frozen=True, slots=True)
class Route:
    """A legal delivery: the stops visited and the links used, in order."""

    colour: str
    stops: tuple[int, ...]
    links: tuple[Link, ...]

    @property
    def levels(self) -> int:
        """Engine levels the delivery uses: one per link, or a link's own ``levels``."""
        return sum(link.levels for link in self.links)

    def income(self) -> dict[int | None, int]:
        """Income paid per owner (None: links that pay no one)."""
        out: dict[int | None, int] = {}
        for link in self.links:
            out[link.owner] = out.get(link.owner, 0) + 1
        return out


def delivery_facts(g: GameState, stops: Sequence[int], links: int, income: dict[int | None, int]) -> dict[str, Any]:
    """A delivery's facts, as the menus name them (``aos legal --json``): the places it passes (``path``) and
    their hexes, the number of links it uses and the income it pays each owner (seat None: no one)."""
    return {
        "path": [g.stop_name(s) for s in stops],
        "hexes": [g.label(s) for s in stops],
        "links": links,
        "income": [
            {"seat": seat, "name": "no one" if seat is None else g.player_name(seat), "income": n}
            for seat, n in income.items()
        ],
    }


class RouteStops(NamedTuple):
    """Where a seat's deliveries may go at all (``Rules.route_stops``)."""

    reach: frozenset[int]  # the stops at the ends of the links the seat may use
    going: frozenset[int]  # those a cube may go on from once it has come to them
    needs: dict[int, int]  # of those, the ones where going on takes some of a pool shared by them: how many
    pool: int  # how much the pool holds, for one delivery

    def most(self, stops: frozenset[int]) -> int:
        """The most of ``stops`` (some of ``going``) one delivery may pass through: every one needing nothing
        of the pool, and as many others as the pool serves, those needing least first."""
        needs = self.needs
        out, left = 0, self.pool
        for need in sorted(needs[s] for s in stops if s in needs):
            if need > left:
                break
            left -= need
            out += 1
        return out + sum(1 for s in stops if s not in needs)


def routes_from(g: GameState, seat: int, city: int, colour: str) -> list[Route]:
    """Every legal delivery of one ``colour`` cube from ``city`` by ``seat``."""
    return search_routes(g, seat, colour, [city], [])


def search_routes(g: GameState, seat: int, colour: str, stops: list[int], links: list[Link]) -> list[Route]:
    """Every legal delivery by ``seat`` of a ``colour`` cube that has come through ``stops`` along ``links``
    (``[city]`` and no links: a cube starting at a city; a map's goods that start on track, e.g. Texas's oil,
    give the leg from their tile to the first place its track reaches)."""
    rules = g.rules
    limit = rules.delivery_limit(g, seat)
    at_stop = g.network.at_stop
    if not links and keeps_base(rules, PLAIN_STOP_HOOKS):
        return _plain_routes(g, seat, colour, stops[0], limit)
    out: list[Route] = []
    stops, links = list(stops), list(links)
    stop_levels = rules.stop_levels  # levels a map counts per place passed or reached (base: none)
    ends = _Ends(rules.routes_by_ends(g))
    seat_stops = rules.route_stops(g, seat)
    going = None if seat_stops is None else seat_stops.going  # where the cube may go on from (None: anywhere)

    def reached(stop: int, cost: int) -> None:
        """The cube has come to ``stop`` (``cost`` levels used): a delivery there, and on from there."""
        on = going is None or stop in going
        if rules.accepts(g, stop, colour):
            end = cost + stop_levels(g, seat, stop, colour, True)
            if end <= limit and ends.new(stop, end):
                route = Route(colour, tuple(stops), tuple(links))
                if rules.route_refusal(g, seat, route) is None:
                    out.append(route)
                    ends.listed(stop, end)
            if on and not rules.must_stop(g, stop, colour) and rules.may_pass(g, stop, colour):
                walk(stop, cost + stop_levels(g, seat, stop, colour, False))
        elif on and rules.may_pass(g, stop, colour):
            walk(stop, cost + stop_levels(g, seat, stop, colour, False))

    def walk(stop: int, used: int) -> None:
        if used > limit or not ends.first_walk(stop, stops, used):
            return
        for link in at_stop.get(stop, ()):
            nxt = link.b if link.a == stop else link.a
            cost = used + link.levels
            if nxt in stops or cost > limit or not rules.may_use_link(g, seat, links, link):
                continue
            stops.append(nxt)
            links.append(link)
            reached(nxt, cost)
            stops.pop()
            links.pop()

    if not links:
        walk(stops[-1], 0)
    else:
        used = sum(link.levels for link in links)
        used += sum(stop_levels(g, seat, s, colour, False) for s in stops[1:-1])
        if used <= limit:
            reached(stops[-1], used)
    return out


class _Ends:
    """Where routes are told apart only by their ends (``Rules.routes_by_ends``): the (destination, levels) pairs
    listed already, and the (stop, places visited, levels) a search has gone on from, since going on again from
    the same places in another order finds nothing new; with what the seat's stops allow (``bound``), a search
    stops going on once every destination is listed at every number of levels it could still reach. Elsewhere
    it lets everything through."""

    __slots__ = ("by_levels", "limit", "listed_ends", "most", "on", "passes", "span", "targets", "walked")

    def __init__(self, on: bool) -> None:
        self.on = on
        self.listed_ends: set[tuple[int, int]] = set()
        self.walked: set[tuple[int, frozenset[int], int]] = set()
        self.by_levels: dict[int, int] = {}  # levels → destinations listed over them
        self.targets = -1  # the destinations there may be (-1: unknown, no bound)
        self.passes: frozenset[int] = frozenset()
        self.span = (0, 0)  # the fewest and most engine levels a link uses
        self.limit = 0  # the most levels a delivery may use
        self.most = 0  # the most stops a delivery may pass through

    def bound(self, targets: int, passes: frozenset[int], most: int, span: tuple[int, int], limit: int) -> None:
        """Bound the search: ``targets`` destinations there may be, ``passes`` the stops a cube may go on from
        (all others end it), ``most`` of them one delivery may pass at most, ``span`` the fewest and most levels
        of a link, ``limit`` the most levels of a delivery."""
        if self.on:
            self.targets, self.passes, self.most, self.span, self.limit = targets, passes, most, span, limit

    def new(self, stop: int, levels: int) -> bool:
        """Whether a delivery ending at ``stop`` over ``levels`` is not listed yet."""
        return not self.on or (stop, levels) not in self.listed_ends

    def listed(self, stop: int, levels: int) -> None:
        if self.on:
            self.listed_ends.add((stop, levels))
            self.by_levels[levels] = self.by_levels.get(levels, 0) + 1

    def first_walk(self, stop: int, stops: list[int], levels: int) -> bool:
        """Whether the search has not yet gone on from ``stop`` having visited ``stops`` over ``levels``."""
        if not self.on:
            return True
        if self.targets >= 0 and self._exhausted(stops, levels):
            return False
        key = (stop, frozenset(stops), levels)
        if key in self.walked:
            return False
        self.walked.add(key)
        return True

    def _exhausted(self, stops: list[int], levels: int) -> bool:
        """Whether going on from the last of ``stops`` cannot list anything new: a route from there passes at most
        the stops left that a cube may go on from (and no more than the most a delivery may pass, less those
        passed already: every stop after the first), so it ends within a known number of levels, and every
        destination is listed at each of them already."""
        passes = self.passes
        hops = 1 + min(len(passes) - sum(1 for s in stops if s in passes), self.most - len(stops) + 1)
        low, high = self.span
        by_levels = self.by_levels
        targets = self.targets
        most = min(self.limit, levels + hops * high)
        return all(by_levels.get(n, 0) >= targets for n in range(levels + low, most + 1))


# Hooks whose base versions make every stop plain: a cube stops at the first place that accepts it, passes
# through any other, and no place costs engine levels. ``_plain_routes`` searches faster where all are kept.
PLAIN_STOP_HOOKS = ("accepts", "may_pass", "must_stop", "stop_levels")


def _plain_routes(g: GameState, seat: int, colour: str, city: int, limit: int) -> list[Route]:
    """:func:`search_routes` from ``city`` where every stop is plain (``PLAIN_STOP_HOOKS`` are the base game's):
    the same routes in the same order, asking ``accepts`` once per place, and the hooks ``may_use_link`` and
    ``route_refusal`` only where the map has its own; where the map knows the seat's stops
    (``Rules.route_stops``), the cube goes on from no other stop, and a search by ends stops once it can list
    nothing new (``_Ends.bound``)."""
    rules = g.rules
    at_stop = g.network.at_stop
    may_use = None if keeps_base(rules, ("may_use_link",)) else rules.may_use_link
    refusal = None if keeps_base(rules, ("route_refusal",)) else rules.route_refusal
    accepted: dict[int, bool] = {}
    out: list[Route] = []
    stops = [city]
    links: list[Link] = []
    ends = _Ends(rules.routes_by_ends(g))
    seat_stops = rules.route_stops(g, seat)
    going = None if seat_stops is None else seat_stops.going
    if seat_stops is not None and ends.on:
        reach = seat_stops.reach
        for s in reach | seat_stops.going:
            accepted[s] = rules.accepts(g, s, colour)
        levels = [lk.levels for lk in g.network.links.values()]
        targets = sum(1 for s in reach if s != city and accepted[s])
        passes = frozenset(s for s in seat_stops.going if not accepted[s])
        most = seat_stops.most(passes - {city})  # the start is not passed
        ends.bound(targets, passes, most, (min(levels, default=0), max(levels, default=0)), limit)

    def walk(stop: int, used: int) -> None:
        if not ends.first_walk(stop, stops, used):
            return
        for link in at_stop.get(stop, ()):
            nxt = link.b if link.a == stop else link.a
            cost = used + link.levels
            if nxt in stops or cost > limit or (may_use is not None and not may_use(g, seat, links, link)):
                continue
            stops.append(nxt)
            links.append(link)
            accepts = accepted.get(nxt)
            if accepts is None:
                accepts = accepted[nxt] = rules.accepts(g, nxt, colour)
            if not accepts:
                if going is None or nxt in going:
                    walk(nxt, cost)
            elif ends.new(nxt, cost):
                route = Route(colour, tuple(stops), tuple(links))
                if refusal is None or refusal(g, seat, route) is None:
                    out.append(route)
                    ends.listed(nxt, cost)
            stops.pop()
            links.pop()

    if limit >= 0:
        walk(city, 0)
    return out


def named_city(g: GameState, label: str) -> int:
    """The city an action names by ``label``; a city covering several hexes is named by its own hex (the one
    the legal actions name), so that each decision has one name. IllegalAction otherwise."""
    h = g.map.by_label.get(label.upper())
    city = None if h is None else g.city_hex(h)
    if h is None or city is None:
        raise IllegalAction(f"{label} is not a city")
    if city != h and not g.rules.any_hex_names_city(g):
        raise IllegalAction(f"name {g.city_name(city)} by its hex {g.label(city)}, not {g.label(h)}")
    return city


def named_route(
    g: GameState, seat: int, colour: str, stops: list[int], links: list[Link], link_ids: Sequence[str]
) -> Route:
    """The delivery by ``seat`` of a ``colour`` cube that has come through ``stops`` along ``links`` (see
    :func:`search_routes`) and goes on along the completed links ``link_ids``, checked by the rules
    ``search_routes`` follows; IllegalAction saying why not."""
    rules = g.rules
    net = g.network
    stops, links = list(stops), list(links)
    for lid in link_ids:
        link = net.links.get(lid)
        if link is None:
            raise IllegalAction(f"there is no completed link {lid!r}")
        here = stops[-1]
        if here not in (link.a, link.b):
            raise IllegalAction(f"link {lid} does not start at {g.stop_name(here)}")
        if links:  # passing through ``here``
            if rules.accepts(g, here, colour) and rules.must_stop(g, here, colour):
                raise IllegalAction(f"a {colour} cube must stop at {g.stop_name(here)}, the first city of its colour")
            if not rules.may_pass(g, here, colour):
                raise IllegalAction(f"a {colour} cube may not pass through {g.stop_name(here)}")
        nxt = link.other(here)
        if nxt in stops:
            raise IllegalAction(f"a cube may visit {g.stop_name(nxt)} only once")
        stops.append(nxt)
        links.append(link)
    if not rules.accepts(g, stops[-1], colour):
        raise IllegalAction(f"{g.stop_name(stops[-1])} does not take {colour} cubes")
    route = Route(colour, tuple(stops), tuple(links))
    limit = rules.delivery_limit(g, seat)
    levels = rules.route_levels(g, seat, route)
    if levels > limit:
        raise IllegalAction(
            f"your engine allows {limit} link{'' if limit == 1 else 's'}, not {levels}: "
            f"that delivery uses {levels} engine levels"
        )
    refusal = rules.route_refusal(g, seat, route)
    if refusal is not None:
        raise IllegalAction(refusal)
    return route


def all_routes(g: GameState, seat: int) -> list[Route]:
    """Every legal delivery of ``seat`` now."""
    out: list[Route] = []
    at_stop = g.network.at_stop
    for city, cubes in sorted(g.rules.goods_sources(g).items()):
        if city not in at_stop:
            continue  # no completed link leaves it: no delivery starts there
        for colour, n in sorted(cubes.items()):
            if n > 0:
                out += routes_from(g, seat, city, colour)
    return out


class MoveGoodsPhase(Phase):
    name = "move_goods"
    title = "V. Move Goods"
    accepts: tuple[type[Action], ...] = (Deliver, UpgradeEngine, SkipMove)

    def begin(self, g: GameState) -> bool:
        g.move_round = 0
        g.engine_upgraded = set()
        return self._start_round(g)

    def _start_round(self, g: GameState) -> bool:
        while g.move_round < g.rules.MOVE_ROUNDS:
            g.move_round += 1
            order = g.active_players()
            first = [p for p in order if g.players[p].action == FIRST_MOVE]
            g.pending = first + [p for p in order if p not in first]
            if not next_in_queue(g):
                return False
        return True

    def upgrade_refusal(self, g: GameState, seat: int) -> str | None:
        """Why ``seat`` may not raise their engine now (None: they may); listing and checking both ask it."""
        if seat in g.engine_upgraded:
            return "you may raise your engine only once per Move Goods phase"
        if g.players[seat].engine >= g.rules.max_engine(g):
            return f"your engine is already at the maximum of {g.rules.max_engine(g)}"
        return None

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        out: list[Action] = [SkipMove(seat)]
        if self.upgrade_refusal(g, seat) is None:
            out.append(UpgradeEngine(seat))
        for r in all_routes(g, seat):
            out.append(Deliver(seat, g.label(r.stops[0]), r.colour, tuple(link.id for link in r.links)))
        return out

    def route_of(self, g: GameState, a: Deliver) -> Route:
        """The route a Deliver action names, checked; IllegalAction otherwise."""
        h = g.map.by_label.get(a.city.upper())
        sources = g.rules.goods_sources(g)
        if h is None or (not g.is_city(h) and h not in sources):
            raise IllegalAction(f"{a.city} is not a city")
        city = named_city(g, a.city) if g.is_city(h) else h
        if sources.get(city, {}).get(a.colour, 0) <= 0:
            raise IllegalAction(f"there is no {a.colour} cube in {g.stop_name(city)}")
        if not a.links:
            raise IllegalAction("a delivery must use at least one link")
        return named_route(g, a.player, a.colour, [city], [], a.links)

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, UpgradeEngine):
            refusal = self.upgrade_refusal(g, a.player)
            if refusal is not None:
                raise IllegalAction(refusal)
        elif isinstance(a, Deliver):
            self.route_of(g, a)

    def apply(self, g: GameState, a: Action) -> bool:
        name = g.player_name(a.actor)
        if isinstance(a, UpgradeEngine):
            raise_engine(g, a.player)
            g.engine_upgraded.add(a.player)
            g.say(f"{name} raises their engine to {g.players[a.player].engine}")
        elif isinstance(a, Deliver):
            deliver(g, a.player, self.route_of(g, a))
        else:
            g.say(f"{name} does not move a cube")
        return self.moved(g)

    def moved(self, g: GameState) -> bool:
        """The player to move has made their move of the round: on to the next player, or to the next round
        (True when the phase is over)."""
        g.pending.pop(0)
        if not next_in_queue(g):
            return False
        return self._start_round(g)


def deliver(g: GameState, seat: int, route: Route, delivered: Delivered | None = None) -> None:
    """Carry out a checked delivery: income to each link's owner, the cube back to the bag (or where the map's
    ``delivered_cube`` puts it; ``delivered`` instead, for a map's own action that says more, e.g. Iceland's
    ``deliver_steam`` naming the display box of its water)."""
    start = route.stops[0]
    g.rules.take_goods(g, start, route.colour)
    (delivered or g.rules.delivered_cube)(g, seat, route)
    income = g.rules.delivery_income(g, seat, route)
    for owner, n in income.items():
        if owner is not None:
            g.players[owner].income += n
    paid = ", ".join(f"{g.player_name(o)} +{n}" for o, n in income.items() if o is not None and n)
    g.say(
        f"{g.player_name(seat)} delivers {route.colour} from {g.stop_name(start)} to "
        f"{g.stop_name(route.stops[-1])} over {len(route.links)} link{'s' if len(route.links) > 1 else ''}"
        f"{' (' + paid + ')' if paid else ''}"
    )
