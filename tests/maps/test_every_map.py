"""Every bundled map loads, validates, sets up for each allowed player count, renders, and describes its own
figures in the side panel."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest

from ageofsteam import Game, view
from ageofsteam.board.validate import validate_map_file
from ageofsteam.bots import RandomBot
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import catalogue, load_board, map_ids
from ageofsteam.render import render_svg

MAPS_DIR = Path(__file__).parents[2] / "src" / "ageofsteam" / "maps"


def test_the_catalogue_holds_every_map_the_readme_lists_and_no_other():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Maps", 1)[1].split("\n\n")[1]
    listed = [row.split("|")[1].strip() for row in table.splitlines()[2:]]
    names = {load_board(m).name: m for m in map_ids()}
    matched = {row: [n for n in names if row.startswith(n)] for row in listed}
    assert [row for row, found in matched.items() if not found] == []  # a row naming no map of the catalogue
    assert sorted(found[0] for found in matched.values()) == sorted(names)
    assert "rust-belt" in map_ids()  # the base game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_map_file_validates_without_problems(map_id):
    assert validate_map_file(MAPS_DIR / catalogue()[map_id] / "map.toml") == []


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


# Maps without figures of their own: nothing for the side panel.
NO_PANEL = {"rust-belt"}
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
    game = mid_game(map_id)
    facts = game.state.rules.panel(game.state)
    if map_id in NO_PANEL:
        assert facts == []
        return
    assert facts, f"{map_id} says nothing about its own figures"
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
