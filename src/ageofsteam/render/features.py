"""Features of hexes (oil fields with their derricks, flood, volcano, airport…), printed or placed in play."""

from __future__ import annotations

from ageofsteam.render import glyphs
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.mapinfo import Feature
from ageofsteam.render.svgdoc import group


def draw_features(cv: HexCanvas) -> str:
    """Oil fields, flood cubes, volcanoes, airports, ports and any other marked hex feature.

    A marker placed in play (the map's ``placed_features``) stands for the printed feature of its kind on its
    hex (a flood cube put on the printed flood sign at setup), so that hex shows one sign, not two."""
    placed: dict[int, list[Feature]] = {}
    if cv.g is not None:
        for h, kinds in cv.drawing.placed_features(cv.g).items():
            placed.setdefault(h, []).extend(Feature(kind) for kind in kinds)
    per_hex: dict[int, list[Feature]] = {}
    for h, fs in cv.extras.features.items():
        covered = {f.kind for f in placed.get(h, [])}
        per_hex[h] = [f for f in fs if f.kind not in covered]
    for h, fs in placed.items():
        per_hex.setdefault(h, []).extend(fs)
    out = []
    r = cv.geo.r
    for h, all_feats in sorted(per_hex.items()):
        feats = [f for f in all_feats if f.kind != cv.board.terrain[h]]  # a volcano hex shows its volcano
        x, y = cv.c(h)
        slots = [
            (x + 0.45 * r, y - 0.5 * r),
            (x - 0.45 * r, y - 0.5 * r),
            (x + 0.5 * r, y + 0.45 * r),
            (x - 0.5 * r, y + 0.45 * r),
        ]
        has_track = cv.g is not None and h in cv.g.tiles
        if h not in cv.board.towns and not cv.is_city(h) and not has_track:
            slots = [(x, y), *slots]
        for k, f in enumerate(feats):
            fx, fy = slots[k % len(slots)]
            out.append(glyphs.feature(f, fx, fy, r, cv.note))
    return group(out, class_="features")


LAYER = Layer("features", Depth.FEATURES, draw_features)
