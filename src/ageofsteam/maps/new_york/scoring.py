"""New York Subway, the end: each skyscraper scores its height for each of your stations on its sides; a
bankrupt player's stations leave the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.new_york.figures import height, side_places, stations, stations_of
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.scoring import base_score

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class ScoringRules(BaseRules):
    """The skyscraper bonus and bankruptcy."""

    def on_eliminated(self, g: GameState, seat: int) -> None:
        """Ruling: a bankrupt player's stations leave the board."""
        st = stations(g)
        for side in list(st):
            if seat in st[side]:
                st[side].remove(seat)
                if not st[side]:
                    del st[side]
        g.board_changed()

    def skyscraper_points(self, g: GameState, seat: int) -> int:
        """For each skyscraper: its height × your stations on its sides."""
        total = 0
        for side in stations_of(g, seat):
            total += sum(height(g, p) for p in side_places(g, side) if g.is_city(p))
        return total

    def score(self, g: GameState, seat: int) -> int:
        return base_score(g, seat) + self.skyscraper_points(g, seat)

    def score_parts(self, g: GameState, seat: int) -> list[tuple[str, int]]:
        return [*super().score_parts(g, seat), ("skyscrapers", self.skyscraper_points(g, seat))]
