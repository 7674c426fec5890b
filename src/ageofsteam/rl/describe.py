"""``python -m ageofsteam.rl.describe MAP``: a map's action blocks and observation sections, offset by offset
(what ``docs/rl.md`` explains, for that map)."""

from __future__ import annotations

import sys

from ageofsteam.engine.errors import AosError
from ageofsteam.rl.observation import hex_channels
from ageofsteam.rl.table import spaces


def describe(map_id: str) -> str:
    """The action space and the observation of ``map_id`` as a text table."""
    found = spaces(map_id)
    codec, layout = found.codec, found.layout
    lines = [f"{map_id}: {codec.size} actions, an observation of {layout.size} numbers", "", "actions:"]
    for b in codec.blocks:
        lines.append(f"  {b.offset:>6} +{b.size:<6} {b.kind:<16} {b.part:<9} {b.meaning()}")
    lines += ["", "observation:"]
    for s in layout.sections:
        lines.append(f"  {s.offset:>6} +{s.size:<6} {s.name:<16} {s.what}")
    lines.append(f"  hex channels: {', '.join(hex_channels(layout.colours))}")
    for s in layout.figures.sections:
        lines.append(f"  map +{s.offset:<6} {s.name:<28} {s.what}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m ageofsteam.rl.describe MAP", file=sys.stderr)
        return 2
    try:
        print(describe(argv[0]))
    except AosError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
