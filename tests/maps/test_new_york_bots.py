"""New York Subway's judgement for the bots (``maps/new_york/bots.py``, ``Judgement.build_plan``): the steady bot
builds whole station sets — the excavations and the stations that together open a link — within the cash it
can spare, and games of steady bots earn income.

Geography used: L1 and M2 each touch both Central Park Tower (K2, purple) and Times Square (N1, yellow)."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.bots.candidates import candidates
from ageofsteam.bots.steady import own_build_budget, reserve
from ageofsteam.bots.strong import CANDIDATES
from ageofsteam.engine.actions import EndBuild
from ageofsteam.maps.new_york.bots import COST_WEIGHT, build_options, station_plan, station_plans
from ageofsteam.maps.new_york.state import state
from tests.maps.test_new_york_rules import game_at

MAP = "new-york-subway"


def build_turn(game: Game, seat: int) -> list[str]:
    """Let the steady bot play ``seat``'s build turn to its end; the kinds of the actions it took."""
    steady = bot("steady")
    rng = random.Random(0)
    kinds = []
    while game.state.build is not None and game.state.build.player == seat:
        action = steady.choose(game, rng)
        kinds.append(action.kind)
        game.apply(action)
    return kinds


def own_links(game: Game, seat: int) -> set[tuple[str, str]]:
    g = game.state
    return {tuple(sorted((g.label(lk.a), g.label(lk.b)))) for lk in g.network.links.values() if lk.owner == seat}


def link_position(cash: int, dug: list[str] = ()) -> Game:
    """Seat 1 to build, nothing built; Central Park Tower's top disc is yellow and Times Square's purple, so
    stations at both open two deliveries; every other stack is empty."""
    return game_at(stacks={"K2": ["yellow"], "N1": ["purple"]}, dug=dug, to_move=1, cash=cash)


def test_one_excavation_beside_both_places_serves_both_stations():
    game = link_position(cash=10)
    g = game.state
    assert g.players[1].cash - reserve(g, 1) - 1 == 4  # the cash to spare: one excavation and two stations
    assert build_turn(game, 1) == ["excavate", "build_station", "build_station", "end_build"]
    (dug,) = state(g).excavated
    assert {"K2", "N1"} <= {g.label(n) for n in g.map.neighbours[g.map.by_label[dug]]}
    assert own_links(game, 1) == {("K2", "N1")}
    assert g.players[1].cash == 6


def test_a_hex_another_player_excavated_is_used_and_not_dug_again():
    game = link_position(cash=10, dug=["M2"])
    assert build_turn(game, 1) == ["build_station", "build_station", "end_build"]
    assert list(state(game.state).excavated) == ["M2"]
    assert own_links(game, 1) == {("K2", "N1")}


def test_no_station_is_bought_when_the_cash_to_spare_cannot_open_a_link():
    game = link_position(cash=9)  # $3 to spare: an excavation and one station open nothing
    assert build_turn(game, 1) == ["end_build"]
    assert game.state.players[1].cash == 9
    assert not state(game.state).excavated


def test_from_a_real_start_the_steady_bots_first_build_turn_ends_with_a_link():
    game = Game.new(MAP, players=4, seed=0)
    steady = bot("steady")
    rng = random.Random(0)
    while game.state.build is None:
        game.apply(steady.choose(game, rng))
    g = game.state
    seat = g.build.player
    assert not state(g).excavated and not state(g).stations
    assert g.players[seat].cash - reserve(g, seat) - 1 >= 4  # it can afford a link
    build_turn(game, seat)
    assert own_links(game, seat)
    assert g.players[seat].cash >= reserve(g, seat)


def test_steady_bots_earn_income_in_the_first_turns():
    game = Game.new(MAP, players=4, seed=0)
    bots = [bot("steady") for _ in range(4)]
    rngs = [random.Random(seat) for seat in range(4)]
    while game.state.turn <= 2:
        seat = game.state.to_move
        game.apply(bots[seat].choose(game, rngs[seat]))
    players = game.state.players
    assert not any(p.eliminated for p in players)
    assert max(p.income for p in players) > 0


def test_the_strong_bot_weighs_the_next_builds_of_other_station_sets_not_any_station():
    """A station or an excavation picked at random opens nothing: the strong bot plays out the steady bot's
    build, the next builds of the other best station sets and the end of the build turn
    (``Judgement.build_options``)."""
    game = game_at(stacks={"K2": ["yellow"], "N1": ["purple"], "N3": ["red"], "K4": ["black"]}, to_move=1, cash=20)
    g = game.state
    legal = game.legal_actions()
    assert len(legal) > 30
    first = bot("steady").choose(game, random.Random(0))
    options = candidates(g, first, random.Random(0))
    steps = set(build_options(g, 1, legal, own_build_budget(g, 1), 100))  # every set's next build
    assert options[0] == first and len(options) == len(set(options))
    assert 3 <= len(options) <= 2 + CANDIDATES
    assert EndBuild(1) in options and set(options) <= steps | {first}
    assert all(a in legal for a in options)


def test_the_best_station_set_is_the_first_of_the_ranked_sets():
    game = game_at(stacks={"K2": ["yellow"], "N1": ["purple"], "N3": ["red"], "K4": ["black"]}, to_move=1, cash=20)
    g = game.state
    plans = station_plans(g, 1, 14, 5)
    assert len(plans) == 5
    assert plans[0] == station_plan(g, 1, 14)
    scores = [p.gain - COST_WEIGHT * p.cost for p in plans]
    assert scores == sorted(scores, reverse=True)
