"""New York Subway, Move Goods: a player's stations are all joined by tunnel, so the network has one link
(owner: that player) between every two places where they have stations; a transport uses each station once
(passing through a place takes two of your stations there), takes the top floor of a stack and puts it under
the destination's stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.board.network import Link, Network
from ageofsteam.maps.new_york.figures import side_places, stacks, stations, stations_of
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.move_goods import RouteStops

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route


def _feasible(places_of: list[list[int]], demand: dict[int, int]) -> bool:
    """Can distinct stations (each standing beside the places listed) meet ``demand`` (place → stations)?"""
    single: dict[int, int] = {}
    duals = []
    for ps in places_of:
        if len(ps) == 1:
            single[ps[0]] = single.get(ps[0], 0) + 1
        else:
            duals.append(ps)
    return _covers(single, duals, demand)


def _covers(single: dict[int, int], duals: list[list[int]], demand: dict[int, int]) -> bool:
    """``_feasible`` with the stations beside one place counted (``single``) and those beside two listed."""
    slots = [p for p, n in demand.items() for _ in range(n - single.get(p, 0))]
    if not slots:
        return True
    if len(slots) > len(duals):
        return False
    owner: dict[int, int] = {}  # dual station index → slot index

    def augment(slot: int, seen: set[int]) -> bool:
        for st, where in enumerate(duals):
            if slots[slot] in where and st not in seen:
                seen.add(st)
                if st not in owner or augment(owner[st], seen):
                    owner[st] = slot
                    return True
        return False

    return all(augment(k, set()) for k in range(len(slots)))


def path_stops(links: list[Link]) -> list[int]:
    """The places a chain of links visits, in order."""
    if len(links) == 1:
        return [links[0].a, links[0].b]
    first, second = links[0], links[1]
    start = first.a if first.a not in (second.a, second.b) else first.b
    out = [start]
    for lk in links:
        out.append(lk.other(out[-1]))
    return out


def demand_of(stops: list[int]) -> dict[int, int]:
    """Stations a transport along ``stops`` uses at each place: 1 at either end, 2 (in and out) between."""
    return {s: 1 if i in (0, len(stops) - 1) else 2 for i, s in enumerate(stops)}


class TransportRules(BaseRules):
    """The tunnel network and moving floors along a player's stations."""

    _seat_cache: tuple[Network, dict[int, tuple[dict[int, int], list[list[int]]]]] | None = None
    _stops_cache: tuple[Network, dict[int, RouteStops]] | None = None

    def build_network(self, g: GameState) -> Network:
        """For each player, a link between every two places where they have stations (all their stations are
        joined by tunnel); one engine level and no track points each."""
        net = Network()
        by_seat: dict[int, list[list[int]]] = {}
        for side, seats in sorted(stations(g).items()):
            for s in seats:
                by_seat.setdefault(s, []).append(side_places(g, side))
        for seat, places_of in sorted(by_seat.items()):
            places = sorted({p for ps in places_of for p in ps})
            for i, x in enumerate(places):
                for y in places[i + 1 :]:
                    if _feasible(places_of, {x: 1, y: 1}):
                        lid = "-".join(sorted((g.label(x), g.label(y))))
                        net.add_link(Link(f"{lid}/{seat}", x, y, seat, 0))
        return net

    def _station_places(self, g: GameState, seat: int) -> tuple[dict[int, int], list[list[int]]]:
        """``seat``'s stations: place → stations beside it alone, and the places beside each station that
        stands between two places (cached with the network)."""
        net = g.network
        if self._seat_cache is None or self._seat_cache[0] is not net:
            self._seat_cache = (net, {})
        cache = self._seat_cache[1]
        if seat not in cache:
            single: dict[int, int] = {}
            duals: list[list[int]] = []
            for side in stations_of(g, seat):
                ps = side_places(g, side)
                if len(ps) == 1:
                    single[ps[0]] = single.get(ps[0], 0) + 1
                else:
                    duals.append(ps)
            cache[seat] = (single, duals)
        return cache[seat]

    def route_stops(self, g: GameState, seat: int) -> RouteStops:
        """The places joined to another by ``seat``'s tunnels, those where two of its stations may stand (a disc
        passes through a place by two of your stations there), and at those with fewer than two stations beside
        them alone, how many of its stations between two places passing takes, each used once in a transport
        (cached with the network)."""
        net = g.network
        if self._stops_cache is None or self._stops_cache[0] is not net:
            self._stops_cache = (net, {})
        cache = self._stops_cache[1]
        if seat not in cache:
            reach = frozenset(p for lk in net.links.values() if lk.owner == seat for p in (lk.a, lk.b))
            single, duals = self._station_places(g, seat)
            beside = dict(single)
            for ps in duals:
                for p in ps:
                    beside[p] = beside.get(p, 0) + 1
            going = frozenset(p for p in reach if beside.get(p, 0) >= 2)
            needs = {p: 2 - single.get(p, 0) for p in going if single.get(p, 0) < 2}
            cache[seat] = RouteStops(reach, going, needs, len(duals))
        return cache[seat]

    def goods_sources(self, g: GameState) -> dict[int, dict[str, int]]:
        """The top disc of every stack."""
        return {g.map.by_label[lab]: {discs[-1]: 1} for lab, discs in stacks(g).items() if discs}

    def take_goods(self, g: GameState, stop: int, colour: str) -> None:
        stacks(g)[g.label(stop)].pop()

    def delivered_cube(self, g: GameState, seat: int, route: Route) -> None:
        """The floor goes under the destination's stack (not back to the bag)."""
        stacks(g).setdefault(g.label(route.stops[-1]), []).insert(0, route.colour)

    def routes_by_ends(self, g: GameState) -> bool:
        """Yes: every hop is the mover's own and pays them +1, the floor goes from the top of one stack to the
        bottom of another, and the stations a transport needs depend on the places it passes, not their order."""
        return True

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        """Your own links only; going on from a place passed through takes a second station of yours there."""
        if link.owner != seat:
            return False
        if not links:
            return True  # the link exists: a station at either end
        single, duals = self._station_places(g, seat)
        if not duals:  # no station beside two places: counting is enough
            here = link.a if link.a in (links[-1].a, links[-1].b) else link.b
            return single.get(here, 0) >= 2
        return _covers(single, duals, demand_of(path_stops([*links, link])))

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """Your own stations only, each used once: passing through a place takes two of yours there."""
        if any(link.owner != seat for link in route.links):
            return "discs move only along your own stations"
        single, duals = self._station_places(g, seat)
        if not _covers(single, duals, demand_of(list(route.stops))):
            return (
                "each of your stations may be used once per transport: passing through a place takes two of "
                "your stations there"
            )
        return None
