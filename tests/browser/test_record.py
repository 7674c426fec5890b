"""Your record: the lobby shows the finished games played in this browser, with the results against each bot
level (games and wins) and on each map (games, wins, best score)."""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

from ageofsteam.bots import RandomBot
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from tests.browser.conftest import Server
from tests.browser.helpers import advance_until, hotseat_game
from tests.browser.test_story import played


def finished_against_bots(server: Server, level: str, seed: int, other: str | None = None) -> tuple[str, str]:
    """A Rust Belt game whose last turn P2 and P3 play as bots of ``level`` (P3 of ``other`` if given), P1 (the
    host) to the end."""
    gid, host, game = hotseat_game(server, "rust-belt", seed=seed)
    advance_until(server, gid, host, game, lambda g: g.state.turn == g.state.last_turn, seed=seed, limit=2000)
    for seat, lv in ((1, level), (2, other or level)):
        server.api("POST", f"/api/games/{gid}/seats/{seat}", {"bot": lv}, token=host)
    bot, rng = RandomBot(), random.Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{gid}/record")))
        if game.over:
            return gid, host
        if game.to_move == 0:
            body = {"index": len(game.record.actions), "action": bot.choose(game, rng).to_json()}
            with contextlib.suppress(OSError):  # a bot's move came first: read the game again
                server.api("POST", f"/api/games/{gid}/actions", body, token=host)
        else:
            time.sleep(0.1)
    raise AssertionError("the game did not end")


def result(server: Server, gid: str, host: str) -> tuple[bool, int]:
    """(won, best score of the host's seats) as the server has them."""
    g = server.api("GET", f"/api/games/{gid}", token=host)
    mine = g["you"]["seats"]
    standings = g["view"]["standings"]
    contest = len(g["seats"]) == 1 or any(s["seat"] not in mine for s in g["seats"])  # playing every seat: no win
    return contest and any(s in mine for s in g["view"]["winners"]), max(
        s["score"] for s in standings if s["seat"] in mine and s["score"] is not None
    )


def lost_solo(server: Server, seed: int) -> tuple[str, str]:
    """A Detroit solo game played to its end by random moves: bankrupt before the government, so lost."""
    made = server.api("POST", "/api/games", {"map": "detroit-bankruptcy", "players": 1, "seed": seed})
    gid, host = made["id"], made["host_token"]
    game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{gid}/record")))
    advance_until(server, gid, host, game, lambda g: g.over, seed=seed)
    assert game.state.rules.solo_figures(game.state)["won"] is False
    return gid, host


def test_the_lobby_shows_your_record_against_each_bot_level(server: Server, page: Any, shot: Any) -> None:
    medium = finished_against_bots(server, "steady", seed=6)
    people = played(server, None)[:2]
    solo = lost_solo(server, seed=3)
    games = [medium, people, solo]
    page.goto(server.url + "/")
    tokens = {gid: {"token": tok, "label": "host", "saved": i + 1} for i, (gid, tok) in enumerate(games)}
    page.evaluate("t => localStorage.setItem('aos.tokens', JSON.stringify(t))", tokens)
    page.reload()
    page.wait_for_selector("#record:not([hidden]) .record-maps")
    (won_m, best_m), (won_p, best_p), (won_s, _) = (result(server, *g) for g in games)
    assert not won_s
    solo_row = page.eval_on_selector('#record tr[data-map="detroit-bankruptcy"]', "r => r.cells[2].textContent")
    assert solo_row == "0"  # a solo game lost against the game is no win
    assert page.inner_text('#record [data-level="solo"]') == "Alone against the game: 0 wins in 1 game"
    medium_line = page.inner_text('#record [data-level="steady"]')
    assert medium_line == f"Against Medium bots: {int(won_m)} win{'' if won_m else 's'} in 1 game"
    people_line = page.inner_text('#record [data-level="none"]')
    assert people_line == f"Against people only: {int(won_p)} win{'' if won_p else 's'} in 1 game"
    row = page.eval_on_selector('#record tr[data-map="rust-belt"]', "r => [...r.cells].map(c => c.textContent)")
    assert row == ["Rust Belt", "2", str(int(won_m) + int(won_p)), str(max(best_m, best_p))]
    shot(page, "lobby-your-record")
    # kept in this browser: shown at once next time, without asking the server
    page.route("**/api/games/*", lambda route: route.abort())
    page.reload()
    page.wait_for_selector("#record:not([hidden]) .record-maps")


def test_a_game_against_two_bot_levels_counts_against_the_higher_rated(server: Server, page: Any) -> None:
    """The levels' list ends with the Baseline, which is not the strongest: a game against a Hard and a Baseline
    bot counts against the one the ladder rates higher."""
    ratings = {b["level"]: b["rating"] for b in server.api("GET", "/api/bots")}
    assert all(isinstance(ratings[lv], int) for lv in ("hard", "strong")), "no ladder ratings shipped"
    higher = max(("hard", "strong"), key=lambda lv: ratings[lv])
    gid, host = finished_against_bots(server, "strong", seed=7, other="hard")
    page.goto(server.url + "/")
    page.evaluate("t => localStorage.setItem('aos.tokens', JSON.stringify(t))", {gid: {"token": host, "saved": 1}})
    page.reload()
    page.wait_for_selector("#record:not([hidden]) .record-maps")
    assert page.locator(f'#record [data-level="{higher}"]').inner_text().endswith("in 1 game")
    lower = page.locator(f'#record [data-level="{"strong" if higher == "hard" else "hard"}"]')
    assert not lower.count() or lower.inner_text().endswith("in 0 games")
