"""Detroit Bankruptcy: what setting up the game changes (rulebook 004, "Setup").

Every player starts with 5 shares and no money; each printed city starts with 2 cubes (the default) and each
column of the goods display (printed cities and New Cities) gets 1 cube. The game is endless: it ends when all
but one player are bankrupt, so the turn limit below is only a backstop. The rest of the map's rules (share
cap 25, the Engineer's free build, expenses by turn number, the special links, the solo variant…) come with
the map's rules issue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

# The game has no set length. Expenses grow by the turn number every turn, so no game comes near this.
ENDLESS = 100


class Rules(BaseRules):
    """Detroit Bankruptcy, 2–5 players and the solo variant (map.toml: players = [1, 5])."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    STARTING_CASH = 0
    STARTING_SHARES = 5
    TURNS: ClassVar[dict[int, int]] = dict.fromkeys(range(1, 6), ENDLESS)
    DISPLAY_CUBES = 1  # cubes set out per display column ("leave the rest empty")

    def display_layout(self, g: GameState) -> dict[str, int]:
        """One box per column: only 1 cube goes on each city and New City column, and with no Production
        action the other boxes stay empty all game."""
        return dict.fromkeys(super().display_layout(g), self.DISPLAY_CUBES)
