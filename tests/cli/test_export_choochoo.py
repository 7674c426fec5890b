"""``aos export choochoo`` and reading its files back with ``aos import choochoo``; bad input to either gives
one line and exit status 2, with nothing written."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ageofsteam import Game, view
from ageofsteam.bots import RandomBot
from ageofsteam.conformance.choochoo_export import write_export
from tests.cli.conftest import aos
from tests.conformance.choochoo_states import FREE_BRIDGE, NO_MONEY, insert_decision, recording, solo_game


def finished_game(path: Path, map_id: str, players: int, seed: int) -> Path:
    game = Game.new(map_id, players=players, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over:
        game.apply(bot.choose(game, rng))
    game.save(path)
    return path


@pytest.mark.parametrize(("map_id", "players", "seed"), [("detroit-bankruptcy", 3, 2), ("detroit-bankruptcy", 1, 9)])
def test_export_then_import_gives_the_same_game(tmp_path, map_id, players, seed):
    game_file = finished_game(tmp_path / "game.json", map_id, players, seed)
    out = tmp_path / "detroit.record.json"
    result = aos("export", "choochoo", game_file, "-o", out)
    assert result.exit_code == 0, result.output
    snapshots = tmp_path / "detroit.snapshots.jsonl"
    assert str(out) in result.output and str(snapshots) in result.output
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["game"]["map"] == "detroit-bankruptcy" and record["game"]["numPlayers"] == players
    lines = snapshots.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(record["actions"]) + 1

    back = tmp_path / "back.json"
    result = aos("import", "choochoo", out, "-o", back)
    assert result.exit_code == 0, result.output
    assert "no lock-step check" in result.output
    assert view(Game.load(back)) == view(Game.load(game_file))


def test_a_recorded_rust_belt_game_goes_round_the_two_commands(tmp_path):
    game_file = finished_game(tmp_path / "game.json", "rust-belt", 3, 0)
    assert aos("export", "choochoo", game_file, "-o", tmp_path / "rb.json").exit_code == 0
    assert (tmp_path / "rb.snapshots.jsonl").is_file()
    result = aos("import", "choochoo", tmp_path / "rb.json", "-o", tmp_path / "back.json")
    assert result.exit_code == 0, result.output
    assert view(Game.load(tmp_path / "back.json")) == view(Game.load(game_file))


def _refused(result, reason: str) -> None:
    assert result.exit_code == 2, result.output
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_export_refuses_another_map_naming_the_supported_ones(tmp_path):
    game_file = tmp_path / "texas.json"
    Game.new("texas", players=4, seed=3).save(game_file)
    out = tmp_path / "out.json"
    _refused(aos("export", "choochoo", game_file, "-o", out), "rust-belt, heavy-cardboard, detroit-bankruptcy")
    assert "texas" in aos("export", "choochoo", game_file, "-o", out).stderr
    assert list(tmp_path.iterdir()) == [game_file]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"map": ', "not valid JSON"),
        ('{"map": "rust-belt"}', "field 'seats'"),
        (None, "cannot read"),
    ],
)
def test_export_refuses_a_malformed_or_missing_record(tmp_path, content, reason):
    game_file = tmp_path / "game.json"
    if content is not None:
        game_file.write_text(content, encoding="utf-8")
    _refused(aos("export", "choochoo", game_file, "-o", tmp_path / "out.json"), reason)
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "out.snapshots.jsonl").exists()


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    game_file = finished_game(tmp_path / "game.json", "detroit-bankruptcy", 2, 24)
    out = tmp_path / "cc.json"
    assert aos("export", "choochoo", game_file, "-o", out).exit_code == 0
    return out


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["game"].update(map="texas"), "choochoo map 'texas' is not available here"),
        (lambda d: d["initialState"].pop("spaces"), "not a choochoo record as documented (no 'spaces')"),
        (lambda d: d["initialState"]["interCityConnections"][0].update(cost=7), "inter-city connection 1"),
        (lambda d: d["actions"].pop(), "actions need"),
    ],
)
def test_import_refuses_a_malformed_record_or_an_unsupported_map(exported, tmp_path, change, reason):
    _edit(exported, change)
    back = tmp_path / "back.json"
    _refused(aos("import", "choochoo", exported, "-o", back), reason)
    assert not back.exists()


def test_import_refuses_a_file_that_is_not_a_record_or_has_no_snapshots(exported, tmp_path):
    back = tmp_path / "back.json"
    exported.write_text("[1, 2]", encoding="utf-8")
    _refused(aos("import", "choochoo", exported, "-o", back), "must be JSON objects")
    (tmp_path / "cc.snapshots.jsonl").unlink()
    _refused(aos("import", "choochoo", exported, "-o", back), "cannot read the snapshots")
    assert not back.exists()


def test_the_export_command_is_listed():
    result = aos("export", "--help")
    assert result.exit_code == 0 and "choochoo" in result.output


def test_import_of_a_recorded_detroit_solo_game_exits_0_when_every_figure_is_equal(tmp_path):
    """choochoo's snapshots hold the Detroit score [rounds lasted, income] as ``scoreArray``; the lock-step check
    compares our pair with it, and finds every figure equal."""
    game_file = tmp_path / "game.json"
    game = solo_game(FREE_BRIDGE)
    game.save(game_file)
    out = tmp_path / "solo.record.json"
    write_export(insert_decision(recording(game), 3, "done", "BUILDING"), out)
    back = tmp_path / "back.json"
    result = aos("import", "choochoo", out, "-o", back)
    assert result.exit_code == 0, result.output
    assert "every figure equal" in result.output and "decision our engine takes by itself: 1 states" in result.output
    assert view(Game.load(back)) == view(Game.load(game_file))


def test_import_of_a_detroit_solo_game_with_choochoos_skip_select_is_not_stopped(tmp_path):
    game = solo_game(NO_MONEY)
    out = tmp_path / "solo.record.json"
    write_export(insert_decision(recording(game), 1, "skip-select", "ACTION_SELECTION"), out)
    result = aos("import", "choochoo", out, "-o", tmp_path / "back.json")
    assert result.exit_code == 0, result.output
    assert "every figure equal" in result.output
