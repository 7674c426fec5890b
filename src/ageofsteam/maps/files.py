"""Maps that come as a file or as data instead of a package folder: a ``map.toml`` made by hand or in the map
editor, played with the base rules.

Such a map has no ``rules.py``: it is read by the same reader and validator as the bundled maps
(:func:`ageofsteam.board.mapdata.read_map`, :func:`ageofsteam.board.validate.check_board`), and then held to what
the base rules can play (:func:`playable_problems`). A game on it keeps the file's text in its record
(``Record.map_file``), so the record replays on any machine without the file.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ageofsteam.board.hexes import doubled_row, label
from ageofsteam.board.mapdata import MapData, MapError, Problem, read_map
from ageofsteam.board.validate import check_board, read_toml_text, summary
from ageofsteam.engine.errors import BadInput
from ageofsteam.rules.base import BaseRules

# The largest map file taken (characters): a 40×40 board with every entry written out is far below it.
MAX_MAP_CHARS = 200_000


class FileRules(BaseRules):
    """The base game on a board read from a file (``turns`` in the file sets how long it lasts)."""


def text_problems(text: str, source: str = "map.toml") -> tuple[MapData | None, list[Problem]]:
    """The board a map file's text describes (None if it cannot be read) and every problem with it: the
    validator's (``aos map check``) and then what the base rules cannot play."""
    if len(text) > MAX_MAP_CHARS:
        return None, [Problem("file", f"is {len(text)} characters long; a map file may have at most {MAX_MAP_CHARS}")]
    data, problems = read_toml_text(text)
    if data is None:
        return None, problems
    board, problems = read_map(data, source)
    if board is None:
        return None, problems
    problems += check_board(board)
    return board, problems + playable_problems(board)


def playable_problems(board: MapData) -> list[Problem]:
    """What keeps the base rules from playing ``board``: circles, kinds of places and players they do not know."""
    if board.is_area:
        return [Problem("kind", "a map played with the base rules is a hex map: the base rules have no circles")]
    out = []
    for i, city in enumerate(board.cities):
        if city.kind != "city":
            out.append(Problem(f"city #{i + 1} ({city.name})", f"the base rules have no {city.kind}: leave kind out"))
    for h, kind in sorted(board.town_kinds.items()):
        if kind != "town":
            out.append(Problem(f"town {board.towns[h]}", f"the base rules have no {kind}: leave kind out"))
    if board.ports:
        out.append(Problem("town", "the base rules have no port towns: leave port out"))
    lo, hi = board.players
    for n in range(lo, hi + 1):
        if n not in board.turns and n not in BaseRules.TURNS:
            out.append(Problem("turns", f"how many turns does a game of {n} last? add it, e.g. turns = {{ {n} = 8 }}"))
    return out


@lru_cache(maxsize=64)
def _board(text: str, source: str) -> MapData:
    board, problems = text_problems(text, source)
    if problems or board is None:
        raise MapError(source, problems)
    return board


def board_from_text(text: str, source: str = "map.toml") -> MapData:
    """The board of a map file's text; :class:`MapError` (a ``ValueError``) names its first problem."""
    return _board(text, source)


def rules_from_text(text: str, source: str = "map.toml") -> FileRules:
    """Fresh base rules on the board of a map file's text; refused with :class:`BadInput` naming the problem."""
    try:
        return FileRules(board_from_text(text, source))
    except MapError as exc:
        raise BadInput(refusal(text, source) or str(exc)) from None


def is_map_file(arg: str) -> bool:
    """Whether a MAP argument names a map file (``path/to/map.toml``) rather than a bundled map's id."""
    return arg.lower().endswith(".toml") or "/" in arg or "\\" in arg


def read_map_text(path: str | Path) -> str:
    """The text of a map file, refused with :class:`BadInput` if it cannot be read or is too large."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_MAP_CHARS * 4:
            raise BadInput(f"{p}: a map file may have at most {MAX_MAP_CHARS} characters")
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read {p}: {getattr(exc, 'strerror', None) or exc}") from None


# --- where a problem is in the file ------------------------------------------------------------------------

_ENTRY = re.compile(r"^(city|town|feature|blocked|special_link|region|circle) (?:#(\d+)|(\S+))")
_GRID_LINE = re.compile(r"^grid line (\d+)")
_KEYED = re.compile(r"^(legend|turns|area) '?([^']*?)'?$")
_LABEL = re.compile(r"\b([A-Z]{1,2}\d{1,2})\b")


def _key_line(lines: list[str], key: str, start: int = 0) -> int | None:
    pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    return next((i + 1 for i in range(start, len(lines)) if pattern.match(lines[i])), None)


def _table_line(lines: list[str], name: str, nth: int = 1) -> int | None:
    pattern = re.compile(rf"^\s*\[\[?\s*{re.escape(name)}\s*\]\]?")
    found = [i + 1 for i, line in enumerate(lines) if pattern.match(line)]
    return found[nth - 1] if 0 < nth <= len(found) else None


_ASSIGN = re.compile(r"^\s*\"?([A-Za-z_][\w.-]*)\"?\s*=")


def problem_field(text: str, where: str, message: str = "") -> tuple[int | None, str | None]:
    """The line and the key a problem points at: inside an entry (``city #3 (Ash)``), the line of the key its
    message speaks of (``growth must be …`` → the ``growth = …`` line) when there is one, else the entry's head."""
    head = problem_line(text, where)
    if head is None or not _ENTRY.match(where):
        return head, None
    lines = text.split("\n")
    for i in range(head, len(lines)):
        if lines[i].lstrip().startswith("["):
            break
        m = _ASSIGN.match(lines[i])
        if m and re.search(rf"\b{re.escape(m.group(1))}\b", message):
            return i + 1, m.group(1)
    return head, None


def problem_line(text: str, where: str) -> int | None:
    """The line of the file a problem's place (``city #3 (Ash)``, ``grid line 2, column 4``, ``players``) points
    at, so that a refusal can name it; None where the place is the whole file or cannot be found."""
    lines = text.split("\n")
    if m := re.match(r"^line (\d+)", where):
        return int(m.group(1))
    if m := _GRID_LINE.match(where):
        grid = _key_line(lines, "grid")
        if grid is None:
            return None
        opened_empty = lines[grid - 1].rstrip().endswith(("'''", '"""'))
        return grid + int(m.group(1)) - (0 if opened_empty else 1)
    if m := _ENTRY.match(where):
        table, nth, ident = m.group(1), m.group(2), m.group(3)
        if nth is not None:
            return _table_line(lines, table, int(nth))
        for i, line in enumerate(lines):
            if re.match(rf"^\s*id\s*=\s*[\"']{re.escape(ident)}[\"']", line):
                return i + 1
        return _table_line(lines, table)
    if m := _KEYED.match(where):
        table = {"area": "areas"}.get(m.group(1), m.group(1))
        start = _table_line(lines, table)
        inside = _key_line(lines, m.group(2), start or 0) if start is not None else None
        return inside or start or _key_line(lines, table)
    if where.startswith("grid hex"):
        return _key_line(lines, "grid")
    key = where.split()[0] if where and where != "top level" and where != "file" else ""
    return (_key_line(lines, key) or _table_line(lines, key)) if key else None


def problem_hexes(board: MapData | None, where: str, message: str) -> list[str]:
    """The hex labels a problem is about (to mark them on a drawn board): those it names that are on the board,
    and the hexes of the entry at fault."""
    if board is None:
        return []
    found = [lab for lab in _LABEL.findall(f"{where} {message}") if lab in board.by_label]
    if m := _ENTRY.match(where):
        table, nth = m.group(1), m.group(2)
        entries = board.raw.get(table, [])
        if nth is not None and isinstance(entries, list) and int(nth) <= len(entries):
            entry = entries[int(nth) - 1]
            if isinstance(entry, dict):
                named = [entry.get("hex"), *(entry.get("hexes") or [])]
                found += [str(h).upper() for h in named if isinstance(h, str) and h.upper() in board.by_label]
    if m := _GRID_LINE.match(where):
        row, col = int(m.group(1)) - 1, int(re.search(r"column (\d+)", where).group(1))  # type: ignore[union-attr]
        low = 1 if board.raw.get("columns_low", "odd") == "odd" else 0
        lab = label(col, doubled_row(col, row, low))
        if lab in board.by_label:
            found.append(lab)
    return list(dict.fromkeys(found))


def report(text: str, source: str = "map.toml") -> dict[str, Any]:
    """What a map file's check says, as data for the map editor and the server: whether it plays, a summary,
    and each problem with its place, line and hexes."""
    board, problems = text_problems(text, source)
    return {
        "ok": not problems and board is not None,
        "summary": summary(board) if board is not None and not problems else "",
        "name": board.name if board is not None else "",
        "id": board.id if board is not None else "",
        "players": list(board.players) if board is not None else [],
        "turns": turns_of(board) if board is not None and not problems else {},
        "problems": [
            {
                "where": p.where,
                "message": p.message,
                "line": problem_field(text, p.where, p.message)[0],
                "field": problem_field(text, p.where, p.message)[1],
                "hexes": problem_hexes(board, p.where, p.message),
                "text": str(p),
            }
            for p in problems
        ],
    }


def turns_of(board: MapData) -> dict[str, int]:
    """How many turns a game on ``board`` lasts for each of its player counts (the file's, or the base game's)."""
    lo, hi = board.players
    return {str(n): board.turns.get(n) or BaseRules.TURNS[n] for n in range(lo, hi + 1)}


def refusal(text: str, source: str = "map.toml") -> str | None:
    """Why a map file's text cannot be played, naming the line and the field at fault; None when it can."""
    board, problems = text_problems(text, source)
    if not problems and board is not None:
        return None
    first = problems[0]
    line, key = problem_field(text, first.where, first.message)
    if first.where.startswith("line "):
        line = None  # the place says it already (a TOML syntax error)
    place = (f" line {line}" if line else "") + (f", field {key}" if key else "")
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return f"{source}{place}: {first}{more}"
