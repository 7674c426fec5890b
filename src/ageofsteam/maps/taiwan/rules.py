"""Taiwan (5–6 players): the base rules with the rulebook's changes.

* Setup: 3 goods on each purple city and 2 on every other city; the purple New City tile (F) is removed.
* Track costs: plains $2, mountains $4, and $3 more for each link between two purple cities a build completes.
* Bird movement: the seven purple cities of the west coast are virtually connected. A cube may fly from one
  purple city to another — 1 engine level within North Taiwan or within South Taiwan, 2 between them — and
  the mover gains +1 or +2 income. Each flight is a virtual link of the network (owner: no one, levels 1 or 2),
  so it is part of an ordinary delivery of a move round; see the README's Rulings for the details.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.network import Link, Network, trace
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.track_placement import base_build_cost

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState, PlacedTile
    from ageofsteam.rules.move_goods import Route

BIRD = "bird:"  # id prefix of the virtual links between purple cities
NORTH, SOUTH = "north_taiwan", "south_taiwan"


def is_bird(link: Link) -> bool:
    return link.id.startswith(BIRD)


class Rules(BaseRules):
    """Taiwan: purple cities joined by bird movement; a surcharge for track between two of them."""

    TURNS: ClassVar[dict[int, int]] = {5: 7, 6: 6}
    PURPLE_CITY_CUBES = 3
    # The purple New City tile (F) is removed from the game; its goods-display column goes with it.
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {k: v for k, v in BaseRules.NEW_CITIES.items() if k != "F"}
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 2, "mountain": 4}
    PURPLE_LINK_SURCHARGE = 3
    BIRD_LEVELS: ClassVar[dict[str, int]] = {"within": 1, "between": 2}  # engine levels used = the mover's income
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "bird_with_track": True,  # a flight may be part of a delivery that also uses track links
        "flights_per_delivery": 1,  # at most this many flights in one delivery
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "bird_with_track": "On: a flight may be one step of a delivery that also runs on track; off: a flight is a "
        "delivery of its own.",
        "flights_per_delivery": "The most flights one delivery may take.",
    }

    # --- setup ---------------------------------------------------------------------------------

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        """3 goods on each purple city, 2 on every other city (unless the map file gives a city its own)."""
        out = {}
        for c in self.map.cities:
            if c.cubes is not None:
                out[c.hex] = c.cubes
            else:
                out[c.hex] = self.PURPLE_CITY_CUBES if "purple" in c.colours else self.DEFAULT_CITY_CUBES
        return out

    # --- building ------------------------------------------------------------------------------

    def purple_cities(self, g: GameState) -> set[int]:
        return {c.hex for c in self.map.cities if "purple" in c.colours}

    def build_cost(self, g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
        """The base cost, plus $3 for each link between two purple cities that the build completes."""
        return base_build_cost(g, h, kind, old, new) + self.PURPLE_LINK_SURCHARGE * self.purple_links_completed(
            g, h, old, new
        )

    def purple_links_completed(self, g: GameState, h: int, old: PlacedTile | None, new: PlacedTile) -> int:
        """Links between two purple cities that the track added by putting ``new`` on ``h`` completes."""
        purple = self.purple_cities(g)
        added = [i for i, t in enumerate(new.tracks) if old is None or t not in old.tracks]
        before = g.tiles.get(h)
        g.tiles[h] = new
        seen: set[frozenset[tuple[int, int]]] = set()
        try:
            for i in added:
                chain = trace(g, h, i)
                a, b = chain.ends
                if chain.complete and a.stop in purple and b.stop in purple:
                    seen.add(frozenset(chain.tracks))
        finally:
            if before is None:
                del g.tiles[h]
            else:
                g.tiles[h] = before
        return len(seen)

    # --- bird movement -------------------------------------------------------------------------

    def build_network(self, g: GameState) -> Network:
        """The track's links, and a virtual link between every two purple cities of North and South Taiwan."""
        net = super().build_network(g)
        north = sorted(self.map.areas[NORTH], key=lambda x: self.map.ys[x])
        south = sorted(self.map.areas[SOUTH], key=lambda x: self.map.ys[x])
        for a, b in combinations(north + south, 2):
            same = (a in north) == (b in north)
            levels = self.BIRD_LEVELS["within" if same else "between"]
            net.add_link(Link(f"{BIRD}{g.label(a)}-{g.label(b)}", a, b, None, 0, -1, levels))
        return net

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        """``route_refusal``'s rule for ``links`` + ``link``, knowing that ``links`` passed it (the search is
        hot)."""
        options = g.options
        if not is_bird(link):
            return options["bird_with_track"] or not any(is_bird(lk) for lk in links)
        if not options["bird_with_track"]:
            return not links
        return sum(1 for lk in links if is_bird(lk)) < options["flights_per_delivery"]

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """At most ``flights_per_delivery`` flights in a delivery; with ``bird_with_track`` off, a flight is a
        delivery of its own."""
        flights = sum(1 for lk in route.links if is_bird(lk))
        most = g.options["flights_per_delivery"]
        if flights > most:
            return f"a delivery may fly between purple cities at most {most} time{'s' if most != 1 else ''}"
        if flights and len(route.links) > 1 and not g.options["bird_with_track"]:
            return "bird movement is a delivery of its own: it cannot be combined with track links"
        return None

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """+1 per track link to its owner; +1 (within North or South) or +2 (between them) per flight to the
        mover."""
        out: dict[int | None, int] = {}
        for link in route.links:
            who = seat if is_bird(link) else link.owner
            out[who] = out.get(who, 0) + (link.levels if is_bird(link) else 1)
        return out
