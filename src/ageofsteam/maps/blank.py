"""A new map's folder, ready to play (``aos map new NAME``): a small board of the base game in ``map.toml``,
``rules.py`` with its rules version, a README with its Rulings, the rules at hand (``guide.toml``), a side
panel, and a test. The contributor then changes what the map's rulebook changes (``docs/map-format.md``,
"Adding a map")."""

from __future__ import annotations

import keyword
from pathlib import Path
from string import Template

MAP_TOML = Template("""\
# $title: a map of Age of Steam (docs/map-format.md says what each key means). `aos map check` lists every
# problem of this file with its place; `aos render $map_id -o $name.png --labels` draws it.
id = "$map_id"
name = "$title"
players = [3, 4]            # smallest and largest player count
columns_low = "odd"         # odd columns sit half a hex lower
# A kind of terrain of the map's own is declared here (extra_terrain = ["marsh"]) and priced in rules.py; so
# are kinds of features, cities, towns and special links (extra_features, extra_city_kinds, extra_town_kinds,
# extra_link_kinds).

grid = \'\'\'
..M...~.C..
.C.M..~..t.
...MM.~....
.t....~~.C.
..C....~...
......t~...
.WW..C..~t.
..W.....~.C
\'\'\'

[legend]
"." = "plain"
"~" = "river"
"M" = "mountain"
"W" = "lake"
"C" = "city"
"t" = "town"

[turns]                     # how many turns a game lasts for each player count
3 = 8
4 = 7

[facts]                     # counts the board must have (aos map check holds the file to them)
hexes = 88
cities = 6
towns = 4
mountain = 4
river = 9
lake = 3

[[city]]
name = "Anvil"
hex = "A8"
colour = "red"
growth = "light 1"

[[city]]
name = "Beacon"
hex = "D1"
colour = "blue"
growth = "light 2"

[[city]]
name = "Cobalt"
hex = "H9"
colour = "yellow"
growth = "light 3"

[[city]]
name = "Drummond"
hex = "I2"
colour = "purple"
growth = "dark 1"

[[city]]
name = "Eastgate"
hex = "N5"
colour = "red"
growth = "dark 2"

[[city]]
name = "Foundry"
hex = "O10"
colour = "blue"
growth = "dark 3"

[[town]]
name = "Glen"
hex = "D9"

[[town]]
name = "Hollow"
hex = "H1"

[[town]]
name = "Ironside"
hex = "K6"

[[town]]
name = "Junction"
hex = "N9"
""")

RULES_PY = Template('''\
"""$title's rules: the base game's, but for what its rulebook changes. Override here the constants (``TURNS``,
``BAG``, ``TERRAIN_COSTS``, ``ACTIONS`` …) and hooks (``terrain_cost``, ``check_build``, ``score`` …) of
``BaseRules``; ``rules/base.py`` lists them with what each is for."""

from __future__ import annotations

from typing import ClassVar

from ageofsteam.rules.base import BaseRules


class Rules(BaseRules):
    """$title."""

    # Raise it by one when a change would play a recorded game differently, keeping the old behaviour for the
    # records of older versions (REPLAYS_VERSIONS lists them); README.md says what each version changed.
    RULES_VERSION: ClassVar[int] = 1
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 2, "river": 3, "mountain": 4}  # lakes take no track
''')

PANEL_PY = Template('''\
"""$title's side panel: the figures a player must see, each with its value now and the rule behind it in one
line (the web page shows them beside the board, ``aos show`` a line each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.rules.base import PanelFact

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def panel(g: GameState) -> list[PanelFact]:
    return [
        PanelFact(
            "Turns",
            f"{g.turn} of {g.last_turn}",
            f"A game of {len(g.players)} players lasts {g.last_turn} turns on this map.",
        )
    ]
''')

GUIDE_TOML = Template("""\
# The rules at hand on the web page (rules/guide.py): what $title changes, in players' words.
tour = [
  "$title plays by the base game's rules on a board of its own.",
  "A game lasts 8 turns with 3 players and 7 with 4.",
]
setup = "Every city starts with 2 goods."

[phases]
# a phase's name = what the map changes in it, e.g. build_track = "Marsh hexes cost $$5."
""")

README_MD = Template("""\
# $title

A map of Age of Steam for 3–4 players: 88 hexes, 6 cities, 4 towns.

## Where the board comes from

Say here where the board comes from: a printed board, a rulebook's facts, geography, or a design of your own.
This one was written by `aos map new` as a start.

## Rules

The base rules, unchanged. List here each rule the map changes, each tested by a test named after its sentence
in `tests/maps/test_$name.py`.

## Rulings

Where the rulebook is silent:

1. **Length of the game**: 8 turns with 3 players, 7 with 4 (`[turns]` in `map.toml`).

## Rules versions

1. The first version.
""")

INIT_PY = Template('''\
"""$title: a map of Age of Steam (see README.md)."""
''')

TEST_PY = Template('''\
"""$title: its board as map.toml draws it, and a test per rule sentence of its rulebook, each named after the
sentence (tests/maps/test_every_map.py checks what every map must do)."""

from __future__ import annotations

from ageofsteam import Game
from ageofsteam.maps import load_board

MAP = "$map_id"


def test_the_board_has_six_cities_and_four_towns() -> None:
    board = load_board(MAP)
    assert [c.name for c in board.cities] == ["Anvil", "Beacon", "Cobalt", "Drummond", "Eastgate", "Foundry"]
    assert sorted(board.towns.values()) == ["Glen", "Hollow", "Ironside", "Junction"]


def test_a_game_lasts_8_turns_with_3_players_and_7_with_4() -> None:
    assert [Game.new(MAP, players=n, seed=1).state.last_turn for n in (3, 4)] == [8, 7]
''')

FILES = {
    "__init__.py": INIT_PY,
    "map.toml": MAP_TOML,
    "rules.py": RULES_PY,
    "panel.py": PANEL_PY,
    "guide.toml": GUIDE_TOML,
    "README.md": README_MD,
}


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a map folder (a Python package name: ``harbour_bay``), or None."""
    if not (name.isidentifier() and name == name.lower() and not keyword.iskeyword(name) and name[0] != "_"):
        return f"{name!r} cannot name a map folder: use small letters, digits and _ (e.g. harbour_bay)"
    return None


def default_title(name: str) -> str:
    """``harbour_bay`` → ``Harbour Bay``."""
    return " ".join(word.capitalize() for word in name.split("_") if word)


def blank_map(name: str, title: str | None = None, map_id: str | None = None) -> tuple[dict[str, str], str]:
    """The files of a new map folder (file name → text) and its test's text."""
    words = {"name": name, "title": title or default_title(name), "map_id": map_id or name.replace("_", "-")}
    return {file: t.substitute(words) for file, t in FILES.items()}, TEST_PY.substitute(words)


def write_blank_map(name: str, folder: Path, tests: Path, title: str | None = None) -> list[Path]:
    """Write the map folder ``folder/name`` and its test ``tests/test_name.py``; the paths written. Refuses
    (``FileExistsError``) to write over anything."""
    target = folder / name
    test = tests / f"test_{name}.py"
    for path in (target, test):
        if path.exists():
            raise FileExistsError(f"{path} exists already")
    files, test_text = blank_map(name, title)
    target.mkdir(parents=True)
    written = []
    for file, text in files.items():
        (target / file).write_text(text, encoding="utf-8")
        written.append(target / file)
    tests.mkdir(parents=True, exist_ok=True)
    test.write_text(test_text, encoding="utf-8")
    return [*written, test]
