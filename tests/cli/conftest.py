"""Helpers for the command-line tests: run ``aos`` in-process, make record files, find simple positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from ageofsteam import Game
from ageofsteam.board.tiles import oriented
from ageofsteam.cli.main import app
from ageofsteam.engine.scenario import Scenario


def aos(*args: str | Path, input: str | None = None) -> Result:
    """Run ``aos ARGS`` and return the result (output, exit code)."""
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def record_data(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def player_actions(path: Path) -> list[dict[str, Any]]:
    """The players' decisions in a record file (chance events left out)."""
    return [a for a in record_data(path)["actions"] if "player" in a]


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    """A new 3-player Rust Belt game with seed 11, all seats human."""
    path = tmp_path / "game.json"
    result = aos("new", "rust-belt", "--players", "3", "--seed", "11", "-o", path)
    assert result.exit_code == 0, result.output
    return path


def scenario_game(data: dict[str, Any]) -> Game:
    return Game.from_scenario(Scenario.parse({"players": 3, "seed": 5, **data}))


def simple_tile(a: int, b: int) -> tuple[str, int]:
    """The simple tile and rotation joining edges ``a`` and ``b``."""
    for tile in ("straight", "gentle", "sharp"):
        for r in range(6):
            if oriented(tile, r, False) == ((min(a, b), max(a, b)),):
                return tile, r
    raise AssertionError(f"no simple tile joins edges {a} and {b}")


def city_to_city_track(game: Game) -> tuple[int, list[tuple[int, str, int]], int]:
    """The shortest track (one or two plain tiles) from a printed city to another: (city, [(hex, tile,
    rotation)], other city), found from the map data."""
    g = game.state
    nb = g.map.neighbours

    def open_hex(h: int) -> bool:
        return h >= 0 and not g.is_city(h) and not g.is_town(h) and g.rules.terrain_cost(g, h) is not None

    found = []
    for c in g.map.cities:
        for e1 in range(6):
            n1 = nb[c.hex][e1]
            if not open_hex(n1):
                continue
            for f1 in range(6):
                n2 = nb[n1][f1]
                if f1 == (e1 + 3) % 6 or n2 < 0:
                    continue
                first = (n1, *simple_tile((e1 + 3) % 6, f1))
                if g.is_city(n2) and g.city_hex(n2) != c.hex:
                    found.append((c.hex, [first], g.city_hex(n2)))
                elif open_hex(n2):
                    for f2 in range(6):
                        far = nb[n2][f2]
                        if f2 != (f1 + 3) % 6 and far >= 0 and g.is_city(far) and g.city_hex(far) != c.hex:
                            found.append((c.hex, [first, (n2, *simple_tile((f1 + 3) % 6, f2))], g.city_hex(far)))
    assert found, "no two cities on the map are two hexes apart"
    return min(found, key=lambda f: (len(f[1]), f[0], f[2]))


def link_between_cities() -> tuple[str, list[str], str, Game]:
    """A Move Goods position with track joining two cities, owned by seat 1, and one cube at the first city of
    the second city's colour. Returns (first city hex, track hexes, second city hex, game)."""
    probe = Game.new("rust-belt", 3, seed=1)
    g = probe.state
    city, tiles, far = city_to_city_track(probe)
    colour = g.city_colours(far)[0]
    game = scenario_game(
        {
            "phase": "move_goods",
            "empty_cities": True,
            "cubes": {g.label(city): [colour]},
            "track": [{"hex": g.label(h), "tile": t, "rotation": r, "owner": 1} for h, t, r in tiles],
        }
    )
    return g.label(city), [g.label(h) for h, _, _ in tiles], g.label(far), game
