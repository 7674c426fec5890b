"""City hexes in their goods colours: a city over several hexes is one shape with one outline, a two-colour
city is split down the middle, a colourless city is neutral; New Cities in their colour."""

from __future__ import annotations

from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import el, group, polygon


def draw_cities(cv: HexCanvas) -> str:
    """City hexes in their goods colours; a city over several hexes is one shape with one outline."""
    b = cv.board
    out = []
    for i, city in enumerate(b.cities):
        hexes = list(city.hexes)
        out.append(place_shape(cv, hexes, cv.city_fill(city.colours), f"city city-{i}"))
    if cv.g is not None:
        for h, letter in sorted(cv.g.new_cities.items()):
            colours = cv.g.city_colours(h)
            out.append(place_shape(cv, [h], cv.city_fill(colours), f"city new-city new-city-{letter}"))
    return group(out, class_="cities")


def place_shape(cv: HexCanvas, hexes: list[int], fills: list[str], cls: str) -> str:
    inside = set(hexes)
    parts = []
    for h in hexes:
        c = cv.c(h)
        corners = cv.geo.corners(c, 0.985)
        if len(fills) == 1:
            parts.append(polygon(corners, fill=fills[0], stroke=fills[0], stroke_width=1.5))
        else:
            # split the hex down the middle (through the N and S edge midpoints): west half, east half
            top, bottom = cv.geo.edge_mid(c, 0, 0.985), cv.geo.edge_mid(c, 3, 0.985)
            west = [top, corners[4], corners[3], corners[2], bottom]
            east = [top, corners[5], corners[0], corners[1], bottom]
            parts.append(polygon(west, fill=fills[0], stroke=fills[0], stroke_width=0.8))
            parts.append(polygon(east, fill=fills[1], stroke=fills[1], stroke_width=0.8))
            parts.append(
                el("line", x1=top[0], y1=top[1], x2=bottom[0], y2=bottom[1], stroke="#ffffff", stroke_width=1.2)
            )
    outline = []
    for h in hexes:
        for e, n in enumerate(cv.board.neighbours[h]):
            if n not in inside:
                p, q = cv.geo.edge_corners(cv.c(h), e)
                outline.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
    parts.append(group(outline, stroke=pal.INK, stroke_width=2.2, stroke_linecap="round"))
    return group(parts, class_=cls, data_hex=cv.board.labels[hexes[0]])


LAYER = Layer("cities", Depth.CITIES, draw_cities)
