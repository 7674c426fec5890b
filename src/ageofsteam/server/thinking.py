"""Bot decisions and hints, worked out outside the event loop in a pool of worker processes.

A decision is a :class:`Job`: the game's record (JSON), the seat to move, the bot's level, its work budget and
the safety cap on its time, and the seed of the bot's random generator. A worker (:func:`work`) replays the
record and returns the chosen action as JSON. A worker keeps the last games it saw, so a game it knows is only
brought up to date with the actions played since.

* The pool (:class:`Thinker`) has one worker process per core the server may use. It is started on first use and
  shut down with the application. The workers run at a lower priority (``nice``), so the server's own process
  (the event loop: every human's action, every viewer) gets the CPU first.
* At most one job per worker runs at a time. The other jobs wait their turn in the server, fairly between games
  (server/scheduler.py: the games take the workers in turn, and a player's hint waits behind its game's bots'
  decisions). A job's time limit therefore counts its own work only: the bot's safety cap plus ``slack``
  seconds for replaying the record, plus ``START_SECONDS`` while the pool is starting its processes.
  The bots decide by work, never by time, so a healthy server never reaches it: a decision is the same on a
  busy server as on an idle one, only slower.
* The server does not wait for a job that overruns its limit. Its seat plays the ``steady`` bot's choice
  instead (worked out in the pool within ``FALLBACK_SECONDS``), or else the first legal action, and the overrun
  is logged. The worker is left to finish; if the job is still running ``STUCK_SECONDS`` after its limit, the
  pool is restarted.
* A job fails, and its seat plays the stand-in likewise, when its worker dies or no worker process can be
  started. The broken pool is dropped and taken down before the next one starts its processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ageofsteam.bots import DEFAULT_SECONDS, Bot, bot
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.server.scheduler import FairQueue

log = logging.getLogger("ageofsteam.server")

THINK_SLACK = 2.0  # seconds a job may take beyond its bot's budget (replaying the record, sending the answer)
START_SECONDS = 15.0  # more time for the jobs of a pool younger than this (its processes are starting)
FALLBACK_SECONDS = 2.0  # the steady bot's time limit when it stands in for a bot that overran
STUCK_SECONDS = 60.0  # a job still running this long after its limit restarts the pool
STOP_SECONDS = 15.0  # the longest a new pool waits for the dropped one to be down
HINT_LEVEL = "hard"  # the bot that gives a player's hint (with the server's work budget for its bots)…
HINT_SECONDS = DEFAULT_SECONDS  # …within this safety cap
WORKER_GAMES = 16  # games a worker keeps replayed
WORKER_NICE = 10  # how much lower the workers' priority is than the server's
WATCH_SECONDS = 1.0  # how often a worker checks that the server is still running


@dataclass(frozen=True)
class Job:
    """One decision for the worker pool: the action of ``seat`` in game ``game_id`` at ``record``."""

    game_id: str
    record: dict[str, Any]  # the game's record as JSON (docs/record-format.md)
    seat: int
    level: str  # random | steady | strong
    seconds: float | None  # the strong bot's safety cap on its time; None for the other levels
    seed: str  # the seed of the bot's random generator
    hint: bool = False  # a hint: the action with its reason (else the bot's choice alone)
    work: int | None = None  # a searching bot's work per decision, in playouts (its level's default if None)

    @property
    def index(self) -> int:
        return len(self.record.get("actions", ()))


def machine_workers() -> int:
    """The number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# --- in a worker process ---------------------------------------------------------------------------


@dataclass
class _Known:
    """A game a worker has replayed, and the bots that played it there."""

    header: dict[str, Any]
    game: Game
    bots: dict[tuple[Any, ...], Bot] = field(default_factory=dict)


_GAMES: OrderedDict[str, _Known] = OrderedDict()


def _start_worker(server: int) -> None:
    """A worker's start: a lower priority, and a watch on the server process (``server``, its pid), without
    which a worker would outlive a killed server forever, waiting for jobs."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICE)
    threading.Thread(target=_watch_server, args=(server,), name="aos-watch-server", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    try:  # a killed process its parent has not reaped yet is a zombie: gone all the same
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _watch_server(pid: int) -> None:
    while _alive(pid):
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def _known(job: Job) -> _Known:
    """The game of ``job`` replayed to its record: the kept one brought up to date when the record goes on from
    it, else replayed afresh."""
    data = job.record
    actions = data.get("actions", [])
    header = {k: v for k, v in data.items() if k != "actions"}
    known = _GAMES.pop(job.game_id, None)
    if known is not None:
        have = known.game.record.actions
        n = len(have)
        if known.header == header and n <= len(actions) and have == actions[:n]:
            try:
                for item in actions[n:]:
                    a = parse_action(item)
                    if a.is_chance:
                        known.game.supply_chance(a)
                    else:
                        known.game.apply(a)
            except AosError:
                known = None
        else:
            known = None
    if known is None:
        known = _Known(header, Game.from_record(Record.model_validate(data), auto_chance=False))
    _GAMES[job.game_id] = known
    while len(_GAMES) > WORKER_GAMES:
        _GAMES.popitem(last=False)
    return known


def work(job: Job) -> dict[str, Any]:
    """In a worker: the bot's action for ``job`` as ``{"action", "reason", "level", "pid", "seconds"}``
    (``reason`` only for a hint; ``seconds`` the time the worker spent)."""
    started = time.perf_counter()
    known = _known(job)
    game = known.game
    if game.over or game.to_move != job.seat:
        raise ValueError(f"seat {job.seat} is not to move in game {job.game_id} at action {job.index}")
    key = (job.seat, job.level, job.work, job.seconds, job.hint)
    b = known.bots.get(key)
    if b is None:
        b = known.bots[key] = bot(job.level, work=job.work, seconds=job.seconds)
    rng = random.Random(job.seed)
    reason = None
    try:
        if job.hint:
            h = b.hint(game, rng)
            action, reason = h.action, h.reason
        else:
            action = b.choose(game, rng)
    finally:
        if len(game.record.actions) != job.index:  # a bot must never change the game: forget it if one did
            _GAMES.pop(job.game_id, None)
    return {
        "action": action.to_json(),
        "reason": reason,
        "level": job.level,
        "pid": os.getpid(),
        "seconds": time.perf_counter() - started,
    }


# --- in the server ---------------------------------------------------------------------------------


def _context() -> Any:
    """Worker processes forked from a clean server process that has the engine loaded (never forked from the
    server itself: it runs threads); spawned where there is no forkserver."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


class Thinker:
    """The server's pool of bot workers."""

    def __init__(self, workers: int | None = None, *, slack: float = THINK_SLACK) -> None:
        self.workers = workers or machine_workers()
        self.slack = slack
        self.start_seconds = START_SECONDS
        self.work = work  # the worker's function (a module-level function: it is sent to the worker by name)
        self.pids: set[int] = set()  # the worker processes that answered
        self.running: dict[Future[Any], Job] = {}  # the jobs in the workers now
        self.overruns = 0
        self._pool: ProcessPoolExecutor | None = None
        self._started = 0.0
        self._slots: FairQueue | None = None
        self._stopping: threading.Thread | None = None  # the thread taking a dropped pool down

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=_context(), initializer=_start_worker, initargs=(os.getpid(),)
            )
            self._started = time.monotonic()
        return self._pool

    def _limit(self, seconds: float) -> float:
        young = time.monotonic() - self._started < self.start_seconds
        return seconds + (self.start_seconds if self._pool is None or young else 0.0)

    async def run(self, job: Job, seconds: float, *, urgent: bool = False, queue: bool = True) -> dict[str, Any] | None:
        """The worker's answer to ``job``, or None when it failed or took longer than ``seconds`` (counted from
        its start: it first waits for a free worker, in its game's turn, a hint (``urgent``) behind its game's
        bots; with ``queue`` false it is a stand-in, which takes the next free worker before any other job, and
        its wait counts in the limit)."""
        slots = self.queue()
        if queue:
            await slots.acquire(job.game_id, hint=urgent or job.hint)
        else:
            started = time.monotonic()
            try:
                await asyncio.wait_for(slots.acquire(job.game_id, first=True), seconds)
            except TimeoutError:
                log.warning("the %s bot of game %s found no free worker in time", job.level, job.game_id)
                return None
            seconds = max(0.0, seconds - (time.monotonic() - started))
        try:
            await self._stopped()
            limit = self._limit(seconds)
            pool = self._executor()
            try:
                cfut = pool.submit(self.work, job)
            except Exception as exc:  # the pool broke (a worker died), was shut down, or could not start a process
                self._reset(pool)
                log.warning("the bot workers could not take the %s bot of game %s: %s", job.level, job.game_id, exc)
                slots.release()
                return None
        except BaseException:
            slots.release()
            raise
        self.running[cfut] = job
        cfut.add_done_callback(lambda f: self.running.pop(f, None))
        fut = asyncio.wrap_future(cfut)

        def finished(f: asyncio.Future[Any]) -> None:
            slots.release()  # the slot is free again when the worker is, not when the server stops waiting
            if not f.cancelled():
                f.exception()  # read, so that an answer nobody waits for any more is not reported as lost

        fut.add_done_callback(finished)
        done, _ = await asyncio.wait({fut}, timeout=limit)
        if not done:
            self.overruns += 1
            log.warning("the %s bot of game %s overran its time (%.1f s)", job.level, job.game_id, limit)
            asyncio.get_running_loop().call_later(STUCK_SECONDS, self._unstick, pool, cfut, job)
            return None
        failure = fut.exception()
        if failure is not None:
            if isinstance(failure, BrokenProcessPool):
                self._reset(pool)
            log.warning("the %s bot of game %s failed: %s", job.level, job.game_id, failure)
            return None
        out: dict[str, Any] = fut.result()
        self.pids.add(out["pid"])
        return out

    async def decide(self, job: Job) -> dict[str, Any] | None:
        """A bot's choice for ``job``; the steady bot's if the bot gave no answer (it overran its time or failed:
        :meth:`run` logs which); None if neither answered (the caller then plays the first legal action)."""
        out = await self.run(job, (job.seconds or 0.0) + self.slack)
        if out is not None or job.level == "steady":
            if out is None:
                log.warning("the steady bot of game %s gave no answer: the first legal action is played", job.game_id)
            return out
        log.warning(
            "the %s bot of game %s (seat %d, action %d) gave no answer: the steady bot's choice is played",
            job.level,
            job.game_id,
            job.seat,
            job.index,
        )
        out = await self.run(replace(job, level="steady", seconds=None, work=None), FALLBACK_SECONDS, queue=False)
        if out is None:
            log.warning("the steady bot of game %s gave none either: the first legal action is played", job.game_id)
        return out

    async def hint(self, job: Job) -> dict[str, Any] | None:
        """A hint for ``job`` (in its game's turn, behind its bots' decisions); the steady bot's if the hint's bot
        overran; None if neither answered in time."""
        out = await self.run(job, (job.seconds or 0.0) + self.slack, urgent=True)
        if out is None and job.level != "steady":
            out = await self.run(replace(job, level="steady", seconds=None, work=None), FALLBACK_SECONDS, queue=False)
        return out

    def queue(self) -> FairQueue:
        """The queue of jobs waiting for a worker (server/scheduler.py)."""
        if self._slots is None:
            self._slots = FairQueue(self.workers)
        return self._slots

    def _unstick(self, pool: ProcessPoolExecutor, cfut: Future[Any], job: Job) -> None:
        if not cfut.done() and pool is self._pool:
            log.error("the %s bot of game %s is stuck: the bot workers are restarted", job.level, job.game_id)
            self._reset(pool)

    def _reset(self, pool: ProcessPoolExecutor) -> None:
        """Drop ``pool`` (broken or stuck): its jobs fail, the next job starts a new pool once this one is down."""
        if pool is self._pool:  # (else it was dropped already)
            self._pool = None
            self._stopping = threading.Thread(target=_stop, args=(pool,), name="aos-stop-pool", daemon=True)
            self._stopping.start()

    async def _stopped(self) -> None:
        """Wait (off the event loop) until a dropped pool is down before a new one starts its processes: a pool
        torn down while the next one starts them can break the start of a process."""
        stopping = self._stopping
        if stopping is not None and self._pool is None:
            await asyncio.to_thread(stopping.join, STOP_SECONDS)
            if not stopping.is_alive() and self._stopping is stopping:
                self._stopping = None

    def close(self) -> None:
        """Stop the workers at once (jobs under way are abandoned)."""
        pool, self._pool = self._pool, None
        self._slots = None  # a server started again (another event loop) starts with every worker free
        if pool is not None:
            _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Terminate the workers of ``pool`` (their jobs fail with BrokenProcessPool) and wait until it is down."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(5)
    if manager is not None:
        manager.join(5)


__all__ = ["HINT_LEVEL", "HINT_SECONDS", "Job", "Thinker", "machine_workers", "work"]
