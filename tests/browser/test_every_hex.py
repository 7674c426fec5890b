"""Every point of a hex selects that hex: a click on the middle of a hex with a picture on it (a mountain,
houses, a volcano, a city's name) is a click on the hex, on every hex map."""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam.maps import load_board, map_ids
from tests.browser.conftest import Server

HEX_MAPS = [m for m in map_ids() if not load_board(m).is_area]

# Each hex's centre on the screen, and what the browser finds on top there.
CENTRES = """() => [...document.querySelectorAll('#board svg polygon.hex[data-hex]')].map((poly) => {
    const r = poly.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return { hex: poly.dataset.hex, x, y, covered: top !== poly };
})"""

# A click as the browser makes it: on the element on top at that point, with the point's coordinates.
CLICK = """({ x, y }) => {
    const board = document.getElementById('board');
    delete board.dataset.pointed;
    const top = document.elementFromPoint(x, y);
    top.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true, cancelable: true }));
    return board.dataset.pointed || null;
}"""


def open_game(server: Server, page: Any, map_id: str) -> None:
    least = load_board(map_id).players[0]
    n = max(least, 3 if load_board(map_id).players[1] >= 3 else least)
    seats = [{"name": f"P{i + 1}", "bot": None} for i in range(n)]
    made = server.api("POST", "/api/games", {"map": map_id, "players": n, "seats": seats, "seed": 1, "hot_seat": True})
    page.goto(f"{server.url}/game/{made['id']}#token={made['host_token']}")
    page.wait_for_selector("#board svg polygon.hex")
    page.wait_for_selector("#decision h2")
    page.click("#zoom-fit")  # every hex on the screen


@pytest.mark.parametrize("map_id", HEX_MAPS)
def test_a_click_on_the_centre_of_every_hex_selects_that_hex(server: Server, page: Any, shot: Any, map_id: str) -> None:
    open_game(server, page, map_id)
    centres = page.evaluate(CENTRES)
    assert len(centres) == load_board(map_id).size
    missed = [c["hex"] for c in centres if page.evaluate(CLICK, c) != c["hex"]]
    assert not missed, f"{len(missed)} hex centres select no hex or another: {missed[:12]}"
    # a real mouse click on a few hexes covered by a picture
    for c in [c for c in centres if c["covered"]][:4]:
        page.mouse.click(c["x"], c["y"])
        assert page.get_attribute("#board", "data-pointed") == c["hex"]
    shot(page, f"every-hex-{map_id}")
