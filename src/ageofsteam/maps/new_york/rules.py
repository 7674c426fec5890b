"""New York Subway: what setting up the game changes (rulebook 000, "Setup").

The 96 discs of the bag (20 each of yellow, red, blue and purple, 16 black; the base game's bag) are drawn
at random into stacks: 3 on each skyscraper (this map's cities) and 2 on each construction site (its towns).
There is no goods display. The players play yellow, red, blue and purple, then black (5th) and green (6th),
and each takes 2 cubes (underground stations) per round of the game.

Setup here draws the skyscrapers' stacks. The construction sites' stacks wait for the map's rules issue:
the engine keeps goods on cities only (``GameState.cubes``, the state view, the cube census and Move Goods
all assume it), so stacks on towns need the engine's support first. That issue also brings excavation,
stations, the stacks' order (only the top disc moves, and it goes under the destination's stack) and the
skyscraper scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Rules(BaseRules):
    """New York Subway, 3–6 players. The bag and the number of rounds are the base game's."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    DEFAULT_CITY_CUBES = 3  # discs stacked on each skyscraper
    SITE_DISCS = 2  # discs stacked on each construction site
    STATIONS_PER_ROUND = 2  # a player's station cubes: 2 per round of the game
    PLAYER_COLOURS: ClassVar[tuple[str, ...]] = ("yellow", "red", "blue", "purple", "black", "green")
    # Station cubes in the box for each player colour (the 12 green cubes come with the expansion).
    STATION_CUBES: ClassVar[dict[str, int]] = {
        "yellow": 20, "red": 20, "blue": 20, "purple": 20, "black": 16, "green": 12,
    }

    def display_layout(self, g: GameState) -> dict[str, int]:
        """No goods display ("Return it to the box")."""
        return {}

    def setup_discs(self) -> dict[int, int]:
        """Every stack of the setup: skyscraper hex → 3 discs, construction-site hex → 2."""
        out = {c.hex: self.DEFAULT_CITY_CUBES if c.cubes is None else c.cubes for c in self.map.cities}
        out.update(dict.fromkeys(self.map.towns, self.SITE_DISCS))
        return out

    def stations(self, players: int) -> int:
        """The station cubes each player takes: 2 per round (3 players: 10 rounds, 20 cubes)."""
        return self.TURNS[players] * self.STATIONS_PER_ROUND
