"""``aos map …``: commands about map files (``aos map check FILE`` lists every problem of a map file, ``aos map
new NAME`` writes a new map's folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ageofsteam.board.mapdata import read_map
from ageofsteam.board.validate import check_board, read_toml, summary

app = typer.Typer(
    name="map",
    help="Check map files; start a new map.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def bundled_maps() -> list[Path]:
    """The ``map.toml`` of every map folder: the package's, and those of the folders added (``AOS_MAPS``)."""
    from ageofsteam.maps import roots

    return [path for root in roots() for path in sorted(root.glob("*/map.toml"))]


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


def _checkout_tests(package: Path) -> Path | None:
    """The ``tests/maps`` folder of the checkout (``src/ageofsteam/maps`` → ``tests/maps``), if there is one."""
    root = package.resolve().parent.parent.parent
    tests = root / "tests" / "maps"
    return tests if (root / "pyproject.toml").is_file() and tests.is_dir() else None


@app.command("new")
def new_command(
    name: Annotated[
        str,
        typer.Argument(
            help="The map's folder, a Python name (harbour_bay); its id is harbour-bay.", show_default=False
        ),
    ],
    folder: Annotated[
        Path | None,
        typer.Option(
            "--dir",
            help="Where to write the map's folder (default: the package's maps folder). Another folder is found "
            "by the catalogue once named in AOS_MAPS.",
            show_default=False,
        ),
    ] = None,
    tests: Annotated[
        Path | None,
        typer.Option(
            "--tests",
            help="Where to write its test (default: the checkout's tests/maps, else the map's folder).",
            show_default=False,
        ),
    ] = None,
    title: Annotated[
        str | None, typer.Option("--name", help="The map's name (default: from NAME).", show_default=False)
    ] = None,
) -> None:
    """Write a new map's folder: a small board of the base game (map.toml), rules.py with its rules version, a
    README with its Rulings, the rules at hand (guide.toml), a side panel, and a test. It plays as it is
    ('aos new ID --players 3 --bots 3'); change what its rulebook changes (docs/map-format.md)."""
    import ageofsteam.maps as maps
    from ageofsteam.maps.blank import name_problem, write_blank_map

    package = Path(maps.__file__).parent
    where = folder or package
    map_id = name.replace("_", "-")
    taken = [m for m in maps.map_ids() if m == map_id] + [n for n in (name,) if (package / f"{n}.py").exists()]
    problem = name_problem(name) or (f"there is a map or a module called {taken[0]!r} already" if taken else None)
    if problem is None and title is not None and not title.strip():
        problem = "--name must not be empty"
    if problem is not None:
        typer.echo(f"aos: {problem}", err=True)
        raise typer.Exit(2)
    test_folder = tests or (_checkout_tests(where) if where.resolve() == package.resolve() else None) or where / name
    try:
        written = write_blank_map(name, where, test_folder, title)
    except (FileExistsError, OSError) as exc:
        typer.echo(f"aos: {exc}", err=True)
        raise typer.Exit(2) from None
    for path in written:
        typer.echo(f"wrote {path}")
    found = any(where.resolve() == root.resolve() for root in maps.roots())
    prefix = "" if found else f"AOS_MAPS={where} "
    typer.echo(f"next: {prefix}aos new {map_id} --players 3 --bots 3 -o game.json (it plays as it is); then draw")
    typer.echo(f"its board in {where / name / 'map.toml'} (aos map check) and write the rules its rulebook changes")
