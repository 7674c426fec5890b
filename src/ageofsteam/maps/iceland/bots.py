"""Iceland's judgement for the bots: the boat links between ports pay the mover, and the ports are worth linking
to (see the README, "Bots")."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.maps.iceland.rules import BOAT, Rules

if TYPE_CHECKING:
    from ageofsteam.board.network import Link
    from ageofsteam.engine.state import GameState


class Judgement(BaseJudgement):
    """Iceland's judgement: boats and ports."""

    def link_income(self, g: GameState, seat: int, link: Link) -> int:
        """A boat link pays the mover +2; a track link +1 to its owner."""
        if link.id.startswith(BOAT):
            return cast("Rules", g.rules).BOAT_INCOME
        return super().link_income(g, seat, link)

    def link_ends(self, g: GameState) -> frozenset[int]:
        """Ports still towns: a link to one joins the boat links (+2 to the mover each) to the cities the other
        ports' links reach. (Volcanoes are left out: a link into the interior for two steam did not pay in
        trials against random bots.)"""
        return frozenset(h for h in g.map.ports if g.is_town(h))
