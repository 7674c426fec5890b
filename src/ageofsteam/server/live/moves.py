"""A player's own moves: an action of the seat to move, and taking back one's last decisions (over one's own
actions and the bots' answers to them)."""

from __future__ import annotations

import re
from typing import Any

from ageofsteam.engine.actions import parse_action, takes_player
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.changes import Changes
from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.live.identity import Identity
from ageofsteam.server.live.sync import Sync


class Moves:
    """Checks and plays the players' moves (each under the game's lock, again if the game changed elsewhere)."""

    def __init__(self, changes: Changes, sync: Sync) -> None:
        self.changes = changes
        self.sync = sync

    async def act(self, live: LiveGame, ident: Identity, index: int, action: dict[str, Any]) -> dict[str, Any]:
        """Play ``action`` for the seat to move, one of ``ident``'s, at action ``index``: the update told."""
        return await self.sync.locked(live, lambda: self._act(live, ident, index, action))

    async def _act(self, live: LiveGame, ident: Identity, index: int, action: dict[str, Any]) -> dict[str, Any]:
        """:meth:`act` under the lock."""
        self.changes.check_index(live, index)
        seat = live.game.to_move
        if seat is None or seat not in ident.seats:
            raise ApiError(403, "forbidden", "it is not your turn", "token")
        data = dict(action)
        if takes_player(data):
            data.setdefault("player", seat)
        if data.get("player", seat) != seat:
            raise ApiError(
                403,
                "forbidden",
                f"field 'action.player': you may act only for the seat to move ({seat})",
                "action.player",
            )
        try:
            parsed = parse_action(data)
        except BadInput as exc:
            raise _field_error(exc) from None
        if parsed.is_chance:
            raise ApiError(422, "illegal", "chance outcomes are drawn by the game, not chosen", "action.kind")
        try:
            return await self.changes.commit(live, lambda g: g.apply(parsed))
        except IllegalAction as exc:
            raise ApiError(422, "illegal", str(exc), "action") from None
        except BadInput as exc:
            raise _field_error(exc) from None

    async def undo(self, live: LiveGame, ident: Identity, index: int, count: int) -> int:
        """Take back ``ident``'s last ``count`` decisions at action ``index``: the record's new length."""
        return await self.sync.locked(live, lambda: self._undo(live, ident, index, count))

    async def _undo(self, live: LiveGame, ident: Identity, index: int, count: int) -> int:
        """:meth:`undo` under the lock."""
        self.changes.check_index(live, index)
        points = live.takeback_points(ident.seats)
        if not points:
            raise ApiError(403, "forbidden", "the last action is not yours to undo", "token")
        if count > len(points):
            raise ApiError(
                422,
                "illegal",
                "nothing more can be undone: undo stops at the last dice roll or draw and at another player's action",
                "count",
            )
        new_len = points[count - 1]  # the bots' answers after it go too; they play again
        await self.changes.take_back(live, new_len, set(ident.seats))
        return new_len


def _field_error(exc: BadInput) -> ApiError:
    """422 naming the action field the engine complained about."""
    m = re.search(r"field '([^']+)'", str(exc))
    return ApiError(422, "invalid", str(exc), f"action.{m.group(1)}" if m else "action")
