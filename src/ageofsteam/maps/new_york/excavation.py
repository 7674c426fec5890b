"""New York Subway, Phase IV: excavation — up to 2 hexes a turn at $2 each (neither water nor a skyscraper),
and the turn's counts that the building phase keeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.actions import Action, HexLabel, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.new_york.figures import excavated
from ageofsteam.maps.new_york.setup import SetupRules
from ageofsteam.maps.new_york.state import SubwayTurn, state

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@register
@dataclass(frozen=True, slots=True)
class Excavate(Action):
    """Phase IV (New York Subway): excavate the hex ``hex`` (a face-down tile)."""

    kind: ClassVar[str] = "excavate"
    player: int
    hex: HexLabel


class ExcavationRules(SetupRules):
    """Excavating hexes, and the build turn's counts."""

    EXCAVATIONS = 2  # excavations a turn
    EXCAVATION_COST = 2  # every hex, construction sites included

    def turn_counts(self, g: GameState) -> SubwayTurn:
        """The counts of the build turn in progress (all 0 before its first excavation, station or move)."""
        return state(g).subway_turn or SubwayTurn()

    def count_turn(self, g: GameState) -> SubwayTurn:
        """The counts of the build turn in progress, to be added to."""
        figures = state(g)
        if figures.subway_turn is None:
            figures.subway_turn = SubwayTurn()
        return figures.subway_turn

    def on_build_ended(self, g: GameState, seat: int) -> None:
        state(g).subway_turn = None

    def excavation_cost(self, g: GameState, h: int) -> int | None:
        """$2 for every hex but water and skyscrapers (ruling: neither can be excavated)."""
        if g.is_city(h) or g.map.terrain[h] == "sea":
            return None
        return self.EXCAVATION_COST

    def _hex(self, g: GameState, label: str) -> int:
        h = g.map.by_label.get(label.strip().upper())
        if h is None:
            raise IllegalAction(f"there is no hex {label!r} on this map")
        return h

    def excavation_refusal(self, g: GameState, seat: int, h: int | None = None) -> str | None:
        """Why ``seat`` may not excavate ``h`` now, in player words (None: they may). Without ``h``: why they
        may excavate no more hexes this turn (the building phase ends by itself when nothing is left)."""
        if self.turn_counts(g).excavations >= self.EXCAVATIONS:
            return f"you may excavate only {self.EXCAVATIONS} hexes a turn"
        cost = self.EXCAVATION_COST
        if h is not None:
            hex_cost = self.excavation_cost(g, h)
            if hex_cost is None:
                what = "water" if g.map.terrain[h] == "sea" else "a skyscraper"
                return f"{g.label(h)} is {what} and cannot be excavated"
            if g.label(h) in excavated(g):
                return f"{g.label(h)} has already been excavated"
            cost = hex_cost
        cash = g.players[seat].cash
        if cash < cost:
            return f"excavating costs ${cost}; you have ${cash}"
        return None

    def check_excavate(self, g: GameState, a: Excavate) -> None:
        refusal = self.excavation_refusal(g, a.player, self._hex(g, a.hex))
        if refusal is not None:
            raise IllegalAction(refusal)

    def do_excavate(self, g: GameState, a: Excavate) -> None:
        h = self._hex(g, a.hex)
        cost = self.excavation_cost(g, h) or 0
        excavated(g)[g.label(h)] = a.player
        g.players[a.player].cash -= cost
        g.players[a.player].has_built = True
        self.count_turn(g).excavations += 1
        g.say(f"{g.player_name(a.player)} excavates {g.label(h)} for ${cost}")
