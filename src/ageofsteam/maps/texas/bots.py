"""Texas's judgement for the bots: the Tanker by the oil on the player's own track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.maps.texas.rules import TANKER
from ageofsteam.maps.texas.state import state

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Judgement(BaseJudgement):
    """Texas's judgement."""

    # Texas's scores fall below the base game's bankruptcy of −10 (to −40 in 700 games of self-play, one outcome
    # in eleven below −10): a bankruptcy counts for less than any of them.
    bankrupt_outcome = -50.0

    def action_value(self, g: GameState, seat: int, action: str) -> float | None:
        """The Tanker is worth the oil lying on the player's own track tiles (only its holder moves it)."""
        if action != TANKER:
            return None
        mine = sum(n for lab, n in state(g).oil_on_track.items() if seat in g.tiles[g.map.by_label[lab]].owners)
        return 1.0 + 1.5 * min(mine, 3)
