"""Detroit Bankruptcy's judgement for the bots: a position is worth the turns its money lasts (``outlook.py``),
and the turn is played by a plan of its own that projects them (``plan.py``), solo and with players alike (see
the README, "Bots")."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ageofsteam.bots.judgement import Judgement as BaseJudgement
from ageofsteam.maps.detroit.outlook import bankruptcy_turn
from ageofsteam.maps.detroit.plan import solo_plan
from ageofsteam.maps.detroit.rules import NO_ACTION, Rules
from ageofsteam.maps.detroit.state import state

if TYPE_CHECKING:
    from ageofsteam.bots.plans import TurnPlan
    from ageofsteam.engine.state import GameState

SURVIVAL_WEIGHT = 6.0  # the bots' points for each turn the money lasts longer
SOLO_CLEAR_GAIN = 0.5  # turns another move must add, solo, before the hard bot leaves the steady plan for it


class Judgement(BaseJudgement):
    """Detroit's judgement: lasting is the whole game."""

    clear_gain = 0.0  # the outcome is a turn: the base game's margin of points would stop every search

    def clear_gain_in(self, g: GameState) -> float:
        """Solo, half a turn: a playout's gains of a tenth of a turn are mostly its dice, and a game walked away
        from the plan by a chain of them goes bankrupt early. With players, none (the margin its multiplayer
        targets were measured with)."""
        return SOLO_CLEAR_GAIN if cast("Rules", g.rules).solo(g) else self.clear_gain

    def value(self, g: GameState, seat: int) -> float:
        """The turn in which the player's money runs out as things stand (``outlook.py``), 6 points a turn:
        lasting is the whole game here, so a share's $5 now is weighed against its $1 every turn after."""
        return SURVIVAL_WEIGHT * bankruptcy_turn(g, seat)

    def outcome(self, g: GameState, seat: int) -> float:
        """How long the player lasted, which the game is won and rated by: the turn of the bankruptcy (a
        hundredth of the income then breaks a tie, as the rulebook's multiplayer tie does), or, not bankrupt,
        the turn the game has reached plus one."""
        gone = state(g).bankrupt.get(seat)
        if gone is None:
            return float(g.turn + 1)
        return gone.turn + gone.income / 100

    def outcome_words(self, value: float) -> str:
        return f"bankrupt in turn {value:.0f}"

    def lead_words(self, lead: float) -> str:
        return f"{lead:+.1f} turns"

    def action_value(self, g: GameState, seat: int, action: str) -> float | None:
        """Solo: a disk's fee is cash the expenses need; taking no action is worth keeping it when it is short."""
        rules = cast("Rules", g.rules)
        if not rules.solo(g):
            return None
        me = g.players[seat]
        short = max(0, rules.expenses(g, seat) - me.income)
        if action == NO_ACTION:
            return 2.5 if me.cash < short + 3 else 0.5
        return None if me.cash - rules.action_fee(g, action) >= short else 0.2

    def plan(self, g: GameState, seat: int, work: int | None = None) -> TurnPlan | None:
        """The turn's shares, action, links and moves by the projection of the turns to come (``plan.py``). With
        players too: the last player not bankrupt wins (at a tie, the highest income), so the game is the solo
        game's race for the money to last longest; the plan weighs only the actions no rival has taken.
        ``work``: the projections it may weigh (``plan.py``)."""
        return solo_plan(g, seat, work)
