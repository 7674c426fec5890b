"""Heavy Lifting (rulebook 004, Heavy Cardboard, "Actions"): the holder may make one of their deliveries of the
Move Goods phase without track.

One cube goes from a City the mover has a Completed Railroad Link with to a City of its colour, over
contiguous open hexes (no track tiles, no Cities): at most 5 hex spaces, a mountain counting 2, the start and
destination City hexes not counted. Never to or from Madeira. It pays the mover 2 income in turn 1, one more
each turn, at most 6; the cube goes back to the bag. It takes the place of the mover's delivery in that move
round, once per Move Goods phase.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.engine.actions import Action, GoodsColour, HexLabel, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.heavy_cardboard.state import state
from ageofsteam.rules.move_goods import MoveGoodsPhase, delivery_facts, named_city

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

HEAVY_LIFTING = "heavy_lifting"


@register
@dataclass(frozen=True, slots=True)
class HeavyLift(Action):
    """Phase V, Heavy Lifting: move one ``colour`` cube from the city at ``city`` to the city at ``to`` over open
    land, as this move round's delivery."""

    kind: ClassVar[str] = "heavy_lift"
    player: int
    city: HexLabel
    colour: GoodsColour
    to: HexLabel


def lift_income(g: GameState) -> int:
    """2 in turn 1, one more each turn, at most 6."""
    rules = g.rules
    return min(rules.HEAVY_LIFTING_MAX_INCOME, rules.HEAVY_LIFTING_FIRST_INCOME + g.turn - 1)  # type: ignore[attr-defined]


def open_hex(g: GameState, h: int) -> bool:
    """May a Heavy Lifting delivery cross ``h``? Land with no track tile and no City (a bare town: option)."""
    if g.is_city(h) or h in g.tiles:
        return False
    if g.is_town(h):
        return bool(g.options.get("heavy_lifting_through_towns", True))
    return g.rules.terrain_cost(g, h) is not None


def lift_distance(g: GameState, start: int, dest: int) -> int | None:
    """The fewest hex spaces (mountains 2) of open land between the cities at ``start`` and ``dest`` (their
    representative hexes), or None if no open way joins them."""
    m = g.map
    start_hexes = city_hexes(g, start)
    dest_hexes = set(city_hexes(g, dest))
    cross_thick = bool(g.options.get("heavy_lifting_crosses_thick_edges", False))
    best: dict[int, int] = {}
    heap: list[tuple[int, int]] = [(0, h) for h in start_hexes]
    for h in start_hexes:
        best[h] = 0
    while heap:
        d, h = heapq.heappop(heap)
        if d > best.get(h, 1 << 30):
            continue
        if h in dest_hexes:
            return d
        for e, n in enumerate(m.neighbours[h]):
            if n < 0 or (not cross_thick and (h, e) in m.blocked):
                continue
            if n in dest_hexes:
                nd = d
            elif open_hex(g, n):
                nd = d + (2 if m.terrain[n] == "mountain" else 1)
            else:
                continue
            if nd < best.get(n, 1 << 30):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return None


def city_hexes(g: GameState, city: int) -> list[int]:
    """Every hex of the city standing at ``city`` (a printed city may cover several)."""
    idx = g.map.city_at.get(city)
    if idx is None:
        return [city]
    return list(g.map.cities[idx].hexes)


def has_own_link(g: GameState, seat: int, city: int) -> bool:
    return any(link.owner == seat for link in g.network.at_stop.get(city, ()))


def holder_refusal(g: GameState, seat: int) -> str | None:
    """Why ``seat`` may make no Heavy Lifting delivery now (None: they may make one)."""
    if g.players[seat].action != HEAVY_LIFTING:
        return "only the player who took Heavy Lifting may make a Heavy Lifting delivery"
    if state(g).heavy_lifting_used:
        return "Heavy Lifting allows one delivery per turn, and it has been made"
    return None


def lift_refusal(g: GameState, seat: int, start: int, colour: str, dest: int) -> str | None:
    """Why ``seat`` may not heavy-lift a ``colour`` cube from the city at ``start`` to the city at ``dest`` now
    (None: they may). Listing the deliveries and checking a named one both ask this."""
    refusal = holder_refusal(g, seat)
    if refusal is not None:
        return refusal
    rules = g.rules
    if dest == start:
        return "a Heavy Lifting delivery goes to another city"
    banned = rules.no_lift_cities()  # type: ignore[attr-defined]
    for c in (start, dest):
        if c in banned:
            return f"Heavy Lifting cannot deliver to or from {g.city_name(c)}"
    if g.cubes.get(start, {}).get(colour, 0) <= 0:
        return f"there is no {colour} cube in {g.city_name(start)}"
    if not has_own_link(g, seat, start):
        return f"Heavy Lifting starts from a city you have a completed link with; you have none at {g.city_name(start)}"
    if not rules.accepts(g, dest, colour):
        return f"{g.city_name(dest)} does not take {colour} cubes"
    limit = rules.HEAVY_LIFTING_RANGE  # type: ignore[attr-defined]
    d = lift_distance(g, start, dest)
    if d is None:
        return f"no open land (without track or cities) joins {g.city_name(start)} and {g.city_name(dest)}"
    if d > limit:
        return (
            f"{g.city_name(dest)} is {d} hex spaces of open land from {g.city_name(start)} (mountains count 2); "
            f"Heavy Lifting reaches {limit}"
        )
    return None


def check_lift(g: GameState, a: HeavyLift) -> tuple[int, int]:
    """The start and destination cities of a legal Heavy Lifting delivery; IllegalAction otherwise."""
    refusal = holder_refusal(g, a.player)
    if refusal is not None:
        raise IllegalAction(refusal)
    start, dest = named_city(g, a.city), named_city(g, a.to)
    refusal = lift_refusal(g, a.player, start, a.colour, dest)
    if refusal is not None:
        raise IllegalAction(refusal)
    return start, dest


def legal_lifts(g: GameState, seat: int) -> list[HeavyLift]:
    """Every legal Heavy Lifting delivery of ``seat`` now: each cube of each city to each other city that
    ``lift_refusal`` allows."""
    if holder_refusal(g, seat) is not None:
        return []
    cities = sorted({c for h in range(g.map.size) if (c := g.city_hex(h)) is not None})
    out = []
    for start in cities:
        colours = sorted(c for c, n in g.cubes.get(start, {}).items() if n > 0)
        for dest in cities:
            out += [
                HeavyLift(seat, g.label(start), colour, g.label(dest))
                for colour in colours
                if lift_refusal(g, seat, start, colour, dest) is None
            ]
    return out


class HeavyLiftingMovePhase(MoveGoodsPhase):
    """Move Goods with the Heavy Lifting delivery as a further choice of its holder."""

    accepts = (*MoveGoodsPhase.accepts, HeavyLift)  # type: ignore[assignment]

    def begin(self, g: GameState) -> bool:
        state(g).heavy_lifting_used = False
        return super().begin(g)

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        return super().legal(g) + list(legal_lifts(g, seat))

    def check(self, g: GameState, a: Action) -> None:
        if isinstance(a, HeavyLift):
            check_lift(g, a)
        else:
            super().check(g, a)

    def apply(self, g: GameState, a: Action) -> bool:
        if not isinstance(a, HeavyLift):
            done = super().apply(g, a)
        else:
            start, dest = check_lift(g, a)
            g.cubes[start][a.colour] -= 1
            g.bag[a.colour] = g.bag.get(a.colour, 0) + 1
            gain = lift_income(g)
            g.players[a.player].income += gain
            state(g).heavy_lifting_used = True
            g.say(
                f"{g.player_name(a.player)} heavy-lifts {a.colour} from {g.city_name(start)} to "
                f"{g.city_name(dest)} (+{gain} income)"
            )
            done = self.moved(g)
        if done:
            state(g).heavy_lifting_used = False
        return done


def info(g: GameState, a: HeavyLift) -> dict[str, Any]:
    """The facts of the menu entry: from the start city to the destination, the mover's income."""
    start, dest = (g.city_hex(g.map.by_label[lab.upper()]) for lab in (a.city, a.to))
    assert start is not None and dest is not None
    return delivery_facts(g, (start, dest), 0, {a.player: lift_income(g)})


def describe(g: GameState, a: HeavyLift) -> str:
    """The CLI's menu entry."""
    start = g.city_hex(g.map.by_label[a.city.upper()])
    dest = g.city_hex(g.map.by_label[a.to.upper()])
    assert start is not None and dest is not None
    return (
        f"Heavy Lifting: {a.colour} from {g.city_name(start)} to {g.city_name(dest)} over open land "
        f"(+{lift_income(g)} income)"
    )
