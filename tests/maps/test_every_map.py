"""Every bundled map loads, validates, sets up for each allowed player count, and renders."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from ageofsteam import Game, view
from ageofsteam.board.validate import validate_map_file
from ageofsteam.engine.invariants import cube_census
from ageofsteam.maps import catalogue, load_board, map_ids
from ageofsteam.render import render_svg

MAPS_DIR = Path(__file__).parents[2] / "src" / "ageofsteam" / "maps"


def test_all_eleven_expansion_maps_and_the_base_map_are_bundled():
    assert len(map_ids()) == 12
    assert "rust-belt" in map_ids()


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
