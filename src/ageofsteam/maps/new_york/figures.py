"""New York Subway's figures (:mod:`ageofsteam.maps.new_york.state`) as the rules read them: the stacks of
floors, the excavated hexes and the stations on hex sides, with the helpers every rule shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.maps.new_york.state import state

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def stacks(g: GameState) -> dict[str, list[str]]:
    """Place label → discs, bottom first."""
    return state(g).stacks


def stations(g: GameState) -> dict[str, list[int]]:
    """Side ``"A-B"`` → seats with a station there."""
    return state(g).stations


def excavated(g: GameState) -> dict[str, int]:
    """Excavated hex label → the seat who dug it."""
    return state(g).excavated


def is_place(g: GameState, h: int) -> bool:
    """A skyscraper (a city, New Cities included) or a construction site."""
    return g.is_city(h) or h in g.map.towns


def side_key(g: GameState, a: int, b: int) -> str:
    """The side between hexes ``a`` and ``b``: their labels in alphabetical order, ``"K2-M2"``."""
    return "-".join(sorted((g.label(a), g.label(b))))


def side_hexes(g: GameState, side: str) -> tuple[int, int]:
    a, b = side.split("-")
    return g.map.by_label[a], g.map.by_label[b]


def side_places(g: GameState, side: str) -> list[int]:
    """The places a station on ``side`` stands beside (two only where two places touch)."""
    return [h for h in side_hexes(g, side) if is_place(g, h)]


def side_ok(g: GameState, side: str) -> bool:
    """Does ``side`` take stations: an excavated hex meeting a skyscraper or construction site?"""
    a, b = side_hexes(g, side)
    dug = excavated(g)
    return (is_place(g, a) and g.label(b) in dug) or (is_place(g, b) and g.label(a) in dug)


def stations_of(g: GameState, seat: int) -> list[str]:
    return sorted(s for s, seats in stations(g).items() if seat in seats)


def height(g: GameState, h: int) -> int:
    return len(stacks(g).get(g.label(h), ()))
