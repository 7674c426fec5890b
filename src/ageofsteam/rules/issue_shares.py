"""Phase I, Issue Shares: in player order, each player issues any number of shares for $5 each, up to 15."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.engine.actions import Action, IssueShares
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.phase import Phase, next_in_queue

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class IssueSharesPhase(Phase):
    name = "issue_shares"
    title = "I. Issue Shares"
    accepts = (IssueShares,)

    def begin(self, g: GameState) -> bool:
        g.pending = g.active_players()
        return self._next(g)

    def _next(self, g: GameState) -> bool:
        while not next_in_queue(g):
            p = g.players[g.pending[0]]
            if self.most(g, p.seat) > 0:
                return False
            g.pending.pop(0)  # at the share limit: nothing to decide
        return True

    def most(self, g: GameState, seat: int) -> int:
        """The most shares this player may issue now."""
        return max(0, g.rules.max_shares(g) - g.players[seat].shares)

    def legal(self, g: GameState) -> list[Action]:
        p = g.to_move
        assert p is not None
        return [IssueShares(p, k) for k in range(self.most(g, p) + 1)]

    def check(self, g: GameState, a: Action) -> None:
        assert isinstance(a, IssueShares)
        most = self.most(g, a.player)
        if a.count < 0:
            raise IllegalAction("the number of shares cannot be negative")
        if a.count > most:
            raise IllegalAction(
                f"you may issue at most {most} more shares (the limit is {g.rules.max_shares(g)} issued)"
            )

    def apply(self, g: GameState, a: Action) -> bool:
        assert isinstance(a, IssueShares)
        p = g.players[a.player]
        p.shares += a.count
        p.cash += g.rules.SHARE_PRICE * a.count
        if a.count:
            g.say(f"{p.name} issues {a.count} share{'s' if a.count > 1 else ''} for ${g.rules.SHARE_PRICE * a.count}")
        g.pending.pop(0)
        return self._next(g)
