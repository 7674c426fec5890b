"""``aos import``: turn a game recorded by another program into our game record.

``aos import choochoo FILE -o OUT.json`` reads a choochoo.games recording (``*.record.json`` with its
``*.snapshots.jsonl`` next to it, or given with ``--snapshots``), writes our record, and by default replays it
in lock-step with choochoo's snapshots, comparing every figure after every action. Rust Belt, Heavy Cardboard
and Detroit Bankruptcy (solo included) are read. Snapshots that hold only the chance outcomes (a game written
by ``aos export choochoo``) give the dice but no state to compare: the check is then skipped, and said so.

Exit status: 0 when the record is written (and, with the check, every figure agrees); 1 when the record is
written but the lock-step check found a difference (the first one is printed); 2, with a one-line reason,
when nothing is written: unreadable files, an unsupported map, or an action our engine refuses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ageofsteam.cli.common import console, fail, refusals

app = typer.Typer(
    name="import",
    help="Import games recorded by other programs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def import_group() -> None:
    """Import games recorded by other programs."""


@app.command("choochoo")
def choochoo_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A choochoo recording (*.record.json).", show_default=False)
    ],
    output: Annotated[
        Path, typer.Option("--output", "-o", metavar="OUT.json", help="Where to write our record.", show_default=False)
    ],
    snapshots: Annotated[
        Path | None,
        typer.Option(
            "--snapshots",
            metavar="FILE",
            help="choochoo's state after each action (*.snapshots.jsonl; they hold the dice). "
            "Default: the file next to FILE.",
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check/--no-check", help="Replay in lock-step and compare every figure with choochoo.")
    ] = True,
) -> None:
    """Translate a choochoo.games recording into a game record.

    The record gets one seat per choochoo colour (in choochoo's seat order), the setup cubes, the opening
    player order and every die roll as chance actions, so it replays exactly ('aos replay OUT.json').
    Where a recorded action breaks our rules and an equivalent legal one exists, the legal one is used and
    named (for example a New City placed after building is placed before it).
    """
    from ageofsteam.conformance.choochoo import load, translate
    from ageofsteam.conformance.lockstep import compare

    with refusals():
        cc, snaps = load(file, snapshots)
        translation = translate(cc, snaps)
        if translation.failure is not None:
            f = translation.failure
            fail(f"choochoo action {f.index} cannot be replayed here: {f.message}; nothing written")
        translation.record.save(output)
    out = console()
    n = len(translation.steps) - 1
    out.print(
        f"{file}: {n} choochoo actions imported as {len(translation.record.actions)} actions "
        f"(chance included) into {output}."
    )
    for dev in translation.deviations:
        out.print(
            f"  choochoo action {dev.index}: {dev.rule}; taken before action {dev.moved_to} "
            f"({dev.detail.get('letter', '')} at {dev.detail.get('hex', '')})"
        )
    if not check:
        return
    if not all("players" in s for s in snaps):
        out.print("  no lock-step check: the snapshots hold only the dice (choochoo's state is not in them)")
        return
    report = compare(translation, cc, snaps)
    for line in report.summary().splitlines():
        out.print(line)
    if not report.ok:
        raise typer.Exit(1)
