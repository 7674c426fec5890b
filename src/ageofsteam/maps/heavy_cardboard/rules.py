"""Heavy Cardboard (rulebook 004, "Heavy Cardboard").

* Setup: the Heavy Cardboard city in the centre starts with one cube of each colour (5 in all), taken from the
  bag before the other cubes are drawn; every other city starts with 2 (the default).
* The central city covers 7 hexes and is a single City for links and building (the map file lists its hexes;
  the thick edges are the map's blocked edges). It accepts no colour, so cubes never end there, but they start
  there and pass through it like any city of another colour, each link counting for income and engine.
* Madeira accepts red and blue, so neither colour passes through it (a cube stops at the first City of its
  colour).
* The two ferries are pre-printed special links (``rules/special_links.py``): $6, one build, one owner each,
  buildable once their town holds a town tile or a New City, one point at the end. A ferry joins the town
  itself: it adds no spoke to the town's tile, whose later upgrades keep only its own spokes.
* Heavy Lifting replaces Production (``heavy_lifting.py``); whether its delivery has been made in the Move Goods
  phase in progress is the map's one figure (``state.py``: ``heavy_lifting_used``).
* Goods Growth: if the central city is empty at the start of the phase, it gets one cube of each colour.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.mapdata import GOODS_COLOURS
from ageofsteam.maps.heavy_cardboard.heavy_lifting import (
    HEAVY_LIFTING,
    HeavyLift,
    HeavyLiftingMovePhase,
    describe,
    info,
)
from ageofsteam.maps.heavy_cardboard.state import State
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.move_goods import MoveGoodsPhase
from ageofsteam.rules.special_links import SpecialLinkBuildPhase

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.phase import Phase

CENTRAL_CITY = "Heavy Cardboard"
NO_LIFT_CITIES = ("Madeira",)


class Rules(BaseRules):
    """Heavy Cardboard, 4–6 players."""

    STATE = State
    RULES_VERSION = 2  # 2: the central city is named by its hex K8 only; 1 (any of its hexes) still replays
    REPLAYS_VERSIONS = frozenset({1})
    TURNS: ClassVar[dict[int, int]] = {4: 8, 5: 7, 6: 6}
    ACTIONS: ClassVar[tuple[str, ...]] = (
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        HEAVY_LIFTING,
        "turn_order",
    )
    ACTION_TITLES: ClassVar[dict[str, str]] = {**BaseRules.ACTION_TITLES, HEAVY_LIFTING: "Heavy Lifting"}
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "heavy_lifting_through_towns": True,  # a town hex without a track tile is open land for Heavy Lifting
        "heavy_lifting_crosses_thick_edges": False,  # the central city's thick edges stop Heavy Lifting too
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "heavy_lifting_through_towns": "On: Heavy Lifting may cross a town hex that has no track tile, as open land.",
        "heavy_lifting_crosses_thick_edges": "On: the central city's thick edges stop Heavy Lifting as they stop "
        "track.",
    }
    HEAVY_LIFTING_RANGE = 5  # hex spaces of open land, a mountain counting 2
    HEAVY_LIFTING_FIRST_INCOME = 2  # in turn 1, then one more each turn
    HEAVY_LIFTING_MAX_INCOME = 6

    def any_hex_names_city(self, g: GameState) -> bool:
        """Rules version 1 let an action name the central city by any of its seven hexes."""
        return g.rules_version < 2

    def make_phases(self) -> list[Phase]:
        """Build Track with the ferries as special links; Move Goods with Heavy Lifting."""
        out = []
        for p in super().make_phases():
            if type(p) is BuildTrackPhase:
                p = SpecialLinkBuildPhase()
            elif type(p) is MoveGoodsPhase:
                p = HeavyLiftingMovePhase()
            out.append(p)
        return out

    def central_city(self) -> int:
        """The hex that stands for the 7-hex Heavy Cardboard city."""
        return next(c.hex for c in self.map.cities if c.name == CENTRAL_CITY)

    def central_cubes(self) -> dict[str, int]:
        """The cubes the central city starts with (and refills to when empty): one of each colour."""
        return dict.fromkeys(GOODS_COLOURS, 1)

    @functools.cached_property
    def _no_lift_cities(self) -> frozenset[int]:
        return frozenset(c.hex for c in self.map.cities if c.name in NO_LIFT_CITIES)

    def no_lift_cities(self) -> frozenset[int]:
        """Cities Heavy Lifting never delivers to or from: Madeira."""
        return self._no_lift_cities

    def on_setup(self, g: GameState) -> None:
        centre = self.central_city()
        for colour, n in self.central_cubes().items():
            g.bag[colour] -= n
            g.cubes[centre][colour] = g.cubes[centre].get(colour, 0) + n

    def before_goods_growth(self, g: GameState) -> None:
        """An empty central city gains one cube of each colour still in the bag."""
        centre = self.central_city()
        if any(g.cubes[centre].values()):
            return
        got = []
        for colour, n in self.central_cubes().items():
            n = min(n, g.bag.get(colour, 0))
            if n:
                g.bag[colour] -= n
                g.cubes[centre][colour] = g.cubes[centre].get(colour, 0) + n
                got.append(colour)
        g.say(f"{CENTRAL_CITY} is empty and gains {', '.join(got) or 'nothing (the bag has none)'}")

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if isinstance(a, HeavyLift):
            return describe(g, a)
        return super().describe_action(g, a)

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        return info(g, a) if isinstance(a, HeavyLift) else super().action_info(g, a)
