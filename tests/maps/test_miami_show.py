"""What `aos show` prints for Miami 2030: districts by name, and no empty goods display."""

from __future__ import annotations

from ageofsteam import Game
from ageofsteam.cli.describe import cities_table
from ageofsteam.words.names import display_lines


def _text(table) -> str:
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=200).print(table)
    return out.getvalue()


def test_districts_are_shown_by_name():
    g = Game.new("miami-2030", players=1, seed=3).state
    text = _text(cities_table(g))
    for h, kind in g.map.town_kinds.items():
        if kind == "district":
            assert g.map.towns[h] in text
    assert "Hard Rock Stadium" in text


def test_a_map_without_a_goods_display_prints_none():
    g = Game.new("miami-2030", players=1, seed=3).state
    lines = display_lines(g)
    assert not any("Goods display" in line for line in lines)
    assert lines[-1].startswith("Bag: ")
