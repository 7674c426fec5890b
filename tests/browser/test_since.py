"""After other seats move, their moves are highlighted on the board until the player acts, and a "since your last
move" summary sits at the top of the panel."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_maps import play_until
from tests.browser.test_play import acted, create_game


def test_others_moves_are_summed_up_and_highlighted_until_the_player_acts(server: Server, page: Any, shot: Any) -> None:
    create_game(page, server, seed=5)
    index = play_until(page, "#issue")
    assert page.locator("#since").count() == 0  # nothing yet since the page opened
    page.click("#issue")
    acted(page, index)
    # on to the build: the bots' builds (before this player's) light up the board
    seen_summary = seen_highlight = False
    for _ in range(12):
        index = play_until(page, "[data-select], [data-build-hex], #bid, [data-kind='drop_out']")
        if page.locator("#since").count():
            seen_summary = True
            text = page.inner_text("#since")
            assert "Since your last move" in text
            assert "Bob" in text or "Cleo" in text
            assert "Ada " not in text.split("\n", 1)[1]  # the player's own moves are left out
        if page.locator("#board .hl-recent").count():
            seen_highlight = True
            shot(page, "since-your-last-move")
            break
        if page.locator("[data-build-hex]").count():
            page.click('[data-kind="end_build"]')
        elif page.locator("[data-select]").count():
            page.locator("[data-select]").first.click()
        elif page.locator('[data-kind="drop_out"]').count():
            page.click('[data-kind="drop_out"]')
        else:
            page.click("#bid")
        acted(page, index)
    assert seen_summary and seen_highlight
