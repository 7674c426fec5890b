"""New York Subway (rulebook 000, 2022 revised edition, 3–6 players): excavation and underground stations
instead of track, skyscraper floors (discs in ordered stacks) instead of goods cubes.

Figures, all in ``GameState.extra`` as JSON (the renderer draws them, the state view shows them):

* ``stacks``: place hex label → its discs, **bottom first** (the last is the top, the only one that moves);
  every skyscraper and construction site has a stack, empty or not;
* ``excavated``: hex label → seat who dug it (anyone may use it: the seat is only a record);
* ``stations``: hex side ``"A-B"`` (the two labels in alphabetical order) → seats with a station there, in the
  order built.

Setup draws 3 discs onto each skyscraper and 2 onto each construction site; there is no goods display, so no
goods growth and no Production. A build turn is up to 2 excavations ($2 each) and up to 3 stations, plus one
station moved by the Engineer holder. A player's stations are all joined by tunnel: the network has one link
(owner: that player) between every two places where they have stations, so Move Goods, engine and income are
the shared code — each hop is one link (one engine level, +1 income). A transport uses each station once
(passing through a place takes two of your stations there), visits each place once and stops at the first
skyscraper of its colour; the disc goes under the destination's stack. At the end each skyscraper scores its
height for each of your stations on its sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.network import Link, Network
from ageofsteam.engine.actions import Action, EndBuild, Setup, Urbanize, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.phase import wait_for_chance
from ageofsteam.rules.scoring import base_score
from ageofsteam.rules.setup import SetupPhase
from ageofsteam.rules.urbanization import apply_urbanize, check_urbanize

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.phase import Phase

STACKS = "stacks"
EXCAVATED = "excavated"
STATIONS = "stations"
TURN = "subway_turn"  # this build turn's counts: excavations, stations, moved


# --- actions ------------------------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class Excavate(Action):
    """Phase IV (New York Subway): excavate the hex ``hex`` (a face-down tile)."""

    kind: ClassVar[str] = "excavate"
    player: int
    hex: str


@register
@dataclass(frozen=True, slots=True)
class BuildStation(Action):
    """Phase IV (New York Subway): an underground station on the side where ``place`` meets ``hex``."""

    kind: ClassVar[str] = "build_station"
    player: int
    place: str
    hex: str


@register
@dataclass(frozen=True, slots=True)
class MoveStation(Action):
    """Phase IV (New York Subway, Engineer): move your station from the side ``place``/``hex`` to the side
    ``to_place``/``to_hex``."""

    kind: ClassVar[str] = "move_station"
    player: int
    place: str
    hex: str
    to_place: str
    to_hex: str


# --- figures ------------------------------------------------------------------------------------------


def stacks(g: GameState) -> dict[str, list[str]]:
    """Place label → discs, bottom first."""
    return g.extra.setdefault(STACKS, {})  # type: ignore[no-any-return]


def stations(g: GameState) -> dict[str, list[int]]:
    """Side ``"A-B"`` → seats with a station there."""
    return g.extra.setdefault(STATIONS, {})  # type: ignore[no-any-return]


def excavated(g: GameState) -> dict[str, int]:
    return g.extra.setdefault(EXCAVATED, {})  # type: ignore[no-any-return]


def is_place(g: GameState, h: int) -> bool:
    """A skyscraper (a city, New Cities included) or a construction site."""
    return g.is_city(h) or h in g.map.towns


def side_key(g: GameState, a: int, b: int) -> str:
    """The side between hexes ``a`` and ``b``: their labels in alphabetical order, ``"K2-M2"``."""
    return "-".join(sorted((g.label(a), g.label(b))))


def side_hexes(g: GameState, side: str) -> tuple[int, int]:
    a, b = side.split("-")
    return g.map.by_label[a], g.map.by_label[b]


def side_places(g: GameState, side: str) -> list[int]:
    """The places a station on ``side`` stands beside (two only where two places touch)."""
    return [h for h in side_hexes(g, side) if is_place(g, h)]


def side_ok(g: GameState, side: str) -> bool:
    """Does ``side`` take stations: an excavated hex meeting a skyscraper or construction site?"""
    a, b = side_hexes(g, side)
    dug = excavated(g)
    return (is_place(g, a) and g.label(b) in dug) or (is_place(g, b) and g.label(a) in dug)


def stations_of(g: GameState, seat: int) -> list[str]:
    return sorted(s for s, seats in stations(g).items() if seat in seats)


def height(g: GameState, h: int) -> int:
    return len(stacks(g).get(g.label(h), ()))


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


# --- phases ---------------------------------------------------------------------------------------------


class SubwaySetupPhase(SetupPhase):
    """Setup: the discs drawn for each place form its stack, bottom first as listed."""

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, Setup):
            return super().apply(g, a)
        st = stacks(g)
        for lab, discs in a.cities.items():
            st[lab] = list(discs)
            for c in discs:
                g.bag[c] -= 1
        g.extra["setup_step"] = "order"
        g.rules.after_setup_draw(g)
        return wait_for_chance(g)


class SubwayBuildPhase(BuildTrackPhase):
    """Phase IV: Urbanization first, then up to 2 excavations and up to 3 stations in any order, and the
    Engineer holder's one station move."""

    title = "IV. Excavate and Build Stations"
    accepts: tuple[type[Action], ...] = (Excavate, BuildStation, MoveStation, Urbanize, EndBuild)  # type: ignore[assignment]

    def _build_over(self, g: GameState) -> bool:
        b = g.build
        assert b is not None
        if b.may_urbanize:
            return False
        rules: Rules = g.rules  # type: ignore[assignment]
        t = rules.turn_counts(g)
        cash = g.players[b.player].cash
        can_dig = t["excavations"] < rules.EXCAVATIONS and cash >= rules.EXCAVATION_COST
        can_station = b.builds_left > 0 and cash >= 1 and rules.stations_left(g, b.player) > 0
        can_move = rules.may_move_station(g, b.player) and bool(stations_of(g, b.player))
        return not (can_dig or can_station or can_move)

    def legal(self, g: GameState) -> list[Action]:
        b = g.build
        assert b is not None
        rules: Rules = g.rules  # type: ignore[assignment]
        seat = b.player
        out: list[Action] = [EndBuild(seat)]
        if b.may_urbanize:
            for h in sorted(g.map.towns, key=g.label):
                if g.is_town(h) and rules.urbanize_site_ok(g, h):
                    out += [Urbanize(seat, g.label(h), c) for c in g.new_cities_left]
        for a in rules.candidate_actions(g, seat):
            try:
                self.check(g, a)
            except IllegalAction:
                continue
            out.append(a)
        return out

    def check(self, g: GameState, a: Action) -> None:
        rules: Rules = g.rules  # type: ignore[assignment]
        if isinstance(a, Urbanize):
            check_urbanize(g, a)
        elif isinstance(a, Excavate):
            rules.check_excavate(g, a)
        elif isinstance(a, BuildStation):
            rules.check_station(g, a)
        elif isinstance(a, MoveStation):
            rules.check_move(g, a)

    def apply(self, g: GameState, a: Action) -> bool:
        b = g.build
        assert b is not None
        rules: Rules = g.rules  # type: ignore[assignment]
        if isinstance(a, EndBuild):
            self._end_build(g)
            return self._next(g)
        if isinstance(a, Urbanize):
            apply_urbanize(g, a, check_urbanize(g, a))
        else:
            b.may_urbanize = False
            if isinstance(a, Excavate):
                rules.do_excavate(g, a)
            elif isinstance(a, BuildStation):
                rules.do_station(g, a)
            else:
                assert isinstance(a, MoveStation)
                rules.do_move(g, a)
            g.board_changed()
        if self._build_over(g):
            self._end_build(g)
            return self._next(g)
        return False


# --- the rules ------------------------------------------------------------------------------------------


class Rules(BaseRules):
    """New York Subway, 3–6 players. The bag and the number of rounds are the base game's."""

    RULES_COMPLETE = True

    DEFAULT_CITY_CUBES = 3  # discs stacked on each skyscraper
    SITE_DISCS = 2  # discs stacked on each construction site
    STATIONS_PER_ROUND = 2  # a player's station cubes: 2 per round of the game
    BUILDS = 3  # stations a turn
    ENGINEER_BUILDS = 3  # the Engineer moves a station instead of building more
    EXCAVATIONS = 2  # excavations a turn
    EXCAVATION_COST = 2  # every hex, construction sites included
    STATION_COST = 1  # to the bank; plus $1 to each player already on the side
    ACTIONS: ClassVar[tuple[str, ...]] = (
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        "turn_order",
    )  # no Production: there is no goods display (ruling)
    PLAYER_COLOURS: ClassVar[tuple[str, ...]] = ("yellow", "red", "blue", "purple", "black", "green")
    # Station cubes in the box for each player colour (the 12 green cubes come with the expansion).
    STATION_CUBES: ClassVar[dict[str, int]] = {
        "yellow": 20,
        "red": 20,
        "blue": 20,
        "purple": 20,
        "black": 16,
        "green": 12,
    }
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "engineer_move_pays": False,  # ruling: the Engineer's move is free; True: paid as a new station
    }

    _seat_cache: tuple[Network, dict[int, tuple[dict[int, int], list[list[int]]]]] | None = None

    def make_phases(self) -> list[Phase]:
        swap: dict[str, Phase] = {"setup": SubwaySetupPhase(), "build_track": SubwayBuildPhase()}
        return [swap.get(p.name, p) for p in super().make_phases() if p.name != "goods_growth"]

    # --- setup ---------------------------------------------------------------------------------

    def display_layout(self, g: GameState) -> dict[str, int]:
        """No goods display ("Return it to the box")."""
        return {}

    def setup_discs(self) -> dict[int, int]:
        """Every stack of the setup: skyscraper hex → 3 discs, construction-site hex → 2."""
        out = {c.hex: self.DEFAULT_CITY_CUBES if c.cubes is None else c.cubes for c in self.map.cities}
        out.update(dict.fromkeys(self.map.towns, self.SITE_DISCS))
        return out

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        return self.setup_discs()

    def stations(self, players: int) -> int:
        """The station cubes each player takes: 2 per round (3 players: 10 rounds, 20 cubes)."""
        return self.TURNS[players] * self.STATIONS_PER_ROUND

    def on_setup(self, g: GameState) -> None:
        g.extra[STACKS] = {g.label(h): [] for h in sorted(self.setup_discs())}
        g.extra[EXCAVATED] = {}
        g.extra[STATIONS] = {}

    def stations_left(self, g: GameState, seat: int) -> int:
        return self.stations(g.start_players) - len(stations_of(g, seat))

    # --- building ------------------------------------------------------------------------------

    def turn_counts(self, g: GameState) -> dict[str, Any]:
        return g.extra.setdefault(TURN, {"excavations": 0, "stations": 0, "moved": False})  # type: ignore[no-any-return]

    def on_build_ended(self, g: GameState, seat: int) -> None:
        g.extra.pop(TURN, None)

    def cheapest_build(self, g: GameState, seat: int) -> int:
        return self.STATION_COST

    def excavation_cost(self, g: GameState, h: int) -> int | None:
        """$2 for every hex but water and skyscrapers (ruling: neither can be excavated)."""
        if g.is_city(h) or g.map.terrain[h] == "sea":
            return None
        return self.EXCAVATION_COST

    def capacity(self, g: GameState) -> int:
        """Stations a side holds: players − 2 (the players who started; at least 1)."""
        return max(1, g.start_players - 2)

    def station_cost(self, g: GameState, side: str) -> int:
        """$1 to the bank, plus $1 to each player already on the side."""
        return self.STATION_COST + len(stations(g).get(side, ()))

    def may_move_station(self, g: GameState, seat: int) -> bool:
        return g.players[seat].action == "engineer" and not self.turn_counts(g)["moved"]

    def _hex(self, g: GameState, label: str) -> int:
        h = g.map.by_label.get(label.strip().upper())
        if h is None:
            raise IllegalAction(f"there is no hex {label!r} on this map")
        return h

    def _side(self, g: GameState, place: str, hex_: str) -> str:
        """The side named by a place and its neighbour, checked to exist; IllegalAction otherwise."""
        p, h = self._hex(g, place), self._hex(g, hex_)
        if not is_place(g, p):
            raise IllegalAction(f"{g.label(p)} is not a skyscraper or construction site")
        if h not in g.map.neighbours[p]:
            raise IllegalAction(f"{g.label(h)} is not next to {g.stop_name(p)}")
        return side_key(g, p, h)

    def _check_target(self, g: GameState, seat: int, side: str, place: str, hex_: str) -> None:
        if not side_ok(g, side):
            raise IllegalAction(f"a station needs an excavated hex: {hex_.upper()} has not been excavated")
        there = stations(g).get(side, [])
        if seat in there:
            raise IllegalAction(f"you already have a station on the side between {place.upper()} and {hex_.upper()}")
        if len(there) >= self.capacity(g):
            raise IllegalAction(
                f"the side between {place.upper()} and {hex_.upper()} already holds "
                f"{len(there)} station{'s' if len(there) > 1 else ''}, its limit"
            )

    def check_excavate(self, g: GameState, a: Excavate) -> None:
        h = self._hex(g, a.hex)
        if self.turn_counts(g)["excavations"] >= self.EXCAVATIONS:
            raise IllegalAction(f"you may excavate only {self.EXCAVATIONS} hexes a turn")
        cost = self.excavation_cost(g, h)
        if cost is None:
            what = "water" if g.map.terrain[h] == "sea" else "a skyscraper"
            raise IllegalAction(f"{g.label(h)} is {what} and cannot be excavated")
        if g.label(h) in excavated(g):
            raise IllegalAction(f"{g.label(h)} has already been excavated")
        if g.players[a.player].cash < cost:
            raise IllegalAction(f"excavating costs ${cost}; you have ${g.players[a.player].cash}")

    def do_excavate(self, g: GameState, a: Excavate) -> None:
        h = self._hex(g, a.hex)
        cost = self.excavation_cost(g, h) or 0
        excavated(g)[g.label(h)] = a.player
        g.players[a.player].cash -= cost
        g.players[a.player].has_built = True
        self.turn_counts(g)["excavations"] += 1
        g.say(f"{g.player_name(a.player)} excavates {g.label(h)} for ${cost}")

    def check_station(self, g: GameState, a: BuildStation) -> None:
        b = g.build
        assert b is not None
        if b.builds_left <= 0:
            raise IllegalAction(f"you may build only {self.BUILDS} stations a turn")
        if self.stations_left(g, a.player) <= 0:
            raise IllegalAction("you have no station cubes left")
        side = self._side(g, a.place, a.hex)
        self._check_target(g, a.player, side, a.place, a.hex)
        cost = self.station_cost(g, side)
        if g.players[a.player].cash < cost:
            raise IllegalAction(f"this station costs ${cost}; you have ${g.players[a.player].cash}")

    def _pay_for_station(self, g: GameState, seat: int, side: str) -> str:
        """Pay $1 to the bank and $1 to each player on ``side``; a note of who was paid."""
        there = stations(g).get(side, [])
        p = g.players[seat]
        p.cash -= self.STATION_COST
        for o in there:
            p.cash -= 1
            g.players[o].cash += 1
        return f" (+$1 to {', '.join(g.player_name(o) for o in there)})" if there else ""

    def do_station(self, g: GameState, a: BuildStation) -> None:
        side = self._side(g, a.place, a.hex)
        cost = self.station_cost(g, side)
        paid = self._pay_for_station(g, a.player, side)
        stations(g).setdefault(side, []).append(a.player)
        b = g.build
        assert b is not None
        b.builds_left -= 1
        b.builds_done += 1
        b.spent.append(cost)
        g.players[a.player].has_built = True
        self.turn_counts(g)["stations"] += 1
        g.say(
            f"{g.player_name(a.player)} builds a station between {a.place.upper()} and {a.hex.upper()} "
            f"for ${cost}{paid}"
        )

    def check_move(self, g: GameState, a: MoveStation) -> None:
        if g.players[a.player].action != "engineer":
            raise IllegalAction("only the Engineer holder may move a station")
        if self.turn_counts(g)["moved"]:
            raise IllegalAction("the Engineer moves one station a turn")
        old = self._side(g, a.place, a.hex)
        if a.player not in stations(g).get(old, []):
            raise IllegalAction(f"you have no station between {a.place.upper()} and {a.hex.upper()}")
        new = self._side(g, a.to_place, a.to_hex)
        if new == old:
            raise IllegalAction("a station must move to another side")
        self._check_target(g, a.player, new, a.to_place, a.to_hex)
        if g.options.get("engineer_move_pays") and g.players[a.player].cash < self.station_cost(g, new):
            raise IllegalAction(
                f"moving there costs ${self.station_cost(g, new)}; you have ${g.players[a.player].cash}"
            )

    def do_move(self, g: GameState, a: MoveStation) -> None:
        old = self._side(g, a.place, a.hex)
        new = self._side(g, a.to_place, a.to_hex)
        paid = ""
        if g.options.get("engineer_move_pays"):
            paid = self._pay_for_station(g, a.player, new)
        st = stations(g)
        st[old].remove(a.player)
        if not st[old]:
            del st[old]
        st.setdefault(new, []).append(a.player)
        self.turn_counts(g)["moved"] = True
        g.say(
            f"{g.player_name(a.player)} moves a station from {a.place.upper()}/{a.hex.upper()} to "
            f"{a.to_place.upper()}/{a.to_hex.upper()}{paid}"
        )

    def station_sides(self, g: GameState) -> list[tuple[int, int]]:
        """Every (place, neighbour) pair whose side takes stations now."""
        out = []
        dug = excavated(g)
        for lab in dug:
            h = g.map.by_label[lab]
            for n in g.map.neighbours[h]:
                if n >= 0 and is_place(g, n):
                    out.append((n, h))
        return sorted(set(out))

    def candidate_actions(self, g: GameState, seat: int) -> list[Action]:
        """Excavations, stations and moves worth checking (``SubwayBuildPhase.legal`` checks each)."""
        t = self.turn_counts(g)
        b = g.build
        assert b is not None
        out: list[Action] = []
        if t["excavations"] < self.EXCAVATIONS and g.players[seat].cash >= self.EXCAVATION_COST:
            dug = excavated(g)
            out += [
                Excavate(seat, g.label(h))
                for h in range(g.map.size)
                if g.label(h) not in dug and self.excavation_cost(g, h) is not None
            ]
        sides = self.station_sides(g)
        if b.builds_left > 0:
            out += [BuildStation(seat, g.label(p), g.label(h)) for p, h in sides]
        if self.may_move_station(g, seat):
            for side in stations_of(g, seat):
                a, c = side_hexes(g, side)
                p, h = (a, c) if is_place(g, a) else (c, a)
                out += [
                    MoveStation(seat, g.label(p), g.label(h), g.label(q), g.label(k))
                    for q, k in sides
                    if side_key(g, q, k) != side
                ]
        return out

    def action_cost(self, g: GameState, a: Action) -> int:
        if isinstance(a, Excavate):
            return self.EXCAVATION_COST
        if isinstance(a, BuildStation):
            return self.station_cost(g, self._side(g, a.place, a.hex))
        if isinstance(a, MoveStation) and g.options.get("engineer_move_pays"):
            return self.station_cost(g, self._side(g, a.to_place, a.to_hex))
        return 0

    def check_urbanize_site(self, g: GameState, h: int, letter: str) -> None:
        """A New City goes on a construction site; its stack and the stations on its sides stay."""

    # --- the network and moving goods ----------------------------------------------------------

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

    def goods_sources(self, g: GameState) -> dict[int, dict[str, int]]:
        """The top disc of every stack."""
        return {g.map.by_label[lab]: {discs[-1]: 1} for lab, discs in stacks(g).items() if discs}

    def take_goods(self, g: GameState, stop: int, colour: str) -> None:
        stacks(g)[g.label(stop)].pop()

    def delivered_cube(self, g: GameState, seat: int, route: Route) -> None:
        """The floor goes under the destination's stack (not back to the bag)."""
        stacks(g).setdefault(g.label(route.stops[-1]), []).insert(0, route.colour)

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

    def route_allowed(self, g: GameState, seat: int, route: Route) -> bool:
        if any(link.owner != seat for link in route.links):
            return False
        single, duals = self._station_places(g, seat)
        return _covers(single, duals, demand_of(list(route.stops)))

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str:
        if any(link.owner != seat for link in route.links):
            return "discs move only along your own stations"
        return (
            "each of your stations may be used once per transport: passing through a place takes two of "
            "your stations there"
        )

    # --- the end -------------------------------------------------------------------------------

    def on_eliminated(self, g: GameState, seat: int) -> None:
        """Ruling: a bankrupt player's stations leave the board."""
        st = stations(g)
        for side in list(st):
            if seat in st[side]:
                st[side].remove(seat)
                if not st[side]:
                    del st[side]
        g.board_changed()

    def skyscraper_points(self, g: GameState, seat: int) -> int:
        """For each skyscraper: its height × your stations on its sides."""
        total = 0
        for side in stations_of(g, seat):
            total += sum(height(g, p) for p in side_places(g, side) if g.is_city(p))
        return total

    def score(self, g: GameState, seat: int) -> int:
        return base_score(g, seat) + self.skyscraper_points(g, seat)

    # --- checks and descriptions ---------------------------------------------------------------

    def extra_goods(self, g: GameState) -> dict[str, int]:
        out: dict[str, int] = {}
        for discs in stacks(g).values():
            for c in discs:
                out[c] = out.get(c, 0) + 1
        return out

    def extra_invariants(self, g: GameState) -> list[str]:
        problems = []
        cap = self.capacity(g)
        for side, seats in stations(g).items():
            a, b = side_hexes(g, side)
            if side != side_key(g, a, b) or b not in g.map.neighbours[a]:
                problems.append(f"side {side} is not a side between two neighbouring hexes")
            if len(seats) > cap:
                problems.append(f"side {side} holds {len(seats)} stations, more than {cap}")
            if len(set(seats)) != len(seats):
                problems.append(f"side {side} holds two stations of one player")
            if not side_ok(g, side):
                problems.append(f"side {side} holds stations but no excavated hex meets a place there")
            if any(g.players[s].eliminated for s in seats):
                problems.append(f"side {side} holds a station of an eliminated player")
        for p in g.players:
            if self.stations_left(g, p.seat) < 0:
                problems.append(f"{p.name} has more stations on the board than station cubes")
        for lab in excavated(g):
            h = g.map.by_label[lab]
            if h in g.map.city_at or g.map.terrain[h] == "sea":  # a site urbanized after its excavation stays dug
                problems.append(f"{lab} is excavated but cannot be")
        if g.turn and set(stacks(g)) != {g.label(h) for h in self.setup_discs()}:
            problems.append("the stacks are not exactly those of the skyscrapers and construction sites")
        return problems

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if isinstance(a, Excavate):
            return f"excavate {a.hex} (${self.EXCAVATION_COST})"
        if isinstance(a, BuildStation):
            side = self._side(g, a.place, a.hex)
            there = stations(g).get(side, [])
            pay = f", $1 to {', '.join(g.player_name(o) for o in there)}" if there else ""
            return (
                f"station between {g.stop_name(g.map.by_label[a.place])} ({a.place}) and {a.hex} "
                f"(${self.station_cost(g, side)}{pay})"
            )
        if isinstance(a, MoveStation):
            return f"move your station {a.place}/{a.hex} to {a.to_place}/{a.to_hex}"
        return None

    def describe_status(self, g: GameState) -> list[str]:
        out = []
        for lab, discs in sorted(stacks(g).items()):
            h = g.map.by_label[lab]
            mine = [
                f"{g.players[s].colour}"
                for side, seats in stations(g).items()
                if h in side_places(g, side)
                for s in seats
            ]
            out.append(
                f"{g.stop_name(h)} ({lab}): stack {'/'.join(discs) or 'empty'} (top last)"
                f"{'; stations ' + ', '.join(mine) if mine else ''}"
            )
        out.append("Excavated: " + (", ".join(sorted(excavated(g))) or "none"))
        out.append(
            "Station cubes left: "
            + ", ".join(f"{p.name} {self.stations_left(g, p.seat)}" for p in g.players if not p.eliminated)
        )
        return out
