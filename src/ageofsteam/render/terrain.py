"""The terrain of a hex board: each hex filled by its terrain's colour, and the small mark that says what it is
(a river joined from hex to hex, peaks, ripples on water, buildings, houses, trees, sand, volcanoes)."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.geometry import HexGeometry, cubic
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import Point, el, group, path_d, polygon


def terrain_title(cv: HexCanvas, kind: str) -> str:
    if kind == "river" and cv.river_ground:
        return f"river ({cv.river_ground} hex)"
    return pal.TERRAIN_TITLES.get(kind, kind)


def draw_terrain(cv: HexCanvas) -> str:
    """Every hex in its terrain's colour (a city or town hex plain), with its label for a web page."""
    out = []
    b = cv.board
    for h in range(b.size):
        kind = b.terrain[h]
        fill = pal.terrain(cv.ground(kind))
        out.append(
            polygon(
                cv.geo.corners(cv.c(h)),
                fill=fill,
                stroke=pal.GRID,
                stroke_width=1.2,
                data_hex=b.labels[h],
                class_="hex",
            )
        )
        if kind not in ("city", "town"):
            cv.note(f"terrain:{kind}", terrain_swatch(cv, kind), terrain_title(cv, kind))
    return group(out, class_="terrain")


def terrain_swatch(cv: HexCanvas, kind: str) -> str:
    geo = HexGeometry(9.0, 8, 8)
    c = (8.0, 8.0)
    body = polygon(geo.corners(c), fill=pal.terrain(cv.ground(kind)), stroke="#8a8a8a", stroke_width=0.6)
    return body + terrain_mark(cv, kind, c, geo, -1)


def terrain_mark(cv: HexCanvas, kind: str | None, c: Point, geo: HexGeometry, h: int) -> str:
    """The small picture on a hex that says what it is, beyond its colour (``h`` -1: a swatch in the key)."""
    r = geo.r
    x, y = c
    if kind == "river":
        pts = river_course(cv, h, c, geo) if h >= 0 else [(x - 0.8 * r, y), (x + 0.8 * r, y)]
        under = terrain_mark(cv, cv.river_ground, c, geo, h) if cv.river_ground and h >= 0 else ""
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


def river_course(cv: HexCanvas, h: int, c: Point, geo: HexGeometry) -> list[Point]:
    """The line the river mark follows: a curve between the two river (or water) neighbours furthest apart,
    like a track, so that the marks of neighbouring river hexes join into one river."""
    b = cv.board
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


def draw_marks(cv: HexCanvas) -> str:
    """Terrain marks; a town hex keeps only its river, the town's disk and name need the room."""
    b = cv.board
    marks = (
        terrain_mark(cv, b.terrain[h], cv.c(h), cv.geo, h)
        for h in range(b.size)
        if h not in b.towns or b.terrain[h] == "river"
    )
    return group(marks, class_="terrain-marks")


TERRAIN = Layer("terrain", Depth.TERRAIN, draw_terrain)
MARKS = Layer("terrain-marks", Depth.TERRAIN_MARKS, draw_marks)
