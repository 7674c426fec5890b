"""On a phone (390×844): what the player must decide comes first and stays in reach while the board is
scrolled to; on their own turn the board closes in on their network, its cubes and names readable."""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam.engine.game import Game
from ageofsteam.maps import load_board, map_ids
from tests.browser.conftest import Server
from tests.browser.helpers import advance_until, hotseat_game

HEX_MAPS = [m for m in map_ids() if not load_board(m).is_area]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def built_and_building(game: Game) -> bool:
    """The player to move builds, and has track on the board already."""
    g = game.state
    if g.build is None or g.to_move is None or g.to_move < 0:
        return False
    kinds = ("build", "build_station")  # track, or a subway's stations
    return any(a["kind"] in kinds and a.get("player") == g.to_move for a in game.record.actions)


def test_the_decision_comes_first_and_stays_in_reach(server: Server, browser: Any, shot: Any) -> None:
    gid, host, _ = hotseat_game(server, "rust-belt")
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/game/{gid}#token={host}")
        page.wait_for_selector('#decision[data-state="choose"]')
        decision, board = page.locator("#decision").bounding_box(), page.locator("#board").bounding_box()
        assert decision["y"] < board["y"] and decision["y"] < 844  # first on the page, on the first screen
        page.locator("#players").scroll_into_view_if_needed()  # far down the page
        top = page.evaluate("() => document.querySelector('#decision').getBoundingClientRect().top")
        assert 0 <= top <= 2  # the decision is still at the top of the screen
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(page, "phone-decision-in-reach")
    finally:
        ctx.close()


# The view box, and the on-screen sizes of the player's track hexes in view, the cubes and the town names.
SIZES = """(seat) => {
    const svg = document.querySelector('#board svg');
    const pane = document.querySelector('#board').getBoundingClientRect();
    const seen = (r) => r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
    const rects = (sel) => [...svg.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter(seen);
    return {
        zoom: Number(document.querySelector('#board').dataset.zoom),
        track: [...svg.querySelectorAll(`:is(.track, .station)[data-owner="${seat}"]`)]
            .map((e) => e.getBoundingClientRect())
            .map((r) => seen(r) && r.left >= pane.left - 1 && r.right <= pane.right + 1),
        cubes: rects('.cube').map((r) => Math.min(r.width, r.height)),
        names: rects('.places > .place-name text').map((r) => r.height),
    };
}"""


@pytest.mark.parametrize("map_id", HEX_MAPS)
def test_on_ones_turn_the_board_closes_in_on_ones_network(server: Server, browser: Any, shot: Any, map_id: str) -> None:
    gid, host, game = hotseat_game(server, map_id)
    advance_until(server, gid, host, game, built_and_building, limit=600)
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/game/{gid}#token={host}")
        page.wait_for_selector('#decision[data-state="choose"]')
        page.wait_for_function("() => Number(document.querySelector('#board').dataset.zoom) > 1")
        sizes = page.evaluate(SIZES, game.state.to_move)
        assert sizes["track"] and all(sizes["track"]), "the player's track is all in view"
        assert all(s >= 7 for s in sizes["cubes"]), sizes["cubes"]
        assert all(s >= 8 for s in sizes["names"]), sizes["names"]
        shot(page, f"phone-network-{map_id}")
    finally:
        ctx.close()
