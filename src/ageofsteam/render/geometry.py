"""Hex geometry on the page: flat-topped hexes placed by column and doubled row (``ageofsteam.board.hexes``).

A hex of radius ``R`` (centre to corner) sits at ``x = 1.5·R·col``, ``y = (√3/2)·R·doubled_row``. Edge ``e``
(0 N, clockwise) has its midpoint at the angle ``-90° + 60°·e`` from the centre, so track drawn between edge
midpoints meets the track of the neighbouring hex exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ageofsteam.board.hexes import TOWN
from ageofsteam.render.svgdoc import Point, path_d

SQRT3 = math.sqrt(3)


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
