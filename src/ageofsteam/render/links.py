"""Pre-printed special links (bridges, ferries, city links): dashed in the colour of their kind, or solid in
their owner's colour once built, with their printed cost on a label at their middle."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.mapinfo import SpecialLink
from ageofsteam.render.svgdoc import Point, el, group, path_d, text


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


def course(cv: HexCanvas, link: SpecialLink) -> list[Point]:
    """The line a link is drawn along: from place to place through the hexes it crosses, clear of the places."""
    pts = [cv.c(link.ends[0]), *(cv.c(h) for h in link.via), *(cv.c(h) for h in link.ends[1:])]
    return trim(pts, 0.52 * cv.geo.r)


def draw_links(cv: HexCanvas) -> str:
    """Special links, dashed in the colour of their kind, or solid in their owner's colour once built."""
    owners = {} if cv.g is None else {k: v for k, v in cv.g.special_link_owners.items() if v is not None}
    lines = []
    r = cv.geo.r
    for link in cv.extras.links:
        d = path_d(course(cv, link))
        colour = pal.LINKS.get(link.kind, "#5b4636")
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
        if link.id in owners:
            lines.append(el("path", d=d, fill="none", stroke=pal.INK, stroke_width=0.2 * r, stroke_linejoin="round"))
            lines.append(
                el(
                    "path",
                    d=d,
                    fill="none",
                    stroke=cv.seat_colour(owners[link.id]),
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
        title = link.kind.replace("_", " ")
        cv.note(
            f"link:{link.kind}",
            el("line", x1=1, y1=8, x2=15, y2=8, stroke=colour, stroke_width=3, stroke_dasharray="4 2"),
            f"{title} (cost)",
        )
    return group(lines, class_="special-links")


def cost_spot(cv: HexCanvas, link: SpecialLink) -> Point:
    """Where a link's price goes: halfway along it; between two neighbouring places, at the upper end of the edge
    they share, clear of both places' names."""
    a, b = link.ends
    if link.via or b not in cv.board.neighbours[a]:
        return midpoint(course(cv, link))
    (ax, ay), (bx, by) = cv.c(a), cv.c(b)
    length = math.hypot(bx - ax, by - ay)
    px, py = -(by - ay) / length, (bx - ax) / length  # along the shared edge
    mx, my = (ax + bx) / 2, (ay + by) / 2
    half = cv.geo.r / 2  # the edge is one radius long
    corners = [(mx + px * half, my + py * half), (mx - px * half, my - py * half)]
    return min(corners, key=lambda p: (round(p[1], 3), -p[0]))


def draw_costs(cv: HexCanvas) -> str:
    """Each special link's printed cost on a label at its middle."""
    labels = []
    r = cv.geo.r
    for link in cv.extras.links:
        if link.cost is None:
            continue
        colour = pal.LINKS.get(link.kind, "#5b4636")
        mx, my = cost_spot(cv, link)
        lbl = f"${link.cost}"
        w = 0.17 * r * len(lbl) + 4
        box = el(
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
        price = text(mx, my + 0.1 * r, lbl, 0.27 * r, fill=colour, weight="bold")
        labels.append(group([box, price], class_="link-cost"))
    return group(labels, class_="link-costs")


LINES = Layer("special-links", Depth.SPECIAL_LINKS, draw_links)
COSTS = Layer("link-costs", Depth.LINK_COSTS, draw_costs)
