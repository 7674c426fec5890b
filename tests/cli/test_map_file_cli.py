"""The terminal plays a map file (``aos new path/to/map.toml``, ``aos play --map path/to/map.toml``) with the base
rules; the record keeps the map, so every later command works without the file."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import aos, record_data

SMALL = Path(__file__).parents[1] / "data" / "maps" / "small.toml"


def copy_of_small(tmp_path: Path) -> Path:
    path = tmp_path / "maps" / "map.toml"
    path.parent.mkdir()
    path.write_text(SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_aos_new_takes_a_map_file_and_keeps_it_in_the_record(tmp_path: Path) -> None:
    result = aos("new", copy_of_small(tmp_path), "--players", "4", "--seed", "2", "-o", tmp_path / "game.json")
    assert result.exit_code == 0, result.output
    data = record_data(tmp_path / "game.json")
    assert data["map"] == "small-test"
    assert data["map_file"] == SMALL.read_text(encoding="utf-8")


def test_a_game_on_a_map_file_goes_on_after_the_file_is_gone(tmp_path: Path) -> None:
    path = copy_of_small(tmp_path)
    game = tmp_path / "game.json"
    assert aos("new", path, "--players", "3", "--bots", "3", "--bot-level", "random", "-o", game).exit_code == 0
    path.unlink()
    for command in (("replay", game), ("show", game), ("render", game, "-o", tmp_path / "end.svg")):
        result = aos(*command)
        assert result.exit_code == 0, result.output
    assert "Final standings" in aos("show", game).output or record_data(game)["actions"]


def test_aos_play_takes_a_map_file(tmp_path: Path) -> None:
    result = aos("play", "--map", copy_of_small(tmp_path), "--players", "3", "--seed", "4", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Small Test Board" in result.output


def test_aos_render_draws_a_map_file(tmp_path: Path) -> None:
    result = aos("render", copy_of_small(tmp_path), "-o", tmp_path / "map.svg")
    assert result.exit_code == 0, result.output
    assert "Small Test Board" in (tmp_path / "map.svg").read_text(encoding="utf-8")


def test_aos_new_refuses_a_bad_map_file_naming_its_line_and_field(tmp_path: Path) -> None:
    path = copy_of_small(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('growth = "dark 1"', 'growth = "dark 9"'))
    result = aos("new", path, "--players", "3", "-o", tmp_path / "game.json")
    assert result.exit_code != 0
    assert "map.toml line 40, field growth" in result.output and "city #3 (Cedar)" in result.output
    assert not (tmp_path / "game.json").exists()


def test_aos_map_check_refuses_turns_for_a_player_count_the_map_does_not_take(tmp_path: Path) -> None:
    path = copy_of_small(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("4 = 5", "7 = 5"))
    result = aos("map", "check", path)
    assert result.exit_code == 2
    assert "turns 7" in result.output
