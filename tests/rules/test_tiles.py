"""§5 Track tile geometry and manifest; house ruling 14 (mirror tiles are separate tiles).

Edges are numbered 0–5 clockwise from N; rotation r turns a tile r sixths clockwise. The canonical tracks
and counts below are copied from the digest's §5 table, not from the engine.
"""

from __future__ import annotations

import pytest

from ageofsteam import view
from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import TILE_TYPES, distinct_rotations, manifest, oriented
from tests.conftest import scenario
from tests.rules.build_helpers import build, position, tracks_at

T = TOWN
# name → (class, canonical tracks, count), from the digest's manifest table
DIGEST: dict[str, tuple[str, list[tuple[int, int]], int]] = {
    "straight": ("simple", [(0, 3)], 48),
    "gentle": ("simple", [(0, 2)], 55),
    "sharp": ("simple", [(0, 1)], 7),
    "x": ("crossing", [(0, 3), (1, 4)], 4),
    "bow": ("crossing", [(0, 3), (2, 4)], 4),
    "gentle_crossing": ("crossing", [(0, 2), (1, 3)], 3),
    "straight_sharp": ("coexisting", [(0, 3), (4, 5)], 1),
    "two_gentle": ("coexisting", [(0, 2), (3, 5)], 1),
    "gentle_sharp_left": ("coexisting", [(0, 2), (4, 5)], 1),
    "gentle_sharp_right": ("coexisting", [(0, 2), (3, 4)], 1),
    "town_1": ("town", [(0, T)], 3),
    "town_3_star": ("town", [(0, T), (2, T), (4, T)], 2),
    "town_3_adjacent": ("town", [(0, T), (1, T), (2, T)], 2),
    "town_3_left": ("town", [(0, T), (3, T), (5, T)], 2),
    "town_3_right": ("town", [(0, T), (1, T), (3, T)], 2),
}
NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def turned(tracks, r):
    """The digest's rotation: every edge number moves r places clockwise; the town stays in the centre."""
    out = set()
    for a, b in tracks:
        ra = a if a == T else (a + r) % 6
        rb = b if b == T else (b + r) % 6
        out.add((min(ra, rb), max(ra, rb)))
    return out


def exits(tracks):
    return {e for t in tracks for e in t if e != T}


def rotations_of(edges):
    return {frozenset((e + r) % 6 for e in edges) for r in range(6)}


def cross(t1, t2):
    """Two chords of the hexagon cross when exactly one end of one lies strictly between the ends of the other."""
    a, b = sorted(t1)
    return (a < t2[0] < b) != (a < t2[1] < b) and not set(t1) & set(t2)


# --- the manifest -------------------------------------------------------------------------------


def test_the_manifest_has_every_tile_kind_with_the_digest_counts():
    assert manifest() == {name: count for name, (_, _, count) in DIGEST.items()}


def test_the_manifest_has_136_tiles():
    assert sum(manifest().values()) == 136


@pytest.mark.parametrize(("kind", "total"), [("simple", 110), ("crossing", 11), ("coexisting", 4), ("town", 11)])
def test_the_manifest_has_the_digest_total_of_each_class(kind, total):
    assert sum(t.count for t in TILE_TYPES.values() if t.kind == kind) == total


@pytest.mark.parametrize("name", list(DIGEST))
def test_each_tile_kind_has_the_digest_class_and_canonical_tracks(name):
    kind, tracks, _ = DIGEST[name]
    assert TILE_TYPES[name].kind == kind
    assert set(TILE_TYPES[name].tracks) == set(tracks)


def test_a_new_game_starts_with_the_whole_manifest_and_8_town_disks():
    v = view(scenario("players = 4"))
    assert v["supply"] == {name: count for name, (_, _, count) in DIGEST.items()}
    assert v["town_disks"] == 8


# --- geometry -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rotation", range(6))
@pytest.mark.parametrize("name", list(DIGEST))
def test_each_tile_turned_r_sixths_clockwise_moves_every_edge_r_places(name, rotation):
    assert set(oriented(name, rotation, False)) == turned(DIGEST[name][1], rotation)


@pytest.mark.parametrize(
    ("name", "rotation", "expected"),
    [
        ("straight", 1, {(1, 4)}),  # NE–SW
        ("straight", 4, {(1, 4)}),  # half a turn gives the same straight
        ("gentle", 5, {(1, 5)}),  # N–SE turned 5 sixths: NW–NE
        ("sharp", 5, {(0, 5)}),  # N–NE turned 5 sixths: NW–N
        ("bow", 3, {(0, 3), (1, 5)}),
        ("gentle_sharp_right", 2, {(2, 4), (5, 0)}),
        ("town_3_right", 2, {(2, T), (3, T), (5, T)}),
        ("town_3_star", 1, {(1, T), (3, T), (5, T)}),
    ],
)
def test_worked_rotations(name, rotation, expected):
    assert set(oriented(name, rotation, False)) == {(min(a, b), max(a, b)) for a, b in expected}


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("straight", 3),
        ("gentle", 6),
        ("sharp", 6),
        ("x", 3),
        ("bow", 6),
        ("gentle_crossing", 6),
        ("straight_sharp", 6),
        ("two_gentle", 3),
        ("gentle_sharp_left", 6),
        ("gentle_sharp_right", 6),
        ("town_1", 6),
        ("town_3_star", 2),
        ("town_3_adjacent", 6),
        ("town_3_left", 6),
        ("town_3_right", 6),
    ],
)
def test_distinct_rotations_give_every_different_layout_once(name, count):
    rots = distinct_rotations(name, False)
    layouts = {frozenset(oriented(name, r, False)) for r in rots}
    assert len(rots) == len(layouts) == count
    assert layouts == {frozenset(turned(DIGEST[name][1], r)) for r in range(6)}


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("straight", 3),
        ("gentle", 6),
        ("sharp", 6),
        ("x", 3),
        ("two_gentle", 3),
        ("gentle_crossing", 6),
        ("bow", 6),
        ("straight_sharp", 6),
    ],
)
def test_distinct_rotations_with_a_town_disk_count_exit_sets(name, count):
    """With a disk only the set of exits matters, so two tiles with the same exits are one layout."""
    assert len(distinct_rotations(name, True)) == count
    assert {frozenset(exits(oriented(name, r, True))) for r in distinct_rotations(name, True)} == rotations_of(
        exits(DIGEST[name][1])
    )


@pytest.mark.parametrize("name", [n for n, d in DIGEST.items() if d[0] == "crossing"])
def test_the_two_tracks_of_a_crossing_tile_cross(name):
    t1, t2 = DIGEST[name][1]
    assert cross(t1, t2)


@pytest.mark.parametrize("name", [n for n, d in DIGEST.items() if d[0] == "coexisting"])
def test_the_two_tracks_of_a_coexisting_tile_do_not_cross_or_touch(name):
    t1, t2 = DIGEST[name][1]
    assert not cross(t1, t2)
    assert not set(t1) & set(t2)


@pytest.mark.parametrize(("name", "distance"), [("straight", 3), ("gentle", 2), ("sharp", 1)])
def test_simple_tile_shapes_by_edge_distance(name, distance):
    ((a, b),) = DIGEST[name][1]
    assert min((b - a) % 6, (a - b) % 6) == distance


@pytest.mark.parametrize(
    ("names", "exit_set"),
    [
        (("gentle_crossing", "straight_sharp"), {0, 1, 2, 3}),  # "K": four adjacent edges
        (("x", "two_gentle"), {0, 1, 3, 4}),  # "X": two opposite pairs
        (("bow", "gentle_sharp_left", "gentle_sharp_right"), {0, 2, 3, 4}),  # "chicken foot"
    ],
)
def test_complex_tiles_with_a_disk_make_the_three_four_exit_towns(names, exit_set):
    for name in names:
        spokes = oriented(name, 0, True)
        assert all(b == T for _, b in spokes)
        assert frozenset(exits(spokes)) in rotations_of(exit_set)


def test_there_are_exactly_three_four_exit_town_patterns():
    patterns = set()
    for kind, tracks, _ in DIGEST.values():
        if kind in ("crossing", "coexisting"):
            patterns.add(frozenset(rotations_of(exits(tracks))))
    assert len(patterns) == 3


@pytest.mark.parametrize("name", ["straight", "gentle", "sharp"])
def test_a_simple_tile_with_a_disk_is_a_two_exit_town(name):
    spokes = oriented(name, 0, True)
    assert set(spokes) == {(e, T) for e in DIGEST[name][1][0]}


# --- mirror tiles (house ruling 14) ----------------------------------------------------------------


def mirror(tracks):
    """Reflect across the N–S axis: edge e goes to -e."""
    return {tuple(sorted(((-a) % 6 if a != T else T, (-b) % 6 if b != T else T))) for a, b in tracks}


@pytest.mark.parametrize("pair", [("town_3_left", "town_3_right"), ("gentle_sharp_left", "gentle_sharp_right")])
def test_mirror_tiles_are_mirror_images_but_no_rotation_of_each_other(pair):
    left, right = (DIGEST[n][1] for n in pair)
    right_layouts = [turned(right, r) for r in range(6)]
    assert mirror(left) in right_layouts
    assert all(turned(left, r) not in right_layouts for r in range(6))
    assert {frozenset(oriented(pair[0], r, False)) for r in range(6)}.isdisjoint(
        {frozenset(oriented(pair[1], r, False)) for r in range(6)}
    )


def test_placing_one_hand_of_a_mirror_pair_leaves_the_other_hand_in_the_supply():
    # M8 holds Player 1's gentle curve from Chicago (its NW) towards Michigan City (its NE).
    # Michigan City (L9) has lakes N and NW; town_3_left {N, S, NW} turned 4 sixths is {NE, S, SW}.
    game = position(track=[("M8", "gentle", 5, 0)])
    before = view(game)["supply"]
    build(game, "L9", "town_3_left", 4)
    assert tracks_at(game, "L9") == {"NE-town": 0, "S-town": 0, "SW-town": 0}
    after = view(game)["supply"]
    assert after["town_3_left"] == before["town_3_left"] - 1 == 1
    assert after["town_3_right"] == before["town_3_right"] == 2


def test_a_placed_tile_shows_its_rotated_edges():
    # K6 is NW of Chicago; its SE edge touches the city. Gentle {N, SE} turned 2: {SE, SW}.
    game = position()
    build(game, "K6", "gentle", 2)
    assert tracks_at(game, "K6") == {"SE-SW": 0}
    assert [NAMES[e] for e in sorted(exits(oriented("gentle", 2, False)))] == ["SE", "SW"]
