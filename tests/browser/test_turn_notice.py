"""A player notices their move: the tab title says so, a short sound plays (unless switched off), and a browser
notification appears while the tab is in the background (if the player allowed it)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_play import acted, create_game, my_turn

# The page sees a background tab and a browser that allows notifications; each notification is recorded.
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
window.__notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
};
"""


def count(page: Any, attribute: str) -> int:
    """How many times the page has done what ``data-ATTRIBUTE`` on its body counts."""
    return int(page.get_attribute("body", f"data-{attribute}") or 0)


def test_the_title_and_a_sound_tell_the_player_it_is_their_move(
    server: Server, browser: Any, page: Any, shot: Any
) -> None:
    game_id, _ = create_game(page, server, seed=5)
    index = my_turn(page)
    page.wait_for_function("() => document.title.startsWith('▶ Your move')")
    assert page.title() == "▶ Your move — Rust Belt"
    notices = count(page, "turn-notice")  # 0 if the page opened on this player's move, 1 if a bot moved first
    chimes = count(page, "chimes")
    page.click("#issue")
    acted(page, index)
    my_turn(page)  # the bots have moved; the auction (or the actions) comes back to this player
    page.wait_for_function(f"() => Number(document.body.dataset.turnNotice) === {notices + 1}")
    assert page.title() == "▶ Your move — Rust Belt"
    assert count(page, "chimes") == chimes + 1
    assert page.is_checked("#sound-toggle")
    shot(page, "turn-notice")
    # a watcher of the same game (another browser, holding no seat) is never told it is their move
    ctx = browser.new_context()
    try:
        watcher = ctx.new_page()
        watcher.goto(f"{server.url}/game/{game_id}")
        watcher.wait_for_selector(".live.on")
        assert watcher.title() == "Rust Belt — Age of Steam"
    finally:
        ctx.close()


def test_the_sound_can_be_switched_off(server: Server, page: Any) -> None:
    create_game(page, server, seed=5)
    index = my_turn(page)
    page.uncheck("#sound-toggle")
    assert page.evaluate("() => localStorage.getItem('aos.sound')") == "off"
    notices, chimes = count(page, "turn-notice"), count(page, "chimes")
    page.click("#issue")
    acted(page, index)
    my_turn(page)
    page.wait_for_function(f"() => Number(document.body.dataset.turnNotice) === {notices + 1}")
    assert count(page, "chimes") == chimes  # the move is noticed, silently
    page.reload()
    my_turn(page)
    assert not page.is_checked("#sound-toggle")  # the choice is remembered


def test_a_notification_appears_while_the_tab_is_in_the_background(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        ctx.add_init_script(HIDDEN_TAB)
        page = ctx.new_page()
        create_game(page, server, seed=5)
        index = my_turn(page)
        notes = page.evaluate("() => window.__notes.length")
        page.click("#issue")
        acted(page, index)
        my_turn(page)
        page.wait_for_function(f"() => window.__notes.length === {notes + 1}")
        note = page.evaluate("() => window.__notes.at(-1)")
        assert note["title"] == "Your move — Rust Belt"
        assert note["body"]
    finally:
        ctx.close()
