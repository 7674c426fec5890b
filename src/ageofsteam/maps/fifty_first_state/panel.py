"""51st State's side panel: how many discs a circle holds, what a disc on each open circle costs now, and the
flights."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.fifty_first_state.rules import Rules
from ageofsteam.rules.base import PanelFact
from ageofsteam.rules.circles import new_discs_fact, open_circles_summary

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    cap = int(g.options["circle_capacity"])
    how = "the highest of" if g.options["disc_cost"] == "highest" else "the sum over"
    airports = sorted({g.stop_name(h) for pair in rules.flights(g) for h in pair})
    return [
        PanelFact(
            "Circle capacity",
            "1 player's disc" if cap == 1 else f"{cap} players' discs",
            "Each circle holds this many players' discs, one disc per player.",
        ),
        PanelFact(
            "Disc cost",
            f"{how} the states the circle touches",
            "Per state: $1 plain, $2 brown, $0 grey, +$1 with a river, +$1 for a Colored State or New City.",
        ),
        new_discs_fact(g),
        PanelFact(
            "Open circles",
            open_circles_summary(g),
            "What a disc on each circle with room costs now.",
        ),
        PanelFact(
            "Flights",
            ", ".join(airports) or "none",
            "A flight joins an airport and Alaska without a disc: 1 engine level; a good takes at most one, and "
            "a delivery uses at least one of your discs.",
        ),
    ]
