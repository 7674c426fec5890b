"""Pictures of boards and game positions: SVG (self-contained, for web pages and files) and PNG.

    from ageofsteam.render import render_svg, write_image
    svg = render_svg(game.state)            # a game position: board, players, goods display
    svg = render_svg(load_board("rust-belt"))   # an empty map with its key
    write_image(svg, "board.png")

Hex maps are drawn by :mod:`ageofsteam.render.hexmap` as a pile of layers (one module each: ``terrain``,
``boundaries``, ``cities``, ``blocked``, ``links``, ``track``, ``towns``, ``places``, ``features``, ``goods``,
``labels``; then ``legend``), area maps (``kind = "area"``) by :mod:`ageofsteam.render.areas`; ``panels``
draws the title, the players, the goods display and the key. The renderer reads the map data and the game
state; a map's own figures are drawn by the map (``draw.py`` in its folder: :mod:`ageofsteam.render.layer`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ageofsteam.render import palette as pal
from ageofsteam.render.drawing import Drawing
from ageofsteam.render.hexmap import draw_hex_board
from ageofsteam.render.layer import Layer, MapDrawing
from ageofsteam.render.panels import (
    PAD,
    display_drawing,
    game_subtitle,
    key_drawing,
    place,
    players_drawing,
    title_drawing,
)
from ageofsteam.render.png import svg_to_png, write_png
from ageofsteam.render.svgdoc import document

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState

IMAGE_SUFFIXES = (".svg", ".png")


def is_area_map(board: MapData) -> bool:
    return board.is_area


def draw_board(
    board: MapData,
    state: GameState | None = None,
    *,
    labels: bool = False,
    highlight: Iterable[str] = (),
    drawing: MapDrawing | None = None,
) -> Drawing:
    """Only the board (hex or area map) with the position of ``state`` on it, without title or panels;
    ``drawing``: what the map draws of its own (by default its folder's ``draw.py``)."""
    if is_area_map(board):
        from ageofsteam.render.areas import draw_area_board

        return draw_area_board(board, state, labels=labels, highlight=highlight, drawing=drawing)
    return draw_hex_board(board, state, labels=labels, highlight=highlight, drawing=drawing)


def render_svg(
    subject: MapData | GameState,
    *,
    labels: bool = False,
    legend: bool = True,
    title: str | None = None,
    highlight: Iterable[str] = (),
    drawing: MapDrawing | None = None,
) -> str:
    """A complete SVG picture of a map (``MapData``) or of a game position (``GameState``).

    ``labels`` prints each hex's label in its corner; ``legend`` adds the title, the key and, for a game,
    the players' figures and the goods display; ``highlight`` outlines the hexes with these labels;
    ``drawing`` is what the map draws of its own (by default its folder's ``draw.py``)."""
    from ageofsteam.engine.state import GameState

    state = subject if isinstance(subject, GameState) else None
    board = state.map if state is not None else subject
    assert not isinstance(board, GameState)
    board_drawing = draw_board(board, state, labels=labels, highlight=highlight, drawing=drawing)
    name = title or board.name
    if not legend:
        return document(board_drawing.body, board_drawing.width, board_drawing.height, title=name, background=pal.PAPER)
    pieces: list[Drawing] = []
    if state is not None:
        pieces = [players_drawing(state), display_drawing(state)]
    width = max(board_drawing.width, sum(p.width for p in pieces) + PAD * (len(pieces) + 1))
    if state is not None:
        subtitle = game_subtitle(state)
    else:
        lo, hi = board.players
        parts = [f"{lo}–{hi} players" if lo != hi else f"{lo} player{'s' if lo > 1 else ''}"]
        if is_area_map(board):
            parts += [f"{board.size} regions", f"{len(board.cities)} coloured", f"{len(board.circles)} circles"]
        else:
            parts += [f"{board.size} hexes", f"{len(board.cities)} cities", f"{len(board.towns)} towns"]
        subtitle = " · ".join(parts)
    notes = state.rules.describe_status(state) if state is not None else []
    head = title_drawing(name, subtitle, width, notes)
    key = key_drawing(board_drawing.legend, width)
    parts = [place(head, 0, 0)]
    y = head.height
    parts.append(place(board_drawing, (width - board_drawing.width) / 2, y))
    y += board_drawing.height + 6
    x = PAD
    row_h = 0.0
    for p in pieces:
        parts.append(place(p, x, y))
        x += p.width + PAD
        row_h = max(row_h, p.height)
    y += row_h + (PAD if pieces else 0)
    parts.append(place(key, 0, y))
    y += key.height + 4
    return document("".join(parts), width, y, title=name, background=pal.PAPER)


def write_image(svg: str, path: str | Path, scale: float = 1.5) -> None:
    """Write ``svg`` to ``path``: as it is for ``.svg``, as a PNG (``scale`` × its size) for ``.png``."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".svg":
        p.write_text(svg, encoding="utf-8")
    elif suffix == ".png":
        write_png(svg, p, scale)
    else:
        raise ValueError(f"cannot write {p.name}: the output must end in .svg or .png")


__all__ = [
    "IMAGE_SUFFIXES",
    "Drawing",
    "Layer",
    "MapDrawing",
    "draw_board",
    "is_area_map",
    "render_svg",
    "svg_to_png",
    "write_image",
]
