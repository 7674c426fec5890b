"""Taiwan: one scenario test per rule sentence of the rulebook (``shared/rulebooks/001_*.txt``), plus the
README's Rulings, and random games with every invariant checked.

The setup sentences (3 goods on each purple city, 2 on the others, New City F removed, North and South Taiwan
numbered 1–7) are tested in ``test_taiwan.py``.

Positions used (all plain hexes unless said)::

    Taipei D11 --E10-- Taoyuan F9          (one hex: completes a link between two purple cities)
    Taipei D11 --C12 (mountain)-- Keelung D13 (yellow)
    Taoyuan F9 --H9--I8--J7--K6-- Miaoli L5
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.engine.actions import Action, Deliver
from ageofsteam.engine.scenario import Scenario
from ageofsteam.maps import load_board
from ageofsteam.rules.build_track import legal_builds
from ageofsteam.rules.move_goods import all_routes
from tests import random_games
from tests.conftest import act, refused

MAP = "taiwan"
BOARD = load_board(MAP)


def tile_for(label: str, *edges: str) -> tuple[str, int]:
    """A simple tile and rotation laying one track between ``edges`` on ``label``."""
    want = {DIRECTIONS.index(e) for e in edges}
    for name, tt in TILE_TYPES.items():
        if tt.is_town_tile:
            continue
        for r in range(6):
            tracks = oriented(name, r, False)
            if len(tracks) == 1 and {e for t in tracks for e in t if e != TOWN} == want:
                return name, r
    raise AssertionError(f"no tile lays {edges} on {label}")


def game_at(
    phase: str,
    *,
    track: tuple[tuple[str, str, str, int], ...] = (),
    cubes: dict[str, list[str]] | None = None,
    engine: int = 1,
    options: dict[str, Any] | None = None,
    cash: int = 30,
) -> Game:
    """5 players in seat order at ``phase``; ``track`` holds (hex, edge, edge, owner); seat 0 to move."""
    specs = []
    for label, a, b, owner in track:
        name, r = tile_for(label, a, b)
        specs.append({"hex": label, "tile": name, "rotation": r, "owner": owner})
    data: dict[str, Any] = {
        "map": MAP,
        "players": 5,
        "phase": phase,
        "order": [0, 1, 2, 3, 4],
        "track": specs,
        "player": [
            {"seat": s, "cash": cash, "engine": engine, "income": 0, "has_built": bool(track)} for s in range(5)
        ],
        "empty_cities": cubes is not None,
        "cubes": cubes or {},
    }
    if options:
        data["options"] = options
    return Game.from_scenario(Scenario.parse(data))


def build(game: Game, label: str, a: str, b: str) -> int:
    """Seat to move builds one track between ``a`` and ``b`` on ``label``; returns what it cost."""
    seat = game.to_move
    before = game.state.players[seat].cash
    name, r = tile_for(label, a, b)
    act(game, "build", hex=label, tile=name, rotation=r)
    return before - game.state.players[seat].cash


def deliver(game: Game, city: str, colour: str, *links: str) -> None:
    act(game, "deliver", city=city, colour=colour, links=list(links))


def bird(a: str, b: str) -> str:
    return f"bird:{a}-{b}"


# --- Track laying costs -----------------------------------------------------------------------------


def test_track_laying_costs_plains_2():
    game = game_at("build_track")
    assert build(game, "E12", "NW", "SE") == 2  # from Taipei into open country


def test_track_laying_costs_mountains_4():
    game = game_at("build_track")
    assert build(game, "C12", "SW", "SE") == 4  # Taipei – Keelung over a mountain: no purple surcharge


def test_completing_one_link_between_two_purple_cities_costs_an_additional_3():
    game = game_at("build_track")
    assert build(game, "E10", "NE", "SW") == 2 + 3  # Taipei – Taoyuan
    (link,) = [lk for lk in game.state.network.links.values() if lk.chain >= 0]
    assert {link.a, link.b} == {BOARD.by_label["D11"], BOARD.by_label["F9"]} and link.owner == 0


def test_only_the_build_that_completes_a_purple_link_pays_the_3():
    game = game_at("build_track", track=(("H9", "N", "SW", 0), ("I8", "NE", "SW", 0)))
    assert build(game, "J7", "NE", "SW") == 2  # Taoyuan – Miaoli still unfinished
    assert build(game, "K6", "NE", "SW") == 2 + 3  # completes it


def test_a_link_from_a_purple_city_to_a_town_or_other_city_pays_no_surcharge():
    game = game_at("build_track", track=(("C12", "SW", "SE", 0),))  # Taipei – Keelung (yellow) is complete
    links = [lk for lk in game.state.network.links.values() if lk.chain >= 0]
    assert len(links) == 1
    assert build(game, "E12", "NW", "NE") == 2  # Taipei – Keelung again, via E12


@pytest.mark.parametrize(
    ("old_edges", "tile", "rotation", "base"),
    [(("NE", "S"), "straight", 1, 2), (("N", "S"), "x", 0, 3)],
    ids=["redirection", "upgrade"],
)
def test_ruling_a_redirection_or_upgrade_that_completes_a_purple_link_pays_the_3_too(old_edges, tile, rotation, base):
    # seat 0's unfinished track on E10 is turned (or crossed) so that it joins Taipei to Taoyuan
    game = game_at("build_track", track=(("E10", *old_edges, 0),))
    before = game.state.players[0].cash
    act(game, "build", hex="E10", tile=tile, rotation=rotation)
    assert before - game.state.players[0].cash == base + 3
    ends = {frozenset((lk.a, lk.b)) for lk in game.state.network.links.values() if lk.chain >= 0}
    assert frozenset((BOARD.by_label["D11"], BOARD.by_label["F9"])) in ends


def test_the_surcharge_is_shown_in_the_legal_builds():
    game = game_at("build_track")
    g = game.state
    name, r = tile_for("E10", "NE", "SW")
    (plan,) = [p for p in legal_builds(g, 0) if g.label(p.hex) == "E10" and (p.tile.tile, p.tile.rotation) == (name, r)]
    assert plan.cost == 5 and plan.completes


# --- Goods transport: bird movement -------------------------------------------------------------


def test_the_seven_purple_cities_are_virtually_connected():
    game = game_at("move_goods")
    birds = {lk.id: lk for lk in game.state.network.links.values() if lk.id.startswith("bird:")}
    assert len(birds) == 21  # every two of the seven
    assert all(lk.owner is None and lk.sections == 0 for lk in birds.values())


def test_one_level_moves_a_good_within_north_taiwan_without_track_and_pays_the_mover_1():
    game = game_at("move_goods", cubes={"D11": ["purple"]})
    assert Deliver(0, "D11", "purple", (bird("D11", "L5"),)) in game.legal_actions()
    deliver(game, "D11", "purple", bird("D11", "L5"))  # Taipei → Miaoli
    g = game.state
    assert g.players[0].income == 1
    assert g.cubes[BOARD.by_label["D11"]].get("purple", 0) == 0
    assert g.bag["purple"] == 20 - sum(c.get("purple", 0) for c in g.cubes.values()) - sum(
        1 for b in g.display.values() for c in b if c == "purple"
    )


def test_one_level_moves_a_good_within_south_taiwan_and_pays_the_mover_1():
    game = game_at("move_goods", cubes={"AR1": ["purple"]})
    deliver(game, "AR1", "purple", bird("AB1", "AR1"))  # Kaohsiung → Peikang
    assert game.state.players[0].income == 1


def test_two_levels_move_a_good_between_north_and_south_taiwan_and_pay_the_mover_2():
    game = game_at("move_goods", cubes={"S4": ["purple"]}, engine=2)
    deliver(game, "S4", "purple", bird("S4", "AK0"))  # Taichung → Tainan
    assert game.state.players[0].income == 2


def test_north_to_south_needs_two_locomotive_levels():
    game = game_at("move_goods", cubes={"AK0": ["purple"]}, engine=1)
    assert not any(isinstance(a, Deliver) and a.links == (bird("D11", "AK0"),) for a in game.legal_actions())
    refused(game, "deliver", "engine allows 1", city="AK0", colour="purple", links=[bird("D11", "AK0")])


def test_bird_movement_is_only_between_purple_cities():
    game = game_at("move_goods", cubes={"D13": ["purple"]}, engine=6)  # Keelung is yellow
    assert not any(isinstance(a, Deliver) for a in game.legal_actions())


def test_a_flight_is_one_delivery_of_a_move_round():
    game = game_at("move_goods", cubes={"D11": ["purple", "purple"]})
    deliver(game, "D11", "purple", bird("D11", "F9"))
    assert game.to_move == 1  # the next player's delivery of this round


def test_ruling_a_flight_combines_with_track_links_in_one_delivery():
    # a yellow good flies Taoyuan → Taipei, then runs on seat 1's track to Keelung (yellow)
    game = game_at("move_goods", track=(("C12", "SW", "SE", 1),), cubes={"F9": ["yellow"]}, engine=2)
    track = next(lk.id for lk in game.state.network.links.values() if lk.chain >= 0)
    deliver(game, "F9", "yellow", bird("D11", "F9"), track)
    g = game.state
    assert (g.players[0].income, g.players[1].income) == (1, 1)


def test_ruling_option_bird_movement_on_its_own():
    game = game_at(
        "move_goods",
        track=(("C12", "SW", "SE", 1),),
        cubes={"F9": ["yellow"]},
        engine=2,
        options={"bird_with_track": False},
    )
    track = next(lk.id for lk in game.state.network.links.values() if lk.chain >= 0)
    assert not any(isinstance(a, Deliver) for a in game.legal_actions())
    refused(
        game, "deliver", "cannot be combined with track", city="F9", colour="yellow", links=[bird("D11", "F9"), track]
    )


def test_ruling_at_most_one_flight_per_delivery():
    game = game_at("move_goods", track=(("C12", "SW", "SE", 1),), cubes={"L5": ["yellow"]}, engine=3)
    track = next(lk.id for lk in game.state.network.links.values() if lk.chain >= 0)
    links = [bird("F9", "L5"), bird("D11", "F9"), track]  # Miaoli → Taoyuan → Taipei → Keelung
    refused(game, "deliver", "at most 1 time", city="L5", colour="yellow", links=links)
    assert Deliver(0, "L5", "yellow", (bird("D11", "L5"), track)) in game.legal_actions()


def test_ruling_option_more_flights_per_delivery():
    game = game_at(
        "move_goods",
        track=(("C12", "SW", "SE", 1),),
        cubes={"L5": ["yellow"]},
        engine=3,
        options={"flights_per_delivery": 2},
    )
    track = next(lk.id for lk in game.state.network.links.values() if lk.chain >= 0)
    deliver(game, "L5", "yellow", bird("F9", "L5"), bird("D11", "F9"), track)
    assert (game.state.players[0].income, game.state.players[1].income) == (2, 1)


def test_flights_and_track_share_the_engine_limit():
    game = game_at("move_goods", track=(("C12", "SW", "SE", 1),), cubes={"AB1": ["yellow"]}, engine=2)
    # Peikang → Taipei (2 levels) → Keelung (1 level) needs 3
    assert not any(isinstance(a, Deliver) for a in game.legal_actions())
    game = game_at("move_goods", track=(("C12", "SW", "SE", 1),), cubes={"AB1": ["yellow"]}, engine=3)
    assert any(isinstance(a, Deliver) for a in game.legal_actions())


def test_flights_score_no_track_points():
    game = game_at("move_goods", cubes={"D11": ["purple"]})
    before = game.state.rules.score(game.state, 0)
    deliver(game, "D11", "purple", bird("D11", "F9"))
    assert game.state.rules.score(game.state, 0) == before + 3  # +1 income only


def test_every_listed_delivery_is_accepted_and_every_route_is_listed():
    game = game_at(
        "move_goods",
        track=(("C12", "SW", "SE", 1), ("E10", "NE", "SW", 2)),
        cubes={"L5": ["yellow", "purple"], "AR1": ["yellow"]},
        engine=4,
    )
    g = game.state
    routes = all_routes(g, 0)
    listed = [a for a in game.legal_actions() if isinstance(a, Deliver)]
    assert len(listed) == len(routes) > 0
    for a in listed:
        g.rules.check(g, a)


def test_the_cli_shows_the_movers_income_for_a_flight():
    from ageofsteam.words.choices import legal_choices

    game = game_at("move_goods", cubes={"D11": ["purple"]})
    labels = [c.label for c in legal_choices(game)]
    me = game.state.player_name(0)
    assert any("Taipei → Taoyuan" in t and f"{me} +1" in t for t in labels), labels


# --- random play ----------------------------------------------------------------------------------

GAMES = 50
CHUNK = 10


def _count_flights(game: Game, action: Action, seen: Counter[str]) -> None:
    if isinstance(action, Deliver) and any(lid.startswith("bird:") for lid in action.links):
        seen["flight"] += 1


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first):
    seen: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        game, problems, kinds = random_games.play_checked(MAP, seed, 5 + seed % 2, observe=_count_flights)
        assert problems == []
        assert game.state.phase == "game_over"
        seen += kinds
    assert seen["flight"] > 0
