"""Recordings in choochoo's format of situations no recorded choochoo game here shows (a Detroit solo game, a
Production with no open display box), made from our own games: the test fixtures of the importer and the
lock-step comparer.

:func:`recording` exports one of our games (``aos export choochoo``) and writes, in place of the exported
snapshots (which hold only the dice), choochoo's full state after the setup and after every action, in the
snapshot layout of ``shared/conformance/choochoo/README.md``: a player's money as choochoo keeps it during an
auction (a dropped-out player has paid), its running score with owned unfinished track, the unfinished track
released at the end, Detroit's score as choochoo's ``scoreArray`` [rounds lasted, income] (choochoo's Detroit
score: rounds lasted first, the income as tie-breaker, ``src/maps/detroit/end_game.ts``; ``score`` beside it is
the first figure). :func:`insert_decision` then records, as choochoo does, a decision our engine takes by
itself (``skip-select``, ``done``): choochoo waits for it, in the state before it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import Track
from ageofsteam.bots import RandomBot
from ageofsteam.conformance.choochoo import feed, start
from ageofsteam.conformance.choochoo_export import Export, export_record
from ageofsteam.conformance.choochoo_names import (
    CC_ACTIONS,
    CC_PHASES,
    DIRECTION_NAMES,
    ROUNDS_LASTED,
    cc_growth,
    cc_tile,
)
from ageofsteam.conformance.lockstep import rounds_lasted_score, unfinished_sections
from ageofsteam.engine.actions import CHANCE, Action, Build, parse_action
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.game import Game
from ageofsteam.engine.state import GameState
from ageofsteam.maps.heavy_cardboard import state as heavy_cardboard
from ageofsteam.rules.player_order import auction_payment
from ageofsteam.words.choices import action_details

PHASE_NAMES = {ours: cc for cc, ours in CC_PHASES.items()}
ACTION_NAMES = {ours: cc for cc, ours in CC_ACTIONS.items()}
Tiles = dict[int, tuple[tuple[Track, ...], tuple[int | None, ...]]]


class _Writer:
    """choochoo's snapshots of one game, one after another (the track lists only the tiles that changed)."""

    def __init__(self, export: Export) -> None:
        self.colours = export.colours
        self.at = {s["label"]: {"q": s["q"], "r": s["r"]} for s in export.record["initialState"]["spaces"]}
        self.tiles: Tiles = {}
        self.new_cities: set[int] = set()

    def key(self, g: GameState, h: int) -> str:
        c = self.at[g.label(h)]
        return f"{c['q']},{c['r']}"

    def colour(self, seat: int | None) -> str | None:
        return None if seat is None or seat == CHANCE else self.colours[seat]

    def snapshot(self, g: GameState, index: int) -> dict[str, Any]:
        return {
            "index": index,
            "round": None if g.over else g.turn,
            "phase": PHASE_NAMES.get(g.phase, g.phase),
            "currentPlayer": None if g.over else self.colour(g.to_move),
            "turnOrder": [self.colours[s] for s in g.order],
            "players": [self.player(g, p.seat) for p in g.players],
            "cityGoods": {
                self.key(g, h): sorted(c for c, n in cubes.items() for _ in range(n)) for h, cubes in g.cubes.items()
            },
            "displayGoods": self.display(g),
            "bagCounts": dict(sorted(g.bag.items())),
            "track": self.track(g),
            "phaseState": self.phase_state(g),
            **self.urbanized(g),
        }

    def player(self, g: GameState, seat: int) -> dict[str, Any]:
        p = g.players[seat]
        money = p.cash
        a = g.auction
        if a is not None and seat in a.dropped:  # choochoo charges for the place when the player drops out
            money -= auction_payment(a.bids.get(seat, 0), a.dropped.index(seat), len(a.bidders) + len(a.dropped))
        markers = sum(1 for c in g.network.chains if c.owner == seat and (c.complete or not g.over))
        markers += sum(1 for o in g.special_link_owners.values() if o == seat)
        out: dict[str, Any] = {
            "colour": self.colours[seat],
            "money": money,
            "income": p.income,
            "shares": p.shares,
            "loco": p.engine,
            "outOfGame": p.eliminated,
            "action": ACTION_NAMES.get(p.action) if p.action else None,
            "trackMarkers": markers,
        }
        if g.map.id in ROUNDS_LASTED:
            pair = list(rounds_lasted_score(g, seat))
            return {**out, "score": pair[0], "scoreArray": pair}
        if p.eliminated:
            return {**out, "score": "Eliminated"}
        return {**out, "score": g.rules.score(g, seat) + (0 if g.over else unfinished_sections(g.network, seat))}

    def display(self, g: GameState) -> dict[str, list[str | None]]:
        out = {}
        for city in g.map.cities:
            for col in city.growth:
                out[self.key(g, city.hex)] = list(reversed(g.display[col]))
        for h, letter in g.new_cities.items():
            out[self.key(g, h)] = list(reversed(g.display[letter]))
        return out

    def track(self, g: GameState) -> list[dict[str, Any]]:
        released = set()
        if g.over:
            released = {ref for chain in g.network.chains if not chain.complete for ref in chain.tracks}
        now: Tiles = {}
        for h, t in g.tiles.items():
            now[h] = (tuple(t.tracks), tuple(None if (h, i) in released else o for i, o in enumerate(t.owners)))
        for link, owner in g.special_link_owners.items():  # a claimed route: choochoo's claimable tile, owned
            special = next(s for s in g.map.special_links if s.id == link)
            for h in special.via:
                now[h] = ((), (owner,))
        out = []
        for h in sorted(set(now) | set(self.tiles), key=g.label):
            if now.get(h) == self.tiles.get(h):
                continue
            c = self.at[g.label(h)]
            if h not in now:
                out.append({**c, "tileType": None, "removed": True})
                continue
            tracks, owners = now[h]
            exits = [[DIRECTION_NAMES[a], DIRECTION_NAMES[b]] for a, b in tracks]
            tile, orientation = _tile(tracks)
            owned = [self.colour(o) for o in owners]
            out.append({**c, "tileType": tile, "orientation": orientation, "owners": owned, "exits": exits})
        self.tiles = now
        return out

    def phase_state(self, g: GameState) -> dict[str, Any]:
        out: dict[str, Any] = {}
        a = g.auction
        if a is not None:
            out["turnOrderBidding"] = {
                "bids": {self.colours[s]: a.bids[s] for s in a.bidders if s in a.bids},
                "droppedOut": [self.colours[s] for s in reversed(a.dropped)],
                "turnOrderPassUsed": a.pass_used,
            }
        b = g.build
        if b is not None:
            out["build"] = {"buildCount": b.builds_done, "builtAt": [self.at[g.label(h)] for h in sorted(b.hexes)]}
        if g.phase == "move_goods":
            out["move"] = {
                "moveRound": g.move_round - 1,
                "locoUsed": [self.colours[s] for s in sorted(g.engine_upgraded)],
            }
            if isinstance(g.map_state, heavy_cardboard.State):
                out["heavyLiftingUsed"] = g.map_state.heavy_lifting_used
        return out

    def urbanized(self, g: GameState) -> dict[str, Any]:
        placed = [h for h in g.new_cities if h not in self.new_cities]
        self.new_cities |= set(placed)
        out = []
        for h in placed:
            letter = g.new_cities[h]
            colour, column = g.rules.NEW_CITIES[letter]
            group, number = cc_growth(column)
            out.append(
                {
                    **self.at[g.label(h)],
                    "name": letter,
                    "accepts": [colour],
                    "growth": [{"group": group, "number": number}],
                }
            )
        return {"urbanized": out} if out else {}


def _tile(tracks: tuple[Track, ...]) -> tuple[str, str]:
    """choochoo's tile type and orientation for ``tracks`` (a claimed route has none: its own tile stays)."""
    if not tracks:
        return "CURVE", "TOP"
    try:
        return cc_tile(tracks, any(TOWN in t for t in tracks))
    except BadInput:  # our tracks no single choochoo tile lays (not compared: the exits are)
        return "STRAIGHT", "TOP"


def recording(game: Game) -> Export:
    """``game`` exported for choochoo, with choochoo's full state after the setup and after every action."""
    export = export_record(game.record, "test")
    writer = _Writer(export)
    replay = start(game.record)
    actions = game.record.actions
    k = next(i for i, a in enumerate(actions) if "player" in a)
    for data in actions[:k]:
        feed(replay, data)
    snapshots = [writer.snapshot(replay.state, 0)]
    index = 0
    while k < len(actions):
        feed(replay, actions[k])
        k += 1
        while k < len(actions) and "player" not in actions[k]:
            feed(replay, actions[k])
            k += 1
        index += 1
        snap = writer.snapshot(replay.state, index)
        snap.update(
            {key: export.snapshots[index][key] for key in ("chance", "ended") if key in export.snapshots[index]}
        )
        snapshots.append(snap)
    return Export(export.record, snapshots, export.colours)


def insert_decision(export: Export, after: int, name: str, phase: str, forced: tuple[str, str] | None = None) -> Export:
    """``export`` with choochoo's record of a decision our engine took by itself right after action ``after``:
    choochoo action ``name`` in ``phase`` by the same player, the actions after it renumbered; ``forced``: the
    (phase, action name) choochoo then takes by itself for that player (its ``forcedFollowUps``). choochoo's state
    after ``after`` waits for that player in ``phase``; its state after the decision is the one our engine
    reached by itself (the track changes and chance outcomes move there)."""
    record, snaps = copy.deepcopy(export.record), copy.deepcopy(export.snapshots)
    actions = record["actions"]
    before = actions[after - 1]
    entry = {
        "index": after + 1,
        "round": before["round"],
        "phase": phase,
        "player": before["player"],
        "actionName": name,
        "actionData": {},
    }
    if forced:
        follow = {"player": before["player"], "phase": forced[0], "actionName": forced[1], "actionData": {}}
        entry["forcedFollowUps"] = [follow]
    for a in actions[after:]:
        a["index"] += 1
    actions.insert(after, entry)
    record["game"]["numActions"] = len(actions)
    waiting = copy.deepcopy(snaps[after])
    for key in ("chance", "ended", "urbanized"):
        waiting.pop(key, None)
    waiting.update({"phase": phase, "currentPlayer": before["player"], "track": []})
    if phase == "ACTION_SELECTION":
        waiting["phaseState"] = {}
        for p in waiting["players"]:
            if p["colour"] == before["player"]:
                p["action"] = None
    elif phase == "BUILDING":
        built = snaps[after - 1].get("phaseState", {}).get("build", {"buildCount": 0, "builtAt": []})
        waiting["phaseState"] = {"build": {**built, "buildCount": built["buildCount"] + 1}}
    else:
        raise BadInput(f"no waiting state written for {phase}")
    snaps.insert(after, waiting)
    for i, s in enumerate(snaps):
        s["index"] = i
    return Export(record, snaps, export.colours)


# --- Detroit solo games, their openings played as a situation needs ------------------------------------------

Opening = list[Callable[[Game], Action]]


def act(**data: Any) -> Callable[[Game], Action]:
    """An opening's next decision: this action of the player to move."""
    return lambda game: parse_action({**data, "player": game.state.to_move})


def cheapest_build(game: Game) -> Action:
    """An opening's next decision: the cheapest legal build (the first hex of those)."""
    legal = game.legal_actions()
    details = action_details(game, legal)
    return min((a for a in legal if isinstance(a, Build)), key=lambda a: (details[a]["plan"].cost, a.hex))


def solo_game(opening: Opening, seed: int = 7) -> Game:
    """A whole Detroit solo game: ``opening``, then a random bot until the player is bankrupt."""
    game = Game.new("detroit-bankruptcy", players=1, seed=seed)
    for decide in opening:
        game.apply(decide(game))
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over:
        game.apply(bot.choose(game, rng))
    return game


FREE_BRIDGE: Opening = [
    act(kind="issue_shares", count=2),  # $10
    act(kind="select_action", action="engineer"),  # $7 after the $3 disk
    act(kind="build_link", link="detroit-river-8"),  # the Engineer's first build is free; the next costs $8
]
URBANIZATION_UNUSED: Opening = [
    act(kind="issue_shares", count=3),  # $15
    act(kind="select_action", action="urbanization"),  # $12 after the $3 disk
    cheapest_build,
    cheapest_build,
    cheapest_build,  # no build left; only a late Urbanization, which choochoo allows
]
NO_MONEY: Opening = [act(kind="issue_shares", count=0)]  # $0: no action disk open (the cheapest costs $3)
