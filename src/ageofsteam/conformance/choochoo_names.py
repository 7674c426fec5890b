"""choochoo.games' vocabulary and ours, both ways: maps, coordinates, directions, tiles, actions, phases, goods
display columns. Shared by the importer (:mod:`ageofsteam.conformance.choochoo`), the exporter
(:mod:`ageofsteam.conformance.choochoo_export`) and the lock-step comparer.

The names are those of ``shared/conformance/choochoo/README.md``; the facts about Detroit Bankruptcy (its map
key, its inter-city connections, the solo ``skip-select``) are those of choochoo's engine source.
"""

from __future__ import annotations

from typing import Any

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import TILE_TYPES, Track, oriented
from ageofsteam.engine.errors import BadInput
from ageofsteam.maps.heavy_cardboard.heavy_lifting import HEAVY_LIFTING

CC_DIRECTIONS: dict[str, int] = {
    "TOP": 0,
    "TOP_RIGHT": 1,
    "BOTTOM_RIGHT": 2,
    "BOTTOM": 3,
    "BOTTOM_LEFT": 4,
    "TOP_LEFT": 5,
    "TOWN": TOWN,
}
DIRECTION_NAMES: dict[int, str] = {e: name for name, e in CC_DIRECTIONS.items()}

# choochoo tile shapes at orientation TOP, track order as in choochoo (README "Tiles, orientation and ownership")
CC_TILES: dict[str, tuple[tuple[str, str], ...]] = {
    "STRAIGHT": (("TOP", "BOTTOM"),),
    "CURVE": (("TOP", "BOTTOM_LEFT"),),
    "TIGHT": (("TOP", "TOP_LEFT"),),
    "X": (("TOP_LEFT", "BOTTOM_RIGHT"), ("BOTTOM_LEFT", "TOP_RIGHT")),
    "BOW_AND_ARROW": (("BOTTOM_LEFT", "BOTTOM_RIGHT"), ("BOTTOM", "TOP")),
    "CROSSING_CURVES": (("TOP_LEFT", "BOTTOM"), ("BOTTOM_LEFT", "TOP")),
    "STRAIGHT_TIGHT": (("TOP", "BOTTOM"), ("BOTTOM_LEFT", "TOP_LEFT")),
    "COEXISTING_CURVES": (("TOP_LEFT", "BOTTOM"), ("TOP", "BOTTOM_RIGHT")),
    "CURVE_TIGHT_1": (("TOP", "BOTTOM_RIGHT"), ("TOP_LEFT", "BOTTOM_LEFT")),
    "CURVE_TIGHT_2": (("TOP", "BOTTOM_RIGHT"), ("BOTTOM_LEFT", "BOTTOM")),
    "TOWN_LOLLYPOP": (("TOWN", "TOP"),),
    "TOWN_STRAIGHT": (("TOWN", "TOP"), ("TOWN", "BOTTOM")),
    "TOWN_CURVE": (("TOWN", "TOP"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_TIGHT": (("TOWN", "TOP"), ("TOWN", "TOP_LEFT")),
    "TOWN_THREE_WAY": (("TOWN", "TOP"), ("TOWN", "BOTTOM_LEFT"), ("TOWN", "BOTTOM_RIGHT")),
    "TOWN_LEFT_LEANER": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_LEFT")),
    "TOWN_RIGHT_LEANER": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_RIGHT")),
    "TOWN_TIGHT_THREE": (("TOWN", "TOP"), ("TOWN", "TOP_LEFT"), ("TOWN", "TOP_RIGHT")),
    "TOWN_X": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_RIGHT"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_CHICKEN_FOOT": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "BOTTOM_RIGHT"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_K": (("TOWN", "TOP"), ("TOWN", "TOP_RIGHT"), ("TOWN", "BOTTOM_RIGHT"), ("TOWN", "BOTTOM")),
}

# our tiles that may stand for a choochoo tile type, in order of preference; geometry decides among them
_GENTLE_SHARP = ("gentle_sharp_left", "gentle_sharp_right")
_TOWN_3_SIDE = ("town_3_left", "town_3_right")
OUR_TILES: dict[str, tuple[str, ...]] = {
    "STRAIGHT": ("straight",),
    "CURVE": ("gentle",),
    "TIGHT": ("sharp",),
    "X": ("x",),
    "BOW_AND_ARROW": ("bow",),
    "CROSSING_CURVES": ("gentle_crossing",),
    "STRAIGHT_TIGHT": ("straight_sharp",),
    "COEXISTING_CURVES": ("two_gentle",),
    "CURVE_TIGHT_1": _GENTLE_SHARP,
    "CURVE_TIGHT_2": _GENTLE_SHARP,
    "TOWN_LOLLYPOP": ("town_1",),
    "TOWN_THREE_WAY": ("town_3_star",),
    "TOWN_TIGHT_THREE": ("town_3_adjacent",),
    "TOWN_LEFT_LEANER": _TOWN_3_SIDE,
    "TOWN_RIGHT_LEANER": _TOWN_3_SIDE,
    "TOWN_STRAIGHT": ("straight",),
    "TOWN_CURVE": ("gentle",),
    "TOWN_TIGHT": ("sharp",),
    "TOWN_X": ("x", "two_gentle"),
    "TOWN_CHICKEN_FOOT": ("bow", *_GENTLE_SHARP),
    "TOWN_K": ("gentle_crossing", "straight_sharp"),
}

CC_ACTIONS: dict[str, str] = {
    "LOCOMOTIVE": "locomotive",
    "FIRST_BUILD": "first_build",
    "FIRST_MOVE": "first_move",
    "ENGINEER": "engineer",
    "TURN_ORDER_PASS": "turn_order",
    "URBANIZATION": "urbanization",
    "PRODUCTION": "production",
    "HEAVY_LIFTING": HEAVY_LIFTING,
}
SKIP_SELECT = "skip-select"  # Detroit solo: choose no action (choochoo's name; ours is the map's NO_ACTION)
CC_PHASES: dict[str, str] = {
    "SHARES": "issue_shares",
    "TURN_ORDER": "player_order",
    "ACTION_SELECTION": "select_actions",
    "BUILDING": "build_track",
    "MOVING": "move_goods",
    "GOODS_GROWTH": "goods_growth",
    "END_GAME": "game_over",
}
# choochoo map key → our map id (choochoo's GameKey for Detroit is "detroit-bankruptcy"; its solo variant is
# the same map with one player, not a variant)
CC_MAPS: dict[str, str] = {
    "rust-belt": "rust-belt",
    "heavy-cardboard": "heavy-cardboard",
    "detroit-bankruptcy": "detroit-bankruptcy",
}
# our map ids where choochoo's score is the pair [rounds lasted, income] (transcript ``score=6/-9``), not a total
ROUNDS_LASTED: frozenset[str] = frozenset({"detroit-bankruptcy"})
# our map id → the doubled row (2r + q) of our label row A in choochoo's axial coordinates (q is our column
# number): the recorded games' labelOrigin (2692, 2797) and Detroit's recorded game 3003 (tests/maps/test_detroit)
LABEL_ORIGIN: dict[str, int] = {"rust-belt": 18, "heavy-cardboard": 18, "detroit-bankruptcy": 15}
CC_TERRAIN: dict[str, tuple[str, ...]] = {
    "PLAIN": ("plain",),
    "RIVER": ("river",),
    "MOUNTAIN": ("mountain",),
    "WATER": ("lake", "sea"),
}
CC_GROUPS: dict[str, str] = {"WHITE": "light", "BLACK": "dark"}
# choochoo's player colours, in its own order
CC_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "purple", "black", "blue", "brown", "pink")


def qr_key(c: dict[str, Any]) -> str:
    return f"{c['q']},{c['r']}"


# --- tiles --------------------------------------------------------------------------------------------------


def cc_tracks(tile_type: str, orientation: str) -> list[Track]:
    """The tracks of a choochoo tile at an orientation, in choochoo's track order, as our (edge, edge) pairs."""
    if tile_type not in CC_TILES:
        raise BadInput(f"unknown choochoo tile type {tile_type!r}")
    if orientation not in CC_DIRECTIONS or orientation == "TOWN":
        raise BadInput(f"unknown choochoo orientation {orientation!r}")
    turns = CC_DIRECTIONS[orientation]
    out: list[Track] = []
    for a, b in CC_TILES[tile_type]:
        ea, eb = (_turn(a, turns), _turn(b, turns))
        out.append((min(ea, eb), max(ea, eb)))
    return out


def _turn(end: str, turns: int) -> int:
    return TOWN if end == "TOWN" else (CC_DIRECTIONS[end] + turns) % 6


def cc_exits(tile_type: str, orientation: str) -> list[list[str]]:
    """The ``exits`` of a choochoo tile at an orientation, as choochoo writes them (its track and end order)."""
    turns = CC_DIRECTIONS[orientation]
    return [[DIRECTION_NAMES[_turn(a, turns)] for a in track] for track in CC_TILES[tile_type]]


def exits_tracks(exits: list[list[str]]) -> list[Track]:
    """A snapshot's ``exits`` as our tracks (same order)."""
    out: list[Track] = []
    for a, b in exits:
        ea, eb = CC_DIRECTIONS[a], CC_DIRECTIONS[b]
        out.append((min(ea, eb), max(ea, eb)))
    return out


def our_tile(tile_type: str, orientation: str, town: bool, supply: dict[str, int] | None = None) -> tuple[str, int]:
    """Our tile name and rotation laying exactly the tracks of choochoo's ``tile_type`` at ``orientation``."""
    want = tuple(sorted(cc_tracks(tile_type, orientation)))
    candidates = OUR_TILES[tile_type]
    if supply is not None:  # a tile still in the supply first, in the order of preference
        candidates = tuple(sorted(candidates, key=lambda n: supply.get(n, 0) <= 0))
    for name in candidates:
        disk = town and not TILE_TYPES[name].is_town_tile
        for r in range(6):
            if oriented(name, r, disk) == want:
                return name, r
    raise BadInput(f"no tile of ours lays the tracks of {tile_type} at {orientation}{' on a town' if town else ''}")


def cc_tile(tracks: tuple[Track, ...], town: bool) -> tuple[str, str]:
    """choochoo's tile type and orientation laying exactly ``tracks`` (the first in choochoo's order)."""
    want = tuple(sorted(tracks))
    for tile_type in CC_TILES:
        if tile_type.startswith("TOWN_") != town:
            continue
        for orientation in DIRECTION_NAMES.values():
            if orientation != "TOWN" and tuple(sorted(cc_tracks(tile_type, orientation))) == want:
                return tile_type, orientation
    raise BadInput(f"choochoo has no tile laying the tracks {list(want)}{' on a town' if town else ''}")


# --- goods display ------------------------------------------------------------------------------------------


def _column(growth: dict[str, Any]) -> str:
    """Our display column for a choochoo growth entry (``WHITE`` 3 → ``light3``)."""
    return f"{CC_GROUPS[growth['group']]}{growth['number']}"


def cc_growth(column: str) -> tuple[str, int]:
    """choochoo's growth group and die number of our display column (``light3`` → ``WHITE``, 3)."""
    for group, half in CC_GROUPS.items():
        if column.startswith(half) and column[len(half) :].isdigit():
            return group, int(column[len(half) :])
    raise BadInput(f"display column {column!r} has no choochoo growth group")


def _our_column(cc_display: list[str | None]) -> list[str | None]:
    """choochoo lists a display column from the box growth takes last to the one it takes first."""
    return list(reversed(cc_display))
