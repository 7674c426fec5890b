"""Replay any game: step or play through a game's positions with the log beside them, from the game page or by
opening a record file."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_story import played


def where(page: Any) -> str:
    return page.inner_text("#replay-where")


def at_action(page: Any, n: int, total: int) -> None:
    """Wait until the viewer shows the position after ``n`` of the ``total`` actions."""
    page.wait_for_function(f"() => document.querySelector('#replay-where')?.textContent === 'Action {n} of {total}'")


def test_the_replay_viewer_steps_forward_and_back(server: Server, page: Any, shot: Any) -> None:
    gid, host, game = played(server, 80)
    total = len(game.record.actions)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.click("#replay-link")
    page.wait_for_url(f"**/game/{gid}/replay")
    at_action(page, total, total)
    log_now = page.locator("#log li").count()
    page.click("#replay-back")
    at_action(page, total - 1, total)
    assert page.locator("#log li").count() <= log_now
    page.click("#replay-first")
    at_action(page, 0, total)
    assert page.is_disabled("#replay-back")
    for n in (1, 2, 3):
        page.click("#replay-next")
        at_action(page, n, total)
    page.keyboard.press("ArrowRight")
    at_action(page, 4, total)
    # the position shown is the game's position after that many actions
    at = server.api("GET", f"/api/games/{gid}/replay?index=4")["view"]
    shown = page.eval_on_selector_all(
        ".player[data-seat]", "els => els.map(e => [Number(e.dataset.seat), e.querySelector('.cash dd').textContent])"
    )
    assert shown and all(f"${at['players'][seat]['cash']}" == cash for seat, cash in shown)
    assert at != server.api("GET", f"/api/games/{gid}/replay?index={total}")["view"]
    page.click("#replay-play")
    page.wait_for_function("() => !document.querySelector('#replay-where').textContent.startsWith('Action 4 ')")
    page.click("#replay-play")  # pause
    assert page.locator("#board svg").count() == 1
    shot(page, "replay")


def test_a_record_file_opens_in_the_viewer(server: Server, page: Any, tmp_path: Any) -> None:
    gid, _, game = played(server, 40, seed=4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(server.api("GET", f"/api/games/{gid}/record")))
    page.goto(server.url + "/")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#replay-where")
    assert where(page) == f"Action 0 of {len(game.record.actions)}"
    page.click("#replay-last")
    page.wait_for_function("() => document.querySelector('#replay-where').textContent.startsWith('Action 40')")
    # a file that is not a record is refused where it was opened, in words
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"map": "rust-belt"}))
    page.goto(server.url + "/")
    page.set_input_files("#record-file", str(bad))
    page.wait_for_function("() => document.querySelector('#record-note').className === 'error'")
    assert "not a game record" in page.inner_text("#record-note")
