"""Board pictures (SVG), drawn off the event loop.

Drawing a board takes tens of milliseconds of Python; on the event loop it would hold up every game and viewer.
:class:`Boards` draws in a thread of its own (``RENDER_THREADS``), at most ``RENDER_BACKLOG`` pictures waiting
(past that a request is answered ``503 busy``), keeps the empty maps' boards once drawn, and bounds what one
request may ask: at most ``MAX_MARKS`` hexes to highlight and as many links of a route. A game's own pictures are
kept with the game (``LiveGame.svg_cache``) until it changes, under keys that do not depend on how the hexes were
listed.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from ageofsteam.engine.actions import CHANCE
from ageofsteam.server.decisions import route_hexes
from ageofsteam.server.errors import ApiError

if TYPE_CHECKING:
    from ageofsteam.server.live.game import LiveGame

T = TypeVar("T")

RENDER_THREADS = 1  # boards drawn at once (a drawing holds the interpreter: more threads would not draw faster)
RENDER_BACKLOG = 64  # boards waiting to be drawn past which a request is answered 503 busy
MAX_MARKS = 32  # hexes one picture may highlight, and links of one route
MARKS_CHARS = 400  # characters of the highlight or links parameter
MAP_BOARDS = 64  # empty maps' boards kept (each map: with or without legend and labels)
GAME_BOARDS = 64  # pictures kept per game until it changes


def marks(text: str | None, name: str, *, upper: bool = True) -> tuple[str, ...]:
    """The comma-separated hexes (or link ids) of parameter ``name``, each once, in the order given (422 past
    ``MAX_MARKS``)."""
    items = [x.strip().upper() if upper else x.strip() for x in (text or "").split(",")]
    out = tuple(dict.fromkeys(x for x in items if x))
    if len(out) > MAX_MARKS:
        raise ApiError(422, "invalid", f"field '{name}': at most {MAX_MARKS} at once, not {len(out)}", name)
    return out


class Boards:
    """The server's board drawing (see the module's description)."""

    def __init__(self, threads: int = RENDER_THREADS, backlog: int = RENDER_BACKLOG) -> None:
        self.threads = threads
        self.backlog = backlog
        self._pool: ThreadPoolExecutor | None = None
        self.waiting = 0
        self.maps: OrderedDict[tuple[str, bool, bool], str] = OrderedDict()

    async def run(self, draw: Callable[..., T], *args: Any) -> T:
        """``draw(*args)`` in the drawing thread; 503 busy when too many drawings wait already."""
        if self.waiting >= self.backlog:
            raise ApiError(503, "busy", "the server is drawing many boards just now; try again in a moment", None)
        self.waiting += 1
        try:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="render")
            return await asyncio.get_running_loop().run_in_executor(self._pool, functools.partial(draw, *args))
        finally:
            self.waiting -= 1

    async def map_board(self, map_id: str, legend: bool, labels: bool) -> str:
        """The empty board of ``map_id``, drawn once."""
        key = (map_id, legend, labels)
        svg = self.maps.get(key)
        if svg is None:
            svg = await self.run(_map_svg, map_id, legend, labels)
            self.maps[key] = svg
            while len(self.maps) > MAP_BOARDS:
                self.maps.popitem(last=False)
        self.maps.move_to_end(key)
        return svg

    async def game_board(
        self,
        live: LiveGame,
        legend: bool,
        labels: bool,
        highlight: tuple[str, ...],
        hex_: str | None,
        tile: str | None,
        rotation: int | None,
        links: tuple[str, ...],
    ) -> str:
        """The board of ``live`` now (called under its lock, which keeps the game still while it is drawn)."""
        key = (live.index, legend, labels, tuple(sorted(highlight)), hex_, tile, rotation, links)
        svg = live.svg_cache.get(key)
        if svg is None:
            svg = await self.run(_board_svg, live, legend, labels, highlight, hex_, tile, rotation, links)
            if len(live.svg_cache) >= GAME_BOARDS:
                live.svg_cache.clear()
            live.svg_cache[key] = svg
        return svg

    def close(self) -> None:
        """Stop the drawing thread (a server started again starts another)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _map_svg(map_id: str, legend: bool, labels: bool) -> str:
    from ageofsteam.maps import load_board
    from ageofsteam.render import render_svg

    return render_svg(load_board(map_id), legend=legend, labels=labels)


def _board_svg(
    live: LiveGame,
    legend: bool,
    labels: bool,
    highlight: tuple[str, ...],
    hex_: str | None,
    tile: str | None,
    rotation: int | None,
    links: tuple[str, ...],
) -> str:
    from ageofsteam.render import render_svg
    from ageofsteam.rules.build_track import legal_builds

    g = live.game.state
    marks = list(highlight)
    for m in marks:
        if m not in g.map.by_label:
            raise ApiError(422, "invalid", f"field 'highlight': no hex {m!r} on this map", "highlight")
    if links:
        for lid in links:
            if lid not in g.network.links:
                raise ApiError(422, "invalid", f"field 'links': no link {lid!r} on the board", "links")
        marks += route_hexes(g, list(links))
    if hex_ is None and tile is None and rotation is None:
        return render_svg(g, legend=legend, labels=labels, highlight=marks)
    if hex_ is None or tile is None or rotation is None:
        missing = next(n for n, v in (("hex", hex_), ("tile", tile), ("rotation", rotation)) if v is None)
        raise ApiError(422, "invalid", f"field '{missing}': a build preview needs hex, tile and rotation", missing)
    seat = g.to_move
    h = g.map.by_label.get(hex_.upper())
    if h is None:
        raise ApiError(422, "invalid", f"field 'hex': no hex {hex_!r} on this map", "hex")
    plan = None
    if seat is not None and seat != CHANCE and g.build is not None and g.build.player == seat:
        plan = next(
            (p for p in legal_builds(g, seat) if p.hex == h and p.tile.tile == tile and p.tile.rotation == rotation),
            None,
        )
    if plan is None:
        raise ApiError(422, "illegal", f"{tile} rotation {rotation} on {hex_.upper()} is not a legal build now", "tile")
    before = g.tiles.get(h)
    g.tiles[h] = plan.tile
    g.board_changed()
    try:
        return render_svg(g, legend=legend, labels=labels, highlight=[*marks, g.label(h)])
    finally:
        if before is None:
            del g.tiles[h]
        else:
            g.tiles[h] = before
        g.board_changed()


__all__ = ["MAX_MARKS", "Boards", "marks"]
