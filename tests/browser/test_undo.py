"""Undo against bots: the player's last decision is taken back with the bots' answers to it."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_play import acted, create_game, my_turn


def test_undo_against_bots_takes_back_the_decision_the_bots_answered(server: Server, page: Any, shot: Any) -> None:
    game_id, _ = create_game(page, server, seed=6)
    index = my_turn(page)
    assert page.locator("#undo").count() == 0
    page.fill("#shares-amount", "3")
    page.click("#issue")
    acted(page, index)
    later = my_turn(page)  # the bots have answered; the auction (or the next decision) is Ada's
    assert later > index + 1
    assert page.locator("#undo").count() == 1
    shot(page, "undo-offered")
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.querySelector('#decision').dataset.index) === {index}")
    my_turn(page)
    assert page.locator("#issue").count() == 1  # the shares are Ada's to choose again
    record = server.api("GET", f"/api/games/{game_id}/record")
    assert len(record["actions"]) == index
    page.click("#issue")  # no shares this time; the bots play again
    acted(page, index)
    my_turn(page)
    ada = server.api("GET", f"/api/games/{game_id}")["view"]["players"][0]
    assert ada["shares"] == 2


def test_online_an_undo_the_others_answered_is_asked_for_and_accepted(server: Server, browser: Any, shot: Any):
    seats = [{"name": n, "bot": None} for n in ("Ann", "Bob", "Cy")]
    made = server.api("POST", "/api/games", {"map": "rust-belt", "players": 3, "seats": seats})
    gid = made["id"]
    view = server.api("GET", f"/api/games/{gid}")["view"]
    order = view["order"]
    first, second = order[0], order[1]
    pages = {}
    contexts = []
    try:
        for seat in (first, second):
            ctx = browser.new_context(viewport={"width": 1400, "height": 900})
            contexts.append(ctx)
            pages[seat] = ctx.new_page()
            pages[seat].goto(server.url + made["seats"][seat]["join_url"])
        a, b = pages[first], pages[second]
        index = my_turn(a)
        a.click("#issue")
        acted(a, index)
        my_turn(b)
        b.click("#issue")
        acted(b, index + 1)
        a.wait_for_selector("#ask-undo")
        assert a.locator("#undo").count() == 0  # not taken back at once: another player answered
        a.click("#ask-undo")
        a.wait_for_selector("#undo-waiting")
        assert seats[second]["name"] in a.inner_text("#undo-waiting")
        b.wait_for_selector("#accept-undo")
        assert f"{seats[first]['name']} asks to take back: issue 0 shares." in b.inner_text("#undo-request")
        shot(b, "undo-asked")
        b.click("#accept-undo")
        a.wait_for_function(f"() => Number(document.querySelector('#decision').dataset.index) === {index}")
        my_turn(a)
        assert a.locator("#issue").count() == 1
        assert len(server.api("GET", f"/api/games/{gid}/record")["actions"]) == index
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_host_hands_a_seat_to_a_bot_from_the_players_panel(server: Server, page: Any, shot: Any) -> None:
    game_id, _ = create_game(page, server, seed=6)
    my_turn(page)
    ada = page.locator('.player[data-seat="0"]')
    ada.locator("select.seat-hand").select_option("steady")  # Ada leaves: a Medium bot plays on
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes('Medium bot'))"
    )
    page.wait_for_function(
        "() => document.querySelector('.player[data-seat=\"0\"] .badge')?.textContent.includes('Medium')"
    )
    seats = server.api("GET", f"/api/games/{game_id}")["seats"]
    assert seats[0]["bot"] == "steady"
    shot(page, "seat-handed-over")
