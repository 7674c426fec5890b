"""How long a Detroit player's money lasts: the bots' judgement of a position on this map.

On Detroit every turn's expenses (shares + engine + the turn number) grow while the goods run out, and the
player who lasts longest wins. A position is judged by the turn in which the player would go bankrupt if they
went on as they stand: their cash, income and expenses, with the income their network can still add (the two
best deliveries it offers now, fewer each turn after as the cubes run out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.bots.deliveries import two_deliveries
from ageofsteam.maps.detroit.state import state

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

LOOK_TURNS = 8  # turns projected at most
FADING = 0.6  # each turn the network adds this share of what it added the turn before
DEPTH = 20  # an income this far below 0 at the bankruptcy counts as a whole turn less
UNPAID = ("issue_shares", "player_order", "select_actions", "build_track", "move_goods")


def bankruptcy_turn(g: GameState, seat: int) -> float:
    """The turn in which ``seat`` goes bankrupt as things stand, with a fraction for how close the money came
    (4.5: in turn 5, short by half of :data:`DEPTH`); a bankruptcy already taken counts as it happened."""
    p = g.players[seat]
    if p.eliminated:
        gone = state(g).bankrupt.get(seat)
        if gone is None:
            return float(g.turn)
        return gone.turn - 1 + max(0.0, 1 + gone.income / DEPTH)
    cash, income = p.cash, p.income
    turn = g.turn if g.phase in UNPAID else g.turn + 1  # once this turn's expenses are paid, from the next
    growth = float(two_deliveries(g, seat))
    for t in range(turn, turn + LOOK_TURNS):
        income += round(growth)
        growth *= FADING
        cash += max(0, income)
        cash -= p.shares + p.engine + t
        if cash < 0:
            income += cash
            cash = 0
            if income < 0:
                return t - 1 + max(0.0, 1 + income / DEPTH)
        income -= g.rules.income_reduction(g, income)
    return turn + LOOK_TURNS - 1 + min(1.0, (cash + income) / (2 * DEPTH))
