"""The bots' ladder and targets (``make bench-bots``), written to ``benchmarks/results/bots.json``.

* **Ladder.** On every map played by several, a table of the four levels (Easy, Medium, Hard and the Baseline:
  ``random``, ``steady``, ``hard``, ``strong``) at their default budgets, seats rotated; on a map for three, each
  three of the four in turn; on a map for five or more, Medium fills the other seats (only its first seat is
  rated). Each game's placings update the levels' ratings (openskill's Plackett–Luce model; a rating is its
  conservative figure, mu − 3 sigma, shown on a scale where a newcomer starts at 1000: 1000 + 40 × (mu − 3
  sigma)); the ratings go to the results and to ``src/ageofsteam/bots/ratings.json``,
  which the lobby shows.
* **Targets** (issue 30): Hard against three Baselines on Rust Belt (60 games) and on every other multiplayer map
  (20 games); Detroit's solo game (20 seeds) and Miami 2030 at each difficulty (20 seeds) played by Hard; the
  time per decision of Hard and Medium on Rust Belt, in games of their own (``SPEED_GAMES`` of Hard against three
  Baselines, 10 of four Mediums), each game in a process of its own: on an idle machine, a core to each game
  (``--kinds speed`` alone takes minutes).

Every level decides by work, never by time, so the games and figures (times aside) are the same on any machine
and at any load. ``--games-scale 0.1`` plays a tenth of the games (at least one a table); ``--table`` prints
the README's table from the results file and ``--readme`` writes it into README.md between its markers.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))  # results_table, beside this script

import results_table  # noqa: E402
from ageofsteam.bots import LEVEL_TITLES, SEARCHING  # noqa: E402
from ageofsteam.bots.tournament import GameOutcome, TournamentResult, run_tournament, wilson  # noqa: E402
from ageofsteam.maps import load_rules, map_ids  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "bots.json"

# The searching bots' safety cap in these games: far above any decision's time, so that a decision slowed by a
# busy machine is finished rather than cut short and the games are the same at any load (the server keeps its
# own cap; the time per decision measured here shows how often a decision would reach it).
MEASURE_CAP = 600.0

RATINGS = ROOT / "src" / "ageofsteam" / "bots" / "ratings.json"
README = ROOT / "README.md"
TABLE_START, TABLE_END = "<!-- bots table: start -->", "<!-- bots table: end -->"
LADDER = ["random", "steady", "hard", "strong"]
FILLER = "steady"  # the level that fills a table of more seats than levels
LADDER_GAMES = 24  # per map
SPEED_GAMES = 6  # Rust Belt games that time the Hard bot (Hard against three Baselines, as in its target)
SEED = 0
KINDS = ["multiplayer", "solo", "speed"]


def tables(map_id: str) -> list[list[str]]:
    """The ladder's tables on ``map_id`` (each a level per seat); none on a map played alone."""
    lo, hi = load_rules(map_id).player_counts()
    if hi == 1:
        return []
    players = min(max(lo, len(LADDER)), hi)
    if players < len(LADDER):
        return [list(c) for c in itertools.combinations(LADDER, players)]
    return [LADDER + [FILLER] * (players - len(LADDER))]


def rate(results: list[TournamentResult]) -> dict[str, dict[str, float]]:
    """Each level's rating from every game's placings: openskill's Plackett–Luce, the first seat of each level."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {lv: model.rating(name=lv) for lv in LADDER}
    games = dict.fromkeys(LADDER, 0)
    for result in results:
        for o in result.outcomes:
            seats: dict[str, int] = {}
            for s, lv in enumerate(o.levels):
                seats.setdefault(lv, s)
            order = list(seats)
            new = model.rate([[ratings[lv]] for lv in order], ranks=[o.ranks[seats[lv]] for lv in order])
            for lv, team in zip(order, new, strict=True):
                ratings[lv] = team[0]
                games[lv] += 1
    return {
        lv: {"rating": shown(r.ordinal()), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "games": games[lv]}
        for lv, r in ratings.items()
    }


def shown(ordinal: float) -> int:
    """A rating as players read it: 1000 for a newcomer (openskill's conservative figure 0), 40 a unit."""
    return round(1000 + 40 * ordinal)


def interval(wins: float, n: int) -> list[float]:
    lo, hi = wilson(wins, n)
    return [round(lo, 3), round(hi, 3)]


def summary(result: TournamentResult) -> dict[str, Any]:
    return {
        "map": result.map_id,
        "players": result.players,
        "levels": result.levels,
        "games": len(result.outcomes),
        "seed": result.seed,
        "options": result.options,
        **result.to_json(),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    workers = max(1, args.workers)
    maps = args.maps or map_ids()

    def games(n: int) -> int:
        return max(1, round(n * args.games_scale))

    def play(map_id: str, levels: list[str], n: int, **options: str) -> TournamentResult:
        result = run_tournament(
            map_id,
            len(levels),
            levels,
            games(n),
            SEED,
            seconds=MEASURE_CAP,
            workers=workers,
            work=args.work,
            options=options,
        )
        print()
        for line in result.lines():
            print(line)
        sys.stdout.flush()
        return result

    entry: dict[str, Any] = {
        **results_table.stamp(),
        "games_scale": args.games_scale,
        "work": {lv: args.work or w for lv, w in SEARCHING.items()},
        "cap_seconds": MEASURE_CAP,
        "ladder": [],
        "targets": [],
    }
    if "ladder" in args.parts:
        played = []
        for m in maps:
            for levels in tables(m):
                result = play(m, levels, LADDER_GAMES // len(tables(m)))
                played.append(result)
                entry["ladder"].append(summary(result))
        entry["ratings"] = rate(played)
        print("\nRatings:", ", ".join(f"{LEVEL_TITLES[lv]} {r['rating']}" for lv, r in entry["ratings"].items()))
    if "targets" in args.parts:
        entry["targets"] = targets(maps, play, args.kinds)
    return entry


def by_game(outcome: GameOutcome) -> dict[str, Any]:
    """One game of a multiplayer target as a change and its baseline are compared: its seed, Hard's seat, its
    share of the win, and every seat's score (None: bankrupt)."""
    seat = outcome.levels.index("hard")
    return {"seed": outcome.seed, "hard_seat": seat, "hard_win": outcome.wins[seat], "scores": list(outcome.scores)}


def targets(maps: list[str], play: Any, kinds: list[str]) -> list[dict[str, Any]]:
    """Issue 30's targets of ``kinds`` (multiplayer, solo, speed), each with its figure, its 95% interval where
    it is a share, and whether it is met."""
    out: list[dict[str, Any]] = []
    for m in maps if "multiplayer" in kinds else []:
        lo, hi = load_rules(m).player_counts()
        if hi == 1:
            continue
        players = min(max(lo, 4), hi)
        n = 60 if m == "rust-belt" else 20
        result = play(m, ["hard"] + ["strong"] * (players - 1), n)
        f = result.figures()["hard"]
        goal = 0.45 if m == "rust-belt" else 0.35
        out.append(
            {
                "target": f"{m}: Hard wins against {players - 1} Baselines",
                "figure": round(f.win_rate, 3),
                "interval_95": interval(f.wins, f.games),
                "goal": f">= {goal}",
                "met": f.win_rate >= goal,
                "games": f.games,
                "hard_ms_median": f.decision_ms_median,
                "by_game": [by_game(o) for o in result.outcomes],  # two runs can be compared game by game
                "detail": summary(result),
            }
        )
    if "detroit-bankruptcy" in maps and "solo" in kinds:
        result = play("detroit-bankruptcy", ["hard"], 20)
        turns = [o.solo["turn"] for o in result.outcomes if o.solo and "turn" in o.solo]
        median = statistics.median(turns) if turns else 0
        out.append(
            {
                "target": "detroit-bankruptcy solo: Hard's final turn (median, best)",
                "figure": [median, max(turns, default=0)],
                "goal": "median >= 10, best >= 12",
                "met": median >= 10 and max(turns, default=0) >= 12,
                "games": len(turns),
                "turns": turns,  # each seed's, in seed order: two runs can be compared seed by seed
                "detail": summary(result),
            }
        )
    if "miami-2030" in maps and "solo" in kinds:
        for difficulty, goal in (("easy", 1.0), ("medium", 1.0), ("hard", 0.9)):
            result = play("miami-2030", ["hard"], 20, difficulty=difficulty)
            f = result.figures()["hard"]
            out.append(
                {
                    "target": f"miami-2030 {difficulty}: games Hard wins",
                    "figure": round(f.win_rate, 3),
                    "interval_95": interval(f.wins, f.games),
                    "goal": f">= {goal}",
                    "met": f.win_rate >= goal,
                    "games": f.games,
                    "detail": summary(result),
                }
            )
    if "rust-belt" in maps and "speed" in kinds:  # games of their own, one process each: a core to each game
        result = play("rust-belt", ["hard"] + ["strong"] * 3, SPEED_GAMES)
        hard_ms = result.figures()["hard"].decision_ms_median or 0.0
        out.append(
            {
                "target": "Hard's median time per decision, one core (Rust Belt)",
                "figure": round(hard_ms),
                "goal": "<= 1000 ms",
                "met": hard_ms <= 1000,
                "games": len(result.outcomes),
            }
        )
        result = play("rust-belt", ["steady"] * 4, 10)
        p99 = result.figures()["steady"].decision_ms_p99 or 0.0
        out.append(
            {
                "target": "Medium's 99th percentile time per decision (Rust Belt, 4 players)",
                "figure": round(p99, 1),
                "goal": "<= 50 ms",
                "met": p99 <= 50,
                "games": len(result.outcomes),
            }
        )
    return out


def save(entry: dict[str, Any]) -> None:
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    history = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    history.append(entry)
    RESULTS.write_text(json.dumps(history, indent=1) + "\n")
    if entry.get("ratings"):
        ratings = {lv: {"rating": r["rating"], "games": r["games"]} for lv, r in entry["ratings"].items()}
        RATINGS.write_text(json.dumps({"commit": entry["commit"], "date": entry["date"], **ratings}, indent=1) + "\n")


def latest_targets() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each target's latest measure over the results file's runs, and the runs they come from."""
    history = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    found: dict[str, dict[str, Any]] = {}
    runs: dict[str, dict[str, Any]] = {}
    for e in history:
        for t in e.get("targets", []):
            run = e["date"][:10] + " " + e["commit"] + f", scale {e['games_scale']}"
            found[t["target"]] = {**t, "run": run, "scale": e["games_scale"]}
            runs[e["date"]] = e
    return list(found.values()), list(runs.values())


def latest(key: str) -> dict[str, Any] | None:
    """The latest run in the results file with something under ``key``."""
    history = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    return next((e for e in reversed(history) if e.get(key)), None)


# the Met column by (goal reached, whole count of games played): a run of a fraction of the games (SCALE)
# measures, but neither meets nor misses, a target set for the whole count
MET_WORDS = {
    (True, True): "yes",
    (True, False): "at scale only",
    (False, True): "no",
    (False, False): "missed at scale",
}


def table() -> str:
    """The README's table: the ladder's ratings and each target's latest figure, with where it comes from."""
    lines = ["| Level | Rating | Games |", "|---|---|---|"]
    ladder = latest("ratings")
    if ladder:
        for lv, r in sorted(ladder["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
            lines.append(f"| {LEVEL_TITLES[lv]} (`{lv}`) | {r['rating']} | {r['games']} |")
        lines.append(f"\nRatings from the ladder of {ladder['date'][:10]} (commit {ladder['commit']}, games scale ")
        lines[-1] += f"{ladder['games_scale']}).\n"
    lines += ["| Target | Goal | Latest | 95% interval | Met | Run |", "|---|---|---|---|---|---|"]
    found, _ = latest_targets()
    for t in found:
        figure = t["figure"]
        shown = "/".join(str(x) for x in figure) if isinstance(figure, list) else str(figure)
        games = f" ({t['games']} games)" if "games" in t else ""
        ci = "–".join(str(x) for x in t["interval_95"]) if "interval_95" in t else ""
        met = MET_WORDS[(bool(t["met"]), t["scale"] >= 1)]
        lines.append(f"| {t['target']} | {t['goal']} | {shown}{games} | {ci} | {met} | {t['run']} |")
    return "\n".join(lines)


def write_readme() -> None:
    text = README.read_text()
    start, end = text.index(TABLE_START) + len(TABLE_START), text.index(TABLE_END)
    README.write_text(text[:start] + "\n" + table() + "\n" + text[end:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", nargs="+", choices=["ladder", "targets"], default=["ladder", "targets"])
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=KINDS, help="which targets (default: all)")
    parser.add_argument("--maps", nargs="+", choices=map_ids(), help="these maps only (default: every map)")
    parser.add_argument("--games-scale", type=float, default=1.0, metavar="F", help="play F times the games")
    parser.add_argument("--work", type=int, default=None, metavar="N", help="every searching bot's playouts")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: the CPUs)")
    parser.add_argument("--table", action="store_true", help="print the README's table from the results and stop")
    parser.add_argument("--readme", action="store_true", help="write the README's table from the results and stop")
    args = parser.parse_args()
    if args.table:
        print(table())
        return 0
    if args.readme:
        write_readme()
        return 0
    started = time.perf_counter()
    entry = run(args)
    entry["seconds"] = round(time.perf_counter() - started)
    save(entry)
    write_readme()
    print(f"\n{RESULTS.relative_to(ROOT)}: {len(entry['ladder'])} ladder tables, {len(entry['targets'])} targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
