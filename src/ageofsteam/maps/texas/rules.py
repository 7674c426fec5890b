"""Texas (4–5 players): what the rulebook changes at setup.

Setup: on each oil field as many black goods as derricks are drawn on it (``[[feature]] kind = "oil_field"``,
``value`` = derricks), 3 goods on AUSTIN (``cubes = 3`` in ``map.toml``) and 1 good on every other city.
The $3 plains and $2-per-derrick oil fields, the one oil field per round, the oil that moves onto the track
laid on its field, and the Tanker action that replaces the Engineer come with the gameplay rules (a later
issue).

The oil is kept in ``GameState.extra["oil"]``: oil field hex label → black goods on it. Those goods are out of
the bag but on no city; :meth:`Rules.extra_goods` counts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

OIL = "black"  # oil is a black good


class Rules(BaseRules):
    """Texas: the base rules with its setup."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7}
    DEFAULT_CITY_CUBES = 1

    def derricks(self) -> dict[int, int]:
        """Oil field hex → the number of derricks drawn on it."""
        return {h: int(self.map.features[h]["oil_field"]) for h in self.map.places_with("oil_field")}

    def on_setup(self, g: GameState) -> None:
        """Black goods from the bag onto each oil field, one per derrick, before the cities and the display."""
        fields = self.derricks()
        need = sum(fields.values())
        if g.bag.get(OIL, 0) < need:
            raise BadInput(
                f"{self.map.name}: the bag holds {g.bag.get(OIL, 0)} black goods, the oil fields need {need}"
            )
        g.bag[OIL] -= need
        g.extra["oil"] = {g.label(h): n for h, n in fields.items()}

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Goods out of the bag that are on no city and not on the display: the oil on the oil fields."""
        return {OIL: sum(g.extra.get("oil", {}).values())}
