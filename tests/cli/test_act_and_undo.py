"""`aos act` and `aos undo`: actions applied and saved, refusals leave the file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ageofsteam import Game
from ageofsteam.engine.record import Record
from tests.cli.conftest import aos, player_actions, record_data


def test_act_applies_for_the_player_to_move_and_saves(game_file: Path) -> None:
    mover = Game.load(game_file).to_move
    before = record_data(game_file)["actions"]
    result = aos("act", game_file, '{"kind": "issue_shares", "count": 2}')
    assert result.exit_code == 0, result.output
    assert "issues 2 shares for $10" in result.output
    after = record_data(game_file)["actions"]
    assert after[: len(before)] == before
    assert after[len(before) :] == [{"kind": "issue_shares", "player": mover, "count": 2}]
    game = Game.load(game_file)
    assert game.state.players[mover].shares == 4 and game.state.players[mover].cash == 20
    assert "to move" in result.output.splitlines()[-1]


def test_act_reads_the_action_from_a_file_or_standard_input(game_file: Path, tmp_path: Path) -> None:
    action = tmp_path / "a.json"
    action.write_text('{"kind": "issue_shares", "count": 1}\n')
    assert aos("act", game_file, "--file", action).exit_code == 0
    assert aos("act", game_file, "-", input='{"kind": "issue_shares", "count": 0}').exit_code == 0
    assert aos("act", game_file, "--file", "-", input='{"kind": "issue_shares", "count": 3}').exit_code == 0
    assert [a["count"] for a in player_actions(game_file)] == [1, 0, 3]


def test_act_accepts_an_explicit_player_field(game_file: Path) -> None:
    mover = Game.load(game_file).to_move
    result = aos("act", game_file, json.dumps({"kind": "issue_shares", "player": mover, "count": 0}))
    assert result.exit_code == 0


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ('{"kind": "issue_shares", "count": 14}', "at most 13 more shares"),
        ('{"kind": "bid", "amount": 3}', "'bid' is not possible during I. Issue Shares"),
        ('{"kind": "roll", "light": [1, 1, 1], "dark": [2, 2, 2]}', "chance outcomes are drawn by the game"),
        ('{"kind": "fly"}', "unknown action kind 'fly'"),
        ('{"kind": "issue_shares"}', "field 'count': is missing"),
        ('{"kind": "issue_shares", "count": true}', "field 'count': must be a whole number, not true"),
        ('{"kind": "issue_shares", "count": "1"}', "field 'count': must be a whole number, not \"1\""),
        ('{"kind": "issue_shares", "count": 1.0}', "field 'count': must be a whole number, not 1.0"),
        (
            '{"kind": "issue_shares", "count": 1, "shares": 2}',
            "field 'shares': no such field (the fields are: player, count)",
        ),
        ('{"kind": "issue_shares", "count": "many"}', "field 'count'"),
        ('{"kind": "issue_shares",\n "count": 1,,}', "action: not valid JSON (line 2, column 13"),
        ("[1, 2]", "must be a JSON object"),
        ("", "not valid JSON (line 1, column 1"),
    ],
)
def test_a_refused_action_exits_2_and_leaves_the_file_unchanged(game_file: Path, action: str, reason: str) -> None:
    before = game_file.read_bytes()
    result = aos("act", game_file, action)
    assert result.exit_code == 2
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert game_file.read_bytes() == before
    assert not [p for p in game_file.parent.iterdir() if p.name.endswith(".tmp")]


def test_acting_for_another_player_is_refused(game_file: Path) -> None:
    game = Game.load(game_file)
    other = next(s for s in range(3) if s != game.to_move)
    before = game_file.read_bytes()
    result = aos("act", game_file, json.dumps({"kind": "issue_shares", "player": other, "count": 0}))
    assert result.exit_code == 2
    assert f"it is {game.state.player_name(game.to_move)}'s turn" in result.stderr
    assert game_file.read_bytes() == before


def test_act_needs_an_action(game_file: Path, tmp_path: Path) -> None:
    result = aos("act", game_file)
    assert result.exit_code == 2 and "no action given" in result.stderr
    result = aos("act", game_file, "{}", "--file", tmp_path / "a.json")
    assert result.exit_code == 2 and "not both" in result.stderr
    result = aos("act", game_file, "--file", tmp_path / "missing.json")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_act_on_a_finished_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    aos("new", "rust-belt", "-p", "3", "--seed", "4", "--bots", "3", "-o", path)
    before = path.read_bytes()
    result = aos("act", path, '{"kind": "skip_move"}')
    assert result.exit_code == 2 and "the game is over" in result.stderr
    assert path.read_bytes() == before


def test_act_lets_the_bots_play_until_a_human_must_act(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "2", "-o", path).exit_code == 0
    for _ in range(12):  # a few rounds of decisions by the human seat
        game = Game.load(path)
        if game.over:
            break
        assert game.to_move == 0
        n = len(game.record.actions)
        legal = game.legal_actions()
        result = aos("act", path, json.dumps(legal[-1].to_json()))
        assert result.exit_code == 0, result.output
        after = Record.load(path).actions
        assert after[n] == legal[-1].to_json()
    assert any(a.get("player") in (1, 2) for a in Record.load(path).actions)


def test_act_with_no_bots_leaves_a_bot_to_move(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "2", "--no-bots", "-o", path)
    game = Game.load(path)
    while game.record.seats[game.to_move].bot is not None:
        # play a bot's seat by hand
        assert aos("act", path, '{"kind": "issue_shares", "count": 0}', "--no-bots").exit_code == 0
        game = Game.load(path)
    n = len(game.record.actions)
    assert aos("act", path, '{"kind": "issue_shares", "count": 0}', "--no-bots").exit_code == 0
    game = Game.load(path)
    assert len(game.record.actions) == n + 1
    if game.state.phase == "issue_shares":
        assert game.record.seats[game.to_move].bot == "steady"


def test_undo_takes_back_the_last_actions(game_file: Path) -> None:
    start = game_file.read_bytes()
    aos("act", game_file, '{"kind": "issue_shares", "count": 1}')
    middle = game_file.read_bytes()
    aos("act", game_file, '{"kind": "issue_shares", "count": 2}')
    result = aos("undo", game_file)
    assert result.exit_code == 0 and "Took back 1 action." in result.output
    assert Record.load(game_file) == Record.loads(middle.decode())
    aos("act", game_file, '{"kind": "issue_shares", "count": 2}')
    result = aos("undo", game_file, "--count", "2")
    assert result.exit_code == 0
    assert Record.load(game_file) == Record.loads(start.decode())


def test_undo_stops_at_a_chance_event(game_file: Path) -> None:
    aos("act", game_file, '{"kind": "issue_shares", "count": 1}')
    before = game_file.read_bytes()
    result = aos("undo", game_file, "-n", "2")
    assert result.exit_code == 2
    assert "undo stops at the last dice roll or draw" in result.stderr
    assert game_file.read_bytes() == before
    result = aos("undo", game_file, "-n", "0")
    assert result.exit_code == 2 and "at least 1" in result.stderr
    assert game_file.read_bytes() == before


def test_a_record_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    result = aos("new", "rust-belt", "-p", "3", "-o", tmp_path / "no-such-folder" / "g.json")
    assert result.exit_code == 2
    assert "cannot use" in result.stderr and "no-such-folder" in result.stderr


def test_a_failed_save_leaves_the_old_record_whole(game_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    before = game_file.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device", str(dst))

    monkeypatch.setattr(os, "replace", broken_replace)
    result = aos("act", game_file, '{"kind": "issue_shares", "count": 1}')
    assert result.exit_code == 2
    assert "No space left on device" in result.stderr
    assert game_file.read_bytes() == before
    assert [p.name for p in game_file.parent.iterdir()] == [game_file.name]


def test_undo_back_to_a_bot_lets_the_bots_play_again(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "2", "-o", path).exit_code == 0
    assert aos("act", path, '{"kind": "issue_shares", "count": 1}').exit_code == 0
    actions = Record.load(path).actions
    mine = max(k for k, a in enumerate(actions) if a.get("player") == 0)
    if not any("player" in a for a in actions[mine + 1 :]):
        pytest.skip("no bot moved after the human's action with this seed")
    settled = path.read_bytes()
    result = aos("undo", path)  # the last bot move: the bots make it again
    assert result.exit_code == 0
    assert path.read_bytes() == settled
    result = aos("undo", path, "-n", "1", "--no-bots")
    assert result.exit_code == 0
    game = Game.load(path)
    assert game.record.seats[game.to_move].bot == "steady"
