"""The steady bot: a fast planner with no search (level ``steady``, "Medium").

It decides every move by rules of thumb that serve one plan, and says why:

* **Shares** — enough cash for this turn's build and the expenses the income does not cover, no more; late in
  the game only what staves off bankruptcy.
* **Turn order** — a bid of up to $8 (more later) while the cash its plan needs is kept; the Turn Order pass
  when it holds it.
* **Actions** — each weighed by what it does for the plan: Locomotive when a longer delivery waits for it,
  Urbanization where a New City serves goods with no city of their colour within reach, Engineer to reach a
  target sooner, First Build and First Move when others reach for the same, a map's own actions by the map's
  judgement (``Judgement.action_value``).
* **Building** — whole links (``plans.py``): which stop to join to which, along the cheapest hexes, for the
  deliveries the link opens; each build lays the next hex of the best plan it can finish this turn, within the
  cash it can spare after expenses (a link left half-built is a gift to rivals); a map's special links (bridges,
  city links) are plans like the others. On a map without hexes, the next disc of the cheapest chain of
  circles joining two cities (``plans.circle_plans``). Other build actions of a map's own (stations…) by the
  map's own plan for them (``Judgement.build_plan``: New York's station sets), or else by what they add to its
  position: a quick look at each, and the best four judged in full.
* **Moving** — the delivery (or a map's own move) that most raises its position, judged by playing it on a
  copy against passing; the engine is raised when that opens a better delivery for the turns left, or when
  nothing pays to deliver.

Where a map has a plan of its own for the turn (``Judgement.plan``: Detroit's solo game, where the money must
last), the bot follows it instead: its shares, action, New City, links and moves.

Every choice is one of the engine's legal actions; a decision takes a few milliseconds.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ageofsteam.bots.base import Hint
from ageofsteam.bots.deliveries import best_gains, own_gain, two_deliveries
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.plans import (
    LinkPlan,
    TurnPlan,
    chain_offers,
    circle_offers,
    circle_plans,
    disc_offers,
    link_plans,
    next_build,
)
from ageofsteam.bots.random_bot import RandomBot
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
from ageofsteam.engine.playout import advance
from ageofsteam.rules.build_track import candidate_hexes, iter_builds
from ageofsteam.rules.move_goods import all_routes
from ageofsteam.rules.special_links import BuildLink, legal_link_builds, link_title, special_link

if TYPE_CHECKING:
    from ageofsteam.bots.random_bot import _Look
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.track_placement import BuildPlan

PLANS_WEIGHED = 80  # legal builds weighed for one build
PLANS_TRIED = 6  # link plans built on a copy to weigh them
PROMISE_WEIGHT = 2.0  # what a delivery a plan opens for later is worth beside income now
OWN_BUILDS_WEIGHED = 24  # a map's own build actions tried on a copy for one decision, at most
OWN_BUILDS_JUDGED = 4  # the best of them by a quick look, judged in full (a delivery search can be slow)
QUICK_LINK = 0.5  # what a link of one's own is worth at a quick look
PLAN_WORK = 110  # what a map's own plan (Judgement.plan) may weigh for one decision (Detroit: projections)
MOVES_WEIGHED = 16  # deliveries tried on a copy for one decision (those paying most to the bot itself)
GOOD_ENOUGH = -5.0  # a build scoring below this is not worth its money
SHARE = 5  # dollars a share brings
TRACK_PAYS = 1  # income a turn's track is counted to add, in judging whether its shares can be carried
DISC_NEED = 8  # the dearest chain of circles shares are issued for (the track a turn's shares pay for, less a bid)
NETWORK_WEIGHT = 0.5  # what a plan adds to the network's six best deliveries (next turns) beside its two now
RIVAL = 1.0  # points a delivery loses for each step of income it gives a rival (own income: 3 points a step)
CONNECT = 2.0  # a link plan joining the player's own network counts this many times more than one apart
COMING = 1.0  # how much of this turn's two best deliveries the build budget counts on to pay the expenses
WIDER_PAYS = 2  # deliveries a turn the income a wider engine opens is counted for, in judging it affordable
FROWN = 0.5  # a map's own judgement falling this much rules out a move made for no gain of its own
# what the actions whose worth does not depend on the position are worth to the plan, and why
ACTION_WORTH: dict[str, tuple[float, str]] = {
    "first_build": (2.5, "building first keeps others off the hexes your plan needs"),
    "first_move": (2.2, "moving first takes the cube before a rival does"),
    "production": (1.5, "new cubes where your network can carry them"),
    "turn_order": (1.0, "a free pass in the next auction"),
}


def turns_left(g: GameState) -> int:
    """Turns still to play after this one (0 in the last turn)."""
    return max(0, g.last_turn - g.turn) if g.last_turn else 6


def engine_due(g: GameState) -> int:
    """The engine level worth having by this turn without a delivery waiting for it: one more every other
    turn, from 2."""
    return 2 + g.turn // 2


def reserve(g: GameState, seat: int) -> int:
    """Cash to keep for this turn's expenses beyond the income."""
    me = g.players[seat]
    return max(0, g.rules.expenses(g, seat) - me.income)


def track_need(g: GameState, seat: int) -> int:
    """The cash this turn's building wants: the dearest of the best few link plans that one turn's builds
    can finish (with the Engineer); a few dollars where no plan shows (a map's own building). On a map built
    with discs, the dearest of the best few chains of circles that cost at most ``DISC_NEED``; nothing when
    none does (shares for a chain the build budget cannot reach would only pay for expenses)."""
    builds = g.rules.ENGINEER_BUILDS
    if g.map.circles:
        chains = circle_plans(g, seat, circle_offers(g, seat), g.rules.BUILDS)
        return max((p.cost for p in chains[:3] if p.cost <= DISC_NEED), default=0)
    costs = [p.cost for p in link_plans(g, seat)[:3] if len(p.path) <= builds]
    return max(costs, default=8)


def own_build_budget(g: GameState, seat: int) -> int:
    """The cash ``seat`` may spend in a map's own build phase: all but this turn's expenses beyond the income
    (and a dollar, but in the last turn)."""
    return g.players[seat].cash - reserve(g, seat) - (0 if turns_left(g) == 0 else 1)


def lasts(g: GameState, seat: int, cash: int, shares: int, income: int, more: int = 0) -> bool:
    """Whether ``seat``, with this cash, shares and income and nothing more spent or earned, pays its expenses
    (with ``more`` a turn besides: an engine level) to the end of the game, issuing shares when short (each
    brings $5 and adds $1 to the expenses) within the most it may hold."""
    other = g.rules.expenses(g, seat) - g.players[seat].shares + more  # the engine, and a map's own expenses
    most = g.rules.max_shares(g)
    for _ in range(turns_left(g) + 1):
        due = shares + other
        if cash + income < due:
            k = -(-(due - cash - income) // (SHARE - 1))
            shares, cash, due = shares + k, cash + SHARE * k, due + k
            if shares > most:
                return False
        cash += income - due
    return True


def network_promise(g: GameState, seat: int, count: int = 6) -> int:
    """What ``seat``'s network promises over the next few turns: the income of its ``count`` best deliveries
    (each cube once), with one engine level more than now, counting its own links on each route (the state is
    put back)."""
    me = g.players[seat]
    me.engine += 1
    try:
        return best_gains(g, seat, count)
    finally:
        me.engine -= 1


def own_stops(g: GameState, seat: int) -> set[int]:
    """The stops at the ends of ``seat``'s own links: where its network is."""
    return {h for lk in g.network.links.values() if lk.owner == seat for h in (lk.a, lk.b)}


def best_delivery(g: GameState, seat: int) -> int:
    """The most income ``seat`` could earn from one delivery now."""
    income = judgement(g).route_income
    return max((income(g, seat, r) for r in all_routes(g, seat)), default=0)


def wider_delivery(g: GameState, seat: int) -> int:
    """The most income ``seat`` could earn from one delivery with one more engine level (the state is put back)."""
    me = g.players[seat]
    me.engine += 1
    try:
        return best_delivery(g, seat)
    finally:
        me.engine -= 1


def affordable_engine(g: GameState, seat: int, gain: int) -> bool:
    """Whether ``seat`` can carry one engine level more: its income, a third of its cash and what the level
    adds to its best delivery (``gain``, earned ``WIDER_PAYS`` times a turn) cover the expenses with a dollar
    to spare. (Counting the gain lets a player deep in shares climb out by a longer delivery: on Iceland, the
    boats need an engine of 4.)"""
    me = g.players[seat]
    return me.income + me.cash // 3 + WIDER_PAYS * max(0, gain) >= g.rules.expenses(g, seat) + 1


def plan_hint(action: Action, plan: TurnPlan, step: str = "") -> Hint:
    """A hint that follows a map's own plan: ``step`` (what this action does, if said), the plan's reason and
    its forecast (``Hint.forecast``)."""
    return Hint.foreseeing(action, f"{step}; {plan.why}" if step else plan.why, plan.forecast)


def position_value(g: GameState, seat: int, *, promise: bool = True) -> float:
    """How good the position is for ``seat``, in points: its score so far (the map's own measure), what its
    network promises in deliveries (unless ``promise`` is false: a quicker look), a little for cash, and a
    map's own judgement."""
    me = g.players[seat]
    if me.eliminated:
        return -1000.0 + judgement(g).value(g, seat)  # a map may tell one bankruptcy from another
    value = float(g.rules.score(g, seat))
    if not g.over:
        value += 0.4 * min(me.cash, 40)  # cash builds track and pays expenses to come
        if promise:
            value += 1.5 * best_delivery(g, seat)
    return value + judgement(g).value(g, seat)


class SteadyBot(RandomBot):
    """Plans links and deliveries by rules of thumb; never searches. See the module's description."""

    name = "steady"
    level = "steady"

    def __init__(self, plan_work: int | None = PLAN_WORK, plans_tried: int = PLANS_TRIED) -> None:
        """``plan_work``: the work a map's own plan for the turn may do for one decision, in the map's own units
        (Detroit: projections of the turns to come); None: all it would do (for experiments). ``plans_tried``:
        the link plans built on a copy to weigh them (0: taken by their value alone, a cheaper bot). The bot
        never reads the clock: a decision depends on the position and ``rng`` alone, on any machine."""
        super().__init__()
        self.plan_work = plan_work
        self.plans_tried = plans_tried

    def choose(self, game: Game, rng: random.Random) -> Action:
        return self.hint(game, rng).action

    def _map_plan(self, g: GameState, seat: int) -> TurnPlan | None:
        """The map's own plan for the turn (``Judgement.plan``), within ``plan_work``."""
        return judgement(g).plan(g, seat, work=self.plan_work)

    def hint(self, game: Game, rng: random.Random) -> Hint:
        g = game.state
        seat = g.to_move
        if seat is None or seat < 0 or g.over:
            raise ValueError("no legal action: it is not a player's turn")
        if g.build is not None and g.build.player == seat:
            if Build not in g.rules.phase(g).accepts:
                return self._own_build(g, seat, game.legal_actions())
            return self._build(g, seat)
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: it is not a player's turn")
        kinds = {a.kind for a in legal}
        if "issue_shares" in kinds:
            return self._shares(g, seat, legal)
        if kinds & {"bid", "drop_out", "turn_order_pass"}:
            return self._bid(g, seat, legal)
        if "select_action" in kinds:
            return self._action(g, seat, legal)
        if kinds & {"deliver", "upgrade_engine", "skip_move"} or len(legal) > 1:
            return self._best_by_play(g, seat, legal)
        return Hint(legal[0], "the only move")

    # --- I. shares ------------------------------------------------------------------------------

    def _shares(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        plan = self._map_plan(g, seat)
        if plan is not None:  # the map's own plan says how many
            fits = [a for a in legal if isinstance(a, IssueShares) and a.count <= plan.shares]
            if fits:
                return plan_hint(max(fits, key=lambda a: a.count), plan)  # type: ignore[attr-defined]
        me = g.players[seat]
        short = reserve(g, seat)
        left = turns_left(g)
        if g.turn <= 1:
            want_cash = 15 + 2 * (g.rules.STARTING_SHARES - 2)
        elif left <= 1:
            want_cash = short  # late shares only stave off bankruptcy: they would not pay back
        else:  # the track its plan wants this turn, and a small bid
            want_cash = short + min(10 if left >= 3 else 8, track_need(g, seat) + 2)
        need = max(0, -(-(want_cash - me.cash) // SHARE))
        rescue = max(0, -(-(short - me.cash) // (SHARE - 1)))  # each share also adds $1 to the expenses
        # shares held at most (each costs $1 a turn and 3 points), besides those that pay expenses
        most = g.rules.STARTING_SHARES + 2 + 2 * g.turn + short // SHARE
        cap = max(rescue, min(need, max(0, most - me.shares)))
        if (
            cap > rescue
            and g.turn > 1
            and judgement(g).thrifty(g, seat)
            and lasts(g, seat, me.cash + SHARE * rescue, me.shares + rescue, me.income)
        ):
            # no share for track that the expenses to the end could not carry, while holding back would last
            while cap > rescue and not lasts(g, seat, short, me.shares + cap, me.income + TRACK_PAYS):
                cap -= 1
        counts = [a for a in legal if isinstance(a, IssueShares) and a.count <= cap]
        choice = max(counts, key=lambda a: a.count)  # type: ignore[attr-defined]
        n = choice.count  # type: ignore[attr-defined]
        if n == 0:
            why = f"${me.cash} covers this turn's build and expenses" if me.cash >= want_cash else "no share pays back"
        elif n == rescue:
            why = f"{n} share{'s' if n > 1 else ''} keep you from going bankrupt this turn"
        else:
            why = f"${me.cash + SHARE * n} pays for this turn's track and the expenses your income does not cover"
        return Hint(choice, why)

    # --- II. turn order -------------------------------------------------------------------------

    def _bid(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        me = g.players[seat]
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
        spare = me.cash - reserve(g, seat) - 10
        worth = min(spare, 8 + g.turn // 2)
        passes = [a for a in legal if isinstance(a, TurnOrderPass)]
        if bids and bids[0].amount <= worth:
            return Hint(bids[0], f"${bids[0].amount} for an early pick of the actions; your plan can spare it")
        if passes:
            return Hint(passes[0], "the Turn Order pass keeps your place without paying")
        drop = next(a for a in legal if isinstance(a, DropOut))
        return Hint(drop, "a higher bid would take cash your track needs")

    # --- III. actions ---------------------------------------------------------------------------

    def _action(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        plan = self._map_plan(g, seat)
        if plan is not None:  # the map's own plan names the action
            chosen = next((a for a in legal if isinstance(a, SelectAction) and a.action == plan.action), None)
            if chosen is not None:
                return plan_hint(chosen, plan)
        me = g.players[seat]
        scored: list[tuple[float, str, Action]] = []
        for a in legal:
            if not isinstance(a, SelectAction):
                continue
            name = a.action
            own = judgement(g).action_value(g, seat, name)
            if own is not None:
                scored.append((own, f"{g.rules.action_title(name)} serves your plan on this map", a))
                continue
            if name == "locomotive":
                now, wider = best_delivery(g, seat), wider_delivery(g, seat)
                solvent = affordable_engine(g, seat, wider - now)
                gain = wider - now
                score = (2.0 + 2.0 * gain if solvent and me.engine < g.rules.max_engine(g) else 0.5) - 0.3 * me.engine
                if solvent and me.engine < engine_due(g):
                    score += 3.0
                why = (
                    f"a longer delivery worth +{wider} waits for one more engine level"
                    if gain > 0
                    else "one more engine level lets your deliveries run over more of your links"
                )
            elif name == "urbanization":
                choice = self._urbanize_choice(g, seat)
                score = 2.0 + 1.5 * min(choice[0], 4) if choice is not None else 0.5  # by the goods it serves
                why = "a New City by your track opens new deliveries"
            elif name == "engineer":
                spare = me.cash - reserve(g, seat)
                # a fourth tile needs the cash for it; an engine behind its due level comes first (Locomotive)
                score = 4.0 if spare >= 12 else 3.0 if spare >= 8 else 2.0
                if sum(len(p.path) for p in link_plans(g, seat)[:3] if p.cost <= spare) <= 3:
                    score = 1.0  # three builds do all that its plans want
                why = "one more build this turn brings your next link sooner"
            else:
                score, why = ACTION_WORTH.get(name, (1.0, "the best of what is left"))
            scored.append((score, why, a))
        if not scored:
            return Hint(legal[0], "the only action left")
        score, why, best = max(scored, key=lambda t: t[0])
        return Hint(best, why)

    # --- IV. building ---------------------------------------------------------------------------

    def _urbanize_site(self, g: GameState, seat: int) -> Urbanize | None:
        """The New City that opens most for this player (:meth:`_urbanize_choice`), if any."""
        choice = self._urbanize_choice(g, seat)
        return None if choice is None else choice[1]

    def _urbanize_choice(self, g: GameState, seat: int) -> tuple[int, Urbanize] | None:
        """The New City that opens most for this player, and how many goods it serves: on a town (or a map's
        own site) by its track or at the end of one of its links, of the colour most of the goods near it that
        have nowhere to go have (goods on the site itself count against their colour: they would have to leave
        for another city of it)."""
        if not g.new_cities_left:
            return None
        own = judgement(g).new_city(g, seat)
        if own is not None:
            return own
        rules = g.rules
        keep = judgement(g).link_ends(g)  # stops the map wants links to (Iceland's ports): no site for a New City
        sites = [
            h for h in g.map.towns if h not in g.new_cities and h not in keep and rules.urbanize_refusal(g, h) is None
        ]
        if not sites:
            return None
        near = self._frontier(g, seat)
        ends = {h for lk in g.network.links.values() if lk.owner == seat for h in (lk.a, lk.b)}
        mine = [h for h in sites if h in near or h in ends or (h in g.tiles and seat in g.tiles[h].owners)]
        if not mine:
            return None
        dist = self._look(g).dist
        sources = rules.goods_sources(g)
        stranded = self._stranded(g, sources, dist)
        best: tuple[int, int, str] | None = None
        for h in sorted(mine):
            far = dist.get(h)
            if far is None:
                continue
            for letter in g.new_cities_left:
                colour = rules.NEW_CITIES.get(letter, ("", ""))[0]
                n = sum(
                    k for (stop, c), k in stranded.items() if c == colour and stop != h and far[stop] <= 4
                ) - 2 * sources.get(h, {}).get(colour, 0)
                if n > 0 and (best is None or n > best[0]):
                    best = (n, h, letter)
        if best is None:
            return None
        return best[0], Urbanize(seat, g.label(best[1]), best[2])

    @staticmethod
    def _stranded(
        g: GameState, sources: dict[int, dict[str, int]], dist: dict[int, list[int]]
    ) -> dict[tuple[int, str], int]:
        """(stop, colour) → goods there with no stop of their colour within 6 hexes: what a New City serves."""
        out: dict[tuple[int, str], int] = {}
        for stop, goods in sources.items():
            for colour, k in goods.items():
                if k and not any(
                    far[stop] <= 6 for x, far in dist.items() if x != stop and g.rules.accepts(g, x, colour)
                ):
                    out[stop, colour] = k
        return out

    def _build(self, g: GameState, seat: int) -> Hint:
        b = g.build
        assert b is not None
        own = self._map_plan(g, seat)
        if own is not None:
            if b.may_urbanize and own.urbanize is not None:
                return plan_hint(own.urbanize, own)
            if b.builds_left <= 0:
                return Hint(EndBuild(seat), "no builds left this turn")
            return self._planned_build(g, seat, own)
        if b.may_urbanize:
            urb = self._urbanize_site(g, seat)
            if urb is not None:
                return Hint(urb, f"a New City at {urb.hex} opens deliveries for your track")
        if b.builds_left <= 0:
            return Hint(EndBuild(seat), "no builds left this turn")
        me = g.players[seat]
        # the expenses the income does not cover once this turn's two best deliveries have raised it: the
        # cash kept back for them (counting the income as it is kept out the links that raise it)
        short = reserve(g, seat)
        if short:
            short = max(0, short - int(COMING * two_deliveries(g, seat)))
        budget = me.cash - short - (0 if turns_left(g) == 0 else 1)
        if budget < 2:
            return Hint(EndBuild(seat), "the cash left is for the expenses")
        specials = BuildLink in g.rules.phase(g).accepts
        plans = [
            link
            for link in link_plans(g, seat)
            if link.cost <= budget and len(link.path) <= b.builds_left  # finished this turn: none left half-built
        ]
        mine = own_stops(g, seat)

        def joins(p: LinkPlan) -> float:
            """More for a plan joining the network (its deliveries run over more of the player's own links)."""
            return CONNECT if mine & {p.start, p.end} else 1.0

        plans.sort(key=lambda p: -p.value * joins(p))
        if len(plans) > 1 and self.plans_tried > 0:
            now, promise = two_deliveries(g, seat), network_promise(g, seat)
            worth = {
                id(p): self._plan_worth(g, seat, p, budget, now, promise) * joins(p) for p in plans[: self.plans_tried]
            }
            plans.sort(key=lambda p: -worth.get(id(p), -1e9))
        first = judgement(g).first_plan(g, seat, plans)
        if first is not None:
            plans = [first, *(p for p in plans if p is not first)]
        for link in plans:
            if link.special is not None:
                if specials:
                    n = link.deliveries
                    special = special_link(g, link.special)
                    title = link_title(g, special) if special is not None else link.special
                    why = f"the {title} for ${link.cost}: opens {n} deliver{'y' if n == 1 else 'ies'}"
                    return Hint(BuildLink(seat, link.special), why)
                continue
            step = next_build(g, seat, link, budget)
            if step is not None:
                action = Build(seat, g.label(step.hex), step.tile.tile, step.tile.rotation)
                return Hint(action, self._link_reason(g, seat, step, link))
        plan, score = self._best_plan(g, seat, budget)
        if plan is None or score < GOOD_ENOUGH:
            return Hint(EndBuild(seat), "no track within your means brings a delivery closer")
        action = Build(seat, g.label(plan.hex), plan.tile.tile, plan.tile.rotation)
        return Hint(action, self._build_reason(g, seat, plan))

    def _planned_build(self, g: GameState, seat: int, plan: TurnPlan) -> Hint:
        """The next hex (or special link) of the map's own plan for the turn; the end of building when it has
        nothing more to build or cannot lay it."""
        cash = g.players[seat].cash
        for link in plan.links:
            if link.special is not None:
                offer = BuildLink(seat, link.special)
                if BuildLink in g.rules.phase(g).accepts and offer in legal_link_builds(g, seat):
                    return plan_hint(offer, plan)
                continue
            step = next_build(g, seat, link, cash)
            if step is not None:
                action = Build(seat, g.label(step.hex), step.tile.tile, step.tile.rotation)
                return plan_hint(action, plan, self._link_reason(g, seat, step, link))
        return plan_hint(EndBuild(seat), plan)

    def _plan_worth(self, g: GameState, seat: int, link: LinkPlan, budget: int, now: int, promise: int) -> float:
        """What a link plan is worth, tried on a copy: the income its two best deliveries would bring once it
        is built (more than ``now``, those of the network as it is), half what it adds to the network's promise
        for the next turns (more than ``promise``, :func:`network_promise`), and the deliveries it opens later,
        for its cost."""
        trial = g.copy()
        rng = random.Random(0)
        if link.special is not None:
            advance(trial, BuildLink(seat, link.special), rng)
        else:
            for _ in link.path:
                if trial.build is None or trial.build.player != seat:  # the building ended (no builds left)
                    break
                step = next_build(trial, seat, link, budget)
                if step is None:
                    break
                advance(trial, Build(seat, trial.label(step.hex), step.tile.tile, step.tile.rotation), rng)
        gain = two_deliveries(trial, seat) - now + NETWORK_WEIGHT * (network_promise(trial, seat) - promise)
        return (gain + PROMISE_WEIGHT * link.deliveries) / (link.cost + 2)

    def _link_reason(self, g: GameState, seat: int, step: BuildPlan, link: LinkPlan) -> str:
        names = f"{g.stop_name(link.start)}–{g.stop_name(link.end)}"
        n = link.deliveries
        if len(link.path) == 1 or step.completes:
            return f"completes {names} for ${step.cost}; opens {n} deliver{'y' if n == 1 else 'ies'}"
        return (
            f"track at {g.label(step.hex)} for ${step.cost}, towards {names} "
            f"(${link.cost} in all; opens {n} deliver{'y' if n == 1 else 'ies'})"
        )

    def _complete_worth(self, look: _Look, group: frozenset[int], other: int) -> float:
        """As the random bot judges it, but a link between stops already joined is worth nothing (a second line
        between the same cities opens nothing)."""
        return super()._complete_worth(look, group, other) if other not in group else 0.0

    def _best_plan(self, g: GameState, seat: int, budget: int) -> tuple[BuildPlan | None, float]:
        look = self._look(g)
        frontier = self._frontier(g, seat)
        cands = candidate_hexes(g, seat)
        order = sorted(frontier & cands)
        ranked = []
        for s in look.dist:
            if g.is_city(s) or (s in g.tiles and seat in g.tiles[s].owners):
                ranked.append((-look.towards(s, look.group(s)), s))
        ranked.sort(reverse=True)
        for _, s in ranked[:4]:
            order += [n for n in g.map.neighbours[s] if n in cands and n not in order]
            if s in cands and s not in order:
                order.append(s)
        order += sorted(cands - set(order))[:6]
        best: BuildPlan | None = None
        best_score = -1e9
        seen = 0
        for plan in iter_builds(g, seat, order):
            if plan.cost > budget:
                continue
            seen += 1
            score = self._score(g, plan, frontier, look)
            if score > best_score:
                best, best_score = plan, score
            if seen >= PLANS_WEIGHED:
                break
        return best, best_score

    def _build_reason(self, g: GameState, seat: int, plan: BuildPlan) -> str:
        """What a legal build (one the engine's planner made) does, in words: the link it completes, if any."""
        trial = g.copy()
        before = {lk.id for lk in g.network.links.values()}
        advance(trial, Build(seat, g.label(plan.hex), plan.tile.tile, plan.tile.rotation), random.Random(0))
        new = [lk for lk in trial.network.links.values() if lk.id not in before and lk.owner == seat]
        if new:
            lk = new[0]
            opened = len(all_routes(trial, seat)) - len(all_routes(g, seat))
            more = f"; opens {opened} more deliveries" if opened > 0 else ""
            return f"completes {trial.stop_name(lk.a)}–{trial.stop_name(lk.b)} for ${plan.cost}{more}"
        return f"track at {g.label(plan.hex)} for ${plan.cost}, extending your section towards a city"

    def _own_build(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        """A map's own build phase (discs on circles, stations…): the next build of the map's own plan
        (``Judgement.build_plan``), or else the action that most raises the position for its cost, within the cash
        to spare."""
        b = g.build
        assert b is not None
        if b.may_urbanize:
            urb = self._urbanize_site(g, seat)
            if urb is not None:
                return Hint(urb, f"a New City at {urb.hex} opens deliveries for your network")
        budget = own_build_budget(g, seat)
        planned = judgement(g).build_plan(g, seat, legal, budget)
        if planned is not None:  # the map's own plan for its build phase
            return Hint(*planned)
        discs = disc_offers(g, legal, budget)
        if discs:
            offers = chain_offers(g, seat, discs, budget)
            for plan in circle_plans(g, seat, offers, b.builds_left):
                if plan.cost <= budget and plan.new[0] in discs:
                    n = plan.deliveries
                    names = f"{g.stop_name(plan.start)}–{g.stop_name(plan.end)}"
                    opens = f"opens {n} deliver{'y' if n == 1 else 'ies'}"
                    if len(plan.new) == 1:
                        why = f"completes {names} for ${plan.cost}; {opens}"
                    else:
                        why = f"a disc on {plan.new[0]} towards {names} (${plan.cost} in all; {opens})"
                    return Hint(discs[plan.new[0]][0], why)
        affordable = [
            a for a in legal if not isinstance(a, (EndBuild, Urbanize)) and g.rules.action_cost(g, a) <= budget
        ]
        # a quick look at every one (its score, cash and the links it makes), then the full judgement (with the
        # deliveries the network promises, whose search can be slow) of the four best
        quick_base = self._quick_value(g, seat)
        quick = []
        for a in affordable[:: -(-len(affordable) // OWN_BUILDS_WEIGHED) or 1]:  # spread over the listing
            trial = g.copy()
            advance(trial, a, random.Random(0))
            quick.append((self._quick_value(trial, seat) - quick_base - 0.15 * g.rules.action_cost(g, a), a))
        quick.sort(key=lambda t: -t[0])
        base = position_value(g, seat) if quick else 0.0
        best: tuple[float, Action] | None = None
        for _, a in quick[:OWN_BUILDS_JUDGED]:
            gain = self._after(g, a, seat) - base - 0.15 * g.rules.action_cost(g, a)
            if best is None or gain > best[0]:
                best = (gain, a)
        end = next((a for a in legal if isinstance(a, EndBuild)), legal[0])
        if best is None or best[0] <= 0:
            return Hint(end, "nothing within your means improves your network")
        return Hint(best[1], "adds most to the deliveries your network can make, for its cost")

    # --- V. moving goods ------------------------------------------------------------------------

    @staticmethod
    def _quick_value(g: GameState, seat: int) -> float:
        """A position's value without the delivery search: its score, cash and own links."""
        own = sum(1 for lk in g.network.links.values() if lk.owner == seat)
        return position_value(g, seat, promise=False) + QUICK_LINK * own

    def _after(self, g: GameState, a: Action, seat: int, *, promise: bool = True) -> float:
        """The position's value for ``seat`` after ``a`` (played on a copy)."""
        trial = g.copy()
        advance(trial, a, random.Random(0))
        return position_value(trial, seat, promise=promise)

    def _best_by_play(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        """Each move tried on a copy; the one that most raises the position. The engine is raised only when
        that opens a better delivery and the income can carry it."""
        plan = self._map_plan(g, seat)
        if plan is not None and plan.move in legal:  # the map's own plan names the move
            return plan_hint(plan.move, plan)
        me = g.players[seat]
        if all(a.kind == "place_cube" for a in legal):  # Production: cubes where this player's track can carry them
            return self._production(g, seat, legal)
        # measured against passing: the last move of the phase runs on into income and expenses
        skipping = next((a for a in legal if isinstance(a, SkipMove)), None)
        base = self._after(g, skipping, seat, promise=False) if skipping else position_value(g, seat, promise=False)
        gains: list[tuple[float, Action]] = []
        raised: dict[int, int] = {}  # the income each move raises the bot's by, for the reason
        skip: Action | None = None
        upgrade: Action | None = None
        delivers = [a for a in legal if isinstance(a, Deliver)]
        if len(delivers) > MOVES_WEIGHED:  # the deliveries paying most to the bot itself, the rest unchanged
            links = g.network.links
            own = {id(a): own_gain(g, seat, [links[lk] for lk in a.links if lk in links]) for a in delivers}
            kept = {id(a) for a in sorted(delivers, key=lambda a: -own[id(a)])[:MOVES_WEIGHED]}
            legal = [a for a in legal if not isinstance(a, Deliver) or id(a) in kept]
        for a in legal:
            if isinstance(a, SkipMove):
                skip = a
                continue
            if isinstance(a, UpgradeEngine):
                upgrade = a
                continue
            trial = g.copy()
            income = me.income
            advance(trial, a, random.Random(0))
            gain = position_value(trial, seat, promise=False) - base
            # the income it gives rivals (over their links) counts against it
            gain -= RIVAL * sum(
                t.income - p.income for t, p in zip(trial.players, g.players, strict=True) if p.seat != seat
            )
            raised[id(a)] = trial.players[seat].income - income
            gains.append((gain + 0.01 * raised[id(a)], a))
        gains.sort(key=lambda t: -t[0])
        top = gains[0] if gains else None
        if upgrade is not None:
            now, wider = best_delivery(g, seat), wider_delivery(g, seat)
            solvent = affordable_engine(g, seat, wider - now)
            rounds = g.rules.MOVE_ROUNDS - g.move_round + 1
            lasting = turns_left(g)  # later turns enjoy the wider engine too
            pays = wider > now and (wider - now) * (1 + 2 * lasting) > now + lasting
            if solvent and pays and (rounds >= 2 or not gains):
                return Hint(upgrade, f"one more engine level opens a delivery worth +{wider} (now +{now})")
            idle = top is None or top[0] <= 0
            small = me.engine < min(engine_due(g), 3)  # a small engine keeps the income small: the way out of debt
            thrifty = judgement(g).thrifty(g, seat)  # unless the income now must carry the level to the end
            if (
                idle
                and (solvent or (small and (not thrifty or lasts(g, seat, me.cash, me.shares, me.income, more=1))))
                and lasting >= 2
                and me.engine < min(g.rules.max_engine(g), 4)
                and not self._map_frowns(g, upgrade, seat)
            ):
                return Hint(upgrade, "nothing pays to deliver now: a bigger engine readies longer deliveries")
        if top is not None and top[0] > 0:
            a = top[1]
            if isinstance(a, Deliver):
                why = f"delivers {a.colour} from {a.city} over {len(a.links)} link{'s' if len(a.links) > 1 else ''}"
                earns = f" (+{raised[id(a)]} income)" if raised[id(a)] > 0 else ""
                return Hint(a, f"{why}: the best delivery for you now{earns}")
            return Hint(a, "the move that most improves your position")
        if skip is not None:
            return Hint(skip, "no delivery pays you now")
        if top is not None:
            return Hint(top[1], "the least costly move")
        return Hint(legal[0], "the only move")

    @staticmethod
    def _map_frowns(g: GameState, a: Action, seat: int) -> bool:
        """Whether the map's own judgement (``Judgement.value``) thinks clearly less of the position after ``a``: on
        Detroit, an engine level nothing delivers over only shortens the time the money lasts."""
        trial = g.copy()
        advance(trial, a, random.Random(0))
        return judgement(g).value(trial, seat) < judgement(g).value(g, seat) - FROWN

    def _production(self, g: GameState, seat: int, legal: list[Action]) -> Hint:
        """A Production cube goes to the goods-display column of a city this player's network reaches."""
        mine = {h for lk in g.network.links.values() if lk.owner == seat for h in (lk.a, lk.b) if g.is_city(h)}
        columns = {key for key, h in g.rules.growth_city.items() if h in mine}
        for a in legal:
            if str(getattr(a, "box", "")).split("/")[0] in columns:
                return Hint(a, "the cube will come to a city your track reaches")
        return Hint(legal[0], "no column feeds your network; the first free box")


__all__ = ["SteadyBot", "position_value"]
