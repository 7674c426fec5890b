"""`aos show` and `aos legal`, in text and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ageofsteam import Game, view
from ageofsteam.engine.actions import parse_action
from ageofsteam.rules.build_track import legal_builds
from ageofsteam.rules.move_goods import all_routes
from tests.cli.conftest import aos, link_between_cities, scenario_game


def save(game: Game, path: Path) -> Path:
    game.save(path)
    return path


def test_show_text_has_the_turn_the_mover_and_the_players(game_file: Path) -> None:
    game = Game.load(game_file)
    g = game.state
    result = aos("show", game_file)
    assert result.exit_code == 0, result.output
    out = result.output
    first = out.splitlines()[0]
    assert "turn 1 of 10" in first and "I. Issue Shares" in first
    assert f"{g.player_name(game.to_move)} ({g.players[game.to_move].colour}) to move" in first
    for p in g.players:
        row = next(ln for ln in out.splitlines()[1:] if f"{p.name} ({p.colour})" in ln)
        assert re.search(
            rf"\${p.cash}\s+{p.income}\s+{p.shares}\s+{p.engine}\s+–\s+{g.rules.score(g, p.seat)}$", row.rstrip()
        ), row
    for city in ("Chicago", "Pittsburgh", "Wheeling"):
        assert city in out
    assert "Goods display" in out and "light" in out and "dark" in out
    assert "Links: none yet" in out


def test_show_lists_cubes_on_cities_and_links(tmp_path: Path) -> None:
    city, hexes, far, game = link_between_cities()
    out = aos("show", save(game, tmp_path / "g.json")).output
    g = game.state
    name, far_name = g.city_name(g.map.by_label[city]), g.city_name(g.map.by_label[far])
    colour = g.city_colours(g.map.by_label[far])[0]
    assert re.search(rf"{city}\s+{re.escape(name)}\s+\S+\s+1 {colour}", out)
    link = next(iter(g.network.links.values()))
    row = next(ln for ln in out.splitlines() if ln.startswith(link.id))
    assert {name, far_name} <= set(re.split(r"\s{2,}", row))
    assert g.player_name(1) in row and row.rstrip().endswith(str(len(hexes)))


def test_show_json_is_the_view(game_file: Path) -> None:
    result = aos("show", game_file, "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == view(Game.load(game_file))


def test_show_of_a_finished_game_has_the_standings(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    aos("new", "rust-belt", "-p", "3", "--seed", "4", "--bots", "3", "-o", path)
    out = aos("show", path).output
    assert "Game over" in out.splitlines()[0]
    assert "Final standings:" in out


@pytest.mark.parametrize("command", ["show", "legal", "replay", "undo"])
def test_unreadable_or_malformed_record_files_exit_2(tmp_path: Path, command: str) -> None:
    result = aos(command, tmp_path / "missing.json")
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and "missing.json" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ageofsteam-record",\n "map": }\n')
    result = aos(command, bad)
    assert result.exit_code == 2
    assert "bad.json: not valid JSON (line 2, column 9" in result.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"map": "rust-belt", "seed": "x", "seats": []}')
    result = aos(command, wrong)
    assert result.exit_code == 2
    assert "field 'seed'" in result.stderr
    assert "Traceback" not in result.output


def test_legal_issue_shares_as_a_range(game_file: Path) -> None:
    result = aos("legal", game_file)
    assert result.exit_code == 0
    assert "issue 0–13 shares ($5 each)" in result.output


def test_legal_bids_as_a_range(game_file: Path) -> None:
    for _ in range(3):
        assert aos("act", game_file, '{"kind": "issue_shares", "count": 1}').exit_code == 0
    game = Game.load(game_file)
    assert game.state.phase == "player_order"
    out = aos("legal", game_file).output
    assert f"bid $1–${game.state.players[game.to_move].cash}" in out
    assert "drop out of the auction" in out


def test_legal_builds_grouped_per_hex_with_costs(tmp_path: Path) -> None:
    game = scenario_game({"phase": "build_track"})
    g = game.state
    plans = legal_builds(g, game.to_move)
    out = aos("legal", save(game, tmp_path / "g.json")).output
    lines = out.splitlines()
    for lab in {g.label(p.hex) for p in plans}:
        mine = [p for p in plans if g.label(p.hex) == lab]
        head = next(i for i, ln in enumerate(lines) if ln.startswith(f"  build on {lab} ("))
        assert f"{len(mine)} option" in lines[head]
        options = lines[head + 1 : head + 1 + len(mine)]
        for p, line in zip(mine, options, strict=True):
            assert f"rotation {p.tile.rotation} " in line and line.rstrip().split()[-1] == f"${p.cost}"
    assert "end the build" in out


def test_legal_deliveries_with_path_and_income(tmp_path: Path) -> None:
    city, _, far, game = link_between_cities()
    g = game.state
    out = aos("legal", save(game, tmp_path / "g.json")).output
    colour = g.city_colours(g.map.by_label[far])[0]
    path = f"{g.city_name(g.map.by_label[city])} → {g.city_name(g.map.by_label[far])}"
    assert f"deliver {colour} from {g.city_name(g.map.by_label[city])}: {path} (1 link; income Player 2 +1)" in out
    assert "move no cube this round" in out


def test_legal_json_entries_are_the_legal_actions_with_facts(tmp_path: Path) -> None:
    game = scenario_game({"phase": "build_track"})
    g = game.state
    result = aos("legal", save(game, tmp_path / "g.json"), "--json")
    assert result.exit_code == 0
    entries = json.loads(result.output)
    assert [parse_action(e["action"]) for e in entries] == game.legal_actions()
    plans = {(g.label(p.hex), p.tile.tile, p.tile.rotation): p for p in legal_builds(g, game.to_move)}
    builds = [e for e in entries if e["action"]["kind"] == "build"]
    assert builds
    for e in builds:
        a = e["action"]
        assert e["info"]["cost"] == plans[(a["hex"], a["tile"], a["rotation"])].cost


def test_legal_json_deliveries_carry_path_and_income(tmp_path: Path) -> None:
    city, _, far, game = link_between_cities()
    g = game.state
    entries = json.loads(aos("legal", save(game, tmp_path / "g.json"), "--json").output)
    delivers = [e for e in entries if e["action"]["kind"] == "deliver"]
    routes = all_routes(g, game.to_move)
    assert len(delivers) == len(routes) == 1
    info = delivers[0]["info"]
    assert info["hexes"] == [city, far]
    assert info["path"] == [g.city_name(g.map.by_label[city]), g.city_name(g.map.by_label[far])]
    assert info["income"] == [{"seat": 1, "name": "Player 2", "income": 1}]


def test_every_legal_json_action_is_accepted_by_act(tmp_path: Path) -> None:
    *_, game = link_between_cities()
    path = save(game, tmp_path / "g.json")
    entries = json.loads(aos("legal", path, "--json").output)
    for e in entries:
        copy = save(Game.load(path), tmp_path / "copy.json")
        result = aos("act", copy, json.dumps(e["action"]), "--no-bots")
        assert result.exit_code == 0, (e, result.output)


def test_legal_of_a_finished_game_says_so(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    aos("new", "rust-belt", "-p", "3", "--seed", "4", "--bots", "3", "-o", path)
    result = aos("legal", path)
    assert result.exit_code == 0 and "Game over" in result.output
    assert json.loads(aos("legal", path, "--json").output) == []
