"""Maps with their own decisions, played in the browser: an area map (discs on connection circles) and a solo map
(a hex picked on the board for a map action)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_play import acted, my_turn


def create_hotseat(page: Any, server: Server, map_id: str, players: int, seed: int) -> tuple[str, str]:
    """A hot-seat game created in the lobby: this browser in seat 1, bots in the others. (id, token)"""
    page.goto(server.url + "/")
    page.select_option("#map", map_id)
    page.select_option("#players", str(players))
    page.click(".advanced summary")
    page.fill("#seed", str(seed))
    page.check("#mode-hotseat")
    page.click("#create-game")
    page.wait_for_url("**/game/**")
    return page.url.split("/game/")[1].split("#")[0].split("?")[0], page.url.split("token=")[1]


def play_until(page: Any, target: str, limit: float = 60) -> int:
    """Make the plainest decisions (a few shares, drop out, the first action, end the build, move nothing)
    until ``target`` is offered; the action index it is offered at."""
    started = time.monotonic()
    while True:
        assert time.monotonic() - started < limit, f"{target} was never offered"
        index = my_turn(page)
        state = page.get_attribute("#decision", "data-state")
        assert state != "over", "the game ended first"
        if state != "choose":  # a live update replaced the decision between two reads: wait for the next one
            continue
        if page.locator(target).count():
            return index
        if page.locator("#issue").count():
            page.fill("#shares-amount", "2")
            page.dispatch_event("#shares-amount", "change")
            page.click("#issue")
        elif page.locator('[data-kind="drop_out"], [data-kind="turn_order_pass"]').count():
            page.locator('[data-kind="drop_out"], [data-kind="turn_order_pass"]').first.click()
        elif page.locator("#bid").count():
            page.click("#bid")
        elif page.locator("[data-select]").count():
            page.locator("[data-select]").first.click()
        else:
            plain = page.locator('[data-kind="end_build"], [data-kind="skip_move"], [data-kind="place_cube"]')
            assert plain.count(), f"unexpected decision: {page.inner_text('#decision')}"
            plain.first.click()
        acted(page, index)


# The screen centre of each highlighted circle, by circle id.
DISC_SPOTS = """() => Object.fromEntries([...document.querySelectorAll('#board .aos-overlay .hl-disc')].map((c) => {
    const r = c.getBoundingClientRect();
    return [c.dataset.disc, [r.x + r.width / 2, r.y + r.height / 2]];
}))"""


@pytest.mark.parametrize("map_id", ["old-europe", "51st-state"])
def test_area_map_discs_are_placed_by_clicking_the_circles_on_the_map(
    server: Server, page: Any, shot: Any, map_id: str
) -> None:
    game_id, token = create_hotseat(page, server, map_id, 3, seed=2)
    index = play_until(page, "#board .aos-overlay .hl-disc")
    legal = server.api("GET", f"/api/games/{game_id}/legal", token=token)
    discs = {a["circle"]: a for a in legal["actions"] if a["action"]["kind"] == "place_disc"}
    assert "left to place" in page.inner_text("#decision")  # discs, not tiles
    spots = page.evaluate(DISC_SPOTS)
    assert set(spots) == set(discs) and len(discs) > 1  # every circle open to the player glows, and only those
    circle = sorted(discs, key=lambda c: discs[c]["cost"])[-1]
    x, y = spots[circle]
    page.mouse.move(x, y)  # pointing at a circle shows its price on the map
    page.wait_for_selector("#board .disc-cost")
    assert page.text_content("#board .disc-cost") == f"${discs[circle]['cost']}"
    assert f"${discs[circle]['cost']}" in page.inner_text("#board-hint")
    page.mouse.click(x, y)
    assert page.get_attribute("#board .hl-disc.chosen", "data-disc") == circle
    assert page.inner_text("#disc-chosen").lower() == discs[circle]["label"].lower()
    shot(page, f"maps-1-area-discs-{map_id}")
    page.click("#confirm-disc")
    acted(page, index)
    record = server.api("GET", f"/api/games/{game_id}/record")
    assert record["actions"][index] == {"kind": "place_disc", "player": 0, "circle": circle}
    page.wait_for_function("() => [...document.querySelectorAll('#log li')].some(li => /disc/i.test(li.innerText))")


def test_solo_map_picks_a_hex_on_the_board(server: Server, page: Any, shot: Any) -> None:
    game_id, token = create_hotseat(page, server, "miami-2030", 1, seed=3)
    index = play_until(page, "[data-map-hex], [data-group='board'] [data-kind]", limit=90)
    legal = server.api("GET", f"/api/games/{game_id}/legal", token=token)
    hexes = sorted({a["hex"] for a in legal["actions"] if a["hex"]})
    assert hexes, "the map action names no hex"
    # the hexes are marked on the board; a click on one offers its actions
    assert page.locator("#board .aos-overlay .hl-map").count() == len(hexes)
    page.locator(f'#board polygon.hex[data-hex="{hexes[-1]}"]').click(force=True)
    assert page.locator("#board .aos-overlay .hl-map.chosen").count() == 1
    buttons = page.locator("[data-group='board'] .map-actions [data-kind]")
    assert buttons.count() == sum(a["hex"] == hexes[-1] for a in legal["actions"]) >= 1
    assert hexes[-1] in buttons.first.inner_text()
    shot(page, "maps-2-solo-board-action")
    kind = buttons.first.get_attribute("data-kind")
    buttons.first.click()
    acted(page, index)
    record = server.api("GET", f"/api/games/{game_id}/record")
    assert record["actions"][index]["kind"] == kind and record["actions"][index]["hex"] == hexes[-1]
