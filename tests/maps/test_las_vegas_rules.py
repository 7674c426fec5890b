"""Las Vegas: one scenario test per rule sentence of the rulebook (``shared/rulebooks/001_*.txt``), plus the
README's Rulings, and random games with every invariant checked (the money among them).

The board and the goods set out at setup (5 on the red city in the centre, 2 on the others) are tested in
``test_las_vegas.py``.

Positions used::

    The Strip L7 (red) --K8-- Downtown I8 (yellow)     (one plain hex)
    North Las Vegas D9 --B9 (mountain)--> A10           (a mountain next to a city)
    J15, L15: Lake Mead
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from ageofsteam import BadInput, Game
from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Action, Roll, SelectAction
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.engine.scenario import Scenario
from ageofsteam.maps.las_vegas.rules import TakeMoney
from ageofsteam.maps.las_vegas.state import state as figures
from ageofsteam.words.choices import legal_choices
from tests import random_games
from tests.conftest import act, refused

MAP = "las-vegas"


def tile_for(*edges: str) -> tuple[str, int]:
    """A simple tile and rotation laying one track between ``edges``."""
    want = {DIRECTIONS.index(e) for e in edges}
    for name, tt in TILE_TYPES.items():
        if tt.is_town_tile:
            continue
        for r in range(6):
            tracks = oriented(name, r, False)
            if len(tracks) == 1 and {e for t in tracks for e in t if e != TOWN} == want:
                return name, r
    raise AssertionError(f"no tile lays {edges}")


def game_at(
    phase: str,
    *,
    players: int = 4,
    track: tuple[tuple[str, str, str, int], ...] = (),
    cubes: dict[str, list[str]] | None = None,
    money: dict[str, int] | None = None,
    display: dict[str, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    auto_chance: bool = True,
    display_money: dict[str, list[int]] | None = None,
    blocked: str | None = None,
) -> Game:
    """``players`` in seat order at ``phase``, seat 0 to move; ``money`` replaces the money on the cities (and
    ``display_money`` the money under the display's boxes: none unless given); ``blocked``: the action under
    the grey disc."""
    specs = []
    for label, a, b, owner in track:
        name, r = tile_for(a, b)
        specs.append({"hex": label, "tile": name, "rotation": r, "owner": owner})
    data: dict[str, Any] = {
        "map": MAP,
        "players": players,
        "phase": phase,
        "order": list(range(players)),
        "track": specs,
        "player": [{"seat": s, "cash": 20, "engine": 2, "income": 0, "has_built": bool(track)} for s in range(players)],
        "empty_cities": cubes is not None,
        "cubes": cubes or {},
        "display": display or {},
    }
    if options:
        data["options"] = options
    if money is not None:  # the money on the cities; the bank's ledger follows from what lies on the board
        data["extra"] = {"money": dict(money), "display_money": display_money or {}}
    if blocked is not None:
        data.setdefault("extra", {})["blocked_action"] = blocked
    return Game.from_scenario(Scenario.parse(data), auto_chance=auto_chance)


def build(game: Game, label: str, a: str, b: str) -> int:
    seat = game.to_move
    before = game.state.players[seat].cash
    name, r = tile_for(a, b)
    act(game, "build", hex=label, tile=name, rotation=r)
    return before - game.state.players[seat].cash


STRIP_DOWNTOWN = (("K8", "SW", "N", 1),)  # The Strip (red) – Downtown (yellow), owned by seat 1


def link_id(game: Game) -> str:
    (lk,) = game.state.network.links.values()
    return lk.id


# --- Setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_place_5_dollars_under_each_red_good_on_the_cities(players):
    g = Game.new(MAP, players=players, seed=players).state
    money = figures(g).money
    for city, cubes in g.cubes.items():
        assert money.get(g.label(city), 0) == 5 * cubes.get("red", 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_place_5_dollars_under_each_red_good_on_the_goods_display(players):
    g = Game.new(MAP, players=players, seed=10 + players).state
    for col, boxes in g.display.items():
        assert figures(g).display_money[col] == [5 if c == "red" else 0 for c in boxes]


def test_in_a_3_player_game_block_the_engineer_action_with_a_grey_disc():
    game = Game.new(MAP, players=3, seed=1)
    assert figures(game.state).blocked_action == "engineer"
    assert figures(Game.new(MAP, players=4, seed=1).state).blocked_action is None


# --- Track laying costs ---------------------------------------------------------------------------


def test_track_laying_costs_plains_3():
    game = game_at("build_track")
    assert build(game, "K8", "SW", "N") == 3


def test_ruling_mountains_cost_4():
    game = game_at("build_track")
    assert build(game, "B9", "S", "NE") == 4


def test_ruling_option_mountain_cost():
    game = game_at("build_track", options={"mountain_cost": 6})
    assert build(game, "B9", "S", "NE") == 6


def test_ruling_no_track_on_lakes():
    game = game_at("build_track")
    name, r = tile_for("SW", "NE")
    refused(game, "build", "lake", hex="J15", tile=name, rotation=r)


# --- Goods transport ------------------------------------------------------------------------------


def test_delivering_to_a_city_with_money_the_mover_may_take_5_and_earns_income_as_normal():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"I8": 10})
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    g = game.state
    assert g.players[1].income == 1  # the link's owner, as normal
    assert game.to_move == 0 and set(game.legal_actions()) == {TakeMoney(0, True), TakeMoney(0, False)}
    act(game, "take_money", take=True)
    assert g.players[0].cash == 25 and figures(g).money == {"I8": 5}
    assert game.to_move == 1


def test_the_mover_may_leave_the_money():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"I8": 5})
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    act(game, "take_money", take=False)
    g = game.state
    assert g.players[0].cash == 20 and figures(g).money == {"I8": 5} and game.to_move == 1


def test_only_5_dollars_are_taken_per_delivery():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"I8": 15})
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    act(game, "take_money", take=True)
    assert figures(game.state).money == {"I8": 10}


def test_delivering_to_a_city_without_money_asks_nothing():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"L7": 10})
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    assert game.to_move == 1 and figures(game.state).money_choice is None
    assert game.state.players[0].cash == 20


def test_the_money_decision_comes_before_anything_else():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow", "yellow"]}, money={"I8": 5})
    refused(game, "take_money", "no money to take", take=True)
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    refused(game, "deliver", "take $5 from Downtown", city="L7", colour="yellow", links=[link_id(game)])
    refused(game, "skip_move", "take $5 from Downtown")


def test_ruling_money_stays_on_the_city_when_its_red_good_leaves():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"I8": ["red"]}, money={"I8": 5})
    act(game, "deliver", city="I8", colour="red", links=[link_id(game)])
    assert figures(game.state).money == {"I8": 5}  # The Strip had none: no decision
    assert game.to_move == 1


def test_the_money_decision_is_readable_in_the_menu():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"I8": 5})
    act(game, "deliver", city="L7", colour="yellow", links=[link_id(game)])
    labels = [c.label for c in legal_choices(game)]
    assert labels == ["take $5 from Downtown", "leave the money on Downtown"]


# --- Goods replenishment --------------------------------------------------------------------------


def growth_game(red_box_money: int) -> Game:
    empty = {col: [""] * 3 for col in (f"light{v}" for v in range(1, 7))} | {
        col: [""] * 3 for col in (f"dark{v}" for v in range(1, 7))
    }
    empty["light1"] = ["red", "red", "blue"]  # The Strip's column
    under = {"light1": [red_box_money, 5, 0]}
    return game_at("goods_growth", players=3, display=empty, money={}, display_money=under, auto_chance=False)


@pytest.mark.parametrize("box_money", [5, 0])  # a box filled at setup, or by Production
def test_each_time_a_red_good_is_moved_onto_the_map_place_5_under_it(box_money):
    game = growth_game(box_money)
    strip = game.state.map.by_label["L7"]
    reds = game.state.cubes[strip].get("red", 0)
    game.supply_chance(Roll(light=(1, 1, 3), dark=(2, 2, 2)).to_json())
    g = game.state
    assert g.cubes[strip]["red"] == reds + 2
    assert figures(g).money["L7"] == 10
    assert figures(g).display_money["light1"] == [0, 0, 0]
    assert check_invariants(game) == []


def test_goods_that_are_not_red_bring_no_money():
    game = growth_game(5)
    game.supply_chance(Roll(light=(1, 1, 1), dark=(2, 2, 2)).to_json())  # two reds and a blue to The Strip
    assert figures(game.state).money["L7"] == 10


# --- Advancing the round marker (3 players) -------------------------------------------------------


@pytest.mark.parametrize(("blocked", "free"), [("engineer", "urbanization"), ("urbanization", "engineer")])
def test_actions_below_the_grey_disc_cannot_be_selected(blocked, free):
    game = game_at("select_actions", players=3, blocked=blocked)
    assert SelectAction(0, blocked) not in game.legal_actions()
    refused(game, "select_action", "blocked by the grey disc", action=blocked)
    assert SelectAction(0, free) in game.legal_actions()


def test_in_a_3_player_game_the_grey_disc_alternates_at_each_advance_of_the_round_marker():
    game = Game.new(MAP, players=3, seed=4)
    rng, bot = random.Random(4), RandomBot()
    seen = {}
    while not game.over and game.state.turn <= 4:
        g = game.state
        seen[g.turn] = figures(g).blocked_action
        if g.phase == "select_actions":
            assert not any(isinstance(a, SelectAction) and a.action == seen[g.turn] for a in game.legal_actions())
        game.apply(bot.choose(game, rng))
    assert [seen[t] for t in (1, 2, 3, 4)] == ["engineer", "urbanization", "engineer", "urbanization"]


def test_the_status_shows_the_money_and_the_grey_disc():
    g = Game.new(MAP, players=3, seed=2).state
    lines = g.rules.describe_status(g)
    assert lines[0].startswith("Money on cities:") and "Grey disc: Engineer cannot be taken" in lines


def test_the_picture_shows_the_money_and_the_grey_disc():
    from ageofsteam.render import render_svg

    g = Game.new(MAP, players=3, seed=2).state
    svg = render_svg(g)
    assert "Money on cities:" in svg and "Grey disc: Engineer cannot be taken" in svg
    lab, dollars = sorted(figures(g).money.items())[0]
    assert dollars > 0 and f"{g.stop_name(g.map.by_label[lab])} ${dollars}" in svg


def test_the_board_shows_a_note_with_the_money_on_each_city_and_the_display_marks_the_money_under_red_goods():
    from ageofsteam.engine.view import state_view
    from ageofsteam.render import render_svg

    g = Game.new(MAP, players=3, seed=2).state
    svg = render_svg(g)
    notes = dict(re.findall(r'class="city-money" data-hex="(\w+)" data-money="(\d+)"', svg))
    assert notes == {lab: str(v) for lab, v in figures(g).money.items() if v} and notes
    marks = state_view(g)["display_marks"]
    under = figures(g).display_money
    assert marks == {col: [f"${v}" if v else None for v in boxes] for col, boxes in under.items() if any(boxes)}
    for col, boxes in marks.items():  # a mark under each red good, none elsewhere
        assert [m is not None for m in boxes] == [c == "red" for c in g.display[col]]


# --- random play ----------------------------------------------------------------------------------

GAMES = 50
CHUNK = 10


def _count_money_taken(game: Game, action: Action, seen: Counter[str]) -> None:
    if isinstance(action, TakeMoney) and action.take:
        seen["money taken"] += 1


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant_and_the_money(first):
    seen: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        game, problems, kinds = random_games.play_checked(MAP, seed, 3 + seed % 3, observe=_count_money_taken)
        assert problems == []
        assert game.state.phase == "game_over"
        seen += kinds
    assert seen["money taken"] > 0


@pytest.mark.state_edited
def test_the_money_invariant_catches_lost_money():
    game = game_at("move_goods", track=STRIP_DOWNTOWN, cubes={"L7": ["yellow"]}, money={"I8": 5})
    assert check_invariants(game) == []
    figures(game.state).money["I8"] = 10
    assert any("bank laid out" in p for p in check_invariants(game))


# --- Scenario positions -------------------------------------------------------------------------------


def test_a_scenario_puts_5_dollars_under_each_red_good_it_places_unless_it_states_the_money():
    game = game_at("move_goods", cubes={"L7": ["red", "red", "yellow"], "I8": ["blue"]})
    g = game.state
    assert figures(g).money == {"L7": 10}
    reds = sum(box == "red" for boxes in g.display.values() for box in boxes)
    assert sum(sum(v) for v in figures(g).display_money.values()) == 5 * reds
    assert figures(g).money_from_bank == 10 + 5 * reds
    assert check_invariants(game) == []


def test_a_scenario_with_money_under_a_display_good_that_is_not_red_is_refused():
    display = {"light1": ["blue", "red", "red"]}
    with pytest.raises(BadInput, match=r"cannot occur in play: \$5 lies under display box light1/1 \(blue\)"):
        game_at("move_goods", money={}, display=display, display_money={"light1": [5, 0, 0]})
