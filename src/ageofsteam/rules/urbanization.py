"""Urbanization (rules §IV.7): the holder places one New City tile on a town, before laying any track.

The town's tile and its disk go back to the supply; its spokes vanish. Track that pointed at the town now ends
at the new City. Unowned track that this completes becomes the urbanizer's (house ruling 3).
"""

from __future__ import annotations

from ageofsteam.engine.actions import Urbanize
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.state import GameState

URBANIZATION = "urbanization"


def check_urbanize(g: GameState, a: Urbanize) -> int:
    """The town hex to urbanize, or IllegalAction."""
    build = g.build
    assert build is not None
    if not build.may_urbanize:
        if g.players[a.player].action != URBANIZATION:
            raise IllegalAction("only the player who took Urbanization may place a New City")
        raise IllegalAction("a New City can only be placed once, before laying any track")
    h = g.map.by_label.get(a.hex.upper())
    if h is None:
        raise IllegalAction(f"there is no hex {a.hex!r} on this map")
    if a.city not in g.new_cities_left:
        raise IllegalAction(f"New City {a.city} is not available; left: {', '.join(g.new_cities_left) or 'none'}")
    if not g.is_town(h):
        raise IllegalAction(f"a New City must be placed on a town; {g.label(h)} is not one")
    refusal = g.rules.urbanize_refusal(g, h)
    if refusal is not None:
        raise IllegalAction(refusal)
    return h


def apply_urbanize(g: GameState, a: Urbanize, h: int) -> None:
    build = g.build
    assert build is not None
    before = g.network
    was_complete = {ref for c in before.chains if c.complete for ref in c.tracks}
    old = g.tiles.pop(h, None)
    if old is not None:
        g.supply[old.tile] = g.supply.get(old.tile, 0) + 1
        if old.disk:
            g.disks += 1
    g.new_cities[h] = a.city
    g.new_cities_left.remove(a.city)
    g.cubes.setdefault(h, {})
    g.board_changed()
    build.may_urbanize = False
    for chain in g.network.chains:
        touches = h in (chain.ends[0].stop, chain.ends[1].stop)
        if chain.complete and chain.owner is None and touches and not any(r in was_complete for r in chain.tracks):
            for hx, i in chain.tracks:
                g.tiles[hx].owners[i] = a.player
            g.board_changed()
    g.say(f"{g.player_name(a.player)} places {g.city_name(h)}")
    g.rules.on_urbanized(g, h, a.city)
