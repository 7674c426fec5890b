"""Detroit for the bots: the steady bot builds a bridge or a city link only for the deliveries it opens, weighed
with its other link plans (never the first one it can afford); a position is judged by the turn its money runs
out; in the solo game the bots follow the map's plan over several turns (``maps/detroit/plan.py``): shares
issued for track that brings cubes to its cities, and the moves that make the money last longest."""

from __future__ import annotations

import itertools
import random

import pytest

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.steady import PLAN_WORK, SteadyBot
from ageofsteam.engine.actions import Build, Deliver, IssueShares
from ageofsteam.maps.detroit.plan import (
    SHARES_PER_LINK,
    Extension,
    _extension,
    _Routes,
    _wider,
    own_graph,
    project,
    solo_plan,
    with_links,
)
from ageofsteam.rules.special_links import BuildLink, legal_link_builds, special_link
from tests.rules.build_helpers import position

MAP = "detroit-bankruptcy"


def test_the_steady_bot_builds_a_special_link_only_for_the_deliveries_it_opens():
    """With players the bots follow the map's plan (``Judgement.plan``), which may lay a special link as the
    first of a line of links (a bridge to Windsor before the link beyond Downtown that its cubes take): every
    special link it builds in the first five turns carries its builder's deliveries within three turns of its
    building, and most of those it could build it leaves (the bot as played, whose plan's budget is a count of
    projections: reproducible)."""
    steady = SteadyBot()
    offered = 0
    built: list[tuple[int, int, str, int]] = []
    carried: dict[tuple[int, int, str], list[int]] = {}
    for seed in range(4):
        game = Game.new(MAP, players=4, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 8:
            g = game.state
            seat = g.to_move
            building = g.turn <= 5
            if building and g.build is not None and g.build.player == seat and legal_link_builds(g, seat):
                offered += 1
            choice = steady.choose(game, rng)
            if isinstance(choice, BuildLink) and building:
                built.append((seed, seat, choice.link, g.turn))
                assert special_link(g, choice.link) is not None
            if isinstance(choice, Deliver):
                for lk in choice.links:
                    carried.setdefault((seed, seat, lk), []).append(g.turn)
            game.apply(choice)
    assert built
    for seed, seat, link, turn in built:
        assert any(turn <= t <= turn + 3 for t in carried.get((seed, seat, link), [])), (seed, seat, link, turn)
    assert offered > 4 * len(built)


def solo_start(seed: int = 1) -> Game:
    return Game.new(MAP, players=1, seed=seed)


def test_the_bots_judge_a_detroit_position_by_the_turn_its_money_runs_out():
    from ageofsteam.maps.detroit.outlook import bankruptcy_turn

    g = solo_start().state
    me = g.players[0]
    # $0, no income, 5 shares: the turn's expenses (5 + engine 1 + turn 1) cannot be paid
    assert me.cash == 0 and me.income == 0
    assert 0 < bankruptcy_turn(g, 0) < 1
    me.cash = 60
    rich = bankruptcy_turn(g, 0)
    assert rich > 2
    me.income = 10
    assert bankruptcy_turn(g, 0) > rich
    me.shares += 4  # each share costs $1 in every turn to come
    assert bankruptcy_turn(g, 0) < rich + 3


def test_a_share_issued_early_in_detroit_costs_more_than_its_money():
    from ageofsteam.maps.detroit.outlook import bankruptcy_turn

    g = solo_start().state
    me = g.players[0]
    me.cash, me.income = 30, 12
    before = bankruptcy_turn(g, 0)
    me.cash += 5 * 6
    me.shares += 6
    assert bankruptcy_turn(g, 0) < before  # $30 now, $6 more expenses in each of the turns it must last


def test_a_later_bankruptcy_is_worth_more_to_the_bots_than_an_earlier_one():
    from ageofsteam.maps.detroit.state import state

    game = solo_start()
    steady = SteadyBot()
    rng = random.Random(0)
    while not game.over:
        game.apply(steady.choose(game, rng))
    g = game.state
    gone = g.players[0]
    assert gone.eliminated
    later = judgement(g).value(g, 0)
    record = state(g).bankrupt[0]
    state(g).bankrupt[0] = type(record)(record.turn - 1, record.income)
    assert judgement(g).value(g, 0) < later


# Solo, turn 3: Southfield–Dearborn built, no cash, purple cubes at both ends and none of their cities joined
SOUTHFIELD_DEARBORN = [("L8", "straight", 0, 0), ("N8", "straight", 0, 0)]


def solo_position(phase: str = "issue_shares", **given: object) -> Game:
    fields: dict[str, object] = {
        "track": SOUTHFIELD_DEARBORN,
        "players": {0: {"cash": 0, "income": 4, "shares": 11, "engine": 2}},
        "empty_cities": True,
        "cubes": {"P8": ["purple", "purple"], "J8": ["purple"]},
        **given,
    }
    return position(map=MAP, n=1, phase=phase, to_move=0, turn=3, **fields)  # type: ignore[arg-type]


def test_the_solo_plan_issues_shares_for_a_link_that_brings_cubes_to_their_city():
    game = solo_position()
    steady = SteadyBot(plan_work=None)
    rng = random.Random(0)
    choices = []
    while game.state.phase != "move_goods":
        choices.append(steady.choose(game, rng))
        game.apply(choices[-1])
    g = game.state
    midtown = g.map.by_label["M11"]  # purple: the cubes' city
    assert isinstance(choices[0], IssueShares) and choices[0].count >= 1
    assert any(lk.owner == 0 and midtown in (lk.a, lk.b) for lk in g.network.links.values())
    assert sum(isinstance(a, Build) for a in choices) >= 2  # the link's two hexes, at least


def test_the_projection_rewards_a_link_to_the_cubes_city_and_frowns_on_idle_shares():
    g = solo_position().state
    me = g.players[0]
    here = own_graph(g, 0)
    figures = {"cash": 10, "income": me.income, "shares": me.shares, "engine": me.engine}
    alone, _ = project(g, 0, here, **figures)
    joined, _ = project(g, 0, with_links(here, [(g.map.by_label["J8"], g.map.by_label["M11"])]), **figures)
    assert joined > alone
    idle, _ = project(g, 0, here, **{**figures, "cash": 30, "shares": me.shares + 4})
    assert idle < alone + 1  # $20 now against $4 more in expenses every turn


def test_the_projection_goes_on_building_after_the_plan_where_a_link_pays():
    """A plan's network is not frozen once its links are laid: a player goes on building. With the link to the
    purple cubes' city among the links it may build, the projection lasts longer than with the network as it
    stands; a link that carries nothing changes nothing."""
    g = solo_position().state
    me = g.players[0]
    here = own_graph(g, 0)
    by = g.map.by_label
    figures = {"cash": 10, "income": me.income, "shares": me.shares, "engine": me.engine}
    frozen, _ = project(g, 0, here, **figures)
    to_midtown = Extension(((by["J8"], by["M11"]),), 4)
    idle = Extension(((by["A7"], by["A11"]),), 4)  # Pontiac–Utica: no cube at either end
    growing, _ = project(g, 0, here, **figures, extensions=[to_midtown])
    assert growing > frozen
    assert project(g, 0, here, **figures, extensions=[idle])[0] == frozen


def test_the_projection_builds_a_link_only_when_its_shares_pay_for_themselves():
    """The projection's link a turn: the one that adds most to the turn's two best deliveries, never one whose
    track needs more than ``SHARES_PER_LINK`` shares for each link of delivery it adds."""
    g = solo_position().state
    by = g.map.by_label
    routes = _Routes(g, own_graph(g, 0))
    cubes = {h: dict(c) for h, c in g.rules.goods_sources(g).items()}
    to_midtown = ((by["J8"], by["M11"]),)
    idle = Extension(((by["A7"], by["A11"]),), 0)  # Pontiac–Utica, free but carrying nothing: tried first
    cheap = _extension(g, routes, cubes, 2, [idle, Extension(to_midtown, 4)], 0, 10, None)
    assert cheap is not None and cheap[1] == 4
    assert by["M11"] in cheap[0].adj[by["J8"]]
    # it adds 4 links of delivery (Dearborn's two purple cubes over two links each, where none went before)
    assert cheap[0].gains(cubes, 2)[:2] == [(2, by["P8"], "purple")] * 2
    dear = 5 * (4 * SHARES_PER_LINK + 1)  # a share more than those 4 links allow
    assert _extension(g, routes, cubes, 2, [Extension(to_midtown, dear)], 0, 10, None) is None
    assert _extension(g, routes, cubes, 2, [Extension(to_midtown, 4)], 0, 0, None) is None  # no share left


def test_the_solo_plan_moves_a_cube_that_pays_rather_than_passing():
    track = [*SOUTHFIELD_DEARBORN, ("K9", "straight", 2, 0), ("L10", "straight", 2, 0)]  # and Southfield–Midtown
    game = solo_position("move_goods", track=track)
    plan = solo_plan(game.state, 0)
    assert plan is not None and isinstance(plan.move, Deliver)
    assert plan.move.colour == "purple" and len(plan.move.links) == 2  # Dearborn → Southfield → Midtown
    assert SteadyBot(plan_work=None).choose(game, random.Random(0)) == plan.move


def test_the_solo_plan_places_a_black_new_city_where_black_cubes_have_nowhere_to_go():
    game = solo_position(cubes={"P8": ["black", "black"], "J8": ["black", "black"]})
    steady = SteadyBot(plan_work=None)
    rng = random.Random(0)
    while game.state.phase != "move_goods":
        game.apply(steady.choose(game, rng))
    g = game.state
    (site,) = g.new_cities
    assert g.city_colours(site) == ("black",)
    holders = {g.map.by_label["J8"], g.map.by_label["P8"]}  # the black cubes' cities, joined to each other
    assert any(lk.owner == 0 and site in (lk.a, lk.b) and lk.other(site) in holders for lk in g.network.links.values())


def test_a_solo_plan_with_little_work_still_plans_and_is_kept_for_its_position_and_budget():
    from ageofsteam.maps.detroit import plan as detroit_plan

    game = solo_start()
    g = game.state
    assert g.phase == "issue_shares"
    plans = detroit_plan._memory(g).plans
    plans.clear()
    hurried = solo_plan(g, 0, work=1)  # the work is done before it starts
    assert hurried is not None  # the special links and the best one-link programs are weighed all the same
    key = detroit_plan._key(g, 0)
    assert plans[key, 1] is hurried
    assert solo_plan(g, 0, work=1) is hurried  # the same position and budget: the same plan
    whole = solo_plan(g, 0)  # no limit: every program weighed
    assert plans[key, None] is whole and whole is not hurried
    plans.clear()
    assert solo_plan(g, 0, work=1) == hurried  # made again, it is the same plan


def test_a_plan_depends_on_the_position_alone_not_on_the_positions_asked_before():
    """A position's plan is the same in a fresh process (a server's worker that just replayed the game, ``aos
    hint``) as in the game that reached it: the links a plan weighs are kept for the board, and they are the same
    whether the board was first seen in Issue Shares or in the player's own build, where the special links can
    be built this moment."""
    from ageofsteam.maps.detroit import plan as detroit_plan

    game = solo_start(seed=0)
    steady = SteadyBot()
    while not (game.state.build is not None and legal_link_builds(game.state, 0)):
        game.apply(steady.choose(game, random.Random(0)))
    g = game.state
    detroit_plan._MEMORIES.clear()
    fresh = (detroit_plan.candidates(g, 0), solo_plan(g, 0, work=PLAN_WORK))
    detroit_plan._MEMORIES.clear()
    before = g.copy()  # the same board, before the build
    before.build, before.phase = None, "issue_shares"
    solo_plan(before, 0, work=PLAN_WORK)
    assert (detroit_plan.candidates(g, 0), solo_plan(g, 0, work=PLAN_WORK)) == fresh


def test_the_projection_finds_each_colours_longest_route_in_one_walk():
    """The walk for every colour at once agrees with a walk for each colour alone: a cube stops at the first
    city of its colour, no stop twice, at most the engine's links."""
    g = solo_position().state
    at = g.map.by_label
    names = ["J8", "M11", "N12", "Q13", "P8", "S5", "A11", "H14", "J2", "R14"]
    pairs = [(at[a], at[b]) for a, b in itertools.pairwise(names)]
    pairs += [(at["J8"], at["P8"]), (at["M11"], at["A11"]), (at["N12"], at["H14"])]
    adj = with_links(own_graph(g, 0), pairs)

    def alone(start: int, colour: str, engine: int) -> int:
        best = 0

        def walk(stop: int, used: int, seen: frozenset[int]) -> None:
            nonlocal best
            for nxt in adj.get(stop, ()):
                if nxt in seen or used >= engine:
                    continue
                if g.rules.accepts(g, nxt, colour):
                    best = max(best, used + 1)
                else:
                    walk(nxt, used + 1, seen | {nxt})

        walk(start, 0, frozenset({start}))
        return best

    routes = _Routes(g, adj)
    found = set()
    for start in adj:
        for colour in g.rules.BAG:
            for engine in range(1, 6):
                k = routes.longest(start, colour, engine)
                assert k == alone(start, colour, engine), (g.label(start), colour, engine)
                found.add(k)
    assert found >= {0, 1, 2, 3, 4}  # the network has routes of every length up to 4 to check


def test_a_network_with_a_link_more_finds_the_same_routes_as_a_fresh_walk():
    """The projection weighs many links added to one network: the wider network answers from the narrower one
    for the stops too far from the new link to use it, and agrees with a walk of the wider network alone."""
    g = solo_position().state
    at = g.map.by_label
    names = ["J8", "M11", "N12", "Q13", "P8", "S5", "A11", "H14", "J2", "R14"]
    line = [(at[a], at[b]) for a, b in itertools.pairwise(names)]
    narrow = _Routes(g, with_links(own_graph(g, 0), line[:6]))
    cubes = {h: {c: 2 for c in g.rules.BAG} for h in narrow.adj}
    compared = set()
    for added in (line[6:7], line[6:9], [(at["J8"], at["P8"])], [(at["A7"], at["A11"])]):
        for engine in range(1, 7):
            narrow.gains(cubes, engine)  # the narrower network's answers are known first, as in the projection
            wider = _wider(g, narrow, tuple(added), None)
            fresh = _Routes(g, with_links(narrow.adj, added))
            for start in fresh.adj:
                assert wider.reach(start, engine) == fresh.reach(start, engine), (g.label(start), engine)
                compared.add(wider.near.get(start, engine) >= engine)
            assert wider.gains(cubes, engine) == fresh.gains(cubes, engine)
            assert wider.most_links(cubes, engine, 2) == fresh.most_links(cubes, engine, 2)
    assert compared == {True, False}  # stops answered from the narrower network, and stops walked again


def test_with_players_the_steady_bot_races_to_last_and_joins_the_cubes_to_their_city():
    """The multiplayer game is won by the last player not bankrupt, so the steady bot plans its turn as the solo
    plan does (``Judgement.plan``): in the solo scenario's position with three rivals, it issues shares for
    the link that brings the purple cubes to Midtown Detroit and builds it (its rules of thumb built Downtown–
    Midtown, where no cube waits)."""

    rivals = {s: {"cash": 0, "income": 1, "shares": 9, "engine": 1} for s in (1, 2, 3)}
    game = position(
        map=MAP,
        n=4,
        phase="issue_shares",
        to_move=0,
        turn=3,
        track=SOUTHFIELD_DEARBORN,
        players={0: {"cash": 0, "income": 4, "shares": 11, "engine": 2}, **rivals},
        empty_cities=True,
        cubes={"P8": ["purple", "purple"], "J8": ["purple"]},
    )
    g = game.state
    assert judgement(g).plan(g, 0) is not None  # the map's plan, as in the solo game
    steady, other = SteadyBot(plan_work=None), bot("random")  # judged whatever the time: reproducible
    rng = random.Random(0)
    mine = []
    while g.phase != "move_goods":
        if g.to_move == 0:
            mine.append(steady.choose(game, rng))
            game.apply(mine[-1])
        else:
            game.apply(other.choose(game, rng))
    assert isinstance(mine[0], IssueShares) and mine[0].count >= 1
    southfield, midtown = g.map.by_label["J8"], g.map.by_label["M11"]
    assert any(lk.owner == 0 and {lk.a, lk.b} == {southfield, midtown} for lk in g.network.links.values())


def test_solo_the_hard_bot_leaves_the_plan_only_for_a_clear_gain_and_with_players_for_any(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Solo, a playout's gain of a tenth of a turn is mostly its dice: the hard bot leaves the map's plan only
    for a move whose playouts last ``SOLO_CLEAR_GAIN`` longer; with players, where the outcome is already a
    race in turns, it asks no margin. A margin beyond any gap leaves the solo decision to the steady bot."""
    from ageofsteam.bots.hard import HardBot
    from ageofsteam.maps.detroit import bots as detroit_bots

    solo, table = Game.new(MAP, players=1, seed=1), Game.new(MAP, players=3, seed=1)
    j = judgement(solo.state)
    assert j.clear_gain_in(solo.state) == detroit_bots.SOLO_CLEAR_GAIN > 0
    assert j.clear_gain_in(table.state) == 0
    plain = SteadyBot().choose(solo, random.Random(1))
    search = HardBot(work=4, solo_turns=2)  # two lines of two turns
    monkeypatch.setattr(detroit_bots, "SOLO_CLEAR_GAIN", 0.0)
    assert search.choose(solo, random.Random(1)) != plain  # the opening's shares: the search prefers others
    monkeypatch.setattr(detroit_bots, "SOLO_CLEAR_GAIN", 1e9)
    assert search.choose(solo, random.Random(1)) == plain


def test_the_hard_bots_solo_reason_gives_one_forecast_the_evaluators(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan's reason ends on its projection ("the money would last into turn 7", kept apart as
    ``Hint.forecast``); the hard bot, which judges by the evaluator's forecast after its playouts (closer to the
    game's real end in the first turns), gives that one alone. With players, where the rules of thumb judge, the
    plan's forecast is the only one and stays."""
    from ageofsteam.bots.hard import HardBot
    from ageofsteam.maps.detroit import bots as detroit_bots

    monkeypatch.setattr(detroit_bots, "SOLO_CLEAR_GAIN", 1e9)  # the hard bot plays the plan: its reason is kept
    solo = Game.new(MAP, players=1, seed=1)
    plain = SteadyBot().hint(solo, random.Random(1))
    assert plain.forecast.startswith("the money would last into turn ") and plain.reason.endswith(plain.forecast)
    hard = HardBot(work=4, solo_turns=2).hint(solo, random.Random(1))
    assert hard.action == plain.action
    assert plain.grounds and plain.reason == f"{plain.grounds}: {plain.forecast}"
    assert hard.reason.startswith(f"{plain.grounds}. By the end of turn 2:")
    assert "would last into" not in hard.reason and "expected outcome: bankrupt in turn " in hard.reason

    table = Game.new(MAP, players=3, seed=1)
    plain = SteadyBot().hint(table, random.Random(1))
    hard = HardBot(work=4).hint(table, random.Random(1))
    assert plain.forecast and plain.forecast in hard.reason
