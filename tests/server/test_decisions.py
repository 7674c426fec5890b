"""The ``/legal`` decisions of every map: exactly the engine's legal actions, each once, each readable."""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from ageofsteam.bots import RandomBot
from ageofsteam.engine import actions
from ageofsteam.engine.actions import CHANCE, Action, Deliver, HexLabel, RouteLinks
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Seat
from ageofsteam.maps import load_board, load_rules, map_ids
from ageofsteam.render import render_svg
from ageofsteam.server.decisions import action_hexes, board_spot, decisions, route_hexes
from tests.cli.conftest import link_between_cities
from tests.conftest import scenario

STEPS = 120  # decisions checked per map (the first two turns or so: every phase at least once)


def offered(d: dict[str, Any]) -> list[str]:
    """Every action the decisions offer, as canonical JSON (ranges expanded)."""
    out = []
    for group, field in (("issue_shares", "count"), ("bid", "amount")):
        r = d[group]
        if r:
            values = r.get("values") or range(r["min"], r["max"] + 1)
            out += [json.dumps({**r["action"], field: v}, sort_keys=True) for v in values]
    out += [json.dumps(a["action"], sort_keys=True) for a in d["actions"]]
    out += [json.dumps(c["action"], sort_keys=True) for u in d["urbanize"] for c in u["cities"]]
    out += [json.dumps(o["action"], sort_keys=True) for b in d["builds"] for o in b["options"]]
    out += [json.dumps(r["action"], sort_keys=True) for c in d["deliveries"] for r in c["routes"]]
    return out


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_offers_exactly_the_legal_actions(map_id: str) -> None:
    rules = load_rules(map_id)
    lo, hi = rules.player_counts()
    n = (lo + hi) // 2
    game = Game.new(map_id, seats=[Seat(name=f"P{i}", colour=rules.PLAYER_COLOURS[i]) for i in range(n)], seed=5)
    bot, rng = RandomBot(), random.Random(5)
    kinds: set[str] = set()
    for _ in range(STEPS):
        if game.over or game.to_move in (None, CHANCE):
            break
        d = decisions(game, len(game.record.actions))
        assert d["to_move"] == game.to_move and d["index"] == len(game.record.actions)
        got = offered(d)
        assert len(got) == len(set(got)), f"an action is offered twice in {game.state.phase}"
        assert sorted(got) == sorted(json.dumps(a.to_json(), sort_keys=True) for a in game.legal_actions())
        # every action space is either offered or shown blocked with its reason, never missing
        selects = {a["action"]["action"] for a in d["actions"] if a["action"]["kind"] == "select_action"}
        blocked = {b["action"]: b["reason"] for b in d["blocked_actions"]}
        if selects:
            g = game.state
            assert not selects & blocked.keys()
            assert selects | blocked.keys() == set(g.rules.actions_offered(g, game.to_move))
            assert all(blocked.values()) and all(b["title"] for b in d["blocked_actions"])
        else:
            assert blocked == {}
        for a in d["actions"]:
            kind = a["action"]["kind"]
            kinds.add(kind)
            assert a["label"] and not a["label"].startswith(f"{kind} {{"), f"{kind} has no description"
            assert a["group"]
            assert a["hex"] is None or a["hex"] in game.state.map.by_label
        game.apply(bot.choose(game, rng))
    assert "end_build" in kinds, f"the first turns never reached a build: {kinds}"


# --- track paths ----------------------------------------------------------------------------------------

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def tags(svg: str, name: str) -> list[dict[str, str]]:
    """The attributes of every ``<name …>`` element of ``svg``."""
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', t)) for t in re.findall(rf"<{name}\s[^>]*>", svg)]


def hex_on_board(svg: str, label: str) -> tuple[float, float, float]:
    """Centre and radius of the hex ``label`` on a drawn board, from its outline (as the page finds them)."""
    poly = next(t for t in tags(svg, "polygon") if t.get("data-hex") == label and t.get("class") == "hex")
    pts = [tuple(map(float, p.split(","))) for p in poly["points"].split()]
    x = sum(p[0] for p in pts) / len(pts)
    y = sum(p[1] for p in pts) / len(pts)
    return x, y, math.hypot(pts[0][0] - x, pts[0][1] - y)


def inner_points(d: str, town: bool) -> list[float]:
    """The coordinates of a track path without its first point and, for track between two edges, its last:
    the board draws the coloured track a little past each edge (to hide seams) and the preview does not."""
    nums = [float(n) for n in NUMBER.findall(d)]
    return nums[2:] if town else nums[2:-2]


def build_position() -> Game:
    """Rust Belt, Player 1 to build, with their track leaving Chicago (L7) towards J5 and towards the town of
    Michigan City (L9): new track, town tiles on L9 and upgrades of K6 are all on offer."""
    return scenario(
        """
        map = "rust-belt"
        players = 3
        phase = "build_track"
        order = [0, 1, 2]
        [[track]]
        hex = "K6"
        tile = "straight"
        rotation = 2
        owner = 0
        [[track]]
        hex = "M8"
        tile = "gentle"
        rotation = 5
        owner = 0
        """
    )


def test_build_options_carry_the_paths_of_the_track_the_board_draws() -> None:
    game = build_position()
    d = decisions(game, len(game.record.actions))
    assert d["track_radius"] > 0
    options = [(b["hex"], o) for b in d["builds"] for o in b["options"]]
    assert all(len(o["paths"]) == len(o["track"]) for _, o in options)
    rng = random.Random(1)
    towns = [x for x in options if any("town" in t for t in x[1]["track"])]
    upgrades = [x for x in options if x[1]["build"] != "new"]
    picked = rng.sample(options, 6) + towns[:2] + upgrades[:2]
    assert towns and upgrades, "the position should offer town and upgrade builds"
    for label, option in picked:
        trial = Game.from_record(game.record)
        trial.apply(option["action"])
        svg = render_svg(trial.state, legend=False)
        x, y, r = hex_on_board(svg, label)
        drawn = [t["d"] for t in tags(svg, "path") if t.get("class") == "track" and t.get("data-hex") == label]
        assert len(drawn) == len(option["paths"])
        scale = r / d["track_radius"]
        for path, board, ends in zip(option["paths"], drawn, option["track"], strict=True):
            town = "town" in ends
            moved = [v * scale + (x if i % 2 == 0 else y) for i, v in enumerate(inner_points(path, town))]
            assert moved == pytest.approx(inner_points(board, town), abs=0.05), (label, option["action"], path, board)


@pytest.mark.parametrize("map_id", [m for m in map_ids() if load_board(m).is_area])
def test_a_disc_on_an_area_map_names_its_circle_and_its_cost(map_id: str) -> None:
    """The page highlights the circles of an area map and shows each one's price on hover."""
    game, bot, rng = Game.new(map_id, 3, seed=2), RandomBot(), random.Random(2)
    while not any(a.kind == "place_disc" for a in game.legal_actions()):
        game.apply(bot.choose(game, rng))
    discs = [a for a in decisions(game, 0)["actions"] if a["action"]["kind"] == "place_disc"]
    assert discs
    for entry in discs:
        assert entry["circle"] == entry["action"]["circle"]
        assert f"${entry['cost']}" in entry["label"]


# --- the hexes an action names --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Moor(Action):
    """A made-up map's action naming hexes in fields of new names: moor at ``berth``, from ``quay``."""

    kind: ClassVar[str] = "moor"
    player: int
    quay: HexLabel
    berth: HexLabel
    crew: str


def test_the_hexes_an_action_names_are_read_from_its_fields_types_whatever_their_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(actions._KINDS, Moor.kind, Moor)
    g = Game.new("rust-belt", players=3, seed=1).state
    data = {"kind": "moor", "player": 0, "quay": "l7", "berth": "K6", "crew": "A1"}
    assert action_hexes(g, data) == ["L7", "K6"]  # "crew" is text, not a hex, though it reads like one
    assert board_spot(g, Moor, data) == "L7"
    assert action_hexes(g, {**data, "quay": "Z99"}) == ["K6"]  # not a hex of the board
    assert action_hexes(g, {"kind": "no_such_kind"}) == []


@dataclass(frozen=True, slots=True)
class Haul(Action):
    """A made-up map's delivery: a good from ``depot`` along ``path`` (link ids)."""

    kind: ClassVar[str] = "haul"
    player: int
    depot: HexLabel
    path: RouteLinks


def test_a_delivery_of_a_maps_own_kind_highlights_its_whole_route(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(actions._KINDS, Haul.kind, Haul)
    _, _, _, game = link_between_cities()
    g = game.state
    deliver = next(a for a in game.legal_actions() if isinstance(a, Deliver))
    route = route_hexes(g, list(deliver.links))
    assert len(route) > 2 and set(action_hexes(g, deliver.to_json())) == set(route)
    haul = {"kind": "haul", "player": 1, "depot": deliver.city, "path": list(deliver.links)}
    assert set(action_hexes(g, haul)) == set(route)
