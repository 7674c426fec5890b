"""Big boards and small screens: the board starts fitted to its pane, zooms (buttons, wheel) and pans (drag), keeps
the chosen hex in view; tall maps fit without scrolling the page; at phone width a whole turn can be played."""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam.maps import load_board
from tests.browser.conftest import Server
from tests.browser.test_maps import create_hotseat, play_until
from tests.browser.test_play import acted


def view_box(page: Any) -> list[float]:
    return [float(n) for n in page.get_attribute("#board svg", "viewBox").split()]


def zoom(page: Any) -> float:
    return float(page.get_attribute("#board", "data-zoom"))


def fitted(page: Any) -> None:
    """The whole board is in its pane, and the pane within the window: nothing to scroll to see the board."""
    pane = page.locator("#board").bounding_box()
    assert pane["y"] + pane["height"] <= page.viewport_size["height"] + 1
    assert zoom(page) == 1.0


def test_the_board_zooms_and_pans(server: Server, page: Any, shot: Any) -> None:
    create_hotseat(page, server, "rust-belt", 3, seed=2)
    page.wait_for_selector("#board svg")
    fitted(page)
    base = view_box(page)
    page.click("#zoom-in")
    assert zoom(page) == pytest.approx(1.25, abs=0.01)
    page.click("#zoom-in")
    closer = view_box(page)
    assert closer[2] < base[2] and closer[3] < base[3]
    # the wheel zooms around the pointer
    box = page.locator("#board").bounding_box()
    z0 = zoom(page)
    page.mouse.move(box["x"] + box["width"] / 3, box["y"] + box["height"] / 3)
    page.mouse.wheel(0, -300)
    page.wait_for_function(f"() => Number(document.querySelector('#board').dataset.zoom) > {z0 + 0.1}")
    before = view_box(page)
    # a drag pans, and is not a click on the hex under it
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 120, y - 80, steps=6)
    page.mouse.up()
    after = view_box(page)
    assert after[0] > before[0] and after[1] > before[1] and after[2] == before[2]
    shot(page, "board-zoomed")
    # Fit shows the whole board again, and a redraw keeps the zoom
    page.click("#zoom-out")
    kept = view_box(page)
    page.click("#labels-toggle")  # the board is drawn again, with labels
    page.wait_for_selector("#board svg .hex-labels", state="attached")
    assert view_box(page) == pytest.approx(kept, abs=0.01)
    page.click("#zoom-fit")
    assert view_box(page) == pytest.approx(base, abs=0.01)


def test_a_chosen_hex_is_kept_in_view(server: Server, page: Any) -> None:
    create_hotseat(page, server, "rust-belt", 3, seed=2)
    play_until(page, "[data-build-hex]")
    for _ in range(5):
        page.click("#zoom-in")
    label = page.get_attribute("[data-build-hex]", "data-build-hex")
    page.click(f'[data-build-hex="{label}"]')  # chosen from the list, maybe outside the zoomed view
    x, y, w, h = view_box(page)
    bbox = "e => { const b = e.getBBox(); return [b.x, b.y, b.width, b.height]; }"
    hx, hy, hw, hh = page.eval_on_selector(f'#board polygon.hex[data-hex="{label}"]', bbox)
    assert x <= hx and hx + hw <= x + w and y <= hy and hy + hh <= y + h


def hex_across(page: Any) -> float:
    """The width of a hex on the screen, in pixels."""
    return float(page.eval_on_selector("#board svg polygon.hex", "e => e.getBoundingClientRect().width"))


def test_a_tall_board_starts_drawn_large_and_fits_on_request(server: Server, page: Any, shot: Any) -> None:
    """Taiwan, fitted in a wide pane, would draw its hexes tiny: it starts at a readable size, its north in view,
    and Fit shows it whole."""
    create_hotseat(page, server, "taiwan", load_board("taiwan").players[0], seed=1)
    page.wait_for_selector("#board svg")
    pane = page.locator("#board").bounding_box()
    assert pane["y"] + pane["height"] <= page.viewport_size["height"] + 1
    assert zoom(page) >= 1.5 and hex_across(page) >= 50
    shot(page, "taiwan-readable")
    page.click("#zoom-fit")
    assert zoom(page) == 1.0 and hex_across(page) < 45


@pytest.mark.parametrize("map_id", ["taiwan", "miami-2030"])
def test_tall_boards_fit_without_scrolling_the_page(server: Server, page: Any, shot: Any, map_id: str) -> None:
    create_hotseat(page, server, map_id, load_board(map_id).players[0], seed=1)
    page.wait_for_selector("#board svg")
    page.click("#zoom-fit")
    fitted(page)
    svg, pane = page.evaluate(
        "() => ['#board svg', '#board'].map(s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return { width: r.width, height: r.height }; })"
    )
    assert 0 < svg["height"] <= pane["height"] + 1 and 0 < svg["width"] <= pane["width"] + 1
    shot(page, f"fitted-{map_id}")


def test_at_phone_width_a_whole_turn_can_be_played(server: Server, browser: Any, shot: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        create_hotseat(page, server, "rust-belt", 3, seed=2)
        page.wait_for_selector("#board svg")
        # both boxes read at once: a bot's move arriving between two reads redraws the decision and moves the board
        side, board = page.evaluate(
            "() => ['#decision', '#board'].map(s => { const r = document.querySelector(s).getBoundingClientRect();"
            " return { y: r.y, height: r.height }; })"
        )
        assert side["y"] + side["height"] <= board["y"] + 1  # the decision first, the board under it
        seen: set[str] = set()
        targets = ("#issue", "[data-select]", "[data-build-hex]", "[data-cube], [data-kind='skip_move']")
        for target in targets:
            index = play_until(page, target)
            seen.add(target)
            button = page.locator(target).first
            for _ in range(5):  # the panel may be drawn again (a bot's move arriving) while it is measured
                try:
                    button.scroll_into_view_if_needed(timeout=2000)
                    break
                except Exception:
                    page.wait_for_timeout(200)
            b = button.bounding_box()
            assert b["height"] >= 40 and b["x"] >= 0 and b["x"] + b["width"] <= 390, target
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            shot(page, f"phone-{len(seen)}")
            if target == "[data-build-hex]":
                button.click()
                page.locator("[data-option-index]").first.click()
                page.click("#confirm-build")
                acted(page, index)
        assert len(seen) == len(targets)
    finally:
        ctx.close()
