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
