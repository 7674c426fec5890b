"""What every layer of a hex board draws on: the board, the game position (if any), the page geometry, the
key being gathered, and the helpers the layers share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ageofsteam.render import palette as pal
from ageofsteam.render.geometry import SQRT3, HexGeometry
from ageofsteam.render.layer import MapDrawing, map_drawing
from ageofsteam.render.mapinfo import MapExtras, map_extras
from ageofsteam.render.svgdoc import Point

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState


class HexCanvas:
    """One hex board on the page, with or without a game state on it."""

    def __init__(
        self,
        board: MapData,
        g: GameState | None = None,
        *,
        radius: float = 36.0,
        labels: bool = False,
        highlight: Iterable[str] = (),
        margin: float = 10.0,
        drawing: MapDrawing | None = None,
    ) -> None:
        self.board = board
        self.g = g
        self.labels = labels
        self.highlight = {board.by_label[t.upper()] for t in highlight if t.upper() in board.by_label}
        self.extras: MapExtras = map_extras(board)
        self.drawing = drawing if drawing is not None else map_drawing(board, g)
        hints = board.raw.get("drawing") if isinstance(board.raw, dict) else None
        ground = hints.get("river_ground") if isinstance(hints, dict) else None
        self.river_ground: str | None = ground if isinstance(ground, str) and ground != "river" else None
        cols, ys = board.cols, board.ys
        self.min_col, self.max_col = (min(cols), max(cols)) if cols else (0, 0)
        self.min_y, self.max_y = (min(ys), max(ys)) if ys else (0, 0)
        r = radius
        apothem = r * SQRT3 / 2
        self.geo = HexGeometry(r, margin + r - 1.5 * r * self.min_col, margin + apothem * (1 - self.min_y))
        self.width = 2 * margin + 1.5 * r * (self.max_col - self.min_col) + 2 * r
        self.height = 2 * margin + r * SQRT3 / 2 * (self.max_y - self.min_y) + r * SQRT3
        self.legend: dict[str, tuple[str, str]] = {}

    def c(self, h: int) -> Point:
        """The centre of hex ``h`` on the page."""
        return self.geo.centre(self.board.cols[h], self.board.ys[h])

    def seat_colour(self, seat: int | None) -> str:
        if seat is None or self.g is None or not 0 <= seat < len(self.g.players):
            return pal.player(None)
        return pal.player(self.g.players[seat].colour)

    def note(self, key: str, swatch: str, caption: str) -> None:
        """Remember a key entry (``swatch`` is SVG drawn in a 16 × 16 box); the first under ``key`` stays."""
        self.legend.setdefault(key, (swatch, caption))

    def ground(self, kind: str) -> str:
        """The terrain whose colour a hex of ``kind`` has: plain under a city or town; under a river, the map's
        ``[drawing] river_ground`` when it names one (a map whose rivers lie in urban hexes)."""
        if kind in ("city", "town"):
            return "plain"
        if kind == "river" and self.river_ground:
            return self.river_ground
        return kind

    def is_city(self, h: int) -> bool:
        return h in self.board.city_at or (self.g is not None and h in self.g.new_cities)

    def city_colours(self, h: int) -> tuple[str, ...]:
        if self.g is not None:
            return self.g.city_colours(h)
        return self.board.cities[self.board.city_at[h]].colours

    @staticmethod
    def city_fill(colours: Sequence[str]) -> list[str]:
        return [pal.goods(col) for col in colours] or [pal.NEUTRAL_CITY]

    def place_name(self, h: int) -> str:
        idx = self.board.city_at.get(h)
        return self.board.cities[idx].name if idx is not None else self.board.towns.get(h, self.board.labels[h])

    def new_city_growth(self, letter: str) -> str:
        """The goods-growth number a New City shows (``light3`` …), or "" when the game's goods display has no
        column for it (a map without a goods display, or without that column)."""
        if self.g is None:
            return ""
        column = getattr(self.g.rules, "NEW_CITIES", {}).get(letter, ("", ""))[1]
        return column if column and (letter in self.g.display or column in self.g.display) else ""
