"""`aos maps`, `aos new` and the help texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ageofsteam import Game
from ageofsteam.engine.record import Record
from ageofsteam.maps import load_board, map_ids
from tests.cli.conftest import aos, record_data

COMMANDS = (
    "maps",
    "tiles",
    "new",
    "show",
    "legal",
    "act",
    "undo",
    "replay",
    "play",
    "random-games",
    "hint",
    "tournament",
    "render",
    "serve",
    "import",
    "map",
)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str) -> None:
    result = aos(command, "--help")
    assert result.exit_code == 0
    assert "Usage: aos " + command in result.output
    # the first line of the description is shown
    assert len(result.output.splitlines()) > 4


def test_top_level_help_lists_every_command() -> None:
    result = aos("--help")
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.output


def test_maps_lists_id_name_and_player_counts() -> None:
    result = aos("maps")
    assert result.exit_code == 0
    for map_id in map_ids():
        board = load_board(map_id)
        line = next(ln for ln in result.output.splitlines() if ln.startswith(map_id))
        assert board.name in line
        lo, hi = board.players
        assert (f"{lo}–{hi}" if lo != hi else f" {lo} ") in line


def test_maps_json() -> None:
    result = aos("maps", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [r["id"] for r in rows] == map_ids()
    rust = next(r for r in rows if r["id"] == "rust-belt")
    assert rust["players"] == [3, 6]
    assert rust["turns"] == {"3": 10, "4": 8, "5": 7, "6": 6}


def test_tiles_lists_the_manifest() -> None:
    from ageofsteam.board.tiles import TILE_TYPES, manifest

    rows = json.loads(aos("tiles", "--json").output)
    assert {r["name"]: r["count"] for r in rows} == manifest()
    assert sum(r["count"] for r in rows) == 136
    text = aos("tiles").output
    for name, tile in TILE_TYPES.items():
        assert any(line.split()[:1] == [name] and f" {tile.count} " in line for line in text.splitlines())


def test_new_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "--players", "4", "--seed", "9", "--name", "Ann", "--name", "Bob", "-o", path)
    assert result.exit_code == 0, result.output
    assert f"Created {path}" in result.output
    record = Record.load(path)
    assert record.map == "rust-belt" and record.seed == 9
    assert [s.name for s in record.seats] == ["Ann", "Bob", "Player 3", "Player 4"]
    assert all(s.bot is None for s in record.seats)
    assert [s.colour for s in record.seats] == ["blue", "green", "yellow", "pink"]
    game = Game.load(path)
    assert game.state.phase == "issue_shares"
    assert Game.new("rust-belt", seats=record.seats, seed=9).record.actions == record.actions


def test_new_with_an_option(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "-p", "3", "--option", "production_offmap_boxes=false", "-o", path)
    assert result.exit_code == 0, result.output
    assert record_data(path)["options"] == {"production_offmap_boxes": False}


def test_new_with_bots_lets_them_move_until_a_human_is_to_move(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "2", "-o", path)
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    assert [s.bot for s in record.seats] == [None, "steady", "steady"]
    game = Game.load(path)
    assert game.to_move == 0
    assert game.state.order.index(0) == len([a for a in record.actions if a["kind"] == "issue_shares"])


def test_new_with_bots_and_no_bots_flag_leaves_the_bots_waiting(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "3", "--no-bots", "-o", path)
    game = Game.load(path)
    assert game.state.phase == "issue_shares" and not game.over
    assert all(a["kind"] in ("setup", "player_order") for a in game.record.actions)


def test_new_with_only_bots_plays_the_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "-p", "3", "--seed", "4", "--bots", "3", "-o", path)
    assert result.exit_code == 0, result.output
    assert Game.load(path).over
    assert "Final standings" in result.output


def test_new_from_a_scenario(tmp_path: Path) -> None:
    toml = tmp_path / "pos.toml"
    toml.write_text('players = 4\nseed = 3\nphase = "build_track"\n[[player]]\nseat = 1\nname = "Zed"\ncash = 40\n')
    path = tmp_path / "g.json"
    result = aos("new", "--scenario", toml, "--name", "Al", "-o", path)
    assert result.exit_code == 0, result.output
    game = Game.load(path)
    assert game.state.phase == "build_track"
    assert [p.name for p in game.state.players] == ["Al", "Zed", "Player 3", "Player 4"]
    assert game.state.players[1].cash == 40
    assert game.record.scenario is not None


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["rust-belt", "--players", "9"], "for 3–6 players, not 9"),
        (["rust-belt", "--players", "3", "--option", "nonsense=1"], "option 'nonsense' does not exist"),
        (["rust-belt", "--players", "3", "--option", "production_offmap_boxes=3"], "must be a bool"),
        (["rust-belt", "--players", "3", "--option", "novalue"], "key=value"),
        (["atlantis", "--players", "3"], "unknown map 'atlantis'"),
        (["nowhere"], "unknown map 'nowhere'; maps: 51st-state, detroit-bankruptcy"),
        (["rust-belt"], "give the number of players with --players N (3–6 on this map)"),
        (["--players", "3"], "MAP"),
        (["rust-belt", "--players", "3", "--bots", "4"], "--bots"),
        (["rust-belt", "--players", "3", "--name", ""], "seat 0 name"),
        (["--scenario", "missing.toml"], "cannot read missing.toml"),
    ],
)
def test_new_refuses_bad_input_with_exit_2(tmp_path: Path, args: list[str], reason: str) -> None:
    path = tmp_path / "g.json"
    result = aos("new", *args, "-o", path)
    assert result.exit_code == 2
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert not path.exists()


def test_new_refuses_a_malformed_scenario_naming_the_place(tmp_path: Path) -> None:
    toml = tmp_path / "bad.toml"
    toml.write_text('players = 3\nphase = "nowhere"\n')
    result = aos("new", "--scenario", toml, "-o", tmp_path / "g.json")
    assert result.exit_code == 2
    assert "field 'phase'" in result.stderr


def test_new_does_not_overwrite_without_force(game_file: Path) -> None:
    before = game_file.read_bytes()
    result = aos("new", "rust-belt", "--players", "5", "-o", game_file)
    assert result.exit_code == 2
    assert "exists already" in result.stderr
    assert game_file.read_bytes() == before
    result = aos("new", "rust-belt", "--players", "5", "-o", game_file, "--force")
    assert result.exit_code == 0
    assert len(Record.load(game_file).seats) == 5


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("new", "rust-belt", "--players", "4", "--seed", "x"), "Invalid value for '--seed'"),
        (("new", "nosuchmap", "--players", "3"), "unknown map 'nosuchmap'"),
        (("new", "rust-belt", "--players", "9"), "3–6 players, not 9"),
        (("show",), "Missing argument 'FILE'"),
        (("legal", "no-such-file.json"), "cannot read no-such-file.json"),
        (("undo", "no-such-file.json", "--count", "x"), "Invalid value for '--count'"),
        (("replay", "no-such-file.json"), "cannot read no-such-file.json"),
        (("random-games", "rust-belt"), "unexpected extra argument"),
        (("random-games", "--players", "2"), "3–6 players, not 2"),
        (("random-games", "--map", "nomap"), "unknown map 'nomap'"),
        (("no-such-command",), "No such command"),
    ],
)
def test_bad_input_exits_2_with_a_one_line_reason(args: tuple[str, ...], reason: str, tmp_path: Path) -> None:
    result = aos(*args, "-o", tmp_path / "g.json") if args[0] == "new" else aos(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("aos: ") and reason in lines[0], result.stderr
    assert not (tmp_path / "g.json").exists()


def test_new_on_a_map_for_one_number_of_players_needs_no_players_option(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    result = aos("new", "miami-2030", "-o", path)
    assert result.exit_code == 0, result.output
    assert "1 player," in result.output
    assert len(Game.load(path).state.players) == 1


def test_new_secret_draws_chance_from_a_128_bit_secret_kept_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "-p", "3", "--secret", "-o", path)
    assert result.exit_code == 0, result.output
    assert "a secret chance seed" in result.output
    data = record_data(path)
    secret = data["secret"]
    assert len(secret) == 32 and int(secret, 16) >= 0  # 128 bits, in hex
    record = Record.model_validate(data)
    assert record.chance_key == secret and record.public().secret is None
    # the same chance as a game would draw from that secret: the setup draws replay, the next ones follow it
    game = Game.from_record(record)
    assert game.record.secret == secret
    other = aos("new", "rust-belt", "-p", "3", "--secret", "-o", tmp_path / "h.json")
    assert other.exit_code == 0 and record_data(tmp_path / "h.json")["secret"] != secret
    refused = aos("new", "rust-belt", "-p", "3", "--secret", "--seed", "4", "-o", tmp_path / "i.json")
    assert refused.exit_code == 2 and "cannot go together" in refused.output
    assert not (tmp_path / "i.json").exists()
