"""Tournaments between bot levels: many seeded games, seats rotated, the figures of each level.

``run_tournament("rust-belt", 4, ["steady", "random", "random", "random"], games=200, seed=0)`` plays 200
games. Game *i* is seeded with ``seed + i``, and its seat *s* is played by ``levels[(s + i) % players]``, so
over a multiple of ``players`` games each level sits in each seat equally often. Every bot draws from its own
generator, seeded from the game's seed and its seat (never from the game's chance). With ``workers`` > 1 the
games are played in that many processes. Every level decides by work, never by time, so the games and the
figures (the times per decision aside) depend neither on the workers nor on the machine's load.

Per level (a level in several seats counts each seat: 3 seats over 10 games are 30 ``games``): wins (a tie
shares the win), the win rate with its 95% Wilson interval, the mean score of the seats not bankrupt, the mean
rank (1 = best, ties share), bankruptcies, and the median and 99th percentile of the time per decision.

A solo game (1 player: Miami 2030, Detroit Bankruptcy's solo variant) is measured by the figures its map
gives (``Rules.solo_figures``): won or lost, numbers averaged, words counted.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ageofsteam.bots import LEVELS, bot, default_work
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Seat

MAX_ACTIONS = 100_000  # a game still going after this many decisions is stuck
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


# --- one game -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameOutcome:
    """One finished game, by seat."""

    index: int
    seed: int
    levels: tuple[str, ...]
    scores: tuple[int | None, ...]  # the standings' figure; None for a seat that went bankrupt
    ranks: tuple[float, ...]  # 1 = best; tied seats share the mean of their places
    wins: tuple[float, ...]  # each winner's share of the win (1 alone, 1/2 in a tie of two), else 0
    bankrupt: tuple[bool, ...]
    decisions: tuple[tuple[float, ...], ...]  # seconds per decision
    actions: int
    turns: int
    solo: dict[str, Any] | None = None  # a solo game's figures (``Rules.solo_figures``)


def seat_levels(levels: Sequence[str], index: int) -> tuple[str, ...]:
    """The level of each seat in game ``index``: the list turned by one seat per game."""
    n = len(levels)
    return tuple(levels[(s + index) % n] for s in range(n))


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of the game seeded ``game_seed``."""
    return random.Random(f"{game_seed}/bot/{seat}")


def placings(game: Game) -> tuple[list[int | None], list[float], list[float]]:
    """By seat: the score (None if bankrupt), the rank (ties share the mean place) and the share of the win.
    Two standings tie when the map states them alike (``Rules.score_text``: on Detroit a bankruptcy's turn
    tells two equal incomes apart); the winners are the map's (``Rules.winners``)."""
    g = game.state
    rules = g.rules
    standings = rules.standings(g)
    n = len(g.players)
    keys = [(g.players[seat].eliminated, figure, rules.score_text(g, seat, figure)) for seat, figure in standings]
    ranks = [0.0] * n
    i = 0
    while i < len(standings):
        j = i
        while j + 1 < len(standings) and keys[j + 1] == keys[i]:
            j += 1
        for k in range(i, j + 1):
            ranks[standings[k][0]] = (i + 1 + j + 1) / 2
        i = j + 1
    winners = rules.winners(g)
    wins = [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    by_seat: list[int | None] = [None] * n
    for seat, figure in standings:
        by_seat[seat] = None if g.players[seat].eliminated else figure
    return by_seat, ranks, wins


def play_game(
    map_id: str,
    levels: Sequence[str],
    index: int,
    seed: int,
    seconds: float | None = None,
    options: dict[str, Any] | None = None,
    work: int | None = None,
) -> GameOutcome:
    """Game ``index`` of a tournament: seeded ``seed + index``, seats rotated by ``index``, played to its end
    (``work`` and ``seconds``: the searching bots' budget and safety cap, each level's own if None)."""
    game_seed = seed + index
    by_seat = seat_levels(levels, index)
    colours = _rules(map_id).PLAYER_COLOURS
    seats = [
        Seat(name=f"{level.capitalize()} {s + 1}", colour=colours[s % len(colours)], bot=level)
        for s, level in enumerate(by_seat)
    ]
    game = Game.new(map_id, seats=seats, seed=game_seed, options=options)
    bots = [bot(level, work=work, seconds=seconds) for level in by_seat]
    rngs = [bot_rng(game_seed, s) for s in range(len(seats))]
    times: list[list[float]] = [[] for _ in seats]
    actions = 0
    while not game.over:
        seat = game.to_move
        assert seat is not None and 0 <= seat < len(seats), f"seat {seat} to move"
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{map_id} game {index + 1} (seed {game_seed}): not over after {actions} actions")
        t0 = time.perf_counter()
        action = bots[seat].choose(game, rngs[seat])
        times[seat].append(time.perf_counter() - t0)
        try:
            game.apply(action)
        except Exception as exc:
            raise RuntimeError(
                f"{map_id} game {index + 1} (seed {game_seed}): the {by_seat[seat]} bot in seat {seat} chose "
                f"{action.to_json()}: {exc}"
            ) from exc
        actions += 1
    g = game.state
    scores, ranks, wins = placings(game)
    solo = g.rules.solo_figures(g) if len(g.players) == 1 else None
    if solo is not None:  # a solo game is won or lost against the game itself
        wins = [1.0 if solo["won"] else 0.0]
    return GameOutcome(
        index=index,
        seed=game_seed,
        levels=by_seat,
        scores=tuple(scores),
        ranks=tuple(ranks),
        wins=tuple(wins),
        bankrupt=tuple(p.eliminated for p in g.players),
        decisions=tuple(tuple(t) for t in times),
        actions=actions,
        turns=g.turn,
        solo=solo,
    )


@cache
def _rules(map_id: str) -> Any:
    from ageofsteam.maps import load_rules

    return load_rules(map_id)


def _play(args: tuple[Any, ...]) -> GameOutcome:
    return play_game(*args)


# --- figures --------------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``n`` (a shared win counts its share)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z / d * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0))
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of ``values`` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


@dataclass(frozen=True)
class LevelFigures:
    """The figures of one level over a tournament (seat-games, as the module says)."""

    level: str
    games: int
    wins: float
    mean_score: float | None
    mean_rank: float | None
    bankrupt: int
    decision_ms_median: float | None
    decision_ms_p99: float | None
    solo: dict[str, Any] | None = None  # a solo tournament's own figures

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.win_rate_95
        out: dict[str, Any] = {"games": self.games, "wins": _round(self.wins), "win_rate": _round(self.win_rate)}
        out["win_rate_95"] = [_round(lo), _round(hi)]
        if self.solo is None:
            out |= {
                "mean_score": _round(self.mean_score),
                "mean_rank": _round(self.mean_rank),
                "bankrupt": self.bankrupt,
            }
        else:
            out |= self.solo
        out |= {"decision_ms_median": _round(self.decision_ms_median), "decision_ms_p99": _round(self.decision_ms_p99)}
        return out


def _round(x: float | None, places: int = 4) -> float | None:
    return None if x is None else round(x, places)


def _solo_figures(outcomes: list[GameOutcome]) -> dict[str, Any]:
    """Each of the map's solo figures (``Rules.solo_figures``) over the games: a number as ``mean_NAME`` and
    ``median_NAME``, words as ``NAME``: how often each was said (Miami: the people evacuated and how the games
    ended; Detroit: the turn reached and the ratings)."""
    results = [o.solo or {} for o in outcomes]
    out: dict[str, Any] = {}
    for name in dict.fromkeys(k for r in results for k in r if k != "won"):
        values = [r[name] for r in results if name in r]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            out[f"mean_{name}"] = _round(_mean(values), 2)
            out[f"median_{name}"] = statistics.median(values)
        else:
            counts = Counter(str(v) for v in values)
            out[name] = {k: counts[k] for k in sorted(counts, key=_natural)}
    return out


def _natural(words: str) -> list[Any]:
    """A sort key that puts "turn 9" before "turn 10"."""
    return [(0, int(t)) if t.isdigit() else (1, t) for t in re.split(r"(\d+)", words)]


@dataclass
class TournamentResult:
    """The games of a tournament and the figures of each level."""

    map_id: str
    players: int
    levels: list[str]  # by seat in game 0
    games: int
    seed: int
    seconds: float | None
    options: dict[str, Any] = field(default_factory=dict)
    work: int | None = None
    outcomes: list[GameOutcome] = field(default_factory=list)  # in game order
    elapsed: float = 0.0  # wall-clock seconds

    @property
    def solo(self) -> bool:
        return self.players == 1

    def figures(self) -> dict[str, LevelFigures]:
        """Level → its figures, in the order the levels were given."""
        out: dict[str, LevelFigures] = {}
        for level in dict.fromkeys(self.levels):
            seats = [(o, s) for o in self.outcomes for s, lv in enumerate(o.levels) if lv == level]
            times = [t * 1000 for o, s in seats for t in o.decisions[s]]
            scores = [o.scores[s] for o, s in seats if o.scores[s] is not None]
            out[level] = LevelFigures(
                level=level,
                games=len(seats),
                wins=sum(o.wins[s] for o, s in seats),
                mean_score=_mean(scores),  # type: ignore[arg-type]
                mean_rank=_mean([o.ranks[s] for o, s in seats]),
                bankrupt=sum(o.bankrupt[s] for o, s in seats),
                decision_ms_median=statistics.median(times) if times else None,
                decision_ms_p99=percentile(times, 99) if times else None,
                solo=_solo_figures([o for o, _ in seats]) if self.solo else None,
            )
        return out

    def mean_winning_score(self) -> float | None:
        """The mean over the games of the best score among the seats not bankrupt."""
        best = [
            max(v for v in o.scores if v is not None) for o in self.outcomes if any(v is not None for v in o.scores)
        ]
        return _mean(best)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """``{"levels": {level: {"games", "wins", "win_rate", "win_rate_95", "mean_score", "mean_rank",
        "bankrupt", "decision_ms_median", "decision_ms_p99"}}}``; a solo tournament has the map's own figures
        (``_solo_figures``: ``mean_evacuated`` and ``ending`` on Miami, ``mean_turn``, ``median_turn`` and
        ``rating`` on Detroit) instead of the score, rank and bankruptcies."""
        return {"levels": {level: f.to_json() for level, f in self.figures().items()}}

    # --- in words ------------------------------------------------------------------------------

    def title(self) -> str:
        from ageofsteam.maps import load_board

        name = load_board(self.map_id).name
        opts = "".join(f", {k}={v}" for k, v in self.options.items() if k == "difficulty")
        who = "solo" if self.solo else f"{self.players} players"
        searching = sorted({lv for lv in self.levels if default_work(lv)})
        budgets = ", ".join(f"{lv} {self.work or default_work(lv)}" for lv in searching)
        budget = f"; playouts a decision: {budgets}" if budgets else ""
        n = len(self.outcomes)
        return (
            f"{name} ({who}{opts}): {n} game{'' if n == 1 else 's'} from seed {self.seed}, "
            f"seats {', '.join(self.levels)}{budget}; {self.elapsed:.1f} s"
        )

    def table(self) -> tuple[list[str], list[list[str]]]:
        """The table of the figures: column titles and one row per level."""
        figures = self.figures()

        def pct(x: float) -> str:
            return f"{100 * x:.0f}%"

        def num(x: float | None, places: int = 1) -> str:
            return "–" if x is None else f"{x:.{places}f}"

        def wins(x: float) -> str:
            return f"{x:g}" if x == int(x) else f"{x:.2f}"

        def ms(f: LevelFigures) -> str:
            return f"{num(f.decision_ms_median, 2)} / {num(f.decision_ms_p99, 2)}"

        rows = []
        if not self.solo:
            head = ["Level", "Games", "Wins", "Win rate", "95%", "Mean score", "Mean rank", "Bankrupt", "ms/decision"]
            for f in figures.values():
                lo, hi = f.win_rate_95
                rows.append(
                    [
                        f.level,
                        str(f.games),
                        wins(f.wins),
                        pct(f.win_rate),
                        f"{pct(lo)}–{pct(hi)}",
                        num(f.mean_score),
                        num(f.mean_rank, 2),
                        str(f.bankrupt),
                        ms(f),
                    ]
                )
            return head, rows
        head = ["Level", "Games", "Wins", "Win rate", "95%"]
        first = next(iter(figures.values())).solo or {}
        names = [k for k in first if not k.startswith("median_")]
        head += [f"{k[5:].capitalize()} (mean / median)" if k.startswith("mean_") else k.capitalize() for k in names]
        head.append("ms/decision")
        for f in figures.values():
            lo, hi = f.win_rate_95
            solo = f.solo or {}
            row = [f.level, str(f.games), wins(f.wins), pct(f.win_rate), f"{pct(lo)}–{pct(hi)}"]
            for k in names:
                if k.startswith("mean_"):
                    row.append(f"{num(solo[k])} / {solo['median_' + k[5:]]:g}")
                else:
                    row.append(", ".join(f"{w}: {c}" for w, c in solo[k].items()) or "–")
            rows.append([*row, ms(f)])
        return head, rows

    def lines(self) -> list[str]:
        """The title, the table in plain text and the notes under it."""
        head, rows = self.table()
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

        def line(cells: list[str]) -> str:
            return "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()

        out = [self.title(), line(head), "  ".join("-" * w for w in widths)]
        out += [line(r) for r in rows]
        out += self.notes()
        return out

    def notes(self) -> list[str]:
        """What the table leaves out: the fair share of the wins, the mean winning score."""
        if self.solo:
            return ["ms/decision: median / 99th percentile"]
        best = self.mean_winning_score()
        return [
            f"seat-games; a tie shares the win; an even share of the wins is {100 / self.players:.0f}%",
            f"mean winning score: {'–' if best is None else f'{best:.1f}'}; ms/decision: median / 99th percentile",
        ]


# --- the tournament -------------------------------------------------------------------------------


def parse_levels(text: str | Sequence[str]) -> list[str]:
    """``"steady,random"`` (or a list) as levels; BadInput naming an unknown one."""
    items = text.split(",") if isinstance(text, str) else list(text)
    levels = [x.strip() for x in items]
    for level in levels:
        if level not in LEVELS:
            raise BadInput(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if not levels:
        raise BadInput("give at least one bot level")
    return levels


def check_tournament(
    map_id: str,
    players: int,
    levels: Sequence[str],
    games: int,
    seconds: float | None,
    workers: int,
    work: int | None = None,
) -> list[str]:
    """The level of each seat in game 0, after checking every argument (BadInput: one line saying what is wrong)."""
    from ageofsteam.maps import load_rules

    levels = parse_levels(levels)
    lo, hi = load_rules(map_id).player_counts()
    if not lo <= players <= hi:
        raise BadInput(f"{map_id} is for {f'{lo}–{hi} players' if lo < hi else f'{lo} player'}, not {players}")
    if len(levels) == 1:
        levels = levels * players
    elif len(levels) != players:
        raise BadInput(
            f"give one bot level per player ({players}), or one level for every seat, not {len(levels)} levels"
        )
    if games < 1:
        raise BadInput(f"the number of games must be at least 1, not {games}")
    bot("hard", work=work, seconds=seconds)  # refuses a budget or a cap that is not a positive number
    if workers < 1:
        raise BadInput(f"the number of workers must be at least 1, not {workers}")
    return levels


def run_tournament(
    map_id: str,
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    seconds: float | None = None,
    workers: int = 1,
    *,
    work: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games of ``map_id`` with ``players`` seats played by ``levels`` (one per seat, or one for
    every seat), game *i* seeded ``seed + i`` with the seats turned by *i*; ``work``: the searching bots'
    budget per decision in playouts, ``seconds`` their safety cap (each level's own if None); ``workers``:
    processes playing games at once (1: here). ``progress`` is called with each game as it ends (in the order
    they end)."""
    seat_list = check_tournament(map_id, players, levels, games, seconds, workers, work)
    options = dict(options or {})
    Game.new(map_id, players, seed=seed, options=options)  # refuses bad options before any game is played
    result = TournamentResult(map_id, players, seat_list, games, seed, seconds, options, work=work)
    jobs = [(map_id, seat_list, i, seed, seconds, options, work) for i in range(games)]
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    if workers == 1 or games == 1:
        for job in jobs:
            outcome = _play(job)
            outcomes.append(outcome)
            if progress is not None:
                progress(outcome)
    else:
        context = multiprocessing.get_context("spawn")  # no fork of a process that may hold threads
        with ProcessPoolExecutor(max_workers=min(workers, games), mp_context=context) as pool:
            for future in as_completed([pool.submit(_play, job) for job in jobs]):
                outcome = future.result()
                outcomes.append(outcome)
                if progress is not None:
                    progress(outcome)
    result.elapsed = time.perf_counter() - start
    result.outcomes = sorted(outcomes, key=lambda o: o.index)
    return result
