"""Old Europe drawn: the discs on the connection circles and on the large circles, as the rules of circles keep them."""

from __future__ import annotations

from ageofsteam.render.areas import CircleDrawing

DRAWING = CircleDrawing()
