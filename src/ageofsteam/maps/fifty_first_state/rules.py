"""51st State (rulebook 003): what setup needs. States are the places; a Colored State is a city.

Setup: "As usual, place 2 goods on each CS" — the base game's 2 per city. Turns as in the base game. The
rules of play (discs on circles, state costs, New City limits, airports) are issue 8 and not here yet.
"""

from __future__ import annotations

from typing import ClassVar

from ageofsteam.rules.base import BaseRules


class Rules(BaseRules):
    """51st State, 3–6 players."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    DEFAULT_CITY_CUBES = 2  # 2 goods on each Colored State
    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7, 6: 6}  # the base game's
