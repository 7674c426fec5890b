"""New York Subway (rulebook 000, 2022 revised edition, 3–6 players): excavation and underground stations
instead of track, skyscraper floors (discs in ordered stacks) instead of goods cubes.

Its figures (``state.py``, typed; the state view shows them under ``extra``):

* ``stacks``: place hex label → its discs, **bottom first** (the last is the top, the only one that moves);
  every skyscraper and construction site has a stack, empty or not;
* ``excavated``: hex label → seat who dug it (anyone may use it: the seat is only a record);
* ``stations``: hex side ``"A-B"`` (the two labels in alphabetical order) → seats with a station there, in the
  order built;
* ``subway_turn``: the build turn in progress (excavations, stations, the Engineer's move), or None.

Setup draws 3 discs onto each skyscraper and 2 onto each construction site; there is no goods display, so no
goods growth and no Production. A build turn is up to 2 excavations ($2 each) and up to 3 stations, plus one
station moved by the Engineer holder. A player's stations are all joined by tunnel: the network has one link
(owner: that player) between every two places where they have stations, so Move Goods, engine and income are
the shared code — each hop is one link (one engine level, +1 income). A transport uses each station once
(passing through a place takes two of your stations there), visits each place once and stops at the first
skyscraper of its colour; the disc goes under the destination's stack. At the end each skyscraper scores its
height for each of your stations on its sides.

The rules live in modules named after the rulebook: ``setup`` (stacks and station cubes), ``excavation`` and
``stations`` (Phase IV and its actions), ``transport`` (moving floors along a player's stations) and
``scoring`` (the skyscraper bonus); ``state`` holds the figures and ``figures`` the helpers they share;
``panel`` sums the figures up for the side panel and ``draw`` draws them. This module wires them into ``Rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.maps.new_york.excavation import Excavate
from ageofsteam.maps.new_york.figures import (
    excavated,
    height,
    is_place,
    side_hexes,
    side_key,
    side_ok,
    side_places,
    stacks,
    stations,
    stations_of,
)
from ageofsteam.maps.new_york.scoring import ScoringRules
from ageofsteam.maps.new_york.setup import SubwaySetupPhase
from ageofsteam.maps.new_york.stations import BuildStation, MoveStation, StationRules, SubwayBuildPhase
from ageofsteam.maps.new_york.transport import TransportRules, demand_of, path_stops
from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.phase import Phase

__all__ = [
    "BuildStation",
    "Excavate",
    "MoveStation",
    "Rules",
    "SubwayBuildPhase",
    "SubwaySetupPhase",
    "demand_of",
    "excavated",
    "height",
    "is_place",
    "path_stops",
    "side_hexes",
    "side_key",
    "side_ok",
    "side_places",
    "stacks",
    "stations",
    "stations_of",
]


class Rules(ScoringRules, TransportRules, StationRules):
    """New York Subway, 3–6 players. The bag and the number of rounds are the base game's."""

    ACTIONS: ClassVar[tuple[str, ...]] = (
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        "turn_order",
    )  # no Production: there is no goods display (ruling)
    PLAYER_COLOURS: ClassVar[tuple[str, ...]] = ("yellow", "red", "blue", "purple", "black", "green")
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "engineer_move_pays": False,  # ruling: the Engineer's move is free; True: paid as a new station
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "engineer_move_pays": "On: the Engineer's station move is paid as a new station; off: it is free.",
    }

    def make_phases(self) -> list[Phase]:
        swap: dict[str, Phase] = {"setup": SubwaySetupPhase(), "build_track": SubwayBuildPhase()}
        return [swap.get(p.name, p) for p in super().make_phases() if p.name != "goods_growth"]

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

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        """The cost (``action_cost``); for a station, also the $1 it pays each player already on its side."""
        out = super().action_info(g, a)
        if isinstance(a, BuildStation):
            there = stations(g).get(self._side(g, a.place, a.hex), [])
            out["pays"] = [{"seat": o, "name": g.player_name(o), "amount": 1} for o in there]
        return out

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
        """Each skyscraper stack in full (the terminal has no board to read it from), then the panel."""
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
        return out + super().describe_status(g)  # each stack in full, then the panel's facts
