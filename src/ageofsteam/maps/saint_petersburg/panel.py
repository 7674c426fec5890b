"""Saint Petersburg's side panel: the season, the action under the block disc, and what the season does to
rivers and the Engineer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.saint_petersburg.rules import Rules
from ageofsteam.maps.saint_petersburg.state import SUMMER, state
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    season = rules.season(g)
    summer = season == SUMMER
    builds = int(g.options["engineer_summer_builds" if summer else "engineer_winter_builds"])
    return [
        PanelFact(
            "Season",
            season,
            "The game starts in winter; the season changes each time the turn marker advances.",
        ),
        PanelFact(
            "Block disc",
            f"{rules.action_title(state(g).blocked_action)} cannot be selected",
            "The action block disc covers Locomotive in winter and Urbanization in summer.",
        ),
        PanelFact(
            "River hexes",
            f"${rules.TERRAIN_COSTS['river']}" if summer else f"Engineer only, ${rules.WINTER_RIVER_COST} a hex",
            "In summer a river hex costs $4; in winter only the Engineer may lay track on rivers, at $5 a hex.",
        ),
        PanelFact(
            "Engineer",
            f"{builds} builds" + ("" if summer else ", rivers at $5"),
            "The Engineer builds one more tile in summer; in winter it may build on rivers instead.",
        ),
    ]
