"""Phase IV, Build Track: the First Build holder, then everyone in player order, each makes up to 3 builds
(4 with Engineer), the Urbanization holder first placing a New City if they wish.

At the end of a player's build, every unfinished section of theirs that no tile laid in this build extended
loses its owner (rules §IV.6; redirection alone does not count as extending).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from ageofsteam.board.network import Chain, trace
from ageofsteam.board.tiles import TILE_TYPES, Track, distinct_rotations, exits_of, oriented
from ageofsteam.engine.actions import Action, Build, EndBuild, Urbanize
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.state import BuildTurn
from ageofsteam.rules.phase import Phase, next_in_queue
from ageofsteam.rules.track_placement import BuildPlan, edge_contact, plan_build
from ageofsteam.rules.urbanization import URBANIZATION, apply_urbanize, check_urbanize

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState, PlacedTile

FIRST_BUILD = "first_build"


class BuildTrackPhase(Phase):
    name = "build_track"
    title = "IV. Build Track"
    accepts = (Build, Urbanize, EndBuild)

    def begin(self, g: GameState) -> bool:
        order = g.active_players()
        first = [p for p in order if g.players[p].action == FIRST_BUILD]
        g.pending = first + [p for p in order if p not in first]
        return self._next(g)

    def _next(self, g: GameState) -> bool:
        while not next_in_queue(g):
            seat = g.pending[0]
            p = g.players[seat]
            g.build = BuildTurn(
                seat,
                builds_left=g.rules.builds_allowed(g, seat),
                may_urbanize=p.action == URBANIZATION and bool(g.new_cities_left),
            )
            if not self._build_over(g):
                return False
            self._end_build(g)
        g.build = None
        return True

    def _build_over(self, g: GameState) -> bool:
        """The build ends by itself when nothing more can be done."""
        b = g.build
        assert b is not None
        if b.may_urbanize:
            return False
        return b.builds_left <= 0 or g.players[b.player].cash < g.rules.cheapest_build(g, b.player)

    def _end_build(self, g: GameState) -> None:
        b = g.build
        assert b is not None
        lost = []
        for chain in owned_chains(g, b.player):
            if chain.complete:
                continue
            if any((h, g.tiles[h].tracks[i]) in b.new_tracks for h, i in chain.tracks):
                continue
            for h, i in chain.tracks:
                g.tiles[h].owners[i] = None
            lost.append(g.label(chain.tracks[-1][0]))
        if b.builds_done == 0:
            g.say(f"{g.player_name(b.player)} builds nothing this turn")
        if lost:
            g.board_changed()
            g.say(f"{g.player_name(b.player)} loses unfinished track at {', '.join(lost)}")
        g.rules.on_build_ended(g, b.player)
        g.pending.pop(0)

    # --- decisions -----------------------------------------------------------------------------

    def legal(self, g: GameState) -> list[Action]:
        b = g.build
        assert b is not None
        out: list[Action] = [EndBuild(b.player)]
        if b.may_urbanize:
            for h in sorted(g.map.towns, key=g.label):
                if g.is_town(h) and g.rules.urbanize_refusal(g, h) is None:
                    out += [Urbanize(b.player, g.label(h), c) for c in g.new_cities_left]
        if b.builds_left > 0:
            from ageofsteam.rules.build_listing import legal_build_actions

            out += legal_build_actions(g, b.player)
        return out

    # The plan of the build ``check`` accepted last, with the position it was made in: ``BaseRules.apply`` checks
    # an action just before carrying it out, and ``build`` takes the plan from here rather than making it again.
    _checked: tuple[GameState, Build, tuple[object, int, int], BuildPlan] | None = None

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, Urbanize):
            check_urbanize(g, a)
        elif isinstance(a, Build):
            plan = self.plan(g, a)
            self._checked = (g, a, _moment(g), plan)

    def plan(self, g: GameState, a: Build) -> BuildPlan:
        b = g.build
        assert b is not None
        if b.builds_left <= 0:
            raise IllegalAction("you have no builds left this turn")
        h = g.map.by_label.get(a.hex.upper())
        if h is None:
            raise IllegalAction(f"there is no hex {a.hex!r} on this map")
        return plan_build(g, a.player, h, a.tile, a.rotation)

    def build(self, g: GameState, a: Action) -> None:
        """Carry out one checked build; maps whose builds are not tiles (discs, links, stations) override this."""
        assert isinstance(a, Build)
        checked, self._checked = self._checked, None
        if checked is not None and checked[0] is g and checked[1] is a and checked[2] == _moment(g):
            apply_build(g, checked[3])
        else:
            apply_build(g, self.plan(g, a))

    def apply(self, g: GameState, a: Action) -> bool:
        b = g.build
        assert b is not None
        if isinstance(a, EndBuild):
            self._end_build(g)
            return self._next(g)
        if isinstance(a, Urbanize):
            apply_urbanize(g, a, check_urbanize(g, a))
        else:
            self.build(g, a)
        if self._build_over(g):
            self._end_build(g)
            return self._next(g)
        return False


def owned_chains(g: GameState, seat: int) -> list[Chain]:
    """The chains of the network (``build_hex_network``) that ``seat`` owns, in its order and traced as it traces
    them, found by tracing from ``seat``'s own track only: the network meets the tracks in the order of the board's
    tiles and traces each chain from the first of its tracks it meets, whose owner owns the chain."""
    order = {h: k for k, h in enumerate(g.tiles)}
    seen: set[tuple[int, int]] = set()
    found: list[Chain] = []
    for h, tile in g.tiles.items():
        for i, owner in enumerate(tile.owners):
            if owner != seat or (h, i) in seen:
                continue
            chain = trace(g, h, i)
            seen.update(chain.tracks)
            # the network traces a chain from its first track in this order, and that track's owner owns it
            if min(chain.tracks, key=lambda ref: (order[ref[0]], ref[1])) == (h, i):
                found.append(chain)
    return found


def _moment(g: GameState) -> tuple[object, int, int]:
    """What changes with every action of a build turn: its record, its builds, and the log."""
    b = g.build
    return (b, b.builds_done if b is not None else -1, len(g.log))


def apply_build(g: GameState, plan: BuildPlan) -> None:
    """Carry out a checked build."""
    b = g.build
    assert b is not None
    seat = b.player
    if plan.old is not None:
        g.supply[plan.old.tile] = g.supply.get(plan.old.tile, 0) + 1
    g.supply[plan.tile.tile] -= 1
    g.disks -= plan.disks
    g.tiles[plan.hex] = plan.tile
    g.board_changed()
    p = g.players[seat]
    p.cash -= plan.cost
    p.has_built = True
    b.builds_left -= 1
    b.builds_done += 1
    b.spent.append(plan.cost)
    b.hexes.add(plan.hex)
    b.may_urbanize = False
    if plan.extends:
        for t in plan.added:
            b.new_tracks.add((plan.hex, t))
    # the builder's track claims every chain it joins (house rulings 4 and 5)
    claimed = False
    for t in plan.added:
        for h, i in trace(g, plan.hex, plan.tile.tracks.index(t)).tracks:
            if g.tiles[h].owners[i] != seat:
                g.tiles[h].owners[i] = seat
                claimed = True
    if claimed:
        g.board_changed()
    g.rules.on_built(g, seat, plan)
    g.say(
        f"{p.name} builds {TILE_TYPES[plan.tile.tile].title.lower()} at {g.label(plan.hex)}"
        f"{' (' + plan.kind + ')' if plan.kind != 'new' else ''} for ${plan.cost}"
    )


def candidate_hexes(g: GameState, seat: int) -> set[int]:
    """Hexes where a build of ``seat`` might be legal: next to a city, at an open end, or holding a tile."""
    out: set[int] = set(g.tiles)
    nb = g.map.neighbours
    for h in range(g.map.size):
        if g.is_city(h):
            out.update(n for n in nb[h] if n >= 0)
    for h in g.rules.track_start_hexes(g):  # stops that count as Cities for placement (Miami's districts)
        out.update(n for n in nb[h] if n >= 0)
    for chain in g.network.chains:
        for end in chain.ends:
            if end.stop is None:
                n = nb[end.hex][end.edge]
                if n >= 0:
                    out.add(n)
    return {h for h in out if not g.is_city(h) and h not in g.build.hexes}  # type: ignore[union-attr]


@cache
def _layouts(town: bool) -> tuple[tuple[str, int, bool, int, tuple[int, ...]], ...]:
    """Every distinct tile layout for a town or an ordinary hex: (tile, rotation, disk, exit mask, track masks)."""
    out = []
    for name, tt in TILE_TYPES.items():
        if tt.is_town_tile and not town:
            continue
        disk = town and not tt.is_town_tile
        for r in distinct_rotations(name, disk):
            tracks = oriented(name, r, disk)
            masks = tuple(exits_of((t,)) for t in tracks)
            out.append((name, r, disk, exits_of(tracks), masks))
    return tuple(out)


def edge_masks(g: GameState, seat: int, h: int) -> tuple[int, int, int]:
    """Bit masks of the edges of ``h`` where a new track end may not point, where it would connect, and
    where it would touch a City."""
    bad = connect = city = 0
    for e in range(6):
        try:
            contact = edge_contact(g, seat, h, e)
        except IllegalAction:
            bad |= 1 << e
            continue
        if contact != "open":
            connect |= 1 << e
        if contact == "city":
            city |= 1 << e
    return bad, connect, city


def legal_builds(g: GameState, seat: int) -> list[BuildPlan]:
    """Every legal single build of ``seat`` now, with its cost."""
    return _dedupe(list(iter_builds(g, seat, sorted(candidate_hexes(g, seat)))))


def iter_builds(g: GameState, seat: int, hexes: Iterable[int]) -> Iterator[BuildPlan]:
    """The legal builds of ``seat`` on ``hexes``, hex by hex.

    Layouts that cannot fit (a track end toward a forbidden edge, a track that connects nowhere) are skipped
    by bit-mask tests; :func:`plan_build` makes the full check of the rest.
    """
    first = not g.players[seat].has_built
    supply = g.supply
    for h in hexes:
        town = g.is_town(h)
        if not town and g.rules.terrain_cost(g, h) is None:
            continue
        old = g.tiles.get(h)
        bad, connect, city = edge_masks(g, seat, h)
        if old is None and not connect and not town:
            continue
        if old is None:  # an empty hex: the layouts that fit these edges are worked out once and cached
            for name, r in _empty_hex_layouts(town, first, bad, connect, city if first else 0):
                if supply.get(name, 0) <= 0:
                    continue
                try:
                    plan = plan_build(g, seat, h, name, r)
                except IllegalAction:
                    continue
                yield plan
            continue
        free = _redirect_ends(g, seat, h, old) if not town else {}
        free_key = tuple(sorted((t, tuple(sorted(ends))) for t, ends in free.items()))
        for name, r in _tiled_hex_layouts(town, old.tile, old.rotation, tuple(old.tracks), bad, connect, free_key):
            if supply.get(name, 0) <= 0 and old.tile != name:
                continue
            try:
                plan = plan_build(g, seat, h, name, r)
            except IllegalAction:
                continue
            yield plan


@cache
def _empty_hex_layouts(town: bool, first: bool, bad: int, connect: int, city: int) -> tuple[tuple[str, int], ...]:
    """The layouts (tile, rotation) that pass the bit-mask tests of :func:`iter_builds` on an empty hex."""
    out = []
    for name, r, _disk, exits, masks in _layouts(town):
        if exits & bad or (first and not exits & city):
            continue
        if town:
            if not exits & connect:
                continue
        elif not all(m & connect for m in masks):
            continue
        out.append((name, r))
    return tuple(out)


@cache
def _tiled_hex_layouts(
    town: bool,
    tile: str,
    rotation: int,
    old: tuple[Track, ...],
    bad: int,
    connect: int,
    free: tuple[tuple[Track, tuple[int, ...]], ...],
) -> tuple[tuple[str, int], ...]:
    """The layouts (tile, rotation) that may replace the tile ``tile`` turned ``rotation`` with tracks ``old``:
    upgrades keeping every track (whose added track points where it may and connects), and redirections that
    can be legal (``free``: the free ends of the tracks that may be redirected, see ``_redirect_ends``)."""
    old_set = set(old)
    free_ends = {t: set(ends) for t, ends in free}
    out = []
    for name, r, disk, _exits, _masks in _layouts(town):
        if tile == name and rotation == r:
            continue
        tracks = oriented(name, r, disk)
        kept = len(old_set.intersection(tracks))
        if town or len(tracks) > len(old):
            if kept != len(old) or len(tracks) <= kept:
                continue
            if not town and any(
                exits_of((t,)) & bad or not exits_of((t,)) & connect for t in tracks if t not in old_set
            ):
                continue  # an added track points where it may not, or connects nowhere
        elif not (len(tracks) == len(old) and kept == len(tracks) - 1) or not _redirect_fits(
            list(old), tracks, free_ends, bad
        ):
            continue  # not a redirection either, or one that cannot be legal
        out.append((name, r))
    return tuple(out)


def _redirect_ends(g: GameState, seat: int, h: int, old: PlacedTile) -> dict[Track, set[int]]:
    """For each track on ``h`` that ``seat`` could redirect (theirs or unowned, the last tile of an unfinished
    section), the edges of its free end; the same conditions as ``_match_redirect``, worked out once per hex."""
    out: dict[Track, set[int]] = {}
    for i, t in enumerate(old.tracks):
        if old.owners[i] not in (None, seat):
            continue
        chain = trace(g, h, i)
        if chain.complete:
            continue
        ends = {e.edge for e in chain.ends if e.stop is None and e.hex == h and e.edge in t}
        if ends:
            out[t] = ends
    return out


def _redirect_fits(old: list[Track], new: tuple[Track, ...], free: dict[Track, set[int]], bad: int) -> bool:
    """Whether replacing ``old`` by ``new`` (one track differs) can be a legal redirection: the changed track
    keeps the end where its section comes in, turns its free end, and the new end may point where it does."""
    t_old = next(t for t in old if t not in new)
    t_new = next(t for t in new if t not in old)
    shared = set(t_old) & set(t_new)
    if len(shared) != 1:
        return False
    kept = shared.pop()
    if (t_old[0] if t_old[1] == kept else t_old[1]) not in free.get(t_old, ()):
        return False
    return not (1 << (t_new[0] if t_new[1] == kept else t_new[1])) & bad


def _dedupe(plans: list[BuildPlan]) -> list[BuildPlan]:
    """Different rotations of a symmetric tile, or a disk on either of two tiles with the same exits, are
    different physical choices only when they use different tiles; identical results are listed once."""
    seen: set[tuple[int, str, tuple[tuple[int, int], ...]]] = set()
    out = []
    for p in plans:
        key = (p.hex, p.tile.tile, tuple(p.tile.tracks))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out
