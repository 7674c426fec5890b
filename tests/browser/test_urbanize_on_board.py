"""Urbanization on the board: a click on a town that could take a New City or a track tile offers the New City
first (it is placed before any track), and a second click offers the tiles."""

from __future__ import annotations

from typing import Any

from ageofsteam.engine.actions import Build, Urbanize
from ageofsteam.engine.game import Game
from tests.browser.conftest import Server
from tests.browser.helpers import advance_until, hotseat_game
from tests.browser.test_play_by_clicks import click_board


def both_at_a_town(game: Game) -> bool:
    """The player to move may put a New City or a track tile on the same town."""
    if game.state.build is None:
        return False
    legal = game.legal_actions()
    towns = {a.hex for a in legal if isinstance(a, Urbanize)}
    return any(isinstance(a, Build) and a.hex in towns for a in legal)


def test_a_click_on_a_town_offers_the_new_city_before_its_track(server: Server, page: Any, shot: Any) -> None:
    gid, host, game = hotseat_game(server, "rust-belt", seed=5)
    advance_until(server, gid, host, game, both_at_a_town, seed=5, limit=2000)
    legal = game.legal_actions()
    tiles = {a.hex for a in legal if isinstance(a, Build)}
    town = next(a.hex for a in legal if isinstance(a, Urbanize) and a.hex in tiles)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector('#decision[data-state="choose"]')
    click_board(page, f'#board polygon.hex[data-hex="{town}"]')
    page.wait_for_selector(f'[data-town="{town}"].active')
    assert page.locator("[data-city]").count() > 0  # the New Cities to put there
    shot(page, "urbanize-town-first-click")
    click_board(page, f'#board polygon.hex[data-hex="{town}"]')
    page.wait_for_selector("#confirm-build")  # the second click: the town's track tiles
    assert page.locator(f'[data-town="{town}"].active').count() == 0
