"""Iceland (4–5 players): steam on volcanoes, boat links between ports, $2 track, at most 4 urbanizations.

Setup: 2 steam (red goods) on each of the 4 volcanoes near the centre of the map, 2 random goods on each city,
and the A New City tile (the red one: the map has no red city) removed from the game.

* Track costs $2 on every hex; none may be laid on a volcano. Track may end at a volcano as at a City (README,
  Ruling 5): a volcano is a stop of the network where links end, a source of steam only, never passed through.
* Steam (every red good) goes to any city within min(round number, engine) links, then condenses into water:
  the red good goes to the bag and a blue good from the bag (else the display box the mover names with
  ``deliver_steam``, else none: the steam is lost) comes onto the destination city. Water is an ordinary blue
  good.
* Every port town has an invisible boat link to every other port, with track on it or not (option
  ``boat_ports_need_track``): 2 engine levels, +2 income to the mover, no owner. A port that is urbanized loses
  its boat links.
* At most 4 towns are urbanized; after the 4th the New City tiles left leave the game.

The steam on the volcanoes is Iceland's own figure (``state.py``): red goods out of the bag but on no city;
:meth:`Rules.extra_goods` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.network import Link, Network
from ageofsteam.engine.actions import Action, Deliver, DisplayBox, HexLabel, RouteLinks, register
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.maps.iceland.state import State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.goods_growth import box_id
from ageofsteam.rules.move_goods import MoveGoodsPhase, deliver, delivery_facts

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.phase import Phase

STEAM = "red"  # steam is a red good
WATER = "blue"  # condensed steam is a blue good
BOAT = "boat:"  # id prefix of the boat links


@register
@dataclass(frozen=True, slots=True)
class DeliverSteam(Action):
    """Phase V, Iceland: deliver steam (a red good) from ``city`` (a city or a volcano) along ``links``, as
    ``deliver`` does, and take the blue good of display box ``water`` (``"light3/1"``) for the water, when the
    bag holds none and the display more than one (Ruling 8: the mover chooses). A plain ``deliver`` is then
    refused; records of rules version 1 (made before the choice) hold it, and it takes the first blue good."""

    kind: ClassVar[str] = "deliver_steam"
    player: int
    city: HexLabel
    links: RouteLinks
    water: DisplayBox

    def as_delivery(self) -> Deliver:
        return Deliver(self.player, self.city, STEAM, self.links)


def water_boxes(g: GameState) -> list[str]:
    """The display boxes holding a blue good, in the display's order (light 1 to 6, the light New City
    columns, dark 1 to 6, the dark New City columns; each column from its top box)."""
    return [box_id(col, i) for col, boxes in g.display.items() for i, c in enumerate(boxes) if c == WATER]


def water_choice(g: GameState) -> list[str]:
    """The display boxes a steam delivery chooses its water from (Ruling 8): every box holding a blue good,
    when the bag holds none and the display more than one; otherwise none (the water comes from the bag, or
    from the display's only blue good, and a plain ``deliver`` says so)."""
    boxes = water_boxes(g)
    return boxes if g.bag.get(WATER, 0) == 0 and len(boxes) >= 2 else []


def water_refusal(g: GameState, box: str) -> str | None:
    """Why a steam delivery may not name display box ``box`` for its water (None: it may): the box must be
    one of :func:`water_choice` (rules version 1 also let it name the display's only blue good)."""
    if g.bag.get(WATER, 0) > 0:
        return "the bag still holds water (blue goods): the water comes from the bag, not the display"
    if box not in water_boxes(g):
        return f"display box {box} holds no blue good"
    if box not in water_choice(g) and g.rules_version >= 2:
        return f"the display holds only one blue good ({box}): deliver the steam without naming it"
    return None


class IcelandMoveGoodsPhase(MoveGoodsPhase):
    """Move Goods, where a steam delivery names the display box its water comes from when the bag has none
    and the display offers a choice."""

    accepts: tuple[type[Action], ...] = (*MoveGoodsPhase.accepts, DeliverSteam)  # type: ignore[assignment]

    def legal(self, g: GameState) -> list[Action]:
        out = super().legal(g)
        boxes = water_choice(g)
        if not boxes:
            return out
        choices: list[Action] = []
        for a in out:
            if isinstance(a, Deliver) and a.colour == STEAM:
                choices += [DeliverSteam(a.player, a.city, a.links, box) for box in boxes]
            else:
                choices.append(a)
        return choices

    def check(self, g: GameState, a: Action) -> None:
        if not isinstance(a, DeliverSteam):
            super().check(g, a)
            if isinstance(a, Deliver) and a.colour == STEAM and g.rules_version >= 2:
                boxes = water_choice(g)
                if boxes:
                    raise IllegalAction(
                        "the bag holds no water: name the display box its blue good comes from "
                        f"(deliver_steam, water one of {', '.join(boxes)})"
                    )
            return
        self.route_of(g, a.as_delivery())
        refusal = water_refusal(g, a.water)
        if refusal is not None:
            raise IllegalAction(refusal)

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, DeliverSteam):
            return super().apply(g, a)
        rules = g.rules
        assert isinstance(rules, Rules)
        deliver(g, a.player, self.route_of(g, a.as_delivery()), partial(rules.delivered_cube, water=a.water))
        return self.moved(g)


class Rules(BaseRules):
    """Iceland: the base rules with volcanoes, steam, boat links and a limit on urbanization."""

    STATE = State
    RULES_VERSION = 2  # 2: the mover names the display box of the water (Ruling 8); 1 still replays
    REPLAYS_VERSIONS = frozenset({1})
    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7}
    STEAM_PER_VOLCANO = 2
    URBANIZATION_LIMIT = 4
    BOAT_LEVELS = 2  # engine levels a cube uses on a boat link
    BOAT_INCOME = 2  # income to the mover per boat link used
    # All hexes $2; a volcano (no entry) takes no track.
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 2, "river": 2, "mountain": 2}
    # The red New City tile (A) is removed from the game; its goods-display column goes with it.
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {k: v for k, v in BaseRules.NEW_CITIES.items() if k != "A"}
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # Ruling 6: steam may pass through cities to reach a farther one (False: it stops at the first city)
        "steam_passes_cities": True,
        # Ruling 7: a boat link counts as 1 link towards the round limit on steam (False: as 2, like the engine)
        "steam_boat_counts_one_link": True,
        # Ruling 9: steam that finds no water to condense into goes back to the bag (True: it leaves the game)
        "lost_steam_leaves_game": False,
        # Ruling 12: boat links join every port still a town (True: only ports with a track tile on them)
        "boat_ports_need_track": False,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "steam_passes_cities": "On: steam may pass through cities to reach a farther one; off: it stops at the first "
        "city.",
        "steam_boat_counts_one_link": "On: a boat link counts as one link towards steam's round limit; off: as two.",
        "lost_steam_leaves_game": "On: steam with no water to condense into leaves the game; off: it goes back to the "
        "bag.",
        "boat_ports_need_track": "On: boat links join only ports with a track tile; off: every port still a town.",
    }

    def __init__(self, board: MapData) -> None:
        super().__init__(board)
        self.volcanoes: frozenset[int] = frozenset(board.places_with("volcano"))

    def make_phases(self) -> list[Phase]:
        return [IcelandMoveGoodsPhase() if p.name == "move_goods" else p for p in super().make_phases()]

    # --- setup -------------------------------------------------------------------------------------

    def on_setup(self, g: GameState) -> None:
        """2 steam from the bag onto each volcano, before the cities and the display are drawn."""
        need = self.STEAM_PER_VOLCANO * len(self.volcanoes)
        if g.bag.get(STEAM, 0) < need:
            raise BadInput(f"{self.map.name}: the bag holds {g.bag.get(STEAM, 0)} red goods, the volcanoes need {need}")
        g.bag[STEAM] -= need
        state(g).steam = {g.label(h): self.STEAM_PER_VOLCANO for h in sorted(self.volcanoes)}

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Goods out of the bag that are on no city and not on the display: the steam on the volcanoes."""
        return {STEAM: sum(state(g).steam.values()) + state(g).steam_lost}

    def goods_on_hexes(self, g: GameState) -> dict[int, dict[str, int]]:
        """The steam on the volcanoes, for the picture."""
        return {g.map.by_label[lab]: {STEAM: n} for lab, n in state(g).steam.items() if n}

    def _steam_route(self, g: GameState, a: DeliverSteam) -> Route | None:
        phase = self.phase_map["move_goods"]
        assert isinstance(phase, MoveGoodsPhase)
        try:
            return phase.route_of(g, a.as_delivery())
        except IllegalAction:
            return None

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        """A steam delivery's path and income, and the display box of its water."""
        if not isinstance(a, DeliverSteam):
            return super().action_info(g, a)
        route = self._steam_route(g, a)
        if route is None:
            return {}
        income = self.delivery_income(g, a.player, route)
        return {**delivery_facts(g, route.stops, len(route.links), income), "water": a.water}

    def describe_action(self, g: GameState, a: Action) -> str | None:
        """A steam delivery that names the display box of its water, for the menus."""
        if not isinstance(a, DeliverSteam):
            return None
        route = self._steam_route(g, a)
        if route is None:
            return None
        income = self.delivery_income(g, a.player, route)
        paid = ", ".join(f"{g.player_name(o)} +{n}" for o, n in income.items() if o is not None and n) or "none"
        n = len(route.links)
        return (
            f"deliver steam: {' → '.join(g.stop_name(s) for s in route.stops)} ({n} link{'s' if n > 1 else ''}; "
            f"income {paid}), the water from display box {a.water}"
        )

    def extra_invariants(self, g: GameState) -> list[str]:
        out = []
        for lab, n in state(g).steam.items():
            if n < 0 or g.map.by_label.get(lab) not in self.volcanoes:
                out.append(f"{n} steam on {lab}, which is not a volcano or holds a negative count")
        if len(g.new_cities) > self.URBANIZATION_LIMIT:
            out.append(f"{len(g.new_cities)} towns are urbanized, the limit is {self.URBANIZATION_LIMIT}")
        return out

    # --- building ----------------------------------------------------------------------------------

    def track_end_hexes(self, g: GameState) -> frozenset[int]:
        """Track may end at a volcano (no track is laid on it)."""
        return self.volcanoes

    def urbanize_refusal(self, g: GameState, h: int) -> str | None:
        """Why no town may be urbanized now (None: one may): at most 4 towns are."""
        if len(g.new_cities) >= self.URBANIZATION_LIMIT:
            return f"urbanization is limited to {self.URBANIZATION_LIMIT} towns on {self.map.name}"
        return None

    def on_urbanized(self, g: GameState, h: int, letter: str) -> None:
        """After the 4th urbanization the New City tiles left leave the game."""
        if len(g.new_cities) >= self.URBANIZATION_LIMIT and g.new_cities_left:
            g.say(
                f"the {self.URBANIZATION_LIMIT}th town is urbanized: New City tiles "
                f"{', '.join(g.new_cities_left)} leave the game"
            )
            g.new_cities_left = []

    def build_network(self, g: GameState) -> Network:
        """The track's links, and a boat link between every two ports that are still towns, with track on them
        or not (Ruling 12; option ``boat_ports_need_track``: only ports with a track tile)."""
        net = super().build_network(g)
        need_track = g.options.get("boat_ports_need_track", False)
        ports = sorted((h for h in self.map.ports if g.is_town(h) and (not need_track or h in g.tiles)), key=g.label)
        for a, b in combinations(ports, 2):
            net.add_link(Link(f"{BOAT}{g.label(a)}-{g.label(b)}", a, b, None, 0, -1, self.BOAT_LEVELS))
        return net

    # --- moving goods ------------------------------------------------------------------------------

    def goods_sources(self, g: GameState) -> dict[int, dict[str, int]]:
        """The cities' goods and the steam on the volcanoes."""
        out = dict(g.cubes)
        for lab, n in state(g).steam.items():
            out[g.map.by_label[lab]] = {STEAM: n}
        return out

    def take_goods(self, g: GameState, stop: int, colour: str) -> None:
        if stop in self.volcanoes:
            state(g).steam[g.label(stop)] -= 1
        else:
            super().take_goods(g, stop, colour)

    def accepts(self, g: GameState, stop: int, colour: str) -> bool:
        """Steam goes to any city; nothing goes to a volcano."""
        if colour == STEAM:
            return g.is_city(stop)
        return super().accepts(g, stop, colour)

    def may_pass(self, g: GameState, stop: int, colour: str) -> bool:
        """No good passes through a volcano (it is not a city)."""
        return stop not in self.volcanoes

    def must_stop(self, g: GameState, stop: int, colour: str) -> bool:
        return colour != STEAM or not g.options.get("steam_passes_cities", True)

    def steam_links(self, g: GameState, route: Route) -> int:
        """The links a steam delivery counts against the round number."""
        if g.options.get("steam_boat_counts_one_link", True):
            return len(route.links)
        return route.levels

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """Steam uses at most as many links as the round number."""
        n = self.steam_links(g, route) if route.colour == STEAM else 0
        if n <= g.turn:
            return None
        return f"in round {g.turn} steam may go at most {g.turn} link{'s' if g.turn > 1 else ''}, not {n}"

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """+1 per track link to its owner; +2 to the mover per boat link."""
        out: dict[int | None, int] = {}
        for link in route.links:
            if link.id.startswith(BOAT):
                out[seat] = out.get(seat, 0) + self.BOAT_INCOME
            else:
                out[link.owner] = out.get(link.owner, 0) + 1
        return out

    def delivered_cube(self, g: GameState, seat: int, route: Route, water: str | None = None) -> None:
        """Steam condenses into water on its destination city: the red good goes to the bag, a blue one comes
        from the bag, else from the display (box ``water``, which the mover named, Ruling 8; by default the
        first in the display's order, each column from the top), else none."""
        super().delivered_cube(g, seat, route)
        if route.colour != STEAM:
            return
        dest = route.stops[-1]
        name = g.city_name(dest)
        if g.bag.get(WATER, 0) > 0:
            g.bag[WATER] -= 1
            where = "the bag"
        else:
            named = water or next(iter(water_boxes(g)), None)
            box = None if named is None else (named.split("/")[0], int(named.split("/")[1]) - 1)
            if box is None:
                g.say(f"the steam delivered to {name} is lost: no water is left in the bag or the display")
                if g.options.get("lost_steam_leaves_game", False):
                    g.bag[STEAM] -= 1  # out of the game after all (Ruling 9's option)
                    state(g).steam_lost += 1
                return
            g.display[box[0]][box[1]] = None
            where = f"the goods display (box {box[0]}/{box[1] + 1})"
        cubes = g.cubes.setdefault(dest, {})
        cubes[WATER] = cubes.get(WATER, 0) + 1
        g.say(f"the steam delivered to {name} condenses into water: a blue good from {where}")
