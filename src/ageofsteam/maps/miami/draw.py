"""Miami 2030 drawn: a flood cube placed in play shows as the flood sign on its hex (standing for the sign
printed on the hexes flooded at setup); the hexes the next flood cube may go on are outlined with blue dashes
while floods remain this round; the people are goods on their districts (``goods_on_hexes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.miami.rules import Rules
from ageofsteam.render.layer import Depth, Layer, MapDrawing
from ageofsteam.render.svgdoc import group, polygon

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.render.canvas import HexCanvas

FLOOD_INK = "#1d6fb8"


def draw_flood_sites(cv: HexCanvas) -> str:
    """A dashed outline on each hex the next flood cube may go on (class ``flood-site``), when a flood is due at
    the end of this round."""
    g = cv.g
    if g is None or g.over:
        return ""
    rules = g.rules
    assert isinstance(rules, Rules)
    if not rules.FLOODS_PER_ROUND.get(g.turn, 0):
        return ""
    dashes = {"fill": "none", "stroke": FLOOD_INK, "stroke_width": 2.2, "stroke_dasharray": "5 3"}
    out = [
        polygon(cv.geo.corners(cv.c(h), 0.86), **dashes, class_="flood-site", data_hex=g.label(h))
        for h in rules.flood_sites(g)
    ]
    if out:
        cv.note("flood-site", polygon([(2, 2), (14, 2), (14, 14), (2, 14)], **dashes), "the next flood may go here")
    return group(out, class_="flood-sites")


class MiamiDrawing(MapDrawing):
    def layers(self) -> list[Layer]:
        return [Layer("flood-sites", Depth.FEATURES + 5, draw_flood_sites)]

    def placed_features(self, g: GameState) -> dict[int, list[str]]:
        """Every flooded hex carries the flood sign."""
        assert isinstance(g.rules, Rules)
        return {h: ["flood"] for h in sorted(g.rules.flooded(g))}


DRAWING = MiamiDrawing()
