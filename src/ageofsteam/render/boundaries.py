"""The named areas of a hex map (Miami North/East/West, North and South Taiwan, the sheets): a dashed
boundary along the hex edges and each area's name; an area made only of cities and towns is named in the key."""

from __future__ import annotations

from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import el, group, text

INK = "#5a2d6e"


def region_areas(cv: HexCanvas) -> dict[str, list[int]]:
    """The areas that are parts of the board (not only a group of cities and towns)."""
    b = cv.board
    return {
        name: hexes
        for name, hexes in cv.extras.areas.items()
        if any(not cv.is_city(h) and h not in b.towns for h in hexes)
    }


def draw_lines(cv: HexCanvas) -> str:
    """Boundaries between the map's named areas (a dashed line along the hex edges)."""
    areas = cv.extras.areas
    if not areas:
        return ""
    b = cv.board
    lines = []
    parts = region_areas(cv)
    for hexes in parts.values():
        inside = set(hexes)
        for h in hexes:
            for e, n in enumerate(b.neighbours[h]):
                if n >= 0 and n not in inside:
                    p, q = cv.geo.edge_corners(cv.c(h), e)
                    lines.append(el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1]))
    if lines:
        swatch = el("line", x1=1, y1=8, x2=15, y2=8, stroke=INK, stroke_width=2.5, stroke_dasharray="4 2")
        cv.note("areas", swatch, "area boundary")
    for name, hexes in areas.items():
        if name not in parts:  # a group of places: named in the key
            places = ", ".join(dict.fromkeys(cv.place_name(h) for h in hexes))
            swatch = el(
                "rect",
                x=2,
                y=3,
                width=12,
                height=10,
                rx=2,
                fill="none",
                stroke=INK,
                stroke_width=1.5,
                stroke_dasharray="3 1.5",
            )
            cv.note(f"areas:{name}", swatch, f"{name.replace('_', ' ')}: {places}")
    return group(lines, class_="areas", stroke=INK, stroke_width=2.6, stroke_dasharray="7 4", stroke_linecap="round")


def draw_names(cv: HexCanvas) -> str:
    """Each area's name, on a hex near the area's middle whose surroundings hold no city or town and which shows
    no feature's sign and no goods (Miami's flood cubes and people would hide it)."""
    b = cv.board
    r = cv.geo.r
    used: set[int] = set()
    signs = set(cv.extras.features)  # a feature's sign would cover the name
    if cv.g is not None:
        signs |= set(cv.drawing.placed_features(cv.g)) | set(cv.g.rules.goods_on_hexes(cv.g))
    names = []
    for name, hexes in region_areas(cv).items():
        cx = sum(cv.c(h)[0] for h in hexes) / len(hexes)
        cy = sum(cv.c(h)[1] for h in hexes) / len(hexes)

        def score(h: int, cx: float = cx, cy: float = cy) -> float:
            x, y = cv.c(h)
            near = [h, *(n for n in b.neighbours[h] if n >= 0)]
            crowded = any(cv.is_city(n) or n in b.towns or n in used for n in near)
            taken = cv.is_city(h) or h in b.towns or h in used
            marked = b.terrain[h] not in ("plain", "city", "town")
            covered = h in signs
            penalty = (1000 if taken else 500 if covered else 100 if crowded else 3 if marked else 0) * r * r
            return (x - cx) ** 2 + (y - cy) ** 2 + penalty

        at = min(hexes, key=score)
        used.add(at)
        x, y = cv.c(at)
        label = name.replace("_", " ").upper()
        names.append(
            text(
                x,
                y + (-0.5 if at in signs else 0.1) * r,  # above a sign no other hex of the area could avoid
                label,
                0.3 * r,
                fill=INK,
                weight="bold",
                halo="#ffffff",
                halo_width=2.5,
                letter_spacing="1",
                data_hex=b.labels[at],
                class_="area-name",
            )
        )
    return group(names, class_="area-names")


LINES = Layer("areas", Depth.AREA_LINES, draw_lines)
NAMES = Layer("area-names", Depth.AREA_NAMES, draw_names)
