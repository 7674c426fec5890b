"""A Rust Belt game against two bots, played in the browser: shares, a bid, an action, track, a delivery;
and a second viewer who sees every move live."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import Server
from tests.browser.helpers import plan_build

CONTROLS = "#issue, #bid, [data-kind], [data-select], [data-build-hex], [data-cube], #confirm-build"


def my_turn(page: Any, timeout: float = 30_000) -> int:
    """Wait until the page offers this browser's player a decision; the action index it is for."""
    page.wait_for_selector('#decision[data-state="choose"], #decision[data-state="over"]', timeout=timeout)
    return int(page.get_attribute("#decision", "data-index"))


def acted(page: Any, index: int) -> None:
    """Wait until the page has moved past action ``index`` (our action was taken and shown)."""
    page.wait_for_function(f"() => Number(document.querySelector('#decision').dataset.index) > {index}")


def create_game(page: Any, server: Server, seed: int) -> tuple[str, str]:
    """Create a 3-player Rust Belt game in the lobby: Ada (this browser) against two bots. (id, token)"""
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "3")
    page.locator(".seat-name").first.fill("Ada")
    page.click(".advanced summary")
    page.fill("#seed", str(seed))
    page.check("#mode-hotseat")
    page.click("#create-game")
    page.wait_for_url("**/game/**")
    game_id = page.url.split("/game/")[1].split("#")[0].split("?")[0]
    token = page.url.split("token=")[1]
    return game_id, token


def check_preview(page: Any, legal: dict[str, Any], hex_label: str, option: int) -> None:
    """The previewed tile is drawn with the track paths the server sent, on its hex; every option's picture has
    its track too."""
    chosen = next(b for b in legal["builds"] if b["hex"] == hex_label)
    paths = chosen["options"][option]["paths"]
    # the tile and its hex read in one go (the board may be drawn again or scrolled between two reads), until
    # the tile shows; the last reading is checked
    read_tile = """([hex, paths]) => {
        const tile = document.querySelector('#board .aos-overlay g[transform]');
        const poly = document.querySelector(`#board polygon.hex[data-hex="${hex}"]`);
        if (!tile || !poly) return null;
        const r = tile.getBoundingClientRect(), h = poly.getBoundingClientRect();
        const drawn = [...tile.querySelectorAll('path')].map((e) => e.getAttribute('d'));
        const box = [r.x, r.y, r.width, r.height], hx = [h.x, h.y, h.width, h.height];
        const shown = drawn.length > 0 && drawn.every((d) => paths.includes(d)) && paths.every((d) => drawn.includes(d))
            && hx[0] - 1 <= box[0] && box[0] + box[2] <= hx[0] + hx[2] + 1
            && hx[1] - 1 <= box[1] && box[1] + box[3] <= hx[1] + hx[3] + 1;
        return {drawn, box, hx, shown};
    }"""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"(args) => {{ const s = ({read_tile})(args); return s && s.shown; }}", arg=[hex_label, paths], timeout=5000
        )
    seen = page.evaluate(read_tile, [hex_label, paths])
    assert seen is not None, "no previewed tile"
    drawn, box, hx = seen["drawn"], seen["box"], seen["hx"]
    assert drawn and set(drawn) == set(paths)  # a dark casing and the owner's colour for each track
    assert hx[0] - 1 <= box[0] and box[0] + box[2] <= hx[0] + hx[2] + 1
    assert hx[1] - 1 <= box[1] and box[1] + box[3] <= hx[1] + hx[3] + 1
    assert max(box[2], box[3]) >= 0.4 * hx[3], "the previewed track should span its hex"
    icons = page.eval_on_selector_all(
        ".option-card .tile-icon", "els => els.map(e => e.querySelectorAll('path').length)"
    )
    assert icons == [2 * len(o["paths"]) for o in chosen["options"]]


def test_play_a_turn_against_bots(server: Server, page: Any, shot: Any) -> None:
    started = time.monotonic()
    game_id, token = create_game(page, server, seed=1)
    done: list[str] = []
    deliverable = False
    while "deliver" not in done:
        assert time.monotonic() - started < 90, f"the turn did not finish: {done}"
        index = my_turn(page)
        view = server.api("GET", f"/api/games/{game_id}", token=token)["view"]
        assert view["turn"] == 1, f"turn 1 ended before a delivery: {done}"
        if page.locator("#issue").count():
            page.fill("#shares-amount", "2")
            page.dispatch_event("#shares-amount", "change")
            assert page.inner_text("#issue") == "Issue 2 shares (+$10)"
            page.click("#issue")
            done.append("shares")
        elif page.locator("#bid").count() and "bid" not in done:
            banner = page.inner_text("#phase-line")
            assert "Turn 1 of 10" in banner and "Player Order" in banner and "Ada" in banner
            shot(page, "play-1-bid")
            page.click("#bid")
            done.append("bid")
        elif page.locator('[data-kind="turn_order_pass"], [data-kind="drop_out"]').count():
            page.locator('[data-kind="turn_order_pass"], [data-kind="drop_out"]').first.click()
            done.append("drop")
        elif page.locator("[data-select]").count():
            shot(page, "play-2-actions")
            page.click('[data-select="first_build"]')
            done.append("action")
        elif page.locator("[data-build-hex]").count() and not deliverable:
            legal = server.api("GET", f"/api/games/{game_id}/legal", token=token)
            plan = plan_build(server.api("GET", f"/api/games/{game_id}/record"), legal)
            assert plan is not None, "no build leads to a delivery"
            hex_label, option, deliverable = plan
            # pick the hex on the board itself, then the way to build it
            page.locator(f'#board polygon.hex[data-hex="{hex_label}"]').click(force=True)
            page.click(f'[data-option-index="{option}"]')
            assert page.locator("#board .aos-overlay .preview-track").count() >= 1
            assert page.locator("#board .aos-overlay .cost-tag").count() == 1
            check_preview(page, legal, hex_label, option)
            if "build" not in done:
                shot(page, "play-3-build-preview")
            page.click("#confirm-build")
            done.append("build")
        elif page.locator('[data-kind="end_build"]').count():
            page.click('[data-kind="end_build"]')
            done.append("end_build")
        elif page.locator("[data-cube]").count():
            page.locator("[data-cube]").first.click()
            page.click('[data-route-index="0"]')
            assert page.locator("#board .aos-overlay .route-hex-edge").count() >= 2
            assert "+1" in page.inner_text(".option-card.route.active")
            shot(page, "play-4-delivery")
            page.click("#confirm-deliver")
            done.append("deliver")
        else:
            raise AssertionError(f"unexpected decision: {page.inner_text('#decision')}")
        acted(page, index)
    assert done[:2] == ["shares", "bid"] and "action" in done and "build" in done
    page.wait_for_function("() => [...document.querySelectorAll('#log li')].some(li => /deliver/i.test(li.innerText))")
    ada = server.api("GET", f"/api/games/{game_id}")["view"]["players"][0]
    assert ada["income"] >= 1
    assert page.locator('#board .track[data-owner="0"]').count() >= 2
    page.wait_for_timeout(300)
    shot(page, "play-5-after-delivery")


def test_second_viewer_sees_moves_live(server: Server, browser: Any, page: Any, shot: Any) -> None:
    game_id, _ = create_game(page, server, seed=4)
    watcher_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    watcher = watcher_ctx.new_page()
    try:
        watcher.goto(f"{server.url}/game/{game_id}")
        watcher.wait_for_selector(".live.on")
        assert "Watching" in watcher.inner_text(".banner .me")
        index = my_turn(page)
        before = watcher.locator("#log li").count()
        page.fill("#shares-amount", "3")
        page.dispatch_event("#shares-amount", "change")
        page.click("#issue")
        # the watcher sees the shares and the bots' moves without reloading
        watcher.wait_for_function(
            f"() => Number(document.querySelector('#decision').dataset.index) > {index}", timeout=10_000
        )
        watcher.wait_for_function(
            "() => [...document.querySelectorAll('.player .shares dd')].some(dd => dd.textContent === '5')"
        )
        assert watcher.locator("#log li").count() > before
        # a watcher is never offered a decision
        assert watcher.get_attribute("#decision", "data-state") == "wait"
        assert watcher.locator(f"#decision :is({CONTROLS})").count() == 0
        shot(watcher, "live-viewer")
    finally:
        watcher_ctx.close()
