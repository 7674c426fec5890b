"""The hard bot: search to the end of the turn, each line valued for the whole game by the evaluator (level
``hard``, "Hard").

For each decision it takes the steady bot's choice and the others worth weighing (the next steps of other link
plans, share counts around the steady one, the other actions, bids and moves), and plays each out on a copy of
the position, every seat played by the steady bot, to where positions are valued (``features.py``: once the
turn's income and expenses are paid, before the goods growth's dice; at the start of the next turn on a map
without them), chance before that (Production's draws) from the bot's own generator. On a solo map, where no
rival answers and lasting is the game, a playout goes on for ``solo_turns`` turns (six). There the evaluator
(``evaluate.py``) tells what the position is worth to each seat for the rest of the game; the candidate whose
line leaves the bot furthest ahead of its best rival (on a solo map: the best outcome) is played, where it
beats the steady bot's choice by at least the map's clear gain (``Judgement.clear_gain_in``: the evaluator's
errors are large beside the gaps between moves, and the best of ten noisy values is mostly the one overrated the
most). On a solo map, where a playout's six turns of dice may flatter a move, a move that beats the steady
choice is played out again beside it under fresh dice, up to :data:`CONFIRM` rounds, and must keep its lead on
the average. Where the evaluator foresaw too little of its held-out games to be trusted (Miami 2030), the end of a
playout is judged by the steady bot's rules of thumb instead, as the Baseline judges it, and no margin is asked.

Its strength is work (``work``, in playouts of a turn: a playout counts once for each turn it plays), the same
on every machine; ``seconds`` is only a safety cap that a healthy machine never reaches. The playouts go in
rounds, every line once under the same draws, so that lines are compared under equal luck; a line that drew no
chance is settled after one; rounds go on while a whole round fits in the work left; once every line is
settled, the work left weighs further candidates. A solo map's confirming rounds come on top of the work: two
playouts a round, at most :data:`CONFIRM` rounds, and only for a decision that leaves the steady choice.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ageofsteam.bots import evaluate
from ageofsteam.bots.base import Bot, Hint, Position
from ageofsteam.bots.candidates import candidates
from ageofsteam.bots.features import at_valuation_point
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.steady import SteadyBot, position_value, two_deliveries
from ageofsteam.bots.strong import SAFETY_SECONDS
from ageofsteam.engine.actions import CHANCE, Build, IssueShares

if TYPE_CHECKING:
    from collections.abc import Callable

    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState

DEFAULT_WORK = 28  # playouts of a turn per decision (a playout counts once for each turn it plays)
SOLO_TURNS = 6  # turns a playout covers on a solo map, where no rival answers and lasting is the game
WIDTH = 10  # candidates weighed from the start
SHARE_SPAN = 2  # share counts weighed around the steady bot's: this many fewer and more
CONFIRM = 2  # solo: rounds of fresh dice a move that beats the steady choice must keep its lead through
PLAYOUT_DECISIONS = 600  # a playout stops after this many decisions even if the turn goes on


@dataclass
class Line:
    """One candidate and what its playouts found."""

    action: Action
    total: float = 0.0
    count: int = 0
    settled: bool = False  # its playout drew no chance: another would end the same
    end: GameState | None = None  # the position its first playout reached
    values: list[float] | None = None  # every seat's expected outcome there

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else float("-inf")


class HardBot(Bot):
    """Searches to the end of the turn and values what it finds for the whole game. See the module."""

    name = "hard"
    level = "hard"

    def __init__(
        self, work: int = DEFAULT_WORK, seconds: float | None = SAFETY_SECONDS, solo_turns: int = SOLO_TURNS
    ) -> None:
        """``work``: playouts of a turn per decision (a playout counts once for each turn it plays);
        ``seconds``: the safety cap (None: none); ``solo_turns``: the turns a playout covers on a solo map."""
        if work < 1:
            raise ValueError("the hard bot needs at least one playout a decision")
        self.work = work
        self.seconds = seconds
        self.solo_turns = solo_turns
        self.steady = SteadyBot()

    def hint(self, game: Game, rng: random.Random) -> Hint:
        g = game.state
        seat = g.to_move
        if seat is None or seat < 0 or g.over:
            raise ValueError("no legal action: it is not a player's turn")
        plain = self.steady.hint(game, rng)
        candidates = self.candidates(g, plain.action, rng)
        if len(candidates) == 1:
            return plain
        turns = self.turns(g)
        first = max(1, min(WIDTH, self.work // turns))
        lines, spare = [Line(a) for a in candidates[:first]], candidates[first:]
        stop = time.perf_counter() + self.seconds if self.seconds is not None else float("inf")
        done = 0
        while time.perf_counter() < stop:  # rounds: every line still open played once under the same draws
            todo = [ln for ln in lines if not ln.settled]
            if not todo:  # every outcome known: the work left weighs further moves
                if not spare or done + turns > self.work:
                    break
                todo = [Line(a) for a in spare[: (self.work - done) // turns]]
                spare = spare[len(todo) :]
                lines += todo
            elif done and done + len(todo) * turns > self.work:
                break
            seed = rng.random()
            for line in todo:
                if time.perf_counter() >= stop:
                    break
                done += self._play(g, seat, line, random.Random(seed))
        played = [ln for ln in lines if ln.count]
        if not played:  # the safety cap came before the first playout ended
            return Hint(plain.action, f"{plain.reason} (no time to look further)")
        # another move must beat the steady choice by a clear gain, not by the evaluator's noise (no evaluator,
        # no such noise: the rules of thumb judge); where the evaluator judges, its forecast is given (``_reason``)
        # instead of the plan's
        trusted = evaluate.trusted_weights(g) is not None
        clear = judgement(g).clear_gain_in(g) if trusted else 0.0

        def pick() -> Line:
            return max(played, key=lambda ln: (ln.mean + (clear if ln is lines[0] else 0.0), ln is lines[0]))

        best = pick()
        for _ in range(CONFIRM if turns > 1 else 0):  # solo: six turns of one draw of the dice may flatter a move
            if best is lines[0] or best.settled or time.perf_counter() >= stop:
                break
            seed = rng.random()
            for line in (lines[0], best):  # the move and the steady choice again, under the same fresh dice
                self._play(g, seat, line, random.Random(seed))
            best = pick()
        why = plain.grounds if trusted else plain.reason
        return Hint(best.action, self._reason(game, seat, best, lines[0], why, len(played)))

    def candidates(self, g: GameState, first: Action, rng: random.Random) -> list[Action]:
        """The steady bot's choice first, then the others worth weighing (the first ``WIDTH`` weighed from the
        start, the rest once the outcomes of those are known). Share counts are weighed only where the end of a
        playout is judged for the whole game or the playouts cover several turns: the rules of thumb at the end
        of one turn see the cash a share brings, never the $1 it costs every turn after."""
        if isinstance(first, IssueShares):
            if self.turns(g) == 1 and evaluate.trusted_weights(g) is None:
                return [first]
            counts = sorted(
                (a for a in g.rules.legal_actions(g) if isinstance(a, IssueShares) and a != first),
                key=lambda a: abs(a.count - first.count),
            )
            return [first, *(a for a in counts if abs(a.count - first.count) <= SHARE_SPAN)]
        return candidates(g, first, rng)

    def turns(self, g: GameState) -> int:
        """The turns a playout covers: this one; on a solo map, where no rival answers, ``solo_turns``."""
        return self.solo_turns if len(g.players) == 1 else 1

    def _play(self, g: GameState, seat: int, line: Line, rng: random.Random) -> int:
        """Play ``line``'s action and the rest of the turn (:meth:`turns`) on a copy; add what the evaluator makes
        of the end. The turns played."""
        trial = g.copy()
        last = trial.turn + self.turns(g) - 1
        before = rng.getstate()
        trial.rules.apply(trial, line.action)
        here = Position(trial)
        steps = 0
        while not at_valuation_point(trial, last) and steps < PLAYOUT_DECISIONS:
            if trial.to_move == CHANCE:
                trial.rules.apply(trial, trial.rules.sample_chance(trial, rng))
                continue
            trial.rules.apply(trial, self.steady.hint(here, rng).action)  # type: ignore[arg-type]
            steps += 1
        weights = evaluate.trusted_weights(g)
        if weights is not None:
            vals = evaluate.values(trial, weights)
        else:  # the network foresees too little here: the steady bot's judgement, as the Baseline's
            vals = [position_value(trial, p.seat) for p in trial.players]
        line.total += evaluate.lead(vals, seat)
        line.count += 1
        if line.end is None:
            line.end, line.values = trial, vals
        if rng.getstate() == before:
            line.settled = True
        return min(trial.turn, last) - g.turn + 1

    def _reason(self, game: Game, seat: int, best: Line, plain: Line, why: str, weighed: int) -> str:
        """Why, in a player's words: why the move (the steady bot's reason, or how much better it looks than the
        steady choice), what it leaves at the end of the turn, and how the rest of the game looks from there."""
        g = game.state
        end, vals = best.end, best.values
        assert end is not None and vals is not None
        me, then = g.players[seat], end.players[seat]
        facts = []
        if then.eliminated:
            facts.append("you go bankrupt")
        else:
            if then.income != me.income:
                facts.append(f"income {me.income} → {then.income}")
            facts.append(f"${then.cash} left after expenses")
            nxt = two_deliveries(end, seat)
            if nxt:
                facts.append(f"the two best deliveries then worth +{nxt} income")
        judge = judgement(g)
        trusted = evaluate.trusted_weights(g) is not None
        last = g.turn + self.turns(g) - 1
        # the lead in the measure the playouts' ends were judged by: the outcome's, or the rules of thumb's points
        lead_words = judge.lead_words if trusted else _thumb_points
        if not trusted:
            outlook = "judged by the rules of thumb"
        elif len(g.players) == 1:
            outlook = f"expected outcome: {judge.outcome_words(vals[seat])}"
        else:
            outlook = f"expected to finish {judge.lead_words(evaluate.lead(vals, seat))} against the best rival"
        if best is plain or not plain.count:
            head = why
        elif plain.end is not None and plain.end.players[seat].eliminated and not then.eliminated:
            head = f"keeps you solvent: played out, {_action_text(game, plain.action)} went bankrupt"
        else:
            when = "the end of the game" if trusted else _playout_end(g, end, last)
            times = f" {best.count} times" if best.count > 1 and best.count == plain.count else ""
            head = (
                f"{lead_words(best.mean - plain.mean)} at {when} compared with"
                f" {_action_text(game, plain.action)}, each played out{times} under the same dice"
            )
            if best.settled and plain.settled and plain.values is not None:
                head += _holding_back(g, seat, vals, plain.values, lead_words)
        return f"{head}. By {_playout_end(g, end, last)}: {', '.join(facts)}; {outlook} ({weighed} moves weighed)"


def _thumb_points(lead: float) -> str:
    """A lead in the steady bot's points (its rules of thumb), in a player's words."""
    return f"{lead:+.1f} points by the rules of thumb"


def _holding_back(
    g: GameState, seat: int, chosen: list[float], plain: list[float], lead_words: Callable[[float], str]
) -> str:
    """Where a move costs the player something and costs the leading rival more (a cube taken from the leader's
    route, say), the words that say so: the lead it buys is the leader held back, not the player's own gain.
    ``chosen``, ``plain``: every seat's expected outcome after the move and after the plain one."""
    rivals = [s for s in range(len(plain)) if s != seat and not g.players[s].eliminated]
    if not rivals:
        return ""
    leader = max(rivals, key=lambda s: plain[s])
    mine, theirs = chosen[seat] - plain[seat], chosen[leader] - plain[leader]
    if mine >= 0 or theirs >= mine:
        return ""
    held = lead_words(-theirs).lstrip("+")
    cost = lead_words(-mine).lstrip("+")
    cost_words = "almost nothing" if cost.startswith("0 ") or cost.startswith("0.0 ") else cost
    return f": it holds back {g.player_name(leader)}, the best rival, by {held} at a cost of {cost_words} to you"


def _playout_end(g: GameState, end: GameState, last: int) -> str:
    """Where a playout stopped, in a player's words: the end of this turn, of a later one (a solo map's playouts
    go on for several turns, to the end of turn ``last`` at most) or of the game."""
    if end.over:
        return "the end of the game"
    turn = min(end.turn, last)  # a playout that stopped as turn last + 1 began stands at the end of turn last
    return "the end of this turn" if turn == g.turn else f"the end of turn {turn}"


def _action_text(game: Game, action: Action) -> str:
    """An action as its menu entry reads, shortened to what it does."""
    from ageofsteam.words.choices import action_words

    words = action_words(game, action)
    return words if not isinstance(action, Build) else words.split(": ")[0]
