"""The side panel (``Rules.panel``, the view's ``panel``): what each map tells about its own figures follows
the position. Every map's mid-game panel is checked in test_every_map.py, New York's in
test_new_york_rules.py."""

from __future__ import annotations

from ageofsteam import Game, view
from ageofsteam.board.mapdata import MapData
from ageofsteam.maps import load_board
from ageofsteam.rules.base import BaseRules, PanelFact
from tests.conftest import scenario


def facts(game: Game) -> dict[str, str]:
    """The panel as label → value."""
    return {f["label"]: f["value"] for f in view(game)["panel"]}


def test_the_status_lines_say_the_panels_facts_and_a_map_without_a_panel_has_none():
    game = Game.new("texas", players=4, seed=1)
    g = game.state
    lines = g.rules.describe_status(g)
    assert lines == [f"{label}: {value}" for label, value in facts(game).items()]
    assert lines[0].startswith("Oil on fields: ")  # texas/panel.py, found beside texas/rules.py
    board: MapData = load_board("rust-belt")
    plain = BaseRules(board).new_state([("Ann", "blue"), ("Bob", "green"), ("Cy", "red")])
    assert plain.rules.panel(plain) == [] and plain.rules.describe_status(plain) == []


def test_saint_petersburg_season_and_block_disc():
    assert facts(Game.new("saint-petersburg", players=3, seed=1))["Block disc"] == "Locomotive cannot be selected"
    summer = scenario(
        """
        map = "saint-petersburg"
        players = 3
        phase = "build_track"
        [extra]
        season = "summer"
        blocked_action = "urbanization"
        """
    )
    shown = facts(summer)
    assert shown["Season"] == "summer"
    assert shown["Block disc"] == "Urbanization cannot be selected"
    assert shown["River hexes"] == "$4" and shown["Engineer"] == "4 builds"


def test_las_vegas_grey_disc_only_with_3_players():
    assert facts(Game.new("las-vegas", players=3, seed=1))["Grey disc"] == "Engineer cannot be taken"
    assert "Grey disc" not in facts(Game.new("las-vegas", players=4, seed=1))


def test_las_vegas_money_on_cities_and_under_the_display():
    game = Game.new("las-vegas", players=4, seed=2)
    g = game.state
    reds = sum(c.get("red", 0) for c in g.cubes.values())
    on_display = sum(1 for boxes in g.display.values() for c in boxes if c == "red")
    shown = facts(game)
    assert sum(int(part.rsplit("$", 1)[1]) for part in shown["Money on cities"].split(", ")) == 5 * reds
    assert shown["Under the display"] == f"${5 * on_display} under {on_display} red goods"


def test_detroit_solo_shows_the_action_disks_and_the_government():
    shown = facts(Game.new("detroit-bankruptcy", players=1, seed=1))
    assert shown["Engineer disks"] == "3 left, next $3"
    assert "turn 6" in shown["Government"]
    several = facts(Game.new("detroit-bankruptcy", players=3, seed=1))
    assert "Engineer disks" not in several and several["Bankrupt"] == "no one"


def test_texas_tanker_holder():
    game = scenario(
        """
        map = "texas"
        players = 4
        phase = "move_goods"
        [[player]]
        seat = 2
        action = "tanker"
        """
    )
    assert facts(game)["Tanker"] == game.state.players[2].name


def test_a_panel_fact_is_plain_data():
    fact = PanelFact("Season", "winter", "The game starts in winter.")
    assert (fact.label, fact.value, fact.rule) == ("Season", "winter", "The game starts in winter.")
