"""Old Europe's rules of play (rulebook 003): one scenario test per rule sentence, the four transport examples
with exactly their engine levels, and the README's rulings. Setup and board facts are in test_old_europe.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ageofsteam import Game, IllegalAction, Record
from ageofsteam.engine.actions import Deliver
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps.old_europe.state import state
from ageofsteam.rules.scoring import track_points
from tests.conftest import act, refused, scenario
from tests.golden_records import figures, record_path

MAP = "old-europe"


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return str(v)


def game_at(
    phase: str,
    *,
    players: int = 4,
    discs: dict[str, list[int]] | None = None,
    large: dict[str, list[int]] | None = None,
    cubes: dict[str, list[str]] | None = None,
    new_cities: dict[str, str] | None = None,
    engine: int = 1,
    cash: int = 30,
    actions: dict[int, str] | None = None,
    order: list[int] | None = None,
    to_move: int | None = None,
    options: dict[str, Any] | None = None,
    map_id: str = MAP,
) -> Game:
    lines = [f'map = "{map_id}"', f"players = {players}", f'phase = "{phase}"']
    if to_move is not None:
        lines.append(f"to_move = {to_move}")
    if order is not None:
        lines.append(f"order = {toml_value(order)}")
    if cubes is not None:
        lines.append("empty_cities = true")
    lines.append("[options]")
    lines += [f"{k} = {toml_value(v)}" for k, v in (options or {}).items()]
    lines.append("[cubes]")
    lines += [f"{k} = {toml_value(v)}" for k, v in (cubes or {}).items()]
    lines.append("[new_cities]")
    lines += [f"{k} = {toml_value(v)}" for k, v in (new_cities or {}).items()]
    lines.append("[extra.circle_discs]")
    lines += [f'"{k}" = {toml_value(v)}' for k, v in (discs or {}).items()]
    lines.append("[extra.large_circle_discs]")
    lines += [f'"{k}" = {toml_value(v)}' for k, v in (large or {}).items()]
    for seat in range(players):
        lines += ["[[player]]", f"seat = {seat}", f"cash = {cash}", f"engine = {engine}", "income = 0"]
        if actions and seat in actions:
            lines.append(f'action = "{actions[seat]}"')
    return scenario("\n".join(lines))


def disc_targets(game: Game) -> set[str]:
    return {a.circle for a in game.legal_actions() if a.kind == "place_disc"}  # type: ignore[attr-defined]


def deliveries(game: Game) -> set[tuple[str, str, tuple[str, ...]]]:
    return {(a.city, a.colour, a.links) for a in game.legal_actions() if isinstance(a, Deliver)}


# --- Track Building -----------------------------------------------------------------------------------------


def test_a_player_may_place_up_to_3_disks_per_turn_onto_the_small_circles():
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3])
    for c in ("ES-PT", "ES-FR", "DE-FR"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 1  # the build ended by itself after the third disc
    assert state(game.state).circle_discs == {"ES-PT": [0], "ES-FR": [0], "DE-FR": [0]}
    assert game.state.players[0].cash == 30 - 6


def test_the_engineer_places_a_fourth_disc():
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], actions={0: "engineer"})
    for c in ("ES-PT", "ES-FR", "DE-FR"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 0
    act(game, "place_disc", circle="BE-FR")
    assert game.to_move == 1


def test_only_players_who_lost_the_turn_order_auction_may_place_disks_on_the_large_circles():
    game = game_at("build_track", to_move=2, order=[2, 0, 1, 3])
    assert "FR" not in disc_targets(game)
    refused(game, "place_disc", "first place", circle="FR")
    act(game, "end_build")
    assert game.to_move == 0 and "FR" in disc_targets(game)
    act(game, "place_disc", circle="FR")
    assert state(game.state).large_circle_discs == {"FR": [0]}


def test_any_number_of_players_may_place_disks_on_a_large_circle():
    game = game_at("build_track", players=6, to_move=1, order=[0, 1, 2, 3, 4, 5], large={"FR": [2, 3, 4, 5]})
    act(game, "place_disc", circle="FR")
    assert state(game.state).large_circle_discs["FR"] == [2, 3, 4, 5, 1]
    assert check_invariants(game) == []


def test_a_player_has_one_disc_per_large_circle():
    game = game_at("build_track", to_move=1, order=[0, 1, 2, 3], large={"FR": [1]})
    refused(game, "place_disc", "already have a disc on the large circle", circle="FR")


@pytest.mark.parametrize(("players", "capacity"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_the_number_of_players_on_each_small_circle_is_limited_to_p_minus_2(players, capacity):
    others = list(range(1, capacity + 1))
    game = game_at(
        "build_track",
        players=players,
        to_move=0,
        order=list(range(players)),
        discs={"DE-FR": others[:-1], "ES-FR": others},
    )
    assert "DE-FR" in disc_targets(game)
    assert "ES-FR" not in disc_targets(game)
    refused(game, "place_disc", "full", circle="ES-FR")


def test_a_player_has_one_disc_per_small_circle():
    game = game_at("build_track", players=6, to_move=0, order=list(range(6)), discs={"ES-FR": [0]})
    refused(game, "place_disc", "already have a disc on circle ES-FR", circle="ES-FR")


@pytest.mark.parametrize(("there", "cost"), [([], 2), ([1], 3), ([1, 2], 4), ([1, 2, 3], 5)])
def test_the_cost_of_a_small_circle_is_2_plus_x(there, cost):
    game = game_at("build_track", players=6, to_move=0, order=list(range(6)), discs={"ES-FR": there})
    act(game, "place_disc", circle="ES-FR")
    assert game.state.players[0].cash == 30 - cost


@pytest.mark.parametrize(("there", "cost"), [([], 3), ([2], 4), ([2, 3, 4], 6)])
def test_the_cost_of_a_large_circle_is_3_plus_x(there, cost):
    game = game_at("build_track", players=6, to_move=1, order=list(range(6)), large={"PL": there})
    act(game, "place_disc", circle="PL")
    assert game.state.players[1].cash == 30 - cost


def test_a_disc_must_be_paid_for():
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], discs={"ES-FR": [1]}, cash=2)
    refused(game, "place_disc", "costs $3 and you have $2", circle="ES-FR")


def test_a_disc_on_a_large_circle_is_one_of_the_three_placements():
    game = game_at("build_track", to_move=1, order=[0, 1, 2, 3])
    for c in ("FR", "ES-FR", "EN-FR"):
        act(game, "place_disc", circle=c)
    assert game.to_move == 2


def test_unknown_circles_and_countries_without_a_large_circle_are_refused():
    game = game_at("build_track", to_move=1, order=[0, 1, 2, 3])
    refused(game, "place_disc", "no circle 'XX-YY'", circle="XX-YY")
    refused(game, "place_disc", "Spain has no large circle", circle="ES")


# --- Urbanization -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("country", ["CH", "AL", "DK", "BS"])
def test_no_new_city_in_switzerland_albania_denmark_and_the_baltic_states(country):
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], actions={0: "urbanization"})
    assert all(a.hex != country for a in game.legal_actions() if a.kind == "urbanize")  # type: ignore[attr-defined]
    refused(game, "urbanize", "no New City may be placed", hex=country, city="C")


@pytest.mark.parametrize("country", ["DE", "EN", "SC", "SI", "HU", "NO"])
def test_a_new_city_may_be_placed_in_every_other_uncoloured_country(country):
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], actions={0: "urbanization"})
    act(game, "urbanize", hex=country, city="C")
    assert game.state.new_cities == {game.state.map.by_label[country]: "C"}


def test_a_coloured_country_takes_no_new_city():
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], actions={0: "urbanization"})
    refused(game, "urbanize", "must be placed on a town", hex="ES", city="C")


@pytest.mark.parametrize(("island", "mainland"), [("SI", "IT"), ("SC", "EN")])
def test_sicily_and_scotland_are_separate_countries_joined_by_a_small_circle(island, mainland):
    cid = "IT-SI" if island == "SI" else "EN-SC"
    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], discs={"EN-IE": [0]})  # Ireland: a city
    act(game, "place_disc", circle=cid)
    g = game.state
    link = g.network.links[f"{cid}:0"]
    assert {g.label(link.a), g.label(link.b)} == {island, mainland}


# --- Goods Transport: the four examples ---------------------------------------------------------------------

EXAMPLES = {
    # name: (start, colour, circles, large circles of the mover, new cities, engine levels)
    "austria_romania": ("AT", "red", ["AT-HU", "HU-RO"], [], {}, 1),
    "ireland_france": ("IE", "blue", ["EN-IE", "EN-FR"], ["EN"], {}, 2),
    "portugal_ireland": ("PT", "yellow", ["ES-PT", "ES-FR", "EN-FR", "EN-IE"], ["FR", "EN"], {}, 5),
    "france_poland_new_city_germany": ("FR", "blue", ["DE-FR", "DE-PL"], ["DE"], {"DE": "C"}, 3),
}


def example_game(name: str, engine: int) -> tuple[Game, dict[str, Any]]:
    start, colour, circles, large, new_cities, _ = EXAMPLES[name]
    game = game_at(
        "move_goods",
        to_move=0,
        order=[0, 1, 2, 3],
        engine=engine,
        cubes={start: [colour]},
        discs={c: [0] for c in circles},
        large={r: [0] for r in large},
        new_cities=new_cities,
    )
    return game, {"city": start, "colour": colour, "links": [f"{c}:0" for c in circles]}


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_transport_example_needs_exactly_the_stated_locomotive_level(name):
    level = EXAMPLES[name][-1]
    game, fields = example_game(name, level)
    assert (fields["city"], fields["colour"], tuple(fields["links"])) in deliveries(game)
    act(game, "deliver", **fields)
    assert game.state.players[0].income == level  # the translator's note: income rises with each level
    if level > 1:
        low, fields = example_game(name, level - 1)
        assert not deliveries(low)
        refused(low, "deliver", f"uses {level} engine levels", **fields)


def test_example_1_austria_to_romania_is_level_1_as_no_large_circle_is_on_the_route():
    game, fields = example_game("austria_romania", 1)
    act(game, "deliver", **fields)
    assert game.state.players[0].income == 1


def test_passing_through_a_large_circle_or_new_city_country_costs_one_more_level():
    # England (uncoloured, large circle) 1, France (coloured, large circle) 2, Germany (New City, large circle) 2
    g = example_game("portugal_ireland", 5)[0].state
    rules = g.rules
    levels = {r: rules.stop_levels(g, 0, g.map.by_label[r], "yellow", False) for r in ("ES", "FR", "EN", "HU")}
    assert levels == {"ES": 1, "FR": 2, "EN": 1, "HU": 0}
    g4 = example_game("france_poland_new_city_germany", 3)[0].state
    assert g4.rules.stop_levels(g4, 0, g4.map.by_label["DE"], "blue", False) == 2


def test_delivering_to_a_large_circle_country_costs_its_colour_only():
    g = example_game("ireland_france", 2)[0].state
    assert g.rules.stop_levels(g, 0, g.map.by_label["FR"], "blue", True) == 1


def test_with_the_option_delivering_to_a_large_circle_country_costs_one_more():
    game = game_at(
        "move_goods",
        to_move=0,
        order=[0, 1, 2, 3],
        engine=2,
        cubes={"IE": ["blue"]},
        discs={"EN-IE": [0], "EN-FR": [0]},
        large={"EN": [0]},
        options={"destination_extra_level": True},
    )
    assert not deliveries(game)
    refused(game, "deliver", "uses 3 engine levels", city="IE", colour="blue", links=["EN-IE:0", "EN-FR:0"])


def test_when_passing_through_a_country_your_disk_must_be_on_its_large_circle():
    game = game_at(
        "move_goods",
        to_move=0,
        order=[0, 1, 2, 3],
        engine=6,
        cubes={"PT": ["yellow"]},
        discs={c: [0] for c in ("ES-PT", "ES-FR", "EN-FR", "EN-IE")},
        large={"EN": [0], "FR": [1]},
    )
    links = [f"{c}:0" for c in ("ES-PT", "ES-FR", "EN-FR", "EN-IE")]
    assert not deliveries(game)
    refused(
        game,
        "deliver",
        "pass through France you need your disc on its large circle",
        city="PT",
        colour="yellow",
        links=links,
    )


def test_the_coloured_destination_country_does_not_need_your_disk_on_its_large_circle():
    game, fields = example_game("ireland_france", 2)
    assert state(game.state).large_circle_discs == {"EN": [0]}  # none on France
    act(game, "deliver", **fields)


def test_passing_through_germany_costs_1_for_its_large_circle_and_needs_your_disc_on_it():
    # France → Germany (uncoloured, large circle) → Poland (blue): Germany 1, Poland 1
    links = ["DE-FR:0", "DE-PL:0"]
    kw: dict[str, Any] = {"to_move": 0, "order": [0, 1, 2, 3], "cubes": {"FR": ["blue"]}}
    kw["discs"] = {"DE-FR": [0], "DE-PL": [0]}
    game = game_at("move_goods", engine=1, large={"DE": [0]}, **kw)
    assert not deliveries(game)
    game = game_at("move_goods", engine=2, **kw)
    assert not deliveries(game)
    refused(game, "deliver", "Germany you need your disc on its large circle", city="FR", colour="blue", links=links)
    game = game_at("move_goods", engine=2, large={"DE": [0]}, **kw)
    act(game, "deliver", city="FR", colour="blue", links=links)
    assert game.state.players[0].income == 2


def test_a_new_city_country_without_a_large_circle_needs_no_disc_to_pass_through():
    # Austria → Hungary (New City: coloured 1, New City 1) → Romania (red) 1
    game = game_at(
        "move_goods",
        to_move=0,
        order=[0, 1, 2, 3],
        engine=3,
        cubes={"AT": ["red"]},
        discs={"AT-HU": [0], "HU-RO": [0]},
        new_cities={"HU": "C"},
    )
    act(game, "deliver", city="AT", colour="red", links=["AT-HU:0", "HU-RO:0"])
    assert game.state.players[0].income == 3


def test_other_players_disks_may_not_be_used_for_transport():
    game = game_at(
        "move_goods", to_move=0, order=[0, 1, 2, 3], engine=3, cubes={"AT": ["red"]}, discs={"AT-HU": [0], "HU-RO": [1]}
    )
    assert not deliveries(game)
    refused(game, "deliver", "only your own discs", city="AT", colour="red", links=["AT-HU:0", "HU-RO:1"])


def test_a_small_circle_shared_by_two_players_is_a_link_for_each():
    game = game_at(
        "move_goods",
        to_move=1,
        order=[0, 1, 2, 3],
        engine=1,
        cubes={"AT": ["red"]},
        discs={"AT-HU": [0, 1], "HU-RO": [1, 0]},
    )
    assert deliveries(game) == {("AT", "red", ("AT-HU:1", "HU-RO:1"))}


def test_each_disc_in_a_finished_connection_scores_one_point_at_the_end():
    game = game_at(
        "move_goods", to_move=0, order=[0, 1, 2, 3], discs={"AT-HU": [0], "HU-RO": [0, 1]}, large={"FR": [0]}
    )
    g = game.state
    assert g.rules.score(g, 0) - 3 * g.players[0].income + 3 * g.players[0].shares == 2


def test_the_position_renders_with_discs_on_small_and_large_circles():
    from ageofsteam.render import render_svg

    game = game_at("build_track", to_move=0, order=[0, 1, 2, 3], discs={"DE-FR": [0, 1]}, large={"FR": [1, 2, 3]})
    svg = render_svg(game.state)
    assert svg.count('class="disc"') == 5
    assert svg.count('class="large-circle"') == 7


# --- "Unless stated otherwise, the standard Age of Steam rules apply": connection and scoring ------------------

ORDER = [0, 1, 2, 3]


def build(**kw: Any) -> Game:
    return game_at("build_track", to_move=0, order=ORDER, **kw)


def at_version(game: Game, version: int) -> Game:
    """``game`` replayed from its record as played under rules version ``version``."""
    old = Game.from_record(game.record.model_copy(update={"rules_version": version}))
    assert old.state.rules_version == version
    return old


def points(game: Game, seat: int = 0) -> int:
    return track_points(game.state, seat)


def test_new_track_must_connect_to_a_city_so_a_disc_between_two_uncoloured_countries_is_refused():
    # Denmark and Norway: uncoloured, and the player has no disc
    game = build()
    assert "DK-NO" not in disc_targets(game)
    refused(game, "place_disc", ("DK-NO", "must connect to a city or to your own discs"), circle="DK-NO")
    assert "DE-FR" in disc_targets(game)  # France: a coloured country


def test_new_track_may_connect_to_the_builders_own_track_a_disc_on_a_country_your_disc_touches():
    game = build(discs={"DE-FR": [0]})
    assert "DE-DK" in disc_targets(game) and "DK-NO" not in disc_targets(game)  # Germany: the player's disc
    act(game, "place_disc", circle="DE-DK")
    assert state(game.state).circle_discs["DE-DK"] == [0]
    assert "DK-NO" in disc_targets(game)  # and now Denmark too


def test_another_players_disc_does_not_connect_yours():
    game = build(discs={"DE-FR": [1]})
    assert "DE-DK" not in disc_targets(game)
    refused(game, "place_disc", "must connect", circle="DE-DK")


def test_a_new_city_connects_new_discs_like_a_coloured_country():
    assert "DK-NO" not in disc_targets(build())
    assert "DK-NO" in disc_targets(build(new_cities={"DK": "C"}))


def test_a_disc_on_a_large_circle_needs_no_connection_and_connects_nothing():
    # ruling 13: a large circle is no track; Germany's, with no disc of the player near, may be taken, and a
    # small circle from Germany still needs a city or a small disc of the player's
    game = game_at("build_track", to_move=1, order=ORDER)
    act(game, "place_disc", circle="DE")
    assert state(game.state).large_circle_discs == {"DE": [1]}
    refused(game, "place_disc", "must connect", circle="DE-DK")


def test_track_in_unfinished_sections_scores_nothing():
    # Austria (coloured) → Hungary: the chain ends in a country that is no city
    assert points(build(discs={"AT-HU": [0]})) == 0
    assert points(build(discs={"AT-HU": [0], "HU-RO": [0]})) == 2  # on to Romania: finished


def test_a_chain_through_a_large_circle_country_without_your_disc_there_still_scores():
    # ruling 15: the chain France → Germany → Poland is finished track (the large circle only lets goods
    # pass); France → Germany → Denmark is not
    assert points(build(discs={"DE-FR": [0], "DE-PL": [0]})) == 2
    assert points(build(discs={"DE-FR": [0], "DE-DK": [0]})) == 0


def test_a_dead_end_branch_off_a_finished_chain_scores_nothing():
    assert points(build(discs={"AT-HU": [0], "HU-RO": [0], "HU-YU": [0]})) == 2


def test_discs_on_large_circles_score_nothing_and_finish_nothing():
    assert points(build(discs={"AT-HU": [0], "HU-RO": [0]}, large={"FR": [0]})) == 2
    assert points(build(discs={"EN-FR": [0], "EN-SC": [0]}, large={"EN": [0], "FR": [0]})) == 0


def test_with_the_option_unconnected_discs_a_disc_may_go_on_any_small_circle_with_room():
    game = build(options={"unconnected_discs": True})
    assert "DK-NO" in disc_targets(game)
    act(game, "place_disc", circle="DK-NO")
    assert state(game.state).circle_discs == {"DK-NO": [0]}


def test_with_the_option_unconnected_discs_every_disc_on_a_small_circle_scores():
    game = build(discs={"AT-HU": [0], "DK-NO": [0]}, options={"unconnected_discs": True})
    assert points(game) == 2


def test_rules_version_2_records_let_a_disc_go_anywhere_and_score_every_disc():
    game = build(discs={"AT-HU": [0]})
    assert points(game) == 0
    refused(game, "place_disc", "must connect", circle="DK-NO")
    old = at_version(game, 2)
    assert points(old) == 1
    act(old, "place_disc", circle="DK-NO")
    assert points(old) == 2


# --- Rules versions -----------------------------------------------------------------------------------------


def test_rules_version_1_records_have_no_large_circle_in_germany():
    game = game_at("build_track", to_move=1, order=ORDER)
    assert "DE" in disc_targets(game)
    old = at_version(game, 1)
    assert "DE" not in disc_targets(old)
    refused(old, "place_disc", "Germany has no large circle", circle="DE")


def test_rules_version_1_records_pass_through_germany_for_nothing_and_with_no_disc():
    # France → Germany → Poland (blue): Poland 1 under version 1; Germany's large circle adds 1 from version 2
    links = ["DE-FR:0", "DE-PL:0"]
    game = game_at(
        "move_goods", to_move=0, order=ORDER, engine=1, cubes={"FR": ["blue"]}, discs={"DE-FR": [0], "DE-PL": [0]}
    )
    assert not deliveries(game)
    old = at_version(game, 1)
    assert deliveries(old) == {("FR", "blue", tuple(links))}
    act(old, "deliver", city="FR", colour="blue", links=links)
    assert old.state.players[0].income == 1


def golden_record(version: int) -> Record:
    return Record.model_validate(json.loads(record_path(MAP, version).read_text())["record"])


@pytest.mark.parametrize(("version", "other"), [(1, 2), (2, 1), (2, 3)])
def test_the_golden_record_of_each_version_uses_what_another_version_changed(version: int, other: int):
    # so that replaying it under its own version is a test of that version's rules
    record = golden_record(version)
    with pytest.raises(IllegalAction):
        Game.from_record(record.model_copy(update={"rules_version": other}))


def test_the_version_3_golden_record_ends_otherwise_under_version_2():
    # its unfinished discs would score under version 2
    data = json.loads(record_path(MAP, 3).read_text())
    record = Record.model_validate(data["record"])
    assert figures(Game.from_record(record)) == data["figures"]
    assert figures(Game.from_record(record.model_copy(update={"rules_version": 2}))) != data["figures"]


def test_the_build_line_says_the_discs_left_to_place_not_tiles():
    import random

    from ageofsteam import Game as _Game
    from ageofsteam.bots import RandomBot
    from ageofsteam.engine.view import view

    game, bot, rng = _Game.new("old-europe", players=3, seed=4), RandomBot(), random.Random(4)
    while game.state.build is None:
        game.apply(bot.choose(game, rng))
    n = game.state.build.builds_left
    assert view(game)["build"]["left"] == f"{n} disc{'' if n == 1 else 's'} left to place"
