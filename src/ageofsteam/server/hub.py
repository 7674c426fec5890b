"""Live games: the cache of replayed games, their viewers, the bots, and every change (stored, then told).

All work on one game runs under that game's lock, so two requests can never both act on the same position.
An action is applied in memory, committed to the database (on a networked database the commit runs in a
thread while the lock is held, so other games go on), and only then queued to the viewers; readers of a game
take the same lock, so nobody sees an action that is not committed.

Each viewer has a queue of messages, serialised once per change and shared by every viewer, and a sender task
of its own: a change is queued to every viewer under the lock (so every viewer gets the changes in the order of
the record) and a slow viewer never delays the others.

Bots think in a pool of worker processes (server/thinking.py), never on the event loop and never under the
game's lock: the bot's task takes the record under the lock, waits for the pool's answer without it, and plays
the answer under the lock only if the game is still where it was (a human may have undone meanwhile).

Several processes on one PostgreSQL database (server/cluster.py): the lock above is only this process's. Every
change is a compare-and-set on the game row's version in the database; a change refused there (another process
changed the game first) makes this process catch its copy up from the database and check the request again,
which then usually answers ``stale``. A change made elsewhere arrives as a notification: the game is caught up
and its viewers here are told. Bots move only where their game's bot lease is held.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any, TypeVar

from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from ageofsteam.bots import DEFAULT_SECONDS, LEVEL_TITLES, LEVELS, default_work
from ageofsteam.engine.actions import CHANCE, parse_action, takes_player
from ageofsteam.engine.errors import AosError, BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.history import history
from ageofsteam.engine.record import Record, Seat
from ageofsteam.engine.view import view
from ageofsteam.rules.base import BaseRules
from ageofsteam.server.decisions import action_hexes, decisions, hint_json
from ageofsteam.server.errors import ApiError
from ageofsteam.server.limits import PerMinute, Window
from ageofsteam.server.mail import Mailer, stop_key
from ageofsteam.server.store import LeaseLost, Stale, Store, StoredGame, now_iso, token_hash
from ageofsteam.server.thinking import HINT_LEVEL, HINT_SECONDS, Job, Thinker
from ageofsteam.words.choices import action_words

if TYPE_CHECKING:
    from ageofsteam.server.cluster import Cluster

T = TypeVar("T")

log = logging.getLogger("ageofsteam.server")
CACHE_SIZE = 256  # live games kept in memory (games with viewers or bots at work are never dropped)
VIEWER_BACKLOG = 500  # messages queued to one viewer before it is dropped (it reconnects and gets a hello)
HELLO_BACKLOG = 2  # hellos queued unsent to one viewer past which a request for another lets it go
HELLO_START = '{"type":"hello"'  # how a hello begins (see :meth:`Hub._hello`)
WS_MESSAGES_PER_MINUTE = 120  # messages one WebSocket may send a minute (the page sends one; a ping is optional)
CLOSE_SECONDS = 5.0  # how long closing a WebSocket may wait for the client to take the close frame
REPLAY_THREADS = 2  # games replayed at once in worker threads (a replay holds the interpreter most of the time)
STALE_TRIES = 3  # times a change refused by the database (the game changed elsewhere) is checked again
HINTS_PER_MINUTE = 30  # hints one seat may ask for a minute (one at a time)


def game_status(game: Game, seats: list[dict[str, Any]]) -> str:
    """``over``, ``open`` (a human seat has not joined yet) or ``running``."""
    if game.over:
        return "over"
    if any(not s.get("bot") and not s.get("joined") for s in seats):
        return "open"
    return "running"


def _option_ok(rules: Any, name: str, value: Any) -> bool:
    """Whether option ``name`` alone, set to ``value``, is accepted by the map's rules."""
    try:
        rules.options({name: value})
    except BadInput:
        return False
    return True


@dataclass
class UndoRequest:
    """A player's request to take back a decision others have answered: who asked, the record length it takes
    the game back to, the position it was asked at, the human seats that must accept, those that have."""

    seat: int
    to_index: int
    index: int
    needs: set[int]
    words: list[str]
    accepted: set[int] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to_index": self.to_index,
            "index": self.index,
            "needs": sorted(self.needs),
            "words": self.words,
            "accepted": sorted(self.accepted),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> UndoRequest | None:
        if not data:
            return None
        return cls(
            data["seat"], data["to_index"], data["index"], set(data["needs"]), data["words"], set(data["accepted"])
        )


@dataclass
class LiveGame:
    meta: StoredGame
    game: Game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    viewers: dict[WebSocket, asyncio.Queue[str | None]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    legal_cache: tuple[int, dict[str, Any]] | None = None
    svg_cache: dict[tuple[Any, ...], str] = field(default_factory=dict)
    undos: int = 0  # undos so far: a bot's answer worked out before one is never played after it
    history_cache: tuple[int, int, dict[str, Any]] | None = None  # (index, undos, the figures turn by turn)
    undo_request: UndoRequest | None = None  # an undo asked for online, waiting for the others' answers
    moved_at: float = field(default_factory=time.time)  # when the game last changed (for idle seats)
    last_to_move: int | None = None  # the seat to move after the last change (a turn mail goes when it changes)

    @property
    def index(self) -> int:
        return len(self.game.record.actions)

    def bot_to_move(self) -> int | None:
        seat = self.game.to_move
        if seat is None or seat == CHANCE or self.game.over:
            return None
        return seat if self.meta.seats[seat].get("bot") else None

    def status(self) -> str:
        return game_status(self.game, self.meta.seats)

    def summary(self) -> dict[str, Any]:
        g = self.game.state
        to_move = g.to_move if g.to_move is not None and g.to_move != CHANCE else None
        return {"turn": g.turn, "phase": g.phase, "to_move": to_move, "index": self.index, "moved_at": self.moved_at}

    def history(self) -> dict[str, Any]:
        """Each player's figures turn by turn (``engine/history.py``), worked out once per position."""
        key = (self.index, self.undos)
        if self.history_cache is None or self.history_cache[:2] != key:
            self.history_cache = (*key, history(self.game.record))
        return self.history_cache[2]

    def legal(self) -> dict[str, Any]:
        if self.legal_cache is None or self.legal_cache[0] != self.index:
            self.legal_cache = (self.index, decisions(self.game, self.index))
        return self.legal_cache[1]


def insert_seat_notes(game: Game, seats: list[dict[str, Any]]) -> None:
    """Put the seats' hand-overs back into a replayed game's log, where they were said (``at``: the log's length
    then); those past the log's end (an undo took the game back before them) are left out."""
    notes = sorted((n["at"], n["text"]) for s in seats for n in s.get("notes", []))
    log = game.state.log
    for at, text in notes:
        if at <= len(log):
            log.insert(at, text)


def undone_words(before: Record, undone: list[dict[str, Any]], seats: set[int]) -> list[str]:
    """The actions of ``seats`` an undo took back (not the bots' answers), in player words (``bid $4``), each as
    it read when it was taken."""
    probe = Game.from_record(before)
    out = []
    for data in undone:
        action = parse_action(data)
        if action.actor in seats:
            out.append(action_words(probe, action))
        probe.apply(action)
    return out


def _replayed(game_id: str, stored: StoredGame) -> Game:
    """The game ``stored`` (with all its actions) replayed, its seats' hand-overs in its log; 409 if it cannot be."""
    try:
        game = Game.from_record(stored.record())
    except AosError as exc:
        raise ApiError(409, "unplayable", f"game {game_id!r} cannot be replayed: {exc}", "id") from None
    stored.actions = []
    insert_seat_notes(game, stored.seats)
    return game


@dataclass
class Identity:
    """What a token acts for."""

    seats: list[int]
    host: bool


def mail_seats(meta: StoredGame, ident: Identity) -> list[int]:
    """The seats whose turn-mail address ``ident`` may read and set: a seat link's own seat; for the host link,
    the human seats without a link of their own (a hot seat: its players share the host link)."""
    if not ident.host:
        return list(ident.seats)
    return [i for i in ident.seats if not meta.seats[i].get("bot") and not meta.seats[i].get("token_hash")]


def foreseeing(seats: list[dict[str, Any]]) -> bool:
    """Whether a game of ``seats`` has two different people, one of whom may have chosen its seed: two human
    seats, one of them with a link of its own (the host link plays every human seat of a hot seat). A game whose
    seed was chosen must never be so (the rule of :meth:`Hub.create`)."""
    humans = [s for s in seats if not s.get("bot")]
    return len(humans) >= 2 and any(s.get("token_hash") for s in humans)


def public_seats(meta: StoredGame) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "name": s["name"],
            "colour": s["colour"],
            "bot": s.get("bot"),
            "bot_title": LEVEL_TITLES.get(s["bot"], s["bot"]) if s.get("bot") else None,
            "joined": bool(s.get("joined")),
            "idle_hours": s.get("idle_hours"),  # a bot takes over the seat when it has been to move this long
        }
        for i, s in enumerate(meta.seats)
    ]


def bot_seed(live: LiveGame, purpose: str = "bot") -> str:
    """The seed of the random generator of a bot deciding (``purpose`` "bot") or hinting ("hint") at the game's
    current position: from the game's secret chance seed (its visible seed in a game created with one)."""
    return f"{live.game.record.chance_key}/{purpose}/{live.index}"


def _rules_of(map_id: str, map_file: str | None) -> BaseRules:
    """The rules a new game is made with: a bundled map's, or the base rules on an uploaded map file (checked again
    by the validator: a map stored under older checks must still pass today's)."""
    from ageofsteam.maps import load_rules, map_ids
    from ageofsteam.maps.files import refusal, rules_from_text

    if map_file is not None:
        why = refusal(map_file)
        if why is not None:
            raise ApiError(422, "invalid", f"field 'map': {why}", "map")
        return rules_from_text(map_file)
    if map_id not in map_ids():
        raise ApiError(404, "not_found", f"field 'map': unknown map {map_id!r}", "map")
    return load_rules(map_id)


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
        self.mailer = mailer  # turn mails, when the server was given an SMTP server
        self.all_maps = all_maps
        self.bot_delay = bot_delay
        self.bot_work = bot_work  # the searching bots' work per decision, in playouts (None: each level's own)
        self.bot_seconds = bot_seconds  # and the safety cap on its time
        self.thinker = Thinker(bot_workers)
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self.loading: dict[str, int] = {}  # games being read from the store: the latest version told meanwhile
        self.pending: dict[str, asyncio.Future[LiveGame]] = {}  # games being loaded, for the requests that wait
        self.replayer = ThreadPoolExecutor(REPLAY_THREADS, thread_name_prefix="replay")
        self.unplayable: OrderedDict[str, tuple[int, ApiError]] = OrderedDict()  # game → (version, its refusal)
        self.tasks: set[asyncio.Task[None]] = set()
        self.hint_limit = PerMinute(hints_per_minute, "hints")  # per seat
        self.hinting: set[str] = set()  # the seats ("game/seat") whose hint is being worked out
        self.ws_messages_per_minute = ws_messages_per_minute  # per WebSocket

    # --- loading -------------------------------------------------------------------------------

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
        live = self.live.get(game_id) or self._keep(stored, game)  # (a start-up sweep may have made it meanwhile)
        if told > live.meta.version:  # changed elsewhere while it was read: catch up
            task = asyncio.get_running_loop().create_task(self.changed_elsewhere(game_id, told))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return live

    async def replay(self, game_id: str, stored: StoredGame) -> Game:
        """:func:`_replayed` in a worker thread, at most ``REPLAY_THREADS`` at once: a long game takes tens of
        milliseconds to replay, which on the event loop would hold up every other game and viewer."""
        return await asyncio.get_running_loop().run_in_executor(self.replayer, _replayed, game_id, stored)

    def get_now(self, game_id: str) -> LiveGame:
        """:meth:`get` without awaiting (at start-up)."""
        live = self.live.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}", "id")
        return self._keep(stored, _replayed(game_id, stored))

    def _keep(self, stored: StoredGame, game: Game) -> LiveGame:
        """Keep ``game`` (replayed from ``stored``) as a live game."""
        live = LiveGame(stored, game, moved_at=float(stored.summary.get("moved_at") or time.time()))
        live.undo_request = UndoRequest.from_json(stored.undo_request)
        self.live[stored.id] = live
        self._trim()
        return live

    def _trim(self) -> None:
        for gid in list(self.live):
            if len(self.live) <= CACHE_SIZE:
                break
            lv = self.live[gid]
            if not lv.viewers and (lv.bot_task is None or lv.bot_task.done()) and not lv.lock.locked():
                del self.live[gid]

    async def identify(self, live: LiveGame, token: str | None) -> Identity | None:
        """The seats ``token`` acts for (None without a token); 404 for an unknown token. It changes nothing: a
        seat is marked joined only by a request that succeeds (:meth:`mark_joined`)."""
        if token is None or token == "":
            return None
        h = token_hash(token)
        meta = live.meta
        if hmac.compare_digest(h, meta.host_hash):
            ident = Identity([i for i, s in enumerate(meta.seats) if not s.get("bot")], True)
        else:
            seats = [
                i for i, s in enumerate(meta.seats) if s.get("token_hash") and hmac.compare_digest(h, s["token_hash"])
            ]
            if not seats:
                raise ApiError(404, "not_found", "unknown seat token for this game", "token")
            ident = Identity(seats, False)
        return ident

    async def mark_joined(self, live: LiveGame, ident: Identity | None) -> None:
        """The seats of ``ident`` have been taken up (their page opened, or an action of theirs accepted)."""
        if ident is None or all(live.meta.seats[i].get("joined") for i in ident.seats):
            return

        async def join() -> None:
            seats = [dict(s, joined=True) if i in ident.seats else s for i, s in enumerate(live.meta.seats)]
            if seats != live.meta.seats:
                await self._save_seats(live, seats)

        await self._locked(live, join)

    async def _locked(self, live: LiveGame, work: Callable[[], Awaitable[T]]) -> T:
        """``work()`` under the game's lock. When the database refuses its change because another process changed
        the game first, the game is caught up and ``work`` runs again: its checks see the new position (and
        usually answer ``stale``)."""
        for _ in range(STALE_TRIES):
            async with live.lock:
                try:
                    return await work()
                except Stale:
                    await self._catch_up(live)
        raise ApiError(409, "stale", "the game kept changing on another server meanwhile; try again", "index")

    async def _save_seats(self, live: LiveGame, seats: list[dict[str, Any]]) -> None:
        """Store the game's seats (and the undo asked for, as it stands); under the lock (:class:`Stale` if the
        game changed elsewhere)."""
        status = game_status(live.game, seats)
        request = live.undo_request.to_json() if live.undo_request is not None else None
        version = await self.store.run(
            self.store.set_seats, live.meta.id, live.meta.version, seats, status, _bot_turn(live.game, seats), request
        )
        live.meta.seats = seats
        live.meta.status = status
        live.meta.version = version

    def you(self, live: LiveGame, ident: Identity | None) -> dict[str, Any] | None:
        if ident is None:
            return None
        return {
            "seats": ident.seats,
            "host": ident.host,
            "to_move": live.game.to_move in ident.seats,
            "undoable": len(self._takeback(live, ident)),
            "may_ask_undo": bool((asked := self._asked_undo(live, ident)) and asked[1]),
            "undo_request": self.request_json(live),
            "turn_mail": next((live.meta.seats[i].get("email") for i in mail_seats(live.meta, ident)), None),
            "mail_offered": self.mailer is not None and bool(mail_seats(live.meta, ident)),
        }

    def _takeback(self, live: LiveGame, ident: Identity) -> list[int]:
        """Where an undo by ``ident`` may take the record back to, latest first (one point per decision of its
        seats): over its own actions and the bots' answers to them, never past a dice roll, a draw or the action
        of a human it does not play."""
        bots = {i for i, s in enumerate(live.meta.seats) if s.get("bot")}
        return live.game.takeback_points(set(ident.seats), bots)

    # --- creation ------------------------------------------------------------------------------

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
        """A new game. Its chance (and its bots' randomness) comes from a 128-bit secret the server keeps, unless
        ``seed`` is chosen, which only a game without two different humans may (one human seat, or every human
        seat played from the host link: ``hot_seat``, which issues no seat links). ``idle_hours``: a Medium bot
        takes over a human seat that has been to move that long. ``map_file``: the text of an uploaded map to play
        with the base rules instead of the bundled map ``map_id``."""
        rules = _rules_of(map_id, map_file)
        if not rules.RULES_COMPLETE and not self.all_maps:
            raise ApiError(422, "invalid", f"field 'map': the rules of {rules.map.name} are not complete yet", "map")
        lo, hi = rules.player_counts()
        if not lo <= players <= hi:
            raise ApiError(
                422, "invalid", f"field 'players': {rules.map.name} is for {lo}–{hi} players, not {players}", "players"
            )
        if seats is not None and len(seats) != players:
            raise ApiError(422, "invalid", f"field 'seats': {len(seats)} seats given for {players} players", "seats")
        try:
            opts = rules.options(options)
        except BadInput as exc:
            name = next(iter(k for k in options if not _option_ok(rules, k, options[k])), "")
            raise ApiError(422, "invalid", f"field 'options.{name}': {exc}", f"options.{name}") from None
        colours = rules.PLAYER_COLOURS
        specs = seats or [{} for _ in range(players)]
        record_seats = [
            Seat(name=(s.get("name") or f"Player {i + 1}"), colour=colours[i], bot=s.get("bot"))
            for i, s in enumerate(specs)
        ]
        humans = sum(1 for s in record_seats if not s.bot)
        if seed is not None and humans >= 2 and not hot_seat:
            raise ApiError(
                422,
                "invalid",
                "field 'seed': a chosen seed would let its chooser foresee every die; it is allowed only in a game "
                "without two different humans (one human seat, or a hot-seat game)",
                "seed",
            )
        try:
            game = Game.new(map_id, seats=record_seats, seed=seed, options=opts, secret=seed is None, map_file=map_file)
        except (BadInput, IllegalAction) as exc:
            raise ApiError(422, "invalid", str(exc), None) from None
        tokens: list[str | None] = []
        stored_seats = []
        for s in record_seats:
            tok = None if s.bot or hot_seat else secrets.token_urlsafe(24)
            tokens.append(tok)
            stored_seats.append(
                {
                    "name": s.name,
                    "colour": s.colour,
                    "bot": s.bot,
                    "token_hash": token_hash(tok) if tok else None,
                    "joined": False,
                    **({"idle_hours": idle_hours} if idle_hours and not s.bot else {}),
                }
            )
        host = secrets.token_urlsafe(24)
        meta = StoredGame(
            id=secrets.token_urlsafe(8),
            map=game.record.map,
            map_file=map_file,
            options=game.record.options,
            seats=stored_seats,
            seed=game.record.seed,
            secret=game.record.secret,
            rules_version=game.record.rules_version,
            created=now_iso(),
            status="open",
            host_hash=token_hash(host),
            summary={},
        )
        live = LiveGame(meta, game)
        meta.status = live.status()
        meta.summary = live.summary()
        meta.bot_turn = live.bot_to_move() is not None
        meta.actions = list(game.record.actions)
        await self.store.run(self.store.create, meta)
        meta.actions = []
        self.live[meta.id] = live
        self._trim()
        self.wake_bots(live)
        return live, tokens, host

    # --- changes -------------------------------------------------------------------------------

    async def _store_change(
        self, live: LiveGame, put_back: Callable[[], None], write: Callable[[int, str, dict[str, Any], bool], int]
    ) -> None:
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
            self._forget(live)
            raise
        meta.status = live.status()
        live.undo_request = None
        live.svg_cache.clear()
        live.legal_cache = None

    async def _commit(
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
                self._restore(live, start)
            raise
        new = game.record.actions[start:]
        live.moved_at = time.time()
        before = live.last_to_move
        await self._store_change(
            live,
            lambda: self._restore(live, start),
            lambda version, status, summary, bots: self.store.append(
                live.meta.id, version, start, new, status, summary, bots, within
            ),
        )
        msg = _update_message(live, start, log_start)
        self.broadcast(live, msg)
        live.last_to_move = game.to_move
        if self.mailer is not None and game.to_move != before:
            self._turn_mail(live)
        return msg

    def _turn_mail(self, live: LiveGame) -> None:
        """The move has come to a seat: mail its player if they asked for it (and not too often)."""
        seat = live.game.to_move
        if self.mailer is None or not isinstance(seat, int) or seat < 0 or live.game.over:
            return
        spec = live.meta.seats[seat]
        to = spec.get("email")
        if not to or spec.get("bot"):
            return
        g = live.game.state
        msg = self.mailer.message(
            to, live.meta.id, seat, spec["name"], g.map.name, g.rules.phase(g).title, live.meta.host_hash
        )
        task = asyncio.get_running_loop().create_task(self._send_turn_mail(live.meta.id, seat, msg))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send_turn_mail(self, game_id: str, seat: int, msg: EmailMessage) -> None:
        """Send ``msg`` unless a mail went to ``seat`` within the interval (from any process)."""
        assert self.mailer is not None
        try:
            due = await self.store.run(self.store.claim_turn_mail, game_id, seat, self.mailer.every)
        except DBAPIError:
            log.warning("no turn mail to seat %d of game %s: the database did not answer", seat, game_id)
            return
        if due:
            await self.mailer.send(msg)

    async def set_email(self, live: LiveGame, ident: Identity, email: str | None) -> dict[str, Any]:
        """A player asks for turn mails at ``email`` for their seats (None: no more mails)."""
        if self.mailer is None:
            raise ApiError(409, "no_mail", "this server sends no mail (it was started without --smtp-url)", None)
        mine: list[int] = []

        async def store() -> None:
            mine[:] = mail_seats(live.meta, ident)
            if not mine:
                raise ApiError(
                    403, "forbidden", "turn mails are asked for from a seat's own link, for that seat only", "token"
                )
            await self._save_seats(
                live, [dict(s, email=email) if i in mine else s for i, s in enumerate(live.meta.seats)]
            )

        await self._locked(live, store)
        return {"seats": mine, "email": email}

    async def stop_email(self, live: LiveGame, seat: int, key: str) -> None:
        """The one-click stop link of a turn mail."""
        if not 0 <= seat < len(live.meta.seats) or not hmac.compare_digest(
            key, stop_key(live.meta.host_hash, live.meta.id, seat)
        ):
            raise ApiError(404, "not_found", "this stop link is not valid", "key")

        async def store() -> None:
            await self._save_seats(
                live, [dict(s, email=None) if i == seat else s for i, s in enumerate(live.meta.seats)]
            )

        await self._locked(live, store)

    def _forget(self, live: LiveGame) -> None:
        """Drop ``live`` after a failed or interrupted commit: the next request replays the game from the database
        (the truth); its viewers are closed and reconnect to that."""
        if self.live.get(live.meta.id) is live:
            del self.live[live.meta.id]
        for queue in live.viewers.values():
            queue.put_nowait(None)
        live.viewers.clear()

    def _restore(self, live: LiveGame, length: int) -> None:
        record = live.game.record.model_copy(update={"actions": live.game.record.actions[:length]})
        live.game = Game.from_record(record)

    def check_index(self, live: LiveGame, index: int) -> None:
        if live.game.over:
            raise ApiError(409, "over", "the game is over", None)
        if index != live.index:
            raise ApiError(
                409,
                "stale",
                f"field 'index': the game is at action {live.index}, not {index} (a stale or repeated submission)",
                "index",
            )

    async def act(self, live: LiveGame, ident: Identity, index: int, action: dict[str, Any]) -> dict[str, Any]:
        msg = await self._locked(live, lambda: self._act(live, ident, index, action))
        await self.mark_joined(live, ident)
        self.wake_bots(live)
        return {"index": msg["index"], "applied": msg["actions"]}

    async def _act(self, live: LiveGame, ident: Identity, index: int, action: dict[str, Any]) -> dict[str, Any]:
        """:meth:`act` under the lock: the update sent to the viewers."""
        self.check_index(live, index)
        seat = live.game.to_move
        if seat is None or seat not in ident.seats:
            raise ApiError(403, "forbidden", "it is not your turn", "token")
        data = dict(action)
        if takes_player(data):
            data.setdefault("player", seat)
        if data.get("player", seat) != seat:
            raise ApiError(
                403,
                "forbidden",
                f"field 'action.player': you may act only for the seat to move ({seat})",
                "action.player",
            )
        try:
            parsed = parse_action(data)
        except BadInput as exc:
            raise _field_error(exc) from None
        if parsed.is_chance:
            raise ApiError(422, "illegal", "chance outcomes are drawn by the game, not chosen", "action.kind")
        try:
            return await self._commit(live, lambda g: g.apply(parsed))
        except IllegalAction as exc:
            raise ApiError(422, "illegal", str(exc), "action") from None
        except BadInput as exc:
            raise _field_error(exc) from None

    async def undo(self, live: LiveGame, ident: Identity, index: int, count: int) -> dict[str, Any]:
        new_len = await self._locked(live, lambda: self._undo(live, ident, index, count))
        return {"index": new_len}

    async def _undo(self, live: LiveGame, ident: Identity, index: int, count: int) -> int:
        """:meth:`undo` under the lock: the record's new length."""
        self.check_index(live, index)
        points = self._takeback(live, ident)
        if not points:
            raise ApiError(403, "forbidden", "the last action is not yours to undo", "token")
        if count > len(points):
            raise ApiError(
                422,
                "illegal",
                "nothing more can be undone: undo stops at the last dice roll or draw and at another player's action",
                "count",
            )
        new_len = points[count - 1]  # the bots' answers after it go too; they play again
        await self._take_back(live, new_len, set(ident.seats))
        return new_len

    async def _take_back(self, live: LiveGame, new_len: int, seats: set[int]) -> None:
        """Cut the record back to ``new_len`` actions (the action there is one of ``seats``'), store it and tell
        every viewer what was taken back. Called under the game's lock."""
        game = live.game
        seat = parse_action(game.record.actions[new_len]).actor
        assert seat is not None
        record = game.record.model_copy(update={"actions": game.record.actions[:new_len]})
        replayed = await asyncio.get_running_loop().run_in_executor(self.replayer, Game.from_record, record)
        insert_seat_notes(replayed, live.meta.seats)
        old = live.game
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
        msg = {
            "type": "undo",
            "index": new_len,
            "status": live.meta.status,
            "view": view(replayed),
            "log_size": len(replayed.state.log),
            "seat": seat,
            "by": live.meta.seats[seat]["name"],
            "undone": undone_words(record, game.record.actions[new_len:], seats),
        }
        self.broadcast(live, msg)

    # --- seats changing hands -------------------------------------------------------------------------

    async def change_seat(
        self, live: LiveGame, ident: Identity, seat: int, bot: str | None, new_link: bool
    ) -> dict[str, Any]:
        """The host hands ``seat`` to a bot of level ``bot``, or (``bot`` None) to a person with a new join link,
        which revokes the old one. Said in the log; the bots play on if one is to move."""
        if not ident.host:
            raise ApiError(403, "forbidden", "only the host link can hand a seat over", "token")
        if bot is not None and bot not in LEVELS:
            raise ApiError(422, "invalid", f"field 'bot': bots are {', '.join(LEVELS)}, not {bot!r}", "bot")

        async def work() -> tuple[str | None, str | None]:
            seats = [dict(x) for x in live.meta.seats]
            if not 0 <= seat < len(seats):
                raise ApiError(404, "not_found", f"no seat {seat} in this game", "seat")
            if live.game.over:
                raise ApiError(409, "over", "the game is over", None)
            s = seats[seat]
            name = s["name"]
            token = None
            s.pop("email", None)  # the address was the last player's: a seat that changes hands forgets it
            if bot is not None:
                s.update(bot=bot, token_hash=None)
                text = f"{name} is now played by the {LEVEL_TITLES[bot]} bot (handed over by the host)"
            elif s.get("bot") is not None or new_link:
                token = secrets.token_urlsafe(24)
                was_bot = s.get("bot") is not None
                s.update(bot=None, token_hash=token_hash(token), joined=False)
                text = (
                    f"{name} is played by a person again (a new join link)"
                    if was_bot
                    else f"{name} has a new join link; the old one no longer works"
                )
            else:
                raise ApiError(422, "invalid", "nothing to change: give a bot level, or ask for a new link", None)
            if live.meta.secret is None and foreseeing(seats):
                raise ApiError(
                    409,
                    "seeded",
                    "this game's dice come from the seed chosen when it was made, which lets its chooser foresee "
                    "every die: it cannot be played by two different people (start a new game without a seed)",
                    "seat",
                )
            await self._store_seats(live, seats, seat, text)
            return s["bot"], token

        level, token = await self._locked(live, work)
        self.wake_bots(live)
        return {
            "seat": seat,
            "bot": level,
            "token": token,
            "join_url": f"/game/{live.meta.id}#token={token}" if token else None,
        }

    async def _store_seats(self, live: LiveGame, seats: list[dict[str, Any]], seat: int, text: str) -> None:
        """Store the seats after ``seat`` changed hands, say ``text`` in the log (kept with the seat, so that a
        replay puts it back) and tell every viewer. Called under the game's lock."""
        log = live.game.state.log
        s = seats[seat]
        s["notes"] = [*s.get("notes", []), {"at": len(log), "text": text}]
        await self._save_seats(live, seats)
        record_seat = live.game.record.seats[seat]
        live.game.record.seats[seat] = record_seat.model_copy(update={"bot": s["bot"]})
        log.append(text)
        message = {"type": "seats", "index": live.index, "seats": public_seats(live.meta), "log": [text]}
        self.broadcast(live, {**message, "log_size": len(log)})

    async def idle_takeovers(self) -> int:
        """Hand to a bot every seat to move that has been idle longer than its game allows (a game created with
        ``idle_hours``); how many were handed over."""
        n = 0
        now = time.time()
        waiting = [
            *await self.store.run(self.store.list, "running", 5000),
            *await self.store.run(self.store.list, "open", 5000),
        ]
        for meta in waiting:
            seat = meta.summary.get("to_move")
            if not isinstance(seat, int) or not 0 <= seat < len(meta.seats):
                continue
            spec = meta.seats[seat]
            hours = spec.get("idle_hours")
            if spec.get("bot") or not hours or now - float(meta.summary.get("moved_at") or now) < hours * 3600:
                continue
            live = await self.get(meta.id)
            if await self._locked(live, functools.partial(self._take_over, live, seat, hours)):
                self.wake_bots(live)
                n += 1
        return n

    async def _take_over(self, live: LiveGame, seat: int, hours: float) -> bool:
        """A bot takes over ``seat`` if it is still idle past ``hours``; whether it did. Under the lock."""
        if live.game.to_move != seat or live.meta.seats[seat].get("bot") or time.time() - live.moved_at < hours * 3600:
            return False
        seats = [dict(x) for x in live.meta.seats]
        level = seats[seat].get("idle_bot") or "steady"
        seats[seat].update(bot=level, token_hash=None)
        seats[seat].pop("email", None)
        name, title = seats[seat]["name"], LEVEL_TITLES[level]
        text = f"{name} has not moved for {hours:g} hours: the {title} bot takes over the seat"
        await self._store_seats(live, seats, seat, text)
        return True

    async def watch_idle_seats(self, every: float) -> None:
        """Look for idle seats every ``every`` seconds, until the server stops."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.idle_takeovers()
            except Exception:  # a database hiccup: try again next time
                log.exception("looking for idle seats failed")

    # --- asking the others to accept an undo (online) ------------------------------------------------

    def _asked_undo(self, live: LiveGame, ident: Identity) -> tuple[int, set[int]] | None:
        """The decision ``ident`` may ask to take back, and the human seats that must accept it."""
        found = live.game.last_decision(set(ident.seats))
        if found is None:
            return None
        point, others = found
        bots = {i for i, s in enumerate(live.meta.seats) if s.get("bot")}
        return point, others - bots - set(ident.seats)

    def request_json(self, live: LiveGame) -> dict[str, Any] | None:
        """The undo request waiting for answers (None once the game moved on)."""
        r = live.undo_request
        if r is None or r.index != live.index:
            return None
        names = live.meta.seats
        return {
            "seat": r.seat,
            "by": names[r.seat]["name"],
            "undone": r.words,
            "needs": sorted(r.needs),
            "waiting_for": [names[s]["name"] for s in sorted(r.needs - r.accepted)],
            "accepted": sorted(r.accepted),
        }

    async def request_undo(self, live: LiveGame, ident: Identity, index: int) -> dict[str, Any]:
        """Ask to take back one's last decision that other players have answered; they accept or refuse."""
        return await self._locked(live, lambda: self._request_undo(live, ident, index))

    async def _save_request(self, live: LiveGame, request: UndoRequest | None) -> None:
        """Store the undo asked for (None: no more) with the game; under the lock."""
        old = live.undo_request
        live.undo_request = request
        try:
            await self._save_seats(live, live.meta.seats)
        except BaseException:
            live.undo_request = old
            raise

    async def _request_undo(self, live: LiveGame, ident: Identity, index: int) -> dict[str, Any]:
        """:meth:`request_undo` under the lock."""
        self.check_index(live, index)
        if self.request_json(live) is not None:
            raise ApiError(409, "pending", "an undo is already waiting for the players' answers", None)
        asked = self._asked_undo(live, ident)
        if asked is None:
            raise ApiError(
                422, "illegal", "nothing of yours can be taken back: undo stops at the last dice roll or draw", None
            )
        point, needs = asked
        if not needs:  # only bots answered: taken back at once
            await self._take_back(live, point, set(ident.seats))
            return {"index": point, "request": None}
        seat = parse_action(live.game.record.actions[point]).actor
        assert seat is not None
        record = live.game.record.model_copy(update={"actions": live.game.record.actions[:point]})
        words = undone_words(record, live.game.record.actions[point:], set(ident.seats))
        await self._save_request(live, UndoRequest(seat, point, live.index, needs, words))
        request = self.request_json(live)
        self.broadcast(live, {"type": "undo_request", "index": live.index, "request": request})
        return {"index": live.index, "request": request}

    async def answer_undo(self, live: LiveGame, ident: Identity, index: int, accept: bool) -> dict[str, Any]:
        """Accept or refuse the undo another player asked for; when all asked have accepted, it is done."""
        return await self._locked(live, lambda: self._answer_undo(live, ident, index, accept))

    async def _answer_undo(self, live: LiveGame, ident: Identity, index: int, accept: bool) -> dict[str, Any]:
        """:meth:`answer_undo` under the lock."""
        self.check_index(live, index)
        r = live.undo_request
        if self.request_json(live) is None or r is None:
            raise ApiError(409, "no_request", "no undo is waiting for an answer", None)
        mine = (set(ident.seats) & r.needs) - r.accepted
        if not mine:
            raise ApiError(403, "forbidden", "this undo does not wait for your answer", "token")
        name = live.meta.seats[min(mine)]["name"]
        if not accept:
            await self._save_request(live, None)
            self.broadcast(live, {"type": "undo_request", "index": live.index, "request": None, "refused_by": name})
            return {"index": live.index, "request": None, "refused": True}
        if r.accepted | mine >= r.needs:
            await self._take_back(live, r.to_index, {r.seat})
            return {"index": r.to_index, "request": None}
        await self._save_request(live, replace(r, accepted=r.accepted | mine))
        request = self.request_json(live)
        self.broadcast(live, {"type": "undo_request", "index": live.index, "request": request})
        return {"index": live.index, "request": request}

    # --- viewers -------------------------------------------------------------------------------

    def broadcast(self, live: LiveGame, msg: dict[str, Any]) -> None:
        """Queue ``msg`` (serialised once) to every viewer of ``live``; a viewer too far behind is dropped."""
        if not live.viewers:
            return
        text = json.dumps(msg, separators=(",", ":"))
        for ws, queue in list(live.viewers.items()):
            if queue.qsize() >= VIEWER_BACKLOG:
                del live.viewers[ws]
                queue.put_nowait(None)  # its sender closes it
            else:
                queue.put_nowait(text)

    def _hello(self, live: LiveGame, ident: Identity | None) -> str:
        """The message a viewer starts from: the position now, and what ``ident`` may do (called under the lock)."""
        hello = {
            "type": "hello",
            "index": live.index,
            "status": live.status(),
            "view": view(live.game),
            "log_size": len(live.game.state.log),
            "you": self.you(live, ident),
        }
        return json.dumps(hello, separators=(",", ":"))

    async def watch(self, live: LiveGame, ws: WebSocket, ident: Identity | None) -> None:
        """Serve one viewer: the hello, then every change, until it leaves. What a viewer may ask is bounded: at
        most ``ws_messages_per_minute`` messages, none while ``VIEWER_BACKLOG`` messages wait unread, and no new
        hello while ``HELLO_BACKLOG`` hellos wait unsent; past any of them it is let go (code 1008)."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        unsent = _Unsent()
        async with live.lock:  # the hello is consistent with the updates that follow it
            queue.put_nowait(self._hello(live, ident))
            unsent.hellos += 1
            live.viewers[ws] = queue
        sender = asyncio.create_task(_send_all(ws, queue, unsent))
        rate = Window(self.ws_messages_per_minute)
        try:
            while True:
                frame = await ws.receive()
                if frame.get("type") == "websocket.disconnect":
                    break
                if frame.get("text") is None:  # a binary frame: the protocol is JSON text only
                    await _let_go(ws, 1003, "text frames of JSON only")
                    break
                if not rate.allow():
                    await _let_go(ws, 1008, "too many messages")
                    break
                if queue.qsize() >= VIEWER_BACKLOG:  # it asks but never reads: let it go
                    await _let_go(ws, 1008, "too far behind")
                    break
                try:
                    msg = json.loads(frame["text"])
                except (ValueError, RecursionError):
                    continue  # not JSON (or nested past all reason): nothing to answer
                if isinstance(msg, dict) and msg.get("type") == "auth":  # the seat token, sent as a message
                    if unsent.hellos >= HELLO_BACKLOG:  # it asks again before reading the answers
                        await _let_go(ws, 1008, "too far behind")
                        break
                    token = msg.get("token")
                    try:
                        ident = await self.identify(live, token if isinstance(token, str) and token else None)
                    except ApiError:
                        await _let_go(ws, 4403, "unknown token")
                        break
                    await self.mark_joined(live, ident)
                    async with live.lock:
                        queue.put_nowait(self._hello(live, ident))
                        unsent.hellos += 1
                    continue
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    queue.put_nowait('{"type":"pong"}')
        except (WebSocketDisconnect, RuntimeError, ValueError):
            pass
        finally:
            live.viewers.pop(ws, None)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender

    # --- bots ----------------------------------------------------------------------------------

    def wake_bots(self, live: LiveGame) -> None:
        """Start the bots of ``live`` if one is to move (they play until a human is to move)."""
        if live.bot_to_move() is None or (live.bot_task is not None and not live.bot_task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._run_bots(live))
        live.bot_task = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

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

    async def _run_bots(self, live: LiveGame) -> None:
        """Move the bots of ``live`` until a human is to move; with several processes, only while this one holds
        the game's bot lease (taken first, given up at the end)."""
        cluster = self.cluster
        if cluster is None:
            await self._move_bots(live, None)
            return
        game_id = live.meta.id
        try:
            if not await self.store.run(cluster.take, game_id):
                return  # another process moves them
            try:
                await self._move_bots(live, cluster.guard(game_id))
            finally:
                cluster.held.discard(game_id)
                with contextlib.suppress(Exception):  # not given up (the database is away): it expires
                    await self.store.run(cluster.release, game_id)
        except DBAPIError as exc:  # the database is away: the lease expires, and a sweep wakes the bots again
            log.warning("game %s: the bots stopped: %s", game_id, exc.orig or exc)

    async def _move_bots(self, live: LiveGame, lease: Callable[[Connection], None] | None) -> None:
        """The bots' moves, each checked in its commit by ``lease`` (the lease is still held)."""
        while True:
            async with live.lock:
                seat = live.bot_to_move()
                if seat is None or self.live.get(live.meta.id) is not live:
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
                    or self.live.get(live.meta.id) is not live
                ):
                    continue  # the game moved on meanwhile (an undo): think again
                action = None
                if answer is not None:
                    try:
                        action = live.game.check(answer["action"])
                    except (IllegalAction, BadInput) as exc:
                        log.warning("game %s: the %s bot chose an illegal action (%s)", live.meta.id, level, exc)
                if action is None:
                    action = live.game.legal_actions()[0]
                try:
                    await self._commit(live, lambda g, a=action: g.apply(a), lease)
                except LeaseLost:
                    log.warning("game %s: the bot lease passed to another server", live.meta.id)
                    return
                except Stale:  # the game changed on another server meanwhile: catch up, think again
                    await self._catch_up(live)
                    continue
            await asyncio.sleep(self.bot_delay)

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

    def resume_bots(self) -> int:
        """After a start: wake the bots of every stored game that waits on a bot (with several processes, the
        sweep of :meth:`keep_bot_leases` finds them instead)."""
        n = 0
        if self.cluster is not None:
            return n
        for meta in self.store.list(limit=100000):
            if meta.status == "over":
                continue
            seat = meta.summary.get("to_move")
            if seat is not None and 0 <= seat < len(meta.seats) and meta.seats[seat].get("bot"):
                self.wake_bots(self.get_now(meta.id))
                n += 1
        return n

    # --- several processes on one database (server/cluster.py) --------------------------------------------

    async def _catch_up(self, live: LiveGame) -> None:
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
        old_request = self.request_json(live)
        try:
            game = _played_on(old, stored.actions) if stored.cut_version <= known else None
            replayed = game is None  # (its log has the seats' hand-overs in their places)
            if game is None:
                full = await self.store.run(self.store.load, live.meta.id)
                if full is None:
                    return
                stored = full
                game = await self.replay(live.meta.id, stored)
            else:
                stored.actions = []
        except BaseException:
            self._forget(live)  # the copy here may be half changed: the next request replays the game
            raise
        live.game = game
        live.meta = stored
        live.undo_request = UndoRequest.from_json(stored.undo_request)
        live.moved_at = float(stored.summary.get("moved_at") or live.moved_at)
        live.last_to_move = game.to_move
        live.svg_cache.clear()
        live.legal_cache = None
        common = min(len(old_actions), live.index)  # the length of the record both share
        if replayed:
            common = next((i for i in range(common) if old_actions[i] != game.record.actions[i]), common)
        if common < old_len:  # an undo elsewhere
            live.undos += 1
            if live.viewers:
                self.broadcast(live, _undo_message(live, old_actions, common))
        else:
            if live.index > old_len and live.viewers:
                self.broadcast(live, _update_message(live, old_len, log_start))
            if stored.seats != old_seats:  # seats changed hands (said in the log), joined, asked for mail
                had = _notes(old_seats)
                new_notes = [(at, text) for at, text in _notes(stored.seats) if (at, text) not in had]
                said = [text for _, text in new_notes]
                if not replayed:  # each said where it was said (before any action played on after it)
                    for at, text in new_notes:
                        game.state.log.insert(min(at, len(game.state.log)), text)
                    for i, spec in enumerate(stored.seats):
                        game.record.seats[i] = game.record.seats[i].model_copy(update={"bot": spec.get("bot")})
                message = {"type": "seats", "index": live.index, "seats": public_seats(stored), "log": said}
                self.broadcast(live, {**message, "log_size": len(game.state.log)})
        request = self.request_json(live)
        if request != old_request:
            self.broadcast(live, {"type": "undo_request", "index": live.index, "request": request})

    async def changed_elsewhere(self, game_id: str, version: int | None = None) -> None:
        """Another process changed ``game_id`` (to ``version``; None: perhaps): catch the copy here up, if there
        is one, and wake its bots."""
        live = self.live.get(game_id)
        if live is None:
            if game_id in self.loading and version is not None:  # being read: caught up once it is (:meth:`get`)
                self.loading[game_id] = max(self.loading[game_id], version)
            return
        try:
            async with live.lock:
                if version is None or live.meta.version < version:
                    await self._catch_up(live)
            self.wake_bots(live)
        except Exception:  # the database is away: the next request or notification catches up
            log.warning("game %s: catching up with a change made elsewhere failed", game_id, exc_info=True)

    async def listening_again(self) -> None:
        """The notifications sent while this process was not listening are lost: catch up every game kept."""
        for game_id in list(self.live):
            await self.changed_elsewhere(game_id)

    async def keep_bot_leases(self) -> None:
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
                        live = await self.get(game_id)
                    except ApiError:  # a game this engine cannot replay (said when it is opened): no bots
                        continue
                    async with live.lock:
                        await self._catch_up(live)
                    self.wake_bots(live)
            except Exception:  # the database is away: try again next time
                log.warning("renewing the bot leases failed", exc_info=True)

    async def shutdown(self) -> None:
        for t in list(self.tasks):
            t.cancel()
        for t in list(self.tasks):
            with contextlib.suppress(BaseException):
                await t
        await asyncio.to_thread(self.thinker.close)


def _bot_turn(game: Game, seats: list[dict[str, Any]]) -> bool:
    """Whether a bot is to move in ``game`` played by ``seats``."""
    seat = game.to_move
    return isinstance(seat, int) and 0 <= seat < len(seats) and not game.over and bool(seats[seat].get("bot"))


def _notes(seats: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The seats' hand-overs said in the log, in order: (log length then, text)."""
    return sorted((n["at"], n["text"]) for s in seats for n in s.get("notes", []))


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


def _undo_message(live: LiveGame, old_actions: list[dict[str, Any]], common: int) -> dict[str, Any]:
    """The message telling viewers that the record was taken back to ``common`` actions (by another process)
    from ``old_actions``: what was undone, by whom."""
    game = live.game
    seat = parse_action(old_actions[common]).actor
    before = game.record.model_copy(update={"actions": old_actions[:common]})
    return {
        "type": "undo",
        "index": live.index,
        "status": live.meta.status,
        "view": view(game),
        "log_size": len(game.state.log),
        "seat": seat,
        "by": live.meta.seats[seat]["name"] if seat is not None and seat >= 0 else None,
        "undone": undone_words(before, old_actions[common:], {seat} if seat is not None else set()),
    }


def _update_message(live: LiveGame, start: int, log_start: int) -> dict[str, Any]:
    """The update telling viewers of the actions from ``start`` on and the log lines from ``log_start`` on."""
    game = live.game
    return {
        "type": "update",
        "index": len(game.record.actions),
        "status": live.meta.status,
        "actions": [
            {"index": start + i, "action": a, "hexes": action_hexes(game.state, a)}
            for i, a in enumerate(game.record.actions[start:])
        ],
        "view": view(game),
        "log": game.state.log[log_start:],
        "log_size": len(game.state.log),
    }


@dataclass
class _Unsent:
    """What waits unsent in one viewer's queue: its hellos (each a whole view of the game)."""

    hellos: int = 0


async def _send_all(ws: WebSocket, queue: asyncio.Queue[str | None], unsent: _Unsent | None = None) -> None:
    """Send the queued messages to ``ws`` in order; ``None`` closes it."""
    with contextlib.suppress(Exception):
        while (text := await queue.get()) is not None:
            if unsent is not None and text.startswith(HELLO_START):
                unsent.hellos -= 1
            await ws.send_text(text)
        await _let_go(ws, 1013, "reconnect")


async def _let_go(ws: WebSocket, code: int, reason: str) -> None:
    """Close ``ws`` with ``code``; a client that reads nothing cannot take the close frame either, and is then
    left to the connection's own keepalive (it is not waited for past ``CLOSE_SECONDS``)."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code, reason=reason), CLOSE_SECONDS)


def _field_error(exc: BadInput) -> ApiError:
    """422 naming the action field the engine complained about."""
    import re

    m = re.search(r"field '([^']+)'", str(exc))
    return ApiError(422, "invalid", str(exc), f"action.{m.group(1)}" if m else "action")
