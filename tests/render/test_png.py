"""PNG output: a valid PNG image of the expected size."""

from __future__ import annotations

import struct
import zlib

from ageofsteam.maps import load_board
from ageofsteam.render import render_svg, svg_to_png
from ageofsteam.render.hexmap import draw_hex_board
from tests.render.conftest import parse_svg, track_game


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header, checking the signature and the header's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    body = data[16:29]
    (crc,) = struct.unpack(">I", data[29:33])
    assert crc == zlib.crc32(kind + body)
    width, height = struct.unpack(">II", body[:8])
    return width, height


def test_png_of_a_map_has_the_svg_size_times_the_scale() -> None:
    svg = render_svg(load_board("rust-belt"))
    root = parse_svg(svg)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    data = svg_to_png(svg, scale=1.0)
    assert png_size(data) == (round(width), round(height))
    assert 800 <= width <= 1400 and 700 <= height <= 1400
    w2, h2 = png_size(svg_to_png(svg, scale=2.0))
    assert abs(w2 - 2 * width) <= 1 and abs(h2 - 2 * height) <= 1


def test_png_of_a_game_is_not_blank() -> None:
    data = svg_to_png(render_svg(track_game().state), scale=0.5)
    width, height = png_size(data)
    assert width > 400 and height > 400
    assert len(data) > 20_000  # a picture, not an empty canvas


def test_the_board_fits_its_box() -> None:
    board = load_board("rust-belt")
    d = draw_hex_board(board)
    # 18 columns of flat-topped hexes of radius 36: 17 · 1.5 R + 2 R across, plus the margins
    assert abs(d.width - (17 * 1.5 * 36 + 2 * 36 + 20)) < 0.01
