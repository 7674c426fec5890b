"""New York Subway drawn: excavated hexes dark (under the other layers' figures), each place's stack of floors
as a pile of coloured discs at its lower right with its height written beside it, and the stations as small
squares in their owners' colours spaced along the side they stand on."""

from __future__ import annotations

from ageofsteam.maps.new_york.state import state
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer, MapDrawing
from ageofsteam.render.svgdoc import el, group, polygon, text

DUG = "#3b3b3b"
STATION_SIZE = 0.4  # a lone station's side, in hex radii: seen at a glance on the fitted board


def draw_excavated(cv: HexCanvas) -> str:
    """Excavated hexes, covered by a face-down tile: drawn dark (class ``excavated``)."""
    if cv.g is None:
        return ""
    out = []
    for lab in sorted(state(cv.g).excavated):
        h = cv.board.by_label[lab]
        out.append(
            polygon(
                cv.geo.corners(cv.c(h), 0.9),
                fill=DUG,
                fill_opacity=0.55,
                stroke="none",
                class_="excavated",
                data_hex=lab,
            )
        )
    if out:
        cv.note("excavated", el("rect", x=2, y=2, width=12, height=12, fill=DUG, fill_opacity=0.55), "excavated")
    return group(out, class_="covered")


def draw_stacks(cv: HexCanvas) -> str:
    """Each place's floors, bottom first, as a pile of coloured discs at the right of the hex, below a city's
    name and beside a construction site's circle (class ``disc-stack``, each disc ``disc disc-<colour>``), its
    height in a white badge on top (class ``stack-height``)."""
    if cv.g is None:
        return ""
    r = cv.geo.r
    step = 0.1 * r
    out = []
    for lab, discs in sorted(state(cv.g).stacks.items()):
        if not discs:
            continue
        h = cv.board.by_label[lab]
        x, y = cv.c(h)
        x, y = x + 0.52 * r, y + (0.15 if h in cv.board.towns else 0.62) * r
        parts = [
            el(
                "ellipse",
                cx=x,
                cy=y - k * step,
                rx=0.19 * r,
                ry=0.075 * r,
                fill=pal.goods(col),
                stroke="#ffffff" if col == "black" else pal.INK,
                stroke_width=0.7,
                class_=f"disc disc-{col}",
            )
            for k, col in enumerate(discs)
        ]
        top = y - (len(discs) - 1) * step - 0.24 * r
        parts.append(el("circle", cx=x, cy=top, r=0.13 * r, fill="#ffffff", stroke=pal.INK, stroke_width=0.7))
        parts.append(
            text(x, top + 0.075 * r, str(len(discs)), 0.21 * r, fill=pal.INK, weight="bold", class_="stack-height")
        )
        out.append(group(parts, class_="disc-stack", data_hex=lab, data_height=len(discs)))
    return group(out, class_="stacks")


def draw_stations(cv: HexCanvas) -> str:
    """Stations as small squares in their owners' colours along the edge the side's two hexes share (class
    ``station``, ``data-side``, ``data-owner``)."""
    if cv.g is None:
        return ""
    r = cv.geo.r
    out = []
    for side, seats in sorted(state(cv.g).stations.items()):
        a, b = (cv.board.by_label[lab] for lab in side.split("-"))
        p, q = cv.geo.edge_corners(cv.c(a), cv.board.neighbours[a].index(b))
        s = min(STATION_SIZE * r, 0.9 * r / (len(seats) + 1))  # as big as the side leaves room for
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
                    rx=0.08 * s,
                    fill=cv.seat_colour(seat),
                    stroke=pal.INK,
                    stroke_width=1.4,
                    class_="station",
                    data_side=side,
                    data_owner=seat,
                )
            )
    return group(out, class_="side-cubes")


class SubwayDrawing(MapDrawing):
    """The excavations under the track's depth (none is laid here), the stacks and stations over the goods."""

    def layers(self) -> list[Layer]:
        return [
            Layer("covered", (Depth.SPECIAL_LINKS + Depth.TRACK) / 2, draw_excavated),
            Layer("stacks", Depth.HEX_GOODS + 10, draw_stacks),
            Layer("side-cubes", Depth.HEX_GOODS + 20, draw_stations),
        ]


DRAWING = SubwayDrawing()
