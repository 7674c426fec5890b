"""Shared helpers for the test suite: positions from scenario text, actions by keyword."""

from __future__ import annotations

import copy
import gc
import random
import re
import textwrap
from collections import Counter
from typing import Any

import pytest

from ageofsteam import Game, IllegalAction, view
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.record import Record


def scenario(text: str, *, auto_chance: bool = True) -> Game:
    """A game from scenario TOML (indentation is removed), e.g. ``scenario('phase = "build_track"')``."""
    return Game.from_scenario(textwrap.dedent(text), auto_chance=auto_chance)


def act(game: Game, kind: str, **fields: Any) -> None:
    """Apply an action for the player to move: ``act(game, "bid", amount=3)``."""
    data = {"kind": kind, "player": game.to_move, **fields}
    game.apply(parse_action(data))


def refused(game: Game, kind: str, words: str | tuple[str, ...], **fields: Any) -> str:
    """``kind`` with ``fields`` by the player to move is refused with a message holding each of ``words``
    (case-insensitive), and the game is left exactly as it was: same view, same record. Returns the message."""
    expected = (words,) if isinstance(words, str) else words
    before = copy.deepcopy(view(game))
    actions = len(game.record.actions)
    with pytest.raises(IllegalAction) as info:
        act(game, kind, **fields)
    message = str(info.value)
    for w in expected:
        assert w.lower() in message.lower(), f"{w!r} not in the refusal {message!r}"
    assert view(game) == before
    assert len(game.record.actions) == actions
    return message


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


# Long runs that `make test-quick` leaves out (`make test` runs everything): whole random games, the browser,
# and servers started as processes.
SLOW_MODULES = (
    "random_play",
    "random_games",
    "test_restart",
    "test_choochoo_export",
    "test_choochoo_detroit",
    "test_legal_equals_check",
)
SLOW_FOLDERS = ("browser",)
SLOW_TESTS = re.compile(r"test_random_(\w+_)?games_keep_every_invariant")  # whole random games in a rules module


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path
        if (
            any(word in path.stem for word in SLOW_MODULES)
            or any(part in SLOW_FOLDERS for part in path.parts)
            or SLOW_TESTS.match(getattr(item, "originalname", item.name))
        ):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """Collect the garbage once and freeze what is left, so that pytest's five full collections at its exit (to
    report unraisable exceptions) are instant. A worker of ``pytest -n`` holds half a million objects after its
    tests, those collections took over 5 s on a busy machine, and xdist interrupts a worker still busy 5 s after
    the run's end with SIGINT: a KeyboardInterrupt traceback (raised in Hypothesis' gc callback) at the end of
    every ``make test`` of a passing suite."""
    gc.collect()
    gc.freeze()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Why tests were skipped, each reason once with its count (``-rs`` would list every test, and the hundreds of
    PostgreSQL variants skipped for one reason would bury the others)."""
    reasons: Counter[str] = Counter()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons[reason.removeprefix("Skipped: ")] += 1
    if reasons:
        terminalreporter.write_sep("-", "why tests were skipped")
        for reason, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0])):
            terminalreporter.write_line(f"{count} skipped: {reason}")


def steady_game(map_id: str, players: int, seed: int) -> Game:
    """A seeded game played to its end by steady bots in every seat, each weighing without a time limit (so the
    game depends on the seed alone)."""
    from ageofsteam.bots.steady import SteadyBot

    game = Game.new(map_id, players=players, seed=seed)
    bots = [SteadyBot(plan_work=None) for _ in range(players)]
    rngs = [random.Random(10 * seed + s) for s in range(players)]
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game, rngs[seat]))
    return game
