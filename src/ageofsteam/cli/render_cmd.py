"""``aos render``: a picture (SVG or PNG) of a map, or of a game position from a record."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ageofsteam.board.mapdata import MapData, MapError, load_map_file
from ageofsteam.cli.common import console, refusals
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.engine.state import GameState
from ageofsteam.render import IMAGE_SUFFIXES, render_svg, write_image


def position_after(record: Record, actions: int) -> GameState:
    """The state after the first ``actions`` actions of ``record``, chance outcomes as recorded."""
    if not 0 <= actions <= len(record.actions):
        raise BadInput(f"--action must be from 0 to {len(record.actions)} (the record's actions), not {actions}")
    from ageofsteam.maps import rules_for

    Game.from_record(record)  # the whole record is checked first, with the engine's own message at a bad action
    rules = rules_for(record.map, record.map_file)
    state = rules.new_state([(s.name, s.colour) for s in record.seats], record.options)
    game = Game(record.model_copy(update={"actions": []}), state, auto_chance=False)
    for data in record.actions[:actions]:
        action = parse_action(data)
        if action.is_chance:
            game.supply_chance(action)
        else:
            game.apply(action)
    return game.state


def load_subject(source: str, action: int | None) -> MapData | GameState:
    """A map (an id or a ``.toml`` file) or a game position (a ``.json`` record, optionally after N actions)."""
    path = Path(source)
    suffix = path.suffix.lower()
    if suffix in (".json", ".toml") and not path.is_file():
        raise BadInput(f"cannot read {source}: no such file")
    if suffix not in (".json", ".toml") and path.is_file():
        raise BadInput(f"{source}: give a map id, a map file (.toml) or a game record (.json)")
    if suffix != ".json" and action is not None:
        raise BadInput("--action needs a game record (.json), not a map")
    if suffix == ".json":
        record = Record.load(path)
        if action is None:
            return Game.from_record(record).state
        return position_after(record, action)
    if suffix == ".toml":
        try:
            return load_map_file(path)
        except MapError as exc:
            raise BadInput(f"{exc} (see 'aos map check {source}')") from None
    from ageofsteam.maps import load_board

    return load_board(source)


def render_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="MAP_OR_RECORD",
            help="A map id (see 'aos maps'), a map file (.toml) or a game record (.json).",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The picture to write: FILE.svg or FILE.png.", show_default=False)
    ],
    action: Annotated[
        int | None,
        typer.Option("--action", help="Draw the position after this many actions of the record.", show_default=False),
    ] = None,
    labels: Annotated[bool, typer.Option("--labels", help="Print each hex's label in its corner.")] = False,
    legend: Annotated[
        bool, typer.Option("--legend/--no-legend", help="Add the title, the key and (for a game) the players' panel.")
    ] = True,
    scale: Annotated[float, typer.Option(help="PNG size as a multiple of the SVG size.")] = 1.5,
) -> None:
    """Draw a map, or the current position of a game, as SVG or PNG.

    Examples: 'aos render rust-belt -o board.png', 'aos render game.json -o now.svg',
    'aos render game.json --action 40 -o then.png'.
    """
    with refusals():
        if output.suffix.lower() not in IMAGE_SUFFIXES:
            raise BadInput(f"cannot write {output}: the output must end in .svg or .png")
        if not 0.1 <= scale <= 10:
            raise BadInput(f"--scale must be from 0.1 to 10, not {scale}")
        subject = load_subject(source, action)
        svg = render_svg(subject, labels=labels, legend=legend)
        write_image(svg, output, scale)
    console().print(f"Wrote {output}")
