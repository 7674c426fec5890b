"""What the recorded-game tests share: where the data lies, and the recorded game of the test module
(its module-level ``FILES``: record, snapshots, transcript) loaded, translated and compared once per module."""

from __future__ import annotations

from pathlib import Path

import pytest

from ageofsteam.conformance.choochoo import Translation, load, translate
from ageofsteam.conformance.lockstep import Report, compare

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "choochoo"


def files_of(game: str) -> tuple[str, str, str]:
    return (f"{game}.record.json", f"{game}.snapshots.jsonl", f"{game}.expected.txt")


@pytest.fixture(scope="module")
def cc(request: pytest.FixtureRequest) -> tuple[dict, list[dict]]:
    files = request.module.FILES
    return load(DATA / files[0], DATA / files[1])


@pytest.fixture(scope="module")
def translation(cc: tuple[dict, list[dict]]) -> Translation:
    return translate(*cc)


@pytest.fixture(scope="module")
def report(cc: tuple[dict, list[dict]], translation: Translation) -> Report:
    return compare(translation, *cc)
