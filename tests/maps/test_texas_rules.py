"""Texas: one scenario test per rule sentence of the rulebook (002, "Texas"), then the README's rulings.
Setup sentences (a black good per derrick, 3 goods on Austin, 1 elsewhere) are in test_texas.py.

Places used, on the Gulf coast: Beaumont W21 (red city); Goose Creek X20 (oil field, 1 derrick: NE Beaumont,
S Galveston Z20, SW Houston Y19, SE Spindletop); Spindletop Y21 (oil field, 2 derricks: N Beaumont,
SW Galveston, NW Goose Creek); Galveston Z20 (town; New City C, black, in the delivery tests). Inland: the
East Texas field P20 (3 derricks) by Tyler O19 (its NW); Corsicana Q17 (1 derrick).
"""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.engine.invariants import check_invariants, cube_census
from ageofsteam.maps.texas.state import state as figures
from tests.conftest import act, refused
from tests.rules.build_helpers import build, builds_left, cash, position, refused_build, tracks_at

MAP = "texas"
FIELDS = {"Y21": 2, "X20": 1, "P20": 3, "Q17": 1, "J12": 1, "D8": 2, "R6": 2, "U7": 1}
BAG = {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}


def oil(on_track: dict[str, int] | None = None, removed: int = 0) -> dict[str, Any]:
    """The ``extra`` figures with the fields in ``on_track`` laid with track (holding those goods)."""
    on_track = on_track or {}
    return {
        "oil": {k: v for k, v in FIELDS.items() if k not in on_track},
        "oil_on_track": on_track,
        "oil_removed": removed,
    }


def tx(**kw: Any) -> Game:
    """A Texas position for 4 players (Build Track, seat 0 first unless told)."""
    kw.setdefault("n", 4)
    kw.setdefault("extra", oil())
    return position(map=MAP, **kw)


# Beaumont–Galveston through Goose Creek (seat 0) and through Spindletop (seat 1); Galveston is New City C.
COAST = [("X20", "gentle", 1, 0), ("Y21", "gentle", 4, 1)]


def coast(seat_actions: dict[int, str], *, engine: int = 3, track=COAST, on_track=None, **kw: Any) -> Game:
    """Move Goods on the coast: seat 0 to move, every seat's action as given, engines at ``engine``."""
    players = {s: {"action": a, "engine": engine} for s, a in seat_actions.items()}
    kw.setdefault("extra", oil(on_track if on_track is not None else {"X20": 1, "Y21": 2}))
    return tx(phase="move_goods", track=track, new_cities={"Z20": "C"}, players=players, **kw)


def oil_state(game: Game) -> tuple[dict[str, int], dict[str, int], int]:
    x = figures(game.state)
    return dict(x.oil), dict(x.oil_on_track), x.oil_removed


def oil_moves(game: Game) -> list[dict[str, Any]]:
    return [a.to_json() for a in game.legal_actions() if a.kind == "deliver_oil"]


# --- Laying track ---------------------------------------------------------------------------------


def test_each_player_may_lay_up_to_3_track_tiles_per_round():
    for action in ("first_build", "tanker", "urbanization"):
        assert builds_left(tx(players={0: {"action": action}})) == 3
    game = tx()
    build(game, "U15", "straight", 0)  # Austin (S) → N, plain
    build(game, "S15", "straight", 0)
    build(game, "Q15", "straight", 0)
    assert view(game)["build"]["player"] != 0  # the third tile ended seat 0's build


def test_only_1_of_them_may_be_laid_on_an_oil_field():
    game = tx(players={0: {"cash": 30}})
    build(game, "Y21", "gentle", 4)  # Spindletop, an oil field: Beaumont (N) → SW
    refused_build(game, "P20", "straight", 2, ("oil field", "Y21", "only 1"))  # East Texas, from Tyler (NW)
    refused_build(game, "X20", "gentle", 1, ("oil field", "Y21", "only 1"))  # Goose Creek, from Beaumont
    assert not any(a.hex in ("P20", "X20") for a in game.legal_actions() if a.kind == "build")  # type: ignore[attr-defined]
    build(game, "Q19", "straight", 0)  # a plain hex is still fine (Tyler's S)
    assert builds_left(game) == 1


def test_when_track_is_laid_on_an_oil_field_its_black_goods_are_placed_on_that_track_tile():
    game = tx()
    build(game, "Y21", "gentle", 4)  # Spindletop, 2 derricks
    fields, on_track, removed = oil_state(game)
    assert "Y21" not in fields and on_track == {"Y21": 2} and removed == 0
    assert cube_census(game.state) == BAG
    assert check_invariants(game) == []


# --- Track cost -------------------------------------------------------------------------------------


def test_track_cost_plain_3():
    game = tx()
    before = cash(game, 0)
    build(game, "U15", "straight", 0)
    assert cash(game, 0) == before - 3


@pytest.mark.parametrize(
    ("hex_", "tile", "rotation", "derricks"),
    [("X20", "gentle", 1, 1), ("Y21", "gentle", 4, 2), ("P20", "straight", 2, 3)],
    ids=["goose-creek-1", "spindletop-2", "east-texas-3"],
)
def test_track_cost_oil_field_2_per_derrick_drawn_on_that_hex(hex_, tile, rotation, derricks):
    game = tx(players={0: {"cash": 20}})
    before = cash(game, 0)
    build(game, hex_, tile, rotation)
    assert cash(game, 0) == before - 2 * derricks


# --- Action: Engineer → Tanker ---------------------------------------------------------------------------


def test_the_engineer_action_is_replaced_by_the_tanker():
    game = tx(phase="select_actions", to_move=0)
    options = {a.action for a in game.legal_actions()}  # type: ignore[attr-defined]
    assert "tanker" in options and "engineer" not in options
    refused(game, "select_action", "no action 'engineer'", action="engineer")
    act(game, "select_action", action="tanker")
    assert view(game)["players"][0]["action"] == "tanker"


# --- Transporting goods --------------------------------------------------------------------------------


def test_black_goods_on_an_oil_field_without_a_track_tile_cannot_be_transported_by_anyone():
    game = coast({0: "tanker"}, track=[COAST[1]], on_track={"Y21": 2})  # Goose Creek has no tile
    assert all(m["hex"] != "X20" for m in oil_moves(game))
    refused(game, "deliver_oil", ("X20", "no track tile"), hex="X20", exit="S", links=[])


def test_black_goods_on_a_track_tile_can_be_transported_by_the_tanker_holder():
    game = coast({0: "tanker", 1: "first_build"})
    assert {(m["hex"], m["exit"]) for m in oil_moves(game)} >= {("X20", "S"), ("Y21", "SW")}
    act(game, "deliver_oil", hex="X20", exit="S", links=[])
    assert oil_state(game)[1] == {"Y21": 2}


def test_black_goods_on_a_track_tile_cannot_be_transported_by_a_player_without_the_tanker():
    game = coast({0: "first_build", 1: "tanker"}, order=[0, 1, 2, 3])
    assert oil_moves(game) == []
    refused(game, "deliver_oil", ("only", "Tanker"), hex="X20", exit="S", links=[])


def test_the_links_from_the_track_tile_to_the_first_place_reached_earn_income_for_their_owner():
    game = coast({0: "tanker", 1: "first_build"})
    incomes = [p["income"] for p in view(game)["players"]]
    act(game, "deliver_oil", hex="X20", exit="S", links=[])  # Goose Creek → Galveston on seat 0's track
    after = [p["income"] for p in view(game)["players"]]
    assert after[0] == incomes[0] + 1 and after[1:] == incomes[1:]


def test_the_links_used_after_the_first_place_earn_income_for_their_owners_as_usual():
    game = coast({0: "tanker", 1: "first_build"})
    beaumont_galveston = next(lk["id"] for lk in view(game)["links"] if lk["owner"] == 1)
    incomes = [p["income"] for p in view(game)["players"]]
    # Goose Creek → Beaumont (seat 0's track, the first leg) → Galveston over Spindletop (seat 1's link)
    act(game, "deliver_oil", hex="X20", exit="NE", links=[beaumont_galveston])
    after = [p["income"] for p in view(game)["players"]]
    assert after[0] == incomes[0] + 1 and after[1] == incomes[1] + 1


def test_transported_black_goods_are_removed_from_the_game_rather_than_returned_to_the_bag():
    game = coast({0: "tanker", 1: "first_build"})
    bag = dict(game.state.bag)
    act(game, "deliver_oil", hex="Y21", exit="SW", links=[])
    assert game.state.bag == bag
    assert oil_state(game)[1:] == ({"Y21": 1, "X20": 1}, 1)
    assert sum(sum(c.values()) for c in game.state.cubes.values()) == sum(
        sum(c.values()) for c in coast({0: "tanker", 1: "first_build"}).state.cubes.values()
    )
    assert cube_census(game.state) == BAG  # the removed good is counted as out of the game
    assert check_invariants(game) == []


def test_an_oil_field_whose_black_goods_have_all_been_transported_is_no_longer_an_oil_field():
    game = coast({0: "tanker", 1: "first_build"})
    act(game, "deliver_oil", hex="X20", exit="S", links=[])  # Goose Creek's only good
    rules = game.state.rules
    h = game.state.map.by_label["X20"]
    assert not rules.is_oil_field(game.state, h)  # type: ignore[attr-defined]
    assert rules.terrain_cost(game.state, h) == 3  # a plain hex again
    assert "X20" not in oil_state(game)[1]
    assert all(m["hex"] != "X20" for m in oil_moves(game))


def test_an_emptied_oil_field_no_longer_counts_toward_the_one_oil_field_a_turn():
    track = [("X20", "gentle", 1, 0)]
    game = tx(
        track=track,
        extra=oil({}) | {"oil": {k: v for k, v in FIELDS.items() if k != "X20"}},
        players={0: {"has_built": True, "cash": 30}},
    )
    build(game, "X20", "two_gentle", 1)  # an upgrade on the emptied field: it is not an oil field any more
    build(game, "Y21", "gentle", 4)  # so Spindletop is still allowed this turn
    assert tracks_at(game, "Y21") == {"N-SW": 0}


# --- Rulings (README) --------------------------------------------------------------------------------


def test_ruling_the_first_leg_counts_as_one_link_of_the_engine():
    game = coast({0: "tanker", 1: "first_build"}, engine=1)
    assert {(m["hex"], m["exit"]) for m in oil_moves(game)} == {("X20", "S"), ("Y21", "SW")}
    beaumont_galveston = next(lk["id"] for lk in view(game)["links"] if lk["owner"] == 1)
    refused(game, "deliver_oil", ("engine allows 1 link", "not 2"), hex="X20", exit="NE", links=[beaumont_galveston])


def test_ruling_the_good_may_not_run_back_over_the_track_it_left_by():
    game = coast({0: "tanker", 1: "first_build"})
    own = next(lk["id"] for lk in view(game)["links"] if lk["owner"] == 0)  # Beaumont–Galveston via Goose Creek
    refused(game, "deliver_oil", "run back", hex="X20", exit="NE", links=[own])


def test_ruling_the_first_leg_must_reach_a_city_or_town():
    # Goose Creek: Galveston (S) – SE, an open end towards Spindletop, which has no tile
    game = coast({0: "tanker", 1: "first_build"}, track=[("X20", "sharp", 2, 0)], on_track={"X20": 1})
    refused(game, "deliver_oil", "reaches no city or town", hex="X20", exit="SE", links=[])
    refused(game, "deliver_oil", "no track leaves X20 by its N edge", hex="X20", exit="N", links=[])


def test_ruling_goods_move_only_along_completed_links_so_oil_never_leaves_an_unfinished_section():
    # Goose Creek: Galveston (S) – Spindletop (SE): unfinished, though it reaches Galveston
    game = coast({0: "tanker", 1: "first_build"}, track=[("X20", "sharp", 2, 0)], on_track={"X20": 1})
    assert game.state.options["oil_needs_complete_link"] is True
    assert oil_moves(game) == []
    refused(game, "deliver_oil", ("not part of a completed link", "only along completed links"), hex="X20", exit="S")


def test_ruling_option_an_unfinished_section_carries_oil_to_the_place_it_reaches():
    game = coast(
        {0: "tanker", 1: "first_build"},
        track=[("X20", "sharp", 2, 0)],
        on_track={"X20": 1},
        options={"oil_needs_complete_link": False},
    )
    assert [(m["hex"], m["exit"]) for m in oil_moves(game)] == [("X20", "S")]
    act(game, "deliver_oil", hex="X20", exit="S", links=[])
    assert oil_state(game)[2] == 1


def test_ruling_oil_leaves_a_tile_on_a_completed_link_by_default():
    game = coast({0: "tanker", 1: "first_build"})  # both tiles lie on a completed Beaumont–Galveston link
    assert {(m["hex"], m["exit"]) for m in oil_moves(game)} >= {("X20", "S"), ("X20", "NE"), ("Y21", "SW")}


def test_ruling_black_goods_on_cities_are_delivered_as_usual_by_anyone_and_go_back_to_the_bag():
    laid = oil({"X20": 1, "Y21": 2})
    del laid["oil"]["J12"]
    game = coast({0: "first_build", 1: "tanker"}, cubes={"W21": ["black"]}, extra=laid)
    # (Burkburnett's good, J12, stands in for the black good put on Beaumont here)
    bag = game.state.bag["black"]
    act(game, "deliver", city="W21", colour="black", links=[next(lk["id"] for lk in view(game)["links"])])
    assert game.state.bag["black"] == bag + 1
    assert figures(game.state).oil_removed == 0


# --- The picture and the menu -------------------------------------------------------------------------


def _hex_goods(svg: str) -> list[str]:
    """The cube classes drawn on hexes that are not cities (``rules.goods_on_hexes``)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    groups = [e for e in root.iter() if e.get("class") == "hex-goods"]
    return [r.get("class", "") for grp in groups for r in grp.iter() if "cube" in r.get("class", "")]


def test_the_picture_shows_the_oil_on_the_fields_and_on_the_track_tiles():
    from ageofsteam.render import render_svg

    game = coast({0: "tanker", 1: "first_build"})  # Goose Creek and Spindletop laid: 3 goods on their tiles
    svg = render_svg(game.state)
    assert _hex_goods(svg).count("cube cube-black") == sum(FIELDS.values())
    act(game, "deliver_oil", hex="X20", exit="S", links=[])
    svg = render_svg(game.state)
    assert _hex_goods(svg).count("cube cube-black") == sum(FIELDS.values()) - 1  # the delivered good is gone
    assert "Oil on track: Y21 2" in svg and "Oil delivered: 1" in svg


def test_the_menu_describes_an_oil_delivery_with_its_path_and_income():
    from ageofsteam.words.choices import legal_choices

    game = coast({0: "tanker", 1: "first_build"})
    flat, todo = [], list(legal_choices(game))
    while todo:
        c = todo.pop()
        flat.append(c)
        todo += c.children
    labels = [c.label for c in flat if c.action is not None and c.action.kind == "deliver_oil"]
    me = game.state.player_name(0)
    assert any(
        t.startswith("deliver oil from the track at X20 (leaving S)") and f"{me} +1" in t and "leaves the game" in t
        for t in labels
    ), labels


def test_an_oil_delivery_naming_a_bad_hex_or_edge_is_refused_in_player_words():
    game = coast({0: "tanker", 1: "first_build"})
    refused(game, "deliver_oil", "no hex 'ZZ99'", hex="ZZ99", exit="S", links=[])
    refused(game, "deliver_oil", "no black goods on a track tile at W21", hex="W21", exit="S", links=[])
    refused(game, "deliver_oil", "exit must be one of", hex="X20", exit="UP", links=[])
    refused(game, "deliver_oil", "no completed link 'nowhere'", hex="X20", exit="NE", links=["nowhere"])
