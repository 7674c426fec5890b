"""What the evaluator reads of a position: a fixed row of numbers per seat, the same on every map.

For each seat the figures a player weighs (cash, income, shares, engine, score so far, expenses, the best
deliveries its network offers now and with one engine level more, its links, and the map's own judgement of
the position), then the same figures times the turns left (income is worth more early), the best and the
mean rival's, the gap to the best rival, and where the game stands (turns left, how far it has come,
players, rivals still in, place in the player order). A bankrupt seat has no row.

The rows are read where the evaluator is trained and asked (:func:`at_valuation_point`): once a turn, when its
income and expenses are paid and before the goods growth's dice, or at the start of the next turn on a map
whose goods do not grow by dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ageofsteam.bots.deliveries import best_gains
from ageofsteam.bots.judgement import judgement
from ageofsteam.engine.actions import CHANCE
from ageofsteam.rules.move_goods import all_routes

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

VERSION = 2  # raised whenever the row changes: weights trained on another version are refused
SEAT_FIGURES = (
    "cash",
    "income",
    "shares",
    "engine",
    "score",
    "expenses",
    "best_delivery",
    "two_deliveries",
    "promise",
    "links",
    "map_value",
)
GAME_FIGURES = ("turns_left", "progress", "players", "rivals_in", "order_place")
NAMES = tuple(
    [f"own_{n}" for n in SEAT_FIGURES]
    + [f"own_{n}_x_turns_left" for n in SEAT_FIGURES]
    + [f"best_rival_{n}" for n in SEAT_FIGURES]
    + [f"mean_rival_{n}" for n in SEAT_FIGURES]
    + [f"gap_{n}" for n in SEAT_FIGURES]
    + list(GAME_FIGURES)
)
WIDTH = len(NAMES)
GOODS_GROWTH = "goods_growth"  # the phase whose chance is the goods growth's dice
UNKNOWN_LENGTH = 10  # turns assumed for a game with no set last turn (Detroit)


def at_valuation_point(g: GameState, turn: int) -> bool:
    """Whether ``g``, played on from a position of turn ``turn``, stands where positions are valued: the game
    over, a chance of the goods growth due (the turn's income and expenses paid, the dice not yet rolled: what
    they bring is the evaluator's to foresee, not the search's), or a later turn begun (a map whose goods do
    not grow by dice)."""
    return g.over or g.turn > turn or (g.turn == turn and g.to_move == CHANCE and g.phase == GOODS_GROWTH)


def turns_left(g: GameState) -> int:
    """Turns still to play after this one."""
    return max(0, g.last_turn - g.turn) if g.last_turn else max(0, UNKNOWN_LENGTH - g.turn)


def seat_figures(g: GameState, seat: int, map_value: float) -> list[float] | None:
    """One seat's figures (:data:`SEAT_FIGURES`); None for a bankrupt seat."""
    p = g.players[seat]
    if p.eliminated:
        return None
    rules = g.rules
    income = judgement(g).route_income
    now = [income(g, seat, r) for r in all_routes(g, seat)]
    p.engine += 1
    try:
        promise = best_gains(g, seat, 6)
    finally:
        p.engine -= 1
    now.sort(reverse=True)
    links = sum(1 for lk in g.network.links.values() if lk.owner == seat)
    return [
        p.cash,
        p.income,
        p.shares,
        p.engine,
        rules.score(g, seat),
        rules.expenses(g, seat),
        now[0] if now else 0,
        sum(now[:2]),
        promise,
        links,
        map_value,
    ]


def rows(g: GameState, map_value: list[float]) -> list[np.ndarray | None]:
    """Every seat's row (None for a bankrupt seat); ``map_value``: the map's own judgement of each seat."""
    n = len(g.players)
    figures = [seat_figures(g, s, map_value[s]) for s in range(n)]
    left = turns_left(g)
    length = g.last_turn or UNKNOWN_LENGTH
    out: list[np.ndarray | None] = []
    for seat, own in enumerate(figures):
        if own is None:
            out.append(None)
            continue
        mine = np.array(own, dtype=float)
        others = [f for s, f in enumerate(figures) if s != seat and f is not None]
        rival = np.array(others, dtype=float) if others else np.zeros((1, len(SEAT_FIGURES)))
        place = g.order.index(seat) / max(1, n - 1) if seat in g.order else 0.5
        best = rival.max(axis=0)
        game = [left, g.turn / length, n, len(others), place]
        out.append(np.concatenate([mine, mine * left, best, rival.mean(axis=0), mine - best, game]))
    return out
