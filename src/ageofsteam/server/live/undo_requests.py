"""Asking the others to accept an undo (online): a player may ask to take back a decision that other players
have answered; each of those humans accepts or refuses, and once all have accepted it is taken back. The
request is stored with the game and ends when the game moves on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ageofsteam.engine.actions import parse_action
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.changes import Changes
from ageofsteam.server.live.game import LiveGame, UndoRequest, undone_words
from ageofsteam.server.live.identity import Identity
from ageofsteam.server.live.sync import Sync
from ageofsteam.server.live.viewers import broadcast, undo_request_message


class UndoRequests:
    """Takes the players' requests for an undo and their answers (each under the game's lock)."""

    def __init__(self, changes: Changes, sync: Sync) -> None:
        self.changes = changes
        self.sync = sync

    async def ask(self, live: LiveGame, ident: Identity, index: int) -> dict[str, Any]:
        """Ask to take back one's last decision that other players have answered; they accept or refuse."""
        return await self.sync.locked(live, lambda: self._ask(live, ident, index))

    async def answer(self, live: LiveGame, ident: Identity, index: int, accept: bool) -> dict[str, Any]:
        """Accept or refuse the undo another player asked for; when all asked have accepted, it is done."""
        return await self.sync.locked(live, lambda: self._answer(live, ident, index, accept))

    async def _ask(self, live: LiveGame, ident: Identity, index: int) -> dict[str, Any]:
        """:meth:`ask` under the lock."""
        self.changes.check_index(live, index)
        if live.request_json() is not None:
            raise ApiError(409, "pending", "an undo is already waiting for the players' answers", None)
        asked = live.undo_to_ask(ident.seats)
        if asked is None:
            raise ApiError(
                422, "illegal", "nothing of yours can be taken back: undo stops at the last dice roll or draw", None
            )
        point, needs = asked
        if not needs:  # only bots answered: taken back at once
            await self.changes.take_back(live, point, set(ident.seats))
            return {"index": point, "request": None}
        actions = live.game.record.actions
        seat = parse_action(actions[point]).actor
        assert seat is not None
        record = live.game.record.model_copy(update={"actions": actions[:point]})
        words = undone_words(record, actions[point:], set(ident.seats))
        await self._save(live, UndoRequest(seat, point, live.index, needs, words))
        broadcast(live, undo_request_message(live))
        return {"index": live.index, "request": live.request_json()}

    async def _answer(self, live: LiveGame, ident: Identity, index: int, accept: bool) -> dict[str, Any]:
        """:meth:`answer` under the lock."""
        self.changes.check_index(live, index)
        r = live.undo_request
        if live.request_json() is None or r is None:
            raise ApiError(409, "no_request", "no undo is waiting for an answer", None)
        mine = (set(ident.seats) & r.needs) - r.accepted
        if not mine:
            raise ApiError(403, "forbidden", "this undo does not wait for your answer", "token")
        name = live.meta.seats[min(mine)]["name"]
        if not accept:
            await self._save(live, None)
            broadcast(live, undo_request_message(live, refused_by=name))
            return {"index": live.index, "request": None, "refused": True}
        if r.accepted | mine >= r.needs:
            await self.changes.take_back(live, r.to_index, {r.seat})
            return {"index": r.to_index, "request": None}
        await self._save(live, replace(r, accepted=r.accepted | mine))
        broadcast(live, undo_request_message(live))
        return {"index": live.index, "request": live.request_json()}

    async def _save(self, live: LiveGame, request: UndoRequest | None) -> None:
        """Store the undo asked for (None: no more) with the game; under the lock."""
        old = live.undo_request
        live.undo_request = request
        try:
            await self.changes.save_seats(live, live.meta.seats)
        except BaseException:
            live.undo_request = old
            raise
