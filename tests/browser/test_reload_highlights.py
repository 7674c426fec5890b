"""Opening or reloading the page on one's own build turn shows the buildable hexes highlighted, even when the
legal moves arrive after the board."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ageofsteam.engine.game import Game
from ageofsteam.maps import load_board, map_ids
from tests.browser.conftest import Server
from tests.browser.helpers import advance_until, hotseat_game

HEX_MAPS = [m for m in map_ids() if not load_board(m).is_area]


def can_build(game: Game) -> bool:
    """The player to move builds (track, or what the map builds instead: stations, excavations)."""
    return game.state.build is not None and any(a.kind != "end_build" for a in game.legal_actions())


def slow_legal(route: Any) -> None:
    time.sleep(0.4)  # the legal moves come well after the board
    route.continue_()


@pytest.mark.parametrize("map_id", HEX_MAPS)
def test_a_reload_on_ones_build_turn_highlights_the_buildable_hexes(
    server: Server, page: Any, shot: Any, map_id: str
) -> None:
    gid, host, game = hotseat_game(server, map_id)
    advance_until(server, gid, host, game, can_build)
    legal = server.api("GET", f"/api/games/{gid}/legal", token=host)
    marked = len({b["hex"] for b in legal["builds"]}) + len({t["hex"] for t in legal["urbanize"]})
    marked += len({a["hex"] for a in legal["actions"] if a.get("hex")})
    page.route("**/legal*", slow_legal)
    for _ in range(2):  # opened, then reloaded
        page.goto(f"{server.url}/game/{gid}#token={host}")
        page.wait_for_selector('#decision[data-state="choose"]')
        page.wait_for_timeout(100)
        shown = page.eval_on_selector_all("#board .aos-overlay :is(.hl-build, .hl-map)", "els => els.length")
        assert shown == marked > 0
        shot(page, f"reload-build-{map_id}")
        page.reload()
