"""Las Vegas (3–5 players, 2022 revised edition): what the rulebook changes at setup.

Setup: 5 goods on the red city in the centre (``cubes = 5`` in ``map.toml``) and 2 on every other city;
$5 under each red good on the cities and on the goods display; in a 3-player game a grey disc blocks the
Engineer action. The $3 plains, taking the money from a city a good is delivered to, the money under red goods
that come onto the map and the moving grey disc come with the gameplay rules (a later issue).

The money is kept in ``GameState.extra``:

* ``extra["money"]``: city hex label → dollars lying on that city;
* ``extra["display_money"]``: goods-display column → dollars under each of its boxes, top box first.

The base rules have no hook after the setup draw (``on_setup`` runs before the goods are drawn, when it is not
yet known which goods are red), so the Setup phase is replaced by one that lays the money as the goods are set
out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ageofsteam.rules.base import BaseRules

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

MONEY_UNDER_RED = 5  # one coin ($5) under each red good


class Rules(BaseRules):
    """Las Vegas: the base rules with its setup."""

    RULES_COMPLETE = False  # the map's own rules come with its issue; until then only board and setup

    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7}
    THREE_PLAYER_BLOCKED = "engineer"  # the action the grey disc blocks first in a 3-player game

    def after_setup_draw(self, g: GameState) -> None:
        """$5 under each red good on the cities and on the goods display."""
        g.extra["money"] = {
            g.label(h): MONEY_UNDER_RED * cubes["red"] for h, cubes in g.cubes.items() if cubes.get("red")
        }
        g.extra["display_money"] = {
            col: [MONEY_UNDER_RED if c == "red" else 0 for c in boxes] for col, boxes in g.display.items()
        }

    def on_setup(self, g: GameState) -> None:
        """In a 3-player game, block the Engineer action with a grey disc."""
        if len(g.players) == 3:
            g.extra["blocked_action"] = self.THREE_PLAYER_BLOCKED
