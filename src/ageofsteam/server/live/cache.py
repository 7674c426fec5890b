"""The live games kept in memory: each replayed from the store on first use, outside the event loop, and the
least recently used dropped past ``CACHE_SIZE`` (never one with viewers, bots at work or its lock held)."""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.game import LiveGame, insert_seat_notes
from ageofsteam.server.live.viewers import close_all
from ageofsteam.server.store import Store, StoredGame

T = TypeVar("T")

CACHE_SIZE = 256  # live games kept in memory (games with viewers or bots at work are never dropped)
REPLAY_THREADS = 2  # games replayed at once in worker threads (a replay holds the interpreter most of the time)

Behind = Callable[[str, int], Coroutine[Any, Any, None]]


def _replayed(game_id: str, stored: StoredGame) -> Game:
    """The game ``stored`` (with all its actions) replayed, its seats' hand-overs in its log; 409 if it cannot be."""
    try:
        game = Game.from_record(stored.record())
    except AosError as exc:
        raise ApiError(409, "unplayable", f"game {game_id!r} cannot be replayed: {exc}", "id") from None
    stored.actions = []
    insert_seat_notes(game, stored.seats)
    return game


class Games:
    """Every live game of this process. ``behind(game_id, version)`` is run (as a task in ``tasks``) when a game
    was changed elsewhere, to ``version``, while it was being read."""

    def __init__(self, store: Store, tasks: set[asyncio.Task[None]], behind: Behind) -> None:
        self.store = store
        self.tasks = tasks
        self.behind = behind
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self.loading: dict[str, int] = {}  # games being read from the store: the latest version told meanwhile
        self.pending: dict[str, asyncio.Future[LiveGame]] = {}  # games being loaded, for the requests that wait
        self._replayer: ThreadPoolExecutor | None = None  # made on first use, stopped by close()
        self.unplayable: OrderedDict[str, tuple[int, ApiError]] = OrderedDict()  # game → (version, its refusal)

    def close(self) -> None:
        """Stop the replay threads (a replay under way is left to end; none waiting starts)."""
        pool, self._replayer = self._replayer, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id`` (replayed from the store on first use); 404 if there is none. Requests for a
        game being loaded wait for that one load."""
        live = self.live.get(game_id)
        if live is not None:
            self.live.move_to_end(game_id)
            return live
        if len(game_id) > 32:
            raise ApiError(404, "not_found", f"no game {game_id!r}", "id")
        pending = self.pending.get(game_id)
        if pending is None:
            pending = self.pending[game_id] = asyncio.ensure_future(self._load(game_id))
            pending.add_done_callback(functools.partial(self._loaded, game_id))
        return await asyncio.shield(pending)  # a request given up leaves the load to the others

    def _loaded(self, game_id: str, load: asyncio.Future[LiveGame]) -> None:
        self.pending.pop(game_id, None)
        if not load.cancelled():
            load.exception()  # told to the requests that waited (if every one gave up, to nobody)

    async def _load(self, game_id: str) -> LiveGame:
        """Read ``game_id`` from the store and replay it outside the event loop (:meth:`replay`)."""
        self.loading[game_id] = 0
        try:
            stored = await self.store.run(self.store.load, game_id)
            if stored is None:
                raise ApiError(404, "not_found", f"no game {game_id!r}", "id")
            refused = self.unplayable.get(game_id)
            if refused is not None and refused[0] == stored.version:
                raise refused[1]
            try:
                game = await self.replay(game_id, stored)
            except ApiError as exc:
                self.unplayable[game_id] = (stored.version, exc)
                while len(self.unplayable) > CACHE_SIZE:
                    self.unplayable.popitem(last=False)
                raise
        finally:
            told = self.loading.pop(game_id, 0)
        live = self.live.get(game_id) or self.keep(LiveGame.kept(stored, game))  # (a start-up sweep made it?)
        if told > live.meta.version:  # changed elsewhere while it was read: catch up
            task = asyncio.get_running_loop().create_task(self.behind(game_id, told))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return live

    def told(self, game_id: str, version: int) -> None:
        """Another process changed ``game_id`` to ``version``: if it is being read, it is caught up once it is."""
        if game_id in self.loading:
            self.loading[game_id] = max(self.loading[game_id], version)

    async def replay(self, game_id: str, stored: StoredGame) -> Game:
        """:func:`_replayed` in a worker thread, at most ``REPLAY_THREADS`` at once: a long game takes tens of
        milliseconds to replay, which on the event loop would hold up every other game and viewer."""
        return await self.off_loop(_replayed, game_id, stored)

    async def off_loop(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a replay thread."""
        if self._replayer is None:
            self._replayer = ThreadPoolExecutor(REPLAY_THREADS, thread_name_prefix="replay")
        return await asyncio.get_running_loop().run_in_executor(self._replayer, work, *args)

    def get_now(self, game_id: str) -> LiveGame:
        """:meth:`get` without awaiting (at start-up)."""
        live = self.live.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}", "id")
        return self.keep(LiveGame.kept(stored, _replayed(game_id, stored)))

    def keep(self, live: LiveGame) -> LiveGame:
        """Keep ``live`` in memory."""
        self.live[live.meta.id] = live
        self._trim()
        return live

    async def add(self, live: LiveGame) -> None:
        """Store the new game ``live`` (with the actions it starts with) and keep it."""
        meta = live.meta
        meta.status = live.status()
        meta.summary = live.summary()
        meta.bot_turn = live.bot_to_move() is not None
        meta.actions = list(live.game.record.actions)
        await self.store.run(self.store.create, meta)
        meta.actions = []
        self.keep(live)

    def _trim(self) -> None:
        for gid in list(self.live):
            if len(self.live) <= CACHE_SIZE:
                break
            lv = self.live[gid]
            if not lv.viewers and (lv.bot_task is None or lv.bot_task.done()) and not lv.lock.locked():
                del self.live[gid]

    def forget(self, live: LiveGame) -> None:
        """Drop ``live`` after a failed or interrupted commit: the next request replays the game from the database
        (the truth); its viewers are closed and reconnect to that."""
        if self.live.get(live.meta.id) is live:
            del self.live[live.meta.id]
        close_all(live)
