"""Every record ever written replays, forever: each map replays every version of its rules it has had, each
under its own rules, and a golden record of each version (made by the code that played it,
``tests/golden_records.py``) replays to the figures it ended on. Only what is truly unreadable is refused: a
version newer than the engine, an unknown map, text that is not a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ageofsteam import Game, Record
from ageofsteam.engine.errors import BadInput
from ageofsteam.maps import load_rules, map_ids
from tests.golden_records import RECORDS, figures, record_path

GOLDEN = sorted(RECORDS.glob("*.json"))


def load_golden(path: Path) -> tuple[Record, dict[str, object]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Record.model_validate(data["record"]), data["figures"]


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_replays_every_version_of_its_rules_it_has_had(map_id: str):
    rules = load_rules(map_id)
    assert set(rules.REPLAYS_VERSIONS) == set(range(1, rules.RULES_VERSION))


@pytest.mark.parametrize("map_id", map_ids())
def test_every_earlier_version_of_every_map_has_a_golden_record(map_id: str):
    """A record made under an earlier rules version must replay for ever, so each such version has a golden
    record; the current version's is made once a new map's rules are settled, and holds from then on."""
    rules = load_rules(map_id)
    missing = [v for v in range(1, rules.RULES_VERSION) if not record_path(map_id, v).exists()]
    assert not missing, (
        f"no golden record of {map_id} rules version(s) {missing}: make one with tests/golden_records.py from the "
        "code that plays that version"
    )


def test_every_golden_record_is_of_a_map_and_version_this_engine_knows():
    known = {record_path(m, v) for m in map_ids() for v in range(1, load_rules(m).RULES_VERSION + 1)}
    assert GOLDEN and set(GOLDEN) <= known


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_golden_record_replays_under_its_own_rules_version_to_the_figures_it_ended_on(path: Path):
    record, expected = load_golden(path)
    game = Game.from_record(record)
    assert game.state.rules_version == record.rules_version
    assert game.over
    assert figures(game) == expected


def test_a_record_of_a_version_newer_than_the_engine_is_refused_saying_it_needs_a_newer_engine():
    game = Game.new("rust-belt", players=3, seed=1)
    newer = game.record.rules_version + 1
    record = game.record.model_copy(update={"rules_version": newer})
    with pytest.raises(BadInput, match=rf"recorded under version {newer} of the Rust Belt rules.*needs a newer engine"):
        Game.from_record(record)


def test_a_record_of_a_version_below_1_is_refused_as_damaged():
    record = Game.new("rust-belt", players=3, seed=1).record.model_copy(update={"rules_version": 0})
    with pytest.raises(BadInput, match=r"rules versions start at 1, so the record is damaged"):
        Game.from_record(record)


def test_a_record_of_an_unknown_map_is_refused_naming_it():
    record = Game.new("rust-belt", players=3, seed=1).record.model_copy(update={"map": "atlantis"})
    with pytest.raises(BadInput, match=r"unknown map 'atlantis'"):
        Game.from_record(record)


def test_text_that_is_not_json_is_refused_saying_where():
    with pytest.raises(BadInput, match=r"not valid JSON \(line 1"):
        Record.loads('{"map": "rust-belt",')
