"""The Detroit plan (solo, and with players, where the last player not bankrupt wins): which links to build over
the coming turns, which action to take, how many shares to issue and which moves to make, chosen by projecting
the economy over the turns to come.

The solo game is won by lasting: every turn the expenses (shares + engine + the turn number) grow, and the
income grows only by delivering cubes over one's own links, two deliveries a turn, as many links each as the
engine allows. So a network is worth the long routes it offers the cubes on the board — and those the goods
display will still bring — and a link is worth building when the turns it adds to the projection beat the
shares that pay for it.

:func:`project` plays the turns ahead on a network of stops (the player's links and the planned ones): each
turn the two best deliveries of distinct cubes (or an engine level and one delivery, when a longer route waits
for it), income, shares issued to cover the expenses (a share's $5 now against $1 in every turn after), the
income reduction, and the display's cubes arriving on their cities. Once the planned links are laid, the
projection goes on building as a player would, a link a turn where it pays (:func:`_extension`): a network
frozen after the plan makes every plan look as short-lived as building nothing. It returns the turn of the
bankruptcy.

:func:`solo_plan` weighs the turn's choices with it. Building: programs of up to :data:`PROGRAM_LINKS` links
(``bots.plans.link_plans``, those that open nothing yet included, and the special links), laid out in order
over this turn's builds and 3 a turn after (a long link may take two turns), found by a beam search; the best
few are weighed with each action (none, the Engineer — one build more, the cheapest free, for its fee — or the
Locomotive), and the shares that pay for this turn's part. Moving: the delivery, engine level or pass that
starts the best run of the turn's remaining moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ageofsteam.bots.plans import LinkPlan, TurnPlan, link_plans
from ageofsteam.engine.actions import Deliver, SkipMove, UpgradeEngine, Urbanize
from ageofsteam.maps.detroit.state import state

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState

LOOK_TURNS = 10  # turns projected at most
ARRIVAL = 2  # the display's cubes are taken to reach their cities after this many goods growths
MAX_ENGINE = 6  # the projection raises the engine no further
MAX_CANDIDATES = 60  # link plans weighed
PROGRAM_LINKS = 3  # links a program lays out over the turns, at most
SCHEDULE_TURNS = 3  # turns a program may take to build
BEAM = 6  # programs kept at each length
FINALISTS = 6  # programs weighed with every choice of action
SURE_FINALISTS = 2  # the best programs weighed with every action whatever the budget
BEAM_SHARE = 0.7  # the share of a search's work (projections) for the beam, the rest for the finalists
SHARE = 5
MOVES_TRIED = 8  # deliveries weighed for each move of a run (the longest first)
EXTENSIONS_TRIED = 30  # links the projection weighs each turn after the plan's (the special links first)
SHARES_PER_LINK = 2  # the shares the projection issues at most for a link, per link of delivery it adds
SURE_SINGLES = 12  # one-link programs weighed whatever the budget (the special links first, then the best plans)
SITES = 2  # New City sites weighed
SITE_REACH = 5  # hexes from a town that its New City serves, in a site's quick look
URBANIZATION = "urbanization"
PLANNED_ACTIONS = ("engineer", "locomotive", URBANIZATION)  # the actions a plan weighs
BEFORE_MOVES = ("issue_shares", "player_order", "select_actions", "build_track")
Graph = dict[int, frozenset[int]]
Pairs = tuple[tuple[int, int], ...]  # the stops a link joins, in order: (start, town), (town, end)…


def own_graph(g: GameState, seat: int) -> Graph:
    """Stop → the stops ``seat``'s own completed links join it to."""
    adj: dict[int, set[int]] = {}
    for lk in g.network.links.values():
        if lk.owner == seat:
            adj.setdefault(lk.a, set()).add(lk.b)
            adj.setdefault(lk.b, set()).add(lk.a)
    return {k: frozenset(v) for k, v in adj.items()}


def with_links(adj: Graph, pairs: list[tuple[int, int]]) -> Graph:
    out = dict(adj)
    for a, b in pairs:
        out[a] = out.get(a, frozenset()) | {b}
        out[b] = out.get(b, frozenset()) | {a}
    return out


class _Routes:
    """The longest route (in links, up to an engine level) for a cube of a colour at a stop, on one network."""

    def __init__(
        self,
        g: GameState,
        adj: Graph,
        takes: dict[int, frozenset[str]] | None = None,
        base: _Routes | None = None,
        added: Pairs = (),
    ) -> None:
        """``takes``: the colours each stop takes, shared by the networks of one search; ``base``: the routes of
        this network without the links ``added``, whose answers hold for the stops too far from them."""
        self.g = g
        self.adj = adj
        self.memo: dict[tuple[int, int], dict[str, int]] = {}
        self.takes = {} if takes is None else takes
        self.base = base
        self.near = _links_from(adj, {s for pair in added for s in pair}) if base is not None else {}

    def colours_at(self, stop: int) -> frozenset[str]:
        """The cube colours ``stop`` takes."""
        out = self.takes.get(stop)
        if out is None:
            rules = self.g.rules
            out = self.takes[stop] = frozenset(c for c in rules.BAG if rules.accepts(self.g, stop, c))
        return out

    def reach(self, start: int, engine: int) -> dict[str, int]:
        """Colour → the most links a cube of that colour at ``start`` can travel, up to ``engine`` (a cube stops
        at the first city of its colour; colours with no route left out): one walk for all the colours."""
        key = (start, engine)
        out = self.memo.get(key)
        if out is not None:
            return out
        if self.base is not None and self.near.get(start, engine) >= engine:  # the new links are out of reach
            best = self.base.reach(start, engine)
        else:
            best = {}
            if engine > 0:
                self._walk(start, 0, engine, frozenset(self.g.rules.BAG), {start}, best)
        self.memo[key] = best
        return best

    def _walk(
        self, stop: int, used: int, engine: int, alive: frozenset[str], seen: set[int], best: dict[str, int]
    ) -> None:
        """:meth:`reach`'s walk on from ``stop`` after ``used`` links, for the colours still ``alive``."""
        for nxt in self.adj.get(stop, ()):
            if nxt in seen:
                continue
            took = self.colours_at(nxt) & alive
            for c in took:
                if best.get(c, 0) <= used:
                    best[c] = used + 1
            rest = alive - took if took else alive
            if rest and used + 1 < engine:
                seen.add(nxt)
                self._walk(nxt, used + 1, engine, rest, seen, best)
                seen.discard(nxt)

    def longest(self, start: int, colour: str, engine: int) -> int:
        """The most links a cube of ``colour`` at ``start`` can travel, up to ``engine``."""
        return self.reach(start, engine).get(colour, 0)

    def gains(
        self, cubes: dict[int, dict[str, int]], engine: int, count: int | None = None
    ) -> list[tuple[int, int, str]]:
        """(links, stop, colour) of every cube that has a route, longest first (a stop's cubes of one colour
        each listed); the first ``count`` only, if given."""
        out = []
        for stop, goods in cubes.items():
            if stop not in self.adj:
                continue
            for colour, n in goods.items():
                if n > 0:
                    k = self.longest(stop, colour, engine)
                    if k:
                        out += [(k, stop, colour)] * n
        out.sort(reverse=True)
        return out if count is None else out[:count]

    def most_links(self, cubes: dict[int, dict[str, int]], engine: int, count: int) -> int:
        """The links of the ``count`` longest deliveries of ``cubes``."""
        return sum(k for k, _, _ in self.gains(cubes, engine, count))


def _links_from(adj: Graph, starts: set[int]) -> dict[int, int]:
    """Stop → the fewest links from any of ``starts`` on network ``adj``."""
    out = dict.fromkeys(starts, 0)
    edge = list(starts)
    while edge:
        nxt = []
        for a in edge:
            for b in adj.get(a, ()):
                if b not in out:
                    out[b] = out[a] + 1
                    nxt.append(b)
        edge = nxt
    return out


class RoutesCache:
    """The routes of the networks one search has weighed (its programs often make the same network), and the
    colours each stop takes."""

    def __init__(self) -> None:
        self.networks: dict[frozenset[tuple[int, int]], _Routes] = {}
        self.takes: dict[int, frozenset[str]] = {}


def _routes(
    g: GameState, adj: Graph, cache: RoutesCache | None, base: _Routes | None = None, added: Pairs = ()
) -> _Routes:
    """The routes of network ``adj``, shared through ``cache`` by the projections of one search; ``base``: those
    of the network without the links ``added``, whose answers hold where the new links are out of reach."""
    if cache is None:
        return _Routes(g, adj, base.takes if base else None, base, added)
    key = frozenset((a, b) for a, ns in adj.items() for b in ns if a < b)
    if key not in cache.networks:
        cache.networks[key] = _Routes(g, adj, cache.takes, base, added)
    return cache.networks[key]


def _wider(g: GameState, routes: _Routes, pairs: Pairs, cache: RoutesCache | None) -> _Routes:
    """The routes of ``routes``' network with the links ``pairs`` added."""
    return _routes(g, with_links(routes.adj, list(pairs)), cache, routes, pairs)


def _reduction(g: GameState, income: int) -> int:
    return g.rules.income_reduction(g, income)


def arrivals(g: GameState) -> dict[int, dict[str, int]]:
    """The cubes still on the goods display, by the city (or New City on the map) they will come to."""
    out: dict[int, dict[str, int]] = {}
    rules = g.rules
    places = dict(rules.growth_city)
    for letter, town in ((v, k) for k, v in g.new_cities.items()):
        places[letter] = town
    for column, boxes in g.display.items():
        h = places.get(column)
        if h is None:
            continue
        for colour in boxes:
            if colour is not None:
                at = out.setdefault(h, {})
                at[colour] = at.get(colour, 0) + 1
    return out


def project(
    g: GameState,
    seat: int,
    adj: Graph,
    *,
    cash: int,
    income: int,
    shares: int,
    engine: int,
    moved: bool = False,
    issue_now: bool = True,
    later: list[tuple[list[tuple[int, int]], int]] | None = None,
    cubes: dict[int, dict[str, int]] | None = None,
    cache: RoutesCache | None = None,
    extensions: list[Extension] | None = None,
) -> tuple[float, int]:
    """The turn in which ``seat`` goes bankrupt with network ``adj`` from this turn's Move Goods on (``moved``:
    from its Collect Income), with a fraction for how close the money came; and the shares it issues for this
    turn's expenses (none unless ``issue_now``: this turn's Issue Shares is still to come). ``later``: by turn
    after this one, the links a program adds and the dollars it spends then; ``extensions``: the links the
    player may go on to build after them, one a turn (:func:`_extension`); ``cubes``: the goods, if not the
    board's; ``cache``: routes already found, by network."""
    routes = _routes(g, adj, cache)
    cubes = {h: dict(c) for h, c in (cubes if cubes is not None else g.rules.goods_sources(g)).items()}
    coming = arrivals(g)
    most = g.rules.max_shares(g)
    top = min(MAX_ENGINE, g.rules.max_engine(g))
    turn = g.turn
    first = 0
    later = later or []
    for t in range(turn, turn + LOOK_TURNS):
        if 0 < t - turn <= len(later):  # the program's later turns: track paid (with shares if need be), links added
            pairs, spend = later[t - turn - 1]
            if cash < spend and shares < most:
                k = min(most - shares, -(-(spend - cash) // SHARE))
                shares += k
                cash += SHARE * k
            cash = max(0, cash - spend)
            routes = _wider(g, routes, tuple(pairs), cache)
        elif extensions and t > turn:  # the program laid: a link more where it pays, its track paid by shares
            found = _extension(g, routes, cubes, engine, extensions, cash, most - shares, cache)
            if found is not None:
                routes, cost = found
                k = max(0, -(-(cost - cash) // SHARE))
                shares += k
                cash += SHARE * k - cost
        if not (moved and t == turn):
            income, engine = _move(routes, cubes, income, engine, top)
        cash += max(0, income)
        due = shares + engine + t
        if cash < due and shares < most and (issue_now or t > turn):
            k = min(most - shares, -(-(due - cash) // (SHARE - 1)))
            shares += k
            cash += SHARE * k
            due += k
            first += k if t == turn else 0
        cash -= due
        if cash < 0:
            income += cash
            cash = 0
            if income < 0:
                return t - 1 + max(0.0, 1 + income / 20), first
        income -= _reduction(g, income)
        if t - turn + 1 == ARRIVAL:
            for h, goods in coming.items():
                at = cubes.setdefault(h, {})
                for colour, n in goods.items():
                    at[colour] = at.get(colour, 0) + n
    return turn + LOOK_TURNS - 1 + min(1.0, cash / 40), first


class Extension(NamedTuple):
    """A link the projection may build once a program is laid: the stops it joins and its cost."""

    pairs: Pairs
    cost: int


def extensions(g: GameState, plans: list[LinkPlan]) -> dict[LinkPlan, Extension]:
    """The links the projection may build after a program, by their plan, in the order of ``plans``: those of
    one turn's builds at most."""
    return {p: Extension(_pairs(p), p.cost) for p in plans if _tiles(p) <= g.rules.BUILDS}


def _pairs(p: LinkPlan) -> Pairs:
    """The pairs of stops ``p`` joins, its towns on the way included."""
    return tuple(zip(p.stops, p.stops[1:], strict=False))


def _two_best(routes: _Routes, cubes: dict[int, dict[str, int]], engine: int) -> int:
    """The links of the turn's two best deliveries, at ``engine`` or (a level less for the level's cost) one
    level more."""
    return max(routes.most_links(cubes, engine, 2), routes.most_links(cubes, engine + 1, 2) - 1)


def _extension(
    g: GameState,
    routes: _Routes,
    cubes: dict[int, dict[str, int]],
    engine: int,
    links: list[Extension],
    cash: int,
    room: int,
    cache: RoutesCache | None,
) -> tuple[_Routes, int] | None:
    """The projection's building once a program is laid: of the first :data:`EXTENSIONS_TRIED` of ``links``
    not yet joined, the one that adds most to this turn's two best deliveries, where the shares its track
    needs (``room`` left) are at most :data:`SHARES_PER_LINK` for each link of delivery it adds; its network's
    routes and its cost (None: none pays)."""
    now = _two_best(routes, cubes, engine)
    most = 2 * engine + 1 - now  # the most a link can add
    if most < 1:
        return None
    best: tuple[float, _Routes, int] | None = None
    tried = 0
    for link in links:
        if all(b in routes.adj.get(a, ()) for a, b in link.pairs):
            continue
        tried += 1
        if tried > EXTENSIONS_TRIED:
            break
        shares = max(0, -(-(link.cost - cash) // SHARE))
        if shares > room or (best is not None and most - shares / SHARES_PER_LINK <= best[0]):
            continue
        if not any(a in routes.adj or cubes.get(a) for pair in link.pairs for a in pair):
            continue  # away from the network with no cube of its own: it carries nothing
        wider = _wider(g, routes, link.pairs, cache)
        gain = _two_best(wider, cubes, engine) - now
        worth = gain - shares / SHARES_PER_LINK
        if gain >= 1 and worth >= 0 and (best is None or worth > best[0]):
            best = (worth, wider, link.cost)
    return None if best is None else (best[1], best[2])


def _move(routes: _Routes, cubes: dict[int, dict[str, int]], income: int, engine: int, top: int) -> tuple[int, int]:
    """One turn's Move Goods: two deliveries, or an engine level and one delivery when a longer route waits
    for it and pays for the level within a turn or two. Returns the income and the engine after it."""
    now = routes.gains(cubes, engine, 2)
    plain = sum(k for k, _, _ in now)
    if engine < top:
        wider = routes.gains(cubes, engine + 1, 3)
        if wider and wider[0][0] > engine and wider[0][0] + sum(k - engine for k, _, _ in wider[1:3]) > plain:
            _take(cubes, wider[0])
            return income + wider[0][0], engine + 1
    for d in now:
        _take(cubes, d)
    return income + plain, engine


def _take(cubes: dict[int, dict[str, int]], d: tuple[int, int, str]) -> None:
    cubes[d[1]][d[2]] -= 1


def candidates(g: GameState, seat: int) -> list[LinkPlan]:
    """Links worth weighing: the link plans of ``seat`` (those that open nothing now too: a link in the middle
    of a line carries the cubes of its ends) and the special links no one has built, each once, whether it can be
    built this moment or not. They depend on the board alone, so they are kept for the board as it stands: the
    turn's decisions before its builds all weigh the same."""
    memory = _memory(g)
    key = _board(g, seat)
    known = memory.candidates.get(key)
    if known is None:
        if len(memory.candidates) > 256:
            memory.candidates.clear()
        known = memory.candidates[key] = _find_candidates(g, seat)
    return list(known)


def special_first(g: GameState, seat: int) -> list[LinkPlan]:
    """:func:`candidates`, the special links first and the link plans after in their own order."""
    return sorted(candidates(g, seat), key=lambda p: not p.special)  # a stable sort


def _find_candidates(g: GameState, seat: int) -> list[LinkPlan]:
    # the link plans' special links are those buildable this moment (in the player's own build, with the cash):
    # left out, as every special link is weighed below
    plans = [p for p in link_plans(g, seat, limit=MAX_CANDIDATES, idle=True, towns=True) if p.special is None]
    joined = {frozenset((lk.a, lk.b)) for lk in g.network.links.values()}
    for link in g.map.special_links:
        if link.id in g.special_link_owners or frozenset(link.ends) in joined:
            continue
        a, b = link.ends
        plans.append(LinkPlan(a, a, b, (), link.cost, 0, special=link.id))
    return plans


def _tiles(p: LinkPlan) -> int:
    return 1 if p.special else len(p.path)


@dataclass(frozen=True)
class _Schedule:
    """A program of links laid out over the turns: by turn offset, the links completed and the dollars spent."""

    done: tuple[tuple[tuple[int, int], ...], ...]
    spent: tuple[int, ...]
    first: tuple[LinkPlan, ...]  # the links begun this turn, in order


def schedule(program: tuple[LinkPlan, ...], now: int, later: int) -> _Schedule | None:
    """``program``'s links laid in order, ``now`` builds this turn and ``later`` in each turn after (None if it
    takes more than :data:`SCHEDULE_TURNS` turns)."""
    done: list[list[tuple[int, int]]] = [[]]
    spent = [0]
    room = now
    first: list[LinkPlan] = []
    for p in program:
        need = _tiles(p)
        per = p.cost if p.special else p.cost / max(1, need)
        while need:
            if room == 0:
                done.append([])
                spent.append(0)
                room = later
            if len(done) > SCHEDULE_TURNS:
                return None
            lay = min(room, need)
            room -= lay
            need -= lay
            spent[-1] += round(per * lay)
            if len(done) == 1 and p not in first:
                first.append(p)
        done[-1].extend(_pairs(p))
    return _Schedule(tuple(tuple(d) for d in done), tuple(spent), tuple(first))


def _engineer_track(first: tuple[LinkPlan, ...], builds: int, done: list[int]) -> int:
    """What the Engineer pays this turn for laying ``first`` (up to ``builds`` builds) after the builds ``done``
    this turn (their full costs): all of them less the cheapest, less what was paid already."""
    costs = list(done)
    room = builds
    for p in first:
        if p.special:
            if room:
                costs.append(p.cost)
                room -= 1
            continue
        per = p.cost // max(1, len(p.path))
        lay = min(room, len(p.path))
        costs += [per] * lay
        room -= lay
    paid = sum(done) - min(done) if done else 0
    return sum(costs) - min(costs) - paid if costs else 0


def solo_plan(g: GameState, seat: int, work: int | None = None) -> TurnPlan | None:
    """The best plan for ``seat``'s turn (solo, or with players: the same race to last) from where it stands
    (share issue, action, building or moving), by :func:`project`; None in other phases. ``work``: the
    projections its searches may weigh (what they must weigh whatever the budget — the first links, the
    finalists — comes on top); None: all of them. The plan depends on the position and ``work`` alone, so a plan
    once made is kept for both (the strong bot asks again and again)."""
    if g.phase not in (*BEFORE_MOVES, "move_goods"):
        return None
    moving = g.phase == "move_goods"
    key = (_key(g, seat), None if moving else work)  # the moves weigh every run: no budget
    plans = _memory(g).plans
    if key in plans:
        return plans[key]
    if len(plans) > 4096:
        plans.clear()
    found = _moves(g, seat) if moving else _search(g, seat, work)
    plans[key] = found
    return found


def _moves(g: GameState, seat: int) -> TurnPlan | None:
    """Move Goods: the move that starts the best run of this turn's remaining moves (deliveries of distinct
    cubes over their longest routes, one engine level, passes), each run judged by :func:`project` from the
    Collect Income after it."""
    rules = g.rules
    me = g.players[seat]
    legal = rules.legal_actions(g)
    cache = RoutesCache()
    routes = _routes(g, own_graph(g, seat), cache)
    left = rules.MOVE_ROUNDS - g.move_round + 1
    may_raise = seat not in g.engine_upgraded and me.engine < rules.max_engine(g)
    cubes = {h: dict(c) for h, c in rules.goods_sources(g).items()}
    links = list(extensions(g, special_first(g, seat)).values())

    def runs(
        left: int, engine: int, raise_ok: bool, cubes: dict[int, dict[str, int]], income: int
    ) -> tuple[float, tuple[object, ...]]:
        """The best projection over the runs of ``left`` moves, and its first move: ("deliver", stop,
        colour), ("raise",) or ("pass",)."""
        if left == 0:
            at, _ = project(
                g,
                seat,
                routes.adj,
                cash=me.cash,
                income=income,
                shares=me.shares,
                engine=engine,
                moved=True,
                issue_now=False,
                cubes=cubes,
                cache=cache,
                extensions=links,
            )
            return at, ("pass",)
        best: tuple[float, tuple[object, ...]] = (-1.0, ("pass",))
        seen = set()
        for k, stop, colour in routes.gains(cubes, engine, MOVES_TRIED):
            if (stop, colour) in seen:
                continue
            seen.add((stop, colour))
            after = {h: dict(c) for h, c in cubes.items()}
            after[stop][colour] -= 1
            at = runs(left - 1, engine, raise_ok, after, income + k)[0]
            if at > best[0] + 1e-9:
                best = at, ("deliver", stop, colour)
        if raise_ok:
            at = runs(left - 1, engine + 1, False, cubes, income)[0]
            if at > best[0] + 1e-9:
                best = at, ("raise",)
        at = runs(left - 1, engine, raise_ok, cubes, income)[0]  # a pass, only when it is better than a move
        return (at, ("pass",)) if at > best[0] + 1e-9 else best

    at, first = runs(left, me.engine, may_raise, cubes, me.income)
    move = _legal_move(g, seat, legal, first)
    if move is None:
        return None
    words = {"deliver": "this delivery", "raise": "one more engine level", "pass": "no move"}[str(first[0])]
    return TurnPlan(0, me.action or "", (), 0, f"{words} now", move, forecast=lasts_into(at))


def _legal_move(g: GameState, seat: int, legal: list[Action], first: tuple[object, ...]) -> Action | None:
    """The legal action for a run's first move: the delivery of that cube over the most of one's own links."""
    if first[0] == "raise":
        return next((a for a in legal if isinstance(a, UpgradeEngine)), None)
    if first[0] == "pass":
        return next((a for a in legal if isinstance(a, SkipMove)), None)
    links = g.network.links
    best: tuple[int, Action] | None = None
    for a in legal:
        if isinstance(a, Deliver) and g.map.by_label.get(a.city, -1) == first[1] and a.colour == first[2]:
            own = sum(1 for lk in a.links if lk in links and links[lk].owner == seat)
            if best is None or own > best[0]:
                best = own, a
    return None if best is None else best[1]


def _board(g: GameState, seat: int) -> tuple[object, ...]:
    """Everything on the board (not in the players' hands) a plan depends on: all the link plans do."""
    return (
        seat,
        g.turn,
        tuple(sorted((lk.a, lk.b, -1 if lk.owner is None else lk.owner) for lk in g.network.links.values())),
        tuple(sorted((h, t.tile, t.rotation, tuple(t.owners)) for h, t in g.tiles.items())),
        tuple(sorted((h, tuple(sorted(c.items()))) for h, c in g.cubes.items())),
        tuple(sorted((k, tuple(v)) for k, v in g.display.items())),
        tuple(sorted(g.new_cities.items())),
        tuple(sorted(g.special_link_owners.items())),
        tuple(sorted(open_actions(g, seat).items())),
    )


def _key(g: GameState, seat: int) -> tuple[object, ...]:
    """Everything a plan depends on."""
    me = g.players[seat]
    return (
        *_board(g, seat),
        g.rules_version,
        tuple(sorted(g.options.items())),
        g.start_players,
        g.phase,
        g.move_round,
        seat in g.engine_upgraded,
        tuple(state(g).engineer_costs),
        me.cash,
        me.income,
        me.shares,
        me.engine,
        me.action,
        g.build.builds_left if g.build is not None and g.build.player == seat else -1,
    )


class _Memory:
    """What the plans of one board keep: the plans made (by everything a plan depends on, ``_key``, and the work
    allowed), the link plans worth weighing (by the board as it stands, ``_board``) and the distances from a hex
    (by the hex)."""

    def __init__(self, board: MapData) -> None:
        self.board = board
        self.plans: dict[tuple[object, ...], TurnPlan | None] = {}
        self.candidates: dict[tuple[object, ...], list[LinkPlan]] = {}
        self.distances: dict[int, dict[int, int]] = {}


_MEMORIES: dict[int, _Memory] = {}


def _memory(g: GameState) -> _Memory:
    """The memory of ``g``'s board (kept by the board's identity, and made afresh for another board that comes
    to have the same ``id()``)."""
    memory = _MEMORIES.get(id(g.map))
    if memory is None or memory.board is not g.map:
        if len(_MEMORIES) >= 8:
            _MEMORIES.clear()
        memory = _MEMORIES[id(g.map)] = _Memory(g.map)
    return memory


@dataclass(frozen=True)
class _Turn:
    """What this turn allows: the action, its fee, the builds, the engine after it, whether the Engineer's
    cheapest build is free and whether shares may still be issued."""

    action: str
    fee: int
    builds: int
    engine: int
    free: bool
    issue: bool


def _turns(g: GameState, seat: int) -> list[_Turn]:
    rules = g.rules
    me = g.players[seat]
    fees = open_actions(g, seat)
    phase = g.phase
    issue = phase == "issue_shares"
    if phase == "build_track":
        b = g.build
        left = b.builds_left if b is not None and b.player == seat else 0
        action = me.action or "no_action"
        if action == URBANIZATION and not (b is not None and b.may_urbanize):
            action = "no_action"  # the New City is placed (or the chance gone): only track is left to lay
        return [_Turn(action, 0, left, me.engine, me.action == "engineer", False)]
    out = [_Turn("no_action", 0, rules.BUILDS, me.engine, False, issue)]
    if "engineer" in fees:
        out.append(_Turn("engineer", fees["engineer"], rules.ENGINEER_BUILDS, me.engine, True, issue))
    if "locomotive" in fees and me.engine < rules.max_engine(g):
        out.append(_Turn("locomotive", fees["locomotive"], rules.BUILDS, me.engine + 1, False, issue))
    if URBANIZATION in fees and g.new_cities_left:
        out.append(_Turn(URBANIZATION, fees[URBANIZATION], rules.BUILDS, me.engine, False, issue))
    return out


def open_actions(g: GameState, seat: int) -> dict[str, int]:
    """The actions a plan may take this turn, by their fees: solo, those with disks left (the top disk's fee);
    with players, the Engineer, the Locomotive and Urbanization while no one has taken them, for nothing."""
    if g.start_players == 1:
        return {a: fee for a, fee in getattr(g.map_state, "action_disks", {}).items() if fee}
    offered = g.rules.available_actions(g, seat) if g.phase == "select_actions" else PLANNED_ACTIONS
    return {a: 0 for a in PLANNED_ACTIONS if a in offered}


_Best = tuple[float, int, "_Turn", tuple[LinkPlan, ...], int]  # projected turn, shares, turn, links begun, track $


def _search(g: GameState, seat: int, work: int | None = None) -> TurnPlan | None:
    """Issue Shares, Select Action, Build Track: the best program of links with the best action (a New City
    weighed too, where Urbanization may still be taken), within ``work`` projections (each search of programs
    gets an equal share of the work left)."""
    turns = _turns(g, seat)
    urban = [t for t in turns if t.action == URBANIZATION]
    sites = _sites(g, seat) if urban else []
    searches = 1 + len(sites)
    spent = 0

    def share(done: int) -> float | None:
        return None if work is None else max(0, work - spent) / (searches - done)

    best, used = _best_program(g, seat, [t for t in turns if t.action != URBANIZATION], share(0))
    spent += used
    site: Urbanize | None = None
    for k, (h, letter) in enumerate(sites):
        if work is not None and spent >= work:
            break  # the work is done: the New Cities not weighed are not taken
        trial = g.copy()
        _place_new_city(trial, h, letter)
        found, used = _best_program(trial, seat, urban, share(k + 1))
        spent += used
        if found is not None and (best is None or found[0] > best[0] + 1e-9):
            best, site = found, Urbanize(seat, g.label(h), letter)
    if best is None:
        return None
    at, shares, turn, links, track = best
    why = _why(g, shares, turn.action, links, track, site)
    return TurnPlan(shares, turn.action, links, track, why, urbanize=site, forecast=lasts_into(at))


def _place_new_city(g: GameState, h: int, letter: str) -> None:
    """New City ``letter`` on the town at ``h`` of a copy, as Urbanization places it (the town's tile gone)."""
    g.tiles.pop(h, None)
    g.new_cities[h] = letter
    if letter in g.new_cities_left:
        g.new_cities_left.remove(letter)
    g.cubes.setdefault(h, {})
    g.board_changed()


def _sites(g: GameState, seat: int) -> list[tuple[int, str]]:
    """The New Cities worth weighing (town, letter), at most :data:`SITES`: by the cubes of the letter's colour
    within :data:`SITE_REACH` hexes of the town (on the board and still to come from the display) that no city
    of their colour is as near — black ones above all, with no city of their own —, for a town near one's
    own network (or anywhere, before there is one)."""
    rules = g.rules
    towns = [h for h in g.map.towns if h not in g.new_cities and rules.urbanize_refusal(g, h) is None]
    if not towns or not g.new_cities_left:
        return []
    stops = set(own_graph(g, seat))
    goods: dict[int, dict[str, int]] = {}
    for source in (rules.goods_sources(g), arrivals(g)):
        for h, at in source.items():
            for colour, n in at.items():
                goods.setdefault(h, {})[colour] = goods.get(h, {}).get(colour, 0) + n
    cities = [h for h in g.map.city_at] + list(g.new_cities)
    scored = []
    letters: dict[str, str] = {}
    for letter in sorted(g.new_cities_left):
        letters.setdefault(rules.NEW_CITIES[letter][0], letter)
    for h in towns:
        far = _distances(g, h)
        if stops and min(far.get(x, 99) for x in stops) > SITE_REACH:
            continue
        for colour, letter in letters.items():
            n = 0
            for x, at in goods.items():
                k = at.get(colour, 0)
                d = far.get(x, 99)
                if k and x != h and d <= SITE_REACH:
                    nearest = min(
                        (_distances(g, x).get(c, 99) for c in cities if rules.accepts(g, c, colour)), default=99
                    )
                    if nearest > d:
                        n += k
            if n:
                scored.append((n, h, letter))
    scored.sort(reverse=True)
    return [(h, letter) for _, h, letter in scored[:SITES]]


def _distances(g: GameState, start: int) -> dict[int, int]:
    """Hex → steps from ``start`` across the map (any terrain)."""
    known = _memory(g).distances
    if start not in known:
        far = {start: 0}
        todo = [start]
        for h in todo:
            for n in g.map.neighbours[h]:
                if n >= 0 and n not in far:
                    far[n] = far[h] + 1
                    todo.append(n)
        known[start] = far
    return known[start]


def _best_program(g: GameState, seat: int, turns: list[_Turn], work: float | None = None) -> tuple[_Best | None, int]:
    """The best program of links and the best of ``turns`` for it, by :func:`project`, and the projections
    made. Within ``work`` projections (None: no limit), the beam over programs takes :data:`BEAM_SHARE` of them
    and the finalists with every turn the rest; the special links and :data:`SURE_SINGLES` one-link programs,
    and no program and the :data:`SURE_FINALISTS` best with every turn, are weighed whatever the budget."""
    if not turns:
        return None, 0
    rules = g.rules
    me = g.players[seat]
    most = rules.max_shares(g)
    base = own_graph(g, seat)
    plans = special_first(g, seat)
    after = extensions(g, plans)
    done = list(state(g).engineer_costs) if g.phase == "build_track" and me.action == "engineer" else []
    cache = RoutesCache()
    made = 0  # projections

    def score(program: tuple[LinkPlan, ...], turn: _Turn) -> tuple[float, int, int] | None:
        """(projected turn, shares issued now, this turn's track dollars) of ``program`` with ``turn``."""
        sched = schedule(program, turn.builds, rules.BUILDS)
        if sched is None:
            return None
        track = sched.spent[0]
        if turn.free and sched.first:
            track = _engineer_track(sched.first, turn.builds, done)
        spend = turn.fee + max(0, track)
        room = most - me.shares if turn.issue else 0
        extra = max(0, -(-(spend - me.cash) // SHARE))
        if extra > room:
            return None
        adj = with_links(base, list(sched.done[0]))
        later = [(list(d), c) for d, c in zip(sched.done[1:], sched.spent[1:], strict=True)]
        nonlocal made
        made += 1
        turn_at, more = project(
            g,
            seat,
            adj,
            cash=me.cash + SHARE * extra - spend,
            income=me.income,
            shares=me.shares + extra,
            engine=turn.engine,
            issue_now=turn.issue,
            later=later,
            cache=cache,
            extensions=[e for p, e in after.items() if p not in program],
        )
        return turn_at, extra + more, max(0, track)

    # a beam over programs of links, judged with the widest turn, for the first part of the work; the rest for
    # the finalists with every turn
    beam_work = None if work is None else BEAM_SHARE * work
    wide = max(turns, key=lambda t: (t.builds, -t.fee))
    scored: dict[tuple[LinkPlan, ...], float] = {}
    beam: list[tuple[LinkPlan, ...]] = [()]
    for length in range(PROGRAM_LINKS):
        if length and beam_work is not None and made >= beam_work:
            break
        grown = []
        for prog in beam:
            used = {h for p in prog for h in p.path}
            ends = {frozenset((p.start, p.end)) for p in prog}
            for p in plans:
                if p in prog or used & set(p.path) or frozenset((p.start, p.end)) in ends:
                    continue
                new = (*prog, p)
                if new not in scored:
                    late = length or len(scored) >= SURE_SINGLES
                    if late and beam_work is not None and made >= beam_work:
                        break  # the work is done: the programs weighed so far are the choice
                    r = score(new, wide)
                    if r is None:
                        continue
                    scored[new] = r[0]
                grown.append(new)
        grown.sort(key=lambda prog: -scored[prog])
        beam = grown[:BEAM]
        if not beam:
            break
    finalists = [(), *sorted(scored, key=lambda prog: -scored[prog])[:FINALISTS]]
    best: _Best | None = None
    for k, prog in enumerate(finalists):
        if k > SURE_FINALISTS and work is not None and made >= work:
            break
        for turn in turns:
            r = score(prog, turn)
            if r is not None and (best is None or r[0] > best[0] + 1e-9):
                sched = schedule(prog, turn.builds, rules.BUILDS)
                assert sched is not None
                best = (r[0], r[1], turn, sched.first, r[2])
    return best, made


def _why(
    g: GameState,
    shares: int,
    action: str,
    links: tuple[LinkPlan, ...],
    track: int,
    site: Urbanize | None = None,
) -> str:
    """The plan in player words."""
    parts = []
    if site is not None:
        colour = g.rules.NEW_CITIES[site.city][0]
        parts.append(f"a {colour} New City on {g.map.towns.get(g.map.by_label[site.hex], site.hex)}")
    if links:
        names = ", ".join(f"{g.stop_name(p.start)}–{g.stop_name(p.end)}" for p in links)
        parts.append(f"build towards {names} (${track} this turn)")
    if action not in ("no_action", ""):
        parts.append(f"take the {g.rules.action_title(action)}")
    if shares:
        parts.append(f"issue {shares} share{'s' if shares > 1 else ''}")
    return ", ".join(parts) or "build nothing and keep the cash"


def lasts_into(turn: float) -> str:
    """The projection's forecast in a player's words: the turn of the bankruptcy (``turn``, with its fraction)
    as the turn the money lasts into."""
    return f"the money would last into turn {int(turn) + 1}"
