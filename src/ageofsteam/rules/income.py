"""Phases VI–VIII: Collect Income, Pay Expenses (with insolvency and elimination), Income Reduction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.rules.phase import Phase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def base_income_reduction(income: int) -> int:
    """How much income is lost in phase VIII: 0 up to 10, then 2/4/6/8 per band of ten, and 10 from 50."""
    if income <= 10:
        return 0
    if income >= 50:
        return 10
    return 2 * ((income - 1) // 10)


def eliminate(g: GameState, seat: int) -> None:
    """Take a player out: all their track becomes unowned (completed links pay no one any more)."""
    p = g.players[seat]
    p.eliminated = True
    p.action = None
    for tile in g.tiles.values():
        tile.owners = [None if o == seat else o for o in tile.owners]
    for lid, o in g.special_link_owners.items():
        if o == seat:
            g.special_link_owners[lid] = None
    g.board_changed()
    g.order = [s for s in g.order if s != seat]
    g.say(f"{p.name} is bankrupt and leaves the game")
    g.rules.on_eliminated(g, seat)


class CollectIncomePhase(Phase):
    name = "collect_income"
    title = "VI. Collect Income"

    def begin(self, g: GameState) -> bool:
        paid = []
        for seat in g.active_players():
            p = g.players[seat]
            p.cash += max(0, p.income)
            paid.append(f"{p.name} ${max(0, p.income)}")
        if paid:
            g.say("Income: " + ", ".join(paid))
        return True


class PayExpensesPhase(Phase):
    name = "pay_expenses"
    title = "VII. Pay Expenses"

    def begin(self, g: GameState) -> bool:
        paid = []
        for seat in g.active_players():
            p = g.players[seat]
            due = g.rules.expenses(g, seat)
            if p.cash >= due:
                p.cash -= due
                paid.append(f"{p.name} ${due}")
                continue
            short = due - p.cash
            p.cash = 0
            p.income -= short
            g.say(f"{p.name} is ${short} short for expenses and loses {short} income")
            if p.income < 0:
                eliminate(g, seat)
        if paid:
            g.say("Expenses: " + ", ".join(paid))
        g.rules.check_early_end(g)
        return True


class IncomeReductionPhase(Phase):
    name = "income_reduction"
    title = "VIII. Income Reduction"

    def begin(self, g: GameState) -> bool:
        for seat in g.active_players():
            p = g.players[seat]
            cut = g.rules.income_reduction(g, p.income)
            if cut:
                p.income -= cut
                g.say(f"{p.name}'s income is reduced by {cut} to {p.income}")
        return True
