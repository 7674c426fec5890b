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
    place: HexLabel
    hex: HexLabel


@register
@dataclass(frozen=True, slots=True)
class MoveStation(Action):
    """Phase IV (New York Subway, Engineer): move your station from the side ``place``/``hex`` to the side
    ``to_place``/``to_hex``."""

    kind: ClassVar[str] = "move_station"
    player: int
    place: HexLabel
    hex: HexLabel
    to_place: HexLabel
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

    def _side(self, g: GameState, place: str, hex_: str) -> str:
        """The side named by a place and its neighbour, checked to exist; IllegalAction otherwise."""
        p, h = self._hex(g, place), self._hex(g, hex_)
        if not is_place(g, p):
            raise IllegalAction(f"{g.label(p)} is not a skyscraper or construction site")
        if h not in g.map.neighbours[p]:
            raise IllegalAction(f"{g.label(h)} is not next to {g.stop_name(p)}")
        return side_key(g, p, h)

    def side_refusal(self, g: GameState, seat: int, place: str, hex_: str) -> str | None:
        """Why ``seat`` may not have a station on the side where ``place`` meets ``hex_`` (None: they may):
        it needs an excavated hex, one station of theirs at most, and room (``capacity``)."""
        try:
            side = self._side(g, place, hex_)
        except IllegalAction as named:
            return str(named)
        if not side_ok(g, side):
            return f"a station needs an excavated hex: {hex_.upper()} has not been excavated"
        there = stations(g).get(side, [])
        if seat in there:
            return f"you already have a station on the side between {place.upper()} and {hex_.upper()}"
        if len(there) >= self.capacity(g):
            return (
                f"the side between {place.upper()} and {hex_.upper()} already holds "
                f"{len(there)} station{'s' if len(there) > 1 else ''}, its limit"
            )
        return None

    def builds_left_text(self, g: GameState) -> str:
        """Stations and excavations, not tiles: what the player building may still do this turn."""
        assert g.build is not None
        stations = max(0, g.build.builds_left)
        digs = max(0, self.EXCAVATIONS - self.turn_counts(g).excavations)
        return (
            f"{stations} station{'' if stations == 1 else 's'} and {digs} excavation{'' if digs == 1 else 's'} "
            "left to build"
        )

    def station_refusal(self, g: GameState, seat: int, place: str | None = None, hex_: str = "") -> str | None:
        """Why ``seat`` may not build a station where ``place`` meets ``hex_`` now, in player words (None: they
        may). Without ``place``: why they may build no more stations this turn."""
        b = g.build
        assert b is not None
        if b.builds_left <= 0:
            return f"you may build only {self.BUILDS} stations a turn"
        if self.stations_left(g, seat) <= 0:
            return "you have no station cubes left"
        cost = self.STATION_COST
        if place is not None:
            refusal = self.side_refusal(g, seat, place, hex_)
            if refusal is not None:
                return refusal
            cost = self.station_cost(g, self._side(g, place, hex_))  # the side exists: side_refusal named it
        cash = g.players[seat].cash
        if cash < cost:
            return f"this station costs ${cost}; you have ${cash}"
        return None

    def move_refusal(self, g: GameState, seat: int, a: MoveStation | None = None) -> str | None:
        """Why ``seat`` may not make the Engineer's station move ``a`` now (None: they may). Without ``a``: why
        they may move no station this turn."""
        if g.players[seat].action != "engineer":
            return "only the Engineer holder may move a station"
        if self.turn_counts(g).moved:
            return "the Engineer moves one station a turn"
        if a is None:
            return None
        try:
            old = self._side(g, a.place, a.hex)
            if seat not in stations(g).get(old, []):
                return f"you have no station between {a.place.upper()} and {a.hex.upper()}"
            new = self._side(g, a.to_place, a.to_hex)
        except IllegalAction as named:
            return str(named)
        if new == old:
            return "a station must move to another side"
        refusal = self.side_refusal(g, seat, a.to_place, a.to_hex)
        if refusal is not None:
            return refusal
        cost = self.station_cost(g, new)
        if g.options.get("engineer_move_pays") and g.players[seat].cash < cost:
            return f"moving there costs ${cost}; you have ${g.players[seat].cash}"
        return None

    def check_station(self, g: GameState, a: BuildStation) -> None:
        refusal = self.station_refusal(g, a.player, a.place, a.hex)
        if refusal is not None:
            raise IllegalAction(refusal)

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
        self.count_turn(g).stations += 1
        g.say(
            f"{g.player_name(a.player)} builds a station between {a.place.upper()} and {a.hex.upper()} "
            f"for ${cost}{paid}"
        )

    def check_move(self, g: GameState, a: MoveStation) -> None:
        refusal = self.move_refusal(g, a.player, a)
        if refusal is not None:
            raise IllegalAction(refusal)

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
        self.count_turn(g).moved = True
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

    def build_actions(self, g: GameState, seat: int) -> list[Action]:
        """The excavations, stations and station moves ``seat`` may take now."""
        out: list[Action] = []
        if self.excavation_refusal(g, seat) is None:
            diggable = (h for h in range(g.map.size) if self.excavation_refusal(g, seat, h) is None)
            out += [Excavate(seat, g.label(h)) for h in diggable]
        sides = [(g.label(p), g.label(h)) for p, h in self.station_sides(g)]
        if self.station_refusal(g, seat) is None:
            out += [BuildStation(seat, p, h) for p, h in sides if self.station_refusal(g, seat, p, h) is None]
        if self.move_refusal(g, seat) is None:
            for side in stations_of(g, seat):
                a, c = side_hexes(g, side)
                p, h = (a, c) if is_place(g, a) else (c, a)
                moves = (MoveStation(seat, g.label(p), g.label(h), q, k) for q, k in sides)
                out += [m for m in moves if self.move_refusal(g, seat, m) is None]
        return out

    def action_cost(self, g: GameState, a: Action) -> int:
        if isinstance(a, Excavate):
            return self.EXCAVATION_COST
        if isinstance(a, BuildStation):
            return self.station_cost(g, self._side(g, a.place, a.hex))
        if isinstance(a, MoveStation) and g.options.get("engineer_move_pays"):
            return self.station_cost(g, self._side(g, a.to_place, a.to_hex))
        return 0


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
        seat = b.player
        can_dig = rules.excavation_refusal(g, seat) is None
        can_station = rules.station_refusal(g, seat) is None
        can_move = rules.move_refusal(g, seat) is None and bool(stations_of(g, seat))
        return not (can_dig or can_station or can_move)

    def legal(self, g: GameState) -> list[Action]:
        b = g.build
        assert b is not None
        rules: StationRules = g.rules  # type: ignore[assignment]
        seat = b.player
        out: list[Action] = [EndBuild(seat)]
        if b.may_urbanize:
            for h in sorted(g.map.towns, key=g.label):
                if g.is_town(h) and rules.urbanize_refusal(g, h) is None:
                    out += [Urbanize(seat, g.label(h), c) for c in g.new_cities_left]
        return out + rules.build_actions(g, seat)

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
