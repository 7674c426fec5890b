"""Bot levels in the lobby, and the Hint: a bot's suggestion with its reason, shown on the board (the tile drawn
in place, the route highlighted) and played with one click."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_play import acted, my_turn


def ask_hint(page: Any) -> dict[str, Any]:
    """Press Hint; the hint the server sent, once the page shows it."""
    with page.expect_response(lambda r: "/hint" in r.url) as answer:
        page.click("#hint")
    hint = answer.value.json()
    assert answer.value.status == 200, hint
    page.locator("#hint-box").wait_for()
    return hint


def test_a_hint_is_shown_on_the_board_and_played(server: Server, browser: Any, page: Any, shot: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "3")
    kinds = page.locator(".seat-kind")
    texts = kinds.nth(1).locator("option").all_inner_texts()
    levels = ["Human", "Bot: Easy", "Bot: Medium", "Bot: Hard", "Bot: Baseline"]
    assert texts == levels
    ratings = page.locator(".seat-ratings").text_content() or ""  # the ladder's, beneath the seats
    assert all(re.search(rf"{t.removeprefix('Bot: ')} \d+", ratings) for t in texts[1:]), ratings
    page.locator(".seat-name").first.fill("Ada")
    kinds.nth(1).select_option("steady")
    kinds.nth(2).select_option("hard")
    page.click(".advanced summary")
    page.fill("#seed", "11")
    page.check("#mode-hotseat")
    page.click("#create-game")
    page.wait_for_url("**/game/**")
    game_id, token = page.url.split("/game/")[1].split("#")[0].split("?")[0], page.url.split("token=")[1]
    badges = page.locator(".player .badge-bot")
    badges.first.wait_for()
    assert badges.all_inner_texts() in (["Medium bot", "Hard bot"], ["Hard bot", "Medium bot"])

    # the first decision: a hint, dismissed, then asked again and played
    index = my_turn(page)
    hint = ask_hint(page)
    assert page.inner_text("#hint-label") == hint["label"] and hint["label"]
    assert page.inner_text("#hint-reason") == hint["reason"] and hint["reason"]
    page.click("#hint-dismiss")
    assert page.locator("#hint-box").count() == 0 and page.locator("#hint").count() == 1

    started = time.monotonic()
    shown = None
    while shown is None:
        assert time.monotonic() - started < 150, "no hint for a build or a delivery came"
        index = my_turn(page)
        assert page.get_attribute("#decision", "data-state") == "choose", "the game ended first"
        hint = ask_hint(page)
        assert hint["index"] == index and hint["level"] in ("hard", "steady")
        assert page.inner_text("#hint-reason") == hint["reason"]
        if hint["build"] or hint["route"]:
            shown = hint
            # the suggestion is on the board: its hex outlined, the tile drawn in place or the route highlighted
            assert page.locator("#board .aos-overlay .hint-hex").count() == 1
            if hint["build"]:
                drawn = page.eval_on_selector_all(
                    "#board .aos-overlay g[transform] path", "els => els.map(e => e.getAttribute('d'))"
                )
                assert set(drawn) == set(hint["build"]["paths"])
                assert "Hint" in page.text_content("#board .aos-overlay .hint-board-tag")
            else:
                assert page.locator("#board .aos-overlay .route-hex-edge").count() >= 2
            page.wait_for_timeout(300)
            shot(page, "hint-1-desktop")
            phone_shot(browser, server, game_id, token, shot)
        page.click("#hint-play")
        acted(page, index)
        record = server.api("GET", f"/api/games/{game_id}/record")
        assert record["actions"][index] == hint["action"]  # the suggested move was made
    page.wait_for_timeout(300)
    shot(page, "hint-2-played")


def phone_shot(browser: Any, server: Server, game_id: str, token: str, shot: Any) -> None:
    """The same decision with its hint on a phone (390 px wide)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        phone = ctx.new_page()
        phone.goto(f"{server.url}/game/{game_id}#token={token}")
        my_turn(phone)
        hint = ask_hint(phone)  # the strong bot may suggest another move this time
        assert phone.locator("#board .aos-overlay .hint-hex").count() == (1 if hint["hex"] else 0)
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page is wider than the phone ({width} px)"
        phone.locator("#hint-box").scroll_into_view_if_needed()
        phone.wait_for_timeout(300)
        shot(phone, "hint-1-phone")
    finally:
        ctx.close()
