"""``aos map …``: commands about map files (``aos map check FILE`` lists every problem of a map file)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ageofsteam.board.mapdata import read_map
from ageofsteam.board.validate import check_board, read_toml, summary

app = typer.Typer(
    name="map",
    help="Check map files.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def bundled_maps() -> list[Path]:
    """The ``map.toml`` of every map shipped in the package."""
    import ageofsteam.maps

    return sorted(Path(ageofsteam.maps.__file__).parent.glob("*/map.toml"))


def check_file(path: Path) -> tuple[bool, list[str]]:
    """Whether the file is sound, and its report: each problem (``FILE: place: message``) or ``FILE: OK (…)``."""
    data, problems = read_toml(path)
    board = None
    if data is not None:
        board, problems = read_map(data, path.name)
        if board is not None:
            problems += check_board(board)
    if problems or board is None:
        return False, [f"{path}: {p}" for p in problems]
    return True, [f"{path}: OK ({summary(board)})"]


@app.command("check")
def check_command(
    files: Annotated[
        list[Path] | None, typer.Argument(metavar="FILE", help="Map files (map.toml).", show_default=False)
    ] = None,
    all_maps: Annotated[bool, typer.Option("--all", help="Check every bundled map.")] = False,
) -> None:
    """Check map files and print every problem with its place in the file (exit 2 if any)."""
    paths = list(files or []) + (bundled_maps() if all_maps else [])
    if not paths:
        typer.echo("aos: give a map file or --all", err=True)
        raise typer.Exit(2)
    bad = False
    for path in paths:
        ok, lines = check_file(path)
        bad |= not ok
        for line in lines:
            typer.echo(line)
    if bad:
        raise typer.Exit(2)
