"""Saint Petersburg (3–4 players): winters and summers on the Neva delta.

Setup: the game starts in winter (the season disc on the winter space), the action block disc on the
Locomotive action, 4 goods on each yellow and each purple city and 1 on every other city, and the game ends
one round earlier than usual.

Play: the action under the block disc cannot be selected (Locomotive in winter, Urbanization in summer).
Track costs by hex class: suburban $0, urban $2, green $3, river $4 in summer and not at all in winter, sea
never. The Engineer builds one more tile in summer; in winter it may lay track on river hexes at $5 a hex
instead. Each time the turn marker advances, the season and the block disc change over.

Its figures (``state.py``; the state view shows them under ``extra``): ``season`` ("winter"/"summer") and
``blocked_action``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.saint_petersburg.state import BLOCKED_IN, OTHER_SEASON, SUMMER, WINTER, Season, State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.track_placement import NEW, base_build_cost

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState, PlacedTile
    from ageofsteam.rules.track_placement import BuildPlan

ENGINEER = "engineer"
RIVER = "river"


class Rules(BaseRules):
    """Saint Petersburg: seasons, the action block disc, hex classes and the Engineer's two faces."""

    STATE = State  # its defaults are the setup: winter, the block disc on Locomotive
    # One round fewer than the base game for the same number of players.
    TURNS: ClassVar[dict[int, int]] = {n: BaseRules.TURNS[n] - 1 for n in (3, 4)}
    DEFAULT_CITY_CUBES = 1
    RICH_COLOURS: ClassVar[tuple[str, ...]] = ("yellow", "purple")
    RICH_CITY_CUBES = 4
    # The price of a simple tile on each hex class; the sea takes no track (absent). River: summer price.
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"suburban": 0, "urban": 2, "green": 3, RIVER: 4}
    WINTER_RIVER_COST = 5  # the Engineer's winter face: river hexes at $5
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # Ruling 5: the Engineer's builds in each season (summer: "one more" than the usual 3)
        "engineer_summer_builds": 4,
        "engineer_winter_builds": 3,
        # Ruling 6: a new town tile pays its hex class price instead of the town's own $1 (plus $1 a track)
        "towns_pay_hex_class": False,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "engineer_summer_builds": "How many tiles the Engineer builds in summer.",
        "engineer_winter_builds": "How many tiles the Engineer builds in winter (when it also allows river hexes).",
        "towns_pay_hex_class": "On: a new town tile costs its hex class price plus $1 a track; off: $1 plus $1 a "
        "track.",
    }

    # --- setup -----------------------------------------------------------------------------------

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

    @staticmethod
    def season(g: GameState) -> Season:
        """The season the season disc shows."""
        return state(g).season

    # --- actions ---------------------------------------------------------------------------------

    def action_refusal(self, g: GameState, seat: int, action: str) -> str | None:
        """The action below the action block disc cannot be selected in this season."""
        figures = state(g)
        if action == figures.blocked_action:
            title = self.action_title(action)
            return f"{title} is under the action block disc in {figures.season} and cannot be selected"
        return super().action_refusal(g, seat, action)

    # --- building --------------------------------------------------------------------------------

    def builds_allowed(self, g: GameState, seat: int) -> int:
        """The Engineer builds one more tile in summer only (its winter face is the river at $5)."""
        if g.players[seat].action != ENGINEER:
            return self.BUILDS
        key = "engineer_summer_builds" if self.season(g) == SUMMER else "engineer_winter_builds"
        return int(g.options.get(key, self.OPTIONS[key]))

    def terrain_cost(self, g: GameState, h: int) -> int | None:
        """Suburban $0, urban $2, green $3, river $4 in summer and $5 in winter (who may build there is
        :meth:`check_build`'s question), sea: never."""
        terrain = g.map.terrain[h]
        if terrain == RIVER and self.season(g) == WINTER:
            return self.WINTER_RIVER_COST
        return self.TERRAIN_COSTS.get(terrain)

    def build_cost(self, g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
        cost = base_build_cost(g, h, kind, old, new)
        if kind == NEW and g.is_town(h) and g.options.get("towns_pay_hex_class", False):
            terrain = self.TERRAIN_COSTS.get(g.map.terrain[h], 0)
            cost += terrain - 1  # the hex class price instead of the town's own $1
        return cost

    def check_build(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        """In winter no track goes on a river hex, except by the Engineer (at $5 a hex)."""
        if g.map.terrain[plan.hex] != RIVER or self.season(g) != WINTER:
            return
        if g.players[seat].action != ENGINEER:
            raise IllegalAction(
                f"{g.label(plan.hex)} is a river hex: in winter only the Engineer may lay track on rivers (at $5)"
            )

    def cheapest_build(self, g: GameState, seat: int) -> int:
        """A suburban hex is free: the build never ends for want of cash."""
        return 0

    # --- the turn marker -------------------------------------------------------------------------

    def on_turn_advanced(self, g: GameState) -> None:
        """The season disc turns over, and the action block disc moves to the action the new season blocks."""
        figures = state(g)
        season = figures.season = OTHER_SEASON[figures.season]
        figures.blocked_action = BLOCKED_IN[season]
        g.say(f"It is {season}: {self.action_title(BLOCKED_IN[season])} cannot be taken")
