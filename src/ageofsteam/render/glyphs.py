"""Small pictures drawn on places: cubes, goods-growth numbers, mountains, volcanoes, anchors, planes, derricks.

Sizes are given by ``r``, the radius of the hex (or the equivalent unit on an area map) they sit on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise

from ageofsteam.render import palette as pal
from ageofsteam.render.mapinfo import Feature
from ageofsteam.render.svgdoc import Point, el, path_d, polygon, text

Note = Callable[[str, str, str], None]  # (key, swatch svg, caption): a key entry


def wave_points(pts: Sequence[Point], amplitude: float, wavelength: float) -> list[Point]:
    """Points of a wavy line following the polyline ``pts``."""
    out: list[Point] = []
    run = 0.0
    for (x1, y1), (x2, y2) in pairwise(pts):
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        steps = max(2, int(length / 2.5))
        for i in range(steps + 1):
            if out and i == 0:
                continue
            t = i / steps
            s = run + t * length
            off = amplitude * math.sin(2 * math.pi * s / wavelength)
            out.append((x1 + (x2 - x1) * t + nx * off, y1 + (y2 - y1) * t + ny * off))
        run += length
    return out


def peaks(x: float, y: float, r: float, ink: str) -> str:
    """Two mountain peaks."""
    big = [(x - 0.42 * r, y + 0.28 * r), (x - 0.05 * r, y - 0.32 * r), (x + 0.32 * r, y + 0.28 * r)]
    small = [(x + 0.02 * r, y + 0.28 * r), (x + 0.26 * r, y - 0.08 * r), (x + 0.5 * r, y + 0.28 * r)]
    snow = [(x - 0.05 * r, y - 0.32 * r), (x - 0.16 * r, y - 0.14 * r), (x + 0.06 * r, y - 0.14 * r)]
    return (
        polygon(big, fill=ink, stroke=pal.shade(ink, 0.7), stroke_width=0.6)
        + polygon(small, fill=pal.shade(ink, 1.25), stroke=pal.shade(ink, 0.7), stroke_width=0.6)
        + polygon(snow, fill="#ffffff", fill_opacity=0.85)
    )


def volcano(x: float, y: float, r: float) -> str:
    """A smoking cone."""
    cone = [
        (x - 0.45 * r, y + 0.3 * r),
        (x - 0.12 * r, y - 0.2 * r),
        (x + 0.12 * r, y - 0.2 * r),
        (x + 0.45 * r, y + 0.3 * r),
    ]
    lava = [
        (x - 0.12 * r, y - 0.2 * r),
        (x + 0.12 * r, y - 0.2 * r),
        (x + 0.04 * r, y + 0.05 * r),
        (x - 0.06 * r, y - 0.02 * r),
    ]
    smoke = "".join(
        el("circle", cx=x + dx * r, cy=y + dy * r, r=rr * r, fill="#6d6d6d", fill_opacity=0.75)
        for dx, dy, rr in ((0.0, -0.32, 0.08), (0.1, -0.44, 0.1), (0.24, -0.52, 0.09))
    )
    return polygon(cone, fill="#4a2b1f") + polygon(lava, fill="#f0582a") + smoke


def house(x: float, y: float, s: float) -> str:
    """A house outline (suburbs)."""
    pts = [(x - s, y + s), (x - s, y - 0.2 * s), (x, y - s), (x + s, y - 0.2 * s), (x + s, y + s)]
    return polygon(pts, fill="#9b8f7a")


def anchor(x: float, y: float, s: float) -> str:
    """An anchor in a white disc (ports)."""
    d = (
        f"M{x:.2f} {y - s:.2f} V{y + s:.2f} M{x - 0.6 * s:.2f} {y - 0.45 * s:.2f} H{x + 0.6 * s:.2f} "
        f"M{x - s:.2f} {y + 0.2 * s:.2f} Q{x - s:.2f} {y + s:.2f} {x:.2f} {y + s:.2f} "
        f"Q{x + s:.2f} {y + s:.2f} {x + s:.2f} {y + 0.2 * s:.2f}"
    )
    ring = el("circle", cx=x, cy=y - 1.25 * s, r=0.3 * s, fill="none", stroke="#123f73", stroke_width=1.3)
    return (
        el("circle", cx=x, cy=y, r=1.55 * s, fill="#ffffff", stroke="#123f73", stroke_width=0.8)
        + el("path", d=d, fill="none", stroke="#123f73", stroke_width=1.4, stroke_linecap="round")
        + ring
    )


def cubes(x: float, y: float, counts: dict[str, int], r: float, per_row: int = 4) -> str:
    """Goods cubes (colour → count) as small squares, in rows centred on ``x`` starting at ``y``."""
    s = 0.24 * r
    gap = 0.07 * r
    flat = [col for col in sorted(counts, key=cube_order) for _ in range(max(0, int(counts[col])))]
    out = []
    for k, col in enumerate(flat):
        row, pos = divmod(k, per_row)
        in_row = min(per_row, len(flat) - row * per_row)
        x0 = x - (in_row * s + (in_row - 1) * gap) / 2
        out.append(
            el(
                "rect",
                x=x0 + pos * (s + gap),
                y=y + row * (s + gap),
                width=s,
                height=s,
                rx=0.6,
                fill=pal.goods(col),
                stroke="#ffffff" if col == "black" else pal.INK,
                stroke_width=0.9,
                class_=f"cube cube-{col}",
            )
        )
    return "".join(out)


def cube_order(colour: str) -> tuple[int, str]:
    order = ("red", "blue", "purple", "yellow", "black")
    return (order.index(colour) if colour in order else 9, colour)


def growth_badges(x: float, y: float, growth: Sequence[str], r: float) -> str:
    """Goods-growth numbers: a light column as a white tile with a dark figure, a dark one the other way."""
    s = 0.36 * r
    out = []
    total = len(growth) * s + (len(growth) - 1) * 2
    for k, key in enumerate(growth):
        dark = key.startswith("dark")
        figure = key.removeprefix("dark").removeprefix("light")
        bx = x - total / 2 + k * (s + 2)
        out.append(
            el(
                "rect",
                x=bx,
                y=y,
                width=s,
                height=s,
                rx=0.08 * r,
                fill=pal.INK if dark else "#ffffff",
                stroke=pal.INK,
                stroke_width=1.1,
                class_=f"growth {key}",
            )
        )
        out.append(text(bx + s / 2, y + s * 0.78, figure, s * 0.8, fill="#ffffff" if dark else pal.INK, weight="bold"))
    return "".join(out)


def feature(f: Feature, x: float, y: float, r: float, note: Note) -> str:
    """The sign of a hex feature at (x, y); ``note`` is told its key entry."""
    s = 0.22 * r
    kind = f.kind
    if kind == "oil_field":
        body = derrick(x, y, 0.3 * r)
        note("oil_field", derrick(8, 8, 6.5), "oil field (derricks)")
        if f.value is not None:
            body += el("circle", cx=x + 0.36 * r, cy=y + 0.2 * r, r=0.17 * r, fill="#1b1b1b", stroke="#ffffff")
            body += text(x + 0.36 * r, y + 0.3 * r, str(f.value), 0.26 * r, fill="#ffffff", weight="bold")
        return el("g", body, class_="feature oil-field")
    if kind == "flood":
        note(
            "flood",
            el("rect", x=3, y=3, width=10, height=10, fill="#3a8fd6", stroke=pal.INK, stroke_width=0.8),
            "flood",
        )
        return el(
            "g",
            el(
                "rect",
                x=x - s * 0.8,
                y=y - s * 0.8,
                width=1.6 * s,
                height=1.6 * s,
                rx=1.2,
                fill="#3a8fd6",
                stroke=pal.INK,
                stroke_width=1.1,
            )
            + el(
                "path",
                d=path_d(wave_points([(x - 0.6 * s, y), (x + 0.6 * s, y)], 0.18 * s, 0.6 * s)),
                fill="none",
                stroke="#ffffff",
                stroke_width=1.1,
            ),
            class_="feature flood",
        )
    if kind == "volcano":
        note("volcano", volcano(8, 9, 12), "volcano")
        return el("g", volcano(x, y, 0.9 * r), class_="feature volcano")
    if kind == "airport":
        note("airport", plane(8, 8, 6.5), "airport")
        return el(
            "g",
            el("circle", cx=x, cy=y, r=1.25 * s, fill="#ffffff", stroke=pal.INK, stroke_width=1) + plane(x, y, s),
            class_="feature airport",
        )
    if kind == "port":
        note("port", anchor(8, 9, 4.2), "port")
        return el("g", anchor(x, y, 0.8 * s), class_="feature port")
    label = kind.replace("_", " ") + (f" {f.value}" if f.value is not None else "")
    note(
        f"feature:{kind}",
        el("rect", x=2, y=4, width=12, height=8, rx=2, fill="#fff7d6", stroke=pal.INK, stroke_width=0.8),
        kind.replace("_", " "),
    )
    return text(x, y + 0.1 * r, label, 0.2 * r, fill=pal.INK, halo="#fff7d6", class_=f"feature {kind}")


def plane(x: float, y: float, s: float) -> str:
    """An aeroplane seen from above (airports)."""
    d = (
        f"M{x:.2f} {y - s:.2f} L{x + 0.15 * s:.2f} {y - 0.2 * s:.2f} L{x + s:.2f} {y + 0.15 * s:.2f} "
        f"L{x + 0.15 * s:.2f} {y + 0.1 * s:.2f} L{x + 0.12 * s:.2f} {y + 0.6 * s:.2f} L{x + 0.4 * s:.2f} "
        f"{y + 0.85 * s:.2f} L{x - 0.4 * s:.2f} {y + 0.85 * s:.2f} L{x - 0.12 * s:.2f} {y + 0.6 * s:.2f} "
        f"L{x - 0.15 * s:.2f} {y + 0.1 * s:.2f} L{x - s:.2f} {y + 0.15 * s:.2f} L{x - 0.15 * s:.2f} "
        f"{y - 0.2 * s:.2f} Z"
    )
    return el("path", d=d, fill="#26415e")


def city_kind(kind: str, x: float, y: float, r: float, ink: str) -> str:
    """The sign of a special kind of city centred on (x, y): an arrow for an exit, towers for a skyscraper."""
    if kind == "exit":
        d = (
            f"M{x - 0.16 * r:.2f} {y - 0.06 * r:.2f} h{0.16 * r:.2f} v{-0.08 * r:.2f} l{0.16 * r:.2f} "
            f"{0.14 * r:.2f} l{-0.16 * r:.2f} {0.14 * r:.2f} v{-0.08 * r:.2f} h{-0.16 * r:.2f} z"
        )
        return el("path", d=d, fill="#ffffff", stroke=pal.INK, stroke_width=1)
    if kind == "skyscraper":
        tall = el(
            "rect",
            x=x - 0.13 * r,
            y=y - 0.18 * r,
            width=0.14 * r,
            height=0.36 * r,
            fill="#ffffff",
            stroke=pal.INK,
            stroke_width=0.9,
        )
        low = el(
            "rect",
            x=x + 0.01 * r,
            y=y - 0.04 * r,
            width=0.11 * r,
            height=0.22 * r,
            fill="#ffffff",
            stroke=pal.INK,
            stroke_width=0.9,
        )
        return tall + low
    return text(x, y + 0.09 * r, kind[:1].upper(), 0.26 * r, fill=ink, weight="bold")


def growth_key(dark: bool) -> str:
    """The key's swatch for a light or dark goods-growth number (16 × 16)."""
    box = el("rect", x=2, y=2, width=12, height=12, rx=2, fill=pal.INK if dark else "#ffffff", stroke=pal.INK)
    return box + text(8, 12, "3", 10, weight="bold", fill="#ffffff" if dark else pal.INK)


def derrick(x: float, y: float, s: float) -> str:
    """An oil derrick: a braced tower on a base, ``2 s`` high."""
    d = (
        f"M{x - 0.6 * s:.2f} {y + s:.2f} L{x - 0.12 * s:.2f} {y - s:.2f} H{x + 0.12 * s:.2f} L{x + 0.6 * s:.2f} "
        f"{y + s:.2f} M{x - 0.45 * s:.2f} {y + 0.4 * s:.2f} H{x + 0.45 * s:.2f} M{x - 0.3 * s:.2f} {y - 0.2 * s:.2f} "
        f"H{x + 0.3 * s:.2f} M{x - 0.45 * s:.2f} {y + 0.4 * s:.2f} L{x + 0.3 * s:.2f} {y - 0.2 * s:.2f} "
        f"M{x - 0.85 * s:.2f} {y + s:.2f} H{x + 0.85 * s:.2f}"
    )
    return el(
        "path",
        d=d,
        fill="none",
        stroke="#1b1b1b",
        stroke_width=max(1.2, 0.14 * s),
        stroke_linejoin="round",
        stroke_linecap="round",
    )
