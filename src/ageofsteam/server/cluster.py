"""Several server processes on one PostgreSQL database: change notifications and bot leases.

Each process (a *node*, named by a random id) keeps live games in memory (server/live/cache.py). To serve the same
games as the others it needs, from PostgreSQL itself and nothing else:

* **notifications**: every change to a game is announced with ``NOTIFY`` inside its own transaction (so it is
  sent when, and only if, the change is committed) on a channel named after the database schema; every node
  ``LISTEN``s on a connection of its own and catches its copy of that game up, telling its viewers. The
  listening connection reconnects by itself (a database restart); after a reconnection every cached game is
  checked, since notifications sent meanwhile are lost;
* **bot leases**: a row per game in ``bot_leases`` (holder node, expiry by the database's clock). A node moves a
  game's bots only while it holds the lease, renews its leases while it lives, and checks the lease in the
  transaction of every bot move; a lease not renewed expires and another node takes the bots over. A sweep
  finds games where a bot is to move and no node holds a live lease (``games.bot_turn``).

Which of two conflicting changes wins is not decided here but by the compare-and-set on the game row
(server/store.py): the other is told ``stale``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import psycopg
from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, text
from sqlalchemy.engine import Connection

from ageofsteam.server.store import LeaseLost, Store

log = logging.getLogger("ageofsteam.server")
LEASE_SECONDS = 5.0  # a bot lease not renewed for this long passes to another node
RECONNECT_SECONDS = (0.1, 0.2, 0.5, 1.0, 2.0)  # waits between attempts to listen again, the last repeated
CHECK_SECONDS = 30.0  # a listening connection quiet this long is checked with a query

lease_metadata = MetaData()
bot_leases = Table(
    "bot_leases",
    lease_metadata,
    Column("game_id", String(32), primary_key=True),
    Column("holder", String(32), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
    Column("taken", Integer, nullable=False, server_default="0"),  # how many times the lease changed holder
)

TAKE = text(
    """INSERT INTO bot_leases (game_id, holder, expires) VALUES (:g, :h, now() + make_interval(secs => :ttl))
    ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires,
      taken = bot_leases.taken + CASE WHEN bot_leases.holder = EXCLUDED.holder THEN 0 ELSE 1 END
    WHERE bot_leases.holder = EXCLUDED.holder OR bot_leases.expires < now()
    RETURNING holder"""
)
RENEW = text(
    "UPDATE bot_leases SET expires = now() + make_interval(secs => :ttl) WHERE holder = :h AND game_id = ANY(:ids) "
    "RETURNING game_id"
)
RELEASE = text("DELETE FROM bot_leases WHERE game_id = :g AND holder = :h")
HELD = text(  # locked until the move commits: a process taking the lease over waits for it
    "SELECT 1 FROM bot_leases WHERE game_id = :g AND holder = :h AND expires >= now() FOR SHARE"
)
ORPHANS = text(
    """SELECT g.id FROM games g LEFT JOIN bot_leases l ON l.game_id = g.id
    WHERE g.bot_turn = 1 AND g.status <> 'over' AND (l.game_id IS NULL OR l.expires < now())
    ORDER BY g.id LIMIT :n"""
)


OnChange = Callable[[str, int], Coroutine[Any, Any, None]]  # (game id, version): a game changed on another node


class Cluster:
    """This node's part in a cluster of server processes on one PostgreSQL database (see the module's text)."""

    def __init__(self, store: Store, lease_seconds: float = LEASE_SECONDS) -> None:
        self.store = store
        self.node = secrets.token_hex(8)
        self.lease_seconds = lease_seconds
        store.create_tables(lease_metadata)
        with store.engine.connect() as conn:
            schema = str(conn.execute(text("SELECT current_schema()")).scalar_one())
        self.channel = f"aos_changes_{schema}"[:63]  # notifications stay within one schema (one set of tables)
        self.held: set[str] = set()  # the games whose bot lease this node holds
        self.listening = asyncio.Event()  # set while the listening connection is up
        self._tasks: set[asyncio.Task[None]] = set()  # changes being caught up
        store.announce = self.announce

    # --- notifications ---------------------------------------------------------------------------

    def announce(self, conn: Connection, game_id: str, version: int) -> None:
        """Tell every node that ``game_id`` is at ``version`` once the transaction of ``conn`` commits."""
        payload = json.dumps({"g": game_id, "v": version, "n": self.node}, separators=(",", ":"))
        conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": self.channel, "p": payload})

    def _dsn(self) -> str:
        """The database address for psycopg (SQLAlchemy's URL without its driver name)."""
        return self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    async def listen(self, on_change: OnChange, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Hand every change announced by another node to ``on_change``, until cancelled; on a lost connection
        listen again (waiting a little longer each time) and call ``on_reconnect`` once listening again."""
        failures = 0  # attempts failed in a row
        missed = False  # notifications may have been missed (the connection was lost, or never made)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._dsn(), autocommit=True, keepalives=1, keepalives_idle=30, keepalives_interval=10
                ) as conn:
                    await conn.execute(f'LISTEN "{self.channel}"')
                    self.listening.set()
                    failures = 0
                    if missed:
                        log.info("listening for changes again")
                        await on_reconnect()
                    while True:
                        async for note in conn.notifies(timeout=CHECK_SECONDS):
                            self._dispatch(note.payload, on_change)
                        await conn.execute("SELECT 1")  # quiet for a while: is the connection still there?
            except (psycopg.Error, OSError) as exc:
                self.listening.clear()
                missed = True
                wait = RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)]
                failures += 1
                if failures == 1:
                    log.warning("lost the connection listening for changes (%s); reconnecting", exc)
                await asyncio.sleep(wait)

    def _dispatch(self, payload: str, on_change: OnChange) -> None:
        try:
            msg = json.loads(payload)
            game_id, version, node = str(msg["g"]), int(msg["v"]), msg["n"]
        except (ValueError, KeyError, TypeError):
            log.warning("an unreadable change notification: %r", payload[:200])
            return
        if node != self.node:
            task = asyncio.get_running_loop().create_task(on_change(game_id, version))
            self._tasks.add(task)  # kept until done (the loop holds tasks only weakly)
            task.add_done_callback(self._tasks.discard)

    # --- bot leases ------------------------------------------------------------------------------

    def take(self, game_id: str) -> bool:
        """Take (or renew) the bot lease of ``game_id``; whether this node holds it now."""
        with self.store.engine.begin() as conn:
            got = conn.execute(TAKE, {"g": game_id, "h": self.node, "ttl": self.lease_seconds}).first() is not None
        if got:
            self.held.add(game_id)
        return got

    def release(self, game_id: str) -> None:
        """Give up the bot lease of ``game_id`` (its bots have nothing to do)."""
        self.held.discard(game_id)
        with self.store.engine.begin() as conn:
            conn.execute(RELEASE, {"g": game_id, "h": self.node})

    def renew(self) -> set[str]:
        """Renew every lease this node holds; the games whose lease it lost (expired meanwhile)."""
        if not self.held:
            return set()
        ids = sorted(self.held)
        with self.store.engine.begin() as conn:
            kept = {r[0] for r in conn.execute(RENEW, {"h": self.node, "ttl": self.lease_seconds, "ids": ids})}
        lost = set(ids) - kept
        self.held -= lost
        return lost

    def orphans(self, limit: int = 100) -> list[str]:
        """Games where a bot is to move and no node holds a live lease."""
        with self.store.engine.connect() as conn:
            return [r[0] for r in conn.execute(ORPHANS, {"n": limit})]

    def guard(self, game_id: str) -> Callable[[Connection], None]:
        """A check, run in the transaction of a bot's move, that this node still holds the game's lease."""

        def check(conn: Connection) -> None:
            if conn.execute(HELD, {"g": game_id, "h": self.node}).first() is None:
                raise LeaseLost(game_id)

        return check
