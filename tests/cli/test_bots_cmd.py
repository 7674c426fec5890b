"""Where bots are chosen: `aos new/play --bots K --bot-level LEVEL`, `aos hint` and `aos tournament`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.bots.tournament import placings, run_tournament, seat_levels, wilson
from ageofsteam.engine.record import Record
from tests.cli.conftest import aos, player_actions

MULTIPLAYER_KEYS = {
    "games",
    "wins",
    "win_rate",
    "win_rate_95",
    "mean_score",
    "mean_rank",
    "bankrupt",
    "decision_ms_median",
    "decision_ms_p99",
}


class SpyBots:
    """Stands in for ``bot(level, work=..., seconds=...)`` in the CLI: records each request (the level and the
    safety cap; the work, by level, in ``work``), answers as the random bot."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, float | None]] = []
        self.work: set[tuple[str, int | None]] = set()

    def __call__(self, level: str, *, work: int | None = None, seconds: float | None = None) -> RandomBot:
        self.asked.append((level, seconds))
        self.work.add((level, work))
        return RandomBot()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> SpyBots:
    import ageofsteam.cli.common as common

    bots = SpyBots()
    monkeypatch.setattr(common, "bot", bots)
    return bots


# --- aos new / play / act: the level of the bot seats -----------------------------------------------------


def test_new_records_the_level_of_the_bot_seats(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = aos("new", "rust-belt", "-p", "4", "--seed", "2", "--bots", "2", "--bot-level", "random", "-o", path)
    assert result.exit_code == 0, result.output
    assert [s.bot for s in Record.load(path).seats] == [None, None, "random", "random"]
    path2 = tmp_path / "g2.json"
    assert aos("new", "rust-belt", "-p", "3", "--bots", "1", "--no-bots", "-o", path2).exit_code == 0
    assert [s.bot for s in Record.load(path2).seats] == [None, None, "steady"]  # the default level


def test_later_commands_play_the_bot_seats_at_their_recorded_level(tmp_path: Path, spy: SpyBots) -> None:
    path = tmp_path / "g.json"
    args = ("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "3", "--bot-level", "strong", "--no-bots")
    assert aos(*args, "-o", path).exit_code == 0
    assert spy.asked == []
    save = tmp_path / "p.json"
    result = aos("play", "--load", path, "--seconds", "0.25", "--work", "3", "--save", save, input="")
    assert result.exit_code == 0, result.output
    assert Game.load(save).over
    assert spy.asked and set(spy.asked) == {("strong", 0.25)}
    assert spy.work == {("strong", 3)}


def test_play_makes_bot_seats_of_the_level_asked_for(tmp_path: Path, spy: SpyBots) -> None:
    save = tmp_path / "p.json"
    args = ("play", "-p", "3", "--bots", "2", "--bot-level", "random", "--seed", "2", "--save", save)
    result = aos(*args, input="quit\n")
    assert result.exit_code == 0, result.output
    game = Game.load(save)
    assert [s.bot for s in game.record.seats] == [None, "random", "random"]
    assert all(a["player"] == 0 or game.record.seats[a["player"]].bot for a in player_actions(save))
    if any(a["player"] != 0 for a in player_actions(save)):
        assert set(spy.asked) == {("random", None)}


def test_act_lets_the_recorded_level_play(tmp_path: Path, spy: SpyBots) -> None:
    path = tmp_path / "g.json"
    assert (
        aos("new", "rust-belt", "-p", "3", "--seed", "2", "--bots", "2", "--bot-level", "random", "-o", path).exit_code
        == 0
    )
    spy.asked.clear()
    spy.work.clear()
    game = Game.load(path)
    assert game.to_move == 0
    assert aos("act", path, '{"kind": "issue_shares", "count": 0}', "--seconds", "2", "--work", "5").exit_code == 0
    if any(a.get("player") in (1, 2) for a in Record.load(path).actions[len(game.record.actions) :]):
        assert set(spy.asked) == {("random", 2.0)}
        assert spy.work == {("random", 5)}


# --- aos hint --------------------------------------------------------------------------------------------


def test_hint_json_suggests_a_legal_action_and_leaves_the_record_alone(game_file: Path) -> None:
    before = game_file.read_bytes()
    result = aos("hint", game_file, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"action", "reason", "level"}
    assert data["level"] == "steady"
    assert isinstance(data["reason"], str) and data["reason"] and "\n" not in data["reason"]
    game = Game.load(game_file)
    assert data["action"] in [a.to_json() for a in game.legal_actions()]
    assert game_file.read_bytes() == before
    # the same position gets the same hint, and the suggestion can be taken as it is
    assert json.loads(aos("hint", game_file, "--json").output) == data
    assert aos("act", game_file, json.dumps(data["action"])).exit_code == 0


def test_hint_text_names_the_player_the_action_and_why(game_file: Path) -> None:
    before = game_file.read_bytes()
    result = aos("hint", game_file, "--level", "random")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Player ") and "issue" in lines[0]
    assert lines[1].strip().startswith("Why: ") and "(random, Easy)" in lines[1]
    assert "aos act" in lines[2]
    assert game_file.read_bytes() == before


def test_hint_of_the_strong_bot_within_its_work(game_file: Path) -> None:
    result = aos("hint", game_file, "--level", "strong", "--work", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["level"] == "strong"
    assert json.loads(aos("hint", game_file, "--level", "strong", "--work", "2", "--json").output) == json.loads(
        result.output
    )  # work, not time: the same position gets the same hint


def test_hint_on_a_finished_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert (
        aos("new", "rust-belt", "-p", "3", "--seed", "4", "--bots", "3", "--bot-level", "random", "-o", path).exit_code
        == 0
    )
    result = aos("hint", path)
    assert result.exit_code == 2 and "the game is over" in result.stderr


# --- aos serve -------------------------------------------------------------------------------------------


class Served(Exception):
    """Raised in place of starting the server: the application's settings were made."""


def test_serve_sets_the_searching_bots_work_and_safety_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's bots and hints play the work given (the same for every searching level), or each level's own."""
    made: list[dict[str, Any]] = []

    def create_app(database_url: str, **settings: Any) -> None:
        made.append(settings)
        raise Served

    monkeypatch.setattr("ageofsteam.server.app.create_app", create_app)
    result = aos("serve", "--database-url", "sqlite://", "--bot-work", "3", "--bot-seconds", "4.5")
    assert isinstance(result.exception, Served)
    assert (made[-1]["bot_work"], made[-1]["bot_seconds"]) == (3, 4.5)
    assert isinstance(aos("serve", "--database-url", "sqlite://").exception, Served)
    assert made[-1]["bot_work"] is None  # each level's own
    refused = aos("serve", "--bot-work", "0")
    assert refused.exit_code == 2 and "--bot-work" in refused.output


# --- aos tournament --------------------------------------------------------------------------------------


def test_tournament_json_has_the_figures_of_each_level() -> None:
    result = aos(
        "tournament", "--map", "rust-belt", "-p", "3", "--bots", "random,steady,random", "--games", "2", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"levels"}
    levels = data["levels"]
    assert list(levels) == ["random", "steady"]
    for figures in levels.values():
        assert set(figures) == MULTIPLAYER_KEYS
        lo, hi = figures["win_rate_95"]
        assert 0 <= lo <= figures["win_rate"] <= hi <= 1
        assert 1 <= figures["mean_rank"] <= 3
        assert figures["decision_ms_median"] <= figures["decision_ms_p99"]
    assert levels["random"]["games"] == 4 and levels["steady"]["games"] == 2  # seats played: 2 per game, 1 per game
    assert sum(f["wins"] for f in levels.values()) <= 2


def test_tournament_text_table() -> None:
    result = aos("tournament", "--bots", "random", "-p", "3", "--games", "1")
    assert result.exit_code == 0, result.output
    assert "Rust Belt (3 players): 1 game from seed 0" in result.output
    assert "Win rate" in result.output and "Mean rank" in result.output and "mean winning score" in result.output


def test_tournament_on_a_solo_map_prints_the_results() -> None:
    args = ("tournament", "--map", "miami-2030", "--bots", "random", "--games", "2", "--option", "difficulty=easy")
    result = aos(*args)
    assert result.exit_code == 0, result.output
    assert "Miami 2030 (solo, difficulty=easy): 2 games" in result.output
    assert "Evacuated (mean / median)" in result.output and "Ending" in result.output
    data = json.loads(aos(*args, "--json").output)["levels"]["random"]
    assert {"games", "wins", "win_rate", "win_rate_95", "mean_evacuated", "median_evacuated", "ending"} <= set(data)
    assert sum(data["ending"].values()) == 2
    assert data["games"] == 2 and "mean_score" not in data


def test_tournament_on_detroit_solo() -> None:
    result = aos("tournament", "--map", "detroit-bankruptcy", "-p", "1", "--bots", "random", "--games", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["levels"]["random"]
    assert {"mean_turn", "median_turn", "rating"} <= set(data)
    assert sum(data["rating"].values()) == 1


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--bots", "steady,clever", "-p", "3"], "unknown bot level 'clever'; levels: random, steady, hard, strong"),
        (["--bots", "steady,random", "-p", "3"], "give one bot level per player (3)"),
        (["--bots", "steady", "-p", "3", "--seconds", "0"], "positive number of seconds"),
        (["--bots", "steady", "-p", "3", "--seconds", "-1"], "positive number of seconds"),
        (["--bots", "steady", "-p", "3", "--work", "0"], "positive whole number of playouts"),
        (["--bots", "steady", "-p", "3", "--games", "0"], "at least 1, not 0"),
        (["--bots", "steady", "-p", "3", "--workers", "0"], "at least 1, not 0"),
        (["--bots", "steady", "-p", "9"], "for 3–6 players, not 9"),
        (["--bots", "steady"], "give the number of players"),
        (["--bots", "steady", "--map", "atlantis", "-p", "3"], "unknown map 'atlantis'"),
        (["--bots", "steady", "--map", "miami-2030", "--option", "difficulty=nope"], "difficulty"),
        (["-p", "3"], "--bots"),
    ],
)
def test_tournament_refuses_bad_input_with_exit_2(args: list[str], reason: str) -> None:
    result = aos("tournament", *args)
    assert result.exit_code == 2
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["hint", "{file}", "--level", "clever"], "unknown bot level 'clever'"),
        (["hint", "{file}", "--seconds", "0"], "positive number of seconds"),
        (["hint", "{file}", "--work", "-3"], "positive whole number of playouts"),
        (["hint", "missing.json"], "cannot read missing.json"),
        (["new", "rust-belt", "-p", "3", "--bots", "1", "--bot-level", "clever", "-o", "{new}"], "unknown bot level"),
        (["new", "rust-belt", "-p", "3", "--bot-level", "strong", "-o", "{new}"], "give --bots N too"),
        (["new", "rust-belt", "-p", "3", "--bots", "1", "--seconds", "-2", "-o", "{new}"], "positive number"),
        (["play", "-p", "3", "--bots", "1", "--bot-level", "clever"], "unknown bot level"),
        (["play", "--load", "{file}", "--bot-level", "strong"], "--bot-level"),
        (["act", "{file}", '{"kind": "issue_shares", "count": 0}', "--seconds", "0"], "positive number"),
        (["undo", "{file}", "--seconds", "nan"], "positive number"),
    ],
)
def test_bot_options_refuse_bad_input_with_exit_2(game_file: Path, args: list[str], reason: str) -> None:
    before = game_file.read_bytes()
    new = game_file.parent / "new.json"
    result = aos(
        *[
            a.format(file=game_file, new=new) if a.startswith("{") and a.endswith("}") and "kind" not in a else a
            for a in args
        ]
    )
    assert result.exit_code == 2, result.output
    assert reason in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert game_file.read_bytes() == before
    assert not new.exists()


# --- the tournament module -------------------------------------------------------------------------------


def test_seats_are_rotated_so_each_level_sits_in_each_seat_equally_often() -> None:
    levels = ["strong", "steady", "steady", "random"]
    seen: dict[tuple[int, str], int] = {}
    for i in range(8):
        for seat, level in enumerate(seat_levels(levels, i)):
            seen[(seat, level)] = seen.get((seat, level), 0) + 1
    assert all(seen[(seat, "strong")] == 2 and seen[(seat, "random")] == 2 for seat in range(4))
    assert all(seen[(seat, "steady")] == 4 for seat in range(4))


def test_wilson_interval() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 5)[0] == 0 and wilson(5, 5)[1] == pytest.approx(1)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(1 - hi)


def test_ties_share_the_win_and_the_rank() -> None:
    game = Game.new("rust-belt", 3, seed=1)
    bot, rng = RandomBot(), random.Random(1)
    while not game.over:
        game.apply(bot.choose(game, rng))
    scores, ranks, wins = placings(game)
    assert sum(wins) in (0, 1) or sum(wins) == pytest.approx(1)
    assert sorted(ranks) in ([1, 2, 3], [1.5, 1.5, 3], [1, 2.5, 2.5], [2, 2, 2])
    g = game.state

    def tied(*_: Any) -> list[tuple[int, int | None]]:
        return [(0, 10), (1, 10), (2, 5)]

    g.players[0].eliminated = g.players[1].eliminated = g.players[2].eliminated = False
    g.rules.standings = tied  # type: ignore[method-assign]
    scores, ranks, wins = placings(game)
    assert scores == [10, 10, 5] and ranks == [1.5, 1.5, 3] and wins == [0.5, 0.5, 0]


@pytest.mark.slow  # two worker processes start (a few seconds)
def test_the_figures_do_not_depend_on_the_workers() -> None:
    one = run_tournament("rust-belt", 3, ["random"], 2, seed=7, workers=1)
    two = run_tournament("rust-belt", 3, ["random"], 2, seed=7, workers=2)
    key = [(o.index, o.seed, o.levels, o.scores, o.wins, o.actions) for o in one.outcomes]
    assert key == [(o.index, o.seed, o.levels, o.scores, o.wins, o.actions) for o in two.outcomes]


def test_hint_of_the_hard_bot_within_its_work_says_what_the_move_leaves(game_file: Path) -> None:
    result = aos("hint", game_file, "--level", "hard", "--work", "3", "--json")
    assert result.exit_code == 0, result.output
    hint = json.loads(result.output)
    assert hint["level"] == "hard" and "By the end of this turn:" in hint["reason"]
    again = aos("hint", game_file, "--level", "hard", "--work", "3", "--json")
    assert json.loads(again.output) == hint  # work, not time: the same position gets the same hint
