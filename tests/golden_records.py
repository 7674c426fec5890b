"""Golden records: one whole game per map and rules version, made by the code that played that version, kept in
``tests/data/records/<map>-v<N>.json`` with the figures it ended on, so that every later engine is held to
replaying it exactly (``tests/test_rules_versions.py``).

Run as a script to make one, with the sources of the commit whose rules version is to be kept first on the
path (a version that is no longer current is made by a checkout of the last commit that played it)::

    PYTHONPATH=<checkout>/src python tests/golden_records.py MAP [--players N] [--seed S] [--out FILE]

The script uses only what every version of the engine has (``Game.new``, ``game.apply``, the bots' ``choose``,
``rules.score``); each seat's bot is of the level asked (``--bots steady,random``: seat by seat, repeated), or the
random bot where the checkout has no such level. Choose the seed and bots so that the game uses what its
version changes, so that it would not replay the same under the versions before and after it (51st State's and
Old Europe's tests check theirs).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).parent / "data" / "records"
SEED = 29  # the seed of every golden game (chance and the bots' choices)


def record_path(map_id: str, version: int) -> Path:
    """Where the golden record of ``map_id``'s rules version ``version`` is kept."""
    return RECORDS / f"{map_id}-v{version}.json"


def figures(game: Any) -> dict[str, Any]:
    """What a finished game is checked against: the action count, and each seat's score, cash, income, shares
    and engine."""
    g = game.state
    return {
        "actions": len(game.record.actions),
        "over": bool(g.over),
        "seats": [
            {
                "score": g.rules.score(g, p.seat) if not p.eliminated else None,
                "cash": p.cash,
                "income": p.income,
                "shares": p.shares,
                "engine": p.engine,
                "eliminated": bool(p.eliminated),
            }
            for p in g.players
        ],
    }


def _bot(level: str) -> tuple[str, Any]:
    """A bot of ``level``, or the random bot where the checkout has no such level."""
    from ageofsteam import bots

    level = level if level in bots.BOTS else "random"
    bot = bots.BOTS[level]()
    if hasattr(bot, "weigh_seconds"):
        bot.weigh_seconds = None  # no time limit: the same game on every machine
    return level, bot


def _commit() -> str:
    """The commit of the sources on the path (for the record's note)."""
    import ageofsteam

    src = Path(ageofsteam.__file__).resolve().parent
    out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=src, capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"


def play(map_id: str, players: int | None, seed: int, levels: list[str]) -> tuple[Any, str]:
    """A whole game of ``map_id`` played by bots from ``seed``, seat ``i`` by a bot of ``levels[i % len(levels)]``;
    the game and the bot levels used."""
    from ageofsteam import Game
    from ageofsteam.maps import load_rules

    lo, hi = load_rules(map_id).player_counts()
    n = players if players is not None else max(lo, min(4, hi))
    game = Game.new(map_id, players=n, seed=seed)
    seats = [_bot(levels[i % len(levels)]) for i in range(n)]
    rng = random.Random(seed)
    while not game.over:
        game.apply(seats[game.to_move][1].choose(game, rng))
    return game, ",".join(level for level, _ in seats)


def golden(map_id: str, players: int | None = None, seed: int = SEED, levels: str = "steady") -> dict[str, Any]:
    """The golden file's content: how it was made, the figures, and the record."""
    game, used = play(map_id, players, seed, levels.split(","))
    return {
        "made_by": {"commit": _commit(), "bots": used, "seed": seed},
        "figures": figures(game),
        "record": json.loads(game.record.model_dump_json()),
    }


def dumps(data: dict[str, Any]) -> str:
    """The golden file's text: one action a line, so that it stays readable and diffs well."""
    record = dict(data["record"])
    actions = record.pop("actions")
    head = json.dumps({**data, "record": {**record, "actions": []}}, indent=1, ensure_ascii=False)
    body = ",\n".join("   " + json.dumps(a, ensure_ascii=False) for a in actions)
    return head.replace('"actions": []', '"actions": [\n' + body + "\n  ]") + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("map")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--bots", default="steady", help="bot levels seat by seat, repeated: steady,random")
    ap.add_argument("--out", type=Path, help="default: tests/data/records/<map>-v<version>.json")
    args = ap.parse_args(argv)
    data = golden(args.map, args.players, args.seed, args.bots)
    out = args.out or record_path(args.map, data["record"]["rules_version"])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps(data), encoding="utf-8")
    print(f"{out}: {data['figures']['actions']} actions, bots {data['made_by']['bots']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
