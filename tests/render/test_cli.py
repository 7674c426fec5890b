"""`aos render`: maps, map files and records to SVG or PNG; every bad input refused with exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import aos
from tests.render.conftest import DATA, all_text, elements, parse_svg, track_game


def test_render_a_map_id_to_svg(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = aos("render", "rust-belt", "-o", out)
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.output
    root = parse_svg(out.read_text(encoding="utf-8"))
    assert "Chicago" in all_text(root)


def test_render_a_map_file_to_png(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    result = aos("render", DATA / "hex_features.toml", "-o", out, "--scale", "1")
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_a_record_and_an_earlier_position(tmp_path: Path) -> None:
    game = track_game()
    record = tmp_path / "game.json"
    game.save(record)
    now = tmp_path / "now.svg"
    assert aos("render", record, "-o", now, "--labels").exit_code == 0
    root = parse_svg(now.read_text(encoding="utf-8"))
    assert len(elements(root, "path", "track")) == 3
    assert "L7" in all_text(root).split()
    before = tmp_path / "before.svg"
    result = aos("render", record, "--action", "0", "-o", before, "--no-legend")
    assert result.exit_code == 0, result.output
    root = parse_svg(before.read_text(encoding="utf-8"))
    assert not elements(root, "path", "track") and not elements(root, "rect", "cube")
    assert "Cash" not in all_text(root)


def test_render_a_game_in_progress_at_any_action(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert aos("new", "rust-belt", "--players", "3", "--bots", "3", "--seed", "4", "-o", record).exit_code == 0
    from ageofsteam.engine.record import Record

    n = len(Record.load(record).actions)
    for k in (1, n // 2, n):
        out = tmp_path / f"at{k}.svg"
        result = aos("render", record, "--action", str(k), "-o", out)
        assert result.exit_code == 0, result.output
        parse_svg(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["no-such-map"], "unknown map 'no-such-map'"),
        (["missing.json"], "cannot read missing.json"),
        (["missing.toml"], "cannot read missing.toml"),
        (["rust-belt", "--action", "3"], "--action needs a game record"),
    ],
)
def test_bad_sources_are_refused(tmp_path: Path, args: list[str], reason: str) -> None:
    result = aos("render", *args, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.svg").exists()


def test_unsupported_output_and_input_files_are_refused(tmp_path: Path) -> None:
    result = aos("render", "rust-belt", "-o", tmp_path / "x.gif")
    assert result.exit_code == 2 and "must end in .svg or .png" in result.stderr
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    result = aos("render", other, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "give a map id, a map file (.toml) or a game record (.json)" in result.stderr


def test_broken_files_are_refused_with_the_fault(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "b"\nname = "B"\nplayers = [3, 4]\ngrid = "..X"\n[legend]\n"." = "plain"\n', "utf-8")
    result = aos("render", broken, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "'X' is not in the legend" in result.stderr
    bad_record = tmp_path / "bad.json"
    bad_record.write_text("{not json", encoding="utf-8")
    result = aos("render", bad_record, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    game = track_game()
    record = tmp_path / "game.json"
    game.save(record)
    result = aos("render", record, "--action", "9999", "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "--action must be from 0 to" in result.stderr


def test_unwritable_output_is_refused(tmp_path: Path) -> None:
    result = aos("render", "rust-belt", "-o", tmp_path / "no" / "such" / "dir.svg")
    assert result.exit_code == 2 and "cannot" in result.stderr


def test_help() -> None:
    result = aos("render", "--help")
    assert result.exit_code == 0 and "MAP_OR_RECORD" in result.output
    assert "render" in aos("--help").output
