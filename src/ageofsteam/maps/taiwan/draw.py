"""Taiwan drawn: each purple city a cube may fly from carries a small aeroplane in a white disc at its upper
right, beside its goods-growth number, so that the flights can be seen on the board (the side panel names them)."""

from __future__ import annotations

from ageofsteam.maps.taiwan.rules import NORTH, SOUTH
from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer, MapDrawing
from ageofsteam.render.svgdoc import el, group

AREA_TITLES = {NORTH: "North Taiwan", SOUTH: "South Taiwan"}


def airport(x: float, y: float, s: float, **attrs: object) -> str:
    """An aeroplane in a white disc of radius ``s``."""
    disc = el("circle", cx=x, cy=y, r=s, fill="#ffffff", stroke=pal.INK, stroke_width=0.7)
    return group([disc, glyphs.plane(x, y - 0.05 * s, 0.75 * s)], **attrs)


def draw_flights(cv: HexCanvas) -> str:
    """A plane at every flight city (class ``flight-city``, ``data-hex``, ``data-area``)."""
    b, r = cv.board, cv.geo.r
    out = []
    for area, title in AREA_TITLES.items():
        for h in sorted(b.areas.get(area, ())):
            x, y = cv.c(h)
            out.append(
                airport(
                    x + 0.4 * r, y - 0.55 * r, 0.16 * r, class_="flight-city", data_hex=b.labels[h], data_area=title
                )
            )
    if out:
        cv.note("flights", airport(8, 8, 7), "flights: a cube may fly between two purple cities")
    return group(out, class_="flights")


class TaiwanDrawing(MapDrawing):
    """The flight cities' planes, over the place names."""

    def layers(self) -> list[Layer]:
        return [Layer("flights", Depth.PLACES + 5, draw_flights)]


DRAWING = TaiwanDrawing()
