"""Drawing an area map (Old Europe, 51st State): regions as outlined shapes, joined by connection circles.

Regions are drawn from their ``shape`` (map units, about 0–1000 across) filled by their goods colour, or by
terrain when uncoloured; a region without a shape is drawn as a rounded box at its ``x``/``y``. Names,
goods-growth numbers, cubes and large circles sit at the region's ``x``/``y``; a name is fitted to the
region's width there and kept clear of the other names and badges, or set in the sea beside a region too small
for it, with a leader line. Airports and rivers go where their region has room: inside it, clear of its
outline and of names, badges and circles (:func:`board_layout`, computed once per board).

Connection circles are small circles with room for ``capacity`` discs. The map's drawing (its ``draw.py``: a
:class:`CircleDrawing` for maps built on ``ageofsteam.rules.circles``) gives the discs on each circle and on
each large circle; each is drawn in its seat's colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.drawing import Drawing
from ageofsteam.render.layer import MapDrawing, map_drawing
from ageofsteam.render.mapinfo import map_extras
from ageofsteam.render.svgdoc import Point, el, fit_lines, group, path_d, polygon, text, text_width
from ageofsteam.rules.circles import discs_on, large_discs_on

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState

SEA = "#cfe2ee"
WIDTH = 1000.0  # drawing units across the map
UNIT = 40.0  # glyphs (cubes, growth numbers) are drawn as on hexes of this radius
NAME_SIZE, NAME_MIN = 13.0, 7.0  # a region's name: its largest and smallest font
AIRPORT_R = 10.0  # the airport badge's radius
RIVER_HALF = 40.0  # a river mark's longest half-length
RIVER_WAVE = 2.2  # its amplitude
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


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


# --- plane geometry (page units) ----------------------------------------------------------------------------


def _inside(pt: Point, poly: Sequence[Point]) -> bool:
    """Is ``pt`` inside polygon ``poly`` (even-odd rule)?"""
    x, y = pt
    res = False
    for i, (x1, y1) in enumerate(poly):
        x0, y0 = poly[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            res = not res
    return res


def _outline_distance(pt: Point, poly: Sequence[Point]) -> float:
    """The distance from ``pt`` to the outline of ``poly``."""
    px, py = pt
    best = math.inf
    for i, (x1, y1) in enumerate(poly):
        x0, y0 = poly[i - 1]
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy or 1.0)))
        best = min(best, math.hypot(px - x0 - t * dx, py - y0 - t * dy))
    return best


def _rect_distance(pt: Point, r: Rect) -> float:
    """The distance from ``pt`` to rectangle ``r`` (0 inside it)."""
    dx = max(r[0] - pt[0], 0.0, pt[0] - r[2])
    dy = max(r[1] - pt[1], 0.0, pt[1] - r[3])
    return math.hypot(dx, dy)


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True, slots=True)
class Obstacle:
    """Something a mark keeps clear of: a disc (``r`` > 0 around ``x``/``y``) or a rectangle (``rect``)."""

    x: float = 0.0
    y: float = 0.0
    r: float = 0.0
    rect: Rect | None = None

    def distance(self, pt: Point) -> float:
        if self.rect is not None:
            return _rect_distance(pt, self.rect)
        return math.hypot(pt[0] - self.x, pt[1] - self.y) - self.r

    def hits(self, box: Rect) -> bool:
        """Does it overlap ``box``?"""
        if self.rect is not None:
            return _overlaps(self.rect, box)
        return _rect_distance((self.x, self.y), box) < self.r

    def bounds(self) -> Rect:
        if self.rect is not None:
            return self.rect
        return (self.x - self.r, self.y - self.r, self.x + self.r, self.y + self.r)


@dataclass(frozen=True, slots=True)
class Name:
    """A region's name as drawn: its lines, font size, centre line ``x``, first baseline ``y`` and the box it
    covers."""

    lines: tuple[str, ...]
    size: float
    x: float
    y: float
    box: Rect
    leader: tuple[Point, Point] | None = None  # a name set outside its small region points to it


@dataclass(frozen=True, slots=True)
class RegionLayout:
    """Where a region's contents go (page units): its name, its airport badge, its river (the two ends of the
    line the wave follows)."""

    name: Name
    airport: Point | None = None
    river: tuple[Point, Point] | None = None


def name_options(name: str) -> list[list[str]]:
    """The ways to set a name: on one line, or on two split where the longer line is shortest."""
    words = name.split()
    out = [[name]]
    if len(words) > 1:
        out.append(
            min(
                ([" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))),
                key=lambda ls: max(len(x) for x in ls),
            )
        )
    return out


def _box_points(box: Rect) -> list[Point]:
    """Points across a box, at most 8 units apart, edges included."""
    x0, y0, x1, y1 = box
    nx, ny = max(2, math.ceil((x1 - x0) / 8)), max(2, math.ceil((y1 - y0) / 8))
    return [(x0 + (x1 - x0) * i / nx, y0 + (y1 - y0) * j / ny) for i in range(nx + 1) for j in range(ny + 1)]


def _bounds(poly: Sequence[Point]) -> Rect:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def on_land(box: Rect, regions: Sequence[Sequence[Point]]) -> bool:
    """Does ``box`` reach into any of the ``regions``?"""
    regions = [r for r in regions if _overlaps(_bounds(r), box)]
    if any(_inside(pt, r) for pt in _box_points(box) for r in regions):
        return True
    return any(box[0] < x < box[2] and box[1] < y < box[3] for r in regions for x, y in r)


def name_box(x: float, y: float, lines: Sequence[str], f: float) -> tuple[float, Rect]:
    """The first baseline and the box (halo included) of a name centred on (x, y)."""
    first = y + 4 - (len(lines) - 1) * f / 2
    w = max(text_width(line, f, True) for line in lines)
    return first, (
        x - w / 2 - 1.5,
        first - 0.78 * f - 1.5,
        x + w / 2 + 1.5,
        first + (len(lines) - 1) * f + 0.25 * f + 1.5,
    )


def best_spot(
    poly: Sequence[Point], obstacles: Sequence[Obstacle], need: float, half: float = 0.0, near: Point | None = None
) -> tuple[Point, float, float]:
    """The place in ``poly`` for a mark: a point (``half`` = 0) or a horizontal line of half-length up to
    ``half``, as far as possible from the outline and the obstacles. Clearance beyond ``need`` + 8 counts the
    same, and then the point nearest ``near`` wins. Returns the centre, the half-length used and the
    clearance (which may fall short of ``need`` in a region too small)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    step = max(2.0, min(x1 - x0, y1 - y0) / 18)
    box = (x0 - 2 * need, y0 - 2 * need, x1 + 2 * need, y1 + 2 * need)
    near_obstacles = [o for o in obstacles if _overlaps(o.bounds(), box)]
    cols = int((x1 - x0) / step) + 1
    grid: list[list[float]] = []
    for j in range(int((y1 - y0) / step) + 1):
        y = y0 + j * step
        row = []
        for i in range(cols):
            pt = (x0 + i * step, y)
            if not _inside(pt, poly):
                row.append(-math.inf)
                continue
            clear = _outline_distance(pt, poly)
            for o in near_obstacles:
                clear = min(clear, o.distance(pt))
            row.append(clear)
        grid.append(row)
    ks = [max(0, round(half / step))]
    while ks[-1] > 0 and ks[-1] * step > 10:
        ks.append(ks[-1] - 1)
    enough = need + 8
    best: tuple[float, float, Point, float, float] | None = None
    for k in ks:
        for j, row in enumerate(grid):
            for i in range(k, cols - k):
                clear = min(row[i - k : i + k + 1])
                if clear == -math.inf:
                    continue
                pt = (x0 + i * step, y0 + j * step)
                gap = math.dist(pt, near) if near is not None else 0.0
                score = (min(clear, enough), -gap)
                if best is None or score > best[:2]:
                    best = (*score, pt, k * step, clear)
        if best is not None and best[4] >= need:
            break
    if best is None:  # no grid point inside: the middle of the outline's box
        return ((x0 + x1) / 2, (y0 + y1) / 2), 0.0, 0.0
    return best[2], best[3], best[4]


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
        drawing: MapDrawing | None = None,
    ) -> None:
        self.board = board
        self.g = g
        self.drawing = drawing if drawing is not None else map_drawing(board, g)
        self.labels = labels
        self.highlight = {board.by_label[t.upper()] for t in highlight if t.upper() in board.by_label}
        self.extras = map_extras(board)
        self.legend: dict[str, tuple[str, str]] = {}
        self._bounds(margin)
        self.layout = cached_layout(self)

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

    def outline(self, h: int) -> list[Point]:
        """The region's outline on the page (a box around its centre when it has no shape)."""
        shape = [self.p(*pt) for pt in self.board.shapes.get(h, ())]
        if shape:
            return shape
        x, y = self.centre(h)
        return [(x - 55, y - 35), (x + 55, y - 35), (x + 55, y + 35), (x - 55, y + 35)]

    def name_of(self, h: int) -> str:
        b = self.board
        idx = b.city_at.get(h)
        return b.cities[idx].name if idx is not None else b.towns.get(h, b.labels[h])

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
        for h in range(b.size):
            fills = self.fills(h)
            shape = self.outline(h)
            parts = [polygon(shape, fill=fills[0])]
            if len(fills) > 1:
                cx = self.centre(h)[0]
                half = clip_half(shape, cx, keep_right=True)
                if len(half) >= 3:
                    parts.append(polygon(half, fill=fills[1]))
            parts.append(polygon(shape, fill="none", stroke=pal.INK, stroke_width=1.6, stroke_linejoin="round"))
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
        large_discs = self.drawing.large_circle_discs(self.g) if self.g is not None else {}
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
                        data_large=b.labels[h],
                    )
                )
                self.note(
                    "large",
                    el("circle", cx=8, cy=8, r=6.5, fill="#ffffff", stroke=pal.INK, stroke_width=1.6),
                    "large circle",
                )
                # discs on it, in a row on the circle's lower rim (the goods sit between the name and the rim,
                # the growth numbers above)
                stack = large_discs.get(b.labels[h], [])
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
            spot = self.layout[h]
            if spot.river is not None:
                pts = glyphs.wave_points(list(spot.river), RIVER_WAVE, 11)
                out.append(
                    el(
                        "path",
                        d=path_d(pts),
                        fill="none",
                        stroke=pal.RIVER,
                        stroke_width=3,
                        stroke_linecap="round",
                        class_="river",
                        data_hex=b.labels[h],
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
            if spot.airport is not None:
                ax, ay = spot.airport
                out.append(
                    el(
                        "g",
                        el("circle", cx=ax, cy=ay, r=AIRPORT_R, fill="#ffffff", stroke=pal.INK, stroke_width=1)
                        + glyphs.plane(ax, ay, 8),
                        class_="airport",
                        data_hex=b.labels[h],
                    )
                )
                self.note("airport", glyphs.plane(8, 8, 6.5), "airport")
        return group(out, class_="region-marks")

    def circles_layer(self) -> str:
        """Connection circles, with a thin line to each region they join, and the discs on them."""
        b = self.board
        discs = self.drawing.circle_discs(self.g) if self.g is not None else {}
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
            label = self.layout[h].name
            lines, f = label.lines, label.size
            if label.leader is not None:
                (x0, y0), (x1, y1) = label.leader
                parts.append(el("line", x1=x0, y1=y0, x2=x1, y2=y1, stroke=pal.INK, stroke_width=0.9, class_="leader"))
                parts.append(el("circle", cx=x0, cy=y0, r=1.8, fill=pal.INK))
            for k, line in enumerate(lines):
                parts.append(
                    text(
                        label.x,
                        label.y + k * f,
                        line,
                        f,
                        weight="bold",
                        fill=pal.INK,
                        halo="#ffffff",
                        halo_width=3,
                        class_="region-name",
                    )
                )
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
    board: MapData,
    g: GameState | None = None,
    *,
    labels: bool = False,
    highlight: Iterable[str] = (),
    drawing: MapDrawing | None = None,
) -> Drawing:
    """The area board (and the position of ``g`` on it, if given) as a :class:`Drawing`; ``drawing``: what the
    map draws of its own (by default found in its folder)."""
    return AreaBoardPainter(board, g, labels=labels, highlight=highlight, drawing=drawing).draw()


class CircleDrawing(MapDrawing):
    """What a map built on ``ageofsteam.rules.circles`` draws of its own: the discs on its circles."""

    def circle_discs(self, g: GameState) -> dict[str, list[int]]:
        return {c.id: seats for c in g.map.circles if (seats := discs_on(g, c.id))}

    def large_circle_discs(self, g: GameState) -> dict[str, list[int]]:
        regions = (h for h, info in g.map.region_info.items() if info.large_circle)
        return {g.label(h): seats for h in regions if (seats := large_discs_on(g, h))}


_LAYOUTS: dict[tuple[object, ...], dict[int, RegionLayout]] = {}


def cached_layout(painter: AreaBoardPainter) -> dict[int, RegionLayout]:
    """:func:`board_layout`, computed once per board geometry (it depends on nothing a game changes)."""
    b = painter.board
    key = (
        b.id,
        painter.scale,
        painter.min_x,
        painter.min_y,
        painter.margin,
        tuple(sorted(b.shapes.items())),
        tuple(sorted(b.positions.items())),
        tuple((c.places, c.x, c.y, c.capacity) for c in b.circles),
        tuple(sorted(b.region_info.items())),
        tuple(painter.name_of(h) for h in range(b.size)),
        tuple((c.hex, tuple(c.growth)) for c in b.cities),
    )
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) >= 32:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = board_layout(painter)
    return layout


def fit_name(name: str, at: Point, width: float, taken: Sequence[Rect]) -> tuple[list[str], float] | None:
    """The lines and font of a name centred on ``at``: as large as fits ``width`` (``NAME_SIZE`` at most), and
    smaller, or on two lines, if that is what keeps it off the ``taken`` boxes (two lines also when one is too
    wide even at ``NAME_MIN``); None if nothing down to ``NAME_MIN`` does."""
    lines, f = fit_lines(name, NAME_SIZE, width, bold=True, min_size=NAME_MIN)
    two = name_options(name)[1:]
    if len(lines) == 1 and two and max(text_width(x, f, True) for x in lines) > width:  # too wide even at min
        lines = two[0]

    def free(lines: list[str], f: float) -> bool:
        box = name_box(at[0], at[1], lines, f)[1]
        return not any(_overlaps(box, t) for t in taken)

    if free(lines, f):
        return lines, f
    best: tuple[list[str], float] | None = None
    for option in name_options(name):
        top = min(NAME_SIZE, NAME_SIZE * width / max(text_width(x, NAME_SIZE, True) for x in option))
        lo, hi = NAME_MIN, (min(f, top) if option == lines else max(NAME_MIN, top))
        if not free(option, lo):
            continue
        while hi - lo > 0.1:
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if free(option, mid) else (lo, mid)
        if best is None or lo > best[1] + 0.4:
            best = (option, lo)
    return best


def place_outside(
    name: str, at: Point, regions: Sequence[Sequence[Point]], obstacles: Sequence[Obstacle], taken: Sequence[Rect]
) -> Name:
    """A name set in the sea near ``at`` (the point it names), clear of every region, obstacle and ``taken``
    box, as close as possible, with a leader line to ``at``."""
    f = NAME_MIN + 1
    for d in range(12, 400, 6):
        found: list[tuple[float, Name]] = []
        for lines in name_options(name):
            for k in range(24):
                ang = math.pi * k / 12
                cx, cy = at[0] + d * math.cos(ang), at[1] + d * math.sin(ang)
                first, box = name_box(cx, cy, lines, f)
                if (
                    any(_overlaps(box, t) for t in taken)
                    or any(o.hits(box) for o in obstacles)
                    or on_land(box, regions)
                ):
                    continue
                end = (min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3]))
                found.append(
                    (math.dist(at, end) + 3 * (len(lines) - 1), Name(tuple(lines), f, cx, first, box, (at, end)))
                )
        if found:
            return min(found, key=lambda c: c[0])[1]
    first, box = name_box(at[0], at[1], [name], f)
    return Name((name,), f, at[0], first, box)


def board_layout(painter: AreaBoardPainter) -> dict[int, RegionLayout]:
    """Where each region's name, airport and river go on the page.

    Names sit at the region's ``x``/``y``, fitted to the region's width, larger regions first; a name that
    would cover another name or a goods-growth badge is set smaller or on two lines, and one that cannot be
    set clear of them at all goes in the sea nearby with a leader line. Then each airport badge and river mark
    goes inside its own region, clear of the outline, of every name, goods-growth badge, reserved room for
    cubes and New City letters, connection circle and large circle, and of the marks placed before it."""
    b = painter.board
    polys = {h: painter.outline(h) for h in range(b.size)}
    obstacles: list[Obstacle] = []
    for h in range(b.size):
        x, y = painter.centre(h)
        info = b.region_info.get(h)
        if h not in b.city_at and (info is None or info.new_city):  # room for a New City's letter and number
            obstacles.append(Obstacle(x - 34, y - 16, 9.0))
            obstacles.append(Obstacle(rect=(x - 8.5, y - 31, x + 8.5, y - 29 + 0.36 * UNIT)))
        if info is not None and info.large_circle:
            obstacles.append(Obstacle(x, y, 31.0 + 9))  # with a row of discs under its rim
    for c in b.circles:
        if c.x is not None and c.y is not None:
            cx, cy = painter.p(c.x, c.y)
            slots = c.capacity or 1
            obstacles.append(Obstacle(cx, cy, (10.0 if slots == 1 else 7 + 4.2 * slots) + 1.5))

    def area(h: int) -> float:
        pts = polys[h]
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts[-1:] + pts[:-1], pts, strict=True))) / 2

    names: dict[int, Name] = {}
    badges: dict[int, Rect] = {}
    for h, i in b.city_at.items():
        x, y = painter.centre(h)
        growth = b.cities[i].growth
        total = len(growth) * 0.36 * UNIT + (len(growth) - 1) * 2
        badges[h] = (x - total / 2 - 1, y - 31, x + total / 2 + 1, y - 29 + 0.36 * UNIT)
    outside = []
    for h in sorted(range(b.size), key=lambda h: -area(h)):
        at = painter.centre(h)
        taken = [n.box for n in names.values()] + [r for k, r in badges.items() if k != h]
        width = min(120.0, max(36.0, 0.9 * painter.size(h)[0]))
        fit = fit_name(painter.name_of(h), at, width, taken)
        if fit is None:
            outside.append(h)
            continue
        first, box = name_box(at[0], at[1], *fit)
        names[h] = Name(tuple(fit[0]), fit[1], at[0], first, box)
    for h in outside:
        names[h] = place_outside(
            painter.name_of(h), painter.centre(h), list(polys.values()), obstacles, [n.box for n in names.values()]
        )
    obstacles += [Obstacle(rect=r) for r in badges.values()]
    for h in range(b.size):
        obstacles.append(Obstacle(rect=names[h].box))
        if h in b.city_at and h not in outside:
            top = names[h].box[3] + 1
            obstacles.append(Obstacle(rect=(names[h].x - 30, top, names[h].x + 30, top + 0.24 * UNIT + 3)))  # cubes
    out: dict[int, RegionLayout] = {}
    for h in range(b.size):
        info = b.region_info.get(h)
        airport = river = None
        poly = polys[h]
        name = names[h]
        centre = painter.centre(h) if name.leader else (name.x, (name.box[1] + name.box[3]) / 2)
        if info is not None and info.airport:
            airport = best_spot(poly, obstacles, AIRPORT_R + 2, near=centre)[0]
            obstacles.append(Obstacle(airport[0], airport[1], AIRPORT_R + 1))
        if info is not None and info.river:
            half = min(RIVER_HALF, 0.32 * painter.size(h)[0])
            (rx, ry), used, _ = best_spot(poly, obstacles, RIVER_WAVE + 2.5, half=half, near=centre)
            river = ((rx - used, ry), (rx + used, ry))
        out[h] = RegionLayout(name, airport, river)
    return out
