"""Layers of a hex board, and what a map draws of its own.

A hex board is drawn as a pile of :class:`Layer` objects, each a function of the :class:`HexCanvas` (the
board, the game position, the page geometry and the key) that returns SVG. Every layer has a ``depth``: lower
layers are drawn first. The base layers (one module each in this package) sit at the depths of
:class:`Depth`; a map adds its own between them.

A map's folder may hold ``draw.py`` with ``DRAWING``, an instance of a :class:`MapDrawing` subclass: its extra
layers, and the figures of its own that the base layers draw (flood markers placed in play, discs on the
circles of an area map). The renderer finds it by itself (:func:`map_drawing`).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState
    from ageofsteam.render.canvas import HexCanvas


class Depth:
    """The depths of the base layers of a hex board, bottom first."""

    TERRAIN = 10.0  # hexes filled by terrain
    TERRAIN_MARKS = 20.0  # rivers, peaks, ripples, buildings…
    AREA_LINES = 30.0  # boundaries between named areas
    CITIES = 40.0  # city hexes in their goods colours
    BLOCKED = 50.0  # edges track may not cross
    SPECIAL_LINKS = 60.0  # pre-printed links
    TRACK = 80.0  # track tiles in their owners' colours
    AREA_NAMES = 90.0  # the names of the areas
    TOWNS = 100.0  # town markers, over the track's spokes
    LINK_COSTS = 110.0  # the printed costs of special links
    PLACES = 120.0  # names, goods-growth numbers, cubes, New City letters
    FEATURES = 130.0  # oil fields, floods, volcanoes, airports
    HEX_GOODS = 140.0  # goods kept on hexes that are not cities
    HEX_LABELS = 200.0  # hex labels (on request)
    HIGHLIGHT = 210.0  # outlined hexes (on request)


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer of a hex board: ``draw`` returns its SVG (an empty string: nothing to draw)."""

    name: str
    depth: float
    draw: Callable[[HexCanvas], str]


class MapDrawing:
    """What a map draws of its own. The base game: nothing."""

    def layers(self) -> list[Layer]:
        """Layers of the map's own figures, each at its depth among the base layers (hex maps)."""
        return []

    def placed_features(self, g: GameState) -> dict[int, list[str]]:
        """Hex → kinds of feature markers placed in play (``"flood"``); each stands for the printed feature of
        its kind on its hex, so that the hex shows one sign."""
        return {}

    def circle_discs(self, g: GameState) -> dict[str, list[int]]:
        """Area maps: connection circle id → seats with a disc on it, in the order placed."""
        return {}

    def large_circle_discs(self, g: GameState) -> dict[str, list[int]]:
        """Area maps: region id → seats with a disc on its large circle."""
        return {}


NO_DRAWING = MapDrawing()


def map_drawing(board: MapData, g: GameState | None = None) -> MapDrawing:
    """The map's ``DRAWING`` from the ``draw.py`` beside its ``rules.py`` (the game's rules, or the bundled map
    of the board's id), or the base game's."""
    package = None
    if g is not None:
        module = type(g.rules).__module__
        package = module.removesuffix(".rules") if module.endswith(".rules") else None
    else:
        from ageofsteam.maps import catalogue

        folder = catalogue().get(board.id)
        package = f"ageofsteam.maps.{folder}" if folder else None
    if package is None or importlib.util.find_spec(f"{package}.draw") is None:
        return NO_DRAWING
    drawing = getattr(importlib.import_module(f"{package}.draw"), "DRAWING", NO_DRAWING)
    assert isinstance(drawing, MapDrawing), f"{package}.draw.DRAWING is not a MapDrawing"
    return drawing
