"""Phase IV, one build: laying a tile on an empty hex, replacing one (complex tiles and town upgrades), or
redirecting the last tile of an unfinished section. :func:`plan_build` checks every placement rule and
returns what the build would do and cost; it never changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ageofsteam.board.hexes import DIRECTIONS, TOWN, opposite
from ageofsteam.board.network import trace
from ageofsteam.board.tiles import CROSSING, SIMPLE, TILE_TYPES, Track, oriented
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.state import GameState, PlacedTile

NEW, UPGRADE, TOWN_UPGRADE, REDIRECT = "new", "upgrade", "town upgrade", "redirect"


@dataclass(slots=True)
class BuildPlan:
    """What a legal build does."""

    hex: int
    tile: PlacedTile  # the tile on the hex afterwards, with owners
    kind: str  # NEW, UPGRADE, TOWN_UPGRADE or REDIRECT
    added: list[Track]  # track that is new or redirected, owned by the builder
    cost: int
    old: PlacedTile | None
    disks: int  # town disks taken from (+) or returned to (-) the supply
    completes: bool = False  # the build completes a link

    @property
    def extends(self) -> bool:
        """Newly laid track extends sections; a redirection does not."""
        return self.kind != REDIRECT


def where(g: GameState, h: int, edge: int | None = None) -> str:
    return g.label(h) if edge is None else f"{g.label(h)} ({DIRECTIONS[edge]} edge)"


def leads_home(g: GameState, h: int, i: int, seat: int) -> bool:
    """May ``seat`` extend the unowned track ``i`` on ``h``? (House ruling 5: it must lead back to a City,
    or to a Town where that player already has track.)"""
    for end in trace(g, h, i).ends:
        if end.stop is None:
            continue
        if g.is_city(end.stop) or end.stop in g.rules.track_start_hexes(g):
            return True
        town = g.tiles.get(end.stop)
        if town is not None and seat in town.owners:
            return True
    return False


def pointing_refusal(g: GameState, h: int, edge: int) -> str | None:
    """Why no track on ``h`` may point across ``edge`` in any position (off the map, a blocked edge, a hex that
    can never hold track), or None. The placement of a build and the track of a scenario both ask it."""
    n = g.map.neighbours[h][edge]
    if n < 0:
        return f"track may not point off the map at {where(g, h, edge)}"
    if (h, edge) in g.map.blocked:
        return f"track may not cross the blocked edge at {where(g, h, edge)}"
    if g.is_city(n) or n in g.rules.track_end_hexes(g) or g.rules.can_hold_track(g, n):
        return None
    return f"track may not point into the {g.map.terrain[n]} at {g.label(n)}"


def edge_contact(g: GameState, seat: int, h: int, edge: int, *, refuse: bool = True) -> str:
    """What a new track end at ``edge`` of ``h`` meets: "city", "own", "claim" or "open".

    Raises IllegalAction where it may not point: off the map, into unbuildable terrain, across a blocked edge,
    or onto another player's track end. With ``refuse`` False it returns "" there instead, without the words.
    """
    n = g.map.neighbours[h][edge]
    if n < 0 or (h, edge) in g.map.blocked:
        if not refuse:
            return ""
        refusal = pointing_refusal(g, h, edge)
        assert refusal is not None, "pointing_refusal gives a reason for every edge off the map or blocked"
        raise IllegalAction(refusal)
    if g.is_city(n):
        return "city"
    if n in g.rules.track_end_hexes(g):
        # track may end there; it is a City to connect to only where the map says so (``track_start_hexes``)
        return "city" if n in g.rules.track_start_hexes(g) else "open"
    tile = g.tiles.get(n)
    if tile is not None:
        j = tile.track_at(opposite(edge))
        if j >= 0:
            owner = tile.owners[j]
            if owner == seat:
                return "own"
            if owner is None and leads_home(g, n, j, seat):
                return "claim"
            if not refuse:
                return ""
            if owner is not None:
                raise IllegalAction(
                    f"track at {where(g, h, edge)} may not join {g.player_name(owner)}'s track at {g.label(n)}"
                )
            raise IllegalAction(
                f"the unowned track at {g.label(n)} does not lead back to a City or to a town where you have "
                "track, so it cannot be extended"
            )
    refusal = pointing_refusal(g, h, edge)  # a hex that can never hold track
    if refusal is not None:
        if not refuse:
            return ""
        raise IllegalAction(refusal)
    return "open"


def _match_redirect(g: GameState, seat: int, h: int, old: PlacedTile, new: list[Track]) -> tuple[int, Track]:
    """The old track being redirected and its replacement, or IllegalAction."""
    gone = [i for i, t in enumerate(old.tracks) if t not in new]
    fresh = [t for t in new if t not in old.tracks]
    if len(gone) != 1 or len(fresh) != 1:
        raise IllegalAction(
            f"a replacement at {g.label(h)} must keep all the track already there, or redirect one track"
        )
    i, t_new = gone[0], fresh[0]
    t_old = old.tracks[i]
    shared = set(t_old) & set(t_new)
    if not shared:
        raise IllegalAction(f"a redirection at {g.label(h)} must keep the end where the section comes in")
    kept = shared.pop()
    owner = old.owners[i]
    if owner is not None and owner != seat:
        raise IllegalAction(
            f"the track at {g.label(h)} belongs to {g.player_name(owner)}: only its owner may change it"
        )
    chain = trace(g, h, i)
    free = t_old[0] if t_old[1] == kept else t_old[1]
    open_here = [e for e in chain.ends if e.stop is None and e.hex == h and e.edge == free]
    if chain.complete or not any(e.stop is None and e.hex == h for e in chain.ends):
        raise IllegalAction(f"only the last tile of an unfinished section can be redirected; {g.label(h)} is not one")
    if not open_here:
        raise IllegalAction(
            f"a redirection at {g.label(h)} keeps the end where the section comes in and moves its open end"
        )
    return i, t_new


def plan_build(g: GameState, seat: int, h: int, tile_name: str, rotation: int, *, resources: bool = True) -> BuildPlan:
    """Check one build of ``seat`` and return its plan; raise IllegalAction saying why not. With ``resources``
    False the tile supply, the town disks and the player's cash are not checked (the plan still has its cost):
    the listing of builds (``rules/build_listing.py``) remembers such answers and checks those three itself."""
    rules = g.rules
    tile_type = TILE_TYPES.get(tile_name)
    if tile_type is None:
        raise IllegalAction(f"there is no tile called {tile_name!r}; tiles are {', '.join(TILE_TYPES)}")
    if not 0 <= rotation < 6:
        raise IllegalAction("rotation must be 0 to 5 (sixths of a turn clockwise)")
    if g.is_city(h):
        raise IllegalAction(f"no track may be built on the city at {g.label(h)}")
    town = g.is_town(h)
    if not town and rules.terrain_cost(g, h) is None:
        raise IllegalAction(f"no track may be built on the {g.map.terrain[h]} at {g.label(h)}")
    build = g.build
    assert build is not None
    if h in build.hexes:
        raise IllegalAction(f"you have already built at {g.label(h)} this turn")
    if tile_type.is_town_tile and not town:
        raise IllegalAction(f"{tile_type.title} tiles go only on towns; {g.label(h)} is not a town")
    disk = town and not tile_type.is_town_tile
    tracks = list(oriented(tile_name, rotation, disk))
    old = g.tiles.get(h)
    owners: list[int | None] = []
    added: list[Track] = []
    check_ends: set[int] = set()  # edges of added track whose contacts must be checked
    disks = 1 if disk else 0
    if old is None:
        kind = NEW
        added = list(tracks)
        owners = [seat] * len(tracks)
    elif town:
        kind = TOWN_UPGRADE
        if not set(old.tracks) < set(tracks):
            raise IllegalAction(f"a town upgrade at {g.label(h)} must keep every spoke already there and add more")
        for t in tracks:
            if t in old.tracks:
                owners.append(old.owners[old.tracks.index(t)])
            else:
                owners.append(seat)
                added.append(t)
        disks -= 1 if old.disk else 0
    else:
        if set(old.tracks) <= set(tracks) and len(tracks) > len(old.tracks):
            kind = UPGRADE
            for t in tracks:
                if t in old.tracks:
                    owners.append(old.owners[old.tracks.index(t)])
                else:
                    owners.append(seat)
                    added.append(t)
        elif len(tracks) == len(old.tracks):
            kind = REDIRECT
            i, t_new = _match_redirect(g, seat, h, old, tracks)
            check_ends = set(t_new) - set(old.tracks[i])
            for t in tracks:
                if t == t_new:
                    owners.append(seat)
                    added.append(t)
                else:
                    owners.append(old.owners[old.tracks.index(t)])
        else:
            raise IllegalAction(f"a replacement at {g.label(h)} must keep all the track already there")
    if resources and g.supply.get(tile_name, 0) <= 0 and not (old is not None and old.tile == tile_name):
        raise IllegalAction(f"no {tile_type.title} tiles are left")
    if resources and disks > 0 and g.disks <= 0:
        raise IllegalAction("all 8 town disks are in use")

    # where the added track points, and whether it connects
    contacts: dict[int, str] = {}
    if kind != REDIRECT:
        check_ends = {e for t in added for e in t}
    for e in sorted(check_ends - {TOWN}):
        contacts[e] = edge_contact(g, seat, h, e)
    touches_city = any(c == "city" for c in contacts.values())
    if kind == TOWN_UPGRADE or (kind == NEW and town):
        mine_here = old is not None and seat in old.owners
        if not mine_here and not any(c != "open" for c in contacts.values()):
            raise IllegalAction(
                f"the town tile at {g.label(h)} must connect to a City or to your own track by at least one exit"
            )
    elif kind != REDIRECT:
        for t in added:
            if not any(contacts.get(e) in ("city", "own", "claim") for e in t):
                a, b = t
                raise IllegalAction(
                    f"the new track {DIRECTIONS[a]}–{DIRECTIONS[b]} at {g.label(h)} must connect to a City "
                    "or to your own track"
                )
    if not g.players[seat].has_built and not touches_city:
        raise IllegalAction("your first track tile must be next to a City, with a track end touching it")

    new_tile = PlacedTile(tile_name, rotation, disk, tracks, owners)
    completes = _check_no_loop(g, h, new_tile, added)
    cost = rules.build_cost(g, h, kind, old, new_tile)
    if resources and cost > g.players[seat].cash:
        raise IllegalAction(f"that build costs ${cost} and you have ${g.players[seat].cash}")
    plan = BuildPlan(h, new_tile, kind, added, cost, old, disks, completes)
    rules.check_build(g, seat, plan)
    return plan


def _check_no_loop(g: GameState, h: int, tile: PlacedTile, added: list[Track]) -> bool:
    """No link may join a City or Town to itself. Returns whether the added track completes a link."""
    before = g.tiles.get(h)
    g.tiles[h] = tile
    completes = False
    try:
        for t in added:
            chain = trace(g, h, tile.tracks.index(t))
            a, b = chain.ends
            if a.stop is not None and a.stop == b.stop:
                raise IllegalAction(f"that track would run from {g.stop_name(a.stop)} back to itself")
            completes = completes or chain.complete
        return completes
    finally:
        if before is None:
            del g.tiles[h]
        else:
            g.tiles[h] = before


def base_build_cost(g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
    """The base game's costs (rules §IV.5)."""
    new_kind = TILE_TYPES[new.tile].kind
    if kind == REDIRECT:
        return 2
    if kind == TOWN_UPGRADE:
        return 3
    if kind == UPGRADE:
        assert old is not None
        return 3 if new_kind == CROSSING and TILE_TYPES[old.tile].kind == SIMPLE else 2
    if g.is_town(h):
        return 1 + len(new.tracks)
    terrain = g.rules.terrain_cost(g, h)
    assert terrain is not None
    return terrain + g.rules.COMPLEX_SURCHARGE.get(new_kind, 0)
