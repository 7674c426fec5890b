"""`aos random-games` and the invariant checks it runs after every action."""

from __future__ import annotations

import re

import pytest

from ageofsteam import Game
from ageofsteam.cli import random_games
from ageofsteam.engine.invariants import check_invariants, check_replay, cube_census
from tests.cli.conftest import aos, city_to_city_track, scenario_game


def test_random_games_run_clean() -> None:
    result = aos("random-games", "--map", "rust-belt", "--players", "3", "--count", "2", "--seed", "5")
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"^game 1 \(seed 5\): \d+ actions", out, re.M)
    assert re.search(r"^game 2 \(seed 6\): \d+ actions", out, re.M)
    assert "games: 2" in out
    m = re.search(r"^actions: (\d+) in [\d.]+ s \((\d+) actions/s", out, re.M)
    assert m and int(m.group(1)) > 50
    assert "average final score" in out and "average winning score" in out
    assert re.search(r"^eliminations: \d+$", out, re.M)
    assert "problems found: 0" in out


def test_the_counts_match_the_games_played() -> None:
    summary = random_games.run("rust-belt", 4, 2, seed=30)
    for r in summary.games:
        game = Game.new("rust-belt", 4, seed=r.seed)
        assert r.actions > 0 and r.problems == []
        assert len(r.scores) == len(game.state.players)
    assert summary.actions == sum(r.actions for r in summary.games)


def test_a_failing_invariant_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def broken(game: Game) -> list[str]:
        calls.append(1)
        return ["the sky fell"] if len(calls) == 7 else []

    monkeypatch.setattr(random_games, "check_invariants", broken)
    result = aos("random-games", "--players", "3", "--count", "1", "--seed", "1")
    assert result.exit_code == 1
    assert "problems found: 1" in result.output
    assert re.search(r"game 1 \(seed 1\), action \d+ \(\w+\): the sky fell", result.output)


def test_random_games_refuses_bad_arguments() -> None:
    result = aos("random-games", "--players", "7", "--count", "1")
    assert result.exit_code == 2 and "for 3–6 players, not 7" in result.stderr
    result = aos("random-games", "--count", "0")
    assert result.exit_code == 2 and "at least 1" in result.stderr
    result = aos("random-games", "--map", "atlantis")
    assert result.exit_code == 2 and "unknown map" in result.stderr


# --- the invariants themselves ----------------------------------------------------------------------


def test_a_new_game_has_no_problems() -> None:
    game = Game.new("rust-belt", 5, seed=3)
    assert check_invariants(game) == []
    assert sum(cube_census(game.state).values()) == 96


def test_negative_cash_is_found() -> None:
    game = Game.new("rust-belt", 3, seed=3)
    game.state.players[1].cash = -1
    assert check_invariants(game) == ["Player 2 has $-1"]


def test_a_lost_or_extra_cube_is_found() -> None:
    game = Game.new("rust-belt", 3, seed=3)
    g = game.state
    colour = next(c for c, n in g.bag.items() if n > 0)
    g.bag[colour] -= 1
    want = g.rules.BAG[colour]
    assert check_invariants(game) == [f"{want - 1} {colour} cubes are accounted for, the game has {want}"]
    g.bag[colour] += 1
    g.produced.append("red")
    assert check_invariants(game) == ["21 red cubes are accounted for, the game has 20"]


@pytest.mark.state_edited
def test_a_chain_with_two_owners_is_found() -> None:
    probe = Game.new("rust-belt", 3, seed=1)
    _, tiles, _ = city_to_city_track(probe)
    assert len(tiles) == 2
    g = probe.state
    track = [{"hex": g.label(h), "tile": t, "rotation": r, "owner": 0} for h, t, r in tiles]
    game = scenario_game({"phase": "move_goods", "track": track})
    assert check_invariants(game) == []
    game.state.tiles[tiles[1][0]].owners = [1]  # a state no rule can reach
    game.state.board_changed()
    problems = check_invariants(game)
    assert len(problems) == 1 and "has several owners: [0, 1]" in problems[0]


def test_a_missing_tile_is_found() -> None:
    game = Game.new("rust-belt", 3, seed=3)
    game.state.supply["straight"] -= 1
    assert check_invariants(game) == ["straight tiles: 47 in the supply and 0 on the board, the game has 48"]


def test_a_stuck_game_is_found() -> None:
    game = Game.new("rust-belt", 3, seed=3)
    game.state.to_move = None
    assert check_invariants(game) == ["the game is not over but no one is to move"]


def test_a_record_that_does_not_replay_is_found() -> None:
    game = Game.new("rust-belt", 3, seed=3)
    game.apply({"kind": "issue_shares", "player": game.to_move, "count": 2})
    assert check_replay(game) == []
    game.state.players[0].cash += 1  # the state no longer follows from the record
    assert check_replay(game) == ["the replayed game differs in players"]
    game.record.actions[-1]["count"] = 50
    assert check_replay(game)[0].startswith("the record does not replay: action")
