"""Layers point one way: the engine and the rules know no front end; the front ends share the player words."""

from __future__ import annotations

import ast
import re
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


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A loop of imports in ``graph`` (module → the modules it imports), as the modules round it; [] if none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt)
            if found:
                return found
        path.pop()
        done.add(node)
        return []

    for node in sorted(graph):
        found = visit(node)
        if found:
            return found
    return []


def test_the_server_modules_import_each_other_in_one_direction():
    graph = {}
    for path in sorted((PACKAGE / "server").rglob("*.py")):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = {m for m in imports(path) if m.startswith("ageofsteam.server.")}  # type-only imports too
    graph = {m: {t for t in ts if t in graph and t != m} for m, ts in graph.items()}
    assert _cycle(graph) == []


WEB = PACKAGE / "web"
JS_IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']""", re.M)


def js_imports(path: Path) -> set[str]:
    """The files of this client that the JavaScript module ``path`` imports (``import … from "./x.js"``)."""
    return {str((path.parent / spec).resolve().relative_to(WEB)) for spec in JS_IMPORT.findall(path.read_text())}


def test_the_web_client_modules_import_each_other_in_one_direction():
    graph = {str(p.relative_to(WEB)): js_imports(p) for p in sorted(WEB.rglob("*.js"))}
    assert sum(len(ts) for ts in graph.values()) > 20  # the imports were read
    assert _cycle(graph) == []


# a write to the game page's state: ``S.x = …``, ``S.x.y += …``, ``S.x++``, ``S.x.push(…)``
STATE_WRITE = re.compile(
    r"\bS(?:\.\w+)+\s*(?:[-+*/|&]?=(?!=)|\+\+|--)"  # assigned
    r"|\bS(?:\.\w+)+\.(?:push|set|delete|clear|splice)\("  # changed in place
)


def test_the_game_page_state_is_written_only_by_its_own_module():
    wrong = []
    for path in sorted(WEB.rglob("*.js")):
        text = path.read_text()
        if path.name != "state.js":
            wrong += [f"{path.relative_to(WEB)}: {m.group(0)}" for m in STATE_WRITE.finditer(text)]
        wrong += [f"{path.relative_to(WEB)}: {m.group(0)}" for m in re.finditer(r"^export (?:let|var) \w+", text, re.M)]
    assert not wrong, "; ".join(wrong)
