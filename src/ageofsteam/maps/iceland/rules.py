"""Iceland (4–5 players): what the rulebook changes at setup.

Setup: 2 steam (red goods) on each of the 4 volcanoes near the centre of the map, 2 random goods on each city,
and the A New City tile (the red one: the map has no red city) removed from the game. The $2 hexes, the ban on
track on volcanoes, the limit of 4 urbanizations, steam and its condensation into water, and the boat links
between ports come with the gameplay rules (a later issue).

The steam is kept in ``GameState.extra["steam"]``: volcano hex label → red goods on it. Those goods are out of
the bag but on no city; :meth:`Rules.extra_goods` counts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

STEAM = "red"  # steam is a red good


class Rules(BaseRules):
    """Iceland: the base rules with its setup."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7}
    STEAM_PER_VOLCANO = 2
    # The red New City tile (A) is removed from the game; its goods-display column goes with it.
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {k: v for k, v in BaseRules.NEW_CITIES.items() if k != "A"}

    def on_setup(self, g: GameState) -> None:
        """2 steam from the bag onto each volcano, before the cities and the display are drawn."""
        volcanoes = self.map.places_with("volcano")
        need = self.STEAM_PER_VOLCANO * len(volcanoes)
        if g.bag.get(STEAM, 0) < need:
            raise BadInput(f"{self.map.name}: the bag holds {g.bag.get(STEAM, 0)} red goods, the volcanoes need {need}")
        g.bag[STEAM] -= need
        g.extra["steam"] = {g.label(h): self.STEAM_PER_VOLCANO for h in volcanoes}

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Goods out of the bag that are on no city and not on the display: the steam on the volcanoes."""
        return {STEAM: sum(g.extra.get("steam", {}).values())}
