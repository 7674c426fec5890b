"""Goods a map keeps on hexes that are not cities (volcanoes, oil fields…), from its rules' ``goods_on_hexes``."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import group


def draw_hex_goods(cv: HexCanvas) -> str:
    """Goods on hexes that are not cities, drawn as cubes below the hex centre; on a named town (Miami's
    districts) above it, so that the name under the town stays readable."""
    g, r = cv.g, cv.geo.r
    if g is None:
        return ""
    out = []
    for h, counts in sorted(g.rules.goods_on_hexes(g).items()):
        if any(counts.values()):
            x, y = cv.c(h)
            dy = -0.52 * r if h in g.map.towns else 0.28 * r
            out.append(glyphs.cubes(x, y + dy, counts, r))
    return group(out, class_="hex-goods")


LAYER = Layer("hex-goods", Depth.HEX_GOODS, draw_hex_goods)
