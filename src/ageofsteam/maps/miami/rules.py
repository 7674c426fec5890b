"""Miami 2030 (solo): what setting up the game changes (rulebook 000, "Setup").

No black cubes and no black New Cities. The blue cubes are not goods but water: 20 flood cubes, 7 of them on
the beach hexes of Miami West and Miami North at setup (the ``flood`` features of ``map.toml``), the other 13
placed during rounds 1-9 (1 a round in rounds 1-5, 2 a round in rounds 6-9). The people are the set of the
chosen difficulty, placed at random on the districts; the exits start empty. There is no goods display:
the people on the map are all there will be (README, Rulings).

The game lasts 10 rounds: flooding runs through round 9 and the rulebook counts "20 flooded hexes by round
10", which uses up the 20 blue cubes, so round 10 is the last. It is won earlier if every person is
evacuated. Placing the people by difficulty, flooding, and the map's actions (Coast Guard, Fire Fighter)
come with the map's rules issue; here are the figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

# The people of each difficulty.
PEOPLE: dict[str, dict[str, int]] = {
    "easy": {"purple": 6, "red": 6, "yellow": 3},
    "medium": {"purple": 7, "red": 6, "yellow": 4},
    "hard": {"purple": 7, "red": 7, "yellow": 5},
}
# Medium puts 2 people on these districts of Miami East; Hard puts only 1 on the last one.
MEDIUM_DOUBLES = ("Biscayne Campus", "Normandy Shores Golf Course")
HARD_SINGLE = "Cape Florida Park"


class Rules(BaseRules):
    """Miami 2030, 1 player (map.toml: players = [1, 1])."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {1: 10}
    BAG: ClassVar[dict[str, int]] = {"red": 20, "purple": 20, "yellow": 20}  # the people; no black, no blue
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {
        letter: spec for letter, spec in BaseRules.NEW_CITIES.items() if spec[0] != "black"
    }
    FLOOD_CUBES = 20  # the blue cubes
    FLOODS_PER_ROUND: ClassVar[dict[int, int]] = {**dict.fromkeys(range(1, 6), 1), **dict.fromkeys(range(6, 10), 2)}

    def display_layout(self, g: GameState) -> dict[str, int]:
        """No goods display: people are never added."""
        return {}

    def flooded_at_setup(self) -> list[int]:
        """The hexes that hold a flood cube at setup."""
        return self.map.places_with("flood")

    def districts(self, area: str) -> list[int]:
        """The district hexes of ``area`` ("west", "east" or "north"), in hex order."""
        return sorted(h for h in self.map.areas[area] if self.map.town_kinds.get(h) == "district")

    def people_placement(self, difficulty: str) -> dict[int, int]:
        """District hex → how many people the difficulty puts there at setup."""
        by_name = {name: h for h, name in self.map.towns.items()}
        west, east = self.districts("west"), self.districts("east")
        if difficulty == "easy":
            return {**dict.fromkeys(west, 2), **dict.fromkeys(east, 1)}
        if difficulty == "medium":
            out = {**dict.fromkeys(west, 2), **dict.fromkeys(east, 1)}
            out.update(dict.fromkeys((by_name[n] for n in MEDIUM_DOUBLES), 2))
            return out
        if difficulty == "hard":
            return {**dict.fromkeys(west + east, 2), by_name[HARD_SINGLE]: 1}
        raise ValueError(f"unknown difficulty {difficulty!r} (easy, medium or hard)")
