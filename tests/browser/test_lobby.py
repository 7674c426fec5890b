"""The lobby: create a game with one join link per seat, list it, join by link, hot seat."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server


def test_create_online_game_shows_one_join_link_per_human_seat(server: Server, page: Any, shot: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "4")
    kinds = page.locator(".seat-kind")
    assert kinds.count() == 4
    kinds.nth(1).select_option("human")
    page.locator(".seat-name").nth(1).fill("Brunel")
    shot(page, "lobby-form")
    page.click("#create-game")
    links = page.locator("[data-seat-link]")
    links.first.wait_for()
    assert links.count() == 2  # two humans, two bots
    url = links.nth(1).input_value()
    assert "/game/" in url and "token=" in url
    game_id = url.split("/game/")[1].split("?")[0]
    page.locator(f'.game-row[data-game="{game_id}"]').wait_for()
    assert "Brunel" in page.locator(f'.game-row[data-game="{game_id}"]').inner_text()
    shot(page, "lobby-created")
    # joining by the link opens the game as that seat
    page.fill("#join-link", url)
    page.click(".join-form button")
    page.wait_for_url("**/game/**")
    page.locator(".banner .me").wait_for()
    assert "You are Brunel" in page.locator(".banner .me").inner_text()


def test_hot_seat_plays_every_human_seat(server: Server, page: Any, shot: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "3")
    for i in range(3):
        page.locator(".seat-kind").nth(i).select_option("human")
    page.check("#mode-hotseat")
    page.click("#create-game")
    page.wait_for_url("**/game/**")
    page.locator("#decision h2").wait_for()
    assert "Hot seat" in page.locator(".banner .me").inner_text()
    # every human seat is offered its decision in turn in the same browser
    seen = set()
    for _ in range(3):
        page.locator("#issue").wait_for()
        seen.add(page.locator("#decision h2").inner_text())
        page.click("#issue")
        page.wait_for_function("() => !document.querySelector('#decision.busy')")
    assert len(seen) == 3
    shot(page, "hot-seat")
