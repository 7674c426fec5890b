"""Every map the catalogue finds loads, validates, sets up for each allowed player count, renders, is played to
its end by bots, and describes its own figures in the side panel, if it has one. The tests follow the maps: a
new map folder is checked by them all with nothing to add here (tests/maps/test_new_map.py)."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest

from ageofsteam import Game, view
from ageofsteam.board.validate import validate_map_file
from ageofsteam.bots import RandomBot, SteadyBot
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import load_board, load_rules, map_folder, map_ids
from ageofsteam.render import render_svg
from tests import random_games

README = Path(__file__).parents[2] / "README.md"


def readme_maps() -> dict[str, str]:
    """The README's table of maps: the first words of each row's map column → its players column."""
    table = README.read_text(encoding="utf-8").split("## Maps", 1)[1].split("\n\n")[1]
    rows = [[cell.strip() for cell in row.split("|")[1:3]] for row in table.splitlines()[2:]]
    return {name: players for name, players in rows}


def test_every_map_the_readme_lists_is_in_the_catalogue_with_its_player_counts():
    """The README's table names maps the catalogue has, with their player counts; a map it does not name (a new
    folder, a map of one's own) is no fault: ``aos maps`` lists them all."""
    boards = [load_board(m) for m in map_ids()]
    listed = readme_maps()
    assert listed, "the README has no table of maps"
    for row, players in listed.items():
        board = next((b for b in boards if re.match(rf"{re.escape(b.name)}\b", row)), None)
        assert board is not None, f"the README lists {row!r}, which is no map of the catalogue"
        lo, hi = board.players
        assert players == (f"{lo}–{hi}" if lo != hi else str(lo)), row
    assert "rust-belt" in map_ids()  # the base game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_map_file_validates_without_problems(map_id):
    assert validate_map_file(map_folder(map_id) / "map.toml") == []


@pytest.mark.parametrize("map_id", map_ids())
def test_the_map_sets_up_for_every_allowed_player_count_with_every_cube_accounted_for(map_id):
    lo, hi = load_board(map_id).players
    for n, seed in ((n, seed) for n in range(lo, hi + 1) for seed in (1, 2, 3)):
        game = Game.new(map_id, players=n, seed=seed)
        g = game.state
        assert len(g.players) == n
        assert g.turn == 1 and not game.over
        census = cube_census(g)
        assert census == {c: k for c, k in g.rules.BAG.items() if k or c in census}
        assert view(game)["map"] == map_id


@pytest.mark.parametrize("map_id", map_ids())
def test_the_map_and_a_fresh_game_on_it_render(map_id):
    board = load_board(map_id)
    svg = render_svg(board)
    ElementTree.fromstring(svg)
    game = Game.new(map_id, players=board.players[0], seed=1)
    ElementTree.fromstring(render_svg(game.state))


@pytest.mark.parametrize("map_id", [m for m in map_ids() if not load_board(m).is_area])
def test_hex_adjacency_is_symmetric(map_id):
    board = load_board(map_id)
    for h, nbs in enumerate(board.neighbours):
        for e, n in enumerate(nbs):
            if n >= 0:
                assert board.neighbours[n][(e + 3) % 6] == h, f"{board.labels[h]} edge {e}"


MID_GAME = 3  # the turn whose Move Goods phase is a mid-game position: track built, goods delivered


@cache
def mid_game(map_id: str) -> Game:
    """A game on ``map_id`` played at random to the Move Goods phase of turn ``MID_GAME`` (or to its end)."""
    lo, hi = load_board(map_id).players
    game = Game.new(map_id, players=min(hi, max(lo, 4)), seed=3)
    bot, rng = RandomBot(), random.Random(3)
    while not game.over and (game.state.turn, game.state.phase) != (MID_GAME, "move_goods"):
        game.apply(bot.choose(game, rng))
    return game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_side_panel_gives_facts_with_labels_values_and_rules_in_mid_game(map_id):
    """A map with a ``panel.py`` says something of its figures; one without has an empty panel."""
    game = mid_game(map_id)
    facts = game.state.rules.panel(game.state)
    if not (map_folder(map_id) / "panel.py").exists():
        assert facts == [] and view(game)["panel"] == []
        return
    assert facts, f"{map_id} has a panel.py that says nothing about its own figures"
    for f in facts:
        assert f.label.strip() and f.value.strip() and f.rule.strip(), f
        assert "\n" not in f.rule, "a rule text is one line"
    assert len({f.label for f in facts}) == len(facts), "each fact has a label of its own"
    shown = view(game)["panel"]
    assert shown == [{"label": f.label, "value": f.value, "rule": f.rule} for f in facts]
    assert json.loads(json.dumps(shown)) == shown


@pytest.mark.parametrize("map_id", map_ids())
def test_a_mid_game_position_renders(map_id):
    root = ElementTree.fromstring(render_svg(mid_game(map_id).state))
    assert root.tag.endswith("svg")


@pytest.mark.parametrize("map_id", map_ids())
def test_bots_play_a_whole_game_on_the_map_keeping_every_invariant(map_id):
    """The random bot in every seat, each invariant checked after each action and the record replayed; then
    the steady bot, at the smallest table, to the end."""
    lo, hi = load_rules(map_id).player_counts()
    game, problems, _ = random_games.play_checked(map_id, 7, min(hi, max(lo, 3)))
    assert problems == [] and game.over
    game = Game.new(map_id, players=lo, seed=7)
    bot, rng = SteadyBot(), random.Random(7)
    while not game.over:
        game.apply(bot.choose(game, rng))
    assert game.state.phase == "game_over"
