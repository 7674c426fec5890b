"""Old Europe (rulebook 003): what setup needs. Countries are the places; a coloured country is a city.

Setup: 1 good in each coloured country, 1 more in those with a large circle in their centre (France,
Poland, Russia, Turkey and Bulgaria). Turns as in the base game. The rules of play (discs on circles,
their costs, the engine levels of large circles and New Cities) are issue 8 and not here yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Rules(BaseRules):
    """Old Europe, 3–6 players."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    DEFAULT_CITY_CUBES = 1  # "Place 1 good in each coloured country."
    LARGE_CIRCLE_EXTRA_CUBES = 1  # "Coloured countries that have a large circle … receive 1 additional good."
    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7, 6: 6}  # the base game's

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        out: dict[int, int] = {}
        for city in self.map.cities:
            if city.cubes is not None:  # a count written in map.toml wins
                out[city.hex] = city.cubes
                continue
            info = self.map.region_info.get(city.hex)
            extra = self.LARGE_CIRCLE_EXTRA_CUBES if info is not None and info.large_circle else 0
            out[city.hex] = self.DEFAULT_CITY_CUBES + extra
        return out
