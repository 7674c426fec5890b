"""Detroit with players, for the bots: the bankruptcy race.

The multiplayer game ends when all but one player are bankrupt: the last one left wins, and of players going
bankrupt in the same turn the one with the highest income (rulebook 004). Nothing else counts, so the game is
won as the solo game is won against the government: by the money lasting longer. Against rivals who go
bankrupt in turn 2–6, rules of thumb that issue shares whenever the turn's expenses call for them run out of
money in turn 6, when the rival who lasts longest may still have money, or a better income at the tie.

So a player's turn is planned as the solo plan plans it (``plan.py``): the links, the shares, the action and
the moves that make the projection of the player's own economy last longest. The actions weighed are the
solo game's — the Engineer, the Locomotive and Urbanization — while no rival has taken them, and with no fee
(``plan.open_actions``); where the plan wants none of them, the bots' rules of thumb choose the action.
Rivals' track only takes hexes and cubes from the plan (it foresees none of their deliveries). In the turn
the money runs out the projection issues every share the expenses take, which keeps the income at the
bankruptcy closest to 0: the tie-break.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.detroit.plan import solo_plan

if TYPE_CHECKING:
    from ageofsteam.bots.plans import TurnPlan
    from ageofsteam.engine.state import GameState


def race_plan(g: GameState, seat: int, deadline: float | None = None) -> TurnPlan | None:
    """``seat``'s plan for its turn in the multiplayer game: the one that makes its money last longest (see the
    module's description); None where the plan has nothing to say."""
    return solo_plan(g, seat, deadline)
