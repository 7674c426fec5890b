"""Exporting our games in choochoo's recorded-game format, and reading them back.

* Round trips: seeded random games on Rust Belt, Heavy Cardboard, Detroit Bankruptcy and its solo variant are
  exported, imported back, and replayed side by side: the view after every action (chance outcomes included)
  and the final standings must be the same; the seats keep their names, the game its seed and options.
* Faithfulness to choochoo: the two real recorded games, imported and exported again, give back choochoo's own
  starting position and its own actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from ageofsteam import Game, view
from ageofsteam.bots import RandomBot
from ageofsteam.conformance.choochoo import feed, load, start, translate
from ageofsteam.conformance.choochoo_export import Export, ExportError, cc_colours, export_record
from ageofsteam.conformance.choochoo_names import cc_tracks
from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.record import Record
from ageofsteam.engine.scenario import Scenario
from tests.conformance.conftest import DATA, files_of

# (map, players, seed, action limit or None for the whole game): at least one whole game on each map and solo
GAMES = [
    ("rust-belt", 3, 0, None),
    ("rust-belt", 6, 1, 150),  # grey and orange seats; cut short: an unfinished game
    ("heavy-cardboard", 4, 5, None),
    ("detroit-bankruptcy", 3, 3, None),
    ("detroit-bankruptcy", 5, 38, None),  # a grey seat
    ("detroit-bankruptcy", 1, 9, None),
]
SEARCH = 60  # seeds tried to find a game using a feature (see FEATURES)


def play(map_id: str, players: int, seed: int, limit: int | None = None, **options: Any) -> Game:
    game = Game.new(map_id, players=players, seed=seed, options=options or None)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over and (limit is None or len(game.record.actions) < limit):
        game.apply(bot.choose(game, rng))
    return game


def through_json(export: Export) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return json.loads(json.dumps(export.record)), [json.loads(json.dumps(s)) for s in export.snapshots]


def views_after_each_action(record: Record) -> list[dict[str, Any]]:
    game = start(record)
    out = []
    for data in record.actions:
        feed(game, data)
        out.append(view(game))
    return out


def assert_same_views(game: Game, export: Export, back: Record) -> None:
    """The game read back shows the same view as ``game`` after every action, chance outcomes included."""
    assert [a["kind"] for a in back.actions] == [a["kind"] for a in game.record.actions]
    ours, theirs = views_after_each_action(game.record), views_after_each_action(back)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        for p in a["players"]:  # the only figure that changes: the seat colour, as choochoo names it
            p["colour"] = export.colours[p["seat"]]
        assert a == b, f"after action {i + 1} ({game.record.actions[i]['kind']})"


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}p-seed{g[2]}")
def round_trip(request: pytest.FixtureRequest) -> tuple[Game, Export, Record]:
    game = play(*request.param)
    export = export_record(game.record, "test")
    translation = translate(*through_json(export))
    assert translation.failure is None, translation.failure
    return game, export, translation.record


def test_the_view_after_every_action_is_the_same(round_trip):
    assert_same_views(*round_trip)


def test_the_record_keeps_seats_seed_options_and_the_final_standings(round_trip):
    game, export, back = round_trip
    assert [s.name for s in back.seats] == [s.name for s in game.record.seats]
    assert [s.colour for s in back.seats] == export.colours
    assert (back.map, back.seed, back.options) == (game.record.map, game.record.seed, game.record.options)
    again = Game.from_record(Record.loads(back.dumps()))
    assert again.over == game.over
    assert view(again)["standings"] == view(game)["standings"]
    assert again.state.map_state == game.state.map_state  # Detroit's bankruptcies, winners, solo result


def test_one_choochoo_action_per_decision_and_the_dice_in_the_snapshots(round_trip):
    game, export, _ = round_trip
    decisions = [parse_action(d) for d in game.record.actions if "player" in d]
    assert [a["index"] for a in export.record["actions"]] == list(range(1, len(decisions) + 1))
    assert [a["player"] for a in export.record["actions"]] == [export.colours[a.actor] for a in decisions]
    assert [s["index"] for s in export.snapshots] == list(range(len(decisions) + 1))
    rolls = [parse_action(d) for d in game.record.actions if d["kind"] == "roll"]
    dice = [s["chance"]["dice"] for s in export.snapshots if "dice" in s.get("chance", {})]
    assert dice == [{"WHITE": sorted(r.light), "BLACK": sorted(r.dark)} for r in rolls]
    assert export.snapshots[-1].get("ended", False) == game.over


def _uses(name: str) -> Callable[[Game, Export], bool]:
    return lambda game, export: any(a["actionName"] == name for a in export.record["actions"])


def _delivers_over(kind: str, built_by: str) -> Callable[[Game, Export], bool]:
    """Built by choochoo's action ``built_by``, then delivered over: one of the special links of ``kind``."""

    def check(game: Game, export: Export) -> bool:
        ids = {s.id for s in game.state.map.special_links if s.kind == kind}
        delivered = any(a["kind"] == "deliver" and ids & set(a["links"]) for a in game.record.actions)
        return delivered and _uses(built_by)(game, export)

    return check


# what the round trip must also carry: the first of SEARCH seeds whose game shows it is read back and checked
FEATURES: list[tuple[str, str, int, Callable[[Game, Export], bool]]] = [
    ("Production", "rust-belt", 3, _uses("production")),
    (
        "a town tile only our tile hint tells apart",
        "rust-belt",
        3,
        lambda g, e: any("ours" in a for a in e.record["actions"]),
    ),
    ("a ferry claimed", "heavy-cardboard", 4, _uses("claim")),
    ("Heavy Lifting", "heavy-cardboard", 4, _uses("heavy-lifting")),
    ("a river crossing claimed, then delivered over", "detroit-bankruptcy", 3, _delivers_over("bridge", "claim")),
    (
        "a $6 connection built, then delivered over",
        "detroit-bankruptcy",
        2,
        _delivers_over("city_link", "connect-cities"),
    ),
    ("solo: a river crossing delivered over", "detroit-bankruptcy", 1, _delivers_over("bridge", "claim")),
    ("solo: a turn with no action (skip-select)", "detroit-bankruptcy", 1, _uses("skip-select")),
    ("a Turn Order pass", "detroit-bankruptcy", 3, _uses("turnOrderPass")),
]


@pytest.mark.parametrize(("feature", "map_id", "players", "shows"), FEATURES, ids=[f[0] for f in FEATURES])
def test_a_game_using_the_feature_comes_back_the_same(feature, map_id, players, shows):
    limit = 150 if map_id != "detroit-bankruptcy" else None  # long enough for the feature, short to play
    for seed in range(SEARCH):
        game = play(map_id, players, seed, limit)
        export = export_record(game.record)
        if shows(game, export):
            translation = translate(*through_json(export))
            assert translation.failure is None, translation.failure
            assert_same_views(game, export, translation.record)
            return
    pytest.fail(f"none of {SEARCH} random games on {map_id} with {players} players shows {feature}")


def test_the_games_use_the_common_actions():
    names: set[str] = set()
    for map_id, players, seed, limit in GAMES:
        names |= {a["actionName"] for a in export_record(play(map_id, players, seed, limit).record).record["actions"]}
    common = {"takeShares", "bid", "pass", "select", "build", "urbanize", "done", "move", "locomotive"}
    assert common <= names, common - names


def test_options_other_than_the_defaults_come_back():
    game = play("rust-belt", 3, 4, 120, production_offmap_boxes=False)
    export = export_record(game.record)
    assert export.record["game"]["options"] == {"production_offmap_boxes": False}
    back = translate(*through_json(export)).record
    assert back.options == game.record.options == {"production_offmap_boxes": False}
    assert view(Game.from_record(back)) == view(game)  # the seats' colours are choochoo's own here


# --- faithful to choochoo's own records ---------------------------------------------------------------------


def _action_key(a: dict[str, Any]) -> tuple[Any, ...]:
    """An action as choochoo plays it: a tile by its tracks (STRAIGHT at TOP or at BOTTOM is the same), a move
    without the client's ``additionalData``."""
    data = json.loads(json.dumps(a["actionData"]))
    if a["actionName"] == "build":
        data["tracks"] = sorted(cc_tracks(data.pop("tileType"), data.pop("orientation")))
    for step in data.get("path", []):
        step.pop("additionalData", None)
    return a["round"], a["phase"], a["player"], a["actionName"], json.dumps(data, sort_keys=True)


def _space_key(s: dict[str, Any]) -> dict[str, Any]:
    out = {**s, "unpassableEdges": sorted(s.get("unpassableEdges", []))}
    if "city" in s:
        city = {k: v for k, v in s["city"].items() if k != "mapSpecific"}
        out["city"] = {**city, "goods": sorted(city["goods"]), "accepts": sorted(city["accepts"])}
    return out


@pytest.mark.parametrize("name", ["rust-belt-2692", "heavy-cardboard-2797"])
def test_a_recorded_game_imported_and_exported_is_choochoos_record_again(name):
    record_file, snapshots_file, _ = files_of(name)
    cc, snapshots = load(DATA / record_file, DATA / snapshots_file)
    translation = translate(cc, snapshots)
    export = export_record(translation.record)
    ours = export.record
    assert ours["game"]["map"] == cc["game"]["map"]
    assert ours["game"]["numActions"] == len(cc["actions"])
    assert ours["labelOrigin"] == cc["labelOrigin"]
    assert [(p["seat"], p["colour"]) for p in ours["players"]] == [(p["seat"], p["colour"]) for p in cc["players"]]
    init, theirs = ours["initialState"], cc["initialState"]
    for key in ("round", "phase", "currentPlayer", "turnOrder", "bag", "availableCities", "interCityConnections"):
        assert init[key] == theirs[key], key
    figures = ("money", "income", "shares", "loco")
    assert sorted((p["colour"], *(p[f] for f in figures)) for p in init["players"]) == sorted(
        (p["colour"], *(p[f] for f in figures)) for p in theirs["players"]
    )
    assert sorted(map(json.dumps, map(_space_key, init["spaces"]))) == sorted(
        map(json.dumps, map(_space_key, theirs["spaces"]))
    )
    # every action as choochoo recorded it; only the late urbanizations (see the deviations) come earlier
    late = {d.index for d in translation.deviations}
    assert [_action_key(a) for a in ours["actions"] if a["actionName"] != "urbanize"] == [
        _action_key(a) for a in cc["actions"] if a["actionName"] != "urbanize"
    ]
    assert [_action_key(a) for a in ours["actions"] if a["actionName"] == "urbanize"] == [
        _action_key(a) for a in cc["actions"] if a["actionName"] == "urbanize"
    ]
    assert len(late) == {"rust-belt-2692": 4, "heavy-cardboard-2797": 2}[name]
    rolls = [s["chance"]["dice"] for s in snapshots if "chance" in s]
    assert [s["chance"]["dice"] for s in export.snapshots if "chance" in s] == [
        {k: sorted(v) for k, v in r.items()} for r in rolls
    ]


# --- what cannot be exported ------------------------------------------------------------------------------


def test_seat_colours_choochoo_lacks_get_free_choochoo_colours():
    assert cc_colours(["blue", "green", "yellow", "pink", "grey", "orange"]) == [
        "blue",
        "green",
        "yellow",
        "pink",
        "black",
        "brown",
    ]
    assert cc_colours(["red", "red", "teal"]) == ["red", "yellow", "green"]


def test_a_game_on_another_map_is_refused_naming_the_maps():
    with pytest.raises(ExportError, match=r"on texas: only games on rust-belt, heavy-cardboard, detroit-bankruptcy"):
        export_record(Game.new("texas", players=4, seed=1).record)


def test_a_game_begun_from_a_scenario_is_refused():
    game = Game.from_scenario(Scenario.parse({"map": "rust-belt", "players": 3, "seed": 5, "phase": "move_goods"}))
    with pytest.raises(ExportError, match="scenario"):
        export_record(game.record)
