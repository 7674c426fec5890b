"""New York Subway's judgement for the bots: the build turn as whole station sets (``Judgement.build_plan``).

An excavation alone, or a first station alone, opens nothing; what pays is a set of stations that together
join places: since all of a player's stations are joined, a station at a new place adds a link to every place
the player already has. So the plan weighs sets of up to three new stations (at most one a place: a place new
to the player, or one of its own, where a second station lets discs pass through) with the excavations they
need (up to two a turn; a hex beside two wanted places serves both; hexes anyone excavated are reused, they
belong to no one) by what the player's places would then deliver:

* each of the top discs of every stack at one of its places (the top counts whole, the next ones less, as they
  surface once the top has moved) pays when one of its places is a skyscraper of the disc's colour: one hop
  (+1), and one more for each of its places with two of its stations (a disc passes through a place by two)
  that the disc may pass, up to one engine level more than now;
* and, for the points at the end, the height of each skyscraper a station stands beside (more as the end
  nears),

for their cost, within the cash to spare, the side limits and the station cubes left. The next action of the
best set is the turn's next build: its excavations first, then its stations.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.engine.actions import EndBuild
from ageofsteam.maps.new_york.excavation import Excavate
from ageofsteam.maps.new_york.figures import excavated, is_place, side_key, side_places, stacks, stations, stations_of
from ageofsteam.maps.new_york.stations import BuildStation

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState
    from ageofsteam.maps.new_york.rules import Rules

DEPTH_WEIGHTS = (1.0, 0.5, 0.25)  # what a disc counts for by its place in the stack (top first)
FLOOR_EARLY = 0.2  # what a floor of a skyscraper beside a station counts (in income) early in the game
FLOOR_LATE = 0.34  # and in the last two turns (a floor is a point at the end; a step of income about three)
COST_WEIGHT = 0.08  # income a dollar spent is worth
PAIRS_EXTENDED = 10  # the best pairs of places a third place is tried with


@dataclass(frozen=True, slots=True)
class Option:
    """One way to put a station of the player's at a place: beside ``hex`` (excavated or to excavate)."""

    place: int
    hex: int
    cost: int  # the station's cost
    dig: bool  # the hex must be excavated first


@dataclass(frozen=True, slots=True)
class StationPlan:
    """The stations to build this turn and the excavations they need."""

    digs: tuple[int, ...]
    options: tuple[Option, ...]
    cost: int
    gain: float  # what the player's places deliver more, in income (and floors)
    opens: int  # discs on top of stacks that get a place of their colour to go to


class _Places:
    """A player's places and what they deliver: the figures of one build decision."""

    def __init__(self, g: GameState, seat: int) -> None:
        self.g = g
        self.engine = max(1, g.players[seat].engine)
        self.places = [h for h in range(g.map.size) if is_place(g, h)]
        colours = ("yellow", "red", "blue", "purple", "black")
        self.accepts = {h: frozenset(c for c in colours if g.rules.accepts(g, h, c)) for h in self.places}
        st = stacks(g)
        self.tops = {h: list(reversed(st.get(g.label(h), [])))[: len(DEPTH_WEIGHTS)] for h in self.places}
        self.height = {h: len(st.get(g.label(h), [])) for h in self.places}
        last = g.last_turn or 8
        self.floor = FLOOR_LATE if last - g.turn <= 1 else FLOOR_EARLY
        self.mine: dict[int, int] = {}
        for side in stations_of(g, seat):
            for p in side_places(g, side):
                self.mine[p] = self.mine.get(p, 0) + 1

    def value(self, mine: dict[int, int]) -> float:
        """What places with ``mine`` stations (place → count) deliver, in income, and their floors."""
        ending: dict[str, int] = {}  # colour → places of ``mine`` where a disc of it ends
        passing: dict[str, int] = {}  # colour → places of ``mine`` with two stations a disc of it may pass
        doubled = 0
        floors = 0
        for z, n in mine.items():
            acc = self.accepts[z]
            for c in acc:
                ending[c] = ending.get(c, 0) + 1
            if n >= 2:
                doubled += 1
                for c in acc:
                    passing[c] = passing.get(c, 0) - 1
            floors += self.height[z] * n if acc else 0
        reach = self.engine  # one engine level more than now: the plan readies longer deliveries
        pays = []
        for x, n in mine.items():
            acc = self.accepts[x]
            for w, c in zip(DEPTH_WEIGHTS, self.tops[x], strict=False):
                if ending.get(c, 0) - (c in acc) <= 0:
                    continue
                passes = doubled + passing.get(c, 0) - (n >= 2 and c not in acc)
                pays.append(w * (1 + min(reach, passes)))
        return self.floor * floors + sum(pays)

    def opened(self, mine: dict[int, int]) -> int:
        """How many discs on top of the stacks at places with ``mine`` stations have a place of theirs to go."""
        return sum(1 for x in mine for c in self.tops[x][:1] if any(c in self.accepts[y] for y in mine if y != x))


def _options(g: GameState, seat: int, place: int, rules: Rules) -> list[Option]:
    """The ways ``seat`` may put a station at ``place`` this turn: beside an excavated hex where the side has
    room, or beside a hex it may excavate (cheapest first)."""
    dug = excavated(g)
    st = stations(g)
    cap = rules.capacity(g)
    out = []
    for h in g.map.neighbours[place]:
        if h < 0:
            continue
        there = st.get(side_key(g, place, h), [])
        if g.label(h) in dug:
            if seat not in there and len(there) < cap:
                out.append(Option(place, h, rules.STATION_COST + len(there), False))
        elif rules.excavation_cost(g, h) is not None:
            out.append(Option(place, h, rules.STATION_COST, True))
    out.sort(key=lambda o: (o.cost + 2 * o.dig, -sum(1 for n in g.map.neighbours[o.hex] if n >= 0 and is_place(g, n))))
    return out


def _digs_needed(near: list[frozenset[int]]) -> int | None:
    """The fewest hexes to excavate so that each place (by the hexes it may take a station beside once
    excavated, ``near``) meets one of them (up to three places); None if one has none."""
    if any(not hexes for hexes in near):
        return None
    if len(near) <= 1:
        return len(near)
    if len(near) == 2:
        return 1 if near[0] & near[1] else 2
    a, b, c = near
    if a & b & c:
        return 1
    return 2 if (a & b) or (a & c) or (b & c) else 3


def _cost(
    places: tuple[int, ...], ready: dict[int, Option], near: dict[int, frozenset[int]], digs_left: int, dig_cost: int
) -> tuple[int, int] | None:
    """The cheapest way to put one station at each of ``places`` (an excavated side with room at ``ready``, or
    beside a hex to excavate, shared where one meets two of them): its cost and the mask of the places that
    take a newly excavated hex; None if no way fits the excavations left."""
    best: tuple[int, int] | None = None
    for mask in range(1 << len(places)):
        cost = 0
        digging = []
        for i, p in enumerate(places):
            if mask >> i & 1:
                digging.append(near[p])
                cost += 1
            elif p in ready:
                cost += ready[p].cost
            else:
                break
        else:
            digs = _digs_needed(digging)
            if digs is None or digs > digs_left:
                continue
            cost += dig_cost * digs
            if best is None or cost < best[0]:
                best = (cost, mask)
    return best


def _realize(
    places: tuple[int, ...], mask: int, options: dict[int, list[Option]], ready: dict[int, Option], digs_left: int
) -> tuple[tuple[int, ...], tuple[Option, ...]]:
    """The hexes to excavate and the stations of the way ``_cost`` found."""
    digging = [p for i, p in enumerate(places) if mask >> i & 1]
    digs = _cover(digging, options, digs_left) or ()
    chosen = [ready[p] for i, p in enumerate(places) if not mask >> i & 1]
    chosen += [next(o for o in options[p] if o.dig and o.hex in digs) for p in digging]
    return digs, tuple(chosen)


def _cover(places: list[int], options: dict[int, list[Option]], most: int) -> tuple[int, ...] | None:
    """The fewest hexes to excavate (at most ``most``) so that each of ``places`` meets one of them."""
    if not places:
        return ()
    near = {p: [o.hex for o in options[p] if o.dig] for p in places}
    if any(not hexes for hexes in near.values()):
        return None
    for k in range(1, min(most, len(places)) + 1):
        pool = sorted({h for hexes in near.values() for h in hexes}, key=lambda h: -sum(h in v for v in near.values()))
        for digs in combinations(pool, k):
            if all(any(h in digs for h in near[p]) for p in places):
                return digs
    return None


def station_plan(g: GameState, seat: int, budget: int) -> StationPlan | None:
    """The best set of stations (and the excavations they need) ``seat`` can build in what is left of this
    build turn for at most ``budget``; None when no set adds to what its places deliver."""
    plans = station_plans(g, seat, budget, 1)
    return plans[0] if plans else None


def station_plans(g: GameState, seat: int, budget: int, count: int) -> list[StationPlan]:
    """The ``count`` best sets of stations (with the excavations they need) ``seat`` can build in what is left
    of this build turn for at most ``budget``, best first (of two as good, the one weighed first): those that
    add to what its places deliver by more than their cost."""
    rules: Rules = g.rules  # type: ignore[assignment]
    b = g.build
    if b is None or budget <= 0:
        return []
    turn = rules.turn_counts(g)
    builds = min(b.builds_left, rules.BUILDS - turn.stations, rules.stations_left(g, seat))
    digs_left = rules.EXCAVATIONS - turn.excavations
    if builds <= 0:
        return []
    look = _Places(g, seat)
    base = look.value(look.mine)
    options = {p: opts for p in look.places if (opts := _options(g, seat, p, rules))}
    ready = {p: next(o for o in opts if not o.dig) for p, opts in options.items() if any(not o.dig for o in opts)}
    near = {p: frozenset(o.hex for o in opts if o.dig) for p, opts in options.items()}
    dig_cost = rules.EXCAVATION_COST
    worthy: list[tuple[float, int, float, int, tuple[int, ...], int]] = []  # score, order, gain, cost, places, mask
    scored: list[tuple[float, tuple[int, ...]]] = []

    def weigh(group: tuple[int, ...]) -> float | None:
        way = _cost(group, ready, near, digs_left, dig_cost)
        if way is None or way[0] > budget:
            return None
        mine = dict(look.mine)
        for p in group:
            mine[p] = mine.get(p, 0) + 1
        gain = look.value(mine) - base
        score = gain - COST_WEIGHT * way[0]
        if gain > 0 and score > 0:
            worthy.append((-score, len(worthy), gain, way[0], group, way[1]))
        return score

    candidates = sorted(options)
    for p in candidates:
        weigh((p,))
    if builds >= 2:
        for pair in combinations(candidates, 2):
            score = weigh(pair)
            if score is not None:
                scored.append((score, pair))
    if builds >= 3:
        scored.sort(reverse=True)
        tried: set[tuple[int, ...]] = set()
        for _, two in scored[:PAIRS_EXTENDED]:
            for p in candidates:
                group = tuple(sorted((*two, p)))
                if p not in two and group not in tried:
                    tried.add(group)
                    weigh(group)
    out = []
    for _, _, gain, cost, group, mask in heapq.nsmallest(count, worthy):
        digs, chosen = _realize(group, mask, options, ready, digs_left)
        mine = dict(look.mine)
        for p in group:
            mine[p] = mine.get(p, 0) + 1
        out.append(StationPlan(digs, chosen, cost, gain, look.opened(mine) - look.opened(look.mine)))
    return out


def _names(g: GameState, places: list[int]) -> str:
    names = [g.stop_name(p) for p in places]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def build_plan(g: GameState, seat: int, legal: list[Action], budget: int) -> tuple[Action, str]:
    """The next build of ``seat``'s best station set (its excavations first), with the reason in player words;
    the end of the build turn when no set within ``budget`` adds to what its places deliver."""
    plan = station_plan(g, seat, budget)
    if plan is None:
        end = next((a for a in legal if isinstance(a, EndBuild)), EndBuild(seat))
        return end, f"no stations within ${max(0, budget)} open a delivery for you"
    places = _names(g, [o.place for o in plan.options])
    n = plan.opens
    if n > 0:
        does = f"opens {n} deliver{'y' if n == 1 else 'ies'} now"
    else:
        does = "readies longer deliveries and floors that score at the end"
    what = f"stations at {places} (${plan.cost} in all): {does}"
    step = _next_step(g, seat, plan, set(legal))
    if isinstance(step, Excavate):
        return step, f"excavating {step.hex} for {what}"
    if isinstance(step, BuildStation):
        o = next(o for o in plan.options if g.label(o.place) == step.place and g.label(o.hex) == step.hex)
        return step, f"a station between {g.stop_name(o.place)} and {g.label(o.hex)}: {what}"
    end = next((a for a in legal if isinstance(a, EndBuild)), EndBuild(seat))
    return end, "your plan's stations cannot be built now"


def build_options(g: GameState, seat: int, legal: list[Action], budget: int, count: int) -> list[Action]:
    """Up to ``count`` builds worth weighing for ``seat`` now: the next builds of its best station sets within
    ``budget`` (each once, best set first), and the end of the build turn."""
    offered = set(legal)
    out: dict[Action, None] = {}
    for plan in station_plans(g, seat, budget, 3 * count):
        step = _next_step(g, seat, plan, offered)
        if step is not None:
            out[step] = None
        if len(out) >= count:
            break
    end = next((a for a in legal if isinstance(a, EndBuild)), None)
    if end is not None:
        out[end] = None
    return list(out)


def _next_step(g: GameState, seat: int, plan: StationPlan, offered: set[Action]) -> Action | None:
    """The next build of ``plan`` that is on offer: its excavations first, then its stations, the one at the
    tallest stack first; None when none is."""
    for h in plan.digs:
        dig = Excavate(seat, g.label(h))
        if dig in offered:
            return dig
    for o in sorted(plan.options, key=lambda o: -_height(g, o)):
        station = BuildStation(seat, g.label(o.place), g.label(o.hex))
        if station in offered:
            return station
    return None


def _height(g: GameState, o: Option) -> int:
    """Which station of a plan to build first: the one at the tallest stack (most to deliver from)."""
    return len(stacks(g).get(g.label(o.place), []))


class Judgement(BaseJudgement):
    """New York's judgement: the build turn as whole station sets."""

    def build_plan(self, g: GameState, seat: int, legal: list[Action], budget: int) -> tuple[Action, str]:
        """Whole station sets: the next excavation or station of the best set within ``budget``."""
        return build_plan(g, seat, legal, budget)

    def build_options(self, g: GameState, seat: int, legal: list[Action], budget: int, count: int) -> list[Action]:
        """The next builds of the other best station sets within ``budget``, and the end of the build turn: a
        station or excavation at random opens nothing."""
        return build_options(g, seat, legal, budget, count)
