"""Several processes on one PostgreSQL database (server/cluster.py): keeping this process's copy of a game true.

The game's lock is only this process's. Every change is a compare-and-set on the game row's version in the
database; a change refused there (:class:`Stale`: another process changed the game first) makes this process
catch its copy up from the database and check the request again (:meth:`Sync.locked`), which then usually
answers ``stale``. A change made elsewhere arrives as a notification: the game is caught up and its viewers here
are told (:meth:`Sync.catch_up`). A request made at a later action than the copy here (its player saw the change
on another process before the notification came here) catches the copy up first.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.cache import Games
from ageofsteam.server.live.changes import Ahead
from ageofsteam.server.live.game import LiveGame, UndoRequest, seat_notes
from ageofsteam.server.live.viewers import (
    broadcast,
    seats_message,
    undo_message,
    undo_request_message,
    update_message,
)
from ageofsteam.server.store import Stale, Store

T = TypeVar("T")

STALE_TRIES = 3  # times a change refused by the database (the game changed elsewhere) is checked again


class Sync:
    """Runs work on a game under its lock, and catches the game up with the database."""

    def __init__(self, store: Store, games: Games) -> None:
        self.store = store
        self.games = games

    async def locked(self, live: LiveGame, work: Callable[[], Awaitable[T]]) -> T:
        """``work()`` under the game's lock. When the database refuses its change because another process changed
        the game first, the game is caught up and ``work`` runs again: its checks see the new position (and
        usually answer ``stale``). So it is, once, when the request is at a later action than the game here
        (:class:`Ahead`: this process may not yet have heard of a change made elsewhere)."""
        caught_up = False  # a request ahead of this copy has caught it up once
        for _ in range(STALE_TRIES):
            async with live.lock:
                try:
                    return await work()
                except Stale:
                    await self.catch_up(live)
                except Ahead:
                    if caught_up:
                        raise
                    caught_up = True
                    known = live.meta.version
                    await self.catch_up(live)
                    if live.meta.version == known:  # nothing newer in the database: the request is wrong
                        raise
        raise ApiError(409, "stale", "the game kept changing on another server meanwhile; try again", "index")

    async def catch_up(self, live: LiveGame) -> None:
        """Bring ``live`` up to the stored game, changed by another process, and tell its viewers what changed.
        Under the lock. A record that only grew is played on; any other is replayed whole."""
        known = live.meta.version
        old_len = live.index
        stored = await self.store.run(self.store.load, live.meta.id, old_len)
        if stored is None or stored.version <= known:
            return
        old = live.game
        old_actions = list(old.record.actions)
        log_start = len(old.state.log)
        old_seats = live.meta.seats
        old_request = live.request_json()
        try:
            game = _played_on(old, stored.actions) if stored.cut_version <= known else None
            replayed = game is None  # (its log has the seats' hand-overs in their places)
            if game is None:
                full = await self.store.run(self.store.load, live.meta.id)
                if full is None:
                    return
                stored = full
                game = await self.games.replay(live.meta.id, stored)
            else:
                stored.actions = []
        except BaseException:
            self.games.forget(live)  # the copy here may be half changed: the next request replays the game
            raise
        live.game = game
        live.meta = stored
        live.undo_request = UndoRequest.from_json(stored.undo_request)
        live.moved_at = float(stored.summary.get("moved_at") or live.moved_at)
        live.last_to_move = game.to_move
        live.forget_position()
        common = min(len(old_actions), live.index)  # the length of the record both share
        if replayed:
            common = next((i for i in range(common) if old_actions[i] != game.record.actions[i]), common)
        if common < old_len:  # an undo elsewhere
            live.undos += 1
            if live.viewers:
                seat = parse_action(old_actions[common]).actor
                broadcast(live, undo_message(live, old_actions, common, {seat} if seat is not None else set()))
        else:
            if live.index > old_len and live.viewers:
                broadcast(live, update_message(live, old_len, log_start))
            if stored.seats != old_seats:  # seats changed hands (said in the log), joined, asked for mail
                self._seats_changed(live, old_seats, replayed)
        if live.request_json() != old_request:
            broadcast(live, undo_request_message(live))

    @staticmethod
    def _seats_changed(live: LiveGame, old_seats: list[dict[str, Any]], replayed: bool) -> None:
        """The caught-up game's seats differ from ``old_seats``: put the new hand-overs in the log where they were
        said (a ``replayed`` game has them already) and tell the viewers."""
        game = live.game
        had = seat_notes(old_seats)
        new_notes = [(at, text) for at, text in seat_notes(live.meta.seats) if (at, text) not in had]
        if not replayed:  # each said where it was said (before any action played on after it)
            for at, text in new_notes:
                game.state.log.insert(min(at, len(game.state.log)), text)
            for i, spec in enumerate(live.meta.seats):
                game.record.seats[i] = game.record.seats[i].model_copy(update={"bot": spec.get("bot")})
        broadcast(live, seats_message(live, [text for _, text in new_notes]))


def _played_on(game: Game, actions: list[dict[str, Any]]) -> Game | None:
    """``game`` with the stored ``actions`` played on (chance outcomes as stored); None if one does not apply."""
    game.auto_chance = False
    try:
        for data in actions:
            action = parse_action(data)
            if action.is_chance:
                game.supply_chance(action)
            else:
                game.apply(action)
    except AosError:
        return None
    finally:
        game.auto_chance = True
    return game
