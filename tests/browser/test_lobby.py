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
    game_id = url.split("/game/")[1].split("#")[0].split("?")[0]
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


def test_a_map_option_with_a_few_allowed_values_is_chosen_from_a_list(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    assert page.inner_text('#map option[value="miami-2030"]') == "Miami 2030 (1 player)"
    assert page.inner_text('#map option[value="rust-belt"]') == "Rust Belt (3–6 players)"
    page.select_option("#map", "miami-2030")
    assert page.inner_text("#players") == "1 player"
    difficulty = page.locator("#opt-difficulty")
    assert difficulty.evaluate("e => e.tagName") == "SELECT"
    assert difficulty.evaluate("e => [...e.options].map(o => o.textContent)") == ["Easy", "Medium", "Hard"]
    difficulty.select_option(label="Hard")
    page.check("#mode-hotseat")
    page.click("#create-game")
    page.wait_for_url("**/game/**")
    game_id = page.url.split("/game/")[1].split("#")[0].split("?")[0]
    record = server.api("GET", f"/api/games/{game_id}/record")
    assert record["options"]["difficulty"] == "hard"


def test_your_seats_show_the_map_the_players_and_whose_move_it_is(server: Server, page: Any) -> None:
    from tests.browser.test_play import create_game, my_turn

    game_id, _ = create_game(page, server, seed=8)
    my_turn(page)  # the bots have moved: it is Ada's move
    page.goto(server.url + "/")
    row = page.locator(f'#mine li[data-mine="{game_id}"]')
    row.wait_for()
    page.wait_for_function(
        f"() => document.querySelector('#mine li[data-mine=\"{game_id}\"]').textContent.includes('your move')"
    )
    assert row.inner_text().lower() == "rust belt · 3 players · host · your move"  # the badge is in capitals
    assert "your-move" in (row.get_attribute("class") or "")


def test_a_game_can_let_a_bot_take_over_an_idle_seat(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.click(".advanced summary")
    page.fill("#idle-hours", "12")
    page.click("#create-game")
    links = page.locator("[data-seat-link]")
    links.first.wait_for()
    game_id = links.first.input_value().split("/game/")[1].split("#")[0]
    seats = server.api("GET", f"/api/games/{game_id}")["seats"]
    assert [s["idle_hours"] for s in seats] == [None if s["bot"] else 12 for s in seats]
