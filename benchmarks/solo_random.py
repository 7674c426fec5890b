"""The random bot on the solo maps: the figures the maps' READMEs quote under "Random play".

  * Miami 2030: 17 seeded games on each difficulty (Easy, Medium, Hard): games won, people evacuated;
  * Detroit Bankruptcy, solo variant: 60 seeded games: games won, the turn of the bankruptcy.

Each figure is printed with whether the map's README still says it (whitespace aside). Whole games are played
(seeds 0, 1, …, the random bot seeded alike), so every run gives the same figures until the rules or the bot
change; then the README is to be brought up to date. Not part of the test suite: the games' invariants are
tested by tests/maps/test_miami_random_play.py and tests/maps/test_detroit_rules.py. Exit status 1 if a figure
is not in its README (``--no-fail`` to always exit 0).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.maps.detroit.state import state as detroit_state
from ageofsteam.maps.miami.state import state as miami_state

MAPS = Path(__file__).resolve().parents[1] / "src" / "ageofsteam" / "maps"
MIAMI_GAMES = 17  # per difficulty
DETROIT_GAMES = 60


def played(map_id: str, seed: int, options: dict[str, str] | None = None) -> Game:
    """One solo game, the random bot seeded with ``seed``, played to its end."""
    game = Game.new(map_id, players=1, seed=seed, options=options)
    rng, bot = random.Random(seed), RandomBot()
    while not game.over:
        game.apply(bot.choose(game, rng))
    return game


def miami(difficulty: str) -> str:
    """The README's line for ``difficulty``: games won and people evacuated on average."""
    won = evacuated = 0
    for seed in range(MIAMI_GAMES):
        result = miami_state(played("miami-2030", seed, {"difficulty": difficulty}).state).result
        assert result is not None
        won += result.won
        evacuated += result.evacuated
    return (
        f"{difficulty.capitalize()}: the random bot won {won} of {MIAMI_GAMES} games "
        f"({100 * won / MIAMI_GAMES:.0f}%), evacuating {evacuated / MIAMI_GAMES:.1f} people on average"
    )


def detroit() -> str:
    """The README's line for the solo variant: games won and the turn of the bankruptcy."""
    won, turns = 0, []
    for seed in range(DETROIT_GAMES):
        result = detroit_state(played("detroit-bankruptcy", seed).state).result
        assert result is not None
        won += result.won
        turns.append(result.turn)
    return (
        f"the random bot won {won} of {DETROIT_GAMES} solo games ({100 * won / DETROIT_GAMES:.0f}%), "
        f"bankrupt in turn {min(turns)}–{max(turns)}, {sum(turns) / DETROIT_GAMES:.1f} on average"
    )


def in_readme(folder: str, figure: str) -> bool:
    text = (MAPS / folder / "README.md").read_text(encoding="utf-8")
    return figure in " ".join(text.split())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-fail", action="store_true", help="exit 0 even when a README says other figures")
    args = parser.parse_args()
    figures: list[tuple[str, str, Callable[[], str]]] = [
        ("miami", "Miami 2030", partial(miami, d)) for d in ("easy", "medium", "hard")
    ]
    figures.append(("detroit", "Detroit solo", detroit))
    ok = True
    for folder, title, measure in figures:
        t0 = time.perf_counter()
        figure = measure()
        same = in_readme(folder, figure)
        ok &= same
        print(f"{title}: {figure}  [{time.perf_counter() - t0:.1f} s]")
        print(f"  {'matches' if same else 'DOES NOT MATCH'} maps/{folder}/README.md")
    return 0 if args.no_fail or ok else 1


if __name__ == "__main__":
    sys.exit(main())
