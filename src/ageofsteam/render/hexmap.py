"""Drawing a hex map, and a game position on it, as SVG.

Hexes are flat-topped and placed by column and doubled row (``ageofsteam.board.hexes``): a hex of radius
``R`` (centre to corner) sits at ``x = 1.5·R·col``, ``y = (√3/2)·R·doubled_row``. Edge ``e`` (0 N, clockwise)
has its midpoint at the angle ``-90° + 60°·e`` from the centre, so track drawn between edge midpoints meets
the track of the neighbouring hex exactly.

The drawing is made of layers, bottom to top: terrain, terrain marks, area boundaries, cities, blocked
edges, special links, track, towns, place contents (growth numbers, names, cubes), features, hex labels.
Every hex polygon carries ``data-hex="L7"`` so that a web page can make the board clickable.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import CROSSING, TILE_TYPES
from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.mapinfo import Feature, MapExtras, map_extras, seat_map, state_extra
from ageofsteam.render.svgdoc import Point, el, fit_lines, group, path_d, polygon, text

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.state import GameState

SQRT3 = math.sqrt(3)


@dataclass(slots=True)
class Drawing:
    """A piece of the picture: SVG elements in a box of ``width`` × ``height`` whose top left is (0, 0)."""

    body: str
    width: float
    height: float
    legend: list[tuple[str, str]] = field(default_factory=list)  # (svg swatch, caption) for the key


@dataclass(slots=True)
class HexGeometry:
    """Positions of hexes, corners and edge midpoints on the page."""

    r: float
    x0: float
    y0: float

    @property
    def apothem(self) -> float:
        return self.r * SQRT3 / 2

    def centre(self, col: int, y: int) -> Point:
        return (self.x0 + 1.5 * self.r * col, self.y0 + self.apothem * y)

    def corners(self, c: Point, scale: float = 1.0) -> list[Point]:
        """Corners clockwise from the east one."""
        r = self.r * scale
        return [
            (c[0] + r * math.cos(math.radians(60 * i)), c[1] + r * math.sin(math.radians(60 * i))) for i in range(6)
        ]

    def edge_corners(self, c: Point, edge: int) -> tuple[Point, Point]:
        """The two corners of edge ``edge`` (N is between the corners at 240° and 300°)."""
        a, b = math.radians(240 + 60 * edge), math.radians(300 + 60 * edge)
        return (
            (c[0] + self.r * math.cos(a), c[1] + self.r * math.sin(a)),
            (c[0] + self.r * math.cos(b), c[1] + self.r * math.sin(b)),
        )

    def edge_mid(self, c: Point, edge: int, dist: float = 1.0) -> Point:
        ang = math.radians(-90 + 60 * edge)
        d = self.apothem * dist
        return (c[0] + d * math.cos(ang), c[1] + d * math.sin(ang))


def track_d(geo: HexGeometry, c: Point, a: int, b: int, overshoot: float = 0.0) -> str:
    """SVG path data of a track from edge ``a`` to edge ``b`` (or to the centre when ``b`` is TOWN).

    Curves are circular arcs, made as cubic Béziers whose handles leave each edge midpoint at right angles:
    a sharp curve turns round the shared corner (radius R/2), a gentle one round the next hex's centre
    (radius 1.5 R). ``overshoot`` lengthens the ends a little past the edge, hiding seams between hexes."""
    pa = geo.edge_mid(c, a)
    start = geo.edge_mid(c, a, 1 + overshoot / geo.apothem) if overshoot else pa
    if b == TOWN:
        return path_d([start, pa, c])
    pb = geo.edge_mid(c, b)
    end = geo.edge_mid(c, b, 1 + overshoot / geo.apothem) if overshoot else pb
    turn = (b - a) % 6
    if turn == 3:
        return path_d([start, pa, pb, end])
    handle = 0.385 * geo.r if turn in (1, 5) else 0.536 * geo.r
    ka = geo.edge_mid(c, a, 1 - handle / geo.apothem)
    kb = geo.edge_mid(c, b, 1 - handle / geo.apothem)
    f = "{:.2f} {:.2f}".format
    return f"M{f(*start)} L{f(*pa)} C{f(*ka)} {f(*kb)} {f(*pb)} L{f(*end)}"


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    """The point at ``t`` on a cubic Bézier curve."""
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])


def sorted_key(entries: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """Key entries in a steady order: terrain, places, lines (links, blocked edges, areas), then features."""

    def rank(key: str) -> int:
        prefix = key.split(":")[0]
        return {"terrain": 0, "place": 1, "link": 2, "blocked": 2, "areas": 2}.get(prefix, 3)

    return [entries[k] for k in sorted(entries, key=rank)]


class HexBoardPainter:
    """Draws one hex board, with or without a game state on it."""

    def __init__(
        self,
        board: MapData,
        g: GameState | None = None,
        *,
        radius: float = 36.0,
        labels: bool = False,
        highlight: Iterable[str] = (),
        margin: float = 10.0,
    ) -> None:
        self.board = board
        self.g = g
        self.labels = labels
        self.highlight = {board.by_label[t.upper()] for t in highlight if t.upper() in board.by_label}
        self.extras: MapExtras = map_extras(board)
        drawing = board.raw.get("drawing") if isinstance(board.raw, dict) else None
        ground = drawing.get("river_ground") if isinstance(drawing, dict) else None
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

    # --- helpers -----------------------------------------------------------------------------------

    def c(self, h: int) -> Point:
        return self.geo.centre(self.board.cols[h], self.board.ys[h])

    def seat_colour(self, seat: int | None) -> str:
        if seat is None or self.g is None or not 0 <= seat < len(self.g.players):
            return pal.player(None)
        return pal.player(self.g.players[seat].colour)

    def note(self, key: str, swatch: str, caption: str) -> None:
        """Remember a legend entry (``swatch`` is SVG drawn in a 16 × 16 box)."""
        self.legend.setdefault(key, (swatch, caption))

    def ground(self, kind: str) -> str:
        """The terrain whose colour a hex of ``kind`` has: plain under a city or town; under a river, the map's
        ``[drawing] river_ground`` when it names one (a map whose rivers lie in urban hexes)."""
        if kind in ("city", "town"):
            return "plain"
        if kind == "river" and self.river_ground:
            return self.river_ground
        return kind

    def terrain_title(self, kind: str) -> str:
        if kind == "river" and self.river_ground:
            return f"river ({self.river_ground} hex)"
        return pal.TERRAIN_TITLES.get(kind, kind)

    # --- layers ------------------------------------------------------------------------------------

    def terrain_layer(self) -> str:
        out = []
        b = self.board
        for h in range(b.size):
            kind = b.terrain[h]
            fill = pal.terrain(self.ground(kind))
            out.append(
                polygon(
                    self.geo.corners(self.c(h)),
                    fill=fill,
                    stroke=pal.GRID,
                    stroke_width=1.2,
                    data_hex=b.labels[h],
                    class_="hex",
                )
            )
            if kind not in ("city", "town"):
                self.note(f"terrain:{kind}", self.terrain_swatch(kind), self.terrain_title(kind))
        return group(out, class_="terrain")

    def terrain_swatch(self, kind: str) -> str:
        geo = HexGeometry(9.0, 8, 8)
        c = (8.0, 8.0)
        body = polygon(geo.corners(c), fill=pal.terrain(self.ground(kind)), stroke="#8a8a8a", stroke_width=0.6)
        return body + self.terrain_mark(kind, c, geo, -1)

    def terrain_mark(self, kind: str, c: Point, geo: HexGeometry, h: int) -> str:
        """The small picture on a hex that says what it is, beyond its colour."""
        r = geo.r
        x, y = c
        if kind == "river":
            pts = self.river_course(h, c, geo) if h >= 0 else [(x - 0.8 * r, y), (x + 0.8 * r, y)]
            under = self.terrain_mark(self.river_ground, c, geo, h) if self.river_ground and h >= 0 else ""
            return under + el(
                "path",
                d=path_d(glyphs.wave_points(pts, 0.07 * r + 0.6, 0.42 * r + 2)),
                fill="none",
                stroke=pal.RIVER,
                stroke_width=max(1.2, 0.075 * r),
                stroke_linejoin="round",
                stroke_linecap="round",
            )
        if kind == "mountain":
            return glyphs.peaks(x, y, r, pal.MOUNTAIN_INK)
        if kind == "hill":
            return el(
                "path",
                d=f"M{x - 0.45 * r:.2f} {y + 0.15 * r:.2f} q{0.45 * r:.2f} {-0.5 * r:.2f} {0.9 * r:.2f} 0",
                fill="none",
                stroke=pal.MOUNTAIN_INK,
                stroke_width=1.5,
            )
        if kind in pal.WATER_TERRAIN:
            out = ""
            for dy, dx in ((-0.22, -0.2), (0.18, 0.12)):
                pts = [(x + (dx - 0.28) * r, y + dy * r), (x + (dx + 0.28) * r, y + dy * r)]
                out += el(
                    "path",
                    d=path_d(glyphs.wave_points(pts, 0.045 * r, 0.28 * r)),
                    fill="none",
                    stroke="#ffffff",
                    stroke_opacity=0.75,
                    stroke_width=max(0.8, 0.04 * r),
                )
            return out
        if kind == "volcano":
            return glyphs.volcano(x, y, r)
        if kind == "urban":
            s = 0.16 * r
            return "".join(
                el("rect", x=x + dx * r - s / 2, y=y + dy * r - s, width=s, height=s * hf, fill="#8d877e")
                for dx, dy, hf in ((-0.3, 0.05, 1.6), (0.0, -0.05, 2.2), (0.3, 0.1, 1.3))
            )
        if kind == "suburban":
            return "".join(glyphs.house(x + dx * r, y + dy * r, 0.13 * r) for dx, dy in ((-0.25, 0.05), (0.22, -0.1)))
        if kind in ("green", "forest"):
            return "".join(
                el("circle", cx=x + dx * r, cy=y + dy * r, r=0.13 * r, fill="#5f9b48")
                for dx, dy in ((-0.22, 0.08), (0.0, -0.14), (0.22, 0.1))
            )
        if kind in ("beach", "desert"):
            return "".join(
                el("circle", cx=x + dx * r, cy=y + dy * r, r=max(0.6, 0.035 * r), fill="#c9a95a")
                for dx, dy in ((-0.3, -0.1), (-0.1, 0.15), (0.1, -0.2), (0.3, 0.05), (0.05, 0.3), (-0.25, 0.3))
            )
        return ""

    def river_course(self, h: int, c: Point, geo: HexGeometry) -> list[Point]:
        """The line the river mark follows: a curve between the two river (or water) neighbours furthest apart,
        like a track, so that the marks of neighbouring river hexes join into one river."""
        b = self.board
        river = [e for e, n in enumerate(b.neighbours[h]) if n >= 0 and b.terrain[n] == "river"]
        water = [e for e, n in enumerate(b.neighbours[h]) if n >= 0 and b.terrain[n] in pal.WATER_TERRAIN]
        edges = river if len(river) >= 2 else river + water
        if not edges:
            return [geo.edge_mid(c, 5, 0.9), c, geo.edge_mid(c, 2, 0.9)]
        if len(edges) == 1:
            out = (edges[0] + 3) % 6
            if b.neighbours[h][out] < 0:  # the river leaves the map
                return [geo.edge_mid(c, edges[0]), geo.edge_mid(c, out)]
            return [geo.edge_mid(c, edges[0]), geo.edge_mid(c, out, 0.3)]  # its source
        a, e = max(
            ((a, e) for a in edges for e in edges if a < e),
            key=lambda p: (min((p[1] - p[0]) % 6, (p[0] - p[1]) % 6), -p[0]),
        )
        turn = (e - a) % 6
        p0, p3 = geo.edge_mid(c, a), geo.edge_mid(c, e)
        if turn == 3:
            return [p0, p3]
        handle = (0.385 if turn in (1, 5) else 0.536) * geo.r / geo.apothem
        p1, p2 = geo.edge_mid(c, a, 1 - handle), geo.edge_mid(c, e, 1 - handle)
        return [cubic(p0, p1, p2, p3, k / 12) for k in range(13)]

    def marks_layer(self) -> str:
        """Terrain marks; a town hex keeps only its river, the town's disk and name need the room."""
        b = self.board
        marks = (
            self.terrain_mark(b.terrain[h], self.c(h), self.geo, h)
            for h in range(b.size)
            if h not in b.towns or b.terrain[h] == "river"
        )
        return group(marks, class_="terrain-marks")

    def area_layer(self) -> str:
        """Boundaries between the map's named areas (a dashed line along the hex edges)."""
        areas = self.extras.areas
        if not areas:
            return ""
        b = self.board
        lines = []
        for hexes in self.region_areas().values():
            inside = set(hexes)
            for h in hexes:
                for e, n in enumerate(b.neighbours[h]):
                    if n >= 0 and n not in inside:
                        p, q = self.geo.edge_corners(self.c(h), e)
                        lines.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
        if lines:
            swatch = el("line", x1=1, y1=8, x2=15, y2=8, stroke="#5a2d6e", stroke_width=2.5, stroke_dasharray="4 2")
            self.note("areas", swatch, "area boundary")
        for name, hexes in areas.items():
            if name not in self.region_areas():  # a group of places: named in the key
                places = ", ".join(dict.fromkeys(self.place_name(h) for h in hexes))
                swatch = el(
                    "rect",
                    x=2,
                    y=3,
                    width=12,
                    height=10,
                    rx=2,
                    fill="none",
                    stroke="#5a2d6e",
                    stroke_width=1.5,
                    stroke_dasharray="3 1.5",
                )
                self.note(f"areas:{name}", swatch, f"{name.replace('_', ' ')}: {places}")
        return group(
            lines, class_="areas", stroke="#5a2d6e", stroke_width=2.6, stroke_dasharray="7 4", stroke_linecap="round"
        )

    def region_areas(self) -> dict[str, list[int]]:
        """The areas that are parts of the board (not only a group of cities and towns)."""
        b = self.board
        return {
            name: hexes
            for name, hexes in self.extras.areas.items()
            if any(not self.is_city(h) and h not in b.towns for h in hexes)
        }

    def place_name(self, h: int) -> str:
        idx = self.board.city_at.get(h)
        return self.board.cities[idx].name if idx is not None else self.board.towns.get(h, self.board.labels[h])

    def area_names_layer(self) -> str:
        """Each area's name, on a hex near the area's middle whose surroundings hold no city or town."""
        b = self.board
        r = self.geo.r
        used: set[int] = set()
        names = []
        for name, hexes in self.region_areas().items():
            cx = sum(self.c(h)[0] for h in hexes) / len(hexes)
            cy = sum(self.c(h)[1] for h in hexes) / len(hexes)

            def score(h: int, cx: float = cx, cy: float = cy) -> float:
                x, y = self.c(h)
                near = [h, *(n for n in b.neighbours[h] if n >= 0)]
                crowded = any(self.is_city(n) or n in b.towns or n in used for n in near)
                taken = self.is_city(h) or h in b.towns or h in used
                marked = b.terrain[h] not in ("plain", "city", "town")
                penalty = (1000 if taken else 100 if crowded else 3 if marked else 0) * r * r
                return (x - cx) ** 2 + (y - cy) ** 2 + penalty

            at = min(hexes, key=score)
            used.add(at)
            x, y = self.c(at)
            label = name.replace("_", " ").upper()
            names.append(
                text(
                    x,
                    y + 0.1 * r,
                    label,
                    0.3 * r,
                    fill="#5a2d6e",
                    weight="bold",
                    halo="#ffffff",
                    halo_width=2.5,
                    letter_spacing="1",
                    class_="area-name",
                )
            )
        return group(names, class_="area-names")

    def city_fill(self, colours: Sequence[str]) -> list[str]:
        return [pal.goods(col) for col in colours] or [pal.NEUTRAL_CITY]

    def city_layer(self) -> str:
        """City hexes in their goods colours; a city over several hexes is one shape with one outline."""
        b = self.board
        out = []
        for i, city in enumerate(b.cities):
            hexes = list(city.hexes)
            out.append(self.place_shape(hexes, self.city_fill(city.colours), f"city city-{i}"))
        if self.g is not None:
            for h, letter in sorted(self.g.new_cities.items()):
                colours = self.g.city_colours(h)
                out.append(self.place_shape([h], self.city_fill(colours), f"city new-city new-city-{letter}"))
        return group(out, class_="cities")

    def place_shape(self, hexes: list[int], fills: list[str], cls: str) -> str:
        inside = set(hexes)
        parts = []
        for h in hexes:
            c = self.c(h)
            corners = self.geo.corners(c, 0.985)
            if len(fills) == 1:
                parts.append(polygon(corners, fill=fills[0], stroke=fills[0], stroke_width=1.5))
            else:
                # split the hex down the middle (through the N and S edge midpoints): west half, east half
                top, bottom = self.geo.edge_mid(c, 0, 0.985), self.geo.edge_mid(c, 3, 0.985)
                west = [top, corners[4], corners[3], corners[2], bottom]
                east = [top, corners[5], corners[0], corners[1], bottom]
                parts.append(polygon(west, fill=fills[0], stroke=fills[0], stroke_width=0.8))
                parts.append(polygon(east, fill=fills[1], stroke=fills[1], stroke_width=0.8))
                parts.append(
                    el("line", x1=top[0], y1=top[1], x2=bottom[0], y2=bottom[1], stroke="#ffffff", stroke_width=1.2)
                )
        outline = []
        for h in hexes:
            for e, n in enumerate(self.board.neighbours[h]):
                if n not in inside:
                    p, q = self.geo.edge_corners(self.c(h), e)
                    outline.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
        parts.append(group(outline, stroke=pal.INK, stroke_width=2.2, stroke_linecap="round"))
        return group(parts, class_=cls, data_hex=self.board.labels[hexes[0]])

    def blocked_layer(self) -> str:
        done = set()
        lines = []
        for h, e in sorted(self.board.blocked):
            n = self.board.neighbours[h][e]
            key = (min(h, n), max(h, n)) if n >= 0 else (h, -1 - e)
            if key in done:
                continue
            done.add(key)
            p, q = self.geo.edge_corners(self.c(h), e)
            lines.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
        if not lines:
            return ""
        self.note(
            "blocked",
            el("line", x1=2, y1=8, x2=14, y2=8, stroke="#7a1d1d", stroke_width=4, stroke_linecap="round"),
            "blocked edge",
        )
        return group(
            lines, class_="blocked", stroke="#7a1d1d", stroke_width=max(3.0, 0.15 * self.geo.r), stroke_linecap="round"
        )

    def links_layer(self) -> tuple[str, str]:
        """Special links (dashed, in the colour of their kind or of their owner) and their cost labels."""
        owners = seat_map(state_extra(self.g, "link_owners"))
        if self.g is not None:  # special links built with the engine's build_link action
            owners.update(seat_map({k: v for k, v in self.g.special_link_owners.items() if v is not None}))
        lines, labels = [], []
        r = self.geo.r
        for link in self.extras.links:
            pts = [self.c(link.ends[0]), *(self.c(h) for h in link.via), *(self.c(h) for h in link.ends[1:])]
            pts = self.trim(pts, 0.52 * r)
            seats = owners.get(link.id, [])
            colour = pal.LINKS.get(link.kind, "#5b4636")
            d = path_d(pts)
            lines.append(
                el(
                    "path",
                    d=d,
                    fill="none",
                    stroke="#ffffff",
                    stroke_opacity=0.8,
                    stroke_width=0.26 * r,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                )
            )
            if seats:
                lines.append(
                    el("path", d=d, fill="none", stroke=pal.INK, stroke_width=0.2 * r, stroke_linejoin="round")
                )
                lines.append(
                    el(
                        "path",
                        d=d,
                        fill="none",
                        stroke=self.seat_colour(seats[0]),
                        stroke_width=0.14 * r,
                        stroke_linejoin="round",
                    )
                )
            else:
                lines.append(
                    el(
                        "path",
                        d=d,
                        fill="none",
                        stroke=colour,
                        stroke_width=0.12 * r,
                        stroke_dasharray=f"{0.3 * r:.1f} {0.18 * r:.1f}",
                        stroke_linejoin="round",
                        class_=f"link {link.kind}",
                        data_link=link.id,
                    )
                )
            if link.cost is not None:
                mx, my = self.midpoint(pts)
                lbl = f"${link.cost}"
                w = 0.17 * r * len(lbl) + 4
                labels.append(
                    el(
                        "rect",
                        x=mx - w / 2,
                        y=my - 0.18 * r,
                        width=w,
                        height=0.36 * r,
                        rx=0.1 * r,
                        fill="#ffffff",
                        stroke=colour,
                        stroke_width=1.2,
                    )
                )
                labels.append(text(mx, my + 0.1 * r, lbl, 0.27 * r, fill=colour, weight="bold"))
            title = link.kind.replace("_", " ")
            self.note(
                f"link:{link.kind}",
                el("line", x1=1, y1=8, x2=15, y2=8, stroke=colour, stroke_width=3, stroke_dasharray="4 2"),
                f"{title} (cost)",
            )
        return group(lines, class_="special-links"), group(labels, class_="link-costs")

    @staticmethod
    def trim(pts: Sequence[Point], by: float) -> list[Point]:
        """The polyline without its first and last ``by`` units (so that it starts at the edge of a place)."""
        out = list(pts)
        for _ in range(2):
            (x1, y1), (x2, y2) = out[0], out[1]
            length = math.hypot(x2 - x1, y2 - y1)
            if length > 2 * by or (len(out) > 2 and length > by):
                t = by / length
                out[0] = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            out.reverse()
        return out

    @staticmethod
    def midpoint(pts: Sequence[Point]) -> Point:
        """The point halfway along a polyline."""
        lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(pts)]
        half = sum(lengths) / 2
        for (a, b), seg in zip(pairwise(pts), lengths, strict=True):
            if half <= seg and seg > 0:
                t = half / seg
                return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            half -= seg
        return pts[-1]

    def track_layer(self) -> str:
        """Track in owners' colours over a dark casing; the upper track of a crossing is drawn as a bridge."""
        g = self.g
        if g is None or not g.tiles:
            return ""
        r = self.geo.r
        width = 0.17 * r
        casing, colour, bridges = [], [], []
        for h, tile in sorted(g.tiles.items()):
            c = self.c(h)
            crossing = TILE_TYPES[tile.tile].kind == CROSSING if tile.tile in TILE_TYPES else False
            for i, (a, b) in enumerate(tile.tracks):
                owner = tile.owners[i] if i < len(tile.owners) else None
                col = self.seat_colour(owner)
                d_case = track_d(self.geo, c, a, b)
                d_col = track_d(self.geo, c, a, b, overshoot=0.6)
                attrs = {
                    "class_": "track",
                    "data_hex": self.board.labels[h],
                    "data_owner": "none" if owner is None else str(owner),
                }
                col_path = el("path", d=d_col, fill="none", stroke=col, stroke_width=width, **attrs)
                stripe = (
                    ""
                    if owner is not None
                    else el(
                        "path", d=d_case, fill="none", stroke="#8d8d8d", stroke_width=0.04 * r, stroke_dasharray="3 3"
                    )
                )
                case_path = el("path", d=d_case, fill="none", stroke=pal.INK, stroke_width=width + 2.6)
                if crossing and i == len(tile.tracks) - 1:
                    bg = pal.terrain(self.ground(self.board.terrain[h]))
                    gap = el(
                        "path",
                        d=track_d(self.geo, c, a, b),
                        fill="none",
                        stroke=bg,
                        stroke_width=width + 8,
                        stroke_dasharray=f"0 {0.25 * r:.1f} {1.2 * r:.1f} 400",
                        class_="bridge-gap",
                    )
                    bridges.append(gap + case_path + col_path + stripe)
                else:
                    casing.append(case_path)
                    colour.append(col_path + stripe)
        return group([group(casing), group(colour), group(bridges)], class_="tracks", stroke_linecap="butt")

    def town_layer(self) -> str:
        """Town markers (disks; districts square, construction sites dashed), drawn over any spokes."""
        b = self.board
        out = []
        r = self.geo.r
        new_cities = self.g.new_cities if self.g is not None else {}
        for h in sorted(b.towns):
            if h in new_cities:
                continue
            x, y = self.c(h)
            kind = self.extras.town_kinds.get(h, "town")
            rr = 0.25 * r
            if kind == "district":
                out.append(
                    el(
                        "rect",
                        x=x - rr,
                        y=y - rr,
                        width=2 * rr,
                        height=2 * rr,
                        rx=0.06 * r,
                        fill="#ffffff",
                        stroke=pal.INK,
                        stroke_width=1.6,
                        class_="town district",
                        data_hex=b.labels[h],
                    )
                )
            elif kind == "construction_site":
                out.append(
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=rr,
                        fill="#ffe9c2",
                        stroke="#b35c00",
                        stroke_width=1.8,
                        stroke_dasharray="3 2",
                        class_="town construction-site",
                        data_hex=b.labels[h],
                    )
                )
            else:
                out.append(
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=rr,
                        fill="#ffffff",
                        stroke=pal.INK,
                        stroke_width=1.6,
                        class_="town",
                        data_hex=b.labels[h],
                    )
                )
            if h in self.extras.ports:
                out.append(glyphs.anchor(x + 0.5 * r, y - 0.42 * r, 0.2 * r))
        return group(out, class_="towns")

    # --- contents of places ------------------------------------------------------------------------

    def name_svg(
        self,
        x: float,
        y: float,
        name: str,
        width: float,
        fill: str,
        halo: str | None,
        size: float,
        bold: bool = True,
        from_top: bool = False,
    ) -> tuple[str, float]:
        """A name centred on ``x``, its lines around ``y`` (or, ``from_top``, its first baseline at ``y``);
        also the y below its last line."""
        lines, f = fit_lines(name, size, width, bold)
        out = []
        y0 = y if from_top else y - (len(lines) - 1) * f * 0.45
        for k, line in enumerate(lines):
            out.append(
                text(
                    x, y0 + k * f * 1.02, line, f, fill=fill, weight="bold" if bold else None, halo=halo, halo_width=2.2
                )
            )
        return "".join(out), y0 + (len(lines) - 1) * f * 1.02 + 0.3 * f

    def place_anchor(self, hexes: list[int]) -> Point:
        """Where a place's contents go: the centre of its hex nearest the middle of all its hexes."""
        cx = sum(self.c(h)[0] for h in hexes) / len(hexes)
        cy = sum(self.c(h)[1] for h in hexes) / len(hexes)
        best = min(hexes, key=lambda h: (self.c(h)[0] - cx) ** 2 + (self.c(h)[1] - cy) ** 2)
        return self.c(best)

    def contents_layer(self) -> str:
        """Growth numbers, names and cubes of cities; names of towns; New City letters."""
        b, g, r = self.board, self.g, self.geo.r
        out = []
        for i, city in enumerate(b.cities):
            hexes = list(city.hexes)
            x, y = self.place_anchor(hexes)
            fills = self.city_fill(city.colours)
            ink = pal.text_on(fills[0]) if len(fills) == 1 else pal.INK
            halo = None if len(fills) == 1 else "#ffffff"
            kind = self.extras.city_kinds[i] if i < len(self.extras.city_kinds) else "city"
            parts = []
            if city.growth:
                parts.append(glyphs.growth_badges(x, y - 0.8 * r, city.growth, r))
            name, below = self.name_svg(x, y + 0.02 * r, city.name, 1.9 * r, ink, halo, 0.29 * r)
            parts.append(name)
            if kind != "city":
                parts.append(self.kind_mark(kind, x, y, ink, top=not city.growth))
            if g is not None:
                cubes = g.cubes.get(city.hex, {})
                parts.append(glyphs.cubes(x, max(y + 0.17 * r, below + 0.06 * r), cubes, r))
            out.append(group(parts, class_="city-info", data_hex=b.labels[city.hex]))
        if g is not None:
            for h, letter in sorted(g.new_cities.items()):
                x, y = self.c(h)
                colours = g.city_colours(h)
                fill = self.city_fill(colours)[0]
                ink = pal.text_on(fill)
                column = self.new_city_growth(letter)
                badge = glyphs.growth_badges(x, y - 0.8 * r, [column], r) if column else ""
                name, below = self.name_svg(x, y + 0.02 * r, b.towns.get(h, ""), 1.7 * r, ink, None, 0.26 * r)
                out.append(
                    group(
                        [
                            badge,
                            el(
                                "circle",
                                cx=x - 0.5 * r,
                                cy=y - 0.42 * r,
                                r=0.2 * r,
                                fill="#ffffff",
                                stroke=pal.INK,
                                stroke_width=1,
                            ),
                            text(x - 0.5 * r, y - 0.33 * r, letter, 0.27 * r, fill=pal.INK, weight="bold"),
                            name,
                            glyphs.cubes(x, max(y + 0.17 * r, below + 0.06 * r), g.cubes.get(h, {}), r),
                        ],
                        class_="city-info new-city",
                        data_hex=b.labels[h],
                    )
                )
        new_cities = g.new_cities if g is not None else {}
        for h, name in sorted(b.towns.items()):
            if h in new_cities:
                continue
            x, y = self.c(h)
            label = self.name_svg(x, y + 0.56 * r, name, 1.8 * r, pal.INK, "#ffffff", 0.22 * r, False, from_top=True)
            out.append(label[0])
            if g is not None and g.cubes.get(h):
                out.append(glyphs.cubes(x, y - 0.62 * r, g.cubes[h], r))
        return group(out, class_="places")

    def new_city_growth(self, letter: str) -> str:
        """The goods-growth number a New City shows (``light3`` …), or "" when the game's goods display has no
        column for it (a map without a goods display, or without that column)."""
        if self.g is None:
            return ""
        column = getattr(self.g.rules, "NEW_CITIES", {}).get(letter, ("", ""))[1]
        return column if column and (letter in self.g.display or column in self.g.display) else ""

    def kind_mark(self, kind: str, x: float, y: float, ink: str, top: bool) -> str:
        """A small sign for a special kind of city (exit, skyscraper, …): at the top of its hex when that is free
        of goods-growth numbers, else in the upper left."""
        r = self.geo.r
        self.note(f"place:kind:{kind}", glyphs.city_kind(kind, 8, 8, 36, pal.INK), kind.replace("_", " "))
        if top:
            return glyphs.city_kind(kind, x, y - 0.64 * r, r, ink)
        return glyphs.city_kind(kind, x - 0.47 * r, y - 0.55 * r, r, ink)

    def features_layer(self) -> str:
        """Oil fields, flood cubes, volcanoes, airports, ports and any other marked hex feature.

        A marker placed in play stands for the printed feature of its kind on its hex (a flood cube put on the
        printed flood sign at setup), so that hex shows one sign, not two."""
        placed: dict[int, list[Feature]] = {}
        markers = state_extra(self.g, "markers")
        if isinstance(markers, dict):
            for lab, kinds in markers.items():
                h = self.board.by_label.get(str(lab).upper())
                for kind in kinds if isinstance(kinds, list) else [kinds]:
                    if h is not None and isinstance(kind, str):
                        placed.setdefault(h, []).append(Feature(kind))
        per_hex: dict[int, list[Feature]] = {}
        for h, fs in self.extras.features.items():
            covered = {f.kind for f in placed.get(h, [])}
            per_hex[h] = [f for f in fs if f.kind not in covered]
        for h, fs in placed.items():
            per_hex.setdefault(h, []).extend(fs)
        out = []
        r = self.geo.r
        for h, all_feats in sorted(per_hex.items()):
            feats = [f for f in all_feats if f.kind != self.board.terrain[h]]  # a volcano hex shows its volcano
            x, y = self.c(h)
            slots = [
                (x + 0.45 * r, y - 0.5 * r),
                (x - 0.45 * r, y - 0.5 * r),
                (x + 0.5 * r, y + 0.45 * r),
                (x - 0.5 * r, y + 0.45 * r),
            ]
            has_track = self.g is not None and h in self.g.tiles
            if h not in self.board.towns and not self.is_city(h) and not has_track:
                slots = [(x, y), *slots]
            for k, f in enumerate(feats):
                fx, fy = slots[k % len(slots)]
                out.append(glyphs.feature(f, fx, fy, self.geo.r, self.note))
        return group(out, class_="features")

    def covered_layer(self) -> str:
        """``extra["excavated"]``: hexes covered by a face-down tile (label → anything), drawn dark."""
        dug = state_extra(self.g, "excavated")
        if not isinstance(dug, (dict, list)):
            return ""
        out = []
        for lab in sorted(dug):
            h = self.board.by_label.get(str(lab).upper())
            if h is not None:
                out.append(
                    polygon(
                        self.geo.corners(self.c(h), 0.9),
                        fill="#3b3b3b",
                        fill_opacity=0.55,
                        stroke="none",
                        class_="excavated",
                        data_hex=self.board.labels[h],
                    )
                )
        if out:
            self.note(
                "excavated", el("rect", x=2, y=2, width=12, height=12, fill="#3b3b3b", fill_opacity=0.55), "excavated"
            )
        return group(out, class_="covered")

    def hex_goods_layer(self) -> str:
        """Goods a map keeps on hexes that are not cities (``rules.goods_on_hexes``: volcanoes, oil fields…),
        drawn as cubes below the hex centre."""
        g, r = self.g, self.geo.r
        if g is None:
            return ""
        out = []
        for h, counts in sorted(g.rules.goods_on_hexes(g).items()):
            if any(counts.values()):
                x, y = self.c(h)
                out.append(glyphs.cubes(x, y + 0.28 * r, counts, r))
        return group(out, class_="hex-goods")

    def stacks_layer(self) -> str:
        """``extra["stacks"]``: hex label → discs bottom first, drawn as a pile of coloured discs."""
        stacks = state_extra(self.g, "stacks")
        if not isinstance(stacks, dict):
            return ""
        r = self.geo.r
        out = []
        for lab, discs in sorted(stacks.items()):
            h = self.board.by_label.get(str(lab).upper())
            if h is None or not isinstance(discs, list):
                continue
            x, y = self.c(h)
            x, y = x + 0.52 * r, y + 0.42 * r
            parts = [
                el(
                    "ellipse",
                    cx=x,
                    cy=y - k * 0.11 * r,
                    rx=0.17 * r,
                    ry=0.07 * r,
                    fill=pal.goods(str(col)),
                    stroke="#ffffff" if col == "black" else pal.INK,
                    stroke_width=0.7,
                    class_=f"disc disc-{col}",
                )
                for k, col in enumerate(discs)
            ]
            out.append(group(parts, class_="disc-stack", data_hex=self.board.labels[h]) if parts else "")
        return group(out, class_="stacks")

    def side_cubes_layer(self) -> str:
        """``extra["stations"]``: hex side ``"A-B"`` (two neighbouring labels) → seats, drawn as small squares
        in the seats' colours along the edge the two hexes share."""
        sides = state_extra(self.g, "stations")
        if not isinstance(sides, dict):
            return ""
        r = self.geo.r
        s = 0.2 * r
        out = []
        for side, seats in sorted(sides.items()):
            ends = [self.board.by_label.get(t.upper()) for t in str(side).split("-")]
            if len(ends) != 2 or None in ends or not isinstance(seats, list):
                continue
            a, b = ends
            assert a is not None and b is not None
            nbs = self.board.neighbours[a]
            if b not in nbs:
                continue
            p, q = self.geo.edge_corners(self.c(a), nbs.index(b))
            for k, seat in enumerate(seats):
                t = (k + 1) / (len(seats) + 1)
                cx, cy = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                out.append(
                    el(
                        "rect",
                        x=cx - s / 2,
                        y=cy - s / 2,
                        width=s,
                        height=s,
                        rx=0.5,
                        fill=self.seat_colour(seat if isinstance(seat, int) else None),
                        stroke=pal.INK,
                        stroke_width=0.8,
                        class_="station",
                        data_side=str(side),
                        data_owner=seat,
                    )
                )
        return group(out, class_="side-cubes")

    def is_city(self, h: int) -> bool:
        return h in self.board.city_at or (self.g is not None and h in self.g.new_cities)

    def labels_layer(self) -> str:
        if not self.labels:
            return ""
        b = self.board
        r = self.geo.r
        out = []
        for h in range(b.size):
            x, y = self.c(h)
            if self.is_city(h):  # the top of a city hex holds its goods-growth number
                dark = pal.is_dark(self.city_fill(self.city_colours(h))[0])
                out.append(
                    text(x, y + 0.8 * r, b.labels[h], 0.18 * r, fill="#ffffff" if dark else "#444444", fill_opacity=0.9)
                )
            else:
                out.append(
                    text(
                        x - 0.46 * r,
                        y - 0.6 * r,
                        b.labels[h],
                        0.18 * r,
                        anchor="start",
                        fill="#555555",
                        fill_opacity=0.85,
                    )
                )
        return group(out, class_="hex-labels")

    def city_colours(self, h: int) -> tuple[str, ...]:
        if self.g is not None:
            return self.g.city_colours(h)
        return self.board.cities[self.board.city_at[h]].colours

    def highlight_layer(self) -> str:
        out = [
            polygon(self.geo.corners(self.c(h), 0.9), fill="none", stroke="#ff2d95", stroke_width=3)
            for h in sorted(self.highlight)
        ]
        return group(out, class_="highlight")

    # --- the whole board ---------------------------------------------------------------------------

    def draw(self) -> Drawing:
        links, costs = self.links_layer()
        layers = [
            self.terrain_layer(),
            self.marks_layer(),
            self.area_layer(),
            self.city_layer(),
            self.blocked_layer(),
            links,
            self.covered_layer(),
            self.track_layer(),
            self.area_names_layer(),
            self.town_layer(),
            costs,
            self.contents_layer(),
            self.features_layer(),
            self.hex_goods_layer(),
            self.stacks_layer(),
            self.side_cubes_layer(),
            self.labels_layer(),
            self.highlight_layer(),
        ]
        self.place_legend()
        return Drawing("".join(layers), self.width, self.height, sorted_key(self.legend))

    def place_legend(self) -> None:
        """Key entries for places (drawn after the layers that found which features the map has)."""
        kinds = {self.extras.town_kinds.get(h, "town") for h in self.board.towns}
        places: list[tuple[str, str]] = []
        if "town" in kinds:
            places.append((el("circle", cx=8, cy=8, r=5, fill="#ffffff", stroke=pal.INK, stroke_width=1.4), "town"))
        if "district" in kinds:
            square = el("rect", x=3, y=3, width=10, height=10, rx=1, fill="#ffffff", stroke=pal.INK, stroke_width=1.4)
            places.append((square, "district"))
        if "construction_site" in kinds:
            site = el(
                "circle", cx=8, cy=8, r=5, fill="#ffe9c2", stroke="#b35c00", stroke_width=1.4, stroke_dasharray="2 1.5"
            )
            places.append((site, "construction site"))
        if self.extras.ports:
            places.append((glyphs.anchor(8, 9, 4.2), "port"))
        growth = {key[:4] for c in self.board.cities for key in c.growth}
        if self.g is not None:
            growth |= {col[:4] for col in map(self.new_city_growth, self.g.new_cities.values()) if col}
        if "ligh" in growth:
            places.append((glyphs.growth_key(False), "goods growth: light"))
        if "dark" in growth:
            places.append((glyphs.growth_key(True), "goods growth: dark"))
        merged = {f"place:{k}": v for k, v in enumerate(places)}
        self.legend = {**self.legend, **merged}


def draw_hex_board(
    board: MapData,
    g: GameState | None = None,
    *,
    radius: float = 36.0,
    labels: bool = False,
    highlight: Iterable[str] = (),
) -> Drawing:
    """The board (and the position of ``g`` on it, if given) as a :class:`Drawing`."""
    return HexBoardPainter(board, g, radius=radius, labels=labels, highlight=highlight).draw()
