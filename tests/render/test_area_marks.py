"""Area maps as drawn: every airport badge and river mark inside its own region, and every region's name clear of
the other names, badges and marks (read back from the SVG, in page units)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from ageofsteam.board.mapdata import MapData, load_map_file
from ageofsteam.maps import load_board, map_ids
from ageofsteam.render import render_svg
from ageofsteam.render.svgdoc import text_width
from tests.maps.outlines import inside
from tests.render.conftest import DATA, elements, parse_svg

Box = tuple[float, float, float, float]
AREA_MAPS = [m for m in map_ids() if load_board(m).is_area]


def board_of(source: str) -> MapData:
    return load_map_file(DATA / source) if source.endswith(".toml") else load_board(source)


def outlines(root: ET.Element) -> dict[str, tuple[tuple[float, float], ...]]:
    """Region id → its outline on the page (the region's first polygon)."""
    out = {}
    for g in elements(root, "g", "region"):
        poly = next(e for e in g.iter() if e.tag.endswith("polygon"))
        pts = [tuple(float(v) for v in p.split(",")) for p in (poly.get("points") or "").split()]
        out[g.get("data-hex") or ""] = tuple((x, y) for x, y in pts)
    return out


def path_points(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[::2], nums[1::2], strict=True))


def airports(root: ET.Element) -> dict[str, tuple[float, float, float]]:
    """Region id → centre and radius of its airport badge."""
    out = {}
    for g in elements(root, "g", "airport"):
        c = next(e for e in g.iter() if e.tag.endswith("circle"))
        out[g.get("data-hex") or ""] = (float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
    return out


def rivers(root: ET.Element) -> dict[str, list[tuple[float, float]]]:
    """Region id → the points of its river mark."""
    return {e.get("data-hex") or "": path_points(e.get("d") or "") for e in elements(root, "path", "river")}


def names(root: ET.Element) -> dict[str, tuple[str, Box]]:
    """Region id → its name as drawn (lines joined) and the box its lines cover."""
    out: dict[str, tuple[str, Box]] = {}
    for g in elements(root, "g", "region-info"):
        lines = elements(g, "text", "region-name")
        boxes = []
        for t in lines:
            x, y, f = float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 0))
            w = text_width(t.text or "", f, bold=True)
            boxes.append((x - w / 2, y - 0.75 * f, x + w / 2, y + 0.22 * f))
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        out[g.get("data-hex") or ""] = (" ".join(t.text or "" for t in lines), box)
    return out


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def drawn(source: str) -> tuple[MapData, ET.Element]:
    board = board_of(source)
    return board, parse_svg(render_svg(board))


@pytest.mark.parametrize("source", [*AREA_MAPS, "area_sample.toml"])
def test_every_airport_badge_lies_inside_its_own_region(source: str) -> None:
    board, root = drawn(source)
    shapes = outlines(root)
    badges = airports(root)
    assert set(badges) == {board.labels[h] for h, i in board.region_info.items() if i.airport}
    outside = []
    for region, (cx, cy, r) in badges.items():
        rim = [(cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8)) for k in range(16)]
        if not all(inside(p, shapes[region]) for p in [(cx, cy), *rim]):
            outside.append(region)
    assert outside == []


@pytest.mark.parametrize("source", [*AREA_MAPS, "area_sample.toml"])
def test_every_river_mark_lies_inside_its_own_region(source: str) -> None:
    board, root = drawn(source)
    shapes = outlines(root)
    marks = rivers(root)
    assert set(marks) == {board.labels[h] for h, i in board.region_info.items() if i.river}
    outside = [region for region, pts in marks.items() if not all(inside(p, shapes[region]) for p in pts)]
    assert outside == []


AUDITED = [("CA", "airport"), ("AK", "airport")] + [
    (s, "river") for s in ("ID", "NY", "AR", "AZ", "LA", "MN", "NE", "SD", "TN")
]


@pytest.mark.parametrize(("region", "kind"), AUDITED)
def test_the_51st_state_marks_once_drawn_in_a_neighbour_are_in_their_state(region: str, kind: str) -> None:
    # California's airport used to sit in Nevada, Idaho's river in Nevada and Utah, New York's in Pennsylvania;
    # Alaska's badge and the other rivers reached out of their state
    _, root = drawn("51st-state")
    shape = outlines(root)[region]
    if kind == "airport":
        cx, cy, r = airports(root)[region]
        assert all(inside((cx + r * math.cos(k / 2), cy + r * math.sin(k / 2)), shape) for k in range(13))
    else:
        assert all(inside(p, shape) for p in rivers(root)[region])


@pytest.mark.parametrize("source", [*AREA_MAPS, "area_sample.toml"])
def test_no_name_is_covered_by_another_name_or_a_mark(source: str) -> None:
    board, root = drawn(source)
    drawn_names = names(root)
    assert set(drawn_names) == set(board.labels)
    others: list[tuple[str, Box]] = [(f"name of {k}", box) for k, (_, box) in drawn_names.items()]
    others += [(f"airport of {k}", (x - r, y - r, x + r, y + r)) for k, (x, y, r) in airports(root).items()]
    for k, pts in rivers(root).items():
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        others.append((f"river of {k}", (min(xs), min(ys), max(xs), max(ys))))
    for g in elements(root, "g", "region-info"):
        for e in elements(g, "rect", "growth"):
            x, y, w, h = (float(e.get(a, 0)) for a in ("x", "y", "width", "height"))
            others.append((f"growth badge of {g.get('data-hex')}", (x, y, x + w, y + h)))
    covered = [
        (region, what)
        for region, (_, box) in drawn_names.items()
        for what, other in others
        if what != f"name of {region}" and overlap(box, other)
    ]
    assert covered == []


@pytest.mark.parametrize(("region", "name"), [("DE", "Delaware"), ("NH", "New Hampshire"), ("AL", "Alabama")])
def test_the_51st_state_names_once_hidden_show_whole(region: str, name: str) -> None:
    # "Delaware" lay under Maryland's name, "New" of New Hampshire under Vermont's, "Alabam(a)" under Georgia's
    _, root = drawn("51st-state")
    text, box = names(root)[region]
    assert text == name
    assert not any(overlap(box, other) for k, (_, other) in names(root).items() if k != region)


def test_a_name_set_outside_its_region_points_to_it() -> None:
    _, root = drawn("51st-state")
    shapes = outlines(root)
    leaders = {g.get("data-hex"): elements(g, "line", "leader") for g in elements(root, "g", "region-info")}
    assert leaders["DE"]  # Delaware is too small for its name
    for region, lines in leaders.items():
        for ln in lines:
            assert inside((float(ln.get("x1", 0)), float(ln.get("y1", 0))), shapes[region or ""]), region
