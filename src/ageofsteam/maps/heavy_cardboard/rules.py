"""Heavy Cardboard: what setting up the game changes (rulebook 004, "Setup").

The Heavy Cardboard city in the centre starts with one cube of each colour (5 in all), taken from the bag
before the other cubes are drawn; every other city starts with 2 (the default). The rest of the map's rules
(Heavy Lifting instead of Production, the ferries, deliveries from and through the central city, its refill
during Goods Growth) come with the map's rules issue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.board.mapdata import GOODS_COLOURS
from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

CENTRAL_CITY = "Heavy Cardboard"


class Rules(BaseRules):
    """Heavy Cardboard, 4–6 players."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7, 6: 6}

    def central_city(self) -> int:
        """The hex that stands for the 7-hex Heavy Cardboard city."""
        return next(c.hex for c in self.map.cities if c.name == CENTRAL_CITY)

    def central_cubes(self) -> dict[str, int]:
        """The cubes the central city starts with (and refills to when empty): one of each colour."""
        return dict.fromkeys(GOODS_COLOURS, 1)

    def on_setup(self, g: GameState) -> None:
        centre = self.central_city()
        for colour, n in self.central_cubes().items():
            g.bag[colour] -= n
            g.cubes[centre][colour] = g.cubes[centre].get(colour, 0) + n
