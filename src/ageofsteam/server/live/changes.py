"""Every change to a live game: applied in memory, committed to the database, and only then told.

All work on one game runs under that game's lock, so two requests can never both act on the same position.
An action is applied in memory, committed to the database (on a networked database the commit runs in a
thread while the lock is held, so other games go on), and only then queued to the viewers; readers of a game
take the same lock, so nobody sees an action that is not committed. A commit refused by the database
(:class:`Stale`) puts the game in memory back as it was (server/live/sync.py then catches it up).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Connection

from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.cache import Games
from ageofsteam.server.live.game import LiveGame, bot_turn, game_status, insert_seat_notes
from ageofsteam.server.live.turn_mail import TurnMail
from ageofsteam.server.live.viewers import broadcast, undo_message, update_message
from ageofsteam.server.store import Stale, Store

Write = Callable[[int, str, dict[str, Any], bool], int]


def _stale_words(at: int, index: int) -> str:
    return f"field 'index': the game is at action {at}, not {index} (a stale or repeated submission)"


class Ahead(ApiError):
    """A request made at a later action than this process's copy of the game: the copy may not yet have heard of a
    change made on another process (server/live/sync.py catches it up and checks the request again); refused as
    stale if it is still behind."""

    def __init__(self, at: int, index: int) -> None:
        super().__init__(409, "stale", _stale_words(at, index), "index")


class Changes:
    """Stores the changes made to live games (``turn_mail``: tells the player whose move it becomes)."""

    def __init__(self, store: Store, games: Games, turn_mail: TurnMail | None) -> None:
        self.store = store
        self.games = games
        self.turn_mail = turn_mail

    @staticmethod
    def check_index(live: LiveGame, index: int) -> None:
        """409 unless the game goes on and is at action ``index`` (the position the request was made at);
        :class:`Ahead` when the request is at a later action than this process's copy."""
        if live.game.over:
            raise ApiError(409, "over", "the game is over", None)
        if index > live.index:
            raise Ahead(live.index, index)
        if index != live.index:
            raise ApiError(409, "stale", _stale_words(live.index, index), "index")

    async def commit(
        self, live: LiveGame, apply: Any, within: Callable[[Connection], None] | None = None
    ) -> dict[str, Any]:
        """Run ``apply`` on the game, store the new actions, then queue the update to every viewer; returns the
        update. On any failure the game in memory is put back as it was (:class:`Stale`: the game changed
        elsewhere first). ``within``: a check in the commit's transaction. Called under the game's lock."""
        game = live.game
        start = len(game.record.actions)
        log_start = len(game.state.log)
        try:
            apply(game)
        except (IllegalAction, BadInput):
            if len(game.record.actions) != start:  # never expected: the engine leaves the state untouched
                _restore(live, start)
            raise
        new = game.record.actions[start:]
        live.moved_at = time.time()
        before = live.last_to_move
        await self._store_change(
            live,
            lambda: _restore(live, start),
            lambda version, status, summary, bots: self.store.append(
                live.meta.id, version, start, new, status, summary, bots, within
            ),
        )
        msg = update_message(live, start, log_start)
        broadcast(live, msg)
        live.last_to_move = game.to_move
        if self.turn_mail is not None and game.to_move != before:
            self.turn_mail.tell(live)
        return msg

    async def take_back(self, live: LiveGame, new_len: int, seats: set[int]) -> None:
        """Cut the record back to ``new_len`` actions (the action there is one of ``seats``'), store it and tell
        every viewer what was taken back. Called under the game's lock."""
        old = live.game
        old_actions = old.record.actions
        assert parse_action(old_actions[new_len]).actor is not None
        record = old.record.model_copy(update={"actions": old_actions[:new_len]})
        replayed = await self.games.off_loop(Game.from_record, record)
        insert_seat_notes(replayed, live.meta.seats)
        live.game = replayed

        def put_back() -> None:
            live.game = old

        await self._store_change(
            live,
            put_back,
            lambda version, status, summary, bots: self.store.truncate(
                live.meta.id, version, new_len, status, summary, bots
            ),
        )
        live.undos += 1
        broadcast(live, undo_message(live, old_actions, new_len, seats))

    async def save_seats(self, live: LiveGame, seats: list[dict[str, Any]]) -> None:
        """Store the game's seats (and the undo asked for, as it stands); under the lock (:class:`Stale` if the
        game changed elsewhere)."""
        status = game_status(live.game, seats)
        request = live.undo_request.to_json() if live.undo_request is not None else None
        version = await self.store.run(
            self.store.set_seats, live.meta.id, live.meta.version, seats, status, bot_turn(live.game, seats), request
        )
        live.meta.seats = seats
        live.meta.status = status
        live.meta.version = version

    async def _store_change(self, live: LiveGame, put_back: Callable[[], None], write: Write) -> None:
        """Store the change just made to ``live``'s game: ``write(version, status, summary, bot to move)`` stores
        it if the game is still at ``version`` and returns the new one. If it is refused (:class:`Stale`: the game
        changed elsewhere first) ``put_back()`` restores the game in memory; on any other failure too, and the
        cached game is dropped (the commit may or may not have happened: the database will say). Once stored, an
        undo asked for is over and what was worked out for the old position is forgotten."""
        meta = live.meta
        version = meta.version
        try:
            meta.version = await self.store.run(
                write, version, live.status(), live.summary(), live.bot_to_move() is not None
            )
        except Stale:  # refused: nothing was stored
            put_back()
            raise
        except BaseException:
            put_back()
            self.games.forget(live)
            raise
        meta.status = live.status()
        live.undo_request = None
        live.forget_position()


def _restore(live: LiveGame, length: int) -> None:
    """Put ``live``'s game back to its first ``length`` actions."""
    record = live.game.record.model_copy(update={"actions": live.game.record.actions[:length]})
    live.game = Game.from_record(record)
