"""Helpers for the Phase IV (Build Track) scenario tests.

Positions are written as scenario data (the same fields as a scenario TOML file) so that a track with
mixed or missing owners can be stated: TOML has no null, a Python ``None`` does. Hex labels and edge names
follow the map: the letter is the doubled row, the number the column; edges are N, NE, SE, S, SW, NW.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ageofsteam import Game, view
from ageofsteam.engine.scenario import Scenario
from tests.conftest import act, refused

EDGE_ORDER = ("N", "NE", "SE", "S", "SW", "NW", "town")


def inland(label: str, tile: str) -> int:
    """The first rotation of ``tile`` on the Rust Belt hex ``label`` whose track points only where track may
    point and that touches no city (for filler track that uses up the supply without pointing off the map or
    into a lake, and without making a link)."""
    from ageofsteam.board.tiles import oriented
    from ageofsteam.rules.track_placement import pointing_refusal

    g = Game.new("rust-belt", players=3, seed=1).state
    h = g.map.hex_id(label)
    for rotation in range(6):
        ends = {e for track in oriented(tile, rotation, False) for e in track}
        if all(pointing_refusal(g, h, e) is None and not g.is_city(g.map.neighbours[h][e]) for e in ends):
            return rotation
    raise ValueError(f"no rotation of {tile} fits on {label}")


def position(
    *,
    track: Sequence[tuple[Any, ...]] = (),
    players: dict[int, dict[str, Any]] | None = None,
    n: int = 3,
    order: list[int] | None = None,
    to_move: int | None = None,
    phase: str = "build_track",
    auto_chance: bool = True,
    **extra: Any,
) -> Game:
    """A game at ``phase`` (Build Track unless told) with ``track`` on the board.

    ``track`` holds ``(hex, tile, rotation, owner)`` tuples; ``owner`` is a seat, None (unowned) or a list
    with one owner per track in the engine's order (tracks sorted by their lower edge number).
    ``players`` maps a seat to its scenario fields (cash, action, has_built, ...).
    """
    data: dict[str, Any] = {"players": n, "phase": phase, "order": list(order or range(n))}
    if to_move is not None:
        data["to_move"] = to_move
    specs = []
    for t in track:
        hex_, tile, rotation, owner = t
        spec: dict[str, Any] = {"hex": hex_, "tile": tile, "rotation": rotation}
        if isinstance(owner, list):
            spec["owners"] = owner
        elif owner is not None:
            spec["owner"] = owner
        specs.append(spec)
    data["track"] = specs
    data["player"] = [{"seat": s, **fields} for s, fields in sorted((players or {}).items())]
    data.update(extra)
    return Game.from_scenario(Scenario.parse(data), auto_chance=auto_chance)


def build(game: Game, hex_: str, tile: str, rotation: int) -> None:
    act(game, "build", hex=hex_, tile=tile, rotation=rotation)


def end_build(game: Game) -> None:
    act(game, "end_build")


def refused_build(game: Game, hex_: str, tile: str, rotation: int, words: str | tuple[str, ...]) -> str:
    return refused(game, "build", words, hex=hex_, tile=tile, rotation=rotation)


def _key(a: str, b: str) -> str:
    return "-".join(sorted((a, b), key=EDGE_ORDER.index))


def norm(layout: dict[str, Any]) -> dict[str, Any]:
    """``{"NW-SE": 0}`` → ``{"SE-NW": 0}``: track keys in a fixed edge order."""
    return {_key(*k.split("-")): v for k, v in layout.items()}


def tracks_at(game: Game, hex_: str) -> dict[str, int | None] | None:
    """The tracks on ``hex_`` as ``{"SE-NW": owner}``, or None if the hex holds no tile."""
    for t in view(game)["track"]:
        if t["hex"] == hex_.upper():
            return {_key(a, b): o for (a, b), o in zip(t["tracks"], t["owners"], strict=True)}
    return None


def tile_at(game: Game, hex_: str) -> dict[str, Any] | None:
    return next((t for t in view(game)["track"] if t["hex"] == hex_.upper()), None)


def cash(game: Game, seat: int) -> int:
    return view(game)["players"][seat]["cash"]


def links(game: Game) -> list[tuple[str, str, int | None, int]]:
    """Completed links as sorted ``(place, place, owner, sections)`` with the two places sorted."""
    out = []
    for lk in view(game)["links"]:
        a, b = sorted((lk["from"], lk["to"]))
        out.append((a, b, lk["owner"], lk["sections"]))
    return sorted(out, key=str)


def builds_left(game: Game) -> int:
    b = view(game)["build"]
    assert b is not None
    return b["builds_left"]


def play_until_build(game: Game, seat: int, turn: int, limit: int = 500) -> None:
    """Play on with the plainest choices (no shares, drop out of the auction, end every other build, no
    deliveries) until it is ``seat``'s build in ``turn``."""
    prefer = ("locomotive", "first_move", "production", "turn_order", "engineer", "first_build", "urbanization")
    for _ in range(limit):
        g = game.state
        if g.phase == "build_track" and g.turn == turn and g.to_move == seat:
            return
        legal = game.legal_actions()
        kinds = {a.kind: a for a in legal}
        if g.phase == "issue_shares":
            choice = next(a for a in legal if a.count == 0)
        elif g.phase == "player_order":
            choice = kinds["drop_out"]
        elif g.phase == "select_actions":
            choice = min(legal, key=lambda a: prefer.index(a.action))
        elif g.phase == "build_track":
            choice = kinds["end_build"]
        elif g.phase == "move_goods":
            choice = kinds["skip_move"]
        else:
            choice = legal[0]
        game.apply(choice)
    raise AssertionError(f"seat {seat} did not get to build in turn {turn}")
