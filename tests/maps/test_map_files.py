"""Maps played from a file (a ``map.toml`` outside the package, as the map editor writes) with the base rules:
the engine and the Python API play them, a record keeps the file and replays anywhere, a bad file is refused
naming the line and the field at fault."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ageofsteam import Game
from ageofsteam.bots import LEVELS, bot
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.record import Record
from ageofsteam.maps.files import FileRules, problem_line, refusal, report, rules_from_text

SMALL = Path(__file__).parents[1] / "data" / "maps" / "small.toml"


def small_text() -> str:
    return SMALL.read_text(encoding="utf-8")


def play_out(game: Game, level: str, limit: int = 3000) -> None:
    """Let bots of ``level`` play every seat to the end."""
    player = bot(level, work=2)  # a searching level at a small budget: the test is about the map, not the search
    rng = random.Random(7)
    for _ in range(limit):
        if game.over:
            return
        game.apply(player.choose(game, rng))
    raise AssertionError("the game did not end")


def test_a_map_file_is_played_with_the_base_rules() -> None:
    game = Game.new(players=3, seed=1, map_file=small_text())
    assert isinstance(game.state.rules, FileRules)
    assert game.state.map.name == "Small Test Board"
    assert game.record.map == "small-test"


def test_a_game_on_a_map_file_keeps_the_file_in_its_record() -> None:
    game = Game.new(players=3, seed=1, map_file=small_text())
    assert game.record.map_file == small_text()


def test_a_record_on_a_map_file_replays_from_its_text_alone(tmp_path: Path) -> None:
    game = Game.new(players=4, seed=3, map_file=small_text())
    play_out(game, "random")
    path = tmp_path / "game.json"
    game.save(path)
    replayed = Game.load(path)
    assert replayed.over
    rules = game.state.rules
    assert rules.standings(replayed.state) == rules.standings(game.state)
    assert Record.load(path).actions == game.record.actions


@pytest.mark.parametrize("level", LEVELS)
def test_bots_of_every_level_play_a_map_file_to_the_end(level: str) -> None:
    game = Game.new(players=3, seed=5, map_file=small_text())
    play_out(game, level)
    assert game.over


def test_turns_in_the_file_set_the_length_of_the_game() -> None:
    three = Game.new(players=3, seed=1, map_file=small_text())
    four = Game.new(players=4, seed=1, map_file=small_text())
    assert (three.state.last_turn, four.state.last_turn) == (6, 5)


def test_without_turns_a_map_file_lasts_as_the_base_game() -> None:
    text = small_text().replace("[turns]\n3 = 6\n4 = 5\n", "")
    assert Game.new(players=4, seed=1, map_file=text).state.last_turn == 8


def test_turns_for_a_player_count_the_map_does_not_take_are_refused() -> None:
    text = small_text().replace("4 = 5", "5 = 5")
    assert "turns 5" in (refusal(text) or "")


def test_a_player_count_the_base_rules_give_no_length_for_needs_turns() -> None:
    text = small_text().replace("players = [3, 4]", "players = [2, 4]")
    message = refusal(text) or ""
    assert "turns" in message and "game of 2" in message


def test_a_bad_map_file_is_refused_with_its_line_and_field() -> None:
    text = small_text().replace('colour = "blue"', 'colour = "green"')
    with pytest.raises(BadInput) as caught:
        Game.new(players=3, map_file=text)
    line = text.split("\n").index('colour = "green"') + 1
    assert f"line {line}, field colour" in str(caught.value)
    assert "city #2 (Birch)" in str(caught.value) and "green" in str(caught.value)


def test_a_toml_syntax_error_is_refused_with_its_line() -> None:
    text = small_text().replace('name = "Dell"', 'name = "Dell')
    message = refusal(text) or ""
    line = next(i + 1 for i, t in enumerate(text.split("\n")) if t.startswith('name = "Dell'))
    assert f"line {line}" in message and "TOML" in message


def test_a_grid_problem_points_at_its_line_of_the_grid() -> None:
    text = small_text().replace(".~~t..", ".~~t.?")
    checked = report(text)
    grid_problem = next(p for p in checked["problems"] if p["where"].startswith("grid line"))
    lines = text.split("\n")
    assert lines[grid_problem["line"] - 1] == ".~~t.?"
    assert grid_problem["hexes"] == ["D5"]


def test_a_problem_of_an_entry_names_the_hexes_at_fault() -> None:
    text = small_text().replace('hex = "G4"', 'hex = "E4"')
    hexes = {h for p in report(text)["problems"] for h in p["hexes"]}
    assert {"E4", "G4"} <= hexes


def test_the_place_of_a_top_level_key_is_its_line() -> None:
    text = small_text()
    assert problem_line(text, "players") == 4


@pytest.mark.parametrize(
    ("declared", "change", "words"),
    [
        (
            'extra_town_kinds = ["district"]',
            ('hex = "D3"', 'hex = "D3"\nkind = "district"'),
            "the base rules have no district",
        ),
        ("", ('hex = "D3"', 'hex = "D3"\nport = true'), "port"),
        ('extra_city_kinds = ["exit"]', ('hex = "A0"', 'hex = "A0"\nkind = "exit"'), "the base rules have no exit"),
    ],
)
def test_a_map_file_the_base_rules_cannot_play_is_refused(declared: str, change: tuple[str, str], words: str) -> None:
    """A kind of place the file declares for itself is sound (aos map check), but the base rules know no rule
    of it."""
    assert words in (refusal(f"{declared}\n{small_text().replace(*change)}") or "")


def test_an_area_map_file_is_refused_for_the_base_rules() -> None:
    text = 'id = "x"\nname = "X"\nkind = "area"\nplayers = [3, 4]\n\n[[region]]\nid = "A"\nname = "A"\nairport = true\n'
    assert "the base rules have no circles" in (refusal(text) or "")


def test_a_map_file_too_large_is_refused() -> None:
    assert "at most" in (refusal(small_text() + "#" * 200_001) or "")


def test_the_rules_of_a_map_file_are_the_base_rules() -> None:
    rules = rules_from_text(small_text())
    assert type(rules).__mro__[1].__name__ == "BaseRules"
    assert rules.TERRAIN_COSTS == {"plain": 2, "river": 3, "mountain": 4}


def test_a_record_on_a_bundled_map_is_written_without_a_map_file() -> None:
    record = Game.new(players=3, seed=1).record
    assert "map_file" not in record.dumps() and "map_file" not in record.model_dump()
    assert Record.loads(record.dumps()).map_file is None
