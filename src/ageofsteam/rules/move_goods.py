"""Phase V, Move Goods: two rounds; in each, the First Move holder and then everyone in player order delivers
one cube, raises their engine by one (once a turn), or does nothing.

A cube travels along Completed Railroad Links only, through towns and cities of other colours, visiting each
place once, and stops at the first City of its own colour. It may use at most as many links as the mover's
engine. Each link pays +1 income to its owner; the cube goes back to the bag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.board.network import Link
from ageofsteam.engine.actions import Action, Deliver, SkipMove, UpgradeEngine
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.phase import Phase, next_in_queue
from ageofsteam.rules.select_actions import raise_engine

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

FIRST_MOVE = "first_move"


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


def routes_from(g: GameState, seat: int, city: int, colour: str) -> list[Route]:
    """Every legal delivery of one ``colour`` cube from ``city`` by ``seat``."""
    rules = g.rules
    limit = rules.delivery_limit(g, seat)
    at_stop = g.network.at_stop
    out: list[Route] = []
    stops = [city]
    links: list[Link] = []

    stop_levels = rules.stop_levels  # levels a map counts per place passed or reached (base: none)

    def walk(stop: int, used: int) -> None:
        if used > limit:
            return
        for link in at_stop.get(stop, ()):
            nxt = link.b if link.a == stop else link.a
            cost = used + link.levels
            if nxt in stops or cost > limit or not rules.may_use_link(g, seat, links, link):
                continue
            stops.append(nxt)
            links.append(link)
            if rules.accepts(g, nxt, colour):
                if cost + stop_levels(g, seat, nxt, colour, True) <= limit:
                    route = Route(colour, tuple(stops), tuple(links))
                    if rules.route_allowed(g, seat, route):
                        out.append(route)
                if not rules.must_stop(g, nxt, colour) and rules.may_pass(g, nxt, colour):
                    walk(nxt, cost + stop_levels(g, seat, nxt, colour, False))
            elif rules.may_pass(g, nxt, colour):
                walk(nxt, cost + stop_levels(g, seat, nxt, colour, False))
            stops.pop()
            links.pop()

    walk(city, 0)
    return out


def all_routes(g: GameState, seat: int) -> list[Route]:
    """Every legal delivery of ``seat`` now."""
    out: list[Route] = []
    for city, cubes in sorted(g.rules.goods_sources(g).items()):
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

    def may_upgrade(self, g: GameState, seat: int) -> bool:
        return seat not in g.engine_upgraded and g.players[seat].engine < g.rules.max_engine(g)

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        out: list[Action] = [SkipMove(seat)]
        if self.may_upgrade(g, seat):
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
        city = g.city_hex(h) if g.is_city(h) else h
        assert city is not None
        if sources.get(city, {}).get(a.colour, 0) <= 0:
            raise IllegalAction(f"there is no {a.colour} cube in {g.stop_name(city)}")
        if not a.links:
            raise IllegalAction("a delivery must use at least one link")
        limit = g.rules.delivery_limit(g, a.player)
        named = sum(1 if lk is None else lk.levels for lk in map(g.network.links.get, a.links))
        if named > limit:
            raise IllegalAction(f"your engine allows {limit} links, not {named}")
        stops = [city]
        links: list[Link] = []
        net = g.network
        for k, lid in enumerate(a.links):
            link = net.links.get(lid)
            if link is None:
                raise IllegalAction(f"there is no completed link {lid!r}")
            here = stops[-1]
            if here not in (link.a, link.b):
                raise IllegalAction(f"link {lid} does not start at {g.stop_name(here)}")
            if k > 0:
                if g.rules.accepts(g, here, a.colour) and g.rules.must_stop(g, here, a.colour):
                    raise IllegalAction(
                        f"a {a.colour} cube must stop at {g.stop_name(here)}, the first city of its colour"
                    )
                if not g.rules.may_pass(g, here, a.colour):
                    raise IllegalAction(f"a {a.colour} cube may not pass through {g.stop_name(here)}")
            nxt = link.other(here)
            if nxt in stops:
                raise IllegalAction(f"a cube may visit {g.stop_name(nxt)} only once")
            stops.append(nxt)
            links.append(link)
        if not g.rules.accepts(g, stops[-1], a.colour):
            raise IllegalAction(f"{g.stop_name(stops[-1])} does not take {a.colour} cubes")
        route = Route(a.colour, tuple(stops), tuple(links))
        levels = g.rules.route_levels(g, a.player, route)
        if levels > limit:
            raise IllegalAction(f"your engine allows {limit} links; that delivery uses {levels} engine levels")
        if not g.rules.route_allowed(g, a.player, route):
            raise IllegalAction(g.rules.route_refusal(g, a.player, route))
        return route

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, UpgradeEngine):
            if a.player in g.engine_upgraded:
                raise IllegalAction("you may raise your engine only once per Move Goods phase")
            if g.players[a.player].engine >= g.rules.max_engine(g):
                raise IllegalAction(f"your engine is already at the maximum of {g.rules.max_engine(g)}")
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
        g.pending.pop(0)
        if not next_in_queue(g):
            return False
        return self._start_round(g)


def deliver(g: GameState, seat: int, route: Route) -> None:
    """Carry out a checked delivery: income to each link's owner, the cube back to the bag."""
    start = route.stops[0]
    g.rules.take_goods(g, start, route.colour)
    g.rules.delivered_cube(g, seat, route)
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
