"""Phase III, Select Actions: in the new player order each player takes one special action no one else has.

Taking an action is compulsory (house ruling 11). Locomotive takes effect at once; the others act later
(see the phase that uses each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.engine.actions import Action, SelectAction
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.phase import Phase, next_in_queue

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

LOCOMOTIVE = "locomotive"


def raise_engine(g: GameState, seat: int) -> bool:
    """Engine +1 up to the maximum; False if it was already there."""
    p = g.players[seat]
    if p.engine >= g.rules.max_engine(g):
        return False
    p.engine += 1
    return True


class SelectActionsPhase(Phase):
    name = "select_actions"
    title = "III. Select Actions"
    accepts = (SelectAction,)

    def begin(self, g: GameState) -> bool:
        for p in g.players:
            p.action = None
        g.pending = g.active_players()
        return self._next(g)

    def _next(self, g: GameState) -> bool:
        while not next_in_queue(g):
            seat = g.pending[0]
            options = g.rules.available_actions(g, seat)
            if len(options) > 1:
                return False
            if options:  # a single action left: it is taken for the player
                self._take(g, seat, options[0])
            g.pending.pop(0)
        return True

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        return [SelectAction(seat, name) for name in g.rules.available_actions(g, seat)]

    def check(self, g: GameState, a: Action) -> None:
        assert isinstance(a, SelectAction)
        offered = g.rules.actions_offered(g, a.player)
        if a.action not in offered:
            raise IllegalAction(f"there is no action {a.action!r}; the actions are {', '.join(offered)}")
        refusal = g.rules.action_refusal(g, a.player, a.action)
        if refusal is not None:
            raise IllegalAction(refusal)

    def _take(self, g: GameState, seat: int, action: str) -> None:
        g.players[seat].action = action
        g.say(f"{g.player_name(seat)} takes {g.rules.action_title(action)}")
        g.rules.on_action_selected(g, seat, action)

    def apply(self, g: GameState, a: Action) -> bool:
        assert isinstance(a, SelectAction)
        self._take(g, a.player, a.action)
        g.pending.pop(0)
        return self._next(g)
