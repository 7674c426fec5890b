"""Plane geometry for checking the drawing data of maps without hexes (region outlines, circle positions)."""

from __future__ import annotations

import math


def inside(pt: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    """Is ``pt`` inside the polygon ``poly`` (even-odd rule)?"""
    x, y = pt
    res = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            res = not res
    return res


def distance_to_outline(pt: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> float:
    """The shortest distance from ``pt`` to the outline of ``poly``."""
    best = math.inf
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((pt[0] - x0) * dx + (pt[1] - y0) * dy) / (dx * dx + dy * dy or 1)))
        best = min(best, math.dist(pt, (x0 + t * dx, y0 + t * dy)))
    return best
