"""``aos random-games``: many games played by the random bot, every invariant checked after every action."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ageofsteam.bots import RandomBot
from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.engine.invariants import check_invariants, check_replay

MAX_ACTIONS = 100_000  # a game still going after this many decisions is stuck


@dataclass
class GameResult:
    index: int
    seed: int
    actions: int
    turns: int
    scores: list[int | None]  # by seat; None: eliminated
    problems: list[str] = field(default_factory=list)


@dataclass
class RunSummary:
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def actions(self) -> int:
        return sum(r.actions for r in self.games)

    @property
    def problems(self) -> list[str]:
        return [p for r in self.games for p in r.problems]

    @property
    def eliminations(self) -> int:
        return sum(s is None for r in self.games for s in r.scores)

    def average_scores(self) -> list[float | None]:
        """Average final score of each seat over the games it survived (None: it never did)."""
        seats = max((len(r.scores) for r in self.games), default=0)
        out: list[float | None] = []
        for s in range(seats):
            vals = [r.scores[s] for r in self.games if s < len(r.scores) and r.scores[s] is not None]
            out.append(sum(vals) / len(vals) if vals else None)  # type: ignore[arg-type]
        return out

    def average_winning_score(self) -> float | None:
        best = [max(v for v in r.scores if v is not None) for r in self.games if any(v is not None for v in r.scores)]
        return sum(best) / len(best) if best else None


def play_one(map_id: str, players: int, index: int, seed: int, max_problems: int = 10) -> GameResult:
    """One random game with game seed ``seed + index``, checked after every action."""
    game_seed = seed + index
    game = Game.new(map_id, players, seed=game_seed)
    rng = random.Random(f"{seed}/{index}")
    bot = RandomBot()
    problems = [f"game {index + 1} (seed {game_seed}), at the start: {p}" for p in check_invariants(game)]
    actions = 0
    while not game.over and len(problems) < max_problems:
        if actions >= MAX_ACTIONS:
            problems.append(f"game {index + 1} (seed {game_seed}): not over after {actions} actions")
            break
        where = f"game {index + 1} (seed {game_seed}), action {len(game.record.actions) + 1}"
        try:
            action = bot.choose(game, rng)
            game.apply(action)
        except (AosError, ValueError) as exc:
            problems.append(f"{where}: the bot's move failed: {exc}")
            break
        actions += 1
        problems += [f"{where} ({action.kind}): {p}" for p in check_invariants(game)]
    if game.over:
        problems += [f"game {index + 1} (seed {game_seed}), at the end: {p}" for p in check_replay(game)]
    g = game.state
    scores = [None if p.eliminated else g.rules.score(g, p.seat) for p in g.players]
    return GameResult(index, game_seed, actions, g.turn, scores, problems)


def run(
    map_id: str, players: int, count: int, seed: int, progress: Callable[[GameResult], None] | None = None
) -> RunSummary:
    summary = RunSummary()
    start = time.perf_counter()
    for i in range(count):
        result = play_one(map_id, players, i, seed)
        summary.games.append(result)
        if progress is not None:
            progress(result)
    summary.seconds = time.perf_counter() - start
    return summary
