"""``check`` accepts exactly what ``legal_actions`` lists, at random positions of every map, in every phase.

Each map plays one seeded game with the random bot in every seat; on the way, positions are picked at random
in every phase (a few of each kind: each stage of the game, each mix of listed action kinds). At each:

* every listed action passes ``check``;
* candidates that are not listed are refused with IllegalAction or BadInput: listed actions changed in one
  field (another hex, rotation, tile, amount, colour, links, action name, seat…) and actions of every kind
  any map knows, filled in from the board;
* for Build Track, a sample of hexes × every tile × every rotation is checked against the list. A build that
  ``check`` accepts without it being listed must lay exactly what a listed build lays (legal lists the
  identical results of a symmetric tile's rotations once); likewise a delivery, where routes are told apart
  only by their ends (``Rules.routes_by_ends``), must go where a listed one goes over as many levels;
* nothing of this changes the state.

A position is named by its map, the game's player count and seed, and the number of actions of the record
before it: ``recorded(map_id, players, seed).at(n)`` replays it. A field's candidate values follow its type
(``engine.actions.field_domains``), so an action of a new map, with fields of new names, is checked as it is.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

import pytest

from ageofsteam import Game, IllegalAction
from ageofsteam.board.hexes import DIRECTIONS
from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import Action, Build, Deliver, Domain, domain_values, field_domains, parse_action
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.record import Record
from ageofsteam.engine.state import GameState
from ageofsteam.maps import load_board, load_rules, map_ids
from ageofsteam.rules.track_placement import plan_build

# map → (players, seed) of its game: counts across each map's range, seeds whose games reach every phase
GAMES: dict[str, tuple[int, int]] = {
    "rust-belt": (4, 11),
    "miami-2030": (1, 12),
    "new-york-subway": (5, 13),
    "taiwan": (6, 14),
    "saint-petersburg": (3, 15),
    "las-vegas": (5, 16),
    "iceland": (4, 11),
    "texas": (5, 18),
    "51st-state": (6, 19),
    "old-europe": (3, 20),
    "detroit-bankruptcy": (4, 33),
    "heavy-cardboard": (5, 20),
}
PER_STRATUM = 2  # positions kept of each kind (phase, stage of the game, action kinds)
PER_PHASE = 8  # at most this many positions of one phase are checked
PERTURBED = 12  # listed actions of each kind whose fields are changed one at a time
BUILD_HEXES = 8  # hexes whose every tile and rotation is checked (half of them where builds are listed)
MADE_UP = 6  # actions of every kind filled in from the board
# phases that accept a player's action where the map never asks one
NEVER_ASKED = {
    ("miami-2030", "player_order"): "one player: no auction for the player order",
    ("detroit-bankruptcy", "goods_growth"): "no Production action",
    ("heavy-cardboard", "goods_growth"): "no Production action",
}


def decision_phases(map_id: str) -> list[str]:
    """The phases of the map that accept an action of a player."""
    rules = load_rules(map_id)
    asks = [p.name for p in rules.phases if any(not k.is_chance for k in p.accepts)]
    return [name for name in asks if (map_id, name) not in NEVER_ASKED]


@functools.cache
def player_kinds() -> tuple[type[Action], ...]:
    """Every kind of player's action some map accepts, base kinds first."""
    out: dict[str, type[Action]] = {}
    for m in map_ids():
        for p in load_rules(m).phases:
            for k in p.accepts:
                if not k.is_chance:
                    out.setdefault(k.kind, k)
    return tuple(out.values())


# --- positions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One map's game and the positions picked in it: phase → numbers of actions before each."""

    map_id: str
    players: int
    seed: int
    record: Record
    positions: dict[str, list[int]]

    def at(self, n: int) -> Game:
        return Game.from_record(self.record.model_copy(update={"actions": self.record.actions[:n]}))

    def where(self, n: int) -> str:
        return f"{self.map_id}, {self.players} players, seed {self.seed}, after {n} actions of its record"


def stratum(game: Game, chosen: Action) -> tuple[Any, ...]:
    """What kind of position this is: its phase, the stage of the game and the actions it offers (in Build
    Track, where listing them all is slow, the bot's choice and whether the build has begun)."""
    g = game.state
    stage = 0 if g.turn <= 1 else 2 if g.last_turn and g.turn >= g.last_turn else 1
    if g.phase == "build_track" and g.build is not None:
        return (g.phase, stage, chosen.kind, g.build.builds_done > 0, g.build.may_urbanize)
    return (g.phase, stage, tuple(sorted({a.kind for a in game.legal_actions()})))


@functools.cache
def recorded(map_id: str, players: int, seed: int) -> Played:
    """Play the map's game, picking up to PER_STRATUM positions of every stratum (reservoir sampling)."""
    game = Game.new(map_id, players=players, seed=seed)
    bot, rng, pick = RandomBot(), random.Random(seed), random.Random(f"pick/{seed}")
    kept: dict[tuple[Any, ...], list[int]] = {}
    seen: dict[tuple[Any, ...], int] = {}
    while not game.over:
        action = bot.choose(game, rng)
        key = stratum(game, action)
        seen[key] = seen.get(key, 0) + 1
        slot = kept.setdefault(key, [])
        n = len(game.record.actions)
        if len(slot) < PER_STRATUM:
            slot.append(n)
        elif (j := pick.randrange(seen[key])) < PER_STRATUM:
            slot[j] = n
        game.apply(action)
    strata: dict[str, list[list[int]]] = {}
    for key in sorted(kept, key=repr):
        strata.setdefault(key[0], []).append(kept[key])
    positions: dict[str, list[int]] = {}
    for phase, slots in strata.items():  # one of each stratum in turn, in a random order of strata
        pick.shuffle(slots)
        ns = [n for i in range(PER_STRATUM) for slot in slots if i < len(slot) for n in [slot[i]]]
        positions[phase] = sorted(ns[:PER_PHASE])
    return Played(map_id, players, seed, game.record, positions)


# --- candidates -------------------------------------------------------------------------------------


def key_of(a: Action) -> str:
    return json.dumps(a.to_json(), sort_keys=True)


class Pools:
    """Values to fill an action's fields with, taken from the board and the position."""

    def __init__(self, game: Game, legal: list[Action], rng: random.Random) -> None:
        g = game.state
        m = g.map
        self.rng = rng
        listed = {getattr(a, k) for a in legal for k, d in field_domains(type(a)).items() if d == HEX}
        near = {m.labels[n] for lab in listed if lab in m.by_label for n in m.neighbours[m.by_label[lab]] if n >= 0}
        some = rng.sample(m.labels, min(6, len(m.labels)))
        self.labels = sorted(listed | near | set(some))
        self.boxes = [f"{col}/{i + 1}" for col, boxes in g.display.items() for i in range(len(boxes))]
        self.colours = sorted({*g.rules.BAG, "steam", "white"})
        self.actions = [*g.rules.ACTIONS, "no_such_action"]
        self.circles = [*(c.id for c in m.circles), *(m.labels if m.circles else []), "XX-YY"]
        self.special = [*(s.id for s in m.special_links), "no-such-link"]
        self.link_ids = sorted(g.network.links) or ["A1.N"]
        self.tiles = [*TILE_TYPES, "no_such_tile"]
        self.game = game

    def values(self, d: Domain | None, value: Any) -> list[Any]:
        """Other values than ``value`` (None: any values) of a field whose values are ``d``."""
        rng = self.rng
        out: list[Any]
        name = d.name if d is not None else None
        if d is None:
            raise AssertionError("a field's type says nothing of its values: annotate it (engine.actions.Domain)")
        if name == "hex":
            out = [*rng.sample(self.labels, min(5, len(self.labels))), "Z99"]
        elif name == "tile":
            out = rng.sample(self.tiles, 4)
        elif name == "int" and isinstance(d.low, int) and isinstance(d.high, int):  # a rotation
            out = [*range(d.low, d.high + 1), d.high + 1, d.low - 1]
        elif name == "int":  # a count of shares, a bid
            v = value if isinstance(value, int) else 0
            out = [v - 2, v - 1, v + 1, v + 2, v + 20, -1, 0]
        elif name == "colour":
            out = self.colours
        elif name == "action":
            out = self.actions
        elif name == "box":
            out = [*rng.sample(self.boxes, min(6, len(self.boxes))), "light1/9"]
        elif name == "circle":
            out = rng.sample(self.circles, min(6, len(self.circles)))
        elif name == "link":
            out = self.special
        elif name == "direction":
            out = [*DIRECTIONS, "UP"]
        elif name == "choice":
            out = list(d.choices)
        elif name == "route":
            out = self.links(value)
        elif name == "new_city":
            out = [*"ABCDEFGHZ"]
        else:  # a kind of value a map declares for itself: some of its values, and one that is none
            g = self.game.state
            known = domain_values(d, g.rules, g)
            out = [*rng.sample(known, min(6, len(known))), "no-such-value"]
        return [v for v in out if v != value]

    def links(self, value: Any) -> list[list[str]]:
        rng = self.rng
        ids = self.link_ids
        if not value:
            return [[rng.choice(ids)], [], ["no-such-link"]]
        value = list(value)
        return [
            value[:-1],
            [*value, rng.choice(ids)],
            value[::-1],
            [rng.choice(ids), *value[1:]],
            [*value, value[-1]],
            [*value[:-1], "no-such-link"],
        ]


HEX = Domain("hex")


def perturbed(a: Action, pools: Pools, seats: int) -> Iterator[dict[str, Any]]:
    """``a`` with one field changed: each other seat, then other values of each field."""
    data = a.to_json()
    for s in [*range(seats), seats]:
        if s != data["player"]:
            yield {**data, "player": s}
    for f in fields(a):
        if f.name == "player":
            continue
        for v in pools.values(field_domains(type(a))[f.name], data[f.name]):
            yield {**data, f.name: v}
    for kind in player_kinds():
        if kind.kind != a.kind:
            yield {**data, "kind": kind.kind}  # the same fields under another kind's name


def made_up(kind: type[Action], seat: int, pools: Pools) -> Iterator[dict[str, Any]]:
    """Actions of ``kind`` with fields drawn from the pools."""
    for _ in range(MADE_UP):
        data: dict[str, Any] = {"kind": kind.kind}
        for f in fields(kind):
            if f.name == "player":
                data["player"] = seat
            else:
                data[f.name] = pools.rng.choice(pools.values(field_domains(kind)[f.name], None))
        yield data


def build_grid(game: Game, legal: list[Action], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Every tile in every rotation on a sample of hexes, half of them hexes where builds are listed."""
    g = game.state
    listed = sorted({a.hex for a in legal if isinstance(a, Build)})
    hexes = rng.sample(listed, min(BUILD_HEXES // 2, len(listed)))
    others = [lab for lab in g.map.labels if lab not in hexes]
    hexes += rng.sample(others, min(BUILD_HEXES - len(hexes), len(others)))
    for lab in hexes:
        for tile in TILE_TYPES:
            for r in range(6):
                yield {"kind": "build", "player": g.to_move, "hex": lab, "tile": tile, "rotation": r}


# --- the comparison ---------------------------------------------------------------------------------------


def snapshot(game: Game) -> dict[str, Any]:
    """Everything the state holds (not the board data, the rules object or the network cache)."""
    g = game.state
    out = {f.name: copy.deepcopy(getattr(g, f.name)) for f in dataclasses.fields(g)}
    for name in ("map", "rules", "_network"):
        del out[name]
    out["record"] = len(game.record.actions)
    return out


def result(g: GameState, a: Build) -> tuple[Any, ...]:
    """What a build lays: its hex, tile, tracks with their owners, its kind and cost."""
    plan = plan_build(g, a.player, g.map.by_label[a.hex], a.tile, a.rotation)
    tracks = frozenset(zip(plan.tile.tracks, plan.tile.owners, strict=True))
    return (plan.hex, plan.tile.tile, tracks, plan.kind, plan.cost)


def delivery_ends(g: GameState, a: Deliver) -> tuple[int, str, int, int]:
    """What a delivery does where routes are told apart only by their ends (``Rules.routes_by_ends``): its
    start, colour, destination and engine levels (``a`` passes ``check``)."""
    route = g.rules.phase(g).route_of(g, a)  # type: ignore[attr-defined]
    return (route.stops[0], a.colour, route.stops[-1], g.rules.route_levels(g, a.player, route))


@dataclass(frozen=True)
class Disagreement:
    """An action that ``legal_actions`` lists and ``check`` refuses, or the other way round (``action`` None:
    listing and checking changed the state)."""

    action: dict[str, Any] | None
    listed: bool
    check: str  # "accepts it", or why it refuses or crashes

    def __str__(self) -> str:
        if self.action is None:
            return "listing and checking actions changed the state"
        return f"{self.action}: {'listed' if self.listed else 'not listed'}, but check {self.check}"


def checked(game: Game, a: Action) -> str | None:
    """None when ``check`` accepts ``a``; else how it refuses (a crash is no refusal: it is reported)."""
    try:
        game.check(a)
    except (IllegalAction, BadInput) as exc:
        return f"refuses it ({exc})"
    except Exception as exc:  # any other exception is a bug of check
        return f"crashes ({type(exc).__name__}: {exc})"
    return None


def disagreements(game: Game, rng: random.Random) -> list[Disagreement]:
    """Where ``check`` and ``legal_actions`` disagree at this position."""
    g = game.state
    before = snapshot(game)
    legal = game.legal_actions()
    assert legal, "a player to move has something to do"
    listed = {key_of(a) for a in legal}
    out = []
    for a in legal:
        refusal = checked(game, a)
        if refusal is not None:
            out.append(Disagreement(a.to_json(), True, refusal))
    seat = g.to_move
    assert seat is not None
    pools = Pools(game, legal, rng)
    candidates: list[dict[str, Any]] = []
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    for acts in by_kind.values():
        for a in rng.sample(acts, min(PERTURBED, len(acts))):
            candidates += perturbed(a, pools, len(g.players))
    for kind in player_kinds():
        candidates += made_up(kind, seat, pools)
    if Build in g.rules.phase(g).accepts and any(isinstance(a, Build) for a in legal):
        candidates += build_grid(game, legal, rng)
    built: dict[tuple[Any, ...], Build] = {}
    tried = set(listed)
    for data in candidates:
        try:
            a = parse_action(data)
        except BadInput:
            continue  # refused as it is read
        if key_of(a) in tried:
            continue
        tried.add(key_of(a))
        refusal = checked(game, a)
        if refusal is not None and not refusal.startswith("crashes"):
            continue
        if refusal is None and isinstance(a, Build):
            if not built:
                built = {result(g, b): b for b in legal if isinstance(b, Build)}
            if result(g, a) in built:
                continue  # the same tracks as a listed build: a symmetric tile in another rotation
        if (
            refusal is None
            and isinstance(a, Deliver)
            and g.rules.routes_by_ends(g)
            and delivery_ends(g, a) in {delivery_ends(g, d) for d in legal if isinstance(d, Deliver)}
        ):
            continue  # the same delivery as a listed one, through the same places in another order
        out.append(Disagreement(a.to_json(), False, refusal or "accepts it"))
    if snapshot(game) != before:
        out.append(Disagreement(None, False, "changed the state"))
    return out


def played_for(map_id: str, phase: str) -> Played:
    """The map's game (``GAMES``); for a map not listed there, the first of a few games at its fewest players
    that asks a player to act in ``phase``."""
    if map_id in GAMES:
        return recorded(map_id, *GAMES[map_id])
    players = load_board(map_id).players[0]
    games = (recorded(map_id, players, seed) for seed in range(1, 9))
    return next((p for p in games if p.positions.get(phase)), recorded(map_id, players, 1))


@functools.cache
def found(map_id: str, phase: str) -> list[tuple[str, GameState, Disagreement]]:
    """Every disagreement at the positions of ``phase`` in the map's game: (where, state, disagreement)."""
    played = played_for(map_id, phase)
    positions = played.positions.get(phase, [])
    assert positions, f"the {map_id} game never asks a player to act in {phase}: pick another seed"
    out = []
    for n in positions:
        game = played.at(n)
        assert game.state.phase == phase
        out += [(played.where(n), game.state, d) for d in disagreements(game, random.Random(f"{map_id}/{n}"))]
    return out


CASES = [pytest.param(m, phase, id=f"{m}-{phase}") for m in map_ids() for phase in decision_phases(m)]


@pytest.mark.parametrize(("map_id", "phase"), CASES)
def test_check_accepts_exactly_the_listed_actions(map_id: str, phase: str) -> None:
    problems = [f"{where}: {d}" for where, _, d in found(map_id, phase)]
    assert not problems, "\n".join(problems)
