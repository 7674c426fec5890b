"""What the drawing needs from a map beyond terrain, cities and towns, and from a game beyond track and cubes.

The optional parts of the map format (``docs/map-format.md``: place kinds, ports, features, areas, special
links) come from the board loader's fields. A map may add a ``[drawing]`` table for the drawing alone:
``river_ground = "urban"`` draws its river hexes as hexes of that terrain with a river (its rules are untouched).

A game's own figures are drawn by the map (``draw.py`` in its folder, :mod:`ageofsteam.render.layer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import MapData


@dataclass(frozen=True, slots=True)
class Feature:
    kind: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class SpecialLink:
    id: str
    kind: str
    ends: tuple[int, ...]
    via: tuple[int, ...]
    cost: int | None


@dataclass(slots=True)
class MapExtras:
    """The optional parts of a hex map, by hex id."""

    city_kinds: list[str] = field(default_factory=list)  # per city index: city, exit, skyscraper …
    town_kinds: dict[int, str] = field(default_factory=dict)  # town hex → town, district, construction_site …
    ports: set[int] = field(default_factory=set)
    features: dict[int, list[Feature]] = field(default_factory=dict)
    areas: dict[str, list[int]] = field(default_factory=dict)
    links: list[SpecialLink] = field(default_factory=list)


def map_extras(board: MapData) -> MapExtras:
    """The optional parts of ``board`` as the drawing uses them."""
    out = MapExtras()
    out.city_kinds = [c.kind for c in board.cities]
    out.town_kinds = dict(board.town_kinds)
    out.ports = set(board.ports)
    for h, kinds in board.features.items():
        out.features[h] = [Feature(k, None if v is True else v) for k, v in kinds.items()]
    out.areas = {name: sorted(hexes) for name, hexes in board.areas.items() if hexes}
    out.links = [SpecialLink(s.id, s.kind, tuple(s.ends), tuple(s.via), s.cost) for s in board.special_links]
    return out
