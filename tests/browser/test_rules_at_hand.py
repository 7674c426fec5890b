"""Rules at hand: at any moment a player opens the rule of the phase being played and this map's changes to it,
every other phase, the setup and the end; the first game on a map offers a short tour of what differs."""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam.maps import map_ids
from tests.browser.conftest import Server
from tests.browser.helpers import advance_until, hotseat_game


@pytest.mark.parametrize("map_id", map_ids())
def test_the_first_game_on_a_map_offers_its_tour_and_the_rules_are_a_click_away(
    server: Server, page: Any, shot: Any, map_id: str
) -> None:
    guide = server.api("GET", f"/api/maps/{map_id}/guide")
    gid, host, game = hotseat_game(server, map_id)
    advance_until(server, gid, host, game, lambda g: g.state.build is not None)  # on to Build Track
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#tour:not([hidden]) .tour-points li")
    assert page.locator("#tour .tour-points li").all_inner_texts() == guide["tour"]
    shot(page, f"tour-{map_id}")
    page.click("#tour-done")
    assert page.locator("#tour").is_hidden()
    page.reload()
    page.wait_for_selector("#decision h2")
    page.wait_for_timeout(300)
    assert page.locator("#tour").is_hidden()  # offered once per map in this browser
    # the rule of the phase being played, and the map's change to it
    page.click("#rules-open")
    page.wait_for_selector("#rules-dialog[open] #rule-now")
    now = next(p for p in guide["phases"] if p["name"] == "build_track")
    assert page.get_attribute("#rule-now", "data-phase") == "build_track"
    text = page.text_content("#rule-now")
    assert now["title"] in text and now["base"] in text and now["map"] in text
    phases = page.eval_on_selector_all("#rules-dialog .rule-phase[data-phase]", "els => els.map(e => e.dataset.phase)")
    assert phases == [p["name"] for p in guide["phases"] if p["name"] != "build_track"]
    page.click("#rule-end summary")
    assert guide["end"]["base"] in page.inner_text("#rule-end")
    if guide["end"]["map"]:
        assert guide["end"]["map"] in page.inner_text("#rule-end")
    page.click("#rule-setup summary")
    assert guide["setup"]["map"] in page.inner_text("#rule-setup")
    shot(page, f"rules-{map_id}")
    page.click("#rules-close")
    assert page.locator("#rules-dialog[open]").count() == 0
