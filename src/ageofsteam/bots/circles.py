"""The judgement shared by the maps built with discs on circles (``rules/circles.py``: 51st State, Old Europe),
which their ``bots.py`` derive from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import Judgement

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.move_goods import Route


class CircleJudgement(Judgement):
    """Deliveries earn the places they pass, not their discs."""

    def route_income(self, g: GameState, seat: int, route: Route) -> int:
        """The bots count what the map pays the mover for a delivery (``delivery_income``: on the maps built
        with discs, its engine levels), not one a disc: a long chain of discs through places that cost no level
        pays no more than one disc."""
        return int(g.rules.delivery_income(g, seat, route).get(seat, 0))

    def thrifty(self, g: GameState, seat: int) -> bool:
        """Yes: a delivery earns the places it passes, not its discs, so income grows slowly; shares for track
        and an engine level ahead of the deliveries are taken only if today's income carries them."""
        return True
