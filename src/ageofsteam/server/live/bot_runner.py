"""The bots at the table: they play whenever one is to move, and a player may ask one for a hint.

Bots think in a pool of worker processes (server/thinking.py), never on the event loop and never under the
game's lock: the bot's task takes the record under the lock, waits for the pool's answer without it, and plays
the answer under the lock only if the game is still where it was (a human may have undone meanwhile). With
several processes on one database, bots move only where their game's bot lease is held.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from ageofsteam.bots import LEVELS, default_work
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.server.decisions import hint_json
from ageofsteam.server.errors import ApiError
from ageofsteam.server.limits import PerMinute
from ageofsteam.server.live.cache import Games
from ageofsteam.server.live.changes import Changes
from ageofsteam.server.live.game import LiveGame, bot_seed
from ageofsteam.server.live.identity import Identity
from ageofsteam.server.live.sync import Sync
from ageofsteam.server.store import LeaseLost, Stale, Store
from ageofsteam.server.thinking import HINT_LEVEL, HINT_SECONDS, Job, Thinker

if TYPE_CHECKING:
    from ageofsteam.server.cluster import Cluster

log = logging.getLogger("ageofsteam.server")
HINTS_PER_MINUTE = 30  # hints one seat may ask for a minute (one at a time)


def _report(game_id: str, task: asyncio.Task[None]) -> None:
    """Log why the bots of game ``game_id`` stopped, if they stopped on an error (else the game would wait in
    silence)."""
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("game %s: the bots stopped on an error", game_id, exc_info=exc)


class BotRunner:
    """Moves the bots of every game and works out hints, in ``thinker``'s pool. ``bot_work``: the searching
    bots' work per decision, in playouts (None: each level's own), within the safety cap ``bot_seconds``;
    ``bot_delay``: a pause after each bot move."""

    def __init__(
        self,
        store: Store,
        games: Games,
        sync: Sync,
        changes: Changes,
        thinker: Thinker,
        tasks: set[asyncio.Task[None]],
        *,
        cluster: Cluster | None,
        bot_delay: float,
        bot_seconds: float,
        bot_work: int | None,
        hints_per_minute: int,
    ) -> None:
        self.store = store
        self.games = games
        self.sync = sync
        self.changes = changes
        self.thinker = thinker
        self.tasks = tasks
        self.cluster = cluster
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.bot_work = bot_work
        self.hint_limit = PerMinute(hints_per_minute, "hints")  # per seat
        self.hinting: set[str] = set()  # the seats ("game/seat") whose hint is being worked out

    def wake(self, live: LiveGame) -> None:
        """Start the bots of ``live`` if one is to move (they play until a human is to move)."""
        if live.bot_to_move() is None or (live.bot_task is not None and not live.bot_task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._run(live))
        live.bot_task = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(functools.partial(_report, live.meta.id))

    def work_of(self, level: str) -> int | None:
        """The work per decision the bots of ``level`` play on this server, in playouts (None: not a searching
        level)."""
        own = default_work(level)
        return None if own is None else (self.bot_work or own)

    def _job(self, live: LiveGame, seat: int, level: str, seconds: float | None, *, hint: bool = False) -> Job:
        """A job for the bot pool at the game's current position (called under the game's lock): a searching bot
        plays the server's work budget within the safety cap ``seconds``."""
        searching = default_work(level) is not None
        return Job(
            game_id=live.meta.id,
            record=live.game.record.model_dump(mode="json"),
            seat=seat,
            level=level,
            seconds=seconds if searching else None,
            seed=bot_seed(live, "hint" if hint else "bot"),
            hint=hint,
            work=self.work_of(level),
        )

    async def _run(self, live: LiveGame) -> None:
        """Move the bots of ``live`` until a human is to move; with several processes, only while this one holds
        the game's bot lease (taken first, given up at the end)."""
        cluster = self.cluster
        if cluster is None:
            await self._move(live, None)
            return
        game_id = live.meta.id
        try:
            if not await self.store.run(cluster.take, game_id):
                return  # another process moves them
            try:
                await self._move(live, cluster.guard(game_id))
            finally:
                cluster.held.discard(game_id)
                with contextlib.suppress(Exception):  # not given up (the database is away): it expires
                    await self.store.run(cluster.release, game_id)
        except DBAPIError as exc:  # the database is away: the lease expires, and a sweep wakes the bots again
            log.warning("game %s: the bots stopped: %s", game_id, exc.orig or exc)

    async def _move(self, live: LiveGame, lease: Callable[[Connection], None] | None) -> None:
        """The bots' moves, each checked in its commit by ``lease`` (the lease is still held)."""
        while True:
            async with live.lock:
                seat = live.bot_to_move()
                if seat is None or self.games.live.get(live.meta.id) is not live:
                    return
                level = live.meta.seats[seat]["bot"]
                if level not in LEVELS:  # never stored, but an old database may hold anything
                    log.warning(
                        "game %s: seat %d has an unknown bot %r; the random bot plays it", live.meta.id, seat, level
                    )
                    level = "random"
                job = self._job(live, seat, level, self.bot_seconds)
                undos = live.undos
            answer = await self.thinker.decide(job)  # in the pool, without the lock: the game can be read meanwhile
            async with live.lock:
                if (
                    live.index != job.index
                    or live.undos != undos
                    or live.bot_to_move() != seat
                    or self.games.live.get(live.meta.id) is not live
                ):
                    continue  # the game moved on meanwhile (an undo): think again
                action = self._checked(live, level, answer)
                try:
                    await self.changes.commit(live, lambda g, a=action: g.apply(a), lease)
                except LeaseLost:
                    log.warning("game %s: the bot lease passed to another server", live.meta.id)
                    return
                except Stale:  # the game changed on another server meanwhile: catch up, think again
                    await self.sync.catch_up(live)
                    continue
            await asyncio.sleep(self.bot_delay)

    @staticmethod
    def _checked(live: LiveGame, level: str, answer: dict[str, Any] | None) -> Any:
        """The pool's ``answer`` as a legal action (the first legal action if there is none, or it is illegal)."""
        if answer is not None:
            try:
                return live.game.check(answer["action"])
            except (IllegalAction, BadInput) as exc:
                log.warning("game %s: the %s bot chose an illegal action (%s)", live.meta.id, level, exc)
        return live.game.legal_actions()[0]

    async def hint(self, live: LiveGame, ident: Identity) -> dict[str, Any]:
        """A suggested action for the player to move, who must be one of ``ident``'s seats (docs/web-api.md)."""
        async with live.lock:
            if live.game.over:
                raise ApiError(409, "over", "the game is over", None)
            seat = live.game.to_move
            if seat is None or seat not in ident.seats:
                raise ApiError(409, "not_your_move", "it is not your move: a hint is for the player to move", "token")
            job = self._job(live, seat, HINT_LEVEL, HINT_SECONDS, hint=True)
            undos = live.undos
        answer = await self._hint_of_seat(f"{live.meta.id}/{seat}", job)
        if answer is None:
            raise ApiError(503, "busy", "no hint could be worked out in time; try again", None)
        async with live.lock:
            if live.index != job.index or live.undos != undos:
                raise ApiError(
                    409, "stale", f"the game moved on to action {live.index} while the hint was worked out", "index"
                )
            return hint_json(live.legal(), answer)

    async def _hint_of_seat(self, key: str, job: Job) -> dict[str, Any] | None:
        """The pool's hint for the seat ``key`` ("game/seat"): one at a time per seat, and at most
        ``hints_per_minute`` a minute (429 past either)."""
        if key in self.hinting:
            raise ApiError(429, "too_many", "a hint for this seat is being worked out: wait for it", None)
        self.hint_limit.check(key)
        self.hinting.add(key)
        try:
            return await self.thinker.hint(job)
        finally:
            self.hinting.discard(key)

    def resume(self) -> int:
        """After a start: wake the bots of every stored game that waits on a bot (with several processes, the
        sweep of :meth:`keep_leases` finds them instead)."""
        n = 0
        if self.cluster is not None:
            return n
        for meta in self.store.list(limit=100000):
            if meta.status == "over":
                continue
            seat = meta.summary.get("to_move")
            if seat is not None and 0 <= seat < len(meta.seats) and meta.seats[seat].get("bot"):
                self.wake(self.games.get_now(meta.id))
                n += 1
        return n

    async def keep_leases(self) -> None:
        """While the server runs: renew this process's bot leases, and take over the bots of games whose lease
        nobody holds (their process died)."""
        cluster = self.cluster
        assert cluster is not None
        while True:
            await asyncio.sleep(cluster.lease_seconds / 3)
            try:
                for game_id in await self.store.run(cluster.renew):
                    log.warning("game %s: the bot lease expired before it was renewed", game_id)
                for game_id in await self.store.run(cluster.orphans):
                    try:
                        live = await self.games.get(game_id)
                    except ApiError:  # a game this engine cannot replay (said when it is opened): no bots
                        continue
                    async with live.lock:
                        await self.sync.catch_up(live)
                    self.wake(live)
            except Exception:  # the database is away: try again next time
                log.warning("renewing the bot leases failed", exc_info=True)
