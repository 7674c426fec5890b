"""Texas's side panel: the oil on each field and on each track tile laid on one, the oil delivered, and who
holds the Tanker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.texas.rules import TANKER, Rules
from ageofsteam.maps.texas.state import state
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    figures = state(g)
    fields = sorted((lab, n) for lab, n in figures.oil.items() if n)
    tiles = sorted((lab, n) for lab, n in figures.oil_on_track.items() if n)
    delivered = figures.oil_removed
    holder = next((p.name for p in g.players if p.action == TANKER), None)
    return [
        PanelFact(
            "Oil on fields",
            ", ".join(f"{lab} {n}" for lab, n in fields) or "none",
            "Each oil field holds one black good per derrick; track laid on it ($2 a derrick) takes them onto "
            "the tile.",
        ),
        PanelFact(
            "Oil on track",
            ", ".join(f"{lab} {n}" for lab, n in tiles) or "none",
            "Only the Tanker holder moves oil from a track tile, to the first city or town its track reaches, "
            "then on along completed links.",
        ),
        PanelFact(
            "Oil delivered",
            str(delivered),
            "Oil delivered leaves the game; an oil field whose goods are all gone is no longer an oil field.",
        ),
        PanelFact(
            "Tanker",
            holder or "no one",
            "The Tanker replaces the Engineer: its holder alone may deliver oil from track tiles.",
        ),
    ]
