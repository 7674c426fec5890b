"""Las Vegas drawn: the money lying on a city as a green note with its amount at the city's upper right (the
side panel sums it up, and the goods display shows the money under its red goods)."""

from __future__ import annotations

from ageofsteam.maps.las_vegas.rules import MONEY_TAKEN
from ageofsteam.maps.las_vegas.state import state
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer, MapDrawing
from ageofsteam.render.svgdoc import el, group, text

NOTE_FILL, NOTE_INK = "#dff1d2", "#24632b"


def money_note(x: float, y: float, amount: int, r: float, **attrs: object) -> str:
    """A banknote centred at (x, y) saying ``$amount``."""
    w, h = 0.58 * r, 0.3 * r
    return group(
        [
            el(
                "rect",
                x=x - w / 2,
                y=y - h / 2,
                width=w,
                height=h,
                rx=0.05 * r,
                fill=NOTE_FILL,
                stroke=NOTE_INK,
                stroke_width=0.8,
            ),
            text(x, y + 0.08 * r, f"${amount}", 0.23 * r, fill=NOTE_INK, weight="bold"),
        ],
        **attrs,
    )


def draw_money(cv: HexCanvas) -> str:
    """A note on every city with money on it (class ``city-money``, ``data-hex``, ``data-money``)."""
    if cv.g is None:
        return ""
    r = cv.geo.r
    out = []
    for lab, amount in sorted(state(cv.g).money.items()):
        if amount:
            x, y = cv.c(cv.board.by_label[lab])
            out.append(
                money_note(x + 0.42 * r, y - 0.5 * r, amount, r, class_="city-money", data_hex=lab, data_money=amount)
            )
    if out:
        cv.note("city-money", money_note(8, 8, 5, 30), f"money on a city: a delivery there may take ${MONEY_TAKEN}")
    return group(out, class_="money")


class LasVegasDrawing(MapDrawing):
    """The money on the cities, over the place names and cubes."""

    def layers(self) -> list[Layer]:
        return [Layer("money", Depth.PLACES + 5, draw_money)]


DRAWING = LasVegasDrawing()
