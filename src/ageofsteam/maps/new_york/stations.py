"""New York Subway, Phase IV: underground stations — up to 3 a turn on the sides where an excavated hex meets
a skyscraper or construction site, $1 to the bank and $1 to each player already there — the Engineer's one
station move, and the building phase that takes these with excavations and Urbanization."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.actions import Action, EndBuild, HexLabel, Urbanize, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.new_york.excavation import Excavate, ExcavationRules
from ageofsteam.maps.new_york.figures import excavated, is_place, side_hexes, side_key, side_ok, stations, stations_of
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.urbanization import check_urbanize

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class BuildStation(Action):
    """Phase IV (New York Subway): an underground station on the side where ``place`` meets ``hex``."""

    kind: ClassVar[str] = "build_station"
    player: int
    place: str
    hex: HexLabel


@register
@dataclass(frozen=True, slots=True)
class MoveStation(Action):
    """Phase IV (New York Subway, Engineer): move your station from the side ``place``/``hex`` to the side
    ``to_place``/``to_hex``."""

    kind: ClassVar[str] = "move_station"
    player: int
    place: str
    hex: HexLabel
    to_place: str
    to_hex: HexLabel


class StationRules(ExcavationRules):
    """Building and moving stations, and what the building phase offers."""

    BUILDS = 3  # stations a turn
    ENGINEER_BUILDS = 3  # the Engineer moves a station instead of building more
    STATION_COST = 1  # to the bank; plus $1 to each player already on the side

    def cheapest_build(self, g: GameState, seat: int) -> int:
        return self.STATION_COST

    def capacity(self, g: GameState) -> int:
        """Stations a side holds: players − 2 (the players who started; at least 1)."""
        return max(1, g.start_players - 2)

    def station_cost(self, g: GameState, side: str) -> int:
        """$1 to the bank, plus $1 to each player already on the side."""
        return self.STATION_COST + len(stations(g).get(side, ()))

    def may_move_station(self, g: GameState, seat: int) -> bool:
        return g.players[seat].action == "engineer" and not self.turn_counts(g)["moved"]

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
        rules: StationRules = g.rules  # type: ignore[assignment]
        t = rules.turn_counts(g)
        cash = g.players[b.player].cash
        can_dig = t["excavations"] < rules.EXCAVATIONS and cash >= rules.EXCAVATION_COST
        can_station = b.builds_left > 0 and cash >= 1 and rules.stations_left(g, b.player) > 0
        can_move = rules.may_move_station(g, b.player) and bool(stations_of(g, b.player))
        return not (can_dig or can_station or can_move)

    def legal(self, g: GameState) -> list[Action]:
        b = g.build
        assert b is not None
        rules: StationRules = g.rules  # type: ignore[assignment]
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
        rules: StationRules = g.rules  # type: ignore[assignment]
        if isinstance(a, Urbanize):
            check_urbanize(g, a)
        elif isinstance(a, Excavate):
            rules.check_excavate(g, a)
        elif isinstance(a, BuildStation):
            rules.check_station(g, a)
        elif isinstance(a, MoveStation):
            rules.check_move(g, a)

    def build(self, g: GameState, a: Action) -> None:
        b = g.build
        assert b is not None
        rules: StationRules = g.rules  # type: ignore[assignment]
        b.may_urbanize = False
        if isinstance(a, Excavate):
            rules.do_excavate(g, a)
        elif isinstance(a, BuildStation):
            rules.do_station(g, a)
        else:
            assert isinstance(a, MoveStation)
            rules.do_move(g, a)
        g.board_changed()
