"""Whole games played by clicks only, as a person would: on a phone-sized page (Rust Belt against Medium bots)
and on an area map (Old Europe: discs placed by clicking the circles). Track, deliveries and discs are chosen on
the board; shares, bids and actions with the panel's buttons (the shares slider by a click on it)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import Server
from tests.browser.test_maps import create_hotseat
from tests.browser.test_play import acted, my_turn


def board_point(page: Any, selector: str) -> tuple[float, float]:
    """The screen point of the middle of ``selector`` (an element of the board), brought into view: the whole
    board (Fit) and, on a phone, scrolled to just below the decision that stays at the top."""
    for _ in range(3):
        page.evaluate(
            """() => { const d = document.getElementById('decision').getBoundingClientRect();
                 const b = document.getElementById('board').getBoundingClientRect();
                 const stuck = getComputedStyle(document.getElementById('decision')).position === 'sticky';
                 const top = stuck ? d.bottom + 8 : 8;
                 window.scrollBy(0, b.top - top); }"""
        )
        spot = page.evaluate(
            """(sel) => { const e = document.querySelector(sel); if (!e) return null;
                 const r = e.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2;
                 const top = document.elementFromPoint(x, y);
                 return { x, y, ok: !!top && !!top.closest('#board') }; }""",
            selector,
        )
        assert spot is not None, f"{selector} is not on the board"
        if spot["ok"]:
            return spot["x"], spot["y"]
        page.click("#zoom-fit")
    raise AssertionError(f"{selector} cannot be reached on the board")


def click_board(page: Any, selector: str) -> None:
    x, y = board_point(page, selector)
    page.mouse.click(x, y)


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if v is not None} == {k: v for k, v in b.items() if v is not None}


def on_board(page: Any, hint: dict[str, Any], legal: dict[str, Any]) -> bool:
    """Carry out the suggested move on the board: the hex of a tile, the city of a good, the circle of a disc,
    the town of a New City, then the panel's confirmation; False if the move is not one made on the board."""
    action = hint["action"]
    kind = action["kind"]
    if kind == "build":
        group = next(g for g in legal["builds"] if g["hex"] == hint["build"]["hex"])
        option = next(i for i, o in enumerate(group["options"]) if same(o["action"], action))
        click_board(page, f'#board polygon.hex[data-hex="{group["hex"]}"]')
        page.click(f'[data-option-index="{option}"]')
        page.click("#confirm-build")
    elif kind == "deliver":
        cube = next(c for c in legal["deliveries"] if any(same(r["action"], action) for r in c["routes"]))
        route = next(k for k, r in enumerate(cube["routes"]) if same(r["action"], action))
        click_board(page, f'#board [data-hex="{cube["city"]}"]')  # the city on the board offers its goods
        page.wait_for_selector("[data-cube].active")
        if page.get_attribute("[data-cube].active", "data-cube") != f"{cube['city']}:{cube['colour']}":
            page.click(f'[data-cube="{cube["city"]}:{cube["colour"]}"]')  # another good of that city
        page.click(f'[data-route-index="{route}"]')
        page.click("#confirm-deliver")
    elif kind == "place_disc":
        click_board(page, f'#board .aos-overlay .hl-disc[data-disc="{action["circle"]}"]')
        page.click("#confirm-disc")
    elif kind == "urbanize":
        click_board(page, f'#board polygon.hex[data-hex="{hint["hex"]}"]')
        page.click(f'[data-city="{action["city"]}"]')
    else:
        return False
    return True


def play_game(page: Any, server: Server, game_id: str, token: str, shot: Any, name: str, minutes: float) -> dict:
    """Play this browser's seat to the end of the game by clicks, as a Medium bot would advise (the Hint): the
    kinds of decision made, counted."""
    started, made, shots = time.monotonic(), {}, 0
    while True:
        assert time.monotonic() - started < minutes * 60, f"the game did not end in {minutes} minutes: {made}"
        index = my_turn(page, timeout=60_000)
        state = page.get_attribute("#decision", "data-state")
        if state == "over":
            return made
        if state != "choose":
            continue
        legal = server.api("GET", f"/api/games/{game_id}/legal", token=token)
        if legal["index"] != index:
            continue
        page.click("#hint")  # what would a Medium bot play here?
        try:
            page.wait_for_selector("#hint-box", timeout=20_000)
        except PlaywrightTimeout:  # the position moved on (a live update) before the hint came
            continue
        hint = page.evaluate("async () => (await import('/js/state.js')).S.hint")
        if not hint or hint["index"] != index:
            continue
        if not on_board(page, hint, legal):  # the rest with the panel's button
            page.click("#hint-play")
        kind = hint["action"]["kind"]
        made[kind] = made.get(kind, 0) + 1
        acted(page, index)
        view = server.api("GET", f"/api/games/{game_id}")["view"]
        if view["turn"] and view["turn"] > shots and view["phase"] == "move_goods":
            shots = view["turn"]
            shot(page, f"{name}-turn-{shots}")


def test_a_whole_game_on_a_phone_by_clicks(server: Server, browser: Any, shot: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        game_id, token = create_hotseat(page, server, "rust-belt", 3, seed=11)
        made = play_game(page, server, game_id, token, shot, "clicks-phone", minutes=12)
        assert_played_to_the_end(server, game_id, made, "build")
        shot(page, "clicks-phone-over")
    finally:
        ctx.close()


def assert_played_to_the_end(server: Server, game_id: str, made: dict[str, int], build_kind: str) -> None:
    """The game is over and scored, and the clicks made at least 5 builds (``build_kind``) and 3 deliveries."""
    view = server.api("GET", f"/api/games/{game_id}")["view"]
    summary = [(p["name"], p["cash"], p["income"], p["shares"], p["score"]) for p in view["players"]]
    assert view["over"] and made.get(build_kind, 0) >= 5 and made.get("deliver", 0) >= 3, (made, summary)
    assert view["players"][0]["score"] is not None, summary


def test_a_whole_game_on_an_area_map_by_clicks(server: Server, page: Any, shot: Any) -> None:
    game_id, token = create_hotseat(page, server, "old-europe", 3, seed=12)
    made = play_game(page, server, game_id, token, shot, "clicks-old-europe", minutes=12)
    assert_played_to_the_end(server, game_id, made, "place_disc")
    shot(page, "clicks-old-europe-over")
