"""Shared helpers for the test suite: positions from scenario text, actions by keyword."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.engine.actions import parse_action


def scenario(text: str, *, auto_chance: bool = True) -> Game:
    """A game from scenario TOML (indentation is removed), e.g. ``scenario('phase = "build_track"')``."""
    return Game.from_scenario(textwrap.dedent(text), auto_chance=auto_chance)


def act(game: Game, kind: str, **fields: Any) -> None:
    """Apply an action for the player to move: ``act(game, "bid", amount=3)``."""
    data = {"kind": kind, "player": game.to_move, **fields}
    game.apply(parse_action(data))


def hexid(game: Game, label: str) -> int:
    return game.state.map.hex_id(label)


@pytest.fixture
def new_game():
    return scenario
