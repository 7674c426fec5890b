"""What every command shares: consoles, refusals as exit status 2, reading actions, creating games, bots."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from pydantic import ValidationError
from rich.console import Console

from ageofsteam.board.mapdata import MapError
from ageofsteam.bots import DEFAULT_SECONDS, LEVELS, SEARCHING, bot
from ageofsteam.engine.actions import CHANCE, Action, parse_action, takes_player
from ageofsteam.engine.errors import AosError, BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Seat

EXIT_REFUSED = 2  # an illegal action or bad input


# A searching bot's budget and its safety cap, options of every command where a bot plays or advises.
WorkOpt = Annotated[
    int | None,
    typer.Option(
        "--work",
        metavar="N",
        show_default=False,
        help="A searching bot's work per decision, in playouts (the level's own if not given: hard "
        f"{SEARCHING['hard']}, strong {SEARCHING['strong']}; a strong playout on a solo map counts once for each "
        "turn it plays; the same play on any machine; not recorded).",
    ),
]
SecondsOpt = Annotated[
    float | None,
    typer.Option(
        "--seconds",
        metavar="S",
        show_default=False,
        help=f"A searching bot's safety cap per decision, in seconds ({DEFAULT_SECONDS:g} if not given; a healthy "
        "machine never reaches it; not recorded).",
    ),
]


def console() -> Console:
    """A console on the current standard output (looked up at each call, so that tests can capture it)."""
    return Console(file=sys.stdout, highlight=False, markup=False, emoji=False, soft_wrap=True)


def fail(message: str, code: int = EXIT_REFUSED) -> NoReturn:
    """Print a one-line reason on standard error and leave with ``code``."""
    typer.echo(f"aos: {' '.join(message.split())}", err=True)
    raise typer.Exit(code)


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the engine's refusals and unreadable or unwritable files into a one-line reason and exit status 2."""
    try:
        yield
    except (AosError, MapError) as exc:
        fail(str(exc))
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        fail(f"cannot use{where}: {exc.strerror or exc}")


# --- reading input --------------------------------------------------------------------------------


def parse_json(text: str, source: str) -> Any:
    """JSON from ``text``; BadInput naming the line and column at fault."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def read_action_text(action: str | None, file: Path | None) -> tuple[str, str]:
    """The text of an action given on the command line, in a file, or ('-') on standard input; and its source."""
    if action is not None and file is not None:
        raise BadInput("give the action either as an argument or with --file, not both")
    if file is not None:
        if str(file) == "-":
            return sys.stdin.read(), "standard input"
        try:
            return file.read_text(encoding="utf-8"), file.name
        except OSError as exc:
            raise BadInput(f"cannot read {file}: {exc.strerror}") from None
    if action is None:
        raise BadInput("no action given: pass ACTION_JSON, --file FILE, or '-' to read standard input")
    if action == "-":
        return sys.stdin.read(), "standard input"
    return action, "action"


def action_for_mover(game: Game, data: Any) -> Action:
    """The action ``data`` (JSON) for the player to move; a missing "player" field means that player."""
    if game.over:
        raise IllegalAction("the game is over")
    if takes_player(data) and "player" not in data and game.to_move is not None and game.to_move != CHANCE:
        data = {**data, "player": game.to_move}
    return parse_action(data)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` game options; a value is read as JSON when it can be (true, 3, "x"), else as text."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadInput(f"--option must be key=value, not {pair!r}")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


# --- games ----------------------------------------------------------------------------------------


DEFAULT_LEVEL = "steady"  # the level of the bot seats of 'aos new' and 'aos play'


def check_level(level: str) -> str:
    """``level`` if it is a bot level; BadInput naming the levels otherwise."""
    if level not in LEVELS:
        raise BadInput(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return level


def check_budget(work: int | None, seconds: float | None) -> None:
    """BadInput unless ``work`` is None or a positive whole number and ``seconds`` None or a positive number."""
    from ageofsteam.bots import bot as make_bot  # the module's own, even where a test stands in for ``bot``

    make_bot("hard", work=work, seconds=seconds)


def map_arg(arg: str) -> tuple[str, str | None]:
    """A MAP argument as (map id, map file text): a bundled map's id with no text, or the text of the map file
    at a path (``maps/harbour.toml``), checked first so that a bad file is refused naming itself."""
    from ageofsteam.maps.files import is_map_file, read_map_text, rules_from_text

    if not is_map_file(arg):
        return arg, None
    text = read_map_text(arg)
    rules = rules_from_text(text, Path(arg).name)
    return rules.map.id, text


def make_seats(map_id: str, players: int, names: list[str], bots: int, level: str = DEFAULT_LEVEL) -> list[Seat]:
    """Seats for a new game: the given names first, and the last ``bots`` seats played by the bot of ``level``
    (recorded in the seat, so that every later command lets the same level play it). ``map_id`` may be a map
    file's path."""
    from ageofsteam.maps import rules_for

    rules = rules_for(*map_arg(map_id))
    lo, hi = rules.player_counts()
    if not lo <= players <= hi:
        raise BadInput(f"{rules.map.name} is for {lo}–{hi} players, not {players}")
    if len(names) > players:
        raise BadInput(f"{len(names)} names given for {players} players")
    if not 0 <= bots <= players:
        raise BadInput(f"--bots must be from 0 to the number of players ({players}), not {bots}")
    check_level(level)
    colours = rules.PLAYER_COLOURS
    seats = []
    for i in range(players):
        seat_bot = level if i >= players - bots else None
        name = names[i] if i < len(names) else (f"Bot {i + 1}" if seat_bot else f"Player {i + 1}")
        try:
            seats.append(Seat(name=name, colour=colours[i % len(colours)], bot=seat_bot))
        except ValidationError as exc:
            raise BadInput(f"seat {i} name {name!r}: {exc.errors()[0]['msg']}") from None
    return seats


def seat_label(game: Game, seat: int) -> str:
    s = game.record.seats[seat]
    return f"{s.name} ({s.colour}{f', {s.bot} bot' if s.bot else ''})"


def bot_to_move(game: Game) -> str | None:
    """The bot level of the seat to move, or None when a human (or nobody) is to move."""
    seat = game.to_move
    if game.over or seat is None or seat == CHANCE:
        return None
    return game.record.seats[seat].bot


def bot_choice(game: Game, seconds: float | None = None, work: int | None = None) -> Action:
    """The move of the bot to move, at the level its seat records (``work``: a searching bot's playouts per
    decision, ``seconds`` its safety cap; their defaults if None); its random generator is seeded by the record,
    so a game is reproducible."""
    level = bot_to_move(game)
    if level not in LEVELS:
        raise BadInput(f"seat {game.to_move} is played by an unknown bot {level!r}; bots: {', '.join(LEVELS)}")
    rng = random.Random(f"{game.record.chance_key}/bot/{len(game.record.actions)}")
    return bot(level, work=work, seconds=seconds).choose(game, rng)


def run_bots(
    game: Game, after: Callable[[Game], None] | None = None, seconds: float | None = None, work: int | None = None
) -> int:
    """Let bots play until a human must act or the game is over; returns how many actions they took."""
    n = 0
    while bot_to_move(game) is not None:
        game.apply(bot_choice(game, seconds, work))
        n += 1
        if after is not None:
            after(game)
    return n


def new_log(game: Game, since: int) -> list[str]:
    return game.state.log[since:]
