"""The end of a game tells its story: the score broken down, and each player's figures turn by turn as SVG
charts; the charts are there live during a game too."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from tests.browser.conftest import Server, checked_page


def played(server: Server, actions: int | None, seed: int = 3) -> tuple[str, str, Game]:
    """A Rust Belt game of three humans (the host link plays them all), moved on by random decisions."""
    seats = [{"name": n, "bot": None} for n in ("Ann", "Bob", "Cy")]
    made = server.api(
        "POST", "/api/games", {"map": "rust-belt", "players": 3, "seats": seats, "seed": seed, "hot_seat": True}
    )
    gid, host = made["id"], made["host_token"]
    bot, rng = RandomBot(), random.Random(seed)
    game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{gid}/record")))
    while not game.over and (actions is None or len(game.record.actions) < actions):
        action = bot.choose(game, rng)
        server.api(
            "POST",
            f"/api/games/{gid}/actions",
            {"index": len(game.record.actions), "action": action.to_json()},
            token=host,
        )
        game.apply(action)
    return gid, host, game


def test_a_finished_game_shows_the_score_broken_down_and_the_charts(server: Server, page: Any, shot: Any) -> None:
    gid, host, game = played(server, None)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#story svg.chart")
    charts = page.eval_on_selector_all("#story svg.chart", "els => els.map(e => e.dataset.chart)")
    assert charts == ["score", "income", "cash", "shares", "engine"]
    turns = game.state.turn
    history = server.api("GET", f"/api/games/{gid}/history")
    assert history["over"] and history["points"][0]["label"] == "start"
    assert history["points"][-1]["label"] == f"turn {turns}"
    for p, seat in zip(history["players"], game.state.players, strict=True):
        assert p["score"][-1] == game.state.rules.score(game.state, seat.seat)
        assert sum(x["points"] for x in p["score_parts"]) == p["score"][-1]
    lines = page.locator('#story svg.chart[data-chart="cash"] polyline.chart-line')
    assert lines.count() == 3
    points = lines.first.get_attribute("points").split()
    assert len(points) == len(history["points"])
    table = page.inner_text("#score-parts")
    assert "Income" in table and "Shares" in table and "Track in completed links" in table and "Total" in table
    shot(page, "game-over-story")


def test_the_charts_are_there_during_a_game(server: Server, page: Any) -> None:
    gid, host, _ = played(server, 60)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#charts summary")
    page.click("#charts summary")
    page.wait_for_selector("#charts svg.chart")
    labels = page.eval_on_selector_all(
        '#charts svg.chart[data-chart="income"] text.chart-axis', "els => els.map(e => e.textContent)"
    )
    assert "now" in labels and "start" in labels


@pytest.mark.parametrize("width", [1600, 1000])
def test_a_game_that_ends_while_its_page_is_open_brings_the_result_into_view(
    server: Server, browser: Any, width: int
) -> None:
    """The player had scrolled down the side panel (wide screens) or the page (narrower ones, the panel under the
    board) when the last action came: the result is scrolled into view, not left where nobody looks."""
    seats = [{"name": n, "bot": None} for n in ("Ann", "Bob", "Cy")]
    made = server.api(
        "POST", "/api/games", {"map": "rust-belt", "players": 3, "seats": seats, "seed": 5, "hot_seat": True}
    )
    gid, host = made["id"], made["host_token"]
    game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{gid}/record")))
    bot, rng = RandomBot(), random.Random(5)
    sent = []  # each decision as the page would send it (chance is drawn by the server)
    while not game.over:
        action = bot.choose(game, rng)
        sent.append({"index": len(game.record.actions), "action": action.to_json()})
        game.apply(action)
    for body in sent[:-1]:
        server.api("POST", f"/api/games/{gid}/actions", body, token=host)
    for page in checked_page(browser, viewport={"width": width, "height": 700}):
        page.goto(f"{server.url}/game/{gid}#token={host}")
        page.wait_for_selector("#decision[data-state=choose]")
        page.evaluate("() => { document.querySelector('.side').scrollTop = 1e6; window.scrollTo(0, 1e6); }")
        out = """() => { const r = document.querySelector('#decision').getBoundingClientRect();
          return r.bottom < 0 || r.top > innerHeight; }"""
        seen = """() => {
          const d = document.querySelector('#decision h2').getBoundingClientRect();
          const s = document.querySelector('.side').getBoundingClientRect();
          return d.top >= Math.max(0, s.top) - 1 && d.bottom <= Math.min(innerHeight, s.bottom) + 1; }"""
        assert page.evaluate(out), "the panel should be out of view before the end"
        server.api("POST", f"/api/games/{gid}/actions", sent[-1], token=host)
        page.wait_for_selector("#decision[data-state=over]")
        page.wait_for_function(seen)
        assert page.inner_text("#decision h2") == "Game over"


def test_the_charts_keep_their_words_near_their_size_at_any_width(server: Server, browser: Any) -> None:
    """Side by side where the panel is wide, one below the other where it is narrow: a chart is drawn at 0.75 to
    1.34 times its own size, so its 12 px titles stay between 9 and 16 px (one below the other in a wide panel,
    they grew to some 30 px)."""
    gid, host, _ = played(server, None)
    for width in (1600, 1000, 390):
        for page in checked_page(browser, viewport={"width": width, "height": 900}):
            page.goto(f"{server.url}/game/{gid}#token={host}")
            page.wait_for_selector("#story svg.chart")
            scales = page.eval_on_selector_all(
                "#story svg.chart", "els => els.map(e => e.getBoundingClientRect().width / e.viewBox.baseVal.width)"
            )
            assert len(scales) == 5 and all(0.75 <= x <= 1.34 for x in scales), (width, scales)
