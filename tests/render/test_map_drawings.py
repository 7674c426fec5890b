"""What maps draw of their own (``draw.py`` in a map's folder): found by the renderer, its layers piled at
their depths among the base layers, and its figures drawn as the position has them."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.maps import catalogue, load_board, map_ids
from ageofsteam.maps.miami.rules import Rules as MiamiRules
from ageofsteam.maps.new_york.state import state
from ageofsteam.render import render_svg
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.hexmap import BASE_LAYERS, board_layers
from ageofsteam.render.layer import NO_DRAWING, Depth, Layer, MapDrawing, map_drawing
from ageofsteam.render.svgdoc import el
from ageofsteam.rules.circles import discs_on, large_discs_on
from tests.render.conftest import elements, parse_svg

MAPS = Path(__file__).parents[2] / "src" / "ageofsteam" / "maps"


def played(map_id: str, players: int, seed: int, until: int) -> Game:
    """A game on ``map_id`` after ``until`` actions of random play (or at its end)."""
    game = Game.new(map_id, players=players, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over and len(game.record.actions) < until:
        game.apply(bot.choose(game, rng))
    return game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_renderer_finds_a_maps_drawing_in_its_folder(map_id: str):
    folder = catalogue()[map_id]
    board = load_board(map_id)
    if (MAPS / folder / "draw.py").exists():
        expected = importlib.import_module(f"ageofsteam.maps.{folder}.draw").DRAWING
        assert isinstance(expected, MapDrawing) and expected is not NO_DRAWING
    else:
        expected = NO_DRAWING
    assert map_drawing(board) is expected
    game = Game.new(map_id, players=board.players[0], seed=1)
    assert map_drawing(board, game.state) is expected


def test_a_maps_layers_go_between_the_base_layers_at_their_depth():
    names = [layer.name for layer in board_layers(map_drawing(load_board("new-york-subway")))]
    assert names.index("special-links") < names.index("covered") < names.index("tracks")
    assert names.index("hex-goods") < names.index("stacks") < names.index("side-cubes") < names.index("hex-labels")
    assert [n for n in names if n not in ("covered", "stacks", "side-cubes")] == [b.name for b in BASE_LAYERS]


class Marker(MapDrawing):
    """A map drawing one mark on every hex just above the terrain."""

    def layers(self) -> list[Layer]:
        def draw(cv: HexCanvas) -> str:
            return "".join(el("circle", cx=cv.c(h)[0], cy=cv.c(h)[1], r=2, class_="mark") for h in range(3))

        return [Layer("marks", Depth.TERRAIN + 1, draw)]


def test_a_layer_is_drawn_in_the_svg_where_its_depth_says():
    root = parse_svg(render_svg(load_board("rust-belt"), drawing=Marker()))
    order = [e.get("class") for e in root.iter() if e.get("class") in ("terrain", "mark", "terrain-marks")]
    assert order == ["terrain", "mark", "mark", "mark", "terrain-marks"]


def test_new_york_draws_its_excavations_stacks_and_stations_as_the_state_has_them():
    game = played("new-york-subway", 4, seed=2, until=150)
    figures = state(game.state)
    assert figures.excavated and figures.stations, "the game has reached excavations and stations"
    root = parse_svg(render_svg(game.state))
    dug = [e.get("data-hex") for e in elements(root, "polygon", "excavated")]
    assert dug == sorted(figures.excavated)
    stations = [(e.get("data-side"), e.get("data-owner")) for e in elements(root, "rect", "station")]
    assert stations == [(side, str(s)) for side, seats in sorted(figures.stations.items()) for s in seats]
    discs = [e.get("class") for e in elements(root, "ellipse", "disc")]
    assert discs == [f"disc disc-{c}" for _, stack in sorted(figures.stacks.items()) for c in stack]


def test_new_york_stations_are_big_enough_to_see_on_the_fitted_board():
    game = played("new-york-subway", 4, seed=2, until=150)
    figures = state(game.state)
    root = parse_svg(render_svg(game.state))
    r = HexCanvas(game.state.map, game.state).geo.r
    for e in elements(root, "rect", "station"):
        seats = len(figures.stations[e.get("data-side")])
        assert float(e.get("width")) >= min(0.4 * r, 0.9 * r / (seats + 1)) - 0.01
        assert float(e.get("width")) >= 0.22 * r


def test_miami_shows_one_flood_sign_on_each_flooded_hex():
    game = played("miami-2030", 1, seed=4, until=200)
    rules = game.state.rules
    assert isinstance(rules, MiamiRules)
    flooded = rules.flooded(game.state)
    assert len(flooded) > len(rules.flooded_at_setup()), "floods were placed in play"
    root = parse_svg(render_svg(game.state))
    assert len(elements(root, "g", "flood")) == len(flooded)


def test_old_europe_draws_every_disc_on_the_circles():
    game = played("old-europe", 4, seed=5, until=150)
    g = game.state
    on_circles = sum(len(discs_on(g, c.id)) for c in g.map.circles)
    on_large = sum(len(large_discs_on(g, h)) for h, i in g.map.region_info.items() if i.large_circle)
    assert on_circles and on_large, "the game has discs on both kinds of circle"
    root = parse_svg(render_svg(g))
    assert len(elements(root, "circle", "disc")) == on_circles + on_large
