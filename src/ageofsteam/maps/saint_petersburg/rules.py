"""Saint Petersburg (3–4 players): what the rulebook changes at setup.

Setup: the game starts in winter (the season disc on the winter space), the action block disc on the
Locomotive action, 4 goods on each yellow and each purple city and 1 on every other city, and the game ends
one round earlier than usual. The hex costs (suburban $0, urban $2, green $3, river $4 in summer and none in
winter, no track on the sea), the seasons and the Engineer's two faces come with the gameplay rules (a later
issue).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

WINTER = "winter"
SUMMER = "summer"
# The action the block disc covers in each season (it cannot be selected).
BLOCKED_IN = {WINTER: "locomotive", SUMMER: "urbanization"}


class Rules(BaseRules):
    """Saint Petersburg: the base rules with its setup."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    # One round fewer than the base game for the same number of players.
    TURNS: ClassVar[dict[int, int]] = {n: BaseRules.TURNS[n] - 1 for n in (3, 4)}
    DEFAULT_CITY_CUBES = 1
    RICH_COLOURS: ClassVar[tuple[str, ...]] = ("yellow", "purple")
    RICH_CITY_CUBES = 4

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        """4 goods on each yellow and each purple city, 1 on every other city (unless the map file gives a city
        its own)."""
        out = {}
        for c in self.map.cities:
            if c.cubes is not None:
                out[c.hex] = c.cubes
            elif set(c.colours) & set(self.RICH_COLOURS):
                out[c.hex] = self.RICH_CITY_CUBES
            else:
                out[c.hex] = self.DEFAULT_CITY_CUBES
        return out

    def on_setup(self, g: GameState) -> None:
        """The season disc on winter; the action block disc on the action winter blocks (Locomotive)."""
        g.extra["season"] = WINTER
        g.extra["blocked_action"] = BLOCKED_IN[WINTER]
