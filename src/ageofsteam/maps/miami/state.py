"""Miami 2030's own figures: the flood cubes, the people waiting on the districts and those evacuated, the flood
cubes still to place this round, and the result. Hexes and districts are named by their labels."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

FLOOD = "flood"  # the marker of a flood cube


@dataclass
class Result:
    """How the game ended."""

    won: bool  # every person evacuated without going bankrupt
    round: int  # the round it ended in
    evacuated: int  # people evacuated
    left: int  # people still on the map
    reason: str  # why, in words: "every person is evacuated", "bankrupt", "3 people are still on the map …"


@dataclass
class State(MapState):
    """The figures of Miami 2030."""

    markers: dict[str, list[str]] = field(default_factory=dict)
    """Hex label → the markers on it: ``["flood"]`` for a flooded hex (a flood cube on the ground or, laid with
    Coast Guard or flooded later, on the track tile)."""
    people: dict[str, dict[str, int]] = field(default_factory=dict)
    """District label → colour → people (cubes) waiting there (districts not urbanized; an urbanized district's
    people are cubes on its New City)."""
    evacuated: dict[str, int] = field(default_factory=dict)
    """Colour → people who left the map (delivered to an exit or to an urbanized district)."""
    floods_due: int = 0
    """Round Marker Advance / Flooding: flood cubes still to place this round (0 outside that phase)."""
    result: Result | None = None
    """Won or lost, once the game is over."""


def state(g: GameState) -> State:
    """Miami 2030's figures in ``g``."""
    figures = g.map_state
    assert isinstance(figures, State), "not a Miami 2030 game"
    return figures
