"""Old Europe (rulebook 003): countries are the places, a coloured country is a city; players place discs on
small circles on the borders (links between two countries) and on large circles in the centre of seven
countries (passing through such a country needs your disc there).

Setup: 1 good in each coloured country, 1 more in those with a large circle. Building: up to 3 discs a turn
(4 with Engineer); a small circle holds the discs of p − 2 players and costs $2 + x, a large circle holds any
number and costs $3 + x (x: players already there), and only players not first in player order may use large
circles. New Cities anywhere but the countries marked ``new_city = false``. Moving goods: engine levels are
counted per country — 1 for each coloured country passed through or reached, 1 more for passing through a
country with a large circle or a New City; only your own discs can be used; income rises by the levels. As in
the standard rules, a new disc on a small circle connects to a coloured country or to the builder's own discs,
and only discs in a finished connection score (``CircleRules.discs_must_connect``).

Rules versions (the README lists them): 1 had no large circle in Germany; 2 gave Germany its large circle; 3
made discs connect and score only in finished connections.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.old_europe.state import State
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.circles import CircleBuildPhase, CircleRules, discs_on, large_discs_on

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import Circle
    from ageofsteam.board.network import Link
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.phase import Phase


class Rules(CircleRules, BaseRules):
    """Old Europe, 3–6 players."""

    RULES_VERSION = 3  # 3: discs connect to a coloured country or own discs, and score only in finished connections
    REPLAYS_VERSIONS = frozenset({1, 2})  # 2: Germany has its large circle
    CONNECTED_DISCS_SINCE = 3
    # the rules version from which a country's large circle is on the board (the others' are there from 1)
    LARGE_CIRCLE_SINCE: ClassVar[dict[str, int]] = {"DE": 2}
    STATE = State

    DEFAULT_CITY_CUBES = 1  # "Place 1 good in each coloured country."
    LARGE_CIRCLE_EXTRA_CUBES = 1  # "Coloured countries that have a large circle … receive 1 additional good."
    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7, 6: 6}  # the base game's
    SMALL_CIRCLE_COST = 2
    LARGE_CIRCLE_COST = 3
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # ruling 8: delivering to a country with a large circle or New City costs only its colour's level
        "destination_extra_level": False,
        # ruling 13: True lets a disc go on any small circle with room, and every disc on one score
        "unconnected_discs": False,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "destination_extra_level": "On: delivering to a country with a large circle or New City costs one more engine "
        "level; off: only passing through it does.",
        "unconnected_discs": "On: a disc may go on any small circle with room and every disc scores; off: a disc must "
        "join your network.",
    }

    def make_phases(self) -> list[Phase]:
        return [CircleBuildPhase() if p.name == "build_track" else p for p in super().make_phases()]

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        out: dict[int, int] = {}
        for city in self.map.cities:
            if city.cubes is not None:  # a count written in map.toml wins
                out[city.hex] = city.cubes
                continue
            info = self.map.region_info.get(city.hex)
            extra = self.LARGE_CIRCLE_EXTRA_CUBES if info is not None and info.large_circle else 0
            out[city.hex] = self.DEFAULT_CITY_CUBES + extra
        return out

    # --- building --------------------------------------------------------------------------------

    def has_large_circle(self, g: GameState, region: int) -> bool:
        """The map's large circles, less those added in a later rules version than the game's (Germany's in 2)."""
        since = self.LARGE_CIRCLE_SINCE.get(g.label(region), 1)
        return super().has_large_circle(g, region) and g.rules_version >= since

    def circle_capacity(self, g: GameState, circle: Circle) -> int:
        """p − 2 players' discs on a small circle (p: the players who started; ruling 10)."""
        return circle.capacity or max(1, g.start_players - 2)

    def circle_cost(self, g: GameState, seat: int, circle: Circle) -> int:
        return self.SMALL_CIRCLE_COST + len(discs_on(g, circle.id))

    def large_circle_cost(self, g: GameState, seat: int, region: int) -> int:
        return self.LARGE_CIRCLE_COST + len(large_discs_on(g, region))

    def check_large_circle(self, g: GameState, seat: int, region: int) -> None:
        if g.order and g.order[0] == seat:
            raise IllegalAction(
                "the player in first place (the winner of the turn order auction) may not "
                "place discs on large circles this turn"
            )

    def urbanize_refusal(self, g: GameState, h: int) -> str | None:
        """Why no New City may go in country ``h`` (None: one may): it is one marked ``new_city = false``."""
        info = self.map.region_info.get(h)
        if info is not None and not info.new_city:
            return f"no New City may be placed in {info.name}"
        return None

    # --- moving goods ----------------------------------------------------------------------------

    def hard_to_pass(self, g: GameState, stop: int) -> bool:
        """A country with a large circle or a New City: one more engine level."""
        return self.has_large_circle(g, stop) or stop in g.new_cities

    def stop_levels(self, g: GameState, seat: int, stop: int, colour: str, final: bool) -> int:
        """1 for a coloured country (or New City), +1 for passing through one with a large circle or New City
        (reaching it too with the option ``destination_extra_level``)."""
        n = 1 if g.is_city(stop) else 0
        if self.hard_to_pass(g, stop) and (not final or g.options.get("destination_extra_level", False)):
            n += 1
        return n

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        return link.owner == seat

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """Only your own discs; passing through a country with a large circle needs your disc on it."""
        if any(link.owner != seat for link in route.links):
            return "only your own discs may be used to move goods"
        for stop in route.stops[1:-1]:
            if self.has_large_circle(g, stop) and seat not in large_discs_on(g, stop):
                return f"to pass through {g.stop_name(stop)} you need your disc on its large circle"
        return None

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """+1 income per engine level the delivery needs, to the mover (the discs are all theirs)."""
        return {seat: self.route_levels(g, seat, route)}

    def extra_invariants(self, g: GameState) -> list[str]:
        return self.circle_invariants(g)
