"""The fast listing of builds (``rules/build_listing.py``: answers remembered per situation) lists exactly what
the straightforward listing does, in the same order, at every build decision of seeded games of every map that
builds track tiles (the builds ``legal_actions`` lists are compared).

Two references, both written here and independent of the fast listing's shortcuts:

* ``reference_builds``: the listing as it was before the fast one (every candidate hex, its layouts pruned by
  the bit-mask tests, each checked by ``plan_build``), compared at every build decision, list against list;
* ``every_build``: every tile in every rotation on every candidate hex checked by ``plan_build``, identical
  results listed once, compared as sets on a sample of positions (it is slow).

Positions come from games of the random bot (long games with much track), of the uniform random policy the
engine benchmark plays (``benchmarks/run.py`` part g), of the steady bot, and from the recorded games
rust-belt-2692 and heavy-cardboard-2797 (people's track over whole games).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ageofsteam import Game, IllegalAction
from ageofsteam.board.tiles import TILE_TYPES, distinct_rotations, exits_of, oriented
from ageofsteam.bots import RandomBot, bot
from ageofsteam.engine.actions import Build
from ageofsteam.engine.playout import advance, resolve_chance
from ageofsteam.engine.state import GameState
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rules import build_listing
from ageofsteam.rules.build_listing import PLACEMENT_HOOKS
from ageofsteam.rules.build_track import (
    BuildTrackPhase,
    _dedupe,
    _empty_hex_layouts,
    _layouts,
    _redirect_ends,
    _redirect_fits,
    candidate_hexes,
    edge_masks,
    legal_builds,
)
from ageofsteam.rules.hooks import keeps_base
from ageofsteam.rules.special_links import SpecialLinkBuildPhase
from ageofsteam.rules.track_placement import BuildPlan, plan_build
from tests.conformance.conftest import DATA

EVERY_BUILD_EVERY = 25  # one build decision in this many is also checked against every tile in every rotation


def reference_builds(g: GameState, seat: int) -> list[Build]:
    """Every legal single build, listed the straightforward way (the listing before the fast one)."""
    first = not g.players[seat].has_built
    plans: list[BuildPlan] = []
    for h in sorted(candidate_hexes(g, seat)):
        town = g.is_town(h)
        if not town and g.rules.terrain_cost(g, h) is None:
            continue
        old = g.tiles.get(h)
        bad, connect, city = edge_masks(g, seat, h)
        if old is None:
            shapes = [
                (name, r)
                for name, r in _empty_hex_layouts(town, first, bad, connect, city if first else 0)
                if g.supply.get(name, 0) > 0
            ]
        else:
            shapes = []
            free = _redirect_ends(g, seat, h, old) if not town else {}
            for name, r, disk, _exits, _masks in _layouts(town):
                if (g.supply.get(name, 0) <= 0 and old.tile != name) or (old.tile == name and old.rotation == r):
                    continue
                tracks = oriented(name, r, disk)
                kept = len(set(old.tracks).intersection(tracks))
                if town or len(tracks) > len(old.tracks):
                    if kept != len(old.tracks) or len(tracks) <= kept:
                        continue
                    if not town and any(
                        exits_of((t,)) & bad or not exits_of((t,)) & connect for t in tracks if t not in old.tracks
                    ):
                        continue
                elif not (len(tracks) == len(old.tracks) and kept == len(tracks) - 1) or not _redirect_fits(
                    old.tracks, tracks, free, bad
                ):
                    continue
                shapes.append((name, r))
        for name, r in shapes:
            try:
                plans.append(plan_build(g, seat, h, name, r))
            except IllegalAction:
                continue
    return [Build(seat, g.label(p.hex), p.tile.tile, p.tile.rotation) for p in _dedupe(plans)]


def every_build(g: GameState, seat: int) -> set[Build]:
    """Every tile in every rotation on every candidate hex, checked by ``plan_build``; a symmetric tile's
    rotations that lay the same track count once (by their first rotation)."""
    plans = []
    for h in sorted(candidate_hexes(g, seat)):
        for name, tile in TILE_TYPES.items():
            disk = g.is_town(h) and not tile.is_town_tile
            for r in distinct_rotations(name, disk):
                try:
                    plans.append(plan_build(g, seat, h, name, r))
                except IllegalAction:
                    continue
    return {Build(seat, g.label(p.hex), p.tile.tile, p.tile.rotation) for p in _dedupe(plans)}


def deciding_build(g: GameState) -> int | None:
    """The seat choosing a build now, or None."""
    b = g.build
    if g.over or b is None or g.to_move != b.player or b.builds_left <= 0 or g.phase != "build_track":
        return None
    return b.player


def lays_tiles(map_id: str) -> bool:
    """Does the map's Build Track phase list the tile builds of the base game (not discs or stations)?"""
    phase = load_rules(map_id).phase_map["build_track"]
    return type(phase).legal in (BuildTrackPhase.legal, SpecialLinkBuildPhase.legal)


TILE_MAPS = [m for m in map_ids() if lays_tiles(m)]


def player_counts(map_id: str) -> list[int]:
    lo, hi = load_rules(map_id).player_counts()
    return sorted({lo, hi, min(max(lo, 4), hi)})


def bot_games(map_id: str, level: str, games: int, first: int = 0) -> Iterator[GameState]:
    """Positions of seeded games (seeds ``first`` on) of one bot level in every seat, at each build decision."""
    counts = player_counts(map_id)
    for seed in range(first, first + games):
        game = Game.new(map_id, players=counts[seed % len(counts)], seed=seed)
        player = RandomBot() if level == "random" else bot(level)
        rng = random.Random(seed)
        while not game.over:
            if deciding_build(game.state) is not None:
                yield game.state
            game.apply(player.choose(game, rng))


def uniform_games(map_id: str, games: int, first: int = 0) -> Iterator[GameState]:
    """Positions of the engine benchmark's playouts (seeds ``first`` on): each action drawn uniformly from the
    legal ones."""
    counts = player_counts(map_id)
    for seed in range(first, first + games):
        g = Game.new(map_id, players=counts[seed % len(counts)], seed=seed).state.copy()
        rng = random.Random(seed)
        resolve_chance(g, rng)
        while not g.over:
            if deciding_build(g) is not None:
                yield g
            advance(g, rng.choice(g.rules.legal_actions(g)), rng)


def recorded_game(name: str) -> Iterator[GameState]:
    from ageofsteam.conformance.choochoo import import_file

    record = import_file(DATA / f"{name}.record.json").record
    for game in Game.positions(record):
        if deciding_build(game.state) is not None:
            yield game.state


def check_positions(positions: Iterator[GameState]) -> int:
    """Compare the fast listing with the references at each position; the number of positions compared."""
    n = 0
    for g in positions:
        seat = deciding_build(g)
        assert seat is not None
        fast = [a for a in g.rules.legal_actions(g) if isinstance(a, Build)]
        where = f"turn {g.turn}, {g.player_name(seat)}, {len(g.tiles)} tiles"
        reference = reference_builds(g, seat)
        assert fast == reference, where
        planned = legal_builds(g, seat)  # the plans the bots use, from the same remembered answers
        assert [Build(seat, g.label(p.hex), p.tile.tile, p.tile.rotation) for p in planned] == reference, where
        if n % EVERY_BUILD_EVERY == 0:
            assert set(fast) == every_build(g, seat), where
        n += 1
    return n


@pytest.mark.parametrize("map_id", TILE_MAPS)
def test_fast_listing_equals_the_reference_in_random_bot_games(map_id):
    assert check_positions(bot_games(map_id, "random", games=1)) > 0


@pytest.mark.parametrize("map_id", TILE_MAPS)
def test_fast_listing_equals_the_reference_in_uniform_random_playouts(map_id):
    check_positions(uniform_games(map_id, games=3))


@pytest.mark.parametrize("name", ["rust-belt-2692", "heavy-cardboard-2797"])
def test_fast_listing_equals_the_reference_in_a_recorded_game(name):
    assert check_positions(recorded_game(name)) > 20


def test_fast_listing_equals_the_reference_in_steady_bot_games():
    assert check_positions(bot_games("rust-belt", "steady", games=1)) > 20


@pytest.mark.slow
@pytest.mark.parametrize("map_id", TILE_MAPS)
def test_fast_listing_equals_the_reference_in_many_games(map_id):
    """Games the two tests above do not play (seeds after theirs)."""
    check_positions(bot_games(map_id, "random", games=1, first=1))
    check_positions(uniform_games(map_id, games=3, first=3))


def test_the_base_game_lists_builds_from_remembered_situations():
    assert keeps_base(load_rules("rust-belt"), PLACEMENT_HOOKS)


def test_the_listing_stays_exact_when_it_forgets_older_answers(monkeypatch):
    monkeypatch.setattr(build_listing, "MAX_REMEMBERED", 40)
    build_listing.forget()
    assert check_positions(uniform_games("rust-belt", games=3)) > 0
    memory = next(iter(build_listing._MEMORIES.values()))
    assert len(memory.listed) <= 40
