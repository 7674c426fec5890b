"""Las Vegas's side panel: the money on the cities and under the red goods on the display, and the grey
disc."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.las_vegas.rules import MONEY_TAKEN, MONEY_UNDER_RED, Rules, city_money
from ageofsteam.maps.las_vegas.state import state
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    on = [(g.city_name(h), city_money(g, h)) for h in sorted(g.cubes, key=g.city_name)]
    under: dict[str, list[int]] = state(g).display_money
    coins = [v for boxes in under.values() for v in boxes if v]
    out = [
        PanelFact(
            "Money on cities",
            ", ".join(f"{name} ${v}" for name, v in on if v) or "none",
            f"${MONEY_UNDER_RED} lies under each red good on a city; a player who delivers to a city with money "
            f"on it may take ${MONEY_TAKEN} of it.",
        ),
        PanelFact(
            "Under the display",
            f"${sum(coins)} under {len(coins)} red good{'s' if len(coins) != 1 else ''}",
            f"${MONEY_UNDER_RED} lies under each red good on the goods display and comes onto the map with it at "
            "goods growth.",
        ),
    ]
    blocked = state(g).blocked_action
    if blocked:
        out.append(
            PanelFact(
                "Grey disc",
                f"{rules.action_title(blocked)} cannot be taken",
                "With 3 players a grey disc blocks Engineer, then Urbanization, changing over at each advance of "
                "the turn marker.",
            )
        )
    return out
