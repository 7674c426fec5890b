"""Detroit Bankruptcy's side panel: the expenses that grow each turn, the income reduction and who is bankrupt;
solo, the action disks with their fees and the government to outlast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.detroit.rules import GOVERNMENT_INCOME, GOVERNMENT_TURN, SOLO_ACTIONS, SOLO_DISKS, Rules
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    out = [
        PanelFact(
            "Expenses",
            f"shares + engine + {g.turn}",
            "Each turn's expenses are your shares plus your engine plus the turn number.",
        )
    ]
    if rules.solo(g):
        for action in SOLO_ACTIONS:
            n = rules.action_fee(g, action)
            out.append(
                PanelFact(
                    f"{rules.action_title(action)} disks",
                    f"{n} left, next ${n}" if n else "none left",
                    f"Solo: {SOLO_DISKS} disks on each action, paid $3, $2, $1 as they come off; one action a "
                    "turn, or none.",
                )
            )
        out.append(
            PanelFact(
                "Government",
                f"bankrupt at the end of turn {GOVERNMENT_TURN}, income {GOVERNMENT_INCOME}",
                "Solo: you win by going bankrupt later than the virtual government; the income reduction never "
                "stops growing.",
            )
        )
        return out
    cap = int(g.options["income_reduction_cap"])
    out.append(
        PanelFact(
            "Income reduction",
            "−1 per 5 above 5" + (f", at most −{cap}" if cap > 0 else ""),
            "Income 6–10 loses 1, 11–15 loses 2, and so on, down the income track.",
        )
    )
    gone = [p for p in g.players if p.eliminated]
    out.append(
        PanelFact(
            "Bankrupt",
            "; ".join(f"{p.name} ({rules.score_text(g, p.seat, None)})" for p in gone) or "no one",
            "The game goes on until all but one player are bankrupt.",
        )
    )
    return out
