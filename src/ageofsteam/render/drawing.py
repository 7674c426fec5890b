"""A piece of the picture, placed by whoever composes the whole."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Drawing:
    """A piece of the picture: SVG elements in a box of ``width`` × ``height`` whose top left is (0, 0)."""

    body: str
    width: float
    height: float
    legend: list[tuple[str, str]] = field(default_factory=list)  # (svg swatch, caption) for the key
