"""Iceland's judgement for the bots: a boat link pays the mover +2, so the steady bot counts it in what a
delivery is worth to it, and its link plans may end at a port, for the deliveries the boats open; deep in
shares, it still raises its engine to the 4 levels the boats need when their income covers the level."""

from __future__ import annotations

import random
from typing import Any

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.bots.deliveries import own_gain
from ageofsteam.bots.plans import link_plans
from ageofsteam.engine.actions import Build, UpgradeEngine
from ageofsteam.rules.move_goods import all_routes
from tests.rules.build_helpers import position

CITIES = ["F15", "G10", "H13", "I0", "K22", "R5", "V5", "U20", "X3", "X7", "Z13", "AB11"]
# seat 1's town tile on Þorlákshöfn (Y6, a port), pointing at Selfoss (X7): a link from the boats to Selfoss
SELFOSS_PORT = ("Y6", "town_1", 1, 1)


def iceland(track: list[tuple[Any, ...]], cubes: dict[str, list[str]], engine: int) -> Game:
    """Turn 4, seat 0 to build with $20 and nothing built; the cities hold only ``cubes``."""
    return position(
        map="iceland",
        n=4,
        track=track,
        to_move=0,
        turn=4,
        players={0: {"cash": 20, "engine": engine}},
        cubes={city: cubes.get(city, []) for city in CITIES},
    )


def test_it_builds_to_a_port_whose_boats_carry_its_goods_to_a_city_that_takes_them():
    # purple goods wait at Egilsstaðir (K22), next to the port Seyðisfjörður (L23); Selfoss (purple) is joined
    # to the port Þorlákshöfn: one town tile on L23 opens K22 → L23 → boat → Y6 → X7, 4 engine levels, +3 to it
    game = iceland([SELFOSS_PORT], {"K22": ["purple", "purple"], "X7": ["blue"]}, engine=3)
    hint = bot("steady").hint(game, random.Random(0))
    assert isinstance(hint.action, Build) and hint.action.hex == "L23", hint.reason
    assert hint.reason.startswith("completes Egilsstaðir–Seyðisfjörður")


def test_a_port_counts_only_for_the_boat_deliveries_an_engine_a_level_bigger_can_make():
    def ends(engine: int) -> set[tuple[str, str]]:
        g = iceland([SELFOSS_PORT], {"K22": ["purple", "purple"]}, engine=engine).state
        return {(g.label(p.start), g.label(p.end)) for p in link_plans(g, 0)}

    assert ("K22", "L23") in ends(3)
    assert ("K22", "L23") not in ends(2)  # K22 → L23 → boat → Y6 → X7 needs 4 levels: beyond an engine of 3


def test_a_boat_link_counts_two_for_the_mover_in_what_a_delivery_is_worth():
    # seat 0's own town tile on Seyðisfjörður, joined to Egilsstaðir; seat 1's joins Selfoss to Þorlákshöfn
    game = iceland([SELFOSS_PORT, ("L23", "town_1", 5, 0)], {"K22": ["purple"]}, engine=4)
    g = game.state
    (route,) = [r for r in all_routes(g, 0) if g.label(r.stops[-1]) == "X7"]
    assert [lk.id.startswith("boat:") for lk in route.links] == [False, True, False]
    assert own_gain(g, 0, route.links) == 1 + 2  # its own link, and the boat's +2; Selfoss's link is seat 1's
    assert g.rules.delivery_income(g, 0, route) == {0: 3, 1: 1}


def test_deep_in_shares_it_raises_its_engine_for_the_boats_when_their_income_covers_the_level():
    # seat 0 owns Egilsstaðir–Seyðisfjörður, engine 3: its purple cube needs 4 levels to reach Selfoss by boat
    # (+3 to it); its income (8) and cash do not cover the expenses (10 shares, engine 3) without that delivery
    game = position(
        map="iceland",
        n=4,
        track=[SELFOSS_PORT, ("L23", "town_1", 5, 0)],
        to_move=0,
        turn=5,
        phase="move_goods",
        players={0: {"cash": 3, "income": 8, "engine": 3, "shares": 10}},
        cubes={city: ["purple"] if city == "K22" else [] for city in CITIES},
    )
    hint = bot("steady").hint(game, random.Random(0))
    assert hint.action == UpgradeEngine(0), hint.reason
