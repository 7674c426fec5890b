"""New York Subway's setup: a stack of discs on each skyscraper and construction site, no goods display, and
each player's station cubes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.engine.actions import Setup
from ageofsteam.maps.new_york.figures import stacks, stations_of
from ageofsteam.maps.new_york.state import State
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.phase import wait_for_chance
from ageofsteam.rules.setup import SetupPhase

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState


class SubwaySetupPhase(SetupPhase):
    """Setup: the discs drawn for each place form its stack, bottom first as listed."""

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, Setup):
            return super().apply(g, a)
        st = stacks(g)
        for lab, discs in a.cities.items():
            st[lab] = list(discs)
            for c in discs:
                g.bag[c] -= 1
        g.step = "order"
        g.rules.after_setup_draw(g)
        return wait_for_chance(g)


class SetupRules(BaseRules):
    """The stacks and the station cubes."""

    STATE = State

    DEFAULT_CITY_CUBES = 3  # discs stacked on each skyscraper
    SITE_DISCS = 2  # discs stacked on each construction site
    STATIONS_PER_ROUND = 2  # a player's station cubes: 2 per round of the game
    # Station cubes in the box for each player colour (the 12 green cubes come with the expansion).
    STATION_CUBES: ClassVar[dict[str, int]] = {
        "yellow": 20,
        "red": 20,
        "blue": 20,
        "purple": 20,
        "black": 16,
        "green": 12,
    }

    def display_layout(self, g: GameState) -> dict[str, int]:
        """No goods display ("Return it to the box")."""
        return {}

    def setup_discs(self) -> dict[int, int]:
        """Every stack of the setup: skyscraper hex → 3 discs, construction-site hex → 2."""
        out = {c.hex: self.DEFAULT_CITY_CUBES if c.cubes is None else c.cubes for c in self.map.cities}
        out.update(dict.fromkeys(self.map.towns, self.SITE_DISCS))
        return out

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        return self.setup_discs()

    def stations(self, players: int) -> int:
        """The station cubes each player takes: 2 per round (3 players: 10 rounds, 20 cubes)."""
        return self.TURNS[players] * self.STATIONS_PER_ROUND

    def on_setup(self, g: GameState) -> None:
        """An empty stack on every skyscraper and construction site, until the setup draw fills them."""
        stacks(g).update({g.label(h): [] for h in sorted(self.setup_discs())})

    def stations_left(self, g: GameState, seat: int) -> int:
        return self.stations(g.start_players) - len(stations_of(g, seat))
