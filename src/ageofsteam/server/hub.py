"""The Hub: every live game of the server, composed of the rooms of server/live/, one concern each.

A request names a game (:meth:`Hub.get`) and the Hub hands it to the concern it is about: a player's moves
(``moves``), an undo asked of the others (``undo_requests``), the seats (``seats``), the viewers (``viewers``),
the bots and hints (``bots``). Where one request touches several concerns (an action marks its seat joined and
wakes the bots) the Hub says the order. Several processes on one database (server/cluster.py) tell each other
of their changes through :meth:`Hub.changed_elsewhere`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from ageofsteam.bots import DEFAULT_SECONDS
from ageofsteam.server.live.bot_runner import HINTS_PER_MINUTE, BotRunner
from ageofsteam.server.live.cache import Games
from ageofsteam.server.live.changes import Changes
from ageofsteam.server.live.creation import new_game
from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.live.identity import Identity, identify, you
from ageofsteam.server.live.moves import Moves
from ageofsteam.server.live.seats import Seats
from ageofsteam.server.live.sync import Sync
from ageofsteam.server.live.turn_mail import TurnMail
from ageofsteam.server.live.undo_requests import UndoRequests
from ageofsteam.server.live.viewers import WS_MESSAGES_PER_MINUTE, Viewers
from ageofsteam.server.mail import Mailer
from ageofsteam.server.store import Store
from ageofsteam.server.thinking import Thinker

if TYPE_CHECKING:
    from ageofsteam.server.cluster import Cluster

log = logging.getLogger("ageofsteam.server")


class Hub:
    """Every live game of the server."""

    def __init__(
        self,
        store: Store,
        *,
        all_maps: bool = False,
        bot_delay: float = 0.0,
        bot_seconds: float = DEFAULT_SECONDS,
        bot_workers: int | None = None,
        bot_work: int | None = None,
        mailer: Mailer | None = None,
        cluster: Cluster | None = None,
        hints_per_minute: int = HINTS_PER_MINUTE,
        ws_messages_per_minute: int = WS_MESSAGES_PER_MINUTE,
    ) -> None:
        self.store = store
        self.cluster = cluster  # several processes on one PostgreSQL database (None: this process alone)
        self.all_maps = all_maps
        self.thinker = Thinker(bot_workers)
        self.tasks: set[asyncio.Task[None]] = set()
        self.games = Games(store, self.tasks, behind=self.changed_elsewhere)
        self.sync = Sync(store, self.games)
        turn_mail = TurnMail(store, mailer, self.tasks) if mailer is not None else None
        changes = Changes(store, self.games, turn_mail)
        self.moves = Moves(changes, self.sync)
        self.undo_requests = UndoRequests(changes, self.sync)
        self.bots = BotRunner(
            store,
            self.games,
            self.sync,
            changes,
            self.thinker,
            self.tasks,
            cluster=cluster,
            bot_delay=bot_delay,
            bot_seconds=bot_seconds,
            bot_work=bot_work,
            hints_per_minute=hints_per_minute,
        )
        self.seats = Seats(store, self.games, self.sync, changes, self.bots, mail=mailer is not None)
        self.viewers = Viewers(
            self.seats.mark_joined, mail_offered=mailer is not None, messages_per_minute=ws_messages_per_minute
        )

    @property
    def live(self) -> OrderedDict[str, LiveGame]:
        """The games kept in memory, by id."""
        return self.games.live

    @property
    def bot_seconds(self) -> float:
        return self.bots.bot_seconds

    def work_of(self, level: str) -> int | None:
        return self.bots.work_of(level)

    # --- a game and who asks -----------------------------------------------------------------------

    async def get(self, game_id: str) -> LiveGame:
        return await self.games.get(game_id)

    async def identify(self, live: LiveGame, token: str | None) -> Identity | None:
        """The seats ``token`` acts for (None without a token); 404 for an unknown token. It changes nothing: a
        seat is marked joined only by a request that succeeds (:meth:`mark_joined`)."""
        return identify(live.meta, token)

    async def mark_joined(self, live: LiveGame, ident: Identity | None) -> None:
        await self.seats.mark_joined(live, ident)

    def you(self, live: LiveGame, ident: Identity | None) -> dict[str, Any] | None:
        return you(live, ident, self.viewers.mail_offered)

    async def create(
        self,
        map_id: str,
        players: int,
        seats: list[dict[str, Any]] | None,
        options: dict[str, Any],
        seed: int | None,
        hot_seat: bool = False,
        idle_hours: float | None = None,
        map_file: str | None = None,
    ) -> tuple[LiveGame, list[str | None], str]:
        """A new game, stored and kept, its bots woken (server/live/creation.py)."""
        live, tokens, host = new_game(
            map_id,
            players,
            seats,
            options,
            seed,
            all_maps=self.all_maps,
            hot_seat=hot_seat,
            idle_hours=idle_hours,
            map_file=map_file,
        )
        await self.games.add(live)
        self.bots.wake(live)
        return live, tokens, host

    # --- what players ask ------------------------------------------------------------------------------

    async def act(self, live: LiveGame, ident: Identity, index: int, action: dict[str, Any]) -> dict[str, Any]:
        msg = await self.moves.act(live, ident, index, action)
        await self.seats.mark_joined(live, ident)
        self.bots.wake(live)
        return {"index": msg["index"], "applied": msg["actions"]}

    async def undo(self, live: LiveGame, ident: Identity, index: int, count: int) -> dict[str, Any]:
        return {"index": await self.moves.undo(live, ident, index, count)}

    async def request_undo(self, live: LiveGame, ident: Identity, index: int) -> dict[str, Any]:
        return await self.undo_requests.ask(live, ident, index)

    async def answer_undo(self, live: LiveGame, ident: Identity, index: int, accept: bool) -> dict[str, Any]:
        return await self.undo_requests.answer(live, ident, index, accept)

    async def change_seat(
        self, live: LiveGame, ident: Identity, seat: int, bot: str | None, new_link: bool
    ) -> dict[str, Any]:
        return await self.seats.change(live, ident, seat, bot, new_link)

    async def set_email(self, live: LiveGame, ident: Identity, email: str | None) -> dict[str, Any]:
        return await self.seats.set_email(live, ident, email)

    async def stop_email(self, live: LiveGame, seat: int, key: str) -> None:
        await self.seats.stop_email(live, seat, key)

    async def hint(self, live: LiveGame, ident: Identity) -> dict[str, Any]:
        return await self.bots.hint(live, ident)

    async def watch(self, live: LiveGame, ws: WebSocket, ident: Identity | None) -> None:
        await self.viewers.watch(live, ws, ident)

    # --- while the server runs -------------------------------------------------------------------------

    def resume_bots(self) -> int:
        return self.bots.resume()

    async def watch_idle_seats(self, every: float) -> None:
        await self.seats.watch_idle(every)

    async def keep_bot_leases(self) -> None:
        await self.bots.keep_leases()

    async def changed_elsewhere(self, game_id: str, version: int | None = None) -> None:
        """Another process changed ``game_id`` (to ``version``; None: perhaps): catch the copy here up, if there
        is one, and wake its bots."""
        live = self.games.live.get(game_id)
        if live is None:
            if version is not None:  # being read: caught up once it is
                self.games.told(game_id, version)
            return
        try:
            async with live.lock:
                if version is None or live.meta.version < version:
                    await self.sync.catch_up(live)
            self.bots.wake(live)
        except Exception:  # the database is away: the next request or notification catches up
            log.warning("game %s: catching up with a change made elsewhere failed", game_id, exc_info=True)

    async def listening_again(self) -> None:
        """The notifications sent while this process was not listening are lost: catch up every game kept."""
        for game_id in list(self.games.live):
            await self.changed_elsewhere(game_id)

    async def shutdown(self) -> None:
        for t in list(self.tasks):
            t.cancel()
        for t in list(self.tasks):
            with contextlib.suppress(BaseException):
                await t
        await asyncio.to_thread(self.thinker.close)
        self.games.close()
