"""The key of a hex board: what the layers noted, in a steady order, and the kinds of places the board has."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.svgdoc import el
from ageofsteam.render.towns import SITE_FILL, SITE_INK


def sorted_key(entries: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """Key entries in a steady order: terrain, places, lines (special links, areas, blocked edges), then the
    rest (features, a map's own figures); within each, in the order the layers noted them."""

    def rank(key: str) -> int:
        prefix = key.split(":")[0]
        return {"terrain": 0, "place": 1, "link": 2, "areas": 3, "blocked": 4}.get(prefix, 5)

    return [entries[k] for k in sorted(entries, key=rank)]


def note_places(cv: HexCanvas) -> None:
    """Key entries for places (made after the layers that found which features the map has)."""
    kinds = {cv.extras.town_kinds.get(h, "town") for h in cv.board.towns}
    places: list[tuple[str, str]] = []
    if "town" in kinds:
        places.append((el("circle", cx=8, cy=8, r=5, fill="#ffffff", stroke=pal.INK, stroke_width=1.4), "town"))
    if "district" in kinds:
        square = el("rect", x=3, y=3, width=10, height=10, rx=1, fill="#ffffff", stroke=pal.INK, stroke_width=1.4)
        places.append((square, "district"))
    if "construction_site" in kinds:
        site = el(
            "circle", cx=8, cy=8, r=5, fill=SITE_FILL, stroke=SITE_INK, stroke_width=1.4, stroke_dasharray="2 1.5"
        )
        places.append((site, "construction site"))
    if cv.extras.ports:
        places.append((glyphs.anchor(8, 9, 4.2), "port"))
    growth = {key[:4] for c in cv.board.cities for key in c.growth}
    if cv.g is not None:
        growth |= {col[:4] for col in map(cv.new_city_growth, cv.g.new_cities.values()) if col}
    if "ligh" in growth:
        places.append((glyphs.growth_key(False), "goods growth: light"))
    if "dark" in growth:
        places.append((glyphs.growth_key(True), "goods growth: dark"))
    merged = {f"place:{k}": v for k, v in enumerate(places)}
    cv.legend = {**cv.legend, **merged}
