"""51st State's judgement for the bots: that of the maps built with discs (``bots/circles.py``; see the README,
"Bots")."""

from __future__ import annotations

from ageofsteam.bots.circles import CircleJudgement


class Judgement(CircleJudgement):
    """51st State's judgement: a delivery earns its engine levels, and income grows slowly."""
