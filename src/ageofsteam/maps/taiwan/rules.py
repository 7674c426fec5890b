"""Taiwan (5–6 players): what the rulebook changes at setup.

Setup: 3 goods on each purple city and 2 on every other city; the purple New City tile (F) is removed from
the game. The track costs, the $3 for a link between two purple cities and the bird movement between the
purple cities of North and South Taiwan come with the gameplay rules (a later issue).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Rules(BaseRules):
    """Taiwan: the base rules with its setup."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {5: 7, 6: 6}
    PURPLE_CITY_CUBES = 3
    # The purple New City tile (F) is removed from the game; its goods-display column goes with it.
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {k: v for k, v in BaseRules.NEW_CITIES.items() if k != "F"}

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        """3 goods on each purple city, 2 on every other city (unless the map file gives a city its own)."""
        out = {}
        for c in self.map.cities:
            if c.cubes is not None:
                out[c.hex] = c.cubes
            else:
                out[c.hex] = self.PURPLE_CITY_CUBES if "purple" in c.colours else self.DEFAULT_CITY_CUBES
        return out
