"""Every map's own state is on the page: a mid-game position of each map shows the map's panel (the view's
``panel`` facts: Saint Petersburg's season, Detroit's expenses and disks, Miami's people and floods…), each
fact with its rule on hover."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.maps import load_board, map_ids
from tests.browser.conftest import Server

ACTIONS = 70  # about two turns: every map's own figures have moved by then


def mid_game(server: Server, map_id: str, seed: int = 4) -> tuple[str, str, dict[str, Any]]:
    """A game of humans (all played by the host link) moved on by random decisions through the API."""
    least, most = load_board(map_id).players
    n = max(least, min(3, most))
    seats = [{"name": f"P{i + 1}", "bot": None} for i in range(n)]
    made = server.api(
        "POST", "/api/games", {"map": map_id, "players": n, "seats": seats, "seed": seed, "hot_seat": True}
    )
    gid, host = made["id"], made["host_token"]
    bot, rng = RandomBot(), random.Random(seed)
    game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{gid}/record")))
    while len(game.record.actions) < ACTIONS and not game.over:
        action = bot.choose(game, rng)
        body = {"index": len(game.record.actions), "action": action.to_json()}
        answer = server.api("POST", f"/api/games/{gid}/actions", body, token=host)
        game.apply(action)
        assert answer["index"] == len(game.record.actions)
    return gid, host, server.api("GET", f"/api/games/{gid}", token=host)["view"]


@pytest.mark.parametrize("map_id", map_ids())
def test_the_page_shows_the_maps_own_state(server: Server, browser: Any, page: Any, shot: Any, map_id: str) -> None:
    gid, host, view = mid_game(server, map_id)
    facts = view["panel"]
    page.goto(f"{server.url}/game/{gid}#token={host}")
    if not facts:  # the base map: no figures of its own, no panel
        page.wait_for_selector("#decision h2")
        assert page.locator("#map-panel").is_hidden()
    else:
        check_panel(page, facts)
    marks = [m for boxes in view.get("display_marks", {}).values() for m in boxes if m]
    if marks:  # the map's words under boxes of the goods display (money under a red good)
        page.wait_for_selector("#goods .box-mark")
        shown = page.eval_on_selector_all("#goods .box-mark", "els => els.map(e => e.textContent)")
        assert sorted(shown) == sorted(marks)
    shot(page, f"map-{map_id}-desktop")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        small = phone.new_page()
        small.goto(f"{server.url}/game/{gid}#token={host}")
        small.wait_for_selector("#decision h2")
        assert small.evaluate("() => document.documentElement.scrollWidth") <= 390
        shot(small, f"map-{map_id}-phone")
    finally:
        phone.close()


def check_panel(page: Any, facts: list[dict[str, str]]) -> None:
    """Every fact of the view is on the page, in order, with its rule on hover and on a tap."""
    page.wait_for_selector("#map-panel .fact")
    shown = page.eval_on_selector_all(
        "#map-panel .fact",
        "els => els.map(e => [e.querySelector('dt').textContent, e.querySelector('dd').textContent, e.title])",
    )
    assert shown == [[f["label"], f["value"], f["rule"]] for f in facts]
    first = page.locator("#map-panel .fact").first
    first.click()  # a tap shows the rule on a screen without hover
    assert first.locator(".fact-rule").inner_text() == facts[0]["rule"]
