"""New York Subway's own figures: the skyscraper stacks, the excavated hexes, the underground stations, and
the counts of the build turn in progress. Places and hexes are named by their labels, sides by the two labels
in alphabetical order (``"K2-M2"``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


@dataclass
class SubwayTurn:
    """What the player building now has done this turn (Phase IV)."""

    excavations: int = 0  # hexes excavated (up to 2)
    stations: int = 0  # stations built (up to 3)
    moved: bool = False  # the Engineer holder has moved their one station


@dataclass
class State(MapState):
    """The figures of New York Subway."""

    stacks: dict[str, list[str]] = field(default_factory=dict)
    """Skyscraper or construction site (label) → its floors (disc colours), bottom first: the last is the top,
    the only one that moves. Every skyscraper and construction site has a stack, empty or not."""
    excavated: dict[str, int] = field(default_factory=dict)
    """Excavated hex (label, a face-down tile) → the seat who dug it (anyone may use it: only a record)."""
    stations: dict[str, list[int]] = field(default_factory=dict)
    """Hex side ``"A-B"`` → seats with an underground station there, in the order built."""
    subway_turn: SubwayTurn | None = None
    """The build turn in progress: its excavations, stations and Engineer move (None between build turns)."""


def state(g: GameState) -> State:
    """New York Subway's figures in ``g``."""
    assert isinstance(g.map_state, State), "not a New York Subway game"
    return g.map_state
