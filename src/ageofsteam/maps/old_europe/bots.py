"""Old Europe's judgement for the bots: that of the maps built with discs (``bots/circles.py``), and the large
circles a chain must take to pass a country (see the README, "Bots")."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ageofsteam.bots.circles import CircleJudgement
from ageofsteam.maps.old_europe.rules import Rules
from ageofsteam.rules.circles import large_discs_on

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


class Judgement(CircleJudgement):
    """Old Europe's judgement."""

    # Half the base game's margin: Hard against three Baselines won more games with it than with the base game's
    # (paired games in the commit's message). Old Europe's outcomes spread less than the other maps' (the
    # training's ``outcome_spread`` in benchmarks/results/train-bots.json).
    clear_gain = 1.5

    def pass_disc(self, g: GameState, seat: int, stop: int) -> str | None:
        """A country with a large circle is passed through only with one's disc on it: the bots' chains of
        circles through it include that disc."""
        if cast("Rules", g.rules).has_large_circle(g, stop) and seat not in large_discs_on(g, stop):
            return g.label(stop)
        return None
