"""Phase V, Move Goods (rules digest §2.V): one scenario test per rule sentence, plus a brute-force check
that ``all_routes`` lists every legal delivery and nothing else.

Most tests use one hand-built network around Indianapolis (east of the map), drawn here with link owners::

    Detroit (red) --P1-- Toledo --P0-- Fort Wayne --P2-- Cincinnati (blue)
                                          |                 ||   (two links: via P11 owned by P1,
                                          P2                ||    via R11 unowned)
                                          |                 ||
                                      Indianapolis =========++
                                          |
                                          P0
                                          |
    St. Louis (red) --P1-- Terre Haute    Evansville (blue) --P2 unfinished (S8)--> (no spoke at Terre Haute)

Every refusal is checked to leave the whole JSON view and the record unchanged.
"""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game, IllegalAction, view
from ageofsteam.board.hexes import DIRECTIONS, TOWN
from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Deliver
from ageofsteam.engine.scenario import Scenario
from ageofsteam.maps import load_board
from ageofsteam.rules.move_goods import all_routes
from tests.conftest import act, hexid, refused

BOARD = load_board("rust-belt")

# (hex, {edge: owner}) for every tile of the network; owner None = unowned. A plain hex lists its one track's
# two edges with the same owner; a town lists its spokes.
NETWORK: list[tuple[str, dict[str, int | None]]] = [
    ("I12", {"NE": 1, "S": 1}),  # Detroit – Toledo
    ("K12", {"N": 1, "S": 0}),  # Toledo: a straight with a town disk
    ("M12", {"N": 0, "SW": 0}),  # Toledo – Fort Wayne
    ("N11", {"NE": 0, "SE": 2, "SW": 2}),  # Fort Wayne: three spokes
    ("O12", {"NW": 2, "S": 2}),  # Fort Wayne – Cincinnati
    ("O10", {"NE": 2, "S": 2}),  # Fort Wayne – Indianapolis
    ("Q10", {"N": 2, "NE": 1, "SE": None, "SW": 0}),  # Indianapolis: four spokes
    ("P11", {"SE": 1, "SW": 1}),  # Indianapolis – Cincinnati (P1)
    ("R11", {"NW": None, "NE": None}),  # Indianapolis – Cincinnati (unowned)
    ("R9", {"NE": 0, "S": 0}),  # Indianapolis – Evansville
    ("S8", {"SE": 2, "N": 2}),  # Evansville – towards Terre Haute: unfinished
    ("Q8", {"SW": 1}),  # Terre Haute: one spoke only, towards St. Louis
    ("R7", {"NE": 1, "SW": 1}),  # Terre Haute – St. Louis
    ("S6", {"NE": 1, "SW": 1}),
]


def tile_for(label: str, spec: dict[str, int | None]) -> tuple[str, int, list[int | None]]:
    """The tile, rotation and per-track owners (in the engine's track order) that lay exactly ``spec``."""
    h = BOARD.by_label[label]
    town = h in BOARD.towns
    edges = {DIRECTIONS.index(e): o for e, o in spec.items()}
    for name, tt in TILE_TYPES.items():
        if tt.is_town_tile and not town:
            continue
        disk = town and not tt.is_town_tile
        for r in range(6):
            tracks = oriented(name, r, disk)
            exits = {e for t in tracks for e in t if e != TOWN}
            if exits == set(edges) and (town or len(tracks) == 1):
                return name, r, [edges[a] for a, _ in tracks]
    raise AssertionError(f"no tile lays {spec} on {label}")


def network_game(
    *,
    cubes: dict[str, list[str]],
    engines: tuple[int, int, int] = (6, 6, 6),
    actions: dict[int, str] | None = None,
    order: tuple[int, int, int] = (0, 1, 2),
    network: list[tuple[str, dict[str, int | None]]] = NETWORK,
) -> Game:
    """The network above in Move Goods, with only ``cubes`` on the map.

    Built as data rather than TOML text: TOML has no null, so a tile with an unowned track among owned ones
    cannot be written in a scenario file.
    """
    track = []
    for label, spec in network:
        name, r, owners = tile_for(label, spec)
        track.append({"hex": label, "tile": name, "rotation": r, "owners": owners})
    data = {
        "players": 3,
        "phase": "move_goods",
        "order": list(order),
        "empty_cities": True,
        "player": [
            {"seat": s, "engine": engines[s], "cash": 20, "income": 3, "action": (actions or {}).get(s)}
            for s in range(3)
        ],
        "cubes": cubes,
        "track": track,
    }
    return Game.from_scenario(Scenario.parse(data))


def via(game: Game, label: str) -> str:
    """The id of the completed link that runs through the hex ``label``."""
    h = hexid(game, label)
    net = game.state.network
    found = [lk.id for lk in net.links.values() if any(t[0] == h for t in net.chains[lk.chain].tracks)]
    assert len(found) == 1, f"{label}: {found}"
    return found[0]


def path(game: Game, *labels: str) -> list[str]:
    """The ids of the links through these hexes, in order."""
    return [via(game, lab) for lab in labels]


def listed(game: Game) -> set[tuple[str, str, tuple[str, ...]]]:
    """The deliveries among the legal actions, as (city, colour, links)."""
    return {(a.city, a.colour, a.links) for a in game.legal_actions() if isinstance(a, Deliver)}


def income(game: Game) -> list[int]:
    return [p.income for p in game.state.players]


# --- the network itself ---------------------------------------------------------------------------


def test_the_scenario_network_has_the_links_drawn_in_the_docstring():
    game = network_game(cubes={})
    g = game.state
    links = {(frozenset((g.label(lk.a), g.label(lk.b))), lk.owner) for lk in g.network.links.values()}
    assert links == {
        (frozenset(("H13", "K12")), 1),
        (frozenset(("K12", "N11")), 0),
        (frozenset(("N11", "Q12")), 2),
        (frozenset(("N11", "Q10")), 2),
        (frozenset(("Q10", "Q12")), 1),
        (frozenset(("Q10", "Q12")), None),
        (frozenset(("Q10", "T9")), 0),
        (frozenset(("Q8", "T5")), 1),
    }
    unfinished = [c for c in g.network.chains if not c.complete]
    assert [[g.label(h) for h, _ in c.tracks] for c in unfinished] == [["S8"]]


# --- two rounds, First Move first in both ---------------------------------------------------------


def test_two_rounds_with_the_first_move_holder_first_in_both():
    game = network_game(cubes={"Q12": ["blue"]}, actions={2: "first_move"}, order=(0, 1, 2))
    seen = []
    while game.state.phase == "move_goods":
        seen.append((game.state.move_round, game.to_move))
        act(game, "skip_move")
    assert seen == [(1, 2), (1, 0), (1, 1), (2, 2), (2, 0), (2, 1)]
    assert game.state.turn == 2  # the turn went on to income, expenses, growth and the next turn


def test_a_player_may_not_move_out_of_turn():
    game = network_game(cubes={"Q12": ["blue"]}, actions={1: "first_move"})
    assert game.to_move == 1
    before = view(game)
    with pytest.raises(IllegalAction, match="Player 2's turn, not Player 1's"):
        game.apply({"kind": "skip_move", "player": 0})
    assert view(game) == before


def test_each_turn_is_one_delivery_one_engine_raise_or_nothing():
    game = network_game(cubes={"T9": ["red", "red"]}, engines=(5, 5, 5))
    assert {a.kind for a in game.legal_actions()} == {"deliver", "upgrade_engine", "skip_move"}
    route = ("T9", "red", tuple(path(game, "R9", "R11", "O12", "M12", "I12")))
    assert route in listed(game)
    act(game, "deliver", city=route[0], colour=route[1], links=list(route[2]))
    # one cube per turn: the move passes on and the mover's next chance is the next round
    assert game.to_move == 1 and game.state.cubes[hexid(game, "T9")]["red"] == 1
    act(game, "upgrade_engine")
    assert game.to_move == 2 and game.state.players[1].engine == 6
    act(game, "skip_move")
    assert game.to_move == 0 and game.state.move_round == 2


# --- the engine -----------------------------------------------------------------------------------


def test_engine_raise_only_once_per_turn():
    game = network_game(cubes={"Q12": ["blue"]}, engines=(2, 2, 2), actions={0: "locomotive"})
    act(game, "upgrade_engine")  # holding Locomotive does not use up the move-phase raise
    assert game.state.players[0].engine == 3
    act(game, "skip_move")
    act(game, "skip_move")
    assert (game.state.move_round, game.to_move) == (2, 0)
    assert "upgrade_engine" not in {a.kind for a in game.legal_actions()}
    refused(game, "upgrade_engine", "only once per Move Goods phase")
    act(game, "skip_move")
    act(game, "upgrade_engine")  # player 1 has not raised this turn
    assert game.state.players[1].engine == 3


def test_engine_raise_is_refused_at_6():
    game = network_game(cubes={"Q12": ["blue"]}, engines=(6, 5, 6))
    assert "upgrade_engine" not in {a.kind for a in game.legal_actions()}
    refused(game, "upgrade_engine", "already at the maximum of 6")
    act(game, "skip_move")
    act(game, "upgrade_engine")
    assert game.state.players[1].engine == 6


def test_an_engine_raise_in_round_1_counts_for_a_round_2_delivery():
    # Cincinnati → Indianapolis → Evansville takes 2 links (City → Town → City)
    game = network_game(cubes={"Q12": ["blue"]}, engines=(1, 1, 1))
    assert listed(game) == set()
    refused(
        game, "deliver", r"your engine allows 1 link, not 2", city="Q12", colour="blue", links=path(game, "P11", "R9")
    )
    act(game, "upgrade_engine")
    act(game, "skip_move")
    act(game, "skip_move")
    assert (game.state.move_round, game.to_move) == (2, 0)
    two = {("Q12", "blue", tuple(path(game, "P11", "R9"))), ("Q12", "blue", tuple(path(game, "R11", "R9")))}
    assert listed(game) == two
    act(game, "deliver", city="Q12", colour="blue", links=path(game, "P11", "R9"))
    assert game.state.cubes[hexid(game, "Q12")].get("blue", 0) == 0


def test_a_delivery_uses_at_most_engine_many_links_and_city_town_city_is_two():
    # Evansville → Detroit for a red cube is 5 links: Indianapolis, Cincinnati, Fort Wayne, Toledo, Detroit
    for engine, expected in ((4, False), (5, True)):
        game = network_game(cubes={"T9": ["red"]}, engines=(engine, 1, 1))
        long = ("T9", "red", tuple(path(game, "R9", "P11", "O12", "M12", "I12")))
        assert (long in listed(game)) is expected
        if not expected:
            refused(game, "deliver", "your engine allows 4 links, not 5", city="T9", colour="red", links=list(long[2]))
    game = network_game(cubes={"Q12": ["blue"]}, engines=(2, 1, 1))
    route = next(r for r in all_routes(game.state, 0) if via(game, "P11") == r.links[0].id)
    assert [game.state.label(s) for s in route.stops] == ["Q12", "Q10", "T9"]
    assert len(route.links) == 2
    act(game, "deliver", city="Q12", colour="blue", links=[lk.id for lk in route.links])
    assert income(game) == [3 + 1, 3 + 1, 3]  # one income per link: P0's and P1's


# --- where a cube starts, where it may go -----------------------------------------------------------


def test_a_cube_starts_in_a_city_that_holds_it():
    game = network_game(cubes={"Q12": ["blue"]})
    links = path(game, "P11", "R9")
    refused(game, "deliver", "Q10 is not a city", city="Q10", colour="blue", links=links)
    refused(game, "deliver", "there is no red cube in Cincinnati", city="Q12", colour="red", links=links)
    refused(game, "deliver", "at least one link", city="Q12", colour="blue", links=[])
    refused(game, "deliver", "there is no completed link 'Q12.XX'", city="Q12", colour="blue", links=["Q12.XX"])
    refused(game, "deliver", "does not start at Cincinnati", city="Q12", colour="blue", links=path(game, "R9"))


def test_cubes_travel_only_along_completed_links_never_unfinished_track():
    # Evansville – S8 points at Terre Haute, whose tile has no spoke there: unfinished, so Evansville cannot
    # reach St. Louis (red) that way. The id the link would have if finished is refused.
    game = network_game(cubes={"T9": ["red"]}, engines=(6, 6, 6))
    assert all(via(game, "S6") not in links for _, _, links in listed(game))
    assert all("T9.NW" not in links for _, _, links in listed(game))
    refused(
        game, "deliver", "there is no completed link 'Q8.S'", city="T9", colour="red", links=["Q8.S", via(game, "S6")]
    )
    # the same track with a Terre Haute tile that has the spoke: the link exists and the route is listed
    finished = [(h, {"SW": 1, "S": 2} if h == "Q8" else spec) for h, spec in NETWORK]
    game = network_game(cubes={"T9": ["red"]}, engines=(6, 6, 6), network=finished)
    assert ("T9", "red", ("Q8.S", via(game, "S6"))) in listed(game)


def test_a_cube_passes_through_towns_and_cities_of_other_colours():
    game = network_game(cubes={"T9": ["red"]}, engines=(5, 5, 5))
    links = path(game, "R9", "P11", "O12", "M12", "I12")
    route = next(r for r in all_routes(game.state, 0) if [lk.id for lk in r.links] == links)
    names = [game.state.stop_name(s) for s in route.stops]
    assert names == ["Evansville", "Indianapolis", "Cincinnati", "Fort Wayne", "Toledo", "Detroit"]
    act(game, "deliver", city="T9", colour="red", links=links)
    assert game.state.cubes[hexid(game, "T9")]["red"] == 0


def test_a_cube_must_stop_at_the_first_city_of_its_colour():
    # a blue cube from Detroit reaches blue Cincinnati first and may not go on to blue Evansville
    game = network_game(cubes={"H13": ["blue"]}, engines=(6, 6, 6))
    blue_cities = {hexid(game, "Q12"), hexid(game, "T9")}
    ends = set()
    for city, _, lks in listed(game):
        stops = _stops(game, city, lks)
        assert stops[-1] in blue_cities and not blue_cities & set(stops[:-1])
        ends.add(game.state.label(stops[-1]))
    assert ends == {"Q12", "T9"}  # Evansville only by the way round Cincinnati (Fort Wayne – Indianapolis)
    assert {len(lks) for _, _, lks in listed(game)} == {3, 4}  # via Fort Wayne, or on through Indianapolis
    refused(
        game,
        "deliver",
        "must stop at Cincinnati, the first city of its colour",
        city="H13",
        colour="blue",
        links=path(game, "I12", "M12", "O12", "P11", "R9"),
    )
    refused(
        game,
        "deliver",
        "Fort Wayne does not take blue cubes",
        city="H13",
        colour="blue",
        links=path(game, "I12", "M12"),
    )
    # the route that stops there is listed and applies
    act(game, "deliver", city="H13", colour="blue", links=path(game, "I12", "M12", "O12"))
    assert game.state.cubes[hexid(game, "H13")]["blue"] == 0


def _stops(game: Game, city: str, links: tuple[str, ...]) -> list[int]:
    g = game.state
    here = hexid(game, city)
    out = [here]
    for lid in links:
        here = g.network.links[lid].other(here)
        out.append(here)
    return out


def test_a_cube_visits_each_place_once_and_never_returns_to_its_start():
    game = network_game(cubes={"Q12": ["blue"], "H13": ["purple"], "T9": ["red"]}, engines=(6, 6, 6))
    # blue Cincinnati → Indianapolis → back to blue Cincinnati by the other link: the start cannot be the end
    refused(
        game, "deliver", "may visit Cincinnati only once", city="Q12", colour="blue", links=path(game, "P11", "R11")
    )
    # a city visited twice on the way (purple is taken nowhere on this network, so any route would do)
    refused(
        game,
        "deliver",
        "may visit Cincinnati only once",
        city="H13",
        colour="purple",
        links=path(game, "I12", "M12", "O12", "P11", "R11"),
    )
    # a town visited twice
    refused(
        game,
        "deliver",
        "may visit Indianapolis only once",
        city="T9",
        colour="red",
        links=path(game, "R9", "P11", "R11"),
    )
    for city, _, lks in listed(game):
        stops = _stops(game, city, lks)
        assert len(stops) == len(set(stops))
    homes = [_stops(game, c, lks)[-1] for c, _, lks in listed(game) if c == "Q12"]
    assert homes and hexid(game, "Q12") not in homes  # blue from Cincinnati goes to Evansville, never home


# --- income and the cube ------------------------------------------------------------------------


def test_each_link_pays_its_owner_one_income_at_once_and_unowned_links_pay_no_one():
    game = network_game(cubes={"T9": ["red"]}, engines=(5, 5, 5))
    cash = [p.cash for p in game.state.players]
    # P0 moves over its own link (R9), the unowned R11 link, P2's (O12), its own (M12) and P1's (I12)
    act(game, "deliver", city="T9", colour="red", links=path(game, "R9", "R11", "O12", "M12", "I12"))
    assert income(game) == [3 + 2, 3 + 1, 3 + 1]
    assert [p.cash for p in game.state.players] == cash  # income, not cash


def test_a_mover_using_only_other_players_links_pays_them():
    game = network_game(cubes={"Q12": ["blue"]}, engines=(2, 2, 2), actions={2: "first_move"})
    assert game.to_move == 2
    act(game, "deliver", city="Q12", colour="blue", links=path(game, "P11", "R9"))
    assert income(game) == [3 + 1, 3 + 1, 3]  # P1's and P0's links; the mover P2 gains nothing


def test_a_route_over_unowned_links_only_pays_no_one():
    unowned = [(h, dict.fromkeys(spec, None)) for h, spec in NETWORK]
    game = network_game(cubes={"Q12": ["blue"]}, engines=(2, 2, 2), network=unowned)
    act(game, "deliver", city="Q12", colour="blue", links=path(game, "P11", "R9"))
    assert income(game) == [3, 3, 3]


def test_the_delivered_cube_goes_back_to_the_bag():
    game = network_game(cubes={"Q12": ["blue", "red"]}, engines=(2, 2, 2))
    g = game.state
    bag = dict(g.bag)
    act(game, "deliver", city="Q12", colour="blue", links=path(game, "R11", "R9"))
    assert g.cubes[hexid(game, "Q12")] == {"blue": 0, "red": 1}
    assert g.bag == {**bag, "blue": bag["blue"] + 1}
    assert g.cubes[hexid(game, "T9")].get("blue", 0) == 0  # it does not stay at Evansville


# --- all_routes against an independent search ---------------------------------------------------


def brute_force_routes(game: Game, seat: int) -> set[tuple[str, str, tuple[str, ...]]]:
    """Every legal delivery, by enumerating all simple paths over the link list (not ``at_stop``)."""
    g = game.state
    engine = g.players[seat].engine
    links = list(g.network.links.values())

    def takes(stop: int, colour: str) -> bool:
        return g.is_city(stop) and colour in g.city_colours(stop)

    out: set[tuple[str, str, tuple[str, ...]]] = set()

    def extend(colour: str, path: list[int], used: list[str]) -> None:
        here = path[-1]
        if used and takes(here, colour):
            out.add((g.label(path[0]), colour, tuple(used)))
            return
        if len(used) == engine:
            return
        for lk in links:
            if here not in (lk.a, lk.b):
                continue
            nxt = lk.b if lk.a == here else lk.a
            if nxt not in path:
                extend(colour, [*path, nxt], [*used, lk.id])

    for city, cubes in g.cubes.items():
        for colour, n in cubes.items():
            if n > 0:
                extend(colour, [city], [])
    return out


def assert_routes_complete_and_applicable(game: Game, apply_all: bool) -> int:
    seat = game.to_move
    assert seat is not None
    expected = brute_force_routes(game, seat)
    got = listed(game)
    assert got == expected
    assert len(got) == len([a for a in game.legal_actions() if isinstance(a, Deliver)])  # no duplicates
    for city, colour, links in sorted(got) if apply_all else sorted(got)[:3]:
        action = {"kind": "deliver", "player": seat, "city": city, "colour": colour, "links": list(links)}
        game.check(action)
        copy_ = Game.from_record(game.record)
        copy_.apply(action)
        assert copy_.record.actions[len(game.record.actions)] == action
        if copy_.state.phase != "move_goods":
            continue  # the last move of the phase: income, expenses and growth followed at once
        gains = [0] * len(game.state.players)
        for lid in links:
            owner = game.state.network.links[lid].owner
            if owner is not None:
                gains[owner] += 1
        assert [p.income for p in copy_.state.players] == [
            p.income + k for p, k in zip(game.state.players, gains, strict=True)
        ]
        start = hexid(game, city)
        assert copy_.state.cubes[start][colour] == game.state.cubes[start][colour] - 1
    return len(got)


def test_all_routes_is_complete_on_the_scenario_network():
    cubes = {lab: ["red", "blue", "purple", "yellow", "black"] for lab in ("H13", "Q12", "T9", "T5")}
    for engines in ((1, 2, 3), (4, 5, 6)):
        game = network_game(cubes=cubes, engines=engines)
        seen = []
        for _ in range(3):
            seen.append(assert_routes_complete_and_applicable(game, apply_all=True))
            act(game, "skip_move")
        assert seen[-1] > 0


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_all_routes_is_complete_in_random_games(seed):
    """In random games, at every Move Goods decision, the listed deliveries are exactly the brute-force ones,
    and each of them (a few per position) applies."""
    rng = random.Random(seed)
    game = Game.new("rust-belt", players=3 + seed % 4, seed=seed)
    bot = RandomBot()
    checked = routes = 0
    while not game.over:
        if game.state.phase == "move_goods":
            routes += assert_routes_complete_and_applicable(game, apply_all=False)
            checked += 1
        game.apply(bot.choose(game, rng))
    assert checked > 0 and routes > 0


def test_a_refused_delivery_names_the_fault_readably():
    game = network_game(cubes={"Q12": ["blue"]})
    with pytest.raises(IllegalAction) as info:
        act(game, "deliver", city="Q12", colour="blue", links=path(game, "P11", "R11"))
    assert str(info.value) == "a cube may visit Cincinnati only once"  # the place by name, not a hex id
