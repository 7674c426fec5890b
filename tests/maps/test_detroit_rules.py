"""Detroit Bankruptcy's rules (rulebook 004), one test per rule sentence, the solo variant's too, and random
games (2–5 players and solo) with every invariant checked after every action."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ageofsteam import Game, IllegalAction, view
from ageofsteam.board.network import Link
from ageofsteam.bots import RandomBot
from ageofsteam.cli.describe import state_renderable
from ageofsteam.cli.main import app
from ageofsteam.engine.invariants import check_invariants, check_replay
from ageofsteam.maps.detroit.rules import (
    LOST,
    SOLO_RATINGS,
    detroit_income_reduction,
    solo_rating,
)
from ageofsteam.maps.detroit.state import SoloResult, state
from ageofsteam.rules.move_goods import Route
from tests.conftest import act, refused, scenario

MAP = "detroit-bankruptcy"


def game(
    body: str = "",
    players: int = 2,
    phase: str = "build_track",
    turn: int = 1,
    special_links: dict[str, int] | None = None,
    options: dict[str, int] | None = None,
    extra: dict[str, dict[str, int]] | None = None,
    auto_chance: bool = True,
) -> Game:
    """A Detroit position: ``body`` is scenario TOML (players, cubes…) after the head fields."""
    head = f'map = "{MAP}"\nplayers = {players}\nphase = "{phase}"\nturn = {turn}\n'
    if players > 1 and "order" not in body:
        head += f"order = {list(range(players))}\n"
    for name, table in (("special_links", special_links), ("options", options)):
        if table:
            head += f"{name} = {{ {', '.join(f'{k!r} = {v}' for k, v in table.items())} }}\n".replace("'", '"')
    for key, table in (extra or {}).items():
        head += f"extra.{key} = {{ {', '.join(f'{k} = {v}' for k, v in table.items())} }}\n"
    return scenario(head + body, auto_chance=auto_chance)


def engineer(cash: int, seat: int = 0) -> str:
    return f'[[player]]\nseat = {seat}\ncash = {cash}\naction = "engineer"\n'


def player(seat: int, **fields: object) -> str:
    lines = ["[[player]]", f"seat = {seat}"]
    for k, v in fields.items():
        lines.append(f'{k} = "{v}"' if isinstance(v, str) else f"{k} = {str(v).lower() if isinstance(v, bool) else v}")
    return "\n".join(lines) + "\n"


def some_build(g: Game, cost: int):
    """A legal tile build of the player to move that costs ``cost`` now."""
    from ageofsteam.rules.build_track import legal_builds

    st = g.state
    plan = next(p for p in legal_builds(st, st.to_move) if p.cost == cost)
    return {"hex": st.label(plan.hex), "tile": plan.tile.tile, "rotation": plan.tile.rotation}


# --- setup and shares -----------------------------------------------------------------------------


def test_each_player_starts_with_5_shares_and_no_money():
    st = Game.new(MAP, players=4, seed=2).state
    assert {(p.cash, p.shares) for p in st.players} == {(0, 5)}


def test_on_this_map_the_maximum_number_of_shares_is_25():
    g = game(player(0, shares=22) + player(1, shares=5), phase="issue_shares")
    assert max(a.count for a in g.legal_actions()) == 3
    with pytest.raises(IllegalAction):
        act(g, "issue_shares", count=4)
    act(g, "issue_shares", count=3)
    assert g.state.players[0].shares == 25


def test_expenses_include_the_5_starting_shares():
    g = game(player(0, cash=20) + player(1, cash=20), phase="move_goods")
    for _ in range(4):
        act(g, "skip_move")
    # $1 per share (5), engine 1, turn 1
    assert [p.cash for p in g.state.players] == [20 - 7, 20 - 7]


# --- actions --------------------------------------------------------------------------------------


def test_the_production_action_is_not_used_on_this_map():
    g = game(phase="select_actions")
    names = {a.action for a in g.legal_actions()}
    assert "production" not in names
    assert names == {"first_move", "first_build", "engineer", "locomotive", "urbanization", "turn_order"}
    with pytest.raises(IllegalAction):
        act(g, "select_action", action="production")


def test_the_engineer_builds_up_to_4_track_tiles():
    g = game(engineer(40))
    assert g.state.build.builds_left == 4


def test_the_engineers_lowest_cost_build_is_free():
    g = game(engineer(20))
    act(g, "build", **some_build(g, 0))  # the first build is free for now (it is the cheapest so far)
    assert g.state.players[0].cash == 20
    act(g, "build_link", link="detroit-river-8")  # $8: the $2 tile stays the free one
    assert g.state.players[0].cash == 12
    act(g, "end_build")
    assert g.state.players[1].cash == 0


def test_the_cheapest_build_is_free_even_when_it_comes_last():
    g = game(engineer(10))
    act(g, "build_link", link="midtown-downtown")  # free for now
    assert g.state.players[0].cash == 10
    act(g, "build", **some_build(g, 6))  # a $2 tile: now it is the free one and the $6 link is paid
    assert g.state.players[0].cash == 4


def test_an_engineer_with_no_money_may_make_the_free_build():
    g = game(engineer(0))
    assert g.state.to_move == 0 and g.state.build.player == 0
    act(g, "build_link", link="windsor-windsor-airport")
    assert g.state.special_link_owners == {"windsor-windsor-airport": 0}
    assert g.state.players[0].cash == 0


def test_the_free_build_may_be_a_special_link_if_it_is_the_lowest_cost_build_that_turn():
    g = game(engineer(10))
    act(g, "build_link", link="detroit-river-10")
    act(g, "build_link", link="midtown-downtown")  # $6 < $10: the $6 link is free, the $10 one is paid
    assert g.state.players[0].cash == 0


def test_without_the_engineer_every_build_is_paid():
    g = game(player(0, cash=10))
    act(g, "build", **some_build(g, 2))
    assert g.state.players[0].cash == 8


# --- special links --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("link", "cost"),
    [
        ("midtown-downtown", 6),
        ("windsor-windsor-airport", 6),
        ("detroit-river-8", 8),
        ("detroit-river-10", 10),
    ],
)
def test_special_links_may_be_built_for_the_cost_shown_on_the_map(link, cost):
    g = game(player(0, cash=12))
    act(g, "build_link", link=link)
    assert g.state.players[0].cash == 12 - cost
    assert g.state.special_link_owners == {link: 0}
    assert any(f"for ${cost}" in line for line in g.state.log)


def test_a_special_link_costs_more_than_the_player_has_is_refused():
    g = game(player(0, cash=7))
    before = view(g)
    with pytest.raises(IllegalAction, match="costs \\$8 and you have \\$7"):
        act(g, "build_link", link="detroit-river-8")
    assert view(g) == before


def test_each_special_link_can_only_be_owned_by_one_player():
    g = game(player(0, cash=10) + player(1, cash=10))
    act(g, "build_link", link="midtown-downtown")
    act(g, "end_build")
    assert all(getattr(a, "link", None) != "midtown-downtown" for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="already built"):
        act(g, "build_link", link="midtown-downtown")
    assert g.state.special_link_owners == {"midtown-downtown": 0}


def test_each_special_link_built_counts_as_one_track_tile():
    g = game(player(0, cash=40) + player(1, cash=10))
    act(g, "build_link", link="midtown-downtown")
    assert g.state.build.builds_left == 2
    act(g, "build_link", link="detroit-river-8")
    act(g, "build_link", link="windsor-windsor-airport")  # the third build ends the turn
    assert g.state.build.player == 1
    assert set(g.state.special_link_owners) == {"midtown-downtown", "detroit-river-8", "windsor-windsor-airport"}
    links = {lk.id: (lk.owner, lk.sections) for lk in g.state.network.links.values()}
    assert links == {"midtown-downtown": (0, 1), "detroit-river-8": (0, 1)}  # Windsor Airport is still bare
    assert g.state.rules.score(g.state, 0) == g.state.players[0].income


# --- the Windsor–Windsor Airport link while the airport is a bare town (Rulings) ---------------------

AIRPORT_LINK = "windsor-windsor-airport"
RED_AT_WINDSOR = "empty_cities = true\n" + player(0, engine=2) + '[cubes]\nQ13 = ["red"]\n'


def town_tile(spoke: str, owner: int) -> str:
    """A one-spoke town tile on Windsor Airport (R14), its spoke towards ``spoke`` (N: P14, NW: Windsor)."""
    turn = {"N": 0, "NW": 5}[spoke]
    return f'[[track]]\nhex = "R14"\ntile = "town_1"\nrotation = {turn}\nowner = {owner}\n'


def test_ruling_the_windsor_airport_link_is_built_on_a_bare_town_for_its_printed_cost_but_joins_nothing_yet():
    g = game(player(0, cash=10))
    assert "R14" not in {t["hex"] for t in view(g)["track"]}
    act(g, "build_link", link=AIRPORT_LINK)
    assert g.state.players[0].cash == 4 and g.state.build.builds_left == 2
    assert g.state.special_link_owners == {AIRPORT_LINK: 0}
    assert AIRPORT_LINK not in g.state.network.links  # not a Completed Railroad Link while the town is bare
    assert view(Game.from_record(g.record)) == view(g)


@pytest.mark.parametrize("spoke", ["NW", "N"])
def test_ruling_a_town_tile_on_windsor_airport_makes_the_link_complete_for_its_builder_whatever_its_spokes(spoke):
    # "All track entering a built town connects at the town": the link joins the town, not one of its spokes
    g = game(town_tile(spoke, owner=1), phase="move_goods", special_links={AIRPORT_LINK: 0})
    link = g.state.network.links[AIRPORT_LINK]
    assert (g.state.label(link.a), g.state.label(link.b), link.owner, link.sections) == ("Q13", "R14", 0, 1)


def test_ruling_the_town_tile_laid_after_the_link_completes_it_at_once():
    g = game(player(0, cash=10) + player(1, cash=10), special_links={AIRPORT_LINK: 0})
    act(g, "end_build")
    act(g, "build", hex="R14", tile="town_1", rotation=5)  # seat 1, towards Windsor: $1 + $1
    assert g.state.players[1].cash == 8
    assert g.state.network.links[AIRPORT_LINK].owner == 0


def test_ruling_no_goods_go_over_the_windsor_airport_link_while_the_town_is_bare():
    g = game(RED_AT_WINDSOR, phase="move_goods", special_links={AIRPORT_LINK: 0})
    assert not [a for a in g.legal_actions() if a.kind == "deliver"]
    refused(g, "deliver", "no completed link", city="Q13", colour="red", links=[AIRPORT_LINK])


def test_ruling_once_windsor_airport_is_a_new_city_goods_go_over_the_link_and_pay_its_owner():
    g = game(RED_AT_WINDSOR + '[new_cities]\nR14 = "A"\n', phase="move_goods", special_links={AIRPORT_LINK: 0})
    act(g, "deliver", city="Q13", colour="red", links=[AIRPORT_LINK])  # to the red New City A on R14
    assert [p.income for p in g.state.players] == [1, 0]
    assert g.state.rules.score(g.state, 0) == 1  # a Detroit standing is the income: the link counts only so


def test_rules_version_1_records_still_make_the_windsor_airport_link_at_once():
    g = game(player(0, cash=10))
    old = Game.from_record(g.record.model_copy(update={"rules_version": 1}))
    assert old.state.rules_version == 1
    act(old, "build_link", link=AIRPORT_LINK)
    assert old.state.network.links[AIRPORT_LINK].owner == 0
    replayed = Game.from_record(old.record)
    assert replayed.record.rules_version == 1 and view(replayed) == view(old)


def test_an_unknown_special_link_is_refused():
    g = game(player(0, cash=40))
    with pytest.raises(IllegalAction, match="no special link"):
        act(g, "build_link", link="ambassador-bridge")


def test_a_bankrupt_players_special_links_belong_to_no_one():
    g = game(
        player(0, cash=0, income=0) + player(1, cash=30) + player(2, cash=30),
        players=3,
        phase="move_goods",
        special_links={"midtown-downtown": 0},
    )
    for _ in range(6):
        act(g, "skip_move")
    assert g.state.players[0].eliminated
    assert g.state.special_link_owners == {"midtown-downtown": None}
    assert g.state.network.links["midtown-downtown"].owner is None


# --- move goods -----------------------------------------------------------------------------------


def river_delivery(owner_first: int) -> Game:
    """A red cube in Midtown; Midtown–Downtown owned by ``owner_first``, the $8 bridge by seat 1."""
    return game(
        "empty_cities = true\n" + player(0, engine=2) + '[cubes]\nM11 = ["red"]\n',
        phase="move_goods",
        special_links={"midtown-downtown": owner_first, "detroit-river-8": 1},
    )


def test_at_least_half_of_the_links_of_a_delivery_must_belong_to_the_mover():
    g = river_delivery(owner_first=0)
    act(g, "deliver", city="M11", colour="red", links=["midtown-downtown", "detroit-river-8"])
    assert [p.income for p in g.state.players] == [1, 1]


def test_a_delivery_over_fewer_than_half_own_links_is_refused():
    g = river_delivery(owner_first=1)
    assert not [a for a in g.legal_actions() if a.kind == "deliver"]
    before = view(g)
    with pytest.raises(IllegalAction, match="at least half the links of a delivery must be yours: 1 of 2, not 0"):
        act(g, "deliver", city="M11", colour="red", links=["midtown-downtown", "detroit-river-8"])
    assert view(g) == before


def test_a_three_link_delivery_has_to_be_over_at_least_two_of_the_movers_links():
    st = game(phase="move_goods").state
    rules = st.rules

    def route(*owners: int) -> Route:
        return Route("red", (1, 2, 3, 4), tuple(Link(f"l{i}", i, i + 1, o, 1) for i, o in enumerate(owners)))

    assert rules.route_refusal(st, 0, route(0, 0, 1)) is None
    assert rules.route_refusal(st, 0, route(0, 1, 1)) == (
        "at least half the links of a delivery must be yours: 2 of 3, not 1"
    )


# --- expenses and income reduction ----------------------------------------------------------------


def test_expenses_include_shares_engine_level_and_the_turn_number():
    g = game(player(0, cash=30, shares=7, engine=3) + player(1, cash=30), phase="move_goods", turn=4)
    for _ in range(4):
        act(g, "skip_move")
    assert g.state.players[0].cash == 30 - (7 + 3 + 4)
    assert g.state.players[1].cash == 30 - (5 + 1 + 4)


@pytest.mark.parametrize(
    ("income", "loss"),
    [
        (5, 0),
        (6, 1),
        (10, 1),
        (11, 2),
        (15, 2),
        (16, 3),
        (40, 7),
        (45, 8),
        (50, 9),
        (55, 10),
        (70, 10),
    ],
)
def test_income_reduction_begins_with_minus_1_for_6_to_10_and_minus_2_for_11_to_15(income, loss):
    g = game(player(0, cash=30, income=income) + player(1, cash=30), phase="move_goods")
    for _ in range(4):
        act(g, "skip_move")
    assert g.state.players[0].income == income - loss


def test_the_multiplayer_reduction_stops_at_the_tracks_printed_maximum_an_option():
    assert detroit_income_reduction(70, 10) == 10
    assert detroit_income_reduction(70, 0) == 13
    g = game(
        player(0, cash=30, income=70) + player(1, cash=30), phase="move_goods", options={"income_reduction_cap": 0}
    )
    for _ in range(4):
        act(g, "skip_move")
    assert g.state.players[0].income == 70 - 13


# --- end of game ----------------------------------------------------------------------------------


def test_the_game_does_not_end_after_a_set_number_of_turns():
    g = game(player(0, cash=90, income=30) + player(1, cash=90, income=30), phase="move_goods", turn=40)
    for _ in range(4):
        act(g, "skip_move")
    assert not g.over and g.state.turn == 41 and g.state.last_turn == 0


def test_the_game_ends_when_all_players_except_one_are_bankrupt_and_that_player_wins():
    g = game(
        "order = [0, 1]\n" + player(0, cash=20) + player(1, cash=0) + player(2, eliminated=True),
        players=3,
        phase="move_goods",
    )
    for _ in range(4):
        act(g, "skip_move")
    assert g.over
    assert state(g.state).winners == [0]
    assert view(g)["standings"][0]["seat"] == 0
    assert "Player 1 wins" in " ".join(g.state.log)


def test_the_game_goes_on_while_two_players_are_not_bankrupt():
    g = game(player(0, cash=20) + player(1, cash=20) + player(2, cash=0), players=3, phase="move_goods")
    for _ in range(6):
        act(g, "skip_move")
    assert not g.over and g.state.players[2].eliminated


def test_if_all_remaining_players_go_bankrupt_on_the_same_turn_the_highest_income_wins():
    g = game(player(0, cash=0, income=0) + player(1, cash=0, income=3), phase="move_goods")
    for _ in range(4):
        act(g, "skip_move")
    # expenses 7: seat 0 loses 7 income (−7), seat 1 has 3 and loses 4 (−1)
    assert g.over
    assert state(g.state).winners == [1]
    assert [s["seat"] for s in view(g)["standings"]] == [1, 0]


def test_a_tie_for_the_highest_income_among_the_last_bankrupt_is_a_shared_win():
    g = game(player(0, cash=0, income=2) + player(1, cash=0, income=2), phase="move_goods")
    for _ in range(4):
        act(g, "skip_move")
    assert g.over and state(g.state).winners == [0, 1]


# --- the solo variant -----------------------------------------------------------------------------


def solo(body: str = "", phase: str = "select_actions", **kw: Any) -> Game:
    return game(body, players=1, phase=phase, **kw)


def test_solo_the_only_actions_available_are_engineer_locomotive_and_urbanization():
    g = solo(player(0, cash=10))
    assert {a.action for a in g.legal_actions()} == {"engineer", "locomotive", "urbanization", "no_action"}
    with pytest.raises(IllegalAction):
        act(g, "select_action", action="first_build")


def test_solo_setup_places_3_disks_on_each_of_the_three_action_spaces():
    st = Game.new(MAP, players=1, seed=1).state
    assert state(st).action_disks == {"engineer": 3, "locomotive": 3, "urbanization": 3}


@pytest.mark.state_edited
def test_solo_removing_the_top_disk_costs_3_the_middle_2_and_the_bottom_1():
    g = solo(player(0, cash=10))
    paid = []
    for _ in range(3):
        before = g.state.players[0].cash
        act(g, "select_action", action="locomotive")
        paid.append(before - g.state.players[0].cash)
        g.state.phase = "select_actions"  # take the action again in the next turn
        g.state.rules.phase(g.state).begin(g.state)
    assert paid == [3, 2, 1]
    assert state(g.state).action_disks["locomotive"] == 0


def test_solo_an_action_may_not_be_selected_if_there_are_no_disks_on_the_space():
    g = solo(player(0, cash=10), extra={"action_disks": {"engineer": 0, "locomotive": 2, "urbanization": 1}})
    assert {a.action for a in g.legal_actions()} == {"locomotive", "urbanization", "no_action"}
    before = view(g)
    with pytest.raises(IllegalAction, match="no Engineer disks are left"):
        act(g, "select_action", action="engineer")
    assert view(g) == before


def test_solo_an_action_whose_fee_is_more_than_the_cash_is_refused_saying_so():
    g = solo(player(0, cash=2), extra={"action_disks": {"engineer": 3, "locomotive": 3, "urbanization": 1}})
    assert {a.action for a in g.legal_actions()} == {"urbanization", "no_action"}
    before = view(g)
    with pytest.raises(IllegalAction, match=r"the Locomotive disk costs \$3 and you have only \$2"):
        act(g, "select_action", action="locomotive")
    assert view(g) == before


def test_the_final_figure_of_a_game_is_income_not_points():
    from ageofsteam.words.names import standings_lines

    g = solo(player(0, cash=10))
    lines = standings_lines(g)
    assert "income 0" in lines[1] and "points" not in " ".join(lines)


def test_solo_if_all_disks_are_removed_no_actions_may_be_used():
    g = solo(
        player(0, cash=10),
        phase="issue_shares",
        extra={"action_disks": {"engineer": 0, "locomotive": 0, "urbanization": 0}},
    )
    act(g, "issue_shares", count=0)
    # no choice is left: "no action" is taken at once and the build begins
    assert g.state.phase == "build_track" and g.state.players[0].action == "no_action"


def test_solo_you_may_select_and_use_1_action_per_turn_or_none():
    g = solo(player(0, cash=10))
    act(g, "select_action", action="no_action")
    assert g.state.phase == "build_track"
    assert g.state.players[0].cash == 10 and g.state.build.builds_left == 3


def test_solo_an_action_needs_the_money_for_its_fee():
    g = solo(player(0, cash=2), phase="issue_shares")
    act(g, "issue_shares", count=0)
    assert g.state.players[0].action == "no_action" and g.state.players[0].cash == 2


def test_solo_no_auction_for_player_order():
    g = solo(player(0, cash=10), phase="issue_shares")
    act(g, "issue_shares", count=0)
    assert g.state.phase == "select_actions" and g.state.auction is None


def test_solo_goods_growth_rolls_2_dice_for_each_side_of_the_display():
    g = solo(player(0, cash=30), phase="move_goods", auto_chance=False)
    act(g, "skip_move")
    act(g, "skip_move")
    assert g.state.phase == "goods_growth"
    roll = g.state.rules.sample_chance(g.state, random.Random(1))
    assert (len(roll.light), len(roll.dark)) == (2, 2)
    with pytest.raises(IllegalAction, match="2 dice"):
        g.supply_chance({"kind": "roll", "light": [1], "dark": [2]})


@pytest.mark.parametrize(("income", "loss"), [(40, 7), (41, 8), (45, 8), (46, 9), (50, 9), (60, 11)])
def test_solo_income_reduction_continues_by_1_for_every_5_steps(income, loss):
    g = solo(player(0, cash=90, income=income), phase="move_goods")
    act(g, "skip_move")
    act(g, "skip_move")
    assert g.state.players[0].income == income - loss


def solo_bankrupt(turn: int, income: int) -> Game:
    """The solo player, with no income, goes bankrupt in ``turn`` at Pay Expenses (expenses 6 + turn) left
    with ``income``."""
    return solo(player(0, cash=6 + turn + income, income=0), phase="move_goods", turn=turn)


def finish_moves(g: Game) -> None:
    act(g, "skip_move")
    act(g, "skip_move")


def test_solo_the_government_goes_bankrupt_at_the_end_of_turn_6_with_income_minus_1_a_tie_loses():
    g = solo_bankrupt(6, -1)
    finish_moves(g)
    assert g.over
    assert state(g.state).result == SoloResult(won=False, turn=6, income=-1, rating=LOST)


def test_solo_going_bankrupt_before_the_government_loses():
    g = solo_bankrupt(5, -1)
    finish_moves(g)
    result = state(g.state).result
    assert g.over and result is not None and result.won is False


def test_solo_outlasting_the_government_wins():
    g = solo_bankrupt(7, -4)
    finish_moves(g)
    assert g.over
    assert state(g.state).result == SoloResult(won=True, turn=7, income=-4, rating=SOLO_RATINGS[7])
    assert "won" in g.state.log[-2]


def test_solo_play_goes_on_after_turn_6_until_bankrupt():
    g = solo(player(0, cash=30, income=10), phase="move_goods", turn=6)
    finish_moves(g)
    assert not g.over and g.state.turn == 7


@pytest.mark.parametrize("turn", [7, 8, 9, 10, 11, 12])
def test_solo_the_final_turn_is_rated_against_the_rulebooks_criteria(turn):
    assert solo_rating(turn, -2) == (True, SOLO_RATINGS[turn])


def test_solo_turn_12_and_later_is_the_hall_of_fame():
    assert "Hall of Fame" in solo_rating(15, -1)[1]
    g = solo_bankrupt(12, -2)
    finish_moves(g)
    assert "Hall of Fame" in view(g)["extra"]["result"]["rating"]


# --- random games ---------------------------------------------------------------------------------


def play(seed: int, players: int) -> Game:
    g = Game.new(MAP, players=players, seed=seed)
    rng, bot = random.Random(seed), RandomBot()
    assert check_invariants(g) == []
    while not g.over:
        g.apply(bot.choose(g, rng))
        problems = check_invariants(g)
        assert problems == [], (seed, players, problems)
    assert check_replay(g) == []
    return g


@pytest.mark.parametrize("first", range(0, 60, 20))
def test_random_games_2_to_5_players_keep_every_invariant(first):
    for seed in range(first, first + 20):
        g = play(seed, 2 + seed % 4)
        st = g.state
        assert len(st.active_players()) <= 1
        assert state(st).winners


def test_random_solo_games_keep_every_invariant():
    # the random bot's figures the README quotes (games won, turns of bankruptcy) are measured by
    # benchmarks/solo_random.py
    for seed in range(60):
        result = state(play(seed, 1).state).result
        assert result is not None and result.won == (result.turn > 6), seed


# --- the solo result shown to the player ----------------------------------------------------------


def test_solo_the_result_and_the_rating_table_are_shown_at_the_end():
    g = solo_bankrupt(8, -3)
    finish_moves(g)
    lines = view(g)["result"]
    assert lines[0].startswith("You went bankrupt in turn 8 with income -3: you won.")
    assert lines[1] == SOLO_RATINGS[8]
    marked = [line for line in lines if "→" in line]
    assert marked == [f" → Turn 8: {SOLO_RATINGS[8]}"]
    assert sum(line.lstrip(" →").startswith("Turn ") for line in lines) == len(SOLO_RATINGS)
    text = render_text(g)
    assert "you won" in text and f"→ Turn 8: {SOLO_RATINGS[8]}" in text


def test_solo_a_loss_marks_no_rating():
    g = solo_bankrupt(4, -2)
    finish_moves(g)
    lines = view(g)["result"]
    assert "you lost" in lines[0] and lines[1] == LOST and not any("→" in line for line in lines)


def test_solo_the_result_is_not_shown_before_the_end():
    g = solo(player(0, cash=30, income=10), phase="move_goods", turn=6)
    assert "result" not in view(g) and g.state.rules.result_lines(g.state) == []


def test_solo_the_disks_left_are_shown_during_play():
    disks = {"engineer": 1, "locomotive": 0, "urbanization": 3}
    g = solo(player(0, cash=30, income=10), phase="move_goods", turn=6, extra={"action_disks": disks})
    text = render_text(g)
    assert "Engineer disks: 1 left, next $1" in text and "Urbanization disks: 3 left, next $3" in text
    assert "Locomotive disks: none left" in text


def test_solo_aos_play_shows_the_result_at_the_end():
    result = CliRunner().invoke(app, ["play", "--map", MAP, "-p", "1", "--bots", "1", "--seed", "3"], input="")
    assert result.exit_code == 0, result.output
    assert "Final standings:" in result.output
    assert "You went bankrupt in turn" in result.output and "Rating (your final turn):" in result.output


def test_multiplayer_the_winner_is_shown_at_the_end():
    g = Game.new(MAP, players=2, seed=1)
    rng, bot = random.Random(1), RandomBot()
    while not g.over:
        g.apply(bot.choose(g, rng))
    winners = state(g.state).winners
    assert view(g)["result"][0].startswith("Winner") and g.state.player_name(winners[0]) in view(g)["result"][0]


def render_text(g: Game) -> str:
    console = Console(width=200, file=io.StringIO())
    console.print(state_renderable(g))
    return console.file.getvalue()  # type: ignore[attr-defined]
