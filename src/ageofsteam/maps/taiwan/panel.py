"""Taiwan's side panel: bird movement between the purple cities of North and South Taiwan, and the surcharge
for track between two of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.taiwan.rules import NORTH, SOUTH, Rules
from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    rules = g.rules
    assert isinstance(rules, Rules)
    within, between = rules.BIRD_LEVELS["within"], rules.BIRD_LEVELS["between"]
    most = int(g.options["flights_per_delivery"])
    out = []
    for area, title in ((NORTH, "North Taiwan"), (SOUTH, "South Taiwan")):
        cities = sorted(g.map.areas[area], key=lambda h: g.map.ys[h])
        out.append(
            PanelFact(
                f"{title} flights",
                ", ".join(g.stop_name(h) for h in cities),
                f"A cube may fly between two of these purple cities: {within} engine level and +{within} income "
                f"to the mover; to the other part of Taiwan {between} and +{between}.",
            )
        )
    out.append(
        PanelFact(
            "Flights per delivery",
            f"{most}" + (", with track links" if g.options["bird_with_track"] else ", as a delivery of its own"),
            "How many flights one delivery may take, and whether it may also use track (see the Rulings).",
        )
    )
    out.append(
        PanelFact(
            "Purple links",
            f"+${rules.PURPLE_LINK_SURCHARGE}",
            "Each link between two purple cities that a build completes costs $3 more.",
        )
    )
    return out
