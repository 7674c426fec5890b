"""What is printed and placed on cities and towns: goods-growth numbers (light: dark figure on white, dark:
white figure on black), names fitted to the hex, the sign of a special kind of city (exit, skyscraper), cubes,
and New City letters."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import Point, el, fit_lines, group, text


def name_svg(
    x: float,
    y: float,
    name: str,
    width: float,
    fill: str,
    halo: str | None,
    size: float,
    bold: bool = True,
    from_top: bool = False,
) -> tuple[str, float]:
    """A name centred on ``x``, its lines around ``y`` (or, ``from_top``, its first baseline at ``y``); also the
    y below its last line."""
    lines, f = fit_lines(name, size, width, bold)
    out = []
    y0 = y if from_top else y - (len(lines) - 1) * f * 0.45
    for k, line in enumerate(lines):
        out.append(
            text(
                x,
                y0 + k * f * 1.02,
                line,
                f,
                fill=fill,
                weight="bold" if bold else None,
                halo=halo,
                halo_width=2.2,
            )
        )
    return group(out, class_="place-name"), y0 + (len(lines) - 1) * f * 1.02 + 0.3 * f


def place_anchor(cv: HexCanvas, hexes: list[int]) -> Point:
    """Where a place's contents go: the centre of its hex nearest the middle of all its hexes."""
    cx = sum(cv.c(h)[0] for h in hexes) / len(hexes)
    cy = sum(cv.c(h)[1] for h in hexes) / len(hexes)
    best = min(hexes, key=lambda h: (cv.c(h)[0] - cx) ** 2 + (cv.c(h)[1] - cy) ** 2)
    return cv.c(best)


def crowded(cv: HexCanvas, hexes: list[int]) -> bool:
    """Whether a place has another city on a neighbouring hex (its name must then keep to its own hex)."""
    b = cv.board
    own = set(hexes)
    return any(n >= 0 and n not in own and n in b.city_at for h in hexes for n in b.neighbours[h])


def kind_mark(cv: HexCanvas, kind: str, x: float, y: float, ink: str, top: bool) -> str:
    """A small sign for a special kind of city (exit, skyscraper, …): at the top of its hex when that is free of
    goods-growth numbers, else in the upper left."""
    r = cv.geo.r
    cv.note(f"place:kind:{kind}", glyphs.city_kind(kind, 8, 8, 36, pal.INK), kind.replace("_", " "))
    if top:
        return glyphs.city_kind(kind, x, y - 0.64 * r, r, ink)
    return glyphs.city_kind(kind, x - 0.47 * r, y - 0.55 * r, r, ink)


def draw_places(cv: HexCanvas) -> str:
    """Growth numbers, names and cubes of cities; names of towns; New City letters."""
    b, g, r = cv.board, cv.g, cv.geo.r
    out = []
    for i, city in enumerate(b.cities):
        hexes = list(city.hexes)
        x, y = place_anchor(cv, hexes)
        fills = cv.city_fill(city.colours)
        ink = pal.text_on(fills[0]) if len(fills) == 1 else pal.INK
        halo = None if len(fills) == 1 else "#ffffff"
        kind = cv.extras.city_kinds[i] if i < len(cv.extras.city_kinds) else "city"
        parts = []
        if city.growth:
            parts.append(glyphs.growth_badges(x, y - 0.8 * r, city.growth, r))
        width = 1.42 * r if crowded(cv, hexes) else 1.9 * r  # a neighbour's name starts 1.5 radii away
        name, below = name_svg(x, y + 0.02 * r, city.name, width, ink, halo, 0.29 * r)
        parts.append(name)
        if kind != "city":
            parts.append(kind_mark(cv, kind, x, y, ink, top=not city.growth))
        if g is not None:
            cubes = g.cubes.get(city.hex, {})
            parts.append(glyphs.cubes(x, max(y + 0.17 * r, below + 0.06 * r), cubes, r))
        out.append(group(parts, class_="city-info", data_hex=b.labels[city.hex]))
    if g is not None:
        for h, letter in sorted(g.new_cities.items()):
            x, y = cv.c(h)
            colours = g.city_colours(h)
            fill = cv.city_fill(colours)[0]
            ink = pal.text_on(fill)
            column = cv.new_city_growth(letter)
            badge = glyphs.growth_badges(x, y - 0.8 * r, [column], r) if column else ""
            name, below = name_svg(x, y + 0.02 * r, b.towns.get(h, ""), 1.7 * r, ink, None, 0.26 * r)
            out.append(
                group(
                    [
                        badge,
                        el(
                            "circle",
                            cx=x - 0.5 * r,
                            cy=y - 0.42 * r,
                            r=0.2 * r,
                            fill="#ffffff",
                            stroke=pal.INK,
                            stroke_width=1,
                        ),
                        text(x - 0.5 * r, y - 0.33 * r, letter, 0.27 * r, fill=pal.INK, weight="bold"),
                        name,
                        glyphs.cubes(x, max(y + 0.17 * r, below + 0.06 * r), g.cubes.get(h, {}), r),
                    ],
                    class_="city-info new-city",
                    data_hex=b.labels[h],
                )
            )
    new_cities = g.new_cities if g is not None else {}
    for h, name in sorted(b.towns.items()):
        if h in new_cities:
            continue
        x, y = cv.c(h)
        label = name_svg(x, y + 0.56 * r, name, 1.8 * r, pal.INK, "#ffffff", 0.22 * r, False, from_top=True)
        out.append(label[0])
        if g is not None and g.cubes.get(h):
            out.append(glyphs.cubes(x, y - 0.62 * r, g.cubes[h], r))
    return group(out, class_="places")


LAYER = Layer("places", Depth.PLACES, draw_places)
