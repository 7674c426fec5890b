"""Drawing a hex map, and a game position on it, as SVG: the base layers (one module each, see
:class:`~ageofsteam.render.layer.Depth` for their order) and the map's own (its ``draw.py``), piled by depth
on one :class:`~ageofsteam.render.canvas.HexCanvas`, then the key.

Bottom to top: terrain, terrain marks, area boundaries, cities, blocked edges, special links, track, area
names, towns, link costs, place contents (growth numbers, names, cubes), features, goods on hexes, hex labels,
highlights. Every hex polygon carries ``data-hex="L7"`` so that a web page can make the board clickable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ageofsteam.render import blocked, boundaries, cities, features, goods, labels, links, places, terrain, towns, track
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.drawing import Drawing
from ageofsteam.render.layer import Layer, MapDrawing
from ageofsteam.render.legend import note_places, sorted_key

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState

BASE_LAYERS: tuple[Layer, ...] = (
    terrain.TERRAIN,
    terrain.MARKS,
    boundaries.LINES,
    cities.LAYER,
    blocked.LAYER,
    links.LINES,
    track.LAYER,
    boundaries.NAMES,
    towns.LAYER,
    links.COSTS,
    places.LAYER,
    features.LAYER,
    goods.LAYER,
    labels.LABELS,
    labels.HIGHLIGHT,
)


def board_layers(drawing: MapDrawing) -> list[Layer]:
    """The base layers and the map's own, bottom first (a map's layer goes above the base layers of its depth)."""
    return sorted([*BASE_LAYERS, *drawing.layers()], key=lambda layer: layer.depth)


def draw_hex_board(
    board: MapData,
    g: GameState | None = None,
    *,
    radius: float = 36.0,
    labels: bool = False,
    highlight: Iterable[str] = (),
    drawing: MapDrawing | None = None,
) -> Drawing:
    """The board (and the position of ``g`` on it, if given) as a :class:`Drawing`; ``drawing``: what the map
    draws of its own (by default found in its folder)."""
    cv = HexCanvas(board, g, radius=radius, labels=labels, highlight=highlight, drawing=drawing)
    body = "".join(layer.draw(cv) for layer in board_layers(cv.drawing))
    note_places(cv)
    return Drawing(body, cv.width, cv.height, sorted_key(cv.legend))


__all__ = ["BASE_LAYERS", "Drawing", "HexCanvas", "board_layers", "draw_hex_board"]
