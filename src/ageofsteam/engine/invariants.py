"""Invariants that must hold after every action of every game, for random play and the test suite.

:func:`check_invariants` looks at one position; :func:`check_replay` at a whole record. Both return a list of
problems written for a person to read (an empty list: all is well) rather than raising, so that a caller can
collect every problem of a long run.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ageofsteam.board.tiles import TOWN_DISKS, manifest
from ageofsteam.engine.actions import CHANCE, EndBuild
from ageofsteam.engine.errors import AosError, IllegalAction
from ageofsteam.engine.view import view

if TYPE_CHECKING:
    from ageofsteam.engine.game import Game
    from ageofsteam.engine.state import GameState


def cube_census(g: GameState) -> dict[str, int]:
    """Colour → cubes counted in the bag, the display, on cities and drawn by Production but not yet placed."""
    out: dict[str, int] = {}

    def add(colour: str, n: int = 1) -> None:
        out[colour] = out.get(colour, 0) + n

    for colour, n in g.bag.items():
        add(colour, n)
    for boxes in g.display.values():
        for cube in boxes:
            if cube is not None:
                add(cube)
    for cubes in g.cubes.values():
        for colour, n in cubes.items():
            add(colour, n)
    for cube in g.produced:
        add(cube)
    for colour, n in g.rules.extra_goods(g).items():
        add(colour, n)
    return out


def _check_cubes(g: GameState) -> list[str]:
    problems = []
    for colour, n in g.bag.items():
        if n < 0:
            problems.append(f"the bag holds {n} {colour} cubes")
    for city, cubes in g.cubes.items():
        for colour, n in cubes.items():
            if n < 0:
                problems.append(f"{g.city_name(city)} holds {n} {colour} cubes")
    census = cube_census(g)
    expected = g.rules.BAG
    for colour in sorted(set(census) | set(expected)):
        have, want = census.get(colour, 0), expected.get(colour, 0)
        if have != want:
            problems.append(f"{have} {colour} cubes are accounted for, the game has {want}")
    return problems


def _check_track(g: GameState) -> list[str]:
    problems = []
    for chain in g.network.chains:
        owners = {g.tiles[h].owners[i] for h, i in chain.tracks}
        if len(owners) > 1:
            where = ", ".join(sorted({g.label(h) for h, _ in chain.tracks}))
            problems.append(f"the chain of track through {where} has several owners: {sorted(owners, key=str)}")
    for h, tile in g.tiles.items():
        if len(tile.owners) != len(tile.tracks):
            problems.append(f"the tile at {g.label(h)} has {len(tile.tracks)} tracks but {len(tile.owners)} owners")
        for o in tile.owners:
            if o is not None and (not 0 <= o < len(g.players) or g.players[o].eliminated):
                problems.append(f"track at {g.label(h)} belongs to seat {o}, who is not in the game")
    on_board: dict[str, int] = {}
    for tile in g.tiles.values():
        on_board[tile.tile] = on_board.get(tile.tile, 0) + 1
    for name, count in manifest().items():
        left = g.supply.get(name, 0)
        if left < 0 or left + on_board.get(name, 0) != count:
            problems.append(
                f"{name} tiles: {left} in the supply and {on_board.get(name, 0)} on the board, the game has {count}"
            )
    disks_used = sum(1 for t in g.tiles.values() if t.disk)
    if g.disks < 0 or g.disks + disks_used != TOWN_DISKS:
        problems.append(f"town disks: {g.disks} in the supply and {disks_used} on the board, the game has {TOWN_DISKS}")
    return problems


def _check_players(g: GameState) -> list[str]:
    problems = []
    rules = g.rules
    for p in g.players:
        if p.cash < 0:
            problems.append(f"{p.name} has ${p.cash}")
        if p.eliminated:
            if p.seat in g.order:
                problems.append(f"{p.name} is eliminated but still in the player order")
            continue
        if not 1 <= p.engine <= rules.max_engine(g):
            problems.append(f"{p.name} has engine {p.engine}")
        if not 0 <= p.shares <= rules.max_shares(g):
            problems.append(f"{p.name} has issued {p.shares} shares")
    return problems


def _check_turn(game: Game) -> list[str]:
    g = game.state
    if g.over:
        return [] if g.to_move is None else [f"the game is over but seat {g.to_move} is to move"]
    if g.to_move is None:
        return ["the game is not over but no one is to move"]
    if g.to_move == CHANCE:
        return ["a chance event is due but was not drawn"] if game.auto_chance else []
    if g.players[g.to_move].eliminated:
        return [f"{g.player_name(g.to_move)} is to move but has been eliminated"]
    if g.build is not None and g.build.player == g.to_move:
        # ending the build is always a choice; listing every build here would dominate random play
        try:
            g.rules.check(g, EndBuild(g.to_move))
            return []
        except IllegalAction as exc:
            return [f"{g.player_name(g.to_move)} may not end their build: {exc}"]
    if not game.legal_actions():
        return [f"{g.player_name(g.to_move)} is to move in {g.phase} but has no legal action"]
    return []


def check_invariants(game: Game) -> list[str]:
    """Every problem with the current position: cash, cubes, tiles, track ownership, and whose move it is."""
    g = game.state
    return _check_players(g) + _check_cubes(g) + _check_track(g) + g.rules.extra_invariants(g) + _check_turn(game)


def check_replay(game: Game) -> list[str]:
    """Problems with the record: it must replay to an identical view that survives a JSON round trip."""
    try:
        replayed = game.replay()
    except AosError as exc:
        return [f"the record does not replay: {exc}"]
    problems = []
    here = view(game)
    if view(replayed) != here:
        diff = sorted(k for k, v in view(replayed).items() if here.get(k) != v)
        problems.append(f"the replayed game differs in {', '.join(diff)}")
    if json.loads(json.dumps(here)) != here:
        problems.append("the view does not survive a JSON round trip")
    return problems
