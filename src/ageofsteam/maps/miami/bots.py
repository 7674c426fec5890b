"""Miami 2030's judgement for the bots: people before money, the water's next moves, and the game won in the end
(see the README, "Bots")."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.bots.plans import LinkPlan, link_plans
from ageofsteam.engine.actions import Urbanize
from ageofsteam.maps.miami.rules import COAST_GUARD, ENGINEER, FIRE_FIGHTER, Rules
from ageofsteam.maps.miami.state import state
from ageofsteam.rules.move_goods import all_routes, routes_from

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

WON = 10.0  # what the bots count for a won game, beside one person evacuated for 1
HOPELESS = 10.0  # and against more people left than move rounds to carry them
SPARE = 4  # move slots beyond the people left that the bots like to keep in hand
SPARE_POINTS = 2.5  # against each of those slots gone (a move that evacuates no one spends one)
RESCUE = 20.0  # the steady bot's wish for Coast Guard when it reaches people cut off (above any other action: the game
# is won only when every person leaves), beside a person more each


def _rules(g: GameState) -> Rules:
    """The game's rules: Miami's."""
    return cast("Rules", g.rules)


def cut_off(g: GameState, seat: int) -> dict[int, int]:
    """Districts whose people can no longer leave without Coast Guard → their people: not joined by a link of
    ``seat``'s, and no way over dry hexes that can take a new tile, or over ``seat``'s own track, leads from
    them to another stop (a section of its own that ends in the water is no way out)."""
    rules = _rules(g)
    wet = rules.flooded(g)
    joined = {h for lk in g.network.links.values() if lk.owner == seat for h in (lk.a, lk.b)}
    stops = rules.track_end_hexes(g)
    nb = g.map.neighbours

    def open_hex(x: int) -> bool:
        if x in g.tiles:
            return seat in g.tiles[x].owners
        return x not in wet and rules.can_hold_track(g, x)

    out: dict[int, int] = {}
    for h, people in rules.people(g).items():
        n = sum(people.values())
        if not n or h in joined:
            continue
        seen = {h}
        todo = [x for x in nb[h] if x >= 0 and open_hex(x)]
        found = False
        while todo and not found:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            for y in nb[x]:
                if y < 0 or y in seen:
                    continue
                if g.is_city(y) or y in stops:
                    found = True
                    break
                if open_hex(y):
                    todo.append(y)
        if not found:
            out[h] = n
    return out


def move_slots(g: GameState) -> int:
    """Deliveries still possible, one a move round: those left in this round's Move Goods and two in each round
    after it."""
    rules = g.rules
    names = [p.name for p in rules.phases]
    here, moving = names.index(g.phase), names.index("move_goods")
    if here < moving:
        now = rules.MOVE_ROUNDS
    elif here == moving:
        now = rules.MOVE_ROUNDS - max(g.move_round, 1) + 1
    else:
        now = 0
    return now + rules.MOVE_ROUNDS * max(0, g.last_turn - g.turn)


def ready(g: GameState, seat: int) -> int:
    """The people ``seat``'s track can evacuate now: those with a delivery route of their colour."""
    return sum(
        n
        for h, people in _rules(g).goods_sources(g).items()
        for colour, n in people.items()
        if n and routes_from(g, seat, h, colour)
    )


def urbanized(g: GameState, h: int, letter: str) -> GameState:
    """A copy of ``g`` with New City ``letter`` on district ``h``, its people moved onto it, as Urbanization
    leaves them."""
    trial = g.copy()
    trial.new_cities[h] = letter
    trial.new_cities_left.remove(letter)
    trial.cubes.setdefault(h, {})
    trial.board_changed()
    trial.rules.on_urbanized(trial, h, letter)
    return trial


def rescue(g: GameState, seat: int) -> int:
    """The people the water has cut off whom Coast Guard would let ``seat`` reach this turn: those on a district
    a link plan over flooded hexes joins to a city that takes them, within the player's cash."""
    shut = cut_off(g, seat)
    if not shut:
        return 0
    trial = g.copy()
    trial.players[seat].action = COAST_GUARD
    cash = g.players[seat].cash
    reached = {h for p in link_plans(trial, seat, limit=24) if p.cost <= cash for h in (p.start, p.end) if h in shut}
    return sum(shut[h] for h in reached)


class Judgement(BaseJudgement):
    """Miami 2030's judgement."""

    def first_plan(self, g: GameState, seat: int, plans: list[LinkPlan]) -> LinkPlan | None:
        """While fewer people can leave now than this turn's move rounds can carry, the plan that lets the most
        of them leave this turn (people at one end that the other end takes now, up to the rounds left): a move
        round without an evacuation is a person less carried in the end. With Coast Guard held, a plan that reaches
        people the water has cut off comes before all (Coast Guard was taken for it)."""
        shut = cut_off(g, seat) if g.players[seat].action == COAST_GUARD else {}
        saving = [p for p in plans if p.start in shut or p.end in shut]
        if saving:
            return max(saving, key=lambda p: shut.get(p.start, 0) + shut.get(p.end, 0))
        slots = move_slots(g) - _rules(g).MOVE_ROUNDS * max(0, g.last_turn - g.turn)
        wanted = slots - ready(g, seat)
        if wanted <= 0:
            return None
        rules = _rules(g)
        at = rules.goods_sources(g)

        def now(p: LinkPlan) -> int:
            n = sum(k for c, k in at.get(p.start, {}).items() if rules.accepts(g, p.end, c))
            n += sum(k for c, k in at.get(p.end, {}).items() if rules.accepts(g, p.start, c))
            return min(n, wanted)

        best = max(plans, key=now, default=None)  # the first of equals: the steady bot's order
        return best if best is not None and now(best) > 0 else None

    def closed_hexes(self, g: GameState, seat: int) -> frozenset[int]:
        """Flooded hexes, unless the player holds Coast Guard: a plan over one could not be finished."""
        if g.players[seat].action == COAST_GUARD:
            return frozenset()
        return frozenset(_rules(g).flooded(g))

    def accepts(self, g: GameState, stop: int, colour: str) -> bool:
        """A district of Miami East not urbanized may still take a colour a New City is left for (Urbanize):
        the exits are far away across the flooded north."""
        rules = _rules(g)
        if rules.is_district(g, stop) and stop in g.map.areas["east"]:
            return any(rules.NEW_CITIES.get(letter, ("", ""))[0] == colour for letter in g.new_cities_left)
        return rules.accepts(g, stop, colour)

    def new_city(self, g: GameState, seat: int) -> tuple[int, Urbanize] | None:
        """The New City that lets the most people leave at once over the player's track (one far down the
        islands can be the only way out for a district cut off by the water), less two for each of the
        district's own people of its colour (who would have to find another city of it), and how many more it
        lets go; None if none lets anyone more go."""
        rules = _rules(g)
        waiting = rules.people(g)
        wanted = {c for people in waiting.values() for c, n in people.items() if n}
        now = ready(g, seat)
        best: tuple[int, int, int, str] | None = None
        for h in sorted(g.map.towns):
            if h in g.new_cities or rules.urbanize_refusal(g, h) is not None:
                continue
            for letter in sorted(g.new_cities_left):
                colour = rules.NEW_CITIES[letter][0]
                if colour not in wanted:
                    continue
                # the district's own people of the New City's colour must then find another city of it
                more = ready(urbanized(g, h, letter), seat) - now - 2 * waiting.get(h, {}).get(colour, 0)
                crowd = sum(waiting.get(h, {}).values())  # of equal sites, the one with fewer people to move on
                if more > 0 and (best is None or (more, -crowd) > (best[0], -best[1])):
                    best = (more, crowd, h, letter)
        if best is None:
            return None
        return best[0], Urbanize(seat, g.label(best[2]), best[3])

    def value(self, g: GameState, seat: int) -> float:
        """A bankruptcy: the people evacuated (the bots tell one from another). A finished game: ``WON`` points
        if won, nothing else (the people evacuated are the score). Before: more people on the map than the move
        rounds left can carry lose the game, ``HOPELESS`` points and one more a person; and while fewer than
        ``SPARE`` slots are to spare, every move slot spent without an evacuation (an engine level, a pass) counts,
        ``SPARE_POINTS`` (17 people in 20 slots leave three to spare). People in danger count against the
        position, 1.5 points each: those on districts next to a hex the next flood may take (their
        way out may be cut), so the bots evacuate them first; 3 for those already cut off by the water (only
        Coast Guard reaches them), so the bots flood where no one is shut in. The income over the expenses
        counts a little, since a bankruptcy loses."""
        rules = _rules(g)
        if g.players[seat].eliminated:  # of two bankruptcies, the one with more people out
            return float(rules.score(g, seat))
        if g.over:
            result = state(g).result
            return WON if result is not None and result.won else 0.0
        short = rules.people_left(g) - move_slots(g)
        late = SPARE_POINTS * max(0, SPARE + short) + (HOPELESS + short if short > 0 else 0.0)
        sites = set(rules.flood_sites(g))
        nb = g.map.neighbours
        danger = 0
        for label, people in state(g).people.items():
            h = g.map.by_label[label]
            if any(n in sites for n in nb[h]):
                danger += sum(people.values())
        me = g.players[seat]
        solvency = 0.3 * (me.income - rules.expenses(g, seat))  # the people are saved only if the money lasts
        return solvency - late - 1.5 * danger - 3.0 * sum(cut_off(g, seat).values())

    def outcome(self, g: GameState, seat: int) -> float:
        """The people evacuated, and ``WON`` more for a game won: winning is what counts, the people tell one
        lost game from another."""
        result = state(g).result
        return _rules(g).score(g, seat) + (WON if result is not None and result.won else 0.0)

    def outcome_words(self, value: float) -> str:
        return f"{value:.0f} (the people evacuated, and {WON:.0f} more for a win)"

    def action_value(self, g: GameState, seat: int, action: str) -> float | None:
        """Coast Guard above all when it lets people the water has cut off be reached this turn (else they never
        leave, and the game is lost); Engineer while people wait on districts no track of the player's joins yet
        and dry hexes can reach; Fire Fighter when a delivery now runs over flooded track."""
        rules = _rules(g)
        if action == COAST_GUARD:
            saved = rescue(g, seat)
            return RESCUE + saved if saved else 0.5
        if action == ENGINEER:  # the water does not wait: build fast while people wait unjoined
            joined = {h for lk in g.network.links.values() if lk.owner == seat for h in (lk.a, lk.b)}
            shut = cut_off(g, seat)
            waiting = any(sum(p.values()) and h not in joined | shut.keys() for h, p in rules.people(g).items())
            return 5.0 if waiting and g.players[seat].cash >= 8 else None
        if action == FIRE_FIGHTER:
            wet = any(rules.flooded_passed(g, r) for r in all_routes(g, seat))
            return 2.0 if wet else 0.3
        return None
