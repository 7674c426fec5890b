"""Helpers for the renderer's tests: parse SVG, collect its text, a game position with track and cubes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ageofsteam import Game
from ageofsteam.engine.scenario import Scenario

DATA = Path(__file__).parent / "data"
SVG_NS = "{http://www.w3.org/2000/svg}"


def parse_svg(svg: str) -> ET.Element:
    """The root element; fails the test if the SVG is not well-formed XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def all_text(root: ET.Element) -> str:
    """Every text in the picture, lines of one name joined by a space (halos, drawn twice, left out)."""
    texts = (t for t in root.iter(f"{SVG_NS}text") if t.get("aria-hidden") != "true")
    return " ".join(" ".join(t.itertext()) for t in texts)


def elements(root: ET.Element, tag: str, cls: str | None = None) -> list[ET.Element]:
    out = list(root.iter(f"{SVG_NS}{tag}"))
    if cls is not None:
        out = [e for e in out if cls in (e.get("class") or "").split()]
    return out


def track_game() -> Game:
    """Rust Belt in Build Track with seat 0 owning a straight, seat 1 a gentle curve, an unowned straight, and
    known cubes on Chicago."""
    return Game.from_scenario(
        Scenario.parse(
            {
                "players": 3,
                "seed": 5,
                "phase": "build_track",
                "cubes": {"L7": ["red", "blue", "blue"]},
                "track": [
                    {"hex": "M8", "tile": "straight", "rotation": 1, "owner": 0},
                    {"hex": "O8", "tile": "gentle", "rotation": 3, "owner": 1},
                    {"hex": "M4", "tile": "straight", "rotation": 1},
                ],
            }
        )
    )
