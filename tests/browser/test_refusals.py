"""Clicking a hex where nothing can be built says why, under the board."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_maps import play_until
from tests.browser.test_play import acted, create_game


def test_a_click_where_nothing_can_be_built_says_why(server: Server, page: Any, shot: Any) -> None:
    create_game(page, server, seed=3)
    index = play_until(page, "[data-select]")
    for card in page.locator("[data-blocked]").all():  # actions others took: greyed, with the reason
        assert card.is_disabled() and "already taken by" in card.inner_text()
    page.locator("[data-select]").first.click()
    acted(page, index)
    play_until(page, "[data-build-hex]")
    why = page.locator("#board-why")
    page.locator('#board polygon.hex[data-hex="K8"]').click(force=True)  # Lake Michigan
    page.wait_for_function("() => document.querySelector('#board-why').textContent !== ''")
    assert why.inner_text() == "K8: no track may be built on the lake at K8"
    shot(page, "refusal-lake")
    page.locator('#board polygon.hex[data-hex="L7"]').click(force=True)  # Chicago
    page.wait_for_function("() => document.querySelector('#board-why').textContent.startsWith('L7 is')")
    assert why.inner_text() == "L7 is a city: no track is built on a city"
    # a hex where a build fits clears the reason and offers its builds
    buildable = page.get_attribute("[data-build-hex]", "data-build-hex")
    page.locator(f'#board polygon.hex[data-hex="{buildable}"]').click(force=True)
    page.wait_for_function("() => document.querySelector('#board-why').textContent === ''")
    assert page.locator("[data-option-index]").count() >= 1
