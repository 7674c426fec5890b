"""The random bot: a legal action chosen at random, with weights that keep it solvent and its games lively.

It is no strategy, but it plays like a careless beginner rather than like a die:

* shares are issued to have some cash to build with, fewer as the game goes on, and whenever the expenses
  would otherwise bankrupt it;
* bids stay small, and a Turn Order pass is mostly used when held;
* every special action can be taken; Locomotive is less likely when the income could not carry it;
* building weighs up to 40 legal builds (fewer in a cheaper bot): completing a link is best, then track that
  extends its own unfinished section or leaves a city towards a city its cubes can go to (never back where it
  came from); cost counts against a build, and the cash needed for this turn's expenses is kept;
* moving delivers the cube that pays the bot itself most; the engine is raised when that opens a delivery
  or a much better one;
* Production boxes and New City tiles are chosen at random.

Every choice is one of the engine's legal actions (builds come from the engine's own planner), so the bot
can drive random games that test the rules. Over 200 seeded games (3–6 players) about nine in ten reach
their last turn with at least two players left, and about four players in five survive.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING

from ageofsteam.board.network import trace
from ageofsteam.bots.base import Bot, Hint
from ageofsteam.engine.actions import (
    Action,
    Bid,
    Build,
    Deliver,
    DropOut,
    EndBuild,
    IssueShares,
    SelectAction,
    SkipMove,
    TurnOrderPass,
    UpgradeEngine,
    Urbanize,
)
from ageofsteam.engine.game import Game
from ageofsteam.rules.build_track import candidate_hexes, iter_builds
from ageofsteam.rules.move_goods import all_routes
from ageofsteam.rules.special_links import BuildLink, legal_link_builds, special_link

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.track_placement import BuildPlan

FAR = 99
# relative weights of the special actions (all stay possible)
ACTION_WEIGHTS = {
    "first_move": 3.0,
    "first_build": 2.0,
    "engineer": 3.0,
    "locomotive": 3.0,
    "urbanization": 3.0,
    "production": 2.0,
    "turn_order": 1.5,
}
PLANS_LOOKED_AT = 40  # at most this many legal builds are weighed for one build
STEP = 1.5  # a hex still to build costs this much of a target's worth
COMPLETE = 6.0  # worth of completing a link, before what it leads to
FRONTIER = 4.0  # worth of extending the bot's own unfinished section (it is lost otherwise)
COST = 0.6  # per dollar


def stop_distances(g: GameState) -> dict[int, list[int]]:
    """Stop hex (city or town) → the number of hexes from it to every hex along buildable hexes and towns
    (FAR where track cannot go). It depends on the board and on which hexes can be built on now (floods
    change that), so it is cached by both."""
    m = g.map
    passable = tuple(g.rules.terrain_cost(g, h) is not None or h in m.towns for h in range(m.size))
    key = (m.id, passable)
    cached = _DIST_CACHE.get(key)
    if cached is not None:
        return cached
    out: dict[int, list[int]] = {}
    for s in (h for h in range(m.size) if h in m.city_at or h in m.towns):
        dist = [FAR] * m.size
        dist[s] = 0
        todo = deque([s])
        while todo:
            h = todo.popleft()
            for n in m.neighbours[h]:
                if n >= 0 and dist[n] == FAR and (passable[n] or n in m.city_at):
                    dist[n] = dist[h] + 1
                    if n not in m.city_at:  # a path goes on through open country and towns, not cities
                        todo.append(n)
        out[s] = dist
    _DIST_CACHE[key] = out
    return out


_DIST_CACHE: dict[tuple[str, tuple[bool, ...]], dict[int, list[int]]] = {}


class _Look:
    """What the bot works out once per build decision: which stops are joined, and what reaching a stop is
    worth from them."""

    def __init__(self, g: GameState) -> None:
        self.g = g
        self.net = g.network  # the board before any trial tile
        self.turn = g.turn
        self.dist = stop_distances(g)
        self.groups: dict[int, frozenset[int]] = {}
        self.targets_of: dict[frozenset[int], list[tuple[list[int], float]]] = {}
        self.heading: dict[tuple[int, frozenset[int]], float] = {}

    def group(self, stop: int) -> frozenset[int]:
        """The stops a cube at ``stop`` could reach over completed links (``stop`` included)."""
        out = self.groups.get(stop)
        if out is None:
            at = self.net.at_stop
            seen = {stop}
            todo = [stop]
            while todo:
                here = todo.pop()
                for lk in at.get(here, ()):
                    nxt = lk.other(here)
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            out = self.groups[stop] = frozenset(seen)
        return out

    def worth(self, group: frozenset[int], target: int) -> float:
        """What joining ``target`` to the stops ``group`` promises: cubes that could go from one to the other.
        A town is worth nothing by itself (the distances already lead through towns)."""
        g = self.g
        if not g.is_city(target):
            return 0.0
        n = 0
        cols = g.city_colours(target)
        there = g.cubes.get(target, {})
        for x in group:
            if g.is_city(x):
                n += sum(k for c, k in g.cubes.get(x, {}).items() if c in cols)
                xcols = g.city_colours(x)
                n += sum(k for c, k in there.items() if c in xcols)
        return 1.0 + 1.5 * min(n, 4)

    def targets(self, group: frozenset[int]) -> list[tuple[list[int], float]]:
        """(distances to it, worth) of every stop outside ``group``."""
        out = self.targets_of.get(group)
        if out is None:
            out = self.targets_of[group] = [
                (d, self.worth(group, stop)) for stop, d in self.dist.items() if stop not in group
            ]
        return out

    def towards(self, n: int, group: frozenset[int]) -> float:
        """How far track pointing into hex ``n`` is from the best stop outside ``group`` (smaller is better)."""
        key = (n, group)
        out = self.heading.get(key)
        if out is None:
            out = min((STEP * d[n] - w for d, w in self.targets(group) if d[n] < FAR), default=float(FAR))
            self.heading[key] = out
        return out


class RandomBot(Bot):
    name = "random"
    level = "random"

    def __init__(self, weighed: int = PLANS_LOOKED_AT, stops: int | None = None) -> None:
        """``weighed``: the legal builds weighed for one build; ``stops``: how many of the stops it could build
        from (cities, towns on its track) it ranks for a build, drawn at random (None: all of them). Small
        figures make a cheaper opponent (the research environments')."""
        self._cached_look: _Look | None = None
        self.weighed = weighed
        self.stops = stops

    def hint(self, game: Game, rng: random.Random) -> Hint:
        return Hint(self.choose(game, rng), "a move the Easy bot picked with some chance")

    def choose(self, game: Game, rng: random.Random) -> Action:
        g = game.state
        seat = g.to_move
        if seat is None or seat < 0 or g.over:
            raise ValueError("no legal action: it is not a player's turn")
        if g.build is not None and g.build.player == seat:
            if Build not in g.rules.phase(g).accepts:
                return self._map_build_turn(game, g, seat, rng)
            return self._build_turn(g, seat, rng)
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: it is not a player's turn")
        kinds = {a.kind for a in legal}
        if "issue_shares" in kinds:
            return self._issue(g, seat, legal, rng)
        if kinds & {"bid", "drop_out", "turn_order_pass"}:
            return self._auction(g, seat, legal, rng)
        if "select_action" in kinds:
            return self._select(g, seat, legal, rng)
        if kinds & {"deliver", "upgrade_engine", "skip_move"}:
            return self._move(g, seat, legal, rng)
        return rng.choice(legal)  # Production boxes, and whatever a map adds

    # --- phases I–III --------------------------------------------------------------------------

    def _issue(self, g: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        me = g.players[seat]
        short = max(0, g.rules.expenses(g, seat) - me.income)  # what this turn's expenses need from cash
        more = g.rules.STARTING_SHARES - 2  # maps that start with more shares
        if g.turn == 1:
            need, cap = rng.randint(12, 20), rng.randint(3, 5) + more
        elif g.last_turn and g.turn >= g.last_turn - 1:
            need, cap = short, me.shares + 1  # late shares only stave off bankruptcy
        else:
            need, cap = 8 + short, min(10 + more, 3 + more + g.turn, max(5 + more, me.income + 3))
        want = max(0, -(-(need - me.cash) // 5))  # shares to reach ``need``, rounded up
        rescue = max(0, -(-(short + 1 - me.cash) // 5))  # shares without which expenses would ruin it
        want = min(want, max(rescue, cap - me.shares))
        if rng.random() < 0.1:
            want = max(0, want + rng.choice((-1, 1)))
        counts = [a for a in legal if isinstance(a, IssueShares) and a.count <= want]
        return max(counts, key=lambda a: a.count)  # type: ignore[attr-defined]

    def _auction(self, g: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        me = g.players[seat]
        passes = [a for a in legal if isinstance(a, TurnOrderPass)]
        if passes and rng.random() < 0.7:
            return passes[0]
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
        spare = me.cash - (me.shares + me.engine) - 4
        if bids and bids[0].amount <= spare // 3 and rng.random() < 0.35:
            return bids[0] if rng.random() < 0.7 else rng.choice(bids[: min(3, len(bids))])
        return next(a for a in legal if isinstance(a, DropOut))

    def _select(self, g: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        me = g.players[seat]
        options = [a for a in legal if isinstance(a, SelectAction)]
        weights = []
        for a in options:
            w = ACTION_WEIGHTS.get(a.action, 1.0)
            if a.action == "locomotive" and (me.engine >= 6 or me.income < me.shares + me.engine - 1):
                w = 0.2
            if a.action == "urbanization" and not g.new_cities_left:
                w = 0.2
            weights.append(w)
        return rng.choices(options, weights)[0]

    # --- phase IV ------------------------------------------------------------------------------

    def _build_turn(self, g: GameState, seat: int, rng: random.Random) -> Action:
        b = g.build
        assert b is not None
        if b.may_urbanize and rng.random() < 0.85:
            urb = self._urbanize(g, seat, rng)
            if urb is not None:
                return urb
        if b.builds_left <= 0:
            return EndBuild(seat)
        me = g.players[seat]
        reserve = max(0, me.shares + me.engine - me.income) + (1 if g.turn < g.last_turn or not g.last_turn else 0)
        budget = me.cash - reserve
        if budget < 2 or rng.random() < 0.04:
            return EndBuild(seat)
        if g.map.special_links and BuildLink in g.rules.phase(g).accepts:
            links = [a for a in legal_link_builds(g, seat) if self._link_cost(g, seat, a) <= budget]
            if links and rng.random() < 0.3:
                return rng.choice(links)
        plan = self._pick_build(g, seat, budget, rng)
        if plan is None:
            return EndBuild(seat)
        return Build(seat, g.label(plan.hex), plan.tile.tile, plan.tile.rotation)

    def _map_build_turn(self, game: Game, g: GameState, seat: int, rng: random.Random) -> Action:
        """A build phase of a map's own kind (discs on circles…): a New City as usual, then the map's build
        actions at random within the budget (``rules.action_cost``), cheaper ones likelier."""
        b = g.build
        assert b is not None
        if b.may_urbanize and rng.random() < 0.85:
            urb = self._urbanize(g, seat, rng)
            if urb is not None:
                return urb
        me = g.players[seat]
        budget = me.cash - max(0, me.shares + me.engine - me.income) - (1 if g.turn < g.last_turn else 0)
        own = [a for a in game.legal_actions() if not isinstance(a, (EndBuild, Urbanize))]
        costs = [g.rules.action_cost(g, a) for a in own]
        fits = [(a, c) for a, c in zip(own, costs, strict=True) if c <= budget]
        if not fits or rng.random() < 0.04:
            return EndBuild(seat)
        return rng.choices([a for a, _ in fits], [1.0 / (1 + c) for _, c in fits])[0]

    @staticmethod
    def _link_cost(g: GameState, seat: int, a: BuildLink) -> int:
        link = special_link(g, a.link)
        assert link is not None
        return g.rules.special_link_cost(g, seat, link)

    def _urbanize(self, g: GameState, seat: int, rng: random.Random) -> Action | None:
        towns = [h for h in g.map.towns if g.is_town(h) and g.rules.urbanize_refusal(g, h) is None]
        if not towns or not g.new_cities_left:
            return None
        near = self._frontier(g, seat)
        mine = [h for h in towns if h in near or (h in g.tiles and seat in g.tiles[h].owners)]
        pool = mine if mine and rng.random() < 0.8 else towns
        h = rng.choice(sorted(pool))
        return Urbanize(seat, g.label(h), rng.choice(g.new_cities_left))

    def _frontier(self, g: GameState, seat: int) -> set[int]:
        """Hexes that the open ends of this player's unfinished sections point into."""
        out: set[int] = set()
        nb = g.map.neighbours
        for chain in g.network.chains:
            if chain.owner == seat and not chain.complete:
                for end in chain.ends:
                    if end.stop is None and nb[end.hex][end.edge] >= 0:
                        out.add(nb[end.hex][end.edge])
        return out

    def _look(self, g: GameState) -> _Look:
        """The bot's view of the board, kept while the track and the turn stay the same (cubes do not move
        during Build Track)."""
        cached = self._cached_look
        if cached is None or cached.net is not g.network or cached.turn != g.turn:
            cached = self._cached_look = _Look(g)
        return cached

    def _pick_build(self, g: GameState, seat: int, budget: int, rng: random.Random) -> BuildPlan | None:
        look = self._look(g)
        frontier = self._frontier(g, seat)
        cands = candidate_hexes(g, seat)
        order = sorted(frontier & cands)
        rng.shuffle(order)
        if len(order) < 2 or rng.random() < 0.25:
            for s in self._promising_stops(g, seat, look, rng):
                near = [n for n in g.map.neighbours[s] if n in cands and n not in order]
                rng.shuffle(near)
                order += near + ([s] if s in cands and s not in order else [])
        rest = sorted(cands - set(order))
        rng.shuffle(rest)
        order += rest[:3]
        best: BuildPlan | None = None
        best_score = -1e9
        seen = 0
        for plan in iter_builds(g, seat, order):
            if plan.cost > budget:
                continue
            seen += 1
            score = self._score(g, plan, frontier, look) + 3.0 * rng.random()
            if score > best_score:
                best, best_score = plan, score
            if seen >= self.weighed:
                break
        if best is None or (best_score < -6 and rng.random() < 0.8):
            return None
        return best

    def _promising_stops(self, g: GameState, seat: int, look: _Look, rng: random.Random) -> list[int]:
        """A few cities (and towns where this player has track) to build from: those with a worthy city
        within reach, best first, with some chance."""
        ranked = []
        stops = [s for s in look.dist if g.is_city(s) or (s in g.tiles and seat in g.tiles[s].owners)]
        if self.stops is not None and len(stops) > self.stops:
            stops = rng.sample(stops, self.stops)
        for s in stops:
            best = -look.towards(s, look.group(s))
            ranked.append((best + 2.0 * rng.random(), s))
        ranked.sort(reverse=True)
        return [s for _, s in ranked[:3]]

    def _score(self, g: GameState, plan: BuildPlan, frontier: set[int], look: _Look) -> float:
        """How good a build looks. The tile is tried on the board (and taken off again) to follow its track."""
        score = -COST * plan.cost
        if plan.kind == "redirect":
            score -= 3
        if plan.hex in frontier:
            score += FRONTIER
        before = g.tiles.get(plan.hex)
        g.tiles[plan.hex] = plan.tile
        values = []
        try:
            for t in plan.added:
                chain = trace(g, plan.hex, plan.tile.tracks.index(t))
                starts = [e.stop for e in chain.ends if e.stop is not None]
                groups = [look.group(st) for st in starts]
                if chain.complete:
                    other = starts[1]
                    values.append(self._complete_worth(look, groups[0], other))
                    continue
                value = 0.0 if starts else -4.0  # track that reaches no stop at all
                group = groups[0] if groups else frozenset()
                for end in chain.ends:
                    if end.stop is not None:
                        continue
                    n = g.map.neighbours[end.hex][end.edge]
                    if n < 0:
                        value -= FAR
                        continue
                    far = look.towards(n, group)
                    if n in g.tiles and not g.is_town(n):
                        far += 3  # it runs into a tile that is in the way
                    value -= far
                values.append(value)
        finally:
            if before is None:
                del g.tiles[plan.hex]
            else:
                g.tiles[plan.hex] = before
        if not values:
            return score
        # a town tile needs one good spoke; every track of another tile must be good
        return score + (max(values) if g.is_town(plan.hex) else min(values))

    def _complete_worth(self, look: _Look, group: frozenset[int], other: int) -> float:
        """What completing a link from the stops ``group`` to ``other`` is worth."""
        return COMPLETE + 2 * (look.worth(group, other) if other not in group else 0.5)

    # --- phase V -------------------------------------------------------------------------------

    def _move(self, g: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        me = g.players[seat]
        own = [a for a in legal if not isinstance(a, (Deliver, UpgradeEngine, SkipMove))]
        if own and rng.random() < 0.6:  # a map's own kind of move (Heavy Lifting…), taken often when offered
            return rng.choice(own)
        links = g.network.links
        delivers = [a for a in legal if isinstance(a, Deliver)]
        gains = [sum(1 for lid in a.links if links[lid].owner == seat) for a in delivers]
        top = max(gains, default=-1)
        if any(isinstance(a, UpgradeEngine) for a in legal):
            # what one more link of engine would bring: upgrade when it opens a delivery or a much better one
            me.engine += 1
            try:
                wider = all_routes(g, seat)
            finally:
                me.engine -= 1
            top_up = max((sum(1 for lk in r.links if lk.owner == seat) for r in wider), default=-1)
            solvent = me.income + me.cash // 3 >= me.shares + me.engine + 1
            if not delivers and wider and rng.random() < 0.9:
                return UpgradeEngine(seat)
            if delivers and top_up >= top + 2 and g.move_round == 1 and solvent and rng.random() < 0.7:
                return UpgradeEngine(seat)
            if not delivers and me.engine < 2 and rng.random() < 0.3:
                return UpgradeEngine(seat)
        if not delivers:
            return SkipMove(seat)
        if rng.random() < 0.1:
            return rng.choice(delivers)
        return rng.choice([a for a, k in zip(delivers, gains, strict=True) if k == top])
