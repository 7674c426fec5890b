"""Heavy Cardboard's judgement for the bots: Heavy Lifting by the income it brings this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.maps.heavy_cardboard.heavy_lifting import HEAVY_LIFTING, has_own_link, lift_income

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Judgement(BaseJudgement):
    """Heavy Cardboard's judgement."""

    def action_value(self, g: GameState, seat: int, action: str) -> float | None:
        """Heavy Lifting is worth its income this turn when the player has a completed link at a city with
        cubes to lift from."""
        if action != HEAVY_LIFTING:
            return None
        starts = [c for c, cubes in g.cubes.items() if any(cubes.values()) and has_own_link(g, seat, c)]
        return 1.0 + 0.8 * lift_income(g) if starts else 0.5
