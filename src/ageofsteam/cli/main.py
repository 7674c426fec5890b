"""The ``aos`` command: one sub-command per task (``aos --help`` lists them).

Every command leaves with status 0 on success and 2, with a one-line reason on standard error, when it is
refused: an illegal action, bad input, or a file that cannot be read or written. A record file is only ever
written whole (atomically), and only after the action succeeded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click import core as click_core  # typer 0.29 (pinned) vendors click: its own context and exceptions
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from ageofsteam.bots import DEFAULT_SECONDS
from ageofsteam.cli import map_cmd
from ageofsteam.cli import random_games as random_runner
from ageofsteam.cli.bots_cmd import hint_command, tournament_command
from ageofsteam.cli.common import (
    DEFAULT_LEVEL,
    SecondsOpt,
    WorkOpt,
    action_for_mover,
    check_budget,
    check_level,
    console,
    make_seats,
    map_arg,
    new_log,
    parse_json,
    parse_options,
    read_action_text,
    refusals,
    run_bots,
)
from ageofsteam.cli.describe import make_table, state_renderable
from ageofsteam.cli.export_cmd import app as export_app
from ageofsteam.cli.import_cmd import app as import_app
from ageofsteam.cli.play import PlaySession
from ageofsteam.cli.render_cmd import render_command
from ageofsteam.cli.replay import replay_rounds
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record, Seat
from ageofsteam.engine.view import view
from ageofsteam.words.choices import choice_lines, legal_choices, legal_json
from ageofsteam.words.names import header, standings_lines, tracks_text


class _OneLineUsageError(click_errors.ClickException):
    """A command-line usage error shown as one line: ``aos: <reason> (see '<command> --help')``."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        typer.echo(f"aos: {self.format_message()}", err=True)


def _one_line(error: click_errors.UsageError) -> click_errors.ClickException:
    """Click's usage errors (bad option value, missing argument) as one line; a bare command keeps its help."""
    if isinstance(error, click_errors.NoArgsIsHelpError):
        return error
    command = error.ctx.command_path if error.ctx else "aos"
    return _OneLineUsageError(f"{error.format_message()} (see '{command} --help')")


class _AosGroup(TyperGroup):
    """The top-level group: every usage error of any sub-command leaves with status 2 and a one-line reason."""

    def make_context(self, *args: Any, **kwargs: Any) -> click_core.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click_errors.UsageError as error:
            raise _one_line(error) from error

    def invoke(self, ctx: click_core.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click_errors.UsageError as error:
            raise _one_line(error) from error


app = typer.Typer(
    cls=_AosGroup,
    name="aos",
    help="Age of Steam: create, inspect, play and verify game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(map_cmd.app, name="map")
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")
app.command("render")(render_command)
app.command("hint")(hint_command)
app.command("tournament")(tournament_command)

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON).", show_default=False)]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
BotLevelOpt = Annotated[
    str | None,
    typer.Option(
        "--bot-level",
        metavar="LEVEL",
        show_default=False,
        help="The level of the --bots seats: random (Easy), steady (Medium), hard (Hard) or strong (Baseline); "
        f"{DEFAULT_LEVEL} if not given. Recorded in the seats, so later commands play them at that level.",
    ),
]


def _bot_level(level: str | None, bots: int | None) -> str:
    """The level of the bot seats of a new game; --bot-level without bot seats is refused."""
    if level is None:
        return DEFAULT_LEVEL
    if not bots:
        raise BadInput("--bot-level is the level of the --bots seats: give --bots N too")
    return check_level(level)


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=1, ensure_ascii=False))


def _report(game: Game, since: int) -> None:
    """The events since log line ``since``, then who is to move (or the final standings)."""
    out = console()
    for line in new_log(game, since):
        out.print(f"  {line}")
    out.print(header(game))
    if game.over:
        for line in standings_lines(game):
            out.print(line)


# --- maps -----------------------------------------------------------------------------------------


@app.command("maps")
def maps_command(as_json: JsonFlag = False) -> None:
    """List the maps: id, name, player counts, game lengths, and whether the map's own rules are in."""
    from ageofsteam.maps import load_board, load_rules, map_ids

    with refusals():
        rows: list[dict[str, Any]] = []
        for map_id in map_ids():
            board = load_board(map_id)
            lo, hi = board.players
            rules = load_rules(map_id)
            turns = rules.game_lengths()
            rows.append(
                {
                    "id": map_id,
                    "name": board.name,
                    "players": list(board.players),
                    "turns": {str(k): v for k, v in sorted(turns.items()) if lo <= k <= hi},
                    "rules": "complete" if rules.RULES_COMPLETE else "board only",
                }
            )
    if as_json:
        _echo_json(rows)
        return
    table = make_table()
    for col in ("Id", "Name", "Players", "Turns", "Rules"):
        table.add_column(col)
    for r in rows:
        lo, hi = r["players"]
        lengths = " ".join(f"{k}p:{v}" for k, v in r["turns"].items() if v) or "–"
        if r["turns"] and not any(r["turns"].values()):
            lengths = "until one is left"
        table.add_row(r["id"], r["name"], f"{lo}–{hi}" if lo != hi else str(lo), lengths, r["rules"])
    console().print(table)


@app.command("tiles")
def tiles_command(as_json: JsonFlag = False) -> None:
    """List the track tiles.

    Name (as used in build actions), kind, count in the box and tracks at rotation 0.
    """
    from ageofsteam.board.tiles import TILE_TYPES

    rows: list[dict[str, Any]] = [
        {"name": t.name, "title": t.title, "kind": t.kind, "count": t.count, "tracks": tracks_text(t.tracks)}
        for t in TILE_TYPES.values()
    ]
    if as_json:
        _echo_json(rows)
        return
    table = make_table()
    for col in ("Name", "Tile", "Kind", "Count", "Tracks (rotation 0)"):
        table.add_column(col, justify="right" if col == "Count" else "left")
    for r in rows:
        table.add_row(r["name"], r["title"], r["kind"], str(r["count"]), r["tracks"])
    console().print(table)


# --- new ------------------------------------------------------------------------------------------


@app.command("new")
def new_command(
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write the new record.", show_default=False)],
    map_id: Annotated[
        str | None,
        typer.Argument(metavar="MAP", help="Map id (see 'aos maps') or a map file (.toml).", show_default=False),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.", show_default=False)
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for every chance event (random if not given).", show_default=False)
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="KEY=VALUE",
            show_default=False,
            help="A game option as key=value (repeatable), e.g. production_offmap_boxes=false.",
        ),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option("--name", metavar="NAME", help="Seat names in seat order (repeatable).", show_default=False),
    ] = None,
    bots: Annotated[int, typer.Option(help="How many of the last seats bots play (see --bot-level).")] = 0,
    bot_level: BotLevelOpt = None,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
    scenario: Annotated[
        Path | None, typer.Option(help="Start from this scenario (.toml) instead of a map.", show_default=False)
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file if it exists.")] = False,
    no_bots: Annotated[bool, typer.Option("--no-bots", help="Do not let bot seats move yet.")] = False,
    secret: Annotated[
        bool,
        typer.Option("--secret", help="Draw chance from a 128-bit secret kept in the record, as games on a server do."),
    ] = False,
) -> None:
    """Create a new game record.

    Examples: 'aos new rust-belt --players 4 --bots 2 --bot-level hard -o game.json', or from a scenario:
    'aos new --scenario position.toml -o game.json'. If a bot seat is to move first, the bots play at once.
    """
    with refusals():
        level = _bot_level(bot_level, bots)
        check_budget(work, seconds)
        if output.exists() and not force:
            raise BadInput(f"{output} exists already (use --force to overwrite it)")
        names = name or []
        if scenario is not None:
            if map_id is not None or players is not None or seed is not None or option or secret:
                raise BadInput(
                    "with --scenario, the map, players, seed, secret and options come from the scenario file"
                )
            game = Game.from_scenario(scenario)
            seats = game.record.seats
            new_seats = make_seats(game.record.map, len(seats), names, bots, level)
            record = game.record.model_copy(
                update={
                    "seats": [
                        Seat(name=names[i] if i < len(names) else s.name, colour=s.colour, bot=new_seats[i].bot)
                        for i, s in enumerate(seats)
                    ]
                }
            )
            game = Game.from_record(record)
        else:
            if map_id is None:
                raise BadInput("give a MAP (see 'aos maps') or --scenario FILE")
            from ageofsteam.maps import rules_for

            map_name, map_file = map_arg(map_id)
            lo, hi = rules_for(map_name, map_file).player_counts()  # an unknown map is refused first
            if players is None and lo == hi:
                players = lo  # a map for one number of players (Miami 2030) needs no --players
            if players is None:
                raise BadInput(f"give the number of players with --players N ({lo}–{hi} on this map)")
            seats = make_seats(map_id, players, names, bots, level)
            if secret and seed is not None:
                raise BadInput("--secret and --seed cannot go together: the secret replaces the seed")
            game = Game.new(
                map_name,
                seats=seats,
                seed=seed,
                options=parse_options(option or []),
                secret=secret,
                map_file=map_file,
            )
        since = len(game.state.log)
        if not no_bots:
            run_bots(game, seconds=seconds, work=work)
        game.save(output)
    out = console()
    rec = game.record
    players_text = f"{len(rec.seats)} player{'' if len(rec.seats) == 1 else 's'}"
    chance = "a secret chance seed" if rec.secret is not None else f"seed {rec.seed}"
    out.print(f"Created {output}: {game.state.map.name}, {players_text}, {chance}")
    if rec.options:
        out.print("Options: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in rec.options.items()))
    _report(game, since)


# --- show, legal ----------------------------------------------------------------------------------


@app.command("show")
def show_command(file: FileArg, as_json: JsonFlag = False) -> None:
    """Show the current state.

    Turn, phase, the player to move, every player's figures, the cubes on cities, the goods display, the
    completed links and recent events; with --json the JSON view.
    """
    with refusals():
        game = Game.load(file)
    if as_json:
        _echo_json(view(game))
        return
    console().print(state_renderable(game))


@app.command("legal")
def legal_command(file: FileArg, as_json: JsonFlag = False) -> None:
    """List the legal decisions of the player to move.

    Bids and shares as ranges, builds per hex with tile, rotation and cost, deliveries with their path and
    the income they pay. With --json: a list of {"action": ..., "info": ...} objects; each "action" can be
    passed to 'aos act', and "info" holds the figures its line shows (a cost, a path and its income...).
    """
    with refusals():
        game = Game.load(file)
    if as_json:
        _echo_json(legal_json(game))
        return
    out = console()
    out.print(header(game))
    if game.over:
        for line in standings_lines(game):
            out.print(line)
        return
    for line in choice_lines(legal_choices(game), width=out.width, keys=False):
        out.print(line, overflow="ignore", crop=False)


# --- act, undo ------------------------------------------------------------------------------------


@app.command("act")
def act_command(
    file: FileArg,
    action: Annotated[
        str | None,
        typer.Argument(
            metavar="ACTION_JSON", help="The action as JSON, or '-' to read it from standard input.", show_default=False
        ),
    ] = None,
    action_file: Annotated[
        Path | None,
        typer.Option("--file", "-f", help="Read the action from this file ('-': standard input).", show_default=False),
    ] = None,
    no_bots: Annotated[bool, typer.Option("--no-bots", help="Do not let bot seats move afterwards.")] = False,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
) -> None:
    """Take one action for the player to move and save the record.

    The "player" field may be left out. Afterwards bot seats play until a human must act (unless --no-bots).

    \b
    Example: aos act game.json '{"kind": "bid", "amount": 3}'
    """
    with refusals():
        check_budget(work, seconds)
        text, source = read_action_text(action, action_file)
        data = parse_json(text, source)
        game = Game.load(file)
        since = len(game.state.log)
        game.apply(action_for_mover(game, data))
        if not no_bots:
            run_bots(game, seconds=seconds, work=work)
        game.save(file)
    _report(game, since)


@app.command("undo")
def undo_command(
    file: FileArg,
    count: Annotated[int, typer.Option("--count", "-n", help="How many actions to take back.")] = 1,
    no_bots: Annotated[bool, typer.Option("--no-bots", help="Do not let bot seats move afterwards.")] = False,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
) -> None:
    """Take back the last actions and save the record.

    Undo never goes back past a dice roll or a draw from the bag. If a bot seat is then to move, the bots
    play again until a human must act (unless --no-bots): count their moves too to reach your own.
    """
    with refusals():
        check_budget(work, seconds)
        game = Game.load(file)
        game.undo(count)
        since = len(game.state.log)
        if not no_bots:
            run_bots(game, seconds=seconds, work=work)
        game.save(file)
    console().print(f"Took back {count} action{'s' if count != 1 else ''}.")
    _report(game, since)


# --- replay ---------------------------------------------------------------------------------------


@app.command("replay")
def replay_command(file: FileArg, as_json: JsonFlag = False) -> None:
    """Verify a record; print the figures at each round's end.

    Every action is replayed and checked. The table shows each player's cash, income, shares, engine and
    score after each round, followed by the standings. Exit status 2 names the first action that fails.
    """
    with refusals():
        record = Record.load(file)
        game, rounds = replay_rounds(record)
    if as_json:
        _echo_json(
            {
                "actions": len(record.actions),
                "over": game.over,
                "rounds": [r.to_json() for r in rounds],
                "standings": [{"seat": s, "score": v} for s, v in game.state.rules.standings(game.state)],
            }
        )
        return
    out = console()
    out.print(f"{file}: {len(record.actions)} actions replayed without error.")
    table = make_table("End of each round")
    score_title = game.state.rules.SCORE_TITLE
    for col in ("Turn", "Player", "Cash", "Income", "Shares", "Engine", *([score_title] if score_title else [])):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for r in rounds:
        for k, p in enumerate(r.players):
            turn = (f"{r.turn}{' end' if r.final else ''}") if k == 0 else ""
            score = "out" if p["score"] is None else str(p["score"])
            table.add_row(
                turn,
                p["name"],
                f"${p['cash']}",
                str(p["income"]),
                str(p["shares"]),
                str(p["engine"]),
                *([score] if score_title else []),
                end_section=k == len(r.players) - 1,
            )
    if rounds:
        out.print(table)
    else:
        out.print("No round has ended yet.")
    out.print(header(game))
    for line in standings_lines(game):
        out.print(line)


# --- play -----------------------------------------------------------------------------------------


@app.command("play")
def play_command(
    map_id: Annotated[
        str | None,
        typer.Option(
            "--map", help="Map id (see 'aos maps') or a map file (.toml); rust-belt if not given.", show_default=False
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players (3 if not given).", show_default=False)
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option(
            help="How many of the last seats bots play (0 if not given; see --bot-level).", show_default=False
        ),
    ] = None,
    bot_level: BotLevelOpt = None,
    seconds: SecondsOpt = None,
    work: WorkOpt = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for every chance event (random if not given).", show_default=False)
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option("--name", metavar="NAME", help="Seat names in seat order (repeatable).", show_default=False),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(help="Continue the game in this record (its map and seats stay).", show_default=False),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Save the record here after every action.", show_default=False)
    ] = None,
) -> None:
    """Hot-seat play in the terminal.

    Pick decisions from numbered menus (type 'help' during play for the commands). Bots of --bot-level play
    the last --bots seats (a loaded game's bot seats keep the level they were recorded with). 'quit' or the
    end of the input stops; with --save the record is saved after every action. Works with piped input.
    """
    with refusals():
        check_budget(work, seconds)
        if load is not None:
            given = (map_id, players, bots, seed, bot_level)
            if any(x is not None for x in given) or name:
                raise BadInput(
                    "--load continues a saved game: --map, --players, --bots, --bot-level, --seed and --name "
                    "come from it"
                )
            game = Game.load(load)
        else:
            map_id = map_id or "rust-belt"
            level = _bot_level(bot_level, bots)
            seats = make_seats(map_id, 3 if players is None else players, name or [], bots or 0, level)
            map_name, map_file = map_arg(map_id)
            game = Game.new(map_name, seats=seats, seed=seed, map_file=map_file)
        session = PlaySession(game, console(), save, seconds, work)
        session.run()


# --- random games ---------------------------------------------------------------------------------


@app.command("random-games")
def random_games_command(
    map_id: Annotated[str, typer.Option("--map", help="Map id (see 'aos maps').")] = "rust-belt",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    count: Annotated[int, typer.Option("--count", "-n", help="How many games.")] = 10,
    seed: Annotated[int, typer.Option(help="Game i uses seed SEED + i.")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the summary.")] = False,
) -> None:
    """Play random games and check invariants after every action.

    Checks: cash >= 0, every cube accounted for, one owner per chain of track, tiles and town disks
    conserved, a legal action whenever someone is to move, and that each record replays to the same JSON
    view. Prints a summary; exit status 1 if any check fails.
    """
    out = console()
    with refusals():
        if count < 1:
            raise BadInput("--count must be at least 1")
        from ageofsteam.maps import load_rules

        lo, hi = load_rules(map_id).player_counts()
        if not lo <= players <= hi:
            raise BadInput(f"{map_id} is for {lo}–{hi} players, not {players}")

        def progress(r: random_runner.GameResult) -> None:
            if not quiet:
                scores = ", ".join("out" if s is None else str(s) for s in r.scores)
                out.print(
                    f"game {r.index + 1} (seed {r.seed}): {r.actions} actions, turn {r.turns}, "
                    f"scores {scores}{f', {len(r.problems)} problems' if r.problems else ''}"
                )

        summary = random_runner.run(map_id, players, count, seed, progress)
    rate = summary.actions / summary.seconds if summary.seconds > 0 else 0.0
    averages = ", ".join(
        f"seat {i}: {'–' if v is None else f'{v:.1f}'}" for i, v in enumerate(summary.average_scores())
    )
    win = summary.average_winning_score()
    problems = summary.problems
    out.print(f"games: {len(summary.games)}")
    out.print(f"actions: {summary.actions} in {summary.seconds:.2f} s ({rate:.0f} actions/s, invariants included)")
    out.print(f"average final score (survivors): {averages}")
    out.print(f"average winning score: {'–' if win is None else f'{win:.1f}'}")
    out.print(f"eliminations: {summary.eliminations}")
    out.print(f"problems found: {len(problems)}")
    for p in problems[:20]:
        out.print(f"  {p}", overflow="fold")
    if problems:
        raise typer.Exit(1)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str,
        typer.Option("--database-url", help="Where games are stored (SQLAlchemy URL, e.g. postgresql+psycopg://…)."),
    ] = "sqlite:///aos.db",
    all_maps: Annotated[bool, typer.Option("--all-maps", help="Offer maps whose rules are not complete yet.")] = False,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before each action.")] = 0.0,
    bot_work: Annotated[
        int | None,
        typer.Option(
            "--bot-work",
            metavar="N",
            min=1,
            show_default=False,
            help="Every searching bot's work per decision, in playouts, for the bots and the hints alike (each "
            "level's own if not given; less for a slow machine).",
        ),
    ] = None,
    bot_seconds: Annotated[
        float,
        typer.Option(
            "--bot-seconds", metavar="S", min=0.1, help="A searching bot's safety cap per decision, in seconds."
        ),
    ] = DEFAULT_SECONDS,
    games_per_minute: Annotated[
        int, typer.Option("--games-per-minute", help="New games one client address may create a minute (0: any).")
    ] = 60,
    max_games: Annotated[
        int, typer.Option("--max-games", help="Games not finished the server holds at most (0: no limit).")
    ] = 20_000,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            "--smtp-url", help="Send turn mails through this SMTP server (smtp://host:port).", show_default=False
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option("--mail-from", help="The sender of turn mails.")
    ] = "Age of Steam <aos@localhost>",
    mail_every: Annotated[
        float, typer.Option("--mail-every", help="Minutes between two turn mails to the same seat, at least.")
    ] = 60.0,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url", help="The address players reach the server at (for links in mails).", show_default=False
        ),
    ] = None,
    lease_seconds: Annotated[
        float,
        typer.Option(
            "--lease-seconds",
            min=0.5,
            help="PostgreSQL, several processes: seconds after which a dead process's bots pass to another.",
        ),
    ] = 5.0,
    actions_per_minute: Annotated[
        int, typer.Option("--actions-per-minute", help="Actions one seat token may send a minute (0: any).")
    ] = 1200,
    hints_per_minute: Annotated[
        int, typer.Option("--hints-per-minute", help="Hints one seat may ask for a minute, one at a time (0: any).")
    ] = 30,
    ws_messages_per_minute: Annotated[
        int,
        typer.Option(
            "--ws-messages-per-minute", help="Messages one WebSocket may send a minute, or be closed (0: any)."
        ),
    ] = 120,
    body_seconds: Annotated[
        float, typer.Option("--body-seconds", min=0.1, help="Seconds a request body may take to arrive, else 408.")
    ] = 30.0,
) -> None:
    """Serve games in the browser: lobby, hot seat, online play and bots (docs/web-api.md)."""
    from ageofsteam.server import serve

    serve(
        host,
        port,
        database_url,
        all_maps=all_maps,
        bot_delay=bot_delay,
        bot_work=bot_work,
        bot_seconds=bot_seconds,
        games_per_minute=games_per_minute,
        max_games=max_games,
        smtp_url=smtp_url,
        mail_from=mail_from,
        mail_every=mail_every * 60,
        public_url=public_url,
        lease_seconds=lease_seconds,
        actions_per_minute=actions_per_minute,
        hints_per_minute=hints_per_minute,
        ws_messages_per_minute=ws_messages_per_minute,
        body_seconds=body_seconds,
    )
