"""Storage of games through SQLAlchemy: the game record is the stored truth.

Three tables, portable column types only (strings, text, integers), so SQLite and PostgreSQL both work:

* ``games``: id, map, options (JSON text), seats (JSON text, with token hashes), seed, the secret chance seed,
  created, status, host token hash, a summary (turn, phase, player to move, action count) for the lobby list,
  the version of the map's rules the game is played by, and for several processes on one database: the row's
  version (one more at every change), the version at which the record was last cut back (an undo), whether a
  bot is to move, and the undo asked for that waits for the players' answers (JSON text). Columns added since
  the first release are added to older databases when the server starts;
* ``actions``: game id, index (unique per game), action (JSON text);
* ``turn_mails``: game id, seat, when the last turn mail went to it (so that every process keeps one interval).

Every change is one transaction, and a compare-and-set on the game row's version: a change worked out from a
position another process has changed meanwhile is refused (:class:`Stale`), whatever the processes hold in
memory. Nothing is told to anyone before it is committed; a hook (:attr:`Store.announce`, set on PostgreSQL by
``server/cluster.py``) adds a notification to the transaction itself. The statements of the hot path (append
an action) are built once, with bound parameters, so SQLAlchemy compiles them once.

SQLite calls run on the caller's thread (a local file: a commit costs CPU, not waiting); on a networked
database (PostgreSQL) the hub runs them in a pool of threads (:meth:`Store.run`) so the event loop keeps
serving other games while one commit waits for the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar
from urllib.parse import quote

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from ageofsteam.engine.record import Record, Seat

T = TypeVar("T")
DB_THREADS = 8  # threads (and pooled connections) for a networked database
SCHEMA_LOCK = 0x416F5354  # the PostgreSQL advisory lock taken while tables are made or brought up to date

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("map", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("created", String(40), nullable=False, index=True),
    Column("status", String(16), nullable=False, index=True),
    Column("host_hash", String(64), nullable=False),
    Column("summary", Text, nullable=False),
    Column("rules_version", Integer, nullable=False, server_default="1"),  # the map's rules the game is played by
    Column("secret", String(128), nullable=True),  # the secret chance seed (never served while the game runs)
    Column("version", Integer, nullable=False, server_default="0"),  # one more at every change
    Column("cut_version", Integer, nullable=False, server_default="0"),  # the version of the last undo
    Column("bot_turn", Integer, nullable=False, server_default="0", index=True),  # 1: a bot is to move
    Column("undo_request", Text, nullable=True),  # an undo asked for, waiting for the players' answers
    Column("map_file", Text, nullable=True),  # a game on an uploaded map: the map file's text (Record.map_file)
)

ADDED_COLUMNS = {  # columns added since the first release: added to an older database when the server starts
    "rules_version": "INTEGER NOT NULL DEFAULT 1",  # games stored before were played by version 1 of their rules
    "secret": "VARCHAR(128)",
    "version": "INTEGER NOT NULL DEFAULT 0",
    "cut_version": "INTEGER NOT NULL DEFAULT 0",
    "bot_turn": "INTEGER NOT NULL DEFAULT 0",
    "undo_request": "TEXT",
    "map_file": "TEXT",
}

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("idx", Integer, nullable=False),
    Column("action", Text, nullable=False),
    PrimaryKeyConstraint("game_id", "idx"),
)


turn_mails_table = Table(
    "turn_mails",
    metadata,
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("sent_ms", BigInteger, nullable=False),  # when the last turn mail went to the seat (ms since 1970)
    PrimaryKeyConstraint("game_id", "seat"),
)


class Stale(Exception):
    """The game row changed since the version a change was worked out from (another process changed it)."""


class LeaseLost(Stale):
    """A bot's move was refused: this process no longer holds the game's bot lease (server/cluster.py)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass
class StoredGame:
    """One row of ``games`` (and, when loaded whole, its actions)."""

    id: str
    map: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]  # name, colour, bot, token_hash, joined
    seed: int
    created: str
    status: str
    host_hash: str
    summary: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    rules_version: int = 1
    secret: str | None = None
    version: int = 0
    cut_version: int = 0
    undo_request: dict[str, Any] | None = None
    bot_turn: bool = False
    map_file: str | None = None  # a game on an uploaded map: its map file's text

    def record(self) -> Record:
        """The game's record (with the actions loaded)."""
        return Record(
            map=self.map,
            map_file=self.map_file,
            options=self.options,
            seed=self.seed,
            secret=self.secret,
            rules_version=self.rules_version,
            actions=self.actions,
            seats=[Seat(name=s["name"], colour=s["colour"], bot=s.get("bot")) for s in self.seats],
        )


def _row_game(row: Any) -> StoredGame:
    return StoredGame(
        id=row.id,
        map=row.map,
        options=json.loads(row.options),
        seats=json.loads(row.seats),
        seed=row.seed,
        created=row.created,
        status=row.status,
        host_hash=row.host_hash,
        summary=json.loads(row.summary),
        rules_version=row.rules_version,
        secret=row.secret,
        version=row.version,
        cut_version=row.cut_version,
        undo_request=json.loads(row.undo_request) if row.undo_request else None,
        bot_turn=bool(row.bot_turn),
        map_file=row.map_file,
    )


def _waits_on_bot(seats: list[dict[str, Any]], summary: dict[str, Any]) -> bool:
    """Whether the summary of a game not over names a bot's seat as the one to move."""
    seat = summary.get("to_move")
    return isinstance(seat, int) and 0 <= seat < len(seats) and bool(seats[seat].get("bot"))


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files run in WAL mode (commits survive a killed process)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            if ":memory:" not in url and url not in ("sqlite://", "sqlite:///"):
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=DB_THREADS, max_overflow=4)


Announce = Callable[[Connection, str, int], None]  # (connection, game id, new version): within the transaction


class Store:
    """The database: games and their actions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.create_tables(metadata, self._add_missing_columns)
        self.threaded = self.engine.dialect.name != "sqlite"
        self.pool = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="aos-db") if self.threaded else None
        self.announce: Announce | None = None  # tells the other processes of every change (server/cluster.py)
        # SQLite: one connection kept open for every write (they all run on the event loop's thread, one at a
        # time), which spares a pool checkout per action.
        self._writer: Connection | None = None if self.threaded else self.engine.connect()
        self._insert_actions = insert(actions_table).values(
            game_id=bindparam("g"), idx=bindparam("i"), action=bindparam("a")
        )
        self._update_summary = (
            update(games_table)
            .where(games_table.c.id == bindparam("g"), games_table.c.version == bindparam("v"))
            .values(
                version=games_table.c.version + 1,
                status=bindparam("st"),
                summary=bindparam("sm"),
                bot_turn=bindparam("bt"),
                undo_request=None,
            )
        )

    def create_tables(self, tables: MetaData, then: Callable[[Connection], None] | None = None) -> None:
        """Make the tables of ``tables`` that are missing, then run ``then`` (bringing older tables up to date), in
        one transaction; on PostgreSQL under a lock, so that processes starting together do it one at a time."""
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK})
            tables.create_all(conn)
            if then is not None:
                then(conn)

    def _add_missing_columns(self, conn: Connection) -> None:
        """Bring a database made by an earlier version up to date (:data:`ADDED_COLUMNS`)."""
        names = {c["name"] for c in inspect(conn).get_columns("games")}
        for name, kind in ADDED_COLUMNS.items():
            if name not in names:
                conn.execute(text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))
        if "bot_turn" not in names:  # games waiting on a bot, told by their summary
            rows = conn.execute(select(games_table.c.id, games_table.c.seats, games_table.c.summary)).all()
            waiting = [r.id for r in rows if _waits_on_bot(json.loads(r.seats), json.loads(r.summary))]
            for game_id in waiting:
                conn.execute(update(games_table).where(games_table.c.id == game_id).values(bot_turn=1))

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``: in the thread pool for a networked database, at once for SQLite."""
        if self.pool is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True)
        if self._writer is not None:
            self._writer.close()
        self.engine.dispose()

    @contextlib.contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A connection in a transaction, committed at the end (rolled back on an error)."""
        if self._writer is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            with self._writer.begin():
                yield self._writer

    def create(self, game: StoredGame) -> None:
        """Store a new game with its first actions (the setup chance events), in one transaction."""
        with self._begin() as conn:
            conn.execute(
                insert(games_table).values(
                    id=game.id,
                    map=game.map,
                    options=json.dumps(game.options),
                    seats=json.dumps(game.seats),
                    seed=game.seed,
                    created=game.created,
                    status=game.status,
                    host_hash=game.host_hash,
                    summary=json.dumps(game.summary),
                    rules_version=game.rules_version,
                    secret=game.secret,
                    version=game.version,
                    bot_turn=int(game.bot_turn),
                    map_file=game.map_file,
                )
            )
            if game.actions:
                conn.execute(
                    insert(actions_table),
                    [{"game_id": game.id, "idx": i, "action": json.dumps(a)} for i, a in enumerate(game.actions)],
                )

    def _changed(self, conn: Connection, game_id: str, version: int, rowcount: int) -> int:
        """After the compare-and-set of a change: :class:`Stale` if it matched no row; else tell the others (in
        the transaction) and return the new version."""
        if rowcount != 1:
            raise Stale(game_id)
        if self.announce is not None:
            self.announce(conn, game_id, version + 1)
        return version + 1

    def append(
        self,
        game_id: str,
        version: int,
        start: int,
        actions: list[dict[str, Any]],
        status: str,
        summary: dict[str, Any],
        bot_turn: bool,
        within: Callable[[Connection], None] | None = None,
    ) -> int:
        """Append ``actions`` at positions ``start``… to the game at ``version`` (which ends any undo asked for);
        the new version. :class:`Stale` if the game is no longer at ``version`` (the primary key refuses a
        position taken twice besides). ``within(conn)`` runs first in the transaction (a bot's lease check)."""
        with self._begin() as conn:
            if within is not None:
                within(conn)
            params = {"g": game_id, "v": version, "st": status, "sm": json.dumps(summary), "bt": int(bot_turn)}
            done = conn.execute(self._update_summary, params).rowcount
            if actions and done == 1:
                conn.execute(
                    self._insert_actions,
                    [{"g": game_id, "i": start + i, "a": json.dumps(a)} for i, a in enumerate(actions)],
                )
            return self._changed(conn, game_id, version, done)

    def truncate(
        self, game_id: str, version: int, length: int, status: str, summary: dict[str, Any], bot_turn: bool
    ) -> int:
        """Delete the actions from position ``length`` on (an undo) of the game at ``version``; the new version
        (:class:`Stale` if the game is no longer at ``version``)."""
        with self._begin() as conn:
            done = conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id, games_table.c.version == version)
                .values(
                    version=version + 1,
                    cut_version=version + 1,
                    status=status,
                    summary=json.dumps(summary),
                    bot_turn=int(bot_turn),
                    undo_request=None,
                )
            ).rowcount
            if done == 1:
                conn.execute(
                    delete(actions_table).where(actions_table.c.game_id == game_id, actions_table.c.idx >= length)
                )
            return self._changed(conn, game_id, version, done)

    def set_seats(
        self,
        game_id: str,
        version: int,
        seats: list[dict[str, Any]],
        status: str,
        bot_turn: bool | None = None,
        undo_request: dict[str, Any] | None = None,
    ) -> int:
        """Store the seats (and the undo asked for) of the game at ``version``; the new version (:class:`Stale`
        if the game is no longer at ``version``)."""
        values: dict[str, Any] = {
            "version": version + 1,
            "seats": json.dumps(seats),
            "status": status,
            "undo_request": json.dumps(undo_request) if undo_request is not None else None,
        }
        if bot_turn is not None:
            values["bot_turn"] = int(bot_turn)
        with self._begin() as conn:
            done = conn.execute(
                update(games_table).where(games_table.c.id == game_id, games_table.c.version == version).values(values)
            ).rowcount
            return self._changed(conn, game_id, version, done)

    def claim_turn_mail(self, game_id: str, seat: int, every: float) -> bool:
        """Whether a turn mail may go to ``seat`` now: none went to it in the last ``every`` seconds, from any
        process. If so, it is recorded as sent (one statement, so two processes cannot both claim it)."""
        now = int(time.time() * 1000)
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        t = turn_mails_table
        claim = (
            dialect.insert(t)
            .values(game_id=game_id, seat=seat, sent_ms=now)
            .on_conflict_do_update(
                index_elements=[t.c.game_id, t.c.seat],
                set_={"sent_ms": now},
                where=t.c.sent_ms <= now - int(every * 1000),
            )
            .returning(t.c.seat)
        )
        with self._begin() as conn:
            return conn.execute(claim).first() is not None

    def load(self, game_id: str, since: int = 0) -> StoredGame | None:
        """A game with its actions from position ``since`` on (all by default), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            game = _row_game(row)
            rows = conn.execute(
                select(actions_table.c.idx, actions_table.c.action)
                .where(actions_table.c.game_id == game_id, actions_table.c.idx >= since)
                .order_by(actions_table.c.idx)
            ).all()
        game.actions = [json.loads(r.action) for r in rows]
        if [r.idx for r in rows] != list(range(since, since + len(rows))):
            raise RuntimeError(f"game {game_id}: the stored actions have gaps")
        return game

    def list(self, status: str | None = None, limit: int = 200) -> list[StoredGame]:
        """Games, newest first, without their actions."""
        q = select(games_table).order_by(games_table.c.created.desc()).limit(limit)
        if status is not None:
            q = q.where(games_table.c.status == status)
        with self.engine.connect() as conn:
            return [_row_game(r) for r in conn.execute(q).all()]

    def count_unfinished(self) -> int:
        """Games not over (open or running)."""
        with self.engine.connect() as conn:
            q = select(func.count()).select_from(games_table).where(games_table.c.status != "over")
            return int(conn.execute(q).scalar_one())

    def count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games_table)).scalar_one())


@contextlib.contextmanager
def fresh_schema(url: str, prefix: str = "aos_tmp", drop_tries: int = 1) -> Iterator[str]:
    """The URL of a new, empty schema of the PostgreSQL database at ``url`` (its connections search it first), the
    schema dropped at the end, tried ``drop_tries`` times 0.2 s apart (the database may be coming back from a
    restart): a database of its own for a test or a benchmark, on a shared server."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in url else "?"
    try:
        yield f"{url}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        for attempt in range(drop_tries):
            try:
                with admin.connect() as conn:
                    conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
                break
            except Exception:
                if attempt == drop_tries - 1:
                    raise
                time.sleep(0.2)
        admin.dispose()
