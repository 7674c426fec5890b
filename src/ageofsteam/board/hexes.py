"""Hex geometry of flat-topped hex maps laid out in columns.

Hexes are addressed by ``(col, row)`` as printed: ``col`` counts columns left to right and ``row`` counts
hexes top to bottom inside a column. Every other column sits half a hex lower; the map says which
(``odd`` or ``even`` columns low). Internally a hex is located by its *doubled row*
``y = 2 * row + shift`` (shift is 1 in a low column), so that the six neighbours are simple offsets.

Edges are numbered clockwise from the top: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. A hex's label is the
letter of its doubled row followed by its column number (``L7`` is column 7, doubled row 11), the way
printed Age of Steam boards and choochoo.games name spaces.
"""

from __future__ import annotations

N, NE, SE, S, SW, NW = range(6)
TOWN = 6  # a track end at the town in the centre of the hex
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")

# (dcol, dy) for each edge, in doubled-row coordinates.
STEPS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def opposite(edge: int) -> int:
    """The edge facing ``edge`` on the neighbouring hex."""
    return (edge + 3) % 6


def doubled_row(col: int, row: int, low_parity: int) -> int:
    """The doubled row of ``(col, row)`` when columns of parity ``low_parity`` sit half a hex lower."""
    return 2 * row + (1 if col % 2 == low_parity else 0)


def row_letters(y: int) -> str:
    """A, B, … Z, AA, AB, … for doubled rows 0, 1, …"""
    letters = ""
    y += 1
    while y > 0:
        y, rem = divmod(y - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def label(col: int, y: int) -> str:
    """The printed name of the hex at column ``col`` and doubled row ``y``."""
    return f"{row_letters(y)}{col}"


def parse_direction(text: str) -> int:
    """An edge number from its name (``"NE"``) or number (``"1"``)."""
    t = text.strip().upper()
    if t in DIRECTIONS:
        return DIRECTIONS.index(t)
    if t.isdigit() and int(t) < 6:
        return int(t)
    raise ValueError(f"unknown direction {text!r}: use one of {', '.join(DIRECTIONS)}")
