"""The strong bot: search on top of the steady bot (level ``strong``, "Hard").

For each decision it takes the steady bot's choice and a few others (the next steps of other link plans,
other deliveries, other bids…), and plays each out on copies of the position: the rest of this turn (on a
solo map the five turns after it too, and share counts are weighed then), every seat played by the steady bot,
dice and draws sampled from the bot's own random generator (never from the game's seed or any chance the game
holds). Each playout ends with the steady bot's judgement of the position (score, the deliveries the network
promises, cash), taken relative to the best rival. Candidates are played out in turn until the work budget is
spent; the one with the best average wins.

The budget is work, never time: ``work`` playouts a decision, a playout counting one for each turn it plays
(one to the end of this turn; up to six on a solo map), so a decision depends on the position and the bot's
generator alone and is the same on every machine and at any load. ``seconds`` is only a safety cap that a
healthy machine never reaches (a playout it cuts short does not count).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from ageofsteam.bots.base import Hint, Position
from ageofsteam.bots.candidates import CANDIDATES, candidates
from ageofsteam.bots.steady import PLAN_WORK, SteadyBot, position_value
from ageofsteam.engine.playout import advance

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState

PLAYOUT_DECISIONS = 400  # a playout stops after this many decisions even if the turn goes on
SOLO_HORIZON = 6  # turns a playout covers on a solo map
DEFAULT_WORK = 28  # playouts (of one turn) per decision: what one second bought on Rust Belt, 4 players
# a decision stops searching after this long whatever its work (a machine in trouble): more than twice the slowest
# time per decision the benchmarks report (Hard in Detroit solo, p99 up to 13 s: benchmarks/results/bots.json)
SAFETY_SECONDS = 30.0
ROOT_PLAN_WORK = 120  # for each playout of the budget, the work a map's own plan may do for the first choice


def horizon(g: GameState) -> int:
    """Turns a playout covers: the rest of this one; on a solo map, where no rival answers and the economy is
    the whole game, the next ones too."""
    return SOLO_HORIZON if len(g.players) == 1 else 1


class StrongBot(SteadyBot):
    """Looks ahead by ``work`` playouts per decision. See the module's description."""

    name = "strong"
    level = "strong"

    def __init__(self, work: int = DEFAULT_WORK, seconds: float | None = SAFETY_SECONDS) -> None:
        """``work``: the playouts per decision, each counting one for each turn it plays. ``seconds``: the
        safety cap on a decision's search (None: none)."""
        super().__init__()
        self.work = work
        self.seconds = seconds
        self.steady = SteadyBot()  # the playouts' bot, quick
        # its own first choice may weigh a map's own plan longer, in proportion to the budget
        self.root = SteadyBot(plan_work=max(PLAN_WORK, ROOT_PLAN_WORK * work))

    def hint(self, game: Game, rng: random.Random) -> Hint:
        deadline = float("inf") if self.seconds is None else time.perf_counter() + self.seconds
        g = game.state
        seat = g.to_move
        if seat is None or seat < 0 or g.over:
            raise ValueError("no legal action: it is not a player's turn")
        plain = self.root.hint(game, rng)
        options = candidates(g, plain.action, rng, weigh_shares=horizon(g) > 1)
        if len(options) == 1:
            return plain
        weighing, spare = options[: 1 + CANDIDATES], options[1 + CANDIDATES :]
        totals = [0.0] * len(weighing)
        counts = [0] * len(weighing)
        settled: set[int] = set()  # weighing whose playout drew no chance: another would end the same
        spent, i = 0, -1
        while spent < self.work and time.perf_counter() < deadline:
            if len(settled) == len(weighing):  # every outcome known: weigh one more action instead
                if not spare:
                    break
                weighing.append(spare.pop(0))
                totals.append(0.0)
                counts.append(0)
            i = (i + 1) % len(weighing)
            while i in settled:
                i = (i + 1) % len(weighing)
            before = rng.getstate()
            played = self._playout(g, seat, weighing[i], rng, deadline)
            if played is None:  # the safety cap was reached during the playout
                break
            outcome, turns = played
            if rng.getstate() == before:
                settled.add(i)
            totals[i] += outcome
            counts[i] += 1
            spent += turns
        weighed = [j for j in range(len(weighing)) if counts[j]]
        if not weighed:
            return Hint(plain.action, f"{plain.reason} (no time to look further)")
        means = {j: totals[j] / counts[j] for j in weighed}  # the steady choice (0) is always played first
        best = max(weighed, key=lambda j: (means[j], j == 0))
        if best == 0:
            return Hint(plain.action, f"{plain.reason} (best of {len(weighed)} moves over {sum(counts)} playouts)")
        chosen = weighing[best]
        lead = means[best] - means[0]
        why = f"played out {sum(counts)} times, it does {lead:.1f} points better than the plain choice"
        return Hint(chosen, why)

    def _playout(
        self, g: GameState, seat: int, first: Action, rng: random.Random, deadline: float
    ) -> tuple[float, int] | None:
        """Play ``first`` then the rest of the turn with the steady bot in every seat (on a solo map, the turns
        after it too); the outcome for ``seat`` against the best rival, and the turns played (None if the
        safety cap was reached first)."""
        trial = g.copy()
        last = trial.turn + horizon(g) - 1
        advance(trial, first, rng)
        here = Position(trial)
        steps = 0
        while not trial.over and trial.turn <= last and steps < PLAYOUT_DECISIONS:
            if time.perf_counter() >= deadline:
                return None
            advance(trial, self.steady.hint(here, rng).action, rng)  # type: ignore[arg-type]
            steps += 1
        mine = position_value(trial, seat)
        rivals = [position_value(trial, p.seat) for p in trial.players if p.seat != seat and not p.eliminated]
        return mine - (max(rivals) if rivals else 0.0), min(trial.turn, last) - g.turn + 1
