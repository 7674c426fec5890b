"""The end of a game tells its story: the score broken down, and each player's figures turn by turn as SVG
charts; the charts are there live during a game too."""

from __future__ import annotations

import random
from typing import Any

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from tests.browser.conftest import Server


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
