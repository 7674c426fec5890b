"""`aos replay`: the round table agrees with the engine's state at each round's end; bad records exit 2."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine.record import Record
from tests.cli.conftest import aos

ROW = re.compile(r"^\s*(?:(\d+)(?: end)?)?\s+(\S.*?)\s+\$(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s+(-?\d+|out)\s*$")


def figures(game: Game) -> list[tuple[Any, ...]]:
    g = game.state
    return [
        (p.name, p.cash, p.income, p.shares, p.engine, None if p.eliminated else g.rules.score(g, p.seat))
        for p in g.players
    ]


def play_and_watch(seed: int, players: int) -> tuple[Game, list[tuple[int, list[tuple[Any, ...]]]]]:
    """A random game played live; the figures are noted whenever the turn marker moves and when it ends."""
    game = Game.new("rust-belt", players, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    seen: list[tuple[int, list[tuple[Any, ...]]]] = []
    while not game.over:
        turn = game.state.turn
        game.apply(bot.choose(game, rng))
        if game.over:
            seen.append((game.state.turn, figures(game)))
        elif game.state.turn > turn:
            seen.append((turn, figures(game)))
    return game, seen


def test_replay_table_matches_the_state_at_each_round_end(tmp_path: Path) -> None:
    game, seen = play_and_watch(seed=21, players=4)
    assert len(seen) >= 2
    path = tmp_path / "g.json"
    game.save(path)
    result = aos("replay", path)
    assert result.exit_code == 0, result.output
    assert f"{len(game.record.actions)} actions replayed without error" in result.output
    rows = []
    turns = []
    for line in result.output.splitlines():
        m = ROW.match(line)
        if m:
            if m.group(1):
                turns.append(int(m.group(1)))
            score = None if m.group(7) == "out" else int(m.group(7))
            rows.append((m.group(2), *(int(m.group(k)) for k in range(3, 7)), score))
    assert turns == [t for t, _ in seen]
    assert rows == [row for _, table in seen for row in table]
    assert "Final standings:" in result.output


def test_replay_json_rounds(tmp_path: Path) -> None:
    game, seen = play_and_watch(seed=8, players=3)
    path = tmp_path / "g.json"
    game.save(path)
    result = aos("replay", path, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["actions"] == len(game.record.actions) and data["over"] is True
    got = [
        (r["turn"], [(p["name"], p["cash"], p["income"], p["shares"], p["engine"], p["score"]) for p in r["players"]])
        for r in data["rounds"]
    ]
    assert got == seen
    assert data["rounds"][-1]["final"] and not any(r["final"] for r in data["rounds"][:-1])
    g = game.state
    assert data["standings"] == [{"seat": s, "score": v} for s, v in g.rules.standings(g)]


def test_replay_of_a_game_in_progress(game_file: Path) -> None:
    result = aos("replay", game_file)
    assert result.exit_code == 0
    assert "No round has ended yet." in result.output
    assert "Standings so far:" in result.output


def test_replay_names_the_first_action_that_fails(tmp_path: Path) -> None:
    game, _ = play_and_watch(seed=3, players=3)
    record = game.record.model_copy(deep=True)
    index = next(i for i, a in enumerate(record.actions) if a["kind"] == "issue_shares" and i > 10)
    record.actions[index]["count"] = 99
    path = tmp_path / "g.json"
    record.save(path)
    result = aos("replay", path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"aos: action {index + 1} (issue_shares): you may issue at most")
    assert len(result.stderr.strip().splitlines()) == 1


def test_replay_refuses_a_record_with_a_malformed_action(tmp_path: Path) -> None:
    game, _ = play_and_watch(seed=3, players=3)
    record = game.record.model_copy(deep=True)
    del record.actions[5]["kind"]
    path = tmp_path / "g.json"
    record.save(path)
    result = aos("replay", path)
    assert result.exit_code == 2
    assert "action 6 (?): field 'kind'" in result.stderr


def test_replay_verifies_a_scenario_record(tmp_path: Path) -> None:
    toml = tmp_path / "pos.toml"
    toml.write_text('players = 3\nseed = 2\nphase = "move_goods"\n')
    path = tmp_path / "g.json"
    assert aos("new", "--scenario", toml, "-o", path, "--bots", "3").exit_code == 0
    result = aos("replay", path, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["over"] and data["rounds"][0]["turn"] == 1
    assert Record.load(path).scenario is not None
