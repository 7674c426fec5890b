"""The FastAPI application: lobby, game API, board pictures, WebSocket, and the client's static files.

Every endpoint is described in docs/web-api.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi import Path as Path_
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ageofsteam import bots as bots_package
from ageofsteam.bots import DEFAULT_SECONDS, LEVEL_TITLES, LEVELS, default_work
from ageofsteam.engine.view import view
from ageofsteam.server.boards import MARKS_CHARS, Boards, marks
from ageofsteam.server.decisions import refusal_json
from ageofsteam.server.errors import ApiError
from ageofsteam.server.guard import BODY_SECONDS, Guard
from ageofsteam.server.hub import Hub
from ageofsteam.server.limits import PerMinute
from ageofsteam.server.live.bot_runner import HINTS_PER_MINUTE
from ageofsteam.server.live.game import LiveGame, public_seats
from ageofsteam.server.live.identity import Identity
from ageofsteam.server.live.viewers import WS_MESSAGES_PER_MINUTE
from ageofsteam.server.mail import MAIL_EVERY, Mailer
from ageofsteam.server.replays import Replays, parse_record, position_json
from ageofsteam.server.store import Store
from ageofsteam.server.uploads import MAX_AUTHOR, MAX_DESCRIPTION, MAX_MAP_CHARS, UPLOAD_PREFIX, Uploads

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
ACTIONS_PER_MINUTE = 1200  # actions one seat token may send a minute (20 a second: no person comes near)
GAMES_PER_MINUTE = 60  # games one client address may create a minute
UPLOADS_PER_MINUTE = 10  # maps one client address may upload a minute
CHECKS_PER_MINUTE = 600  # map files one client address may have checked a minute (the editor checks as one draws)
MAX_GAMES = 20_000  # games not finished a server keeps at most
IDLE_CHECK_SECONDS = 60.0  # how often the server looks for seats idle past their game's idle_hours
WS_MAX_SIZE = 4096  # bytes of one message a WebSocket client may send (an auth message takes about 60)
log = logging.getLogger("ageofsteam.server")


BotLevel = Literal["random", "steady", "hard", "strong"]  # the levels of ageofsteam.bots (a test keeps them the same)
RATINGS_FILE = Path(bots_package.__file__).parent / "ratings.json"  # the bots' latest ladder (benchmarks/bots.py)


def bot_ratings() -> dict[str, Any]:
    """Each level's rating from the bots' latest ladder, shown in the lobby (none if the file is missing)."""
    return json.loads(RATINGS_FILE.read_text()) if RATINGS_FILE.is_file() else {}


BOT_ABOUT = {  # what a player reads about each level in the lobby
    "random": "a careless beginner",
    "steady": "plans each move, at once",
    "hard": "looks ahead to the end of the turn and judges the whole game from there",
    "strong": "the former Hard, kept to measure the bots against: looks ahead to the end of the turn",
}


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, min_length=1, max_length=40)
    bot: BotLevel | None = None


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    map: str = Field(min_length=1, max_length=64)
    players: int = Field(ge=1, le=12)
    seats: list[SeatIn] | None = Field(default=None, max_length=12)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    hot_seat: bool = False  # every human seat played from the host link: no seat links are issued
    idle_hours: float | None = Field(default=None, gt=0, le=720)  # a bot takes over a seat idle this long


class MapCheckIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_MAP_CHARS)


class MapUploadIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_MAP_CHARS)
    description: str = Field(min_length=1, max_length=MAX_DESCRIPTION)
    author: str = Field(default="", max_length=MAX_AUTHOR)


class ActIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)
    action: dict[str, Any]


class IndexIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)
    accept: bool


class SeatChangeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: BotLevel | None = None  # hand the seat to a bot of this level; None: to a person
    new_link: bool = False  # a person's seat: issue a new join link (the old one stops working)


class NotifyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str | None = Field(default=None, max_length=200, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0)
    count: int = Field(default=1, ge=1)


TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token")]
TokenQuery = Annotated[str | None, Query(alias="token", max_length=200)]


def _validation_error(exc: RequestValidationError) -> ApiError:
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "header", "path")]
    field = ".".join(loc) or None
    if err.get("type") == "json_invalid" or (not loc and "body" in err.get("loc", ())):
        return ApiError(400, "bad_json", f"the request body must be a JSON object: {err.get('msg', '')}", None)
    return ApiError(422, "invalid", f"field '{field}': {err.get('msg', 'invalid')}", field)


def check_json(text: str) -> dict[str, Any]:
    """The validator's report of a map file, with the file as data (``data``: its parsed TOML, None if it cannot
    be parsed) for the editor to read."""
    from ageofsteam.board.validate import read_toml_text
    from ageofsteam.maps.files import report

    data, _ = read_toml_text(text)
    return {**report(text), "data": data}


def map_name(map_id: str, map_file: str | None) -> str:
    """The name of a game's map: a bundled map's, or the one an uploaded map file gives itself."""
    if map_file is None:
        from ageofsteam.maps import load_board

        return load_board(map_id).name
    from ageofsteam.maps.files import board_from_text

    try:
        return board_from_text(map_file).name
    except ValueError:
        return map_id


def create_app(
    database_url: str = "sqlite:///aos.db",
    *,
    all_maps: bool = False,
    bot_delay: float = 0.0,
    bot_seconds: float = DEFAULT_SECONDS,
    bot_workers: int | None = None,
    bot_work: int | None = None,
    actions_per_minute: int = ACTIONS_PER_MINUTE,
    games_per_minute: int = GAMES_PER_MINUTE,
    max_games: int = MAX_GAMES,
    hints_per_minute: int = HINTS_PER_MINUTE,  # hints one seat may ask for a minute (one at a time)
    ws_messages_per_minute: int = WS_MESSAGES_PER_MINUTE,  # messages one WebSocket may send a minute
    body_seconds: float = BODY_SECONDS,  # seconds a request body may take to arrive
    idle_check_seconds: float = IDLE_CHECK_SECONDS,
    smtp_url: str | None = None,
    mail_from: str = "Age of Steam <aos@localhost>",
    mail_every: float = MAIL_EVERY,
    public_url: str = "http://127.0.0.1:8000",
    lease_seconds: float | None = None,
) -> FastAPI:
    """The application, storing games at ``database_url``. Searching bots (Hard, Baseline) play ``bot_work``
    playouts per decision (None: each level's own budget; within the safety cap ``bot_seconds``), in a pool
    of ``bot_workers`` processes (default: one per core).
    One seat token may act ``actions_per_minute`` times a minute, one client address create
    ``games_per_minute`` games, and the server holds at most ``max_games`` games not finished (0: no limit). On
    PostgreSQL several processes may serve the same games (server/cluster.py); a bot lease not renewed for
    ``lease_seconds`` passes to another process."""
    store = Store(database_url)
    cluster = None
    if store.engine.dialect.name == "postgresql":
        from ageofsteam.server.cluster import LEASE_SECONDS, Cluster

        cluster = Cluster(store, lease_seconds or LEASE_SECONDS)
    action_limit = PerMinute(actions_per_minute, "actions")
    game_limit = PerMinute(games_per_minute, "new games")
    upload_limit = PerMinute(UPLOADS_PER_MINUTE, "map uploads")
    check_limit = PerMinute(CHECKS_PER_MINUTE, "map checks")
    mailer = Mailer(smtp_url, mail_from, public_url, mail_every) if smtp_url else None
    hub = Hub(
        store,
        all_maps=all_maps,
        bot_delay=bot_delay,
        bot_seconds=bot_seconds,
        bot_workers=bot_workers,
        bot_work=bot_work,
        mailer=mailer,
        cluster=cluster,
        hints_per_minute=hints_per_minute,
        ws_messages_per_minute=ws_messages_per_minute,
    )
    boards = Boards()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        n = hub.resume_bots()
        if n:
            log.info("resumed the bots of %d games", n)
        watcher = asyncio.create_task(hub.watch_idle_seats(idle_check_seconds))
        hub.tasks.add(watcher)
        if cluster is not None:
            hub.tasks.add(asyncio.create_task(cluster.listen(hub.changed_elsewhere, hub.listening_again)))
            hub.tasks.add(asyncio.create_task(hub.keep_bot_leases()))
            with contextlib.suppress(TimeoutError):  # changes made elsewhere reach this process from the start
                await asyncio.wait_for(cluster.listening.wait(), 10)
        yield
        await hub.shutdown()
        boards.close()
        store.close()

    # No interactive docs page: it would load its scripts from a public CDN, and nothing may download at run
    # time. The API's description stays at /api/openapi.json (docs/web-api.md describes it in words).
    app = FastAPI(
        title="Age of Steam", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/api/openapi.json"
    )
    app.add_middleware(Guard, body_seconds=body_seconds)
    app.state.hub = hub
    replays = Replays()
    app.state.store = store
    uploads = Uploads(store)

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    @app.exception_handler(ApiError)
    async def _api_error(_req: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_req: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (a body it cannot read, a method not allowed) in the API's usual JSON."""
        if exc.status_code == 400:
            detail = "the request body is not JSON that can be read (nested too deep, or a number too long?)"
            err = ApiError(400, "bad_json", detail, None)
        else:
            code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
            err = ApiError(exc.status_code, code, str(exc.detail), None)
        return JSONResponse(err.body(), status_code=err.status, headers=getattr(exc, "headers", None))

    @app.exception_handler(DBAPIError)
    async def _database_away(_req: Request, exc: DBAPIError) -> JSONResponse:
        """The database cannot be reached (restarting?): nothing was changed that the player was told of."""
        log.warning("a request failed on the database: %s", exc.orig or exc)
        err = ApiError(503, "unavailable", "the game database cannot be reached just now; try again in a moment")
        return JSONResponse(err.body(), status_code=err.status, headers={"Retry-After": "1"})

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, exc: RequestValidationError) -> JSONResponse:
        err = _validation_error(exc)
        return JSONResponse(err.body(), status_code=err.status)

    def token_of(header: str | None, query: str | None) -> str | None:
        return header if header else query

    def need(ident: Identity | None) -> Identity:
        if ident is None:
            raise ApiError(403, "forbidden", "a seat token is needed (header X-Seat-Token)", "token")
        return ident

    def game_json(live: LiveGame, ident: Identity | None) -> dict[str, Any]:
        m = live.meta
        rules = live.game.state.rules
        return {
            "id": m.id,
            "map": m.map,
            "map_name": live.game.state.map.name,
            "action_titles": {a: rules.action_title(a) for a in (*rules.ACTION_TITLES, *rules.ACTIONS)},
            "status": live.status(),
            "created": m.created,
            "index": live.index,
            "seats": public_seats(m),
            "view": view(live.game),
            "you": hub.you(live, ident),
            "log_size": len(live.game.state.log),
        }

    # --- lobby ---------------------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Alive, the games stored, and the bots' workers: running, waiting, and the most decisions of one other
        game that started while a job waited (docs/deploy.md)."""
        return {"ok": True, "games": await store.run(store.count), "bots": hub.thinker.queue().figures()}

    @app.get("/api/maps")
    async def maps(all: bool = False) -> list[dict[str, Any]]:
        from ageofsteam.maps import load_rules, map_ids

        out = []
        for map_id in map_ids():
            rules = load_rules(map_id)
            if not (rules.RULES_COMPLETE or all):
                continue
            lo, hi = rules.map.players
            out.append(
                {
                    "id": map_id,
                    "name": rules.map.name,
                    "kind": rules.map.kind,
                    "players": [lo, hi],
                    "turns": {str(k): v for k, v in sorted(rules.game_lengths().items()) if lo <= k <= hi},
                    "rules_complete": bool(rules.RULES_COMPLETE),
                    "options": dict(rules.OPTIONS),
                    "option_choices": {k: list(v) for k, v in rules.OPTION_CHOICES.items()},
                    "option_rules": {k: rules.OPTION_RULES.get(k, "") for k in rules.OPTIONS},
                }
            )
        return out

    @app.get("/api/maps/{map_id}/guide")
    async def map_guide(map_id: str) -> dict[str, Any]:
        """The rules at hand: each phase of the map (the base game's rule and the map's changes), its setup, its
        end, and the short tour of what differs from the base game."""
        from ageofsteam.maps import load_rules, map_ids
        from ageofsteam.rules.guide import guide

        if map_id not in map_ids():
            raise ApiError(404, "not_found", f"unknown map {map_id!r}", "map")
        return guide(load_rules(map_id))

    @app.get("/api/bots")
    async def bots() -> list[dict[str, Any]]:
        ratings = bot_ratings()
        return [
            {
                "level": level,
                "title": LEVEL_TITLES[level],
                "about": BOT_ABOUT.get(level, ""),
                "work": hub.work_of(level),
                "seconds": hub.bot_seconds if default_work(level) else None,
                "rating": ratings.get(level, {}).get("rating"),
            }
            for level in LEVELS
        ]

    # --- uploaded maps (server/uploads.py) ----------------------------------------------------------

    @app.post("/api/maps/check")
    async def check_map(body: MapCheckIn, request: Request) -> dict[str, Any]:
        """Every problem the validator finds in a map file, each with its line and the hexes at fault (the map
        editor asks as one draws)."""
        check_limit.check(address(request))
        return await run_in_threadpool(check_json, body.text)

    @app.post("/api/maps/board.svg")
    async def preview_map(body: MapCheckIn, request: Request, labels: bool = False) -> Response:
        """A map file drawn as the game page draws boards (the editor's preview); 422 if it has problems."""
        from ageofsteam.maps.files import board_from_text, refusal
        from ageofsteam.render import render_svg

        check_limit.check(address(request))
        why = await run_in_threadpool(refusal, body.text)
        if why is not None:
            raise ApiError(422, "invalid", why, "text")
        svg = await boards.run(lambda: render_svg(board_from_text(body.text), legend=True, labels=labels))
        return Response(svg, media_type="image/svg+xml")

    @app.get("/api/maps/{map_id}/map.toml")
    async def map_file(map_id: Annotated[str, Path_(max_length=64)]) -> Response:
        """A bundled map's file, for the editor to start from."""
        from ageofsteam.maps import catalogue, map_folder

        if map_id not in catalogue():
            raise ApiError(404, "not_found", f"unknown map {map_id!r}", "map")
        text = (map_folder(map_id) / "map.toml").read_text(encoding="utf-8")
        return Response(text, media_type="application/toml; charset=utf-8")

    @app.post("/api/uploads", status_code=201)
    async def upload_map(body: MapUploadIn, request: Request) -> dict[str, Any]:
        upload_limit.check(address(request))
        item, token = await store.run(uploads.add, body.text, body.description, body.author)
        return {**item.summary(), "delete_token": token}

    @app.get("/api/uploads")
    async def list_uploads() -> list[dict[str, Any]]:
        return [m.summary() for m in await store.run(uploads.list)]

    @app.get("/api/uploads/{upload_id}")
    async def get_upload(upload_id: Annotated[str, Path_(max_length=32)]) -> dict[str, Any]:
        item = await store.run(uploads.get, upload_id)
        return {**item.summary(), "text": item.text}

    @app.get("/api/uploads/{upload_id}/map.toml")
    async def upload_file(upload_id: Annotated[str, Path_(max_length=32)]) -> Response:
        item = await store.run(uploads.get, upload_id)
        return Response(
            item.text,
            media_type="application/toml; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="map.toml"', "X-Content-Type-Options": "nosniff"},
        )

    @app.get("/api/uploads/{upload_id}/board.svg")
    async def upload_svg(
        upload_id: Annotated[str, Path_(max_length=32)], legend: bool = True, labels: bool = False
    ) -> Response:
        from ageofsteam.maps.files import board_from_text
        from ageofsteam.render import render_svg

        item = await store.run(uploads.get, upload_id)
        svg = await boards.run(lambda: render_svg(board_from_text(item.text), legend=legend, labels=labels))
        return Response(svg, media_type="image/svg+xml")

    @app.delete("/api/uploads/{upload_id}", status_code=204)
    async def delete_upload(
        upload_id: Annotated[str, Path_(max_length=32)],
        x_delete_token: Annotated[str | None, Header(alias="X-Delete-Token", max_length=200)] = None,
    ) -> Response:
        await store.run(uploads.delete, upload_id, x_delete_token)
        return Response(status_code=204)

    @app.get("/api/maps/{map_id}/board.svg")
    async def map_svg(map_id: str, legend: bool = True, labels: bool = False) -> Response:
        from ageofsteam.maps import map_ids

        if map_id not in map_ids():
            raise ApiError(404, "not_found", f"unknown map {map_id!r}", "map")
        return Response(await boards.map_board(map_id, legend, labels), media_type="image/svg+xml")

    @app.post("/api/games", status_code=201)
    async def create(body: CreateIn, request: Request) -> dict[str, Any]:
        if max_games > 0 and await store.run(store.count_unfinished) >= max_games:
            raise ApiError(503, "full", f"this server holds {max_games} games in play, its limit: try later", None)
        game_limit.check(request.client.host if request.client else "?")
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        map_file = None
        if body.map.startswith(UPLOAD_PREFIX):
            map_file = (await store.run(uploads.get, body.map.removeprefix(UPLOAD_PREFIX))).text
        live, tokens, host = await hub.create(
            body.map, body.players, seats, body.options, body.seed, body.hot_seat, body.idle_hours, map_file
        )
        gid = live.meta.id
        return {
            "id": gid,
            "map": live.meta.map,
            "status": live.status(),
            "host_token": host,
            "host_url": f"/game/{gid}#token={host}",
            "seats": [
                {**s, "token": tok, "join_url": f"/game/{gid}#token={tok}" if tok else None}
                for s, tok in zip(public_seats(live.meta), tokens, strict=True)
            ],
        }

    @app.get("/api/games")
    async def list_games(
        status: Literal["open", "running", "over"] | None = None, limit: Annotated[int, Query(ge=1, le=1000)] = 200
    ) -> list[dict[str, Any]]:
        out = []
        for m in await store.run(store.list, status, limit):
            live = hub.live.get(m.id)
            if live is not None:  # the freshest figures
                m = live.meta
            summary = live.summary() if live is not None else m.summary
            out.append(
                {
                    "id": m.id,
                    "map": m.map,
                    "map_name": map_name(m.map, m.map_file),
                    "status": m.status,
                    "created": m.created,
                    "players": len(m.seats),
                    "seats": public_seats(m),
                    **summary,
                }
            )
        return out

    # --- one game ------------------------------------------------------------------------------

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, x_seat_token: TokenHeader = None, token: TokenQuery = None) -> dict[str, Any]:
        live = await hub.get(game_id)
        ident = await hub.identify(live, token_of(x_seat_token, token))
        await hub.mark_joined(live, ident)
        async with live.lock:  # never an action that is not committed yet
            return game_json(live, ident)

    @app.get("/api/games/{game_id}/legal")
    async def legal(game_id: str, x_seat_token: TokenHeader = None, token: TokenQuery = None) -> dict[str, Any]:
        live = await hub.get(game_id)
        ident = await hub.identify(live, token_of(x_seat_token, token))
        async with live.lock:
            out = dict(live.legal())
            out["you_may_act"] = ident is not None and live.game.to_move in ident.seats
        return out

    @app.get("/api/games/{game_id}/replay")
    async def game_replay(game_id: str, index: Annotated[int, Query(ge=0)], labels: bool = False) -> dict[str, Any]:
        """The position after the first ``index`` actions of a stored game, for the replay viewer."""
        live = await hub.get(game_id)
        async with live.lock:
            record = live.game.record.model_copy(deep=True)
        return await boards.run(position_json, record, index, labels)

    @app.post("/api/replays", status_code=201)
    async def open_record(request: Request) -> dict[str, Any]:
        """Open a record file in the replay viewer (kept in memory for a few hours, never stored)."""
        try:
            data = await request.json()
        except ValueError:
            raise ApiError(400, "bad_json", "the body is not JSON: send the record file's content", None) from None
        except RecursionError:
            raise ApiError(400, "bad_json", "the body is JSON nested too deep to be a record file", None) from None
        try:
            record = await run_in_threadpool(parse_record, data)
        except RecursionError:
            raise ApiError(422, "invalid", "the record is nested too deep to be a record file", None) from None
        return {"id": replays.add(record), "map": record.map, "actions": len(record.actions)}

    @app.get("/api/replays/{replay_id}")
    async def replay_position(
        replay_id: str, index: Annotated[int, Query(ge=0)], labels: bool = False
    ) -> dict[str, Any]:
        """The position after the first ``index`` actions of an opened record."""
        return await boards.run(position_json, replays.get(replay_id), index, labels)

    @app.get("/api/games/{game_id}/history")
    async def game_history(game_id: str) -> dict[str, Any]:
        """Each player's cash, income, shares, engine and score at the end of each turn, and the score broken
        down (docs/web-api.md)."""
        live = await hub.get(game_id)
        async with live.lock:
            return live.history()

    @app.get("/api/games/{game_id}/build-refusal")
    async def build_refusal_of(game_id: str, hex: Annotated[str, Query(max_length=8)]) -> dict[str, Any]:
        """Why the player building now can build nothing on ``hex`` (``reason`` null when something fits)."""
        live = await hub.get(game_id)
        async with live.lock:
            return refusal_json(live.game, hex)

    @app.get("/api/games/{game_id}/hint")
    async def hint(game_id: str, x_seat_token: TokenHeader = None, token: TokenQuery = None) -> dict[str, Any]:
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.hint(live, ident)

    @app.post("/api/games/{game_id}/actions")
    async def act(
        game_id: str, body: ActIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        action_limit.check(f"{game_id}/{token_of(x_seat_token, token)}")
        return await hub.act(live, ident, body.index, body.action)

    @app.post("/api/games/{game_id}/undo")
    async def undo(
        game_id: str, body: UndoIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.undo(live, ident, body.index, body.count)

    @app.post("/api/games/{game_id}/seats/{seat}")
    async def change_seat(
        game_id: str, seat: int, body: SeatChangeIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        """The host hands a seat to a bot, or to a person with a new join link (revoking the old one)."""
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.change_seat(live, ident, seat, body.bot, body.new_link)

    @app.post("/api/games/{game_id}/notify")
    async def notify(
        game_id: str, body: NotifyIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        """Tell me by e-mail when it is my move (``email``: null to stop)."""
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.set_email(live, ident, body.email)

    @app.get("/api/games/{game_id}/notify/stop", include_in_schema=False)
    async def notify_stop(game_id: str, seat: int, key: Annotated[str, Query(max_length=64)]) -> HTMLResponse:
        """The one-click stop link of a turn mail."""
        live = await hub.get(game_id)
        await hub.stop_email(live, seat, key)
        return HTMLResponse("<!doctype html><title>Age of Steam</title><p>No more turn mails for this game.</p>")

    @app.post("/api/games/{game_id}/undo-request")
    async def undo_request(
        game_id: str, body: IndexIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        """Ask to take back one's last decision that other players have answered (they accept or refuse)."""
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.request_undo(live, ident, body.index)

    @app.post("/api/games/{game_id}/undo-request/answer")
    async def undo_answer(
        game_id: str, body: AnswerIn, x_seat_token: TokenHeader = None, token: TokenQuery = None
    ) -> dict[str, Any]:
        """Accept or refuse the undo another player asked for."""
        live = await hub.get(game_id)
        ident = need(await hub.identify(live, token_of(x_seat_token, token)))
        return await hub.answer_undo(live, ident, body.index, body.accept)

    @app.get("/api/games/{game_id}/log")
    async def game_log(game_id: str, since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        live = await hub.get(game_id)
        async with live.lock:
            lines = live.game.state.log
            return {"size": len(lines), "lines": lines[since:]}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        """The record, which replays exactly; a running game's without its secret chance seed (published at the
        end, so that the whole record verifies)."""
        live = await hub.get(game_id)
        async with live.lock:
            rec = live.game.record if live.game.over else live.game.record.public()
            return rec.model_dump(mode="json")

    @app.get("/api/games/{game_id}/board.svg")
    async def board(
        game_id: str,
        legend: bool = True,
        labels: bool = False,
        highlight: Annotated[str | None, Query(max_length=MARKS_CHARS)] = None,
        hex: Annotated[str | None, Query(max_length=8)] = None,
        tile: Annotated[str | None, Query(max_length=40)] = None,
        rotation: Annotated[int | None, Query(ge=0, le=5)] = None,
        links: Annotated[str | None, Query(max_length=MARKS_CHARS)] = None,
    ) -> Response:
        hexes, route = marks(highlight, "highlight"), marks(links, "links", upper=False)
        live = await hub.get(game_id)
        async with live.lock:
            svg = await boards.game_board(live, legend, labels, hexes, hex, tile, rotation, route)
        return Response(svg, media_type="image/svg+xml")

    # --- live updates --------------------------------------------------------------------------

    @app.websocket("/api/games/{game_id}/ws")
    async def ws(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            live = await hub.get(game_id)
        except ApiError:
            await websocket.close(code=4404, reason="no such game")
            return
        except DBAPIError:
            await websocket.close(code=1013, reason="the game database cannot be reached; reconnect")
            return
        try:
            ident = await hub.identify(live, token)
        except ApiError:
            await websocket.close(code=4403, reason="unknown token")
            return
        await hub.mark_joined(live, ident)
        await hub.watch(live, websocket, ident)

    # --- the client's files --------------------------------------------------------------------

    def page(name: str) -> Response:
        root = WEB_DIR.resolve()
        if "\x00" in name or len(name) > 200 or any(len(part) > 100 for part in name.split("/")):
            raise ApiError(404, "not_found", "no such file", None)
        try:
            path = (root / name).resolve()
            found = path.is_relative_to(root) and path.is_file()
        except (OSError, ValueError):
            found = False
        if not found:
            if name == "index.html":
                return HTMLResponse(
                    "<!doctype html><title>Age of Steam</title><p>The web client is not installed."
                    " The API is described at <a href='/api/openapi.json'>/api/openapi.json</a>."
                )
            raise ApiError(404, "not_found", f"no file {name!r}", None)
        media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return FileResponse(path, media_type=media)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return page("index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        return page("index.html")

    @app.get("/game/{game_id}/replay", include_in_schema=False)
    async def game_replay_page(game_id: str) -> Response:
        return page("index.html")

    @app.get("/editor", include_in_schema=False)
    async def editor_page() -> Response:
        return page("editor.html")

    @app.get("/replay/{replay_id}", include_in_schema=False)
    async def replay_page(replay_id: str) -> Response:
        return page("index.html")

    @app.get("/{name:path}", include_in_schema=False)
    async def static(name: str) -> Response:
        if name.startswith("api/"):
            raise ApiError(404, "not_found", f"no endpoint /{name}", None)
        return page(name)

    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str = "sqlite:///aos.db",
    *,
    all_maps: bool = False,
    bot_delay: float = 0.0,
    bot_work: int | None = None,
    bot_seconds: float = DEFAULT_SECONDS,
    games_per_minute: int = GAMES_PER_MINUTE,
    max_games: int = MAX_GAMES,
    smtp_url: str | None = None,
    mail_from: str = "Age of Steam <aos@localhost>",
    mail_every: float = MAIL_EVERY,
    public_url: str | None = None,
    lease_seconds: float | None = None,
    actions_per_minute: int = ACTIONS_PER_MINUTE,
    hints_per_minute: int = HINTS_PER_MINUTE,
    ws_messages_per_minute: int = WS_MESSAGES_PER_MINUTE,
    body_seconds: float = BODY_SECONDS,
) -> None:
    """Run the server until interrupted."""
    import uvicorn

    app = create_app(
        database_url,
        all_maps=all_maps,
        bot_delay=bot_delay,
        bot_work=bot_work,
        bot_seconds=bot_seconds,
        games_per_minute=games_per_minute,
        max_games=max_games,
        smtp_url=smtp_url,
        mail_from=mail_from,
        mail_every=mail_every,
        public_url=public_url or f"http://{host}:{port}",
        lease_seconds=lease_seconds,
        actions_per_minute=actions_per_minute,
        hints_per_minute=hints_per_minute,
        ws_messages_per_minute=ws_messages_per_minute,
        body_seconds=body_seconds,
    )
    print(f"Age of Steam is served at http://{host}:{port}/  (games stored in {database_url})", flush=True)
    uvicorn.Server(server_config(app, host, port)).run()


class _QuietBadText(logging.Filter):
    """uvicorn logs a WebSocket text frame of invalid UTF-8 (which it closes with 1007) with a traceback: one line
    is enough for a client's fault."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def server_config(app: FastAPI, host: str, port: int, log_level: str = "warning", **extra: Any) -> Any:
    """uvicorn's settings for ``app``: WebSocket messages of at most ``WS_MAX_SIZE`` bytes (closed with 1009
    past it), no per-message compression (every update would be compressed once per viewer, most of the CPU of a
    broadcast, and a state view is a few kilobytes), and a frame of invalid UTF-8 closed (1007) without a
    traceback in the log. ``extra``: more of uvicorn's settings."""
    import uvicorn

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_SIZE,
        **extra,
    )
    errors = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietBadText) for f in errors.filters):
        errors.addFilter(_QuietBadText())
    return config


__all__ = ["create_app", "serve", "server_config"]
