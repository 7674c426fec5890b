"""Miami 2030 drawn: a flood cube placed in play shows as the flood sign on its hex (standing for the sign
printed on the hexes flooded at setup); the people are goods on their districts (``goods_on_hexes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.miami.rules import Rules
from ageofsteam.render.layer import MapDrawing

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class MiamiDrawing(MapDrawing):
    def placed_features(self, g: GameState) -> dict[int, list[str]]:
        """Every flooded hex carries the flood sign."""
        assert isinstance(g.rules, Rules)
        return {h: ["flood"] for h in sorted(g.rules.flooded(g))}


DRAWING = MiamiDrawing()
