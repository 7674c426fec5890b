"""Every bundled map, and test maps with every feature of the format, render as well-formed SVG."""

from __future__ import annotations

import pytest

from ageofsteam.board.mapdata import load_map_file
from ageofsteam.board.tiles import oriented
from ageofsteam.engine.state import GameState, PlacedTile
from ageofsteam.maps import load_board, map_ids
from ageofsteam.render import MapDrawing, palette, render_svg
from ageofsteam.render.svgdoc import FONT
from ageofsteam.rules.base import BaseRules
from tests.render.conftest import DATA, all_text, elements, parse_svg


@pytest.mark.parametrize("map_id", map_ids())
def test_every_bundled_map_renders_with_every_place_name(map_id: str) -> None:
    board = load_board(map_id)
    root = parse_svg(render_svg(board))
    words = all_text(root)
    assert board.name in words
    for city in board.cities:
        assert city.name in words, city.name
    for town in board.towns.values():
        assert town in words, town
    if not board.is_area:  # one polygon per hex, each named for the web page
        hexes = [e.get("data-hex") for e in elements(root, "polygon", "hex")]
        assert sorted(hexes) == sorted(board.labels)


@pytest.mark.parametrize("map_id", map_ids())
def test_hex_labels_are_printed_on_request(map_id: str) -> None:
    board = load_board(map_id)
    words = all_text(parse_svg(render_svg(board, labels=True))).split()
    assert set(board.labels) <= set(words)


def test_svg_is_self_contained() -> None:
    svg = render_svg(load_board("rust-belt"))
    for outside in ("<image", "@import", "url(", "xlink:href", "@font-face", "<script", "<style"):
        assert outside not in svg
    root = parse_svg(svg)
    assert root.get("font-family") == FONT and FONT.endswith("sans-serif")
    assert root.get("viewBox", "").startswith("0 0 ")


def test_cities_are_drawn_in_their_goods_colours() -> None:
    root = parse_svg(render_svg(load_board("rust-belt")))
    fills = {p.get("fill") for g in elements(root, "g", "city") for p in g.iter() if p.tag.endswith("polygon")}
    assert {palette.goods(c) for c in ("red", "blue", "purple", "yellow")} <= fills
    badges = {e.get("class") for e in elements(root, "rect", "growth")}
    assert {f"growth light{n}" for n in range(1, 7)} | {f"growth dark{n}" for n in range(1, 7)} == badges


def test_every_hex_feature_of_the_format_is_drawn() -> None:
    board = load_map_file(DATA / "hex_features.toml")
    root = parse_svg(render_svg(board, labels=True))
    classes = " ".join(e.get("class") or "" for e in root.iter())
    for cls in ("oil-field", "flood", "volcano", "airport", "district", "construction-site", "blocked", "areas"):
        assert cls in classes, cls
    words = all_text(root)
    assert "Big Central City" in words and "NORTH" in words and "EAST" in words
    assert "3" in words.split()  # the oil field's derricks
    for cost in ("$4", "$8", "$6"):  # special links show their cost
        assert cost in words
    links = {e.get("data-link") for e in elements(root, "path", "link")}
    assert links == {"harbour-ferry", "tower-bridge", "south-link"}
    # the two-colour city is split in two halves; the multi-hex city is one group with one outline
    madeira = next(g for g in elements(root, "g", "city") if g.get("data-hex") == "J7")
    halves = [p.get("fill") for p in madeira.iter() if p.tag.endswith("polygon")]
    assert halves == [palette.goods("red"), palette.goods("blue")]
    big = [g for g in elements(root, "g", "city") if g.get("data-hex") == "C2"]
    assert len(big) == 1
    assert len([p for p in big[0].iter() if p.tag.endswith("polygon")]) == 6
    outline = [ln for ln in big[0].iter() if ln.tag.endswith("line")]
    assert len(outline) == 6 * 6 - 2 * 9  # 6 hexes with 9 edges between them: only the outside is drawn


class FloodAt(MapDrawing):
    """A map's drawing that says a flood marker was placed in play on ``hexes``."""

    def __init__(self, *hexes: int) -> None:
        self.hexes = hexes

    def placed_features(self, g: GameState) -> dict[int, list[str]]:
        return {h: ["flood"] for h in self.hexes}


def test_crossing_tracks_are_drawn_as_bridges_and_the_map_drawings_figures_are_shown() -> None:
    board = load_map_file(DATA / "hex_features.toml")
    g = BaseRules(board).new_state([("Ann", "orange"), ("Bob", "purple"), ("Cy", "grey")])
    x = board.hex_id("F3")
    g.tiles[x] = PlacedTile("x", 0, False, list(oriented("x", 0, False)), [0, 1])
    g.special_link_owners["south-link"] = 2
    printed = [h for h, kinds in board.features.items() if "flood" in kinds]
    assert len(printed) == 1 and board.hex_id("K6") not in printed
    root = parse_svg(render_svg(g, drawing=FloodAt(board.hex_id("K6"), *printed)))
    assert len(elements(root, "path", "bridge-gap")) == 1
    tracks = [e for e in elements(root, "path", "track") if e.get("data-hex") == "F3"]
    assert {e.get("stroke") for e in tracks} == {palette.player("orange"), palette.player("purple")}
    owned_link = [e for e in root.iter() if e.get("stroke") == palette.player("grey")]
    assert owned_link, "an owned special link is drawn in its owner's colour"
    # a flood placed on the printed flood sign stands for it: one sign there, and one where none was printed
    assert len(elements(root, "g", "flood")) == 2


class Discs(MapDrawing):
    """A map's drawing that puts these discs on the circles."""

    def __init__(self, discs: dict[str, list[int]]) -> None:
        self.discs = discs

    def circle_discs(self, g: GameState) -> dict[str, list[int]]:
        return self.discs


def test_area_map_renders_regions_circles_and_discs() -> None:
    board = load_map_file(DATA / "area_sample.toml")
    root = parse_svg(render_svg(board, labels=True))
    words = all_text(root)
    for name in ("France", "Germany", "Switzerland", "Poland", "England"):
        assert name in words
    regions = {e.get("data-hex") for e in elements(root, "g", "region")}
    assert regions == {"FR", "DE", "CH", "PL", "EN"}
    circles = {e.get("data-circle") for e in elements(root, "g", "circle")}
    assert circles == {c.id for c in board.circles}
    assert elements(root, "circle", "large-circle") and elements(root, "g", "airport")
    assert elements(root, "path", "river")
    assert not elements(root, "circle", "disc")

    g = BaseRules(board).new_state([("Ann", "blue"), ("Bob", "green"), ("Cy", "yellow")])
    g.cubes = {board.hex_id("FR"): {"red": 2}, board.hex_id("DE"): {"blue": 1}}
    root = parse_svg(render_svg(g, drawing=Discs({"FR-DE": [0, 1], "DE-PL": [2]})))
    discs = [(e.get("data-owner"), e.get("fill")) for e in elements(root, "circle", "disc")]
    assert sorted(discs) == sorted(
        [("0", palette.player("blue")), ("1", palette.player("green")), ("2", palette.player("yellow"))]
    )
    assert len(elements(root, "rect", "cube-red")) >= 2  # on France (and maybe in the display)
    assert "Ann" in all_text(root)
