"""``aos hint`` (what a bot would do in your place, and why) and ``aos tournament`` (bot levels against each
other over many seeded games; the logic is :mod:`ageofsteam.bots.tournament`)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ageofsteam.bots import LEVEL_TITLES, bot
from ageofsteam.bots.tournament import GameOutcome, parse_levels, run_tournament
from ageofsteam.cli.common import (
    SecondsOpt,
    WorkOpt,
    check_budget,
    check_level,
    console,
    parse_options,
    refusals,
    seat_label,
)
from ageofsteam.cli.describe import make_table
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.words.choices import action_words

HINT_LEVEL = "steady"  # answers at once; '--level hard' searches (--work playouts)


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False))


def hint_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON).", show_default=False)],
    level: Annotated[
        str,
        typer.Option(
            "--level",
            metavar="LEVEL",
            help="The bot that suggests: random (Easy), steady (Medium, at once), hard (Hard, plays out --work) or "
            "strong (Baseline).",
        ),
    ] = HINT_LEVEL,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Suggest an action for the player to move, with one line saying why.

    The steady bot (Medium) answers at once; '--level hard' searches for a deeper answer (--work playouts,
    within --seconds). The record is not changed: take the suggestion with 'aos act FILE ACTION_JSON'. With --json:
    {"action": {...}, "reason": "...", "level": "steady"}.
    """
    with refusals():
        adviser = bot(check_level(level), work=work, seconds=seconds)
        game = Game.load(file)
        if game.over or game.to_move is None:
            raise IllegalAction("the game is over: there is nothing to suggest")
        seat = game.to_move
        # the adviser's own generator (never the game's chance), seeded by the position: the same hint every time
        hint = adviser.hint(game, random.Random(f"{game.record.chance_key}/hint/{len(game.record.actions)}"))
    action = hint.action.to_json()
    if as_json:
        _echo_json({"action": action, "reason": hint.reason, "level": level})
        return
    out = console()
    out.print(f"{seat_label(game, seat)}: {action_words(game, hint.action)}")
    out.print(f"  Why: {hint.reason} ({level}, {LEVEL_TITLES[level]})")
    out.print(f"  To take it: aos act {file} '{json.dumps(action, ensure_ascii=False)}'")


def tournament_command(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="LEVEL,LEVEL,…",
            show_default=False,
            help="The level of each seat (random, steady, hard, strong), or one level for every seat.",
        ),
    ],
    map_id: Annotated[str, typer.Option("--map", help="Map id (see 'aos maps').")] = "rust-belt",
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            show_default=False,
            help="Number of players (the number of levels if not given; 1 on Miami 2030).",
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 10,
    seed: Annotated[int, typer.Option(help="Game i is seeded SEED + i.")] = 0,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
    workers: Annotated[int, typer.Option(help="Games played at once, each in its own process.")] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="KEY=VALUE",
            show_default=False,
            help="A game option for every game (repeatable), e.g. difficulty=hard on Miami 2030.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Play bot levels against each other and print each level's figures.

    Game i is seeded SEED + i and its seats are turned by one each game, so over a multiple of --players games
    every level sits in every seat equally often; each bot draws from its own generator (seeded from the game
    and the seat). Per level, counting seats (a level in 3 seats of 10 games has 30 games): wins (a tie shares
    the win), win rate with its 95% interval (Wilson), mean score of the seats not bankrupt, mean rank,
    bankruptcies, and the median and 99th percentile of the milliseconds per decision. A solo game (Miami 2030,
    Detroit Bankruptcy with 1 player) prints its own results: the win rate; on Miami the people evacuated and
    the rounds of the wins; on Detroit the turn of the bankruptcy and the ratings. Every level decides by work,
    never by time (--work: a searching bot's playouts a decision), so a seeded tournament plays the same games
    with any --workers and at any load.

    \b
    Example: aos tournament --map rust-belt --bots hard,strong,strong,strong --games 30 --workers 4
    With --json: {"levels": {LEVEL: {"games", "wins", "win_rate", "win_rate_95", "mean_score",
    "mean_rank", "bankrupt", "decision_ms_median", "decision_ms_p99"}}}.
    """
    with refusals():
        levels = parse_levels(bots)
        check_budget(work, seconds)
        if players is None:
            from ageofsteam.maps import load_rules

            lo, hi = load_rules(map_id).player_counts()
            if lo == hi:
                players = lo
            elif len(levels) > 1:
                players = len(levels)
            else:
                raise BadInput(f"give the number of players with --players N ({lo}–{hi} on this map)")
        shown = sys.stderr.isatty() and not as_json

        def progress(outcome: GameOutcome) -> None:
            if shown:
                print(f"\rgame {outcome.index + 1} done ({outcome.actions} actions)   ", end="", file=sys.stderr)

        result = run_tournament(
            map_id,
            players,
            levels,
            games,
            seed,
            seconds,
            workers,
            work=work,
            options=parse_options(option or []),
            progress=progress,
        )
        if shown:
            print(file=sys.stderr)
    if as_json:
        _echo_json(result.to_json())
        return
    head, rows = result.table()
    table = make_table(result.title())
    for i, col in enumerate(head):
        table.add_column(col, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*row)
    out = console()
    out.width = max(out.width, 160)  # the table is as wide as its figures: never wrapped in a narrow terminal
    out.print(table)
    for line in result.notes():
        out.print(line)
