"""The lobby, second pass: Medium bots by default, each map option with its rule in a sentence, this browser's
games beyond the first eight, finished games offered as a replay, a game of bots only without host links, the
record file's field shown whole."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_story import played


def test_bots_default_to_medium(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "4")
    kinds = page.eval_on_selector_all(".seat-kind", "els => els.map(e => e.value)")
    assert kinds == ["human", "steady", "steady", "steady"]
    chosen = page.locator(".seat-kind").nth(1).evaluate("e => e.selectedOptions[0].textContent")
    assert chosen == "Bot: Medium"
    rated = [b for b in server.api("GET", "/api/bots") if b["rating"]]  # the ladder's, in words beneath the seats
    shown = page.locator(".seat-ratings")
    assert shown.count() == (1 if rated else 0)
    for b in rated:
        assert f"{b['title']} {b['rating']}" in shown.text_content()


def test_every_map_option_is_explained_in_a_sentence(server: Server, page: Any, shot: Any) -> None:
    maps = server.api("GET", "/api/maps")
    page.goto(server.url + "/")
    page.wait_for_selector("#map option", state="attached")
    for m in maps:
        page.select_option("#map", m["id"])
        for name in m["options"]:
            rule = m["option_rules"][name]
            assert rule.endswith(".") and len(rule) > 20, (m["id"], name)
            assert page.inner_text(f"#opt-{name}-rule") == rule
            assert page.get_attribute(f'label[for="opt-{name}"]', "title") == rule
        if m["id"] == "51st-state":
            shot(page, "lobby-options-explained")


def store_tokens(page: Any, games: list[tuple[str, str]]) -> None:
    tokens = {gid: {"token": tok, "label": "host", "saved": i + 1} for i, (gid, tok) in enumerate(games)}
    page.evaluate("t => localStorage.setItem('aos.tokens', JSON.stringify(t))", tokens)


def test_your_games_beyond_eight_are_a_click_away(server: Server, page: Any) -> None:
    seats = [{"name": n, "bot": None} for n in ("Ann", "Bob", "Cy")]
    games = []
    for seed in range(11):
        made = server.api(
            "POST", "/api/games", {"map": "rust-belt", "players": 3, "seats": seats, "seed": seed, "hot_seat": True}
        )
        games.append((made["id"], made["host_token"]))
    page.goto(server.url + "/")
    store_tokens(page, games)
    page.reload()
    page.wait_for_selector("#mine li")
    assert page.locator("#mine li").count() == 8
    assert page.inner_text("#mine-more") == "more (3)"
    page.click("#mine-more")
    assert page.locator("#mine li").count() == 11
    assert page.locator("#mine-more").count() == 0
    shown = page.eval_on_selector_all("#mine li", "els => els.map(e => e.dataset.mine)")
    assert shown == [gid for gid, _ in reversed(games)]  # newest first


def test_a_finished_game_is_offered_as_a_replay_not_resumed(server: Server, page: Any, shot: Any) -> None:
    gid, host, game = played(server, None)
    assert game.over
    page.goto(server.url + "/")
    store_tokens(page, [(gid, host)])
    page.reload()
    row = page.locator(f'.game-row[data-game="{gid}"]')
    row.wait_for()
    assert row.locator(".btn").all_inner_texts() == ["Replay", "View"]
    assert row.locator("[data-replay]").get_attribute("href") == f"/game/{gid}/replay"
    mine = page.locator(f'#mine li[data-mine="{gid}"]')
    assert "finished" in mine.inner_text() and mine.locator("[data-replay]").count() == 1
    shot(page, "lobby-finished-game")
    row.locator("[data-replay]").click()
    page.wait_for_url(f"**/game/{gid}/replay")


def test_a_game_of_bots_only_shows_no_host_link(server: Server, page: Any, shot: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#map", "rust-belt")
    page.select_option("#players", "3")
    page.locator(".seat-kind").first.select_option("random")
    page.click("#create-game")
    page.wait_for_selector("#created h2")
    assert page.locator("#host-link").count() == 0
    assert page.locator("[data-seat-link]").count() == 0
    assert "Only bots" in page.inner_text("#created")
    assert page.inner_text("#watch-created") == "Watch the bots"
    shot(page, "lobby-bots-only")


def test_the_record_file_field_is_shown_whole(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#record-file")
    box = page.locator("#record-file").bounding_box()
    panel = page.locator(".open-record").bounding_box()
    assert box["width"] >= 200 and box["x"] + box["width"] <= panel["x"] + panel["width"]
    assert page.evaluate(
        "() => { const e = document.querySelector('#record-file'); return e.scrollWidth <= e.clientWidth; }"
    )
