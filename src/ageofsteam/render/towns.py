"""Town markers, drawn over any track spokes: disks; Miami's districts square, New York's construction sites
dashed; Iceland's ports with an anchor. A town turned into a New City is drawn as a city instead."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import el, group

SITE_FILL, SITE_INK = "#ffe9c2", "#b35c00"  # a construction site


def draw_towns(cv: HexCanvas) -> str:
    """Town markers (disks; districts square, construction sites dashed), drawn over any spokes."""
    b = cv.board
    out = []
    r = cv.geo.r
    new_cities = cv.g.new_cities if cv.g is not None else {}
    for h in sorted(b.towns):
        if h in new_cities:
            continue
        x, y = cv.c(h)
        kind = cv.extras.town_kinds.get(h, "town")
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
                    fill=SITE_FILL,
                    stroke=SITE_INK,
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
        if h in cv.extras.ports:
            out.append(glyphs.anchor(x + 0.5 * r, y - 0.42 * r, 0.2 * r))
    return group(out, class_="towns")


LAYER = Layer("towns", Depth.TOWNS, draw_towns)
