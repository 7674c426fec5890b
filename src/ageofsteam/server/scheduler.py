"""The order in which bot decisions and hints take a free worker of the bot pool (server/thinking.py): fair
between games.

Each game with work waiting has a queue of its own, and the games take the free workers in turn (round robin):
a game served goes to the back of the line if it has more to do. So while one game's decision waits, every
other game starts at most one decision, however many bots it has or however many hints its players ask for.
Within a game, its bots' decisions go before its players' hints; a stand-in (the steady bot answering for a bot
that overran its time) goes before everything, as it finishes a decision that already had its turn.

:class:`FairQueue` also keeps the figures a site watches (``/api/health``): the jobs running and waiting, and the
most decisions of one other game that started while a job waited (1 when the queue is fair).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Waiter:
    """A job waiting for a worker: its game, and the decisions each other game started meanwhile."""

    game: str
    fut: asyncio.Future[None]
    passed: dict[str, int] = field(default_factory=dict)


@dataclass
class _Game:
    """The jobs of one game waiting for a worker: its bots' decisions, then its players' hints."""

    bots: deque[_Waiter] = field(default_factory=deque)
    hints: deque[_Waiter] = field(default_factory=deque)

    def __bool__(self) -> bool:
        return bool(self.bots or self.hints)

    def pop(self) -> _Waiter:
        return self.bots.popleft() if self.bots else self.hints.popleft()

    def remove(self, waiter: _Waiter) -> None:
        for line in (self.bots, self.hints):
            if waiter in line:
                line.remove(waiter)


class FairQueue:
    """``slots`` workers shared fairly between games (see the module's description)."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.free = slots
        self.games: OrderedDict[str, _Game] = OrderedDict()  # games with jobs waiting, in turn order
        self.first: deque[_Waiter] = deque()  # stand-ins, ahead of every game
        self.started = 0  # decisions and hints that have had a worker
        self.most_passed = 0  # the most decisions of one other game that started while a job waited

    @property
    def waiting(self) -> int:
        return len(self.first) + sum(len(g.bots) + len(g.hints) for g in self.games.values())

    def figures(self) -> dict[str, Any]:
        """What ``/api/health`` tells of the bots' workers."""
        return {
            "workers": self.slots,
            "running": self.slots - self.free,
            "waiting": self.waiting,
            "started": self.started,
            "most_passed": self.most_passed,
        }

    async def acquire(self, game: str, *, hint: bool = False, first: bool = False) -> None:
        """Wait for a worker for a job of ``game``: a bot's decision, a player's ``hint``, or (``first``) a
        stand-in. Cancelled while waiting, the job leaves the queue."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            self._started(game, first)
            return
        waiter = _Waiter(game, asyncio.get_running_loop().create_future())
        if first:
            self.first.append(waiter)
        else:
            line = self.games.setdefault(game, _Game())
            (line.hints if hint else line.bots).append(waiter)
        try:
            await waiter.fut
        except asyncio.CancelledError:
            if waiter.fut.done() and not waiter.fut.cancelled():  # the worker came just as the job left
                self.release()
            else:
                self._drop(waiter)
            raise

    def release(self) -> None:
        """A worker is free again: the next job in turn takes it."""
        found = self._next()
        if found is None:
            self.free += 1
            return
        waiter, stand_in = found
        waiter.fut.set_result(None)
        self._started(waiter.game, stand_in)

    def _next(self) -> tuple[_Waiter, bool] | None:
        """The next job in turn, and whether it is a stand-in (None: no job waits)."""
        while self.first:
            waiter = self.first.popleft()
            if not waiter.fut.done():
                return waiter, True
        while self.games:
            game, line = next(iter(self.games.items()))
            waiter = line.pop()
            if line:
                self.games.move_to_end(game)  # its turn is over: behind every other game waiting
            else:
                del self.games[game]
            if not waiter.fut.done():
                return waiter, False
        return None

    def _started(self, game: str, stand_in: bool) -> None:
        """Count a job of ``game`` taking a worker: one more decision of ``game`` passed every job waiting (a
        stand-in finishes a decision already counted)."""
        self.started += 1
        if stand_in:
            return
        for line in self.games.values():
            for waiter in (*line.bots, *line.hints):
                if waiter.game != game:
                    n = waiter.passed[game] = waiter.passed.get(game, 0) + 1
                    self.most_passed = max(self.most_passed, n)

    def _drop(self, waiter: _Waiter) -> None:
        if waiter in self.first:
            self.first.remove(waiter)
            return
        line = self.games.get(waiter.game)
        if line is not None:
            line.remove(waiter)
            if not line:
                del self.games[waiter.game]


__all__ = ["FairQueue"]
