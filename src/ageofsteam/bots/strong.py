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
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.plans import chain_offers, circle_plans, disc_offers, link_plans, next_build
from ageofsteam.bots.steady import PLAN_WORK, SteadyBot, own_build_budget, position_value
from ageofsteam.engine.actions import Bid, Build, EndBuild, IssueShares
from ageofsteam.engine.playout import advance
from ageofsteam.rules.circles import PlaceDisc

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState

CANDIDATES = 6  # actions weighed besides the steady bot's own
PLAYOUT_DECISIONS = 400  # a playout stops after this many decisions even if the turn goes on
SOLO_HORIZON = 6  # turns a playout covers on a solo map
DEFAULT_WORK = 28  # playouts (of one turn) per decision: what one second bought on Rust Belt, 4 players
SAFETY_SECONDS = 10.0  # a decision stops searching after this long whatever its work (a machine in trouble)
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
        options = self._options(g, plain.action, rng)
        if len(options) == 1:
            return plain
        candidates, spare = options[: 1 + CANDIDATES], options[1 + CANDIDATES :]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        settled: set[int] = set()  # candidates whose playout drew no chance: another would end the same
        spent, i = 0, -1
        while spent < self.work and time.perf_counter() < deadline:
            if len(settled) == len(candidates):  # every outcome known: weigh one more action instead
                if not spare:
                    break
                candidates.append(spare.pop(0))
                totals.append(0.0)
                counts.append(0)
            i = (i + 1) % len(candidates)
            while i in settled:
                i = (i + 1) % len(candidates)
            before = rng.getstate()
            played = self._playout(g, seat, candidates[i], rng, deadline)
            if played is None:  # the safety cap was reached during the playout
                break
            outcome, turns = played
            if rng.getstate() == before:
                settled.add(i)
            totals[i] += outcome
            counts[i] += 1
            spent += turns
        weighed = [j for j in range(len(candidates)) if counts[j]]
        if not weighed:
            return Hint(plain.action, f"{plain.reason} (no time to look further)")
        means = {j: totals[j] / counts[j] for j in weighed}  # the steady choice (0) is always played first
        best = max(weighed, key=lambda j: (means[j], j == 0))
        if best == 0:
            return Hint(plain.action, f"{plain.reason} (best of {len(weighed)} moves over {sum(counts)} playouts)")
        chosen = candidates[best]
        lead = means[best] - means[0]
        why = f"played out {sum(counts)} times, it does {lead:.1f} points better than the plain choice"
        return Hint(chosen, why)

    def _options(self, g: GameState, first: Action, rng: random.Random) -> list[Action]:
        """The steady bot's choice first, then the other actions worth weighing in a random order (the first
        ``CANDIDATES`` of them weighed from the start, the rest once the outcomes of those are known)."""
        legal = g.rules.legal_actions(g)
        if isinstance(first, (Build, EndBuild)) and Build in g.rules.phase(g).accepts:
            legal = [a for a in legal if not isinstance(a, Build)] + self._build_steps(g, first)
        elif any(isinstance(a, PlaceDisc) for a in legal):  # discs: the next ones of other chains, not any
            legal = [a for a in legal if not isinstance(a, PlaceDisc)] + self._disc_steps(g, first, legal)
        elif g.build is not None and (own := self._own_build_steps(g, first, legal)):
            return [first, *(a for a in own if a != first)]  # a map's own builds: its other plans' next ones
        elif isinstance(first, IssueShares) and horizon(g) == 1:  # one turn cannot see what shares pay for later
            return [first]
        elif any(isinstance(a, Bid) for a in legal):  # the lowest bid, or keeping out
            bids: list[Action] = [a for a in legal if isinstance(a, Bid)]
            legal = [a for a in legal if not isinstance(a, Bid)] + bids[:1]
        others = [a for a in legal if a != first]
        rng.shuffle(others)
        return [first, *others]

    def _build_steps(self, g: GameState, first: Action) -> list[Action]:
        """Other builds worth weighing: the next steps of the other link plans."""
        seat = first.actor
        budget = g.players[seat].cash
        out: list[Action] = []
        for plan in link_plans(g, seat, limit=CANDIDATES):
            step = next_build(g, seat, plan, budget)
            if step is not None:
                out.append(Build(seat, g.label(step.hex), step.tile.tile, step.tile.rotation))
        return out

    def _own_build_steps(self, g: GameState, first: Action, legal: list[Action]) -> list[Action]:
        """In a map's own build phase, the builds its judgement offers for weighing (``Judgement.build_options``:
        the next builds of its other plans, best first); empty where it offers none."""
        seat = first.actor
        return judgement(g).build_options(g, seat, legal, own_build_budget(g, seat), CANDIDATES)

    def _disc_steps(self, g: GameState, first: Action, legal: list[Action]) -> list[Action]:
        """Other discs worth weighing: the next discs of the other chains of circles."""
        seat = first.actor
        discs = disc_offers(g, legal)
        offers = chain_offers(g, seat, discs, g.players[seat].cash)
        builds = g.build.builds_left if g.build is not None else 0
        plans = circle_plans(g, seat, offers, builds, limit=CANDIDATES)
        return list({discs[p.new[0]][0]: None for p in plans if p.new[0] in discs})

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
