"""Drawing an area map (Old Europe, 51st State): regions as outlined shapes, joined by connection circles.

Regions are drawn from their ``shape`` (map units, about 0–1000 across) filled by their goods colour, or by
terrain when uncoloured; a region without a shape is drawn as a rounded box at its ``x``/``y``. Names,
goods-growth numbers, cubes, large circles, airports and rivers sit at the region's ``x``/``y``.

Connection circles are small circles with room for ``capacity`` discs. A game passes the discs on a circle
as ``GameState.extra["circle_discs"] = {circle id: [seat, …]}``; each is drawn in its seat's colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.hexmap import Drawing
from ageofsteam.render.mapinfo import map_extras, seat_map, state_extra
from ageofsteam.render.svgdoc import Point, el, fit_lines, group, path_d, polygon, text

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState

SEA = "#cfe2ee"
WIDTH = 1000.0  # drawing units across the map
UNIT = 40.0  # glyphs (cubes, growth numbers) are drawn as on hexes of this radius


def clip_half(pts: Sequence[Point], x0: float, keep_right: bool) -> list[Point]:
    """The part of polygon ``pts`` on one side of the vertical line ``x = x0``."""

    def inside(p: Point) -> bool:
        return p[0] >= x0 if keep_right else p[0] <= x0

    out: list[Point] = []
    for i, cur in enumerate(pts):
        prev = pts[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(_cross(prev, cur, x0))
            out.append(cur)
        elif inside(prev):
            out.append(_cross(prev, cur, x0))
    return out


def _cross(a: Point, b: Point, x0: float) -> Point:
    t = (x0 - a[0]) / (b[0] - a[0]) if b[0] != a[0] else 0.0
    return (x0, a[1] + (b[1] - a[1]) * t)


class AreaBoardPainter:
    """Draws one area board, with or without a game state on it."""

    def __init__(
        self,
        board: MapData,
        g: GameState | None = None,
        *,
        labels: bool = False,
        highlight: Iterable[str] = (),
        margin: float = 14.0,
    ) -> None:
        self.board = board
        self.g = g
        self.labels = labels
        self.highlight = {board.by_label[t.upper()] for t in highlight if t.upper() in board.by_label}
        self.extras = map_extras(board)
        self.legend: dict[str, tuple[str, str]] = {}
        self._bounds(margin)

    def _bounds(self, margin: float) -> None:
        b = self.board
        pts: list[Point] = [p for shape in b.shapes.values() for p in shape]
        pts += list(b.positions.values())
        pts += [(c.x, c.y) for c in b.circles if c.x is not None and c.y is not None]
        if not pts:
            pts = [(0.0, 0.0), (WIDTH, WIDTH * 0.7)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.min_x, self.min_y = min(xs) - 40, min(ys) - 40
        span = max(max(xs) + 40 - self.min_x, 1.0)
        self.scale = WIDTH / span
        self.margin = margin
        self.width = WIDTH + 2 * margin
        self.height = (max(ys) + 40 - self.min_y) * self.scale + 2 * margin

    def p(self, x: float, y: float) -> Point:
        return ((x - self.min_x) * self.scale + self.margin, (y - self.min_y) * self.scale + self.margin)

    def size(self, h: int) -> tuple[float, float]:
        """Width and height of the region's outline on the page (a default box when it has none)."""
        shape = self.board.shapes.get(h)
        if not shape:
            return (110.0, 70.0)
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        return ((max(xs) - min(xs)) * self.scale, (max(ys) - min(ys)) * self.scale)

    def centre(self, h: int) -> Point:
        b = self.board
        if h in b.positions:
            return self.p(*b.positions[h])
        shape = b.shapes.get(h)
        if shape:
            return self.p(sum(x for x, _ in shape) / len(shape), sum(y for _, y in shape) / len(shape))
        return self.p(self.min_x + 40 + 60 * (h % 12), self.min_y + 40 + 60 * (h // 12))

    def seat_colour(self, seat: int | None) -> str:
        if seat is None or self.g is None or not 0 <= seat < len(self.g.players):
            return pal.player(None)
        return pal.player(self.g.players[seat].colour)

    def colours(self, h: int) -> tuple[str, ...]:
        if self.g is not None and self.g.is_city(h):
            return self.g.city_colours(h)
        idx = self.board.city_at.get(h)
        return self.board.cities[idx].colours if idx is not None else ()

    def fills(self, h: int) -> list[str]:
        cols = self.colours(h)
        if cols:
            return [pal.shade(pal.goods(c), 1.3) if c != "black" else "#5c5c5c" for c in cols]
        return [pal.terrain(self.board.terrain[h])]

    def note(self, key: str, swatch: str, caption: str) -> None:
        self.legend.setdefault(key, (swatch, caption))

    # --- layers ------------------------------------------------------------------------------------

    def regions_layer(self) -> str:
        b = self.board
        out = []
        owners = seat_map(state_extra(self.g, "region_owners"))
        for h in range(b.size):
            fills = self.fills(h)
            shape = [self.p(*pt) for pt in b.shapes.get(h, ())]
            if not shape:
                x, y = self.centre(h)
                shape = [(x - 55, y - 35), (x + 55, y - 35), (x + 55, y + 35), (x - 55, y + 35)]
            parts = [polygon(shape, fill=fills[0])]
            if len(fills) > 1:
                cx = self.centre(h)[0]
                half = clip_half(shape, cx, keep_right=True)
                if len(half) >= 3:
                    parts.append(polygon(half, fill=fills[1]))
            seats = owners.get(b.labels[h], [])
            stroke = self.seat_colour(seats[0]) if seats else pal.INK
            parts.append(
                polygon(shape, fill="none", stroke=stroke, stroke_width=4 if seats else 1.6, stroke_linejoin="round")
            )
            if h in self.highlight:
                parts.append(polygon(shape, fill="none", stroke="#ff2d95", stroke_width=3, stroke_dasharray="6 3"))
            out.append(group(parts, class_="region", data_hex=b.labels[h]))
            if not self.colours(h):
                kind = b.terrain[h]
                self.note(
                    f"terrain:{kind}",
                    el(
                        "rect",
                        x=2,
                        y=3,
                        width=12,
                        height=10,
                        rx=2,
                        fill=pal.terrain(kind),
                        stroke=pal.INK,
                        stroke_width=0.8,
                    ),
                    pal.TERRAIN_TITLES.get(kind, kind),
                )
        return group(out, class_="regions")

    def decorations_layer(self) -> str:
        """Large circles, rivers and airports of regions."""
        b = self.board
        out = []
        for h, info in sorted(b.region_info.items()):
            x, y = self.centre(h)
            if info.large_circle:
                out.append(
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=30,
                        fill="#ffffff",
                        fill_opacity=0.55,
                        stroke=pal.INK,
                        stroke_width=2.2,
                        class_="large-circle",
                    )
                )
                self.note(
                    "large",
                    el("circle", cx=8, cy=8, r=6.5, fill="#ffffff", stroke=pal.INK, stroke_width=1.6),
                    "large circle",
                )
                # discs on it (``extra["large_circle_discs"]``: region id → seats), in a row on the circle's
                # lower rim (the goods sit between the name and the rim, the growth numbers above)
                stack = seat_map(state_extra(self.g, "large_circle_discs")).get(b.labels[h], [])
                for k, seat in enumerate(stack):
                    row = min(6, len(stack) - 6 * (k // 6))
                    dx, dy = 8.5 * (k % 6 - (row - 1) / 2), 31 + 9 * (k // 6)
                    out.append(
                        el(
                            "circle",
                            cx=x + dx,
                            cy=y + dy,
                            r=6,
                            fill=self.seat_colour(seat),
                            stroke=pal.INK,
                            stroke_width=1,
                            class_="disc",
                        )
                    )
            if info.river:
                w, h_ = self.size(h)
                half, dy = min(40.0, 0.32 * w), min(44.0, 0.3 * h_)
                pts = glyphs.wave_points([(x - half, y + dy + 4), (x + half, y + dy)], 2.2, 11)
                out.append(
                    el(
                        "path",
                        d=path_d(pts),
                        fill="none",
                        stroke=pal.RIVER,
                        stroke_width=3,
                        stroke_linecap="round",
                        class_="river",
                    )
                )
                self.note(
                    "river",
                    el(
                        "path",
                        d=path_d(glyphs.wave_points([(1, 8), (15, 8)], 1.5, 6)),
                        fill="none",
                        stroke=pal.RIVER,
                        stroke_width=2,
                    ),
                    "river",
                )
            if info.airport:
                out.append(
                    el(
                        "g",
                        el("circle", cx=x + 36, cy=y - 22, r=10, fill="#ffffff", stroke=pal.INK, stroke_width=1)
                        + glyphs.plane(x + 36, y - 22, 8),
                        class_="airport",
                    )
                )
                self.note("airport", glyphs.plane(8, 8, 6.5), "airport")
        return group(out, class_="region-marks")

    def circles_layer(self) -> str:
        """Connection circles, with a thin line to each region they join, and the discs on them."""
        b = self.board
        discs = seat_map(state_extra(self.g, "circle_discs"))
        lines, rings = [], []
        for circle in b.circles:
            if circle.x is not None and circle.y is not None:
                cx, cy = self.p(circle.x, circle.y)
            else:
                pts = [self.centre(h) for h in circle.places]
                cx, cy = sum(q[0] for q in pts) / len(pts), sum(q[1] for q in pts) / len(pts)
            for h in circle.places:
                x, y = self.centre(h)
                length = math.hypot(x - cx, y - cy)
                if length > 40:  # stop short of the region's name
                    x, y = cx + (x - cx) * (1 - 34 / length), cy + (y - cy) * (1 - 34 / length)
                    lines.append(el("line", x1=cx, y1=cy, x2=x, y2=y))
            seats = discs.get(circle.id, [])
            slots = max(circle.capacity or 1, len(seats))
            sea = circle.kind == "sea"
            rr = 10.0 if slots == 1 else 7 + 4.2 * slots
            body = [
                el(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=rr,
                    fill="#dff0ff" if sea else "#ffffff",
                    stroke=pal.INK,
                    stroke_width=1.6,
                    stroke_dasharray="3 2" if sea else None,
                )
            ]
            for k in range(slots):
                if slots == 1:
                    dx = dy = 0.0
                else:
                    ang = -math.pi / 2 + 2 * math.pi * k / slots
                    dx, dy = (rr - 7) * math.cos(ang), (rr - 7) * math.sin(ang)
                if k < len(seats):
                    body.append(
                        el(
                            "circle",
                            cx=cx + dx,
                            cy=cy + dy,
                            r=5.6,
                            fill=self.seat_colour(seats[k]),
                            stroke=pal.INK,
                            stroke_width=1,
                            class_="disc",
                            data_owner=str(seats[k]),
                        )
                    )
                else:
                    body.append(
                        el("circle", cx=cx + dx, cy=cy + dy, r=5, fill="none", stroke="#9a9a9a", stroke_width=0.8)
                    )
            rings.append(group(body, class_="circle" + (" sea" if sea else ""), data_circle=circle.id))
            if sea:
                self.note(
                    "circle:sea",
                    el(
                        "circle",
                        cx=8,
                        cy=8,
                        r=6.5,
                        fill="#dff0ff",
                        stroke=pal.INK,
                        stroke_width=1.2,
                        stroke_dasharray="2 1.5",
                    ),
                    "sea connection",
                )
            else:
                self.note(
                    "circle:land",
                    el("circle", cx=8, cy=8, r=6.5, fill="#ffffff", stroke=pal.INK, stroke_width=1.2),
                    "connection circle",
                )
        return group(
            [group(lines, stroke="#6a6a6a", stroke_width=1.1, stroke_dasharray="2 3"), *rings], class_="circles"
        )

    def contents_layer(self) -> str:
        """Names, goods-growth numbers, cubes and New City letters of regions."""
        b, g = self.board, self.g
        out = []
        for h in range(b.size):
            x, y = self.centre(h)
            idx = b.city_at.get(h)
            name = b.cities[idx].name if idx is not None else b.towns.get(h, b.labels[h])
            parts = []
            growth = b.cities[idx].growth if idx is not None else ()
            if g is not None and h in g.new_cities:
                letter = g.new_cities[h]
                column = getattr(g.rules, "NEW_CITIES", {}).get(letter, ("", ""))[1]
                growth = (column,) if column else ()
                parts.append(el("circle", cx=x - 34, cy=y - 16, r=8, fill="#ffffff", stroke=pal.INK, stroke_width=1))
                parts.append(text(x - 34, y - 12, letter, 11, fill=pal.INK, weight="bold"))
            if growth:
                parts.append(glyphs.growth_badges(x, y - 30, growth, UNIT))
            lines, f = fit_lines(name, 13, min(120.0, max(36.0, 0.9 * self.size(h)[0])), bold=True, min_size=7)
            for k, line in enumerate(lines):
                ly = y + 4 + k * f - (len(lines) - 1) * f / 2
                parts.append(text(x, ly, line, f, weight="bold", fill=pal.INK, halo="#ffffff", halo_width=3))
            if self.labels:
                parts.append(text(x, y + 4 + (len(lines) + 1) * f / 2 + 2, b.labels[h], 9, fill="#555555"))
            if g is not None and g.cubes.get(h):
                parts.append(glyphs.cubes(x, y + 8 + (len(lines) - 1) * f / 2 + 4, g.cubes[h], UNIT, per_row=5))
            out.append(group(parts, class_="region-info", data_hex=b.labels[h]))
        return group(out, class_="places")

    def features_layer(self) -> str:
        out = []
        for h, feats in sorted(self.extras.features.items()):
            x, y = self.centre(h)
            for k, f in enumerate(feats):
                out.append(glyphs.feature(f, x - 40 + 22 * k, y + 30, UNIT, self.note))
        return group(out, class_="features")

    def draw(self) -> Drawing:
        back = el("rect", x=0, y=0, width=self.width, height=self.height, rx=8, fill=SEA)
        layers = [
            back,
            self.regions_layer(),
            self.decorations_layer(),
            self.circles_layer(),
            self.contents_layer(),
            self.features_layer(),
        ]
        self.note("growth:light", glyphs.growth_key(False), "goods growth: light")
        self.note("growth:dark", glyphs.growth_key(True), "goods growth: dark")
        return Drawing("".join(layers), self.width, self.height, list(self.legend.values()))


def draw_area_board(
    board: MapData, g: GameState | None = None, *, labels: bool = False, highlight: Iterable[str] = ()
) -> Drawing:
    """The area board (and the position of ``g`` on it, if given) as a :class:`Drawing`."""
    return AreaBoardPainter(board, g, labels=labels, highlight=highlight).draw()
