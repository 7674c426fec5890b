"""Miami's judgement for the bots: people next to where the next flood may go are in danger, and the steady
bot evacuates them first; people the water has cut off count more, so it floods where no one is shut in; the
districts of Miami East may become New Cities for the people there."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ageofsteam import Game
from ageofsteam.bots import StrongBot, bot
from ageofsteam.bots.candidates import candidates
from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.plans import link_plans
from ageofsteam.bots.steady import position_value
from ageofsteam.bots.strong import SOLO_HORIZON
from ageofsteam.engine.actions import Action, Build, Deliver, Urbanize
from ageofsteam.engine.playout import advance
from ageofsteam.maps.miami.bots import (
    HOPELESS,
    RESCUE,
    SPARE,
    SPARE_POINTS,
    WON,
    cut_off,
    move_slots,
    ready,
    rescue,
    urbanized,
)
from ageofsteam.maps.miami.state import Result, state
from tests.rules.build_helpers import position

MAP = "miami-2030"


def in_danger(game: Game) -> set[str]:
    g = game.state
    sites = set(g.rules.flood_sites(g))  # type: ignore[attr-defined]
    return {
        label
        for label, people in state(g).people.items()
        if sum(people.values()) and any(n in sites for n in g.map.neighbours[g.map.by_label[label]])
    }


def test_people_next_to_the_next_flood_count_against_the_position():
    g = Game.new(MAP, players=1, seed=1).state
    danger = sum(sum(state(g).people[lab].values()) for lab in in_danger(Game.new(MAP, players=1, seed=1)))
    assert danger > 0
    assert not cut_off(g, 0)
    solvency = 0.3 * (g.players[0].income - g.rules.expenses(g, 0))
    assert judgement(g).value(g, 0) == solvency - 1.5 * danger


def test_people_the_water_has_cut_off_count_against_the_position_more():
    game = Game.new(MAP, players=1, seed=1)
    g = game.state
    # Biscayne Campus (B6) leads out only by A5 (flooded at setup) and the beach D6
    state(g).markers["D6"] = ["flood"]
    g.board_changed()
    people = sum(state(g).people["B6"].values())
    assert cut_off(g, 0) == {g.map.by_label["B6"]: people}
    danger = sum(sum(state(g).people[lab].values()) for lab in in_danger(game))
    solvency = 0.3 * (g.players[0].income - g.rules.expenses(g, 0))
    assert judgement(g).value(g, 0) == solvency - 1.5 * danger - 3.0 * people


def test_a_district_of_miami_east_may_take_the_colour_of_a_new_city_left_for_the_bots():
    g = Game.new(MAP, players=1, seed=1).state
    east, west = g.map.by_label["H6"], g.map.by_label["J2"]
    colours = {g.rules.NEW_CITIES[letter][0] for letter in g.new_cities_left}
    assert colours
    for colour in colours:
        assert judgement(g).accepts(g, east, colour)
        assert not judgement(g).accepts(g, west, colour)  # the West's people go to the exits
    assert not judgement(g).accepts(g, east, "black")  # no black New City on this map


def steady_decisions(seeds: range, last_turn: int) -> Iterator[tuple[Game, Action]]:
    """The steady bot's decisions in seeded games through ``last_turn``: (the game before it, the choice)."""
    steady = bot("steady")
    for seed in seeds:
        game = Game.new(MAP, players=1, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= last_turn:
            choice = steady.choose(game, rng)
            yield game, choice
            game.apply(choice)


def test_the_steady_bot_floods_where_no_one_is_shut_in_when_it_can():
    judged = 0
    for game, choice in steady_decisions(range(4), 5):
        g = game.state
        if g.phase != "flooding":
            continue
        shut = sum(cut_off(g, 0).values())
        harmless = []
        for a in game.legal_actions():
            trial = g.copy()
            advance(trial, a, random.Random(0))
            if sum(cut_off(trial, 0).values()) <= shut:
                harmless.append(a)
        if harmless:
            judged += 1
            assert choice in harmless, (choice, harmless)
    assert judged >= 8


def test_the_steady_bot_evacuates_people_in_danger_first():
    chosen = 0
    for game, choice in steady_decisions(range(6), 6):
        if game.state.phase != "move_goods":
            continue
        danger = in_danger(game)
        rescuing = [a for a in game.legal_actions() if isinstance(a, Deliver) and a.city in danger]
        if rescuing and isinstance(choice, Deliver):
            chosen += 1
            assert choice.city in danger, (choice, danger)
    assert chosen >= 3


def test_engineer_is_wanted_while_people_wait_on_districts_no_track_joins():
    g = Game.new(MAP, players=1, seed=1).state
    g.players[0].cash = 10
    assert judgement(g).action_value(g, 0, "engineer") == 5.0
    g.players[0].cash = 7  # a fourth tile needs the cash for it
    assert judgement(g).action_value(g, 0, "engineer") is None
    g.players[0].cash = 10
    for people in state(g).people.values():
        people.clear()  # no one waits: the base game's judgement
    assert judgement(g).action_value(g, 0, "engineer") is None


def hard_game(seed: int = 1) -> Game:
    return Game.new(MAP, players=1, seed=seed, options={"difficulty": "hard"})


def test_a_won_game_counts_more_than_a_lost_one_with_a_better_income():
    game = hard_game()
    g = game.state
    lost, won = g.copy(), g.copy()
    for trial, ok in ((lost, False), (won, True)):
        trial.over = True
        state(trial).result = Result(ok, 10, 19 if ok else 18, 0 if ok else 1, "")
    won.players[0].income, lost.players[0].income = 0, 30  # the money does not count once the game is over
    won.players[0].shares = 30
    assert judgement(g).value(won, 0) == WON
    assert judgement(g).value(lost, 0) == 0.0
    assert position_value(won, 0) > position_value(lost, 0) + 1


def test_of_two_bankruptcies_the_one_with_more_people_out_is_the_better():
    g = hard_game().state
    early, late = g.copy(), g.copy()
    for trial, out in ((early, 3), (late, 12)):
        trial.players[0].eliminated = True
        trial.over = True
        state(trial).evacuated = {"red": out}
    assert position_value(late, 0) > position_value(early, 0)


def test_more_people_than_the_move_rounds_left_can_carry_count_as_a_lost_game():
    g = hard_game().state
    assert move_slots(g) == 20 and g.rules.people_left(g) == 19  # type: ignore[attr-defined]
    before = judgement(g).value(g, 0)
    late = g.copy()
    late.turn = 2  # one round gone without a delivery: 18 move rounds for 19 people
    assert move_slots(late) == 18
    # two slots gone without an evacuation (one spare left, then one short), and the game is lost
    assert judgement(g).value(late, 0) == before - 2 * SPARE_POINTS - HOPELESS - 1


def test_every_move_slot_spent_without_an_evacuation_counts_while_few_are_to_spare():
    medium = Game.new(MAP, players=1, seed=1, options={"difficulty": "medium"}).state
    assert move_slots(medium) - medium.rules.people_left(medium) == 3 < SPARE  # type: ignore[attr-defined]
    later = medium.copy()
    later.turn = 2  # a round gone without an evacuation: one spare slot left
    assert judgement(medium).value(later, 0) == judgement(medium).value(medium, 0) - 2 * SPARE_POINTS
    easy = Game.new(MAP, players=1, seed=1).state  # 15 people in 20 slots: one of the five spare ones counts
    later = easy.copy()
    later.turn = 2
    assert SPARE == 4
    assert judgement(easy).value(later, 0) == judgement(easy).value(easy, 0) - SPARE_POINTS


def east_line(people: dict[str, dict[str, int]], engine: int = 2) -> Game:
    """Track of seat 0 down Miami East, Normandy Shores Golf Course (H6) to Cape Florida Park (T6), with
    ``people`` on the districts and an ``engine``, before the action is chosen."""
    return position(
        map=MAP,
        n=1,
        phase="select_actions",
        track=[("J6", "straight", 0, 0), ("N6", "straight", 0, 0), ("R6", "straight", 0, 0)],
        players={0: {"engine": engine}},
        extra={"people": people},
    )


RED_DOWN_THE_LINE = {"T6": {"red": 1}, "P6": {"red": 1}, "B2": {"yellow": 1}}


def test_the_new_city_goes_where_the_most_people_can_leave_at_once():
    """A red New City on Convention Center (L6) takes both red people down the line (T6 over two links); on
    Miami Seaquarium its own person would be stranded on it, on Normandy Shores T6 is three links away."""
    game = east_line(RED_DOWN_THE_LINE)
    g = game.state
    assert ready(g, 0) == 0
    site = judgement(g).new_city(g, 0)
    assert site is not None
    assert (site[1].hex, site[1].city) == ("L6", "A") and site[0] == 2
    assert ready(urbanized(g, g.map.by_label["L6"], "A"), 0) == 2
    assert ready(urbanized(g, g.map.by_label["P6"], "A"), 0) == 1  # T6's; P6's own is on a city of its colour


def test_the_steady_bot_places_that_new_city():
    game = east_line(RED_DOWN_THE_LINE)
    steady = bot("steady")
    rng = random.Random(0)
    assert steady.choose(game, rng).action == "urbanization"  # type: ignore[attr-defined]
    game.apply(steady.choose(game, rng))
    urbanize = steady.choose(game, rng)
    assert (urbanize.hex, urbanize.city) == ("L6", "A")  # type: ignore[attr-defined]
    game.apply(urbanize)
    assert ready(game.state, 0) == 2  # the copy the bots judge by is what Urbanization does


def test_no_new_city_is_offered_where_it_lets_no_one_more_leave():
    g = east_line({"T6": {"red": 1}, "B2": {"yellow": 1}}, engine=1).state
    assert judgement(g).new_city(g, 0) == (1, Urbanize(0, "P6", "A"))  # the one district next to it
    g = east_line({"B2": {"yellow": 1}}).state  # no track of the player's leads to a district
    assert judgement(g).new_city(g, 0) is None


def test_the_move_rounds_left_count_down_through_move_goods():
    game = hard_game()
    steady = bot("steady")
    rng = random.Random(0)
    seen = {}
    while game.state.turn == 1:
        g = game.state
        seen.setdefault((g.phase, g.move_round), move_slots(g))
        game.apply(steady.choose(game, rng))
    assert seen[("build_track", 0)] == 20
    assert seen[("move_goods", 1)] == 20
    assert seen[("move_goods", 2)] == 19
    assert seen[("flooding", 2)] == 18


def test_the_strong_bot_plays_out_each_move_once_when_nothing_is_left_to_chance():
    """Miami's playouts draw no chance (no goods growth, the player floods), so a second playout of a move would
    end as the first: the strong bot weighs more moves instead."""
    game = hard_game()
    steady = bot("steady")
    while game.state.phase != "select_actions":
        game.apply(steady.choose(game, random.Random(0)))
    strong = StrongBot(work=12 * SOLO_HORIZON)  # a playout on a solo map counts each turn it plays
    played: list[Action] = []
    weigh = strong._playout

    def counted(g, seat, first, rng, deadline):  # type: ignore[no-untyped-def]
        played.append(first)
        return weigh(g, seat, first, rng, deadline)

    strong._playout = counted  # type: ignore[method-assign]
    strong.choose(game, random.Random(3))
    legal = game.legal_actions()
    assert len(legal) == 5
    assert sorted(a.action for a in played) == sorted(a.action for a in legal)  # type: ignore[attr-defined]


def flooded(game: Game, *labels: str) -> Game:
    """``game`` with flood cubes on ``labels`` too."""
    g = game.state
    for label in labels:
        state(g).markers[label] = ["flood"]
    g.board_changed()
    return game


CAMPUS = {"B6": {"red": 2}}  # Biscayne Campus leads out by A5 (flooded) and the beach D6


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_a_section_of_ones_own_that_ends_in_the_water_is_no_way_out():
    track = [("D6", "straight", 0, 0)]  # from Biscayne Campus towards F6
    g = position(map=MAP, n=1, phase="select_actions", track=track, extra={"people": CAMPUS}).state
    assert cut_off(g, 0) == {}  # F6 is dry: the section may still reach Normandy Shores
    g = flooded(position(map=MAP, n=1, phase="select_actions", track=track, extra={"people": CAMPUS}), "F6").state
    assert cut_off(g, 0) == {g.map.by_label["B6"]: 2}


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_link_plans_keep_off_flooded_hexes_without_coast_guard():
    game = flooded(position(map=MAP, n=1, phase="build_track", extra={"people": CAMPUS}), "D6")
    g = game.state
    d6 = g.map.by_label["D6"]
    g.players[0].action = "engineer"
    assert all(d6 not in p.path for p in link_plans(g, 0, limit=50, idle=True))
    g.players[0].action = "coast_guard"
    assert any(d6 in p.path for p in link_plans(g, 0, limit=50, idle=True))


def campus_cut_off(cash: int) -> Game:
    game = flooded(position(map=MAP, n=1, phase="select_actions", extra={"people": CAMPUS}), "D6", "F6")
    game.state.players[0].cash = cash
    return game


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_coast_guard_comes_first_when_it_reaches_people_the_water_has_cut_off():
    game = campus_cut_off(cash=12)  # D6 and F6 at $4 each join Biscayne Campus to Normandy Shores
    g = game.state
    assert rescue(g, 0) == 2
    assert judgement(g).action_value(g, 0, "coast_guard") == RESCUE + 2
    assert judgement(g).action_value(g, 0, "engineer") is None  # the Engineer builds on no flooded hex
    steady, rng = bot("steady"), random.Random(0)
    choice = steady.choose(game, rng)
    assert choice.action == "coast_guard"  # type: ignore[attr-defined]
    game.apply(choice)
    build = steady.choose(game, rng)
    assert isinstance(build, Build) and build.hex in ("D6", "F6"), build


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_no_coast_guard_for_people_it_cannot_reach_this_turn():
    g = campus_cut_off(cash=7).state  # two flooded hexes cost $8
    assert rescue(g, 0) == 0
    assert judgement(g).action_value(g, 0, "coast_guard") == 0.5


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_the_first_build_lets_people_leave_this_turn():
    """With no way out yet for anyone, the link from Allapattah (J2) to the Amtrak station (G1, red) comes before
    the East's links, which carry no one until a New City stands there."""
    people = {"J2": {"red": 2}, "H6": {"purple": 2}, "L6": {"yellow": 2}, "P6": {"red": 1}}
    game = position(map=MAP, n=1, phase="build_track", players={0: {"cash": 20, "action": "engineer"}})
    state(game.state).people.update(people)
    game.state.board_changed()
    g = game.state
    plans = link_plans(g, 0)
    first = judgement(g).first_plan(g, 0, plans)
    assert first is not None and {g.label(first.start), g.label(first.end)} == {"J2", "G1"}
    steady = bot("steady")
    rng = random.Random(0)
    while isinstance(choice := steady.choose(game, rng), Build):
        game.apply(choice)
        if ready(game.state, 0):
            break
    assert ready(game.state, 0) == 2


@pytest.mark.state_edited  # flood cubes or people placed on the scenario
def test_no_plan_goes_first_once_the_turns_move_rounds_can_be_filled():
    game = position(
        map=MAP, n=1, phase="build_track", track=[("H2", "gentle", 3, 0)], players={0: {"action": "engineer"}}
    )
    state(game.state).people.update({"J2": {"red": 2}, "N2": {"red": 1}})
    game.state.board_changed()
    g = game.state
    assert ready(g, 0) == 2
    assert judgement(g).first_plan(g, 0, link_plans(g, 0)) is None


def test_a_searching_bot_weighs_only_new_cities_once_urbanization_is_taken_for_one():
    """A build first would forgo the New City the action was taken for: the strong and hard bots weigh the
    other sites instead."""
    game = east_line(RED_DOWN_THE_LINE)
    steady, rng = bot("steady"), random.Random(0)
    game.apply(steady.choose(game, rng))  # Urbanization
    first = steady.choose(game, rng)
    assert isinstance(first, Urbanize)
    options = candidates(game.state, first, random.Random(0))
    assert options[0] == first and len(options) > 1
    assert all(isinstance(a, Urbanize) for a in options)
    assert any(isinstance(a, Build) for a in game.legal_actions())  # builds were legal: left out on purpose
