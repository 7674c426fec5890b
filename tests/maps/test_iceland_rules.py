"""Iceland's rules (rulebook 002, Iceland): one scenario test per rule sentence, and the README's rulings.

The network most tests use, in the south-west (owners in brackets)::

    Reykjavík V5 --W6 [2]-- Selfoss X7 --[1]-- Hvolsvöllur Y8 (town) --X9 [1]-- Hekla W10 (volcano)
                                |                                                  |
                          Þorlákshöfn Y6 (port) [1]                        X11, Z11 [3]
                                :                                                  |
                            boat link                                          Vík AB11
                                :
                          Stykkishólmur N3 (port) --P3, Q4 [2]-- Borgarnes R5

The setup tests (2 steam on each volcano, 2 goods on each city, New City A removed) are in test_iceland.py.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.engine.actions import Deliver
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.engine.scenario import Scenario
from ageofsteam.maps import load_board
from ageofsteam.maps.iceland.state import state as figures
from ageofsteam.rules.build_track import legal_builds
from ageofsteam.rules.move_goods import all_routes
from ageofsteam.rules.scoring import track_points
from tests.conftest import act, hexid, refused

BOARD = load_board("iceland")
HEKLA, VOLCANOES = "W10", ("W10", "P11", "R15", "M16")

PATHS: dict[str, tuple[list[str], int | None]] = {
    "selfoss-hvolsvollur": (["X7", "Y8"], 1),
    "hvolsvollur-hekla": (["Y8", "X9", "W10"], 1),
    "hekla-vik": (["W10", "X11", "Z11", "AB11"], 3),
    "selfoss-reykjavik": (["X7", "W6", "V5"], 2),
    "selfoss-thorlakshofn": (["X7", "Y6"], 1),
    "stykkisholmur-borgarnes": (["N3", "P3", "Q4", "R5"], 2),
}


def direction(a: str, b: str) -> int:
    ha, hb = BOARD.by_label[a], BOARD.by_label[b]
    return BOARD.neighbours[ha].index(hb)


def track_specs(paths: list[str]) -> list[dict[str, Any]]:
    """Tiles laying the named paths: each inner hex joins its neighbours; a town gets a spoke per path."""
    edges: dict[str, dict[int, int | None]] = {}
    for name in paths:
        hexes, owner = PATHS[name]
        for i, lab in enumerate(hexes):
            h = BOARD.by_label[lab]
            if h in BOARD.city_at or lab in VOLCANOES:
                continue
            spec = edges.setdefault(lab, {})
            for j in (i - 1, i + 1):
                if 0 <= j < len(hexes):
                    spec[direction(lab, hexes[j])] = owner
    out = []
    for lab, spec in edges.items():
        town = BOARD.by_label[lab] in BOARD.towns
        out.append(tile_for(lab, spec, town))
    return out


def tile_for(lab: str, spec: dict[int, int | None], town: bool) -> dict[str, Any]:
    for name, tt in TILE_TYPES.items():
        if tt.is_town_tile and not town:
            continue
        disk = town and not tt.is_town_tile
        for r in range(6):
            tracks = oriented(name, r, disk)
            exits = {e for t in tracks for e in t if e != TOWN}
            if exits == set(spec) and (town or len(tracks) == 1):
                return {"hex": lab, "tile": name, "rotation": r, "owners": [spec[a] for a, _ in tracks]}
    raise AssertionError(f"no tile lays {spec} on {lab}")


def game(
    paths: list[str] = (),  # type: ignore[assignment]
    *,
    cubes: dict[str, list[str]] | None = None,
    turn: int = 6,
    engines: tuple[int, ...] = (6, 6, 6, 6),
    phase: str = "move_goods",
    actions: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
    display: dict[str, list[str]] | None = None,
    new_cities: dict[str, str] | None = None,
    cash: int = 30,
    extra: dict[str, Any] | None = None,
) -> Game:
    data: dict[str, Any] = {
        "map": "iceland",
        "players": 4,
        "seed": 3,
        "turn": turn,
        "phase": phase,
        "order": [0, 1, 2, 3],
        "empty_cities": True,
        "player": [
            {
                "seat": s,
                "engine": engines[s],
                "cash": cash,
                "income": 3,
                "action": (actions or {}).get(s),
                "has_built": True,
            }
            for s in range(4)
        ],
        "cubes": cubes or {},
        "track": track_specs(list(paths)),
    }
    if options:
        data["options"] = options
    if display:
        data["display"] = display
    if new_cities:
        data["new_cities"] = new_cities
    if extra:
        data["extra"] = extra
    g = Game.from_scenario(Scenario.parse(data))
    assert check_invariants(g) == []
    return g


def link(g: Game, a: str, b: str) -> str:
    """The id of the link between the stops at ``a`` and ``b``."""
    ha, hb = hexid(g, a), hexid(g, b)
    found = [lk.id for lk in g.state.network.links.values() if {lk.a, lk.b} == {ha, hb}]
    assert len(found) == 1, (a, b, found)
    return found[0]


def links(g: Game, *stops: str) -> list[str]:
    return [link(g, a, b) for a, b in pairwise(stops)]


def listed(g: Game) -> set[tuple[str, str, tuple[str, ...]]]:
    return {(a.city, a.colour, a.links) for a in g.legal_actions() if isinstance(a, Deliver)}


def deliver(g: Game, start: str, colour: str, *stops: str) -> None:
    act(g, "deliver", city=start, colour=colour, links=links(g, start, *stops))


def steam(g: Game, lab: str) -> int:
    return figures(g.state).steam[lab]


def blue_on(g: Game, lab: str) -> int:
    return g.state.cubes[hexid(g, lab)].get("blue", 0)


ALL = list(PATHS)


# --- Laying track: all hexes $2; no track on volcano hexes -------------------------------------------------


@pytest.mark.parametrize(
    ("hexlab", "terrain", "ends"), [("W6", "plain", ["V5", "X7"]), ("Z11", "mountain", ["X11", "AB11"])]
)
def test_track_cost_all_hexes_2(hexlab, terrain, ends):
    g = game(phase="build_track")
    assert g.state.map.terrain[hexid(g, hexlab)] == terrain
    act(g, "build", hex=hexlab, **_tile(hexlab, ends))
    assert g.state.players[0].cash == 30 - 2


def test_track_cannot_be_laid_on_volcano_hexes():
    g = game(["hvolsvollur-hekla"], phase="build_track")
    for lab in VOLCANOES:
        refused(g, "build", f"no track may be built on the volcano at {lab}", hex=lab, tile="straight", rotation=0)
    assert not {p.hex for p in legal_builds(g.state, 0)} & {hexid(g, v) for v in VOLCANOES}


def test_ruling_track_may_end_at_a_volcano_and_completes_a_link_there():
    g = game(phase="build_track")
    act(g, "build", hex="Z11", **_tile("Z11", ["X11", "AB11"]))  # from Vík towards Hekla
    act(g, "build", hex="X11", **_tile("X11", ["W10", "Z11"]))  # points into Hekla
    assert link(g, "W10", "AB11")
    net = g.state.network
    assert {lk.sections for lk in net.links.values() if hexid(g, "W10") in (lk.a, lk.b)} == {2}
    assert g.state.players[0].cash == 30 - 4


def test_ruling_a_volcano_is_not_a_city_to_connect_new_track_to():
    g = game(phase="build_track")
    refused(g, "build", "must connect to a City or to your own track", hex="X9", **_tile("X9", ["W10", "Z9"]))
    refused(g, "build", "must connect to a City or to your own track", hex="V11", **_tile("V11", ["W10", "T11"]))


def _tile(lab: str, ends: list[str]) -> dict[str, Any]:
    spec = tile_for(lab, {direction(lab, e): 0 for e in ends}, False)
    return {"tile": spec["tile"], "rotation": spec["rotation"]}


# --- Urbanization: limited to 4 locations ------------------------------------------------------------------


def test_after_the_4th_town_is_urbanized_the_remaining_new_city_tiles_are_removed():
    g = game(phase="build_track", actions={0: "urbanization"}, new_cities={"L5": "B", "H5": "C", "I8": "D"})
    assert g.state.new_cities_left == ["E", "F", "G", "H"]
    act(g, "urbanize", hex="I16", city="E")
    assert g.state.new_cities_left == []
    assert len(g.state.new_cities) == 4
    assert "leave the game" in g.state.log[-1]
    assert check_invariants(g) == []


def test_urbanization_is_limited_to_4_locations():
    g = game(phase="build_track", actions={0: "urbanization"}, new_cities={"L5": "B", "H5": "C", "I8": "D", "I16": "E"})
    refused(g, "urbanize", "limited to 4 towns", hex="Q22", city="F")
    assert not [a for a in g.legal_actions() if a.kind == "urbanize"]


def test_below_the_limit_urbanization_works_as_in_the_base_game():
    g = game(phase="build_track", actions={0: "urbanization"}, new_cities={"L5": "B"})
    act(g, "urbanize", hex="I16", city="E")
    assert g.state.new_cities_left == ["C", "D", "F", "G", "H"]


# --- Steam: not to volcanoes, not through them --------------------------------------------------------------


def test_steam_cannot_be_transported_to_volcanoes():
    g = game(ALL, cubes={"X7": ["red"]})
    for r in all_routes(g.state, 0):
        assert g.state.label(r.stops[-1]) not in VOLCANOES
    to_hekla = links(g, "X7", "Y8", "W10")
    refused(g, "deliver", "volcano W10 does not take red cubes", city="X7", colour="red", links=to_hekla)


def test_nothing_can_be_transported_to_a_volcano():
    g = game(ALL, cubes={"X7": ["blue", "purple", "yellow"]})
    assert all(g.state.label(r.stops[-1]) not in VOLCANOES for r in all_routes(g.state, 0))
    to_hekla = links(g, "X7", "Y8", "W10")
    refused(g, "deliver", "volcano W10 does not take blue cubes", city="X7", colour="blue", links=to_hekla)


def test_goods_cannot_pass_through_volcanoes():
    g = game(ALL, cubes={"X7": ["blue", "red"]})
    path = links(g, "X7", "Y8", "W10", "AB11")
    assert ("X7", "blue", tuple(path)) not in listed(g)
    assert ("X7", "red", tuple(path)) not in listed(g)
    refused(g, "deliver", "may not pass through volcano W10", city="X7", colour="blue", links=path)
    refused(g, "deliver", "may not pass through", city="X7", colour="red", links=path)


def test_steam_on_a_volcano_is_delivered_from_there():
    g = game(ALL)
    assert steam(g, HEKLA) == 2
    deliver(g, HEKLA, "red", "AB11")
    assert steam(g, HEKLA) == 1
    assert g.state.players[3].income == 3 + 1  # the link's owner
    assert check_invariants(g) == []


def test_ruling_an_empty_volcano_has_no_steam_to_deliver():
    g = game(ALL, extra={"steam": {"W10": 0, "P11": 2, "R15": 2, "M16": 1}})
    assert g.state.rules.extra_goods(g.state) == {"red": 5}  # and the census holds (checked by game())
    assert not [a for a in g.legal_actions() if isinstance(a, Deliver) and a.city == HEKLA]
    refused(g, "deliver", "no red cube in volcano W10", city=HEKLA, colour="red", links=links(g, HEKLA, "AB11"))


# --- Steam: links limited by the round number and the engine -----------------------------------------------


def test_in_round_1_steam_can_be_transported_to_a_city_1_link_away():
    g = game(ALL, turn=1)
    assert (HEKLA, "red", tuple(links(g, HEKLA, "AB11"))) in listed(g)
    assert (HEKLA, "red", tuple(links(g, HEKLA, "Y8", "X7"))) not in listed(g)
    refused(
        g,
        "deliver",
        "in round 1 steam may go at most 1 link, not 2",
        city=HEKLA,
        colour="red",
        links=links(g, HEKLA, "Y8", "X7"),
    )
    deliver(g, HEKLA, "red", "AB11")


def test_in_round_2_steam_can_go_up_to_2_links_if_the_engine_is_2_or_more():
    g = game(ALL, turn=2, engines=(2, 1, 6, 6))
    assert (HEKLA, "red", tuple(links(g, HEKLA, "Y8", "X7"))) in listed(g)
    assert (HEKLA, "red", tuple(links(g, HEKLA, "Y8", "X7", "V5"))) not in listed(g)
    deliver(g, HEKLA, "red", "Y8", "X7")
    # seat 1 has engine 1: only 1 link, even in round 2
    refused(g, "deliver", "your engine allows 1 link, not", city=HEKLA, colour="red", links=links(g, HEKLA, "Y8", "X7"))
    assert all(len(r.links) == 1 for r in all_routes(g.state, 1) if r.colour == "red")


def test_the_round_limit_grows_with_the_round():
    path = (HEKLA, "Y8", "X7", "V5")
    for turn in (2, 3):
        g = game(ALL, turn=turn)
        assert ((HEKLA, "red", tuple(links(g, *path))) in listed(g)) == (turn >= 3)


def test_in_round_6_and_later_steam_can_go_up_to_6_links_with_engine_6():
    # Hekla – Hvolsvöllur – Selfoss – Þorlákshöfn – boat – Stykkishólmur – Borgarnes: 5 links, 6 engine levels
    path = (HEKLA, "Y8", "X7", "Y6", "N3", "R5")
    for turn, engine, ok in ((4, 6, False), (5, 6, True), (7, 6, True), (8, 5, False)):
        g = game(ALL, turn=turn, engines=(engine, 6, 6, 6))
        assert ((HEKLA, "red", tuple(links(g, *path))) in listed(g)) == ok, (turn, engine)


def test_ruling_a_boat_link_counts_1_link_towards_the_round_limit_option():
    path = (HEKLA, "Y8", "X7", "Y6", "N3", "R5")
    g = game(ALL, turn=5, options={"steam_boat_counts_one_link": False})
    assert (HEKLA, "red", tuple(links(g, *path))) not in listed(g)
    refused(
        g, "deliver", "in round 5 steam may go at most 5 links, not 6", city=HEKLA, colour="red", links=links(g, *path)
    )
    g = game(ALL, turn=6, options={"steam_boat_counts_one_link": False})
    assert (HEKLA, "red", tuple(links(g, *path))) in listed(g)


def test_the_round_limit_applies_to_steam_only():
    g = game(ALL, turn=1, cubes={"V5": ["yellow"]})
    assert ("V5", "yellow", tuple(links(g, "V5", "X7", "Y6", "N3", "R5"))) in listed(g)


# --- Steam: to any city ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dest", ["X7", "AB11", "V5", "R5"])  # purple, blue, blue, yellow
def test_steam_may_be_transported_to_any_city(dest):
    paths = {
        "X7": (HEKLA, "Y8", "X7"),
        "AB11": (HEKLA, "AB11"),
        "V5": (HEKLA, "Y8", "X7", "V5"),
        "R5": (HEKLA, "Y8", "X7", "Y6", "N3", "R5"),
    }
    g = game(ALL)
    assert (HEKLA, "red", tuple(links(g, *paths[dest]))) in listed(g)
    act(g, "deliver", city=HEKLA, colour="red", links=links(g, *paths[dest]))
    assert blue_on(g, dest) == 1


def test_ruling_red_goods_on_cities_are_steam_too():
    g = game(ALL, turn=1, cubes={"X7": ["red"]})
    assert ("X7", "red", tuple(links(g, "X7", "Y8"))) not in listed(g)  # a town is no destination
    assert ("X7", "red", tuple(links(g, "X7", "V5"))) in listed(g)
    assert ("X7", "red", tuple(links(g, "X7", "Y8", "W10"))) not in listed(g)
    act(g, "deliver", city="X7", colour="red", links=links(g, "X7", "V5"))
    assert blue_on(g, "V5") == 1


def test_ruling_steam_may_pass_through_a_city_to_a_farther_one():
    g = game(ALL)
    assert (HEKLA, "red", tuple(links(g, HEKLA, "Y8", "X7", "V5"))) in listed(g)
    g = game(ALL, options={"steam_passes_cities": False})
    assert (HEKLA, "red", tuple(links(g, HEKLA, "Y8", "X7", "V5"))) not in listed(g)
    refused(g, "deliver", "must stop at Selfoss", city=HEKLA, colour="red", links=links(g, HEKLA, "Y8", "X7", "V5"))


# --- Steam condenses into water ----------------------------------------------------------------------------


def test_transported_steam_goes_to_the_bag_and_water_from_the_bag_onto_the_destination():
    g = game(ALL)
    red, blue = g.state.bag["red"], g.state.bag["blue"]
    deliver(g, HEKLA, "red", "Y8", "X7")
    assert g.state.bag["red"] == red + 1
    assert g.state.bag["blue"] == blue - 1
    assert blue_on(g, "X7") == 1
    assert g.state.cubes[hexid(g, "X7")].get("red", 0) == 0
    assert "condenses into water" in g.state.log[-2]
    assert check_invariants(g) == []


def _blues_elsewhere(base: Game, keep_display: bool) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Cubes and display columns that leave no blue good in the bag (and none on the display unless kept)."""
    display = {
        col: ["" if c is None or (c == "blue" and not keep_display) else c for c in boxes]
        for col, boxes in base.state.display.items()
    }
    on_display = sum(c == "blue" for boxes in display.values() for c in boxes)
    return {"K22": ["blue"] * (20 - on_display)}, display


def test_if_there_is_no_water_in_the_bag_a_blue_good_comes_from_the_goods_display():
    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    assert g.state.bag["blue"] == 0
    first = next((col, i) for col, boxes in g.state.display.items() for i, c in enumerate(boxes) if c == "blue")
    act(g, "deliver_steam", city=HEKLA, links=links(g, HEKLA, "AB11"), water=f"{first[0]}/{first[1] + 1}")
    assert blue_on(g, "AB11") == 1
    assert g.state.display[first[0]][first[1]] is None
    assert "goods display" in g.state.log[-2]
    assert check_invariants(g) == []


def test_ruling_if_there_is_no_water_in_the_bag_the_mover_takes_any_blue_good_from_the_goods_display():
    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    boxes = [f"{col}/{i + 1}" for col, cs in g.state.display.items() for i, c in enumerate(cs) if c == "blue"]
    assert len(boxes) >= 2
    path = tuple(links(g, HEKLA, "AB11"))
    legal = g.legal_actions()
    assert {a.water for a in legal if a.kind == "deliver_steam" and a.links == path} == set(boxes)  # type: ignore[attr-defined]
    assert not [a for a in legal if isinstance(a, Deliver) and a.colour == "red"]  # every steam move names its box
    last = boxes[-1]
    act(g, "deliver_steam", city=HEKLA, links=list(path), water=last)
    col, n = last.split("/")
    assert g.state.display[col][int(n) - 1] is None
    first = boxes[0].split("/")
    assert g.state.display[first[0]][int(first[1]) - 1] == "blue"  # the first blue good stays
    assert blue_on(g, "AB11") == 1 and f"goods display (box {last})" in g.state.log[-2]
    assert set(view(g)["extra"]) == {"steam", "steam_lost"}  # the named box is no figure of the game
    assert check_invariants(g) == []


def test_ruling_a_plain_delivery_of_steam_is_refused_when_the_mover_must_name_the_water_box():
    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    refused(
        g,
        "deliver",
        ("the bag holds no water", "deliver_steam"),
        city=HEKLA,
        colour="red",
        links=links(g, HEKLA, "AB11"),
    )


def test_rules_version_1_records_still_replay_with_a_plain_delivery_of_steam_taking_the_first_blue_good():
    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    old = Game.from_record(g.record.model_copy(update={"rules_version": 1}))
    assert old.state.rules_version == 1
    deliver(old, HEKLA, "red", "AB11")  # the shape of the action before the choice
    first = next((col, i) for col, boxes in g.state.display.items() for i, c in enumerate(boxes) if c == "blue")
    assert old.state.display[first[0]][first[1]] is None
    replayed = Game.from_record(old.record)
    assert replayed.record.rules_version == 1 and view(replayed) == view(old)


def test_ruling_the_water_box_is_named_only_when_the_display_gives_it():
    g = game(ALL)  # the bag holds water
    path = links(g, HEKLA, "AB11")
    assert not [a for a in g.legal_actions() if a.kind == "deliver_steam"]
    box = next(f"{c}/{i + 1}" for c, cs in g.state.display.items() for i, x in enumerate(cs) if x == "blue")
    refused(g, "deliver_steam", "the bag still holds water", city=HEKLA, links=path, water=box)
    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    empty = next(f"{c}/{i + 1}" for c, cs in g.state.display.items() for i, x in enumerate(cs) if x != "blue")
    refused(g, "deliver_steam", f"display box {empty} holds no blue good", city=HEKLA, links=path, water=empty)
    box = next(f"{c}/{i + 1}" for c, cs in g.state.display.items() for i, x in enumerate(cs) if x == "blue")
    refused(g, "deliver_steam", "no completed link 'nowhere'", city=HEKLA, links=["nowhere"], water=box)
    refused(g, "deliver_steam", "no red cube", city="X7", links=links(g, "X7", "Y8"), water=box)


def test_the_menu_names_the_display_box_of_the_water():
    from ageofsteam.words.choices import legal_choices

    cubes, display = _blues_elsewhere(game(), keep_display=True)
    g = game(ALL, cubes=cubes, display=display)
    labels = [c.label for c in legal_choices(g) if c.action is not None and c.action.kind == "deliver_steam"]
    wanted = [t for t in labels if t.startswith("deliver steam: volcano W10 → ")]
    assert wanted and all("the water from display box" in t for t in wanted), labels


def test_if_there_is_no_blue_good_in_the_display_either_the_steam_is_lost():
    cubes, display = _blues_elsewhere(game(), keep_display=False)
    g = game(ALL, cubes=cubes, display=display)
    red = g.state.bag["red"]
    deliver(g, HEKLA, "red", "AB11")
    assert blue_on(g, "AB11") == 0
    assert g.state.cubes[hexid(g, "AB11")].get("red", 0) == 0
    assert g.state.bag["red"] == red + 1  # Ruling: the red good goes to the bag anyway
    assert "is lost" in g.state.log[-2]
    assert check_invariants(g) == []


def test_ruling_option_lost_steam_leaves_the_game():
    cubes, display = _blues_elsewhere(game(), keep_display=False)
    g = game(ALL, cubes=cubes, display=display, options={"lost_steam_leaves_game": True})
    red = g.state.bag["red"]
    deliver(g, HEKLA, "red", "AB11")
    assert blue_on(g, "AB11") == 0
    assert g.state.bag["red"] == red  # not back in the bag: out of the game
    assert figures(g.state).steam_lost == 1
    assert check_invariants(g) == []  # the 96 goods are still accounted for


def test_once_condensed_water_is_transported_as_a_blue_good_to_a_blue_city():
    g = game(ALL, turn=2)
    deliver(g, HEKLA, "red", "Y8", "X7")  # water on Selfoss (purple)
    for _ in range(3):
        act(g, "skip_move")
    assert g.state.move_round == 2 and g.to_move == 0
    routes = [r for r in all_routes(g.state, 0) if r.colour == "blue"]
    assert {g.state.label(r.stops[-1]) for r in routes} == {"V5"}  # Reykjavík, the blue city; not Borgarnes
    deliver(g, "X7", "blue", "V5")
    assert blue_on(g, "X7") == 0 and blue_on(g, "V5") == 0  # an ordinary delivery: the cube goes to the bag
    assert check_invariants(g) == []


# --- Ports and boat links ----------------------------------------------------------------------------------


def test_each_port_has_an_invisible_boat_link_to_every_other_port():
    g = game()
    ports = {hexid(g, p) for p in ("E2", "N3", "D11", "L23", "Y6")}
    boats = [lk for lk in g.state.network.links.values() if lk.id.startswith("boat:")]
    assert len(boats) == 10
    assert {frozenset((lk.a, lk.b)) for lk in boats} == {frozenset((a, b)) for a in ports for b in ports if a != b}
    assert all(lk.owner is None and lk.sections == 0 and lk.levels == 2 for lk in boats)


def test_passing_a_boat_link_needs_2_engine_levels_per_link():
    path = ("X7", "Y6", "N3", "R5")  # 3 links, 4 engine levels
    g = game(ALL, cubes={"X7": ["yellow"]}, engines=(3, 4, 6, 6))
    assert ("X7", "yellow", tuple(links(g, *path))) not in listed(g)
    refused(
        g,
        "deliver",
        "your engine allows 3 links, not 4: that delivery uses 4 engine levels",
        city="X7",
        colour="yellow",
        links=links(g, *path),
    )
    act(g, "skip_move")
    assert ("X7", "yellow", tuple(links(g, *path))) in listed(g)


def test_a_boat_link_pays_2_income_to_the_mover_and_has_no_owner():
    g = game(ALL, cubes={"X7": ["yellow"]})
    before = [p.income for p in g.state.players]
    deliver(g, "X7", "yellow", "Y6", "N3", "R5")
    after = [p.income for p in g.state.players]
    assert [a - b for a, b in zip(after, before, strict=True)] == [2, 1, 1, 0]  # mover +2, owners +1 each
    assert check_invariants(g) == []


def test_boat_links_score_no_track_points():
    g = game(ALL)

    assert track_points(g.state, 1) == sum(
        lk.sections for lk in g.state.network.links.values() if lk.owner == 1 and not lk.id.startswith("boat:")
    )


def test_ruling_boat_links_pass_through_ports_without_track_and_chain():
    # Selfoss – Þorlákshöfn (track) – boat – Ísafjörður (no track) – boat – Stykkishólmur – Borgarnes
    g = game(ALL, cubes={"X7": ["yellow"]})
    assert hexid(g, "E2") not in g.state.tiles
    path = links(g, "X7", "Y6", "E2", "N3", "R5")
    assert ("X7", "yellow", tuple(path)) in listed(g)
    before = [p.income for p in g.state.players]
    act(g, "deliver", city="X7", colour="yellow", links=path)
    after = [p.income for p in g.state.players]
    assert [a - b for a, b in zip(after, before, strict=True)] == [4, 1, 1, 0]  # +2 a boat link, two of them
    assert check_invariants(g) == []


def test_ruling_option_boat_ports_need_track():
    g = game(ALL, cubes={"X7": ["yellow"]}, options={"boat_ports_need_track": True})
    boats = [lk for lk in g.state.network.links.values() if lk.id.startswith("boat:")]
    assert [(g.state.label(lk.a), g.state.label(lk.b)) for lk in boats] == [("N3", "Y6")]  # the two with track
    refused(
        g,
        "deliver",
        "no completed link 'boat:E2-Y6'",
        city="X7",
        colour="yellow",
        links=[link(g, "X7", "Y6"), "boat:E2-Y6", "boat:E2-N3", link(g, "N3", "R5")],
    )
    deliver(g, "X7", "yellow", "Y6", "N3", "R5")


def test_if_a_port_is_urbanized_its_boat_links_disappear():
    g = game(ALL, phase="build_track", actions={0: "urbanization"})
    act(g, "urbanize", hex="Y6", city="B")
    boats = [lk for lk in g.state.network.links.values() if lk.id.startswith("boat:")]
    assert len(boats) == 6
    assert hexid(g, "Y6") not in {h for lk in boats for h in (lk.a, lk.b)}
    others = [p for p in ALL if p != "selfoss-thorlakshofn"]
    g2 = game(others, new_cities={"Y6": "B"}, cubes={"X7": ["yellow"]})
    assert not [r for r in all_routes(g2.state, 0) if any(lk.id.startswith("boat:") for lk in r.links)]


# --- The picture ---------------------------------------------------------------------------------------


def test_the_picture_shows_the_steam_on_the_volcanoes_and_the_round_limit():
    import xml.etree.ElementTree as ET

    from ageofsteam.render import render_svg

    def steam_drawn(g: Game) -> int:
        root = ET.fromstring(render_svg(g.state))
        groups = [e for e in root.iter() if e.get("class") == "hex-goods"]
        return sum(1 for grp in groups for r in grp.iter() if r.get("class") == "cube cube-red")

    g = game(ALL, turn=3)
    assert steam_drawn(g) == 8  # 2 on each of the 4 volcanoes
    deliver(g, HEKLA, "red", "Y8", "X7")
    assert steam_drawn(g) == 7
    svg = render_svg(g.state)
    assert "W10 1" in svg and "Steam travels: at most 3 links" in svg
