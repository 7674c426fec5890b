"""Hex edges that track may not cross, as thick dark red lines."""

from __future__ import annotations

from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import el, group

COLOUR = "#7a1d1d"


def draw_blocked(cv: HexCanvas) -> str:
    done = set()
    lines = []
    for h, e in sorted(cv.board.blocked):
        n = cv.board.neighbours[h][e]
        key = (min(h, n), max(h, n)) if n >= 0 else (h, -1 - e)
        if key in done:
            continue
        done.add(key)
        p, q = cv.geo.edge_corners(cv.c(h), e)
        lines.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
    if not lines:
        return ""
    cv.note(
        "blocked",
        el("line", x1=2, y1=8, x2=14, y2=8, stroke=COLOUR, stroke_width=4, stroke_linecap="round"),
        "blocked edge",
    )
    return group(lines, class_="blocked", stroke=COLOUR, stroke_width=max(3.0, 0.15 * cv.geo.r), stroke_linecap="round")


LAYER = Layer("blocked", Depth.BLOCKED, draw_blocked)
