"""``aos export``: write one of our games in the format of another program.

``aos export choochoo GAME.json -o OUT.json`` writes a game on Rust Belt, Heavy Cardboard or Detroit Bankruptcy
(the solo variant included) as a choochoo.games recording (``OUT.json``, with its ``OUT.snapshots.jsonl`` next
to it holding the dice): the inverse of ``aos import choochoo``, which reads it back to the same game.

Exit status: 0 when both files are written; 2, with a one-line reason and nothing written, for an unreadable
or malformed record, a record that does not replay, a game on another map, or one begun from a scenario.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ageofsteam.cli.common import console, refusals

app = typer.Typer(
    name="export",
    help="Export games in the formats of other programs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def export_group() -> None:
    """Export games in the formats of other programs."""


@app.command("choochoo")
def choochoo_command(
    file: Annotated[Path, typer.Argument(metavar="GAME.json", help="Our game record.", show_default=False)],
    output: Annotated[
        Path,
        typer.Option("--output", "-o", metavar="OUT.json", help="Where to write the recording.", show_default=False),
    ],
) -> None:
    """Write a game as a choochoo.games recording, for choochoo's engine to replay.

    OUT.json gets the starting position after our setup (board, cubes, goods display, New Cities, bag), the
    seats as choochoo colours and every decision as choochoo's action; OUT.snapshots.jsonl (next to it) the
    dice and Production draws after the actions they followed (choochoo's engine rolls its own from its seeds:
    feed it these). 'aos import choochoo OUT.json' reads both back to the same game. Only Rust Belt, Heavy
    Cardboard and Detroit Bankruptcy (solo included) are played by both programs.
    """
    from ageofsteam.conformance.choochoo_export import export_record, write_export
    from ageofsteam.engine.record import Record

    with refusals():
        record = Record.load(file)
        export = export_record(record, source=file.name)
        snapshots = write_export(export, output)
    actions = export.record["actions"]
    out = console()
    out.print(
        f"{file}: {len(actions)} actions exported for choochoo's {export.record['game']['map']} into {output} "
        f"(dice and draws in {snapshots})."
    )
    seats = ", ".join(f"{s.name} {c}" for s, c in zip(record.seats, export.colours, strict=True))
    out.print(f"  seats: {seats}")
