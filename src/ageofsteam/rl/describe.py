"""A map's action blocks and observation sections, offset by offset (what ``docs/rl.md`` explains, for that map),
and the spaces of every Gymnasium id as pinned in the tests' golden file.

``python -m ageofsteam.rl.describe MAP`` prints them; ``python -m ageofsteam.rl.describe --golden FOLDER`` writes
``spaces-vN.json`` there (N: the ids' version), and refuses to change one that pins other spaces: a change of the
spaces raises the version first (``VERSION`` in :mod:`ageofsteam.rl.gym_env`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from ageofsteam.engine.errors import AosError
from ageofsteam.rl.observation import hex_channels
from ageofsteam.rl.table import spaces


def describe(map_id: str, options: dict[str, Any] | None = None) -> str:
    """The action space and the observation of ``map_id`` as a text table."""
    found = spaces(map_id, options)
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


def _digest(values: Any) -> str:
    return hashlib.sha1(json.dumps(values, default=str).encode()).hexdigest()[:12]


def pinned(map_id: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the golden file pins of a map's spaces: the sizes, every block and section, and the values each
    index or channel stands for (long lists by a digest)."""
    found = spaces(map_id, options)
    codec, layout = found.codec, found.layout
    return {
        "action_space": f"Discrete({codec.size})",
        "observation_space": f"Box(float32, ({layout.size},))",
        "actions": [
            f"{b.offset} +{b.size} {b.kind} {b.part}: {b.meaning()} {_digest(b.domains)}" for b in codec.blocks
        ],
        "observation": [f"{s.offset} +{s.size} {s.name}" for s in layout.sections],
        "hex_channels": ", ".join(hex_channels(layout.colours)),
        "map_figures": [f"+{s.offset} {s.name} {s.what}" for s in layout.figures.sections],
        "colours": ", ".join(layout.colours),
        "actions_held": ", ".join(layout.actions),
        "display_boxes": ", ".join(layout.boxes),
        "tiles": ", ".join(layout.tiles),
        "new_city_letters": ", ".join(layout.letters),
        "phases": ", ".join(layout.phases),
        "kinds": ", ".join(layout.kinds),
        "map_keys": _digest(list(layout.figures.key_index)),
    }


def golden() -> dict[str, Any]:
    """Every registered Gymnasium id → its pinned spaces."""
    from ageofsteam.rl.gym_env import env_ids

    return {env_id: pinned(kw["map_id"], kw.get("options")) for env_id, kw in sorted(env_ids().items())}


def golden_path(folder: Path) -> Path:
    from ageofsteam.rl.gym_env import VERSION

    return folder / f"spaces-v{VERSION}.json"


def write_golden(folder: Path) -> str:
    """Write the golden file of this version into ``folder``; refuse (AosError) to change one already written."""
    path = golden_path(folder)
    text = json.dumps(golden(), indent=1, ensure_ascii=False) + "\n"
    if path.exists() and path.read_text() != text:
        raise AosError(f"{path.name} pins other spaces: raise VERSION in ageofsteam/rl/gym_env.py first")
    path.write_text(text)
    return str(path)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--golden":
        try:
            print(f"wrote {write_golden(Path(argv[1]))}")
        except AosError as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if len(argv) != 1:
        print("usage: python -m ageofsteam.rl.describe MAP | --golden FOLDER", file=sys.stderr)
        return 2
    try:
        print(describe(argv[0]))
    except AosError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
