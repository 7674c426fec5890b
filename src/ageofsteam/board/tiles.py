"""The 136 track tiles of the base game: shapes, counts and their six rotations.

A tile is a set of *tracks*. A track joins two hex edges (0–5, clockwise from the top) or runs from an
edge to the town in the centre (``TOWN``). Tiles are rotated, never flipped: the two mirror-image hands
are separate tiles with their own counts.

On a town hex a simple or complex tile carries a *town disk*: its exits then become spokes to the town.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ageofsteam.board.hexes import TOWN

Track = tuple[int, int]  # (a, b) with a < b; b may be TOWN

SIMPLE, CROSSING, COEXISTING, TOWN_TILE = "simple", "crossing", "coexisting", "town"


@dataclass(frozen=True, slots=True)
class TileType:
    """One kind of physical tile in the manifest."""

    name: str
    kind: str  # SIMPLE, CROSSING, COEXISTING or TOWN_TILE
    tracks: tuple[Track, ...]  # at rotation 0
    count: int
    title: str

    @property
    def is_town_tile(self) -> bool:
        return self.kind == TOWN_TILE


def _t(*pairs: tuple[int, int]) -> tuple[Track, ...]:
    return tuple((min(a, b), max(a, b)) for a, b in pairs)


T = TOWN
TILE_TYPES: dict[str, TileType] = {
    t.name: t
    for t in (
        TileType("straight", SIMPLE, _t((0, 3)), 48, "Straight"),
        TileType("gentle", SIMPLE, _t((0, 2)), 55, "Gentle curve"),
        TileType("sharp", SIMPLE, _t((0, 1)), 7, "Sharp curve"),
        TileType("x", CROSSING, _t((0, 3), (1, 4)), 4, "Two straights (X)"),
        TileType("bow", CROSSING, _t((0, 3), (2, 4)), 4, "Gentle and straight (bow and arrow)"),
        TileType("gentle_crossing", CROSSING, _t((0, 2), (1, 3)), 3, "Two crossing gentle curves"),
        TileType("straight_sharp", COEXISTING, _t((0, 3), (4, 5)), 1, "Straight and sharp"),
        TileType("two_gentle", COEXISTING, _t((0, 2), (3, 5)), 1, "Two gentle curves"),
        TileType("gentle_sharp_left", COEXISTING, _t((0, 2), (4, 5)), 1, "Gentle and sharp (left)"),
        TileType("gentle_sharp_right", COEXISTING, _t((0, 2), (3, 4)), 1, "Gentle and sharp (right)"),
        TileType("town_1", TOWN_TILE, _t((0, T)), 3, "Town, one exit"),
        TileType("town_3_star", TOWN_TILE, _t((0, T), (2, T), (4, T)), 2, "Town, three exits (star)"),
        TileType("town_3_adjacent", TOWN_TILE, _t((0, T), (1, T), (2, T)), 2, "Town, three adjacent exits"),
        TileType("town_3_left", TOWN_TILE, _t((0, T), (3, T), (5, T)), 2, "Town, three exits (left)"),
        TileType("town_3_right", TOWN_TILE, _t((0, T), (1, T), (3, T)), 2, "Town, three exits (right)"),
    )
}
TOWN_DISKS = 8


def manifest() -> dict[str, int]:
    """The starting supply: tile name → count (136 tiles)."""
    return {name: t.count for name, t in TILE_TYPES.items()}


@cache
def oriented(name: str, rotation: int, disk: bool) -> tuple[Track, ...]:
    """The tracks of tile ``name`` turned clockwise ``rotation`` sixths; with ``disk`` its exits become spokes."""
    tile = TILE_TYPES[name]
    out: list[Track] = []
    for a, b in tile.tracks:
        ra = (a + rotation) % 6 if a != TOWN else TOWN
        rb = (b + rotation) % 6 if b != TOWN else TOWN
        out.append((min(ra, rb), max(ra, rb)))
    if disk and not tile.is_town_tile:
        exits = sorted({e for tr in out for e in tr})
        out = [(e, TOWN) for e in exits]
    return tuple(sorted(out))


@cache
def distinct_rotations(name: str, disk: bool) -> tuple[int, ...]:
    """The rotations of a tile that give different track layouts (a straight has 3, a sharp curve 6)."""
    seen: set[tuple[Track, ...]] = set()
    keep: list[int] = []
    for r in range(6):
        tr = oriented(name, r, disk)
        if tr not in seen:
            seen.add(tr)
            keep.append(r)
    return tuple(keep)


def exits_of(tracks: tuple[Track, ...]) -> int:
    """Bit mask of the hex edges the tracks use."""
    mask = 0
    for a, b in tracks:
        mask |= 1 << a
        if b != TOWN:
            mask |= 1 << b
    return mask
