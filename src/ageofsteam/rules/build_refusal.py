"""Why nothing can be built on a hex: the one reason a player needs when they click where no tile fits.

Every tile and rotation is tried on the hex (:func:`plan_build` says why each is refused); of the refusals the
one that matters most to the player is given: money before the other rules, a rule about this hex before the
general ones (a track that would point into a lake, a loop, the tiles left), and "nothing here connects" last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.build_track import edge_masks
from ageofsteam.rules.track_placement import plan_build

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

COST = "that build costs $"
# Refusals about the hex as a whole, as plan_build words them, ranked after money and the map's own rules.
POINTING = ("track may not",)
CONNECTING = ("the new track", "the town tile at")
FIRST = "your first track tile"


def build_refusal(g: GameState, seat: int, h: int) -> str | None:
    """Why ``seat`` can build nothing on hex ``h`` now, in a player's words; None when some build is legal."""
    label = g.label(h)
    if g.is_city(h):
        return f"{label} is a city: no track is built on a city"
    b = g.build
    if b is None or b.player != seat:
        return "it is not your build"
    if b.builds_left <= 0:
        return "you have no builds left this turn"
    if h in b.hexes:
        return f"you have already built at {label} this turn"
    if not g.is_town(h) and g.rules.terrain_cost(g, h) is None:
        return f"no track may be built on the {g.map.terrain[h]} at {label}"
    cash = g.players[seat].cash
    if cash < g.rules.cheapest_build(g, seat):
        return f"you have ${cash}: not enough for any build"
    if h not in g.tiles and not edge_masks(g, seat, h)[1]:
        if not g.players[seat].has_built:
            return f"your first track tile must be next to a City, with a track end touching it; {label} is not"
        return f"nothing built at {label} would connect to a City or to your own track"
    costs: list[int] = []
    ranked: dict[int, str] = {}
    for name in TILE_TYPES:
        for rotation in range(6):
            try:
                plan_build(g, seat, h, name, rotation)
            except IllegalAction as refusal:
                text = str(refusal)
                if text.startswith(COST):
                    costs.append(int(text[len(COST) :].split()[0]))
                    continue
                rank = 3 if text.startswith(POINTING) else 4 if text.startswith(CONNECTING) else 2
                if text.startswith(FIRST):
                    rank = 5
                ranked.setdefault(rank, text)
                continue
            return None
    if costs:
        return f"no money for the cheapest build at {label}: ${min(costs)}, and you have ${cash}"
    if not ranked:
        return f"nothing can be built at {label}"
    best = min(ranked)
    if best == 4:
        return f"nothing built at {label} would connect to a City or to your own track"
    return ranked[best]
