"""Layers point one way: the engine and the rules know no front end; the front ends share the player words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ageofsteam

PACKAGE = Path(ageofsteam.__file__).parent

# package → what it may not import (front ends and their libraries)
FORBIDDEN = {
    "board": ("ageofsteam.cli", "ageofsteam.server", "ageofsteam.render", "ageofsteam.words", "rich", "fastapi"),
    "engine": ("ageofsteam.cli", "ageofsteam.server", "ageofsteam.render", "ageofsteam.words", "rich", "fastapi"),
    "rules": ("ageofsteam.cli", "ageofsteam.server", "ageofsteam.render", "ageofsteam.words", "rich", "fastapi"),
    "maps": ("ageofsteam.cli", "ageofsteam.server", "rich", "fastapi"),
    "words": ("ageofsteam.cli", "ageofsteam.server", "ageofsteam.render", "rich", "fastapi"),
    "server": ("ageofsteam.cli", "rich"),
    "render": ("ageofsteam.cli", "ageofsteam.server", "rich", "fastapi"),
    "bots": ("ageofsteam.cli", "ageofsteam.server", "rich", "fastapi"),
}


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(package: str):
    wrong = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for name in imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[package]):
                wrong.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not wrong, "; ".join(wrong)
