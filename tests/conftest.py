"""Shared helpers for the test suite: positions from scenario text, actions by keyword."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.record import Record


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


@pytest.fixture(autouse=True)
def scenario_games_replay(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest):
    """Every game a test starts from a scenario must replay from its saved record to the same view.

    A scenario is part of the record; if play could change it (a shared table), the saved game would replay
    to another position or not at all. Tests that set figures on the state by hand opt out with the
    ``state_edited`` mark.
    """
    games: list[Game] = []
    original = Game.from_scenario.__func__  # type: ignore[attr-defined]

    def tracked(cls: type[Game], *args: Any, **kwargs: Any) -> Game:
        game = original(cls, *args, **kwargs)
        games.append(game)
        return game

    monkeypatch.setattr(Game, "from_scenario", classmethod(tracked))
    yield
    if request.node.get_closest_marker("state_edited"):
        return
    for game in games:
        saved = Record.model_validate_json(game.record.model_dump_json())
        assert view(Game.from_record(saved, auto_chance=game.auto_chance)) == view(game), (
            "the saved record replays to another position"
        )
