"""Saint Petersburg: one scenario test per rule sentence of the rulebook (001, "Saint Petersburg"), then the
README's rulings. Setup sentences (4/1 goods, winter start, one round fewer) are in test_saint_petersburg.py.

Places used: Moskovsky Station M8 (N: K8 river, then Finlyandsky Station I8; S: O8 urban; NW: Hermitage L7,
an urban town); Kupchino U8 (N: S8 suburban); Kirovsky Zavod R5 (SE: S6 green; SW: Q4 sea); Pulkovo Airport
W4 (N: Dachnoye U4, a suburban town).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.bots import RandomBot
from ageofsteam.maps.saint_petersburg.state import state
from tests.conftest import act, refused
from tests.rules.build_helpers import build, builds_left, cash, position, refused_build, tracks_at

MAP = "saint-petersburg"
SUMMER = {"season": "summer", "blocked_action": "urbanization"}
WINTER = {"season": "winter", "blocked_action": "locomotive"}


def sp(*, season: dict[str, str] | None = None, options: dict[str, Any] | None = None, **kw: Any) -> Game:
    """A Saint Petersburg position (Build Track, seat 0 first unless told) in ``season`` (winter by default)."""
    extra: dict[str, Any] = {"map": MAP, "extra": season or WINTER}
    if options:
        extra["options"] = options
    return position(**kw, **extra)


# --- Setup and overview ---------------------------------------------------------------------------


def test_place_the_season_disc_on_winter_the_game_begins_in_winter():
    g = Game.new(MAP, players=3, seed=5).state
    assert state(g).season == "winter"


def test_during_winter_the_locomotive_action_cannot_be_used():
    game = sp(phase="select_actions", to_move=0)
    assert "locomotive" not in {a.action for a in game.legal_actions()}  # type: ignore[attr-defined]
    refused(game, "select_action", ("Locomotive", "action block disc", "winter"), action="locomotive")
    act(game, "select_action", action="urbanization")
    assert view(game)["players"][0]["action"] == "urbanization"


def test_the_table_shows_the_action_under_the_block_disc_greyed_with_the_reason():
    from ageofsteam.server.decisions import decisions

    game = sp(phase="select_actions", to_move=0)
    blocked = decisions(game, len(game.record.actions))["blocked_actions"]
    assert blocked == [
        {
            "action": "locomotive",
            "title": "Locomotive",
            "reason": "Locomotive is under the action block disc in winter and cannot be selected",
        }
    ]


def test_during_summer_the_urbanization_action_cannot_be_used():
    game = sp(phase="select_actions", to_move=0, season=SUMMER)
    assert "urbanization" not in {a.action for a in game.legal_actions()}  # type: ignore[attr-defined]
    refused(game, "select_action", ("Urbanization", "action block disc", "summer"), action="urbanization")
    engine = view(game)["players"][0]["engine"]
    act(game, "select_action", action="locomotive")
    assert view(game)["players"][0]["engine"] == engine + 1


def test_actions_below_the_action_block_disc_cannot_be_selected_even_as_the_last_one_left():
    """With 3 players every other action is taken by the time the block disc would leave a single choice;
    the blocked action is never forced on a player."""
    game = sp(phase="select_actions", to_move=0)
    for _ in range(3):
        options = {a.action for a in game.legal_actions()}  # type: ignore[attr-defined]
        assert "locomotive" not in options
        act(game, "select_action", action=sorted(options)[0])
    assert all(p["action"] != "locomotive" for p in view(game)["players"])


# --- Track laying costs ---------------------------------------------------------------------------


@pytest.mark.parametrize("season", [WINTER, SUMMER], ids=["winter", "summer"])
def test_laying_track_on_a_suburban_hex_is_free(season):
    game = sp(season=season)
    before = cash(game, 0)
    build(game, "S8", "straight", 0)  # Kupchino (S) → N
    assert cash(game, 0) == before
    assert tracks_at(game, "S8") == {"N-S": 0}


def test_laying_track_on_one_urban_hex_costs_2():
    game = sp()
    before = cash(game, 0)
    build(game, "O8", "straight", 0)  # Moskovsky Station (N) → S
    assert cash(game, 0) == before - 2


def test_laying_track_on_one_green_hex_costs_3():
    game = sp()
    before = cash(game, 0)
    build(game, "S6", "straight", 2)  # Kirovsky Zavod (NW) → SE
    assert cash(game, 0) == before - 3


def test_during_winter_track_cannot_be_laid_on_river_hexes():
    game = sp(players={0: {"action": "first_build"}})
    refused_build(game, "K8", "straight", 0, ("river", "winter", "Engineer"))
    assert not any(a.hex == "K8" for a in game.legal_actions() if a.kind == "build")  # type: ignore[attr-defined]


def test_during_summer_laying_track_on_one_river_hex_costs_4():
    game = sp(season=SUMMER)
    before = cash(game, 0)
    build(game, "K8", "straight", 0)  # Moskovsky Station (S) → Finlyandsky Station (N): a link
    assert cash(game, 0) == before - 4
    assert len(view(game)["links"]) == 1


@pytest.mark.parametrize("season", [WINTER, SUMMER], ids=["winter", "summer"])
def test_track_can_never_be_laid_on_sea_hexes(season):
    game = sp(season=season, players={0: {"action": "engineer"}})
    refused_build(game, "L3", "straight", 1, ("sea", "L3"))  # Sea Port's SW neighbour
    refused_build(game, "Q4", "straight", 2, ("sea", "Q4"))  # Kirovsky Zavod's SW neighbour
    assert not any(a.hex in ("L3", "Q4") for a in game.legal_actions() if a.kind == "build")  # type: ignore[attr-defined]


# --- Action: Engineer ------------------------------------------------------------------------------


def test_engineer_in_summer_increases_the_number_of_track_laid_by_1():
    assert builds_left(sp(season=SUMMER, players={0: {"action": "engineer"}})) == 4
    assert builds_left(sp(season=SUMMER, players={0: {"action": "first_build"}})) == 3


def test_engineer_in_winter_lays_track_on_river_hexes_at_5_per_hex():
    game = sp(players={0: {"action": "engineer"}})
    assert builds_left(game) == 3  # the winter face replaces the extra build (ruling 5)
    before = cash(game, 0)
    build(game, "K8", "straight", 0)
    assert cash(game, 0) == before - 5
    assert tracks_at(game, "K8") == {"N-S": 0}


# --- Advancing the round marker ---------------------------------------------------------------------


def test_advancing_the_round_marker_moves_the_season_disc_to_the_opposite_season():
    game = sp(phase="goods_growth")  # the dice fall by chance, then the turn marker advances
    assert game.state.turn == 2
    assert state(game.state).season == "summer"
    game = sp(phase="goods_growth", season=SUMMER)
    assert state(game.state).season == "winter"


def test_advancing_the_round_marker_moves_the_action_block_disc():
    game = sp(phase="goods_growth")
    assert state(game.state).blocked_action == "urbanization"
    advance_turn_to_next(game)
    assert game.state.turn == 3
    assert game.state.map_state.to_json() == WINTER


def advance_turn_to_next(game: Game) -> None:
    """Play a whole turn with the plainest choices."""
    turn = game.state.turn
    while game.state.turn == turn and not game.over:
        g = game.state
        legal = game.legal_actions()
        kinds = {a.kind: a for a in legal}
        if g.phase == "issue_shares":
            game.apply(next(a for a in legal if a.count == 0))  # type: ignore[attr-defined]
        else:
            game.apply(kinds.get("drop_out") or kinds.get("end_build") or kinds.get("skip_move") or legal[0])


def test_seasons_alternate_through_a_whole_game_starting_in_winter():
    game = Game.new(MAP, players=3, seed=0)
    bot, rng = RandomBot(), random.Random(0)
    seen = {}
    while not game.over:
        seen.setdefault(game.state.turn, (state(game.state).season, state(game.state).blocked_action))
        game.apply(bot.choose(game, rng))
    assert len(seen) == 9  # one round fewer than the base game's 10
    for turn, (season, blocked) in seen.items():
        assert season == ("winter" if turn % 2 else "summer")
        assert blocked == ("locomotive" if season == "winter" else "urbanization")


@pytest.mark.parametrize(("season", "words"), [(WINTER, "winter"), (SUMMER, "summer")], ids=["winter", "summer"])
def test_the_picture_shows_the_season_and_the_action_block_disc(season, words):
    from ageofsteam.render import render_svg

    svg = render_svg(sp(season=season).state)
    blocked = "Locomotive" if words == "winter" else "Urbanization"
    assert f"Season: {words}" in svg and f"Block disc: {blocked} cannot be selected" in svg


# --- Rulings (README) --------------------------------------------------------------------------------


def test_ruling_the_build_does_not_end_for_want_of_cash_as_suburban_track_is_free():
    game = sp(players={0: {"cash": 0}})
    assert view(game)["build"]["player"] == 0
    build(game, "S8", "straight", 0)
    assert cash(game, 0) == 0 and builds_left(game) == 2
    refused_build(game, "O8", "straight", 0, ("costs $2", "you have $0"))


def test_ruling_complex_tiles_pay_the_hex_class_plus_the_usual_surcharge():
    feed = [("L9", "sharp", 4, 0)]  # Moskovsky Station (SW) → NW: own track at K8's SE side
    game = sp(season=SUMMER, track=feed)
    before = cash(game, 0)
    build(game, "K8", "x", 2)  # N–S (Finlyandsky–Moskovsky) + SE–NW: river $4 + crossing $2
    assert cash(game, 0) == before - 6
    game = sp(season=SUMMER, track=feed)
    before = cash(game, 0)
    build(game, "K8", "straight_sharp", 2)  # N–NE + SE–NW: river $4 + coexisting $1
    assert cash(game, 0) == before - 5


def test_ruling_winter_forbids_upgrades_and_redirections_on_river_hexes_too_but_not_for_the_engineer():
    track = [("K8", "sharp", 3, 0)]  # Moskovsky Station (S) → SW: an unfinished section ending on the river
    game = sp(track=track, players={0: {"action": "first_build"}})
    refused_build(game, "K8", "gentle", 1, ("river", "winter"))
    game = sp(track=track, players={0: {"action": "engineer"}})
    before = cash(game, 0)
    build(game, "K8", "gentle", 1)  # redirection: the base $2
    assert cash(game, 0) == before - 2


def test_ruling_towns_ignore_the_hex_class_by_default():
    game = sp()
    before = cash(game, 0)
    build(game, "L7", "town_1", 2)  # Hermitage, an urban town: $1 + $1 a track
    assert cash(game, 0) == before - 2
    game = sp(options={"towns_pay_hex_class": True})
    before = cash(game, 0)
    build(game, "L7", "town_1", 2)  # urban $2 + $1 a track
    assert cash(game, 0) == before - 3


def test_ruling_option_towns_pay_hex_class_makes_a_suburban_town_cheaper():
    game = sp(options={"towns_pay_hex_class": True})
    before = cash(game, 0)
    build(game, "U4", "town_1", 3)  # Dachnoye, suburban: $0 + $1 a track; its spoke faces Pulkovo Airport (S)
    assert cash(game, 0) == before - 1


def test_ruling_options_set_the_engineers_builds_in_each_season():
    opts = {"engineer_summer_builds": 5, "engineer_winter_builds": 4}
    assert builds_left(sp(season=SUMMER, options=opts, players={0: {"action": "engineer"}})) == 5
    assert builds_left(sp(options=opts, players={0: {"action": "engineer"}})) == 4


def test_ruling_the_block_disc_on_locomotive_does_not_stop_the_engine_upgrade_during_move_goods_in_winter():
    """Ruling 10: "during winter the locomotive action cannot be used" blocks the Locomotive action (Phase III),
    not the base game's engine upgrade instead of a delivery (Phase V)."""
    game = sp(phase="move_goods", to_move=0, players={0: {"engine": 2}})
    assert (state(game.state).season, state(game.state).blocked_action) == ("winter", "locomotive")
    assert "upgrade_engine" in {a.kind for a in game.legal_actions()}
    act(game, "upgrade_engine")
    assert view(game)["players"][0]["engine"] == 3
