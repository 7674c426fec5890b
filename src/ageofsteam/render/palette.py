"""Colours of the drawing: terrain, goods, players, and the ink of the board."""

from __future__ import annotations

import hashlib

INK = "#2b2b2b"  # outlines, text
GRID = "#f7f4ea"  # the thin line between hexes
PAPER = "#f7f4ea"  # background of the picture
PANEL = "#ffffff"

TERRAIN: dict[str, str] = {
    "plain": "#dbe8b4",
    "plains": "#dbe8b4",
    "river": "#dbe8b4",
    "mountain": "#c4a57e",
    "hill": "#d4c08e",
    "lake": "#8ec3e6",
    "water": "#8ec3e6",
    "sea": "#6ea9d8",
    "beach": "#f1df9f",
    "urban": "#bdb8b0",
    "suburban": "#dcd6c6",
    "green": "#9fcb7c",
    "volcano": "#8a5a44",
    "brown": "#caa27a",
    "grey": "#b9bcbf",
    "gray": "#b9bcbf",
    "desert": "#ecd79f",
    "forest": "#8dbb72",
    "city": "#e6e0d2",
    "town": "#dbe8b4",
}
TERRAIN_TITLES: dict[str, str] = {"lake": "lake / water", "sea": "sea", "plains": "plains"}
WATER_TERRAIN = frozenset({"lake", "water", "sea"})

RIVER = "#2f7fc4"
MOUNTAIN_INK = "#7c5f3c"

GOODS: dict[str, str] = {
    "red": "#d3292f",
    "blue": "#2360c4",
    "purple": "#7d3fa3",
    "yellow": "#f3c623",
    "black": "#232323",
    "white": "#f4f4f4",
    "green": "#2f9a48",
    "orange": "#ee8a1c",
    "grey": "#9a9a9a",
    "pink": "#ef8cbc",
}
NEUTRAL_CITY = "#e9e4d8"  # a city that accepts no colour

PLAYERS: dict[str, str] = {  # shades apart from the goods colours of the cities (CIE76 ΔE ≥ 25)
    "blue": "#5bc0f8",
    "green": "#2e9e45",
    "yellow": "#fff38a",
    "pink": "#f08cc3",
    "grey": "#7b7b7b",
    "gray": "#7b7b7b",
    "orange": "#f28a1e",
    "red": "#ff8a80",
    "purple": "#c792ea",
    "brown": "#8b5a2b",
    "black": "#5c5c5c",
    "white": "#fafafa",
    "cyan": "#25b7c9",
    "teal": "#1a9c8c",
}
UNOWNED_TRACK = "#d2d2d2"
LINKS: dict[str, str] = {"city_link": "#5b4636", "bridge": "#7a4e22", "ferry": "#1d4f8c"}


def _hashed(name: str) -> str:
    digest = hashlib.sha1(name.encode()).digest()
    r, g, b = (64 + digest[i] % 160 for i in range(3))
    return f"#{r:02x}{g:02x}{b:02x}"


def _direct(name: str) -> str | None:
    if name.startswith("#") and len(name) in (4, 7):
        return name
    return None


def terrain(kind: str) -> str:
    return TERRAIN.get(kind) or _direct(kind) or _hashed("terrain:" + kind)


def goods(colour: str) -> str:
    return GOODS.get(colour) or _direct(colour) or _hashed("goods:" + colour)


def player(colour: str | None) -> str:
    """A seat's colour (a name like ``blue`` or ``#rrggbb``); grey-white for unowned (None)."""
    if colour is None:
        return UNOWNED_TRACK
    return PLAYERS.get(colour.lower()) or _direct(colour) or _hashed("player:" + colour)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def is_dark(hex_colour: str) -> bool:
    """Whether light text reads better than dark text on this colour."""
    r, g, b = rgb(hex_colour)
    return 0.299 * r + 0.587 * g + 0.114 * b < 150


def text_on(hex_colour: str) -> str:
    return "#ffffff" if is_dark(hex_colour) else INK


def shade(hex_colour: str, factor: float) -> str:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    r, g, b = rgb(hex_colour)
    if factor <= 1:
        r, g, b = (int(c * factor) for c in (r, g, b))
    else:
        t = min(1.0, factor - 1)
        r, g, b = (int(c + (255 - c) * t) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
