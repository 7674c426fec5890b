"""Player colours stay distinguishable from the cities' goods colours: the shade drawn for every seat colour any
map gives its players is far (CIE76 ΔE ≥ 25) from every city colour and from the other seats of that map; the
web page draws the same shades as the pictures."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

import ageofsteam
from ageofsteam.board.mapdata import GOODS_COLOURS
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.render import palette as pal

APART = 25.0


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour ``#rrggbb``."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c / 255) for c in pal.rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    return math.dist(lab(a), lab(b))


def test_the_distance_is_that_of_cie76():
    assert delta_e("#ffffff", "#000000") == pytest.approx(100, abs=0.01)
    assert delta_e("#2360c4", "#2360c4") == 0


@pytest.mark.parametrize("map_id", map_ids())
def test_every_seat_colour_is_apart_from_the_city_colours_and_the_other_seats(map_id: str):
    seats = load_rules(map_id).PLAYER_COLOURS
    for colour in seats:
        shade = pal.player(colour)
        for city in GOODS_COLOURS:
            assert delta_e(shade, pal.goods(city)) >= APART, (colour, city)
        for other in seats:
            if other != colour:
                assert delta_e(shade, pal.player(other)) >= APART, (colour, other)


def test_the_web_page_draws_the_same_player_shades():
    js = (Path(ageofsteam.__file__).parent / "web" / "js" / "dom.js").read_text()
    block = re.search(r"PLAYER_COLOURS = \{(.*?)\};", js, re.S)
    assert block
    page = dict(re.findall(r'(\w+): "(#[0-9a-f]{6})"', block.group(1)))
    assert page == pal.PLAYERS
