"""51st State (rulebook 003): states are the places, a Colored State (CS) is a city; players place discs on
the circles on the borders, each a link between the states it touches.

Setup: 2 goods on each CS. Building: up to 3 discs a turn (4 with Engineer), one per circle; a disc costs the
sum over the states its circle touches of $1 (plains) or $2 (brown) or $0 (grey), +$1 if a river is drawn in
that state, +$1 if it is a CS (or a New City). New Cities: not next to a CS or a New City, and not in the
states marked ``new_city = false``. Moving goods: 1 engine level for each CS passed through or reached, and 1
for a flight between an airport and Alaska (flights need no disc); only your own discs can be used, a good
takes at most one flight, and every delivery uses at least one of the mover's discs; income rises by the
levels. As in the standard rules, a new disc connects to a CS or to the builder's own discs, and only discs in
a finished connection score (``CircleRules.discs_must_connect``).

Rules versions (the README lists them): 1 joined every airport to every other by default and let flights
chain and carry a good alone; 2 made flights go to and from Alaska only, never chain, and need one of the
mover's discs; 3 made discs connect and score only in finished connections.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.network import Link, Network
from ageofsteam.maps.fifty_first_state.state import State
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.circles import CircleBuildPhase, CircleRules, build_circle_network

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import Circle
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.phase import Phase

AIR = "air:"  # id prefix of a flight link


def is_flight(link: Link) -> bool:
    """A flight between two airports (no disc, no owner)."""
    return link.id.startswith(AIR)


class Rules(CircleRules, BaseRules):
    """51st State, 3–6 players."""

    RULES_VERSION = 3  # 3: discs connect to a CS or own discs, and score only in finished connections
    REPLAYS_VERSIONS = frozenset({1, 2})  # 2: flights to and from Alaska only, never chained, with a disc
    CONNECTED_DISCS_SINCE = 3
    FLIGHT_RULES_SINCE = 2  # flights do not chain and need one of the mover's discs from version 2 on
    STATE = State

    DEFAULT_CITY_CUBES = 2  # 2 goods on each Colored State
    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7, 6: 6}  # the base game's
    STATE_COSTS: ClassVar[dict[str, int]] = {"plain": 1, "brown": 2, "grey": 0}
    RIVER_COST = 1
    CS_COST = 1
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "disc_cost": "sum",  # ruling 7: "sum" over the states a circle touches, or "highest" of them
        "circle_capacity": 1,  # ruling 5: players' discs one circle holds
        "flights_between_all_airports": False,  # ruling 1: True joins every airport to every other, not just Alaska
        "unconnected_discs": False,  # ruling 10: True lets a disc go on any circle with room, and every disc score
    }
    OPTION_CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {"disc_cost": ("sum", "highest")}  # a list in the lobby
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "disc_cost": "What a disc costs: the sum over every state its circle touches, or only the dearest of them.",
        "circle_capacity": "How many players may each put a disc on one connection circle.",
        "flights_between_all_airports": "On: every airport is joined to every other; off: the airports fly only to and "
        "from Alaska.",
        "unconnected_discs": "On: a disc may go on any circle with room and every disc scores; off: a disc must join "
        "your network.",
    }

    def make_phases(self) -> list[Phase]:
        return [CircleBuildPhase() if p.name == "build_track" else p for p in super().make_phases()]

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        out = super().options(given)
        from ageofsteam.engine.errors import BadInput

        if out["disc_cost"] not in ("sum", "highest"):
            raise BadInput("option 'disc_cost' must be 'sum' or 'highest'")
        if out["circle_capacity"] < 1:
            raise BadInput("option 'circle_capacity' must be at least 1")
        return out

    # --- building --------------------------------------------------------------------------------

    def is_cs(self, g: GameState, h: int) -> bool:
        """A Colored State, or a state with a New City."""
        return g.is_city(h)

    def state_cost(self, g: GameState, h: int) -> int:
        """What one state adds to a disc on a circle touching it; grey states add nothing."""
        terrain = self.map.terrain[h]
        if terrain == "grey":
            return 0
        info = self.map.region_info[h]
        return (
            self.STATE_COSTS.get(terrain, 1)
            + (self.RIVER_COST if info.river else 0)
            + (self.CS_COST if self.is_cs(g, h) else 0)
        )

    def circle_cost(self, g: GameState, seat: int, circle: Circle) -> int:
        costs = [self.state_cost(g, h) for h in circle.places]
        return max(costs) if g.options.get("disc_cost") == "highest" else sum(costs)

    def circle_capacity(self, g: GameState, circle: Circle) -> int:
        return circle.capacity or int(g.options.get("circle_capacity", 1))

    def neighbours(self, h: int) -> set[int]:
        """States sharing a circle with ``h``."""
        return {p for c in self.map.circles if h in c.places for p in c.places if p != h}

    def urbanize_refusal(self, g: GameState, h: int) -> str | None:
        """Why no New City may go on state ``h`` (None: one may): not in the states marked too small, and not
        next to a Colored State or another New City."""
        info = self.map.region_info[h]
        if not info.new_city:
            return f"{info.name} is too small for a New City"
        for n in sorted(self.neighbours(h)):
            if n in g.new_cities:
                return f"a New City may not be placed next to another New City ({g.stop_name(n)})"
            if g.is_city(n):
                return f"a New City may not be placed next to a Colored State ({g.stop_name(n)})"
        return None

    # --- moving goods ----------------------------------------------------------------------------

    def flights(self, g: GameState) -> list[tuple[int, int]]:
        """Pairs of airport states joined by air: each airport and a state reached only by air (Alaska: an
        airport no circle touches), or with the option ``flights_between_all_airports`` every two airports."""
        airports = sorted(h for h, i in self.map.region_info.items() if i.airport)
        pairs = list(combinations(airports, 2))
        if g.options.get("flights_between_all_airports", False):
            return pairs
        on_circle = {p for c in self.map.circles for p in c.places}
        return [(a, b) for a, b in pairs if a not in on_circle or b not in on_circle]

    def build_network(self, g: GameState) -> Network:
        net = build_circle_network(g)
        for a, b in self.flights(g):
            net.add_link(Link(f"{AIR}{g.label(a)}-{g.label(b)}", a, b, None, 0, levels=1))
        return self.scored_network(g, net)

    def stop_levels(self, g: GameState, seat: int, stop: int, colour: str, final: bool) -> int:
        """1 for each Colored State (or New City) passed through or reached."""
        return 1 if g.is_city(stop) else 0

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """Only your own discs, at most one flight (flights do not chain), and at least one of your discs (a
        flight alone is no delivery; version 1: any flights, own discs or none)."""
        flights = sum(1 for link in route.links if is_flight(link))
        if any(link.owner != seat and not is_flight(link) for link in route.links):
            return "only your own discs may be used to move goods"
        if g.rules_version < self.FLIGHT_RULES_SINCE:
            return None
        if flights > 1:
            return "a good takes at most one flight: flights do not chain"
        if flights == len(route.links):
            return "a delivery must use at least one of your own discs"
        return None

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        if is_flight(link):
            return g.rules_version < self.FLIGHT_RULES_SINCE or not any(is_flight(lk) for lk in links)
        return link.owner == seat

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """+1 income per engine level the delivery needs (each CS and each flight), to the mover."""
        return {seat: self.route_levels(g, seat, route)}

    def extra_invariants(self, g: GameState) -> list[str]:
        return self.circle_invariants(g)
