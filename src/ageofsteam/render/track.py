"""Track between edge midpoints in its owner's colour over a dark casing: curves as circular arcs, town spokes
to the hex centre, the upper track of a crossing as a bridge, unowned track pale grey with a dashed stripe."""

from __future__ import annotations

from ageofsteam.board.tiles import CROSSING, TILE_TYPES
from ageofsteam.render import palette as pal
from ageofsteam.render.canvas import HexCanvas
from ageofsteam.render.geometry import track_d
from ageofsteam.render.layer import Depth, Layer
from ageofsteam.render.svgdoc import el, group


def draw_track(cv: HexCanvas) -> str:
    """Track in owners' colours over a dark casing; the upper track of a crossing is drawn as a bridge."""
    g = cv.g
    if g is None or not g.tiles:
        return ""
    r = cv.geo.r
    width = 0.17 * r
    casing, colour, bridges = [], [], []
    for h, tile in sorted(g.tiles.items()):
        c = cv.c(h)
        crossing = TILE_TYPES[tile.tile].kind == CROSSING if tile.tile in TILE_TYPES else False
        for i, (a, b) in enumerate(tile.tracks):
            owner = tile.owners[i] if i < len(tile.owners) else None
            col = cv.seat_colour(owner)
            d_case = track_d(cv.geo, c, a, b)
            d_col = track_d(cv.geo, c, a, b, overshoot=0.6)
            attrs = {
                "class_": "track",
                "data_hex": cv.board.labels[h],
                "data_owner": "none" if owner is None else str(owner),
            }
            col_path = el("path", d=d_col, fill="none", stroke=col, stroke_width=width, **attrs)
            stripe = (
                ""
                if owner is not None
                else el("path", d=d_case, fill="none", stroke="#8d8d8d", stroke_width=0.04 * r, stroke_dasharray="3 3")
            )
            case_path = el("path", d=d_case, fill="none", stroke=pal.INK, stroke_width=width + 2.6)
            if crossing and i == len(tile.tracks) - 1:
                bg = pal.terrain(cv.ground(cv.board.terrain[h]))
                gap = el(
                    "path",
                    d=track_d(cv.geo, c, a, b),
                    fill="none",
                    stroke=bg,
                    stroke_width=width + 8,
                    stroke_dasharray=f"0 {0.25 * r:.1f} {1.2 * r:.1f} 400",
                    class_="bridge-gap",
                )
                bridges.append(gap + case_path + col_path + stripe)
            else:
                casing.append(case_path)
                colour.append(col_path + stripe)
    return group([group(casing), group(colour), group(bridges)], class_="tracks", stroke_linecap="butt")


LAYER = Layer("tracks", Depth.TRACK, draw_track)
