"""SVG to PNG, through cairosvg (libcairo)."""

from __future__ import annotations

from pathlib import Path


def svg_to_png(svg: str, scale: float = 1.5) -> bytes:
    """The PNG image of ``svg``, ``scale`` times its size in pixels."""
    import cairosvg

    data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    assert isinstance(data, bytes)
    return data


def write_png(svg: str, path: str | Path, scale: float = 1.5) -> None:
    Path(path).write_bytes(svg_to_png(svg, scale))
