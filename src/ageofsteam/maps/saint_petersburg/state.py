"""Saint Petersburg's own figures: the season disc and the action block disc."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

Season = Literal["winter", "summer"]
WINTER: Season = "winter"
SUMMER: Season = "summer"
OTHER_SEASON: dict[Season, Season] = {WINTER: SUMMER, SUMMER: WINTER}
# The action the block disc covers in each season (it cannot be selected).
BLOCKED_IN: dict[Season, str] = {WINTER: "locomotive", SUMMER: "urbanization"}


@dataclass
class State(MapState):
    """The figures of Saint Petersburg, as at setup: winter, the block disc on Locomotive."""

    season: Season = WINTER
    """The space the season disc is on; it turns over each time the turn marker advances."""
    blocked_action: str = BLOCKED_IN[WINTER]
    """The action under the action block disc, which cannot be selected: Locomotive in winter, Urbanization in
    summer."""


def state(g: GameState) -> State:
    """Saint Petersburg's figures in ``g``."""
    assert isinstance(g.map_state, State), "not a Saint Petersburg game"
    return g.map_state
