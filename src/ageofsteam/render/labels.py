"""On request: each hex's label in its corner (on a city, below its contents), and outlined hexes."""

from __future__ import annotations

from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import group, polygon, text


def draw_labels(cv: HexCanvas) -> str:
    if not cv.labels:
        return ""
    b = cv.board
    r = cv.geo.r
    out = []
    for h in range(b.size):
        x, y = cv.c(h)
        if cv.is_city(h):  # the top of a city hex holds its goods-growth number
            dark = pal.is_dark(cv.city_fill(cv.city_colours(h))[0])
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


def draw_highlight(cv: HexCanvas) -> str:
    out = [
        polygon(cv.geo.corners(cv.c(h), 0.9), fill="none", stroke="#ff2d95", stroke_width=3)
        for h in sorted(cv.highlight)
    ]
    return group(out, class_="highlight")


LABELS = Layer("hex-labels", Depth.HEX_LABELS, draw_labels)
HIGHLIGHT = Layer("highlight", Depth.HIGHLIGHT, draw_highlight)
