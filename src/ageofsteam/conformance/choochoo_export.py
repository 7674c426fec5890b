"""Export one of our games in choochoo.games' recorded-game format: the inverse of
:mod:`ageofsteam.conformance.choochoo`.

A game on one of the maps both engines play (:data:`SUPPORTED`: Rust Belt, Heavy Cardboard, Detroit
Bankruptcy, the solo variant included) becomes the ``record.json`` of ``shared/conformance/choochoo/README.md``:

* ``initialState``: the position after our setup. Every space with choochoo's axial coordinates (``q`` is our
  column, ``2r + q`` our label row plus the map's :data:`~ageofsteam.conformance.choochoo_names.LABEL_ORIGIN`),
  its type, town, impassable edges, the pre-printed claimable routes (the special links over a hex: Detroit's
  river crossings, Heavy Cardboard's ferries), every city with its cubes and goods-growth lists (our display
  columns reversed: choochoo's growth takes from the end), the New Cities, the inter-city connections (the
  special links over no hex: Detroit's two $6 links, ids ``"1"``, ``"2"``… in map order, numbered from 1 as
  choochoo numbers them: its recorded Detroit game 3003) and the bag.
* ``players``: one per seat, in seat order, with a choochoo colour (the seat's own when choochoo has it; grey
  becomes black, orange brown, else the first colour left).
* ``actions``: every player decision as choochoo's action, taken in the round, phase and by the player of
  the moment: ``issue_shares`` → ``takeShares``; ``bid``; ``drop_out`` → ``pass``; ``turn_order_pass`` →
  ``turnOrderPass``; ``select_action`` → ``select`` (Detroit's solo ``no_action`` → ``skip-select``);
  ``urbanize`` (``cityIndex`` in choochoo's shrinking list of New Cities, ``newCity`` naming it); ``build``
  (the first choochoo tile type and orientation laying our tracks, a town disk making spokes); ``build_link``
  → ``claim`` of the crossed hex or ``connect-cities``; ``end_build`` → ``done``; ``deliver`` → ``move``
  (one path step per link, to the stop where it ends, with its owner); ``upgrade_engine`` → ``locomotive``;
  ``skip_move`` → ``pass``; ``place_cube`` → ``production`` (the next drawn cube; ``row`` counted from the box
  growth takes last); ``heavy_lift`` → ``heavy-lifting``.

Its ``snapshots.jsonl`` holds one line per action with its ``index`` and the chance outcomes that followed it
(``chance.dice`` sorted, ``chance.productionDraw``), and no state: choochoo's engine rolls from its own
seeds, so our dice are there for the importer. What choochoo's format cannot hold is added for the importer
and ignored by choochoo: ``game.options``, the players' ``name`` and, on a ``build`` whose tracks the importer
would give to another tile or rotation (a crossing or coexisting tile with a town disk), ``ours``.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.conformance.choochoo import default_snapshots_path, feed, start
from ageofsteam.conformance.choochoo_names import (
    CC_ACTIONS,
    CC_COLOURS,
    CC_MAPS,
    CC_PHASES,
    CC_TERRAIN,
    DIRECTION_NAMES,
    LABEL_ORIGIN,
    SKIP_SELECT,
    cc_exits,
    cc_growth,
    cc_tile,
    our_tile,
)
from ageofsteam.engine.actions import (
    CHANCE,
    Action,
    Bid,
    Build,
    Deliver,
    Draw,
    DropOut,
    EndBuild,
    IssueShares,
    PlaceCube,
    Roll,
    SelectAction,
    SkipMove,
    TurnOrderPass,
    UpgradeEngine,
    Urbanize,
    parse_action,
)
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.engine.state import GameState
from ageofsteam.maps.detroit.rules import NO_ACTION

FORMAT = "choochoo-conformance-record v1"
SUPPORTED: tuple[str, ...] = tuple(LABEL_ORIGIN)  # our map ids
_CC_KEY = {ours: key for key, ours in CC_MAPS.items()}
_PHASES = {ours: cc for cc, ours in CC_PHASES.items()}
_ACTIONS = {ours: cc for cc, ours in CC_ACTIONS.items()}
_TERRAIN = {t: cc for cc, names in CC_TERRAIN.items() for t in names}
_COLOUR_FOR = {"grey": "black", "gray": "black", "orange": "brown"}

Coords = dict[str, int]
CcAction = tuple[str, dict[str, Any], dict[str, Any]]  # actionName, actionData, further keys of the entry


class ExportError(BadInput):
    """The game cannot be written for choochoo (another map, a scenario, an action choochoo has no name for)."""


@dataclass
class Export:
    """A game in choochoo's format: ``record.json``, its ``snapshots.jsonl`` lines, the seats' colours."""

    record: dict[str, Any]
    snapshots: list[dict[str, Any]]
    colours: list[str]  # seat → choochoo colour


def cc_colours(colours: list[str]) -> list[str]:
    """A distinct choochoo colour for each seat colour: the same one when choochoo has it."""
    out: list[str | None] = []
    for c in colours:
        out.append(c if c in CC_COLOURS and c not in out else None)
    for i, c in enumerate(colours):
        if out[i] is None:
            free = [x for x in CC_COLOURS if x not in out]
            if not free:
                raise ExportError(f"choochoo has {len(CC_COLOURS)} player colours, not {len(colours)}")
            out[i] = _COLOUR_FOR[c] if _COLOUR_FOR.get(c) in free else free[0]
    return [c for c in out if c is not None]


class _Exporter:
    def __init__(self, record: Record, source: str) -> None:
        if record.map not in SUPPORTED:
            raise ExportError(f"the game is on {record.map}: only games on {', '.join(SUPPORTED)} go to choochoo")
        if record.scenario is not None:
            raise ExportError("the game began from a scenario; choochoo starts every game from its setup")
        Game.from_record(record)  # the whole record must replay
        self.record = record
        self.source = source
        self.colours = cc_colours([s.colour for s in record.seats])
        self.game = start(record)
        self.origin = LABEL_ORIGIN[record.map]
        links = self.g.map.special_links
        # choochoo numbers its inter-city connections from 1 (its recorded Detroit game 3003: ids "1" and "2")
        self.connections = {s.id: str(i) for i, s in enumerate((s for s in links if not s.via), start=1)}
        self.letters: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self.snapshots: list[dict[str, Any]] = [{"index": 0}]

    @property
    def g(self) -> GameState:
        return self.game.state

    def coords(self, h: int) -> Coords:
        board = self.g.map
        q, doubled = board.cols[h], board.ys[h] + self.origin
        if (doubled - q) % 2:
            raise ExportError(f"{board.labels[h]} falls between choochoo's rows")
        return {"q": q, "r": (doubled - q) // 2}

    def at(self, label: str) -> Coords:
        return self.coords(self.g.map.by_label[label])

    # --- the whole game ------------------------------------------------------------------------

    def run(self) -> Export:
        actions = [parse_action(d) for d in self.record.actions]
        first = next((i for i, a in enumerate(actions) if not a.is_chance), len(actions))
        for a in actions[:first]:
            feed(self.game, a.to_json())
        if self.g.to_move == CHANCE or self.g.phase == "setup":
            raise ExportError("the record ends before the setup is complete")
        setup = next((a for a in actions[:first] if a.kind == "setup"), None)
        drawn: dict[str, list[str]] = dict(getattr(setup, "cities", {}) or {})
        initial = self._initial_state(drawn)
        for a in actions[first:]:
            if a.is_chance:
                self._chance(a)
            else:
                self._action(a)
        if self.g.over:
            self.snapshots[-1]["ended"] = True
        seats = self.record.seats
        record = {
            "format": FORMAT,
            "source": {"engine": "ageofsteam", "exportedFrom": self.source, "rulesVersion": self.record.rules_version},
            "game": {
                "id": None,
                "map": _CC_KEY[self.record.map],
                "variant": {},
                "numPlayers": len(seats),
                "startSeed": str(self.record.seed),
                "numActions": len(self.actions),
                "options": dict(self.record.options),
            },
            "players": [
                {"seat": i, "colour": c, "playerId": i + 1, "name": s.name}
                for i, (c, s) in enumerate(zip(self.colours, seats, strict=True))
            ],
            "labelOrigin": {"minQ": min(self.g.map.cols), "minDoubledRow": self.origin},
            "initialState": initial,
            "actions": self.actions,
            "autoActionIndices": [],
        }
        return Export(record, self.snapshots, self.colours)

    def _chance(self, a: Action) -> None:
        """A chance outcome goes with the action it followed, in that action's snapshot."""
        if len(self.snapshots) == 1:
            raise ExportError(f"a {a.kind} before the first decision has no place in choochoo's record")
        chance = self.snapshots[-1].setdefault("chance", {})
        if isinstance(a, Roll):
            chance["dice"] = {"WHITE": sorted(a.light), "BLACK": sorted(a.dark)}
        elif isinstance(a, Draw):
            holder = next(p.seat for p in self.g.players if p.action == "production" and not p.eliminated)
            chance["productionDraw"] = {"player": self.colours[holder], "goods": list(a.cubes)}
        else:
            raise ExportError(f"the chance event {a.kind} has no place in choochoo's record")
        feed(self.game, a.to_json())

    def _action(self, a: Action) -> None:
        g = self.g
        index = len(self.actions) + 1
        if g.phase not in _PHASES:
            raise ExportError(f"action {index} ({a.kind}) is in our phase {g.phase}, which choochoo does not have")
        name, data, more = self._translate(g, a, index)
        entry = {"index": index, "round": g.turn, "phase": _PHASES[g.phase], "player": self.colours[a.actor]}
        self.actions.append({**entry, "actionName": name, "actionData": data, **more})
        feed(self.game, a.to_json())
        self.snapshots.append({"index": index})

    # --- the starting position -----------------------------------------------------------------

    def _initial_state(self, drawn: dict[str, list[str]]) -> dict[str, Any]:
        g = self.g
        self.letters = list(g.new_cities_left)
        assert g.to_move is not None
        return {
            "round": g.turn,
            "phase": _PHASES[g.phase],
            "currentPlayer": self.colours[g.to_move],
            "turnOrder": [self.colours[s] for s in g.order],
            "players": [
                {
                    "colour": self.colours[p.seat],
                    "playerId": p.seat + 1,
                    "money": p.cash,
                    "income": p.income,
                    "shares": p.shares,
                    "loco": p.engine,
                }
                for p in g.players
            ],
            "bag": dict(sorted(g.bag.items())),
            "spaces": self._spaces(drawn),
            "availableCities": [self._new_city(i, letter) for i, letter in enumerate(self.letters)],
            "interCityConnections": [
                {"id": self.connections[s.id], "connects": [self.coords(e) for e in s.ends], "cost": s.cost}
                for s in g.map.special_links
                if s.id in self.connections
            ],
        }

    def _spaces(self, drawn: dict[str, list[str]]) -> list[dict[str, Any]]:
        board = self.g.map
        multi = [i for i, c in enumerate(board.cities) if len(c.hexes) > 1]
        out = []
        for h in sorted(range(board.size), key=lambda h: (board.cols[h], board.ys[h])):
            space: dict[str, Any] = {**self.coords(h), "label": board.labels[h]}
            if h in board.city_at:
                idx = board.city_at[h]
                space["type"] = "CITY"
                space["city"] = self._city(h, drawn, multi.index(idx) + 1 if idx in multi else None)
                out.append(space)
                continue
            if board.terrain[h] not in _TERRAIN:
                raise ExportError(f"{board.labels[h]}: choochoo has no terrain {board.terrain[h]}")
            space["type"] = _TERRAIN[board.terrain[h]]
            if h in board.towns:
                space["townName"] = board.towns[h]
            blocked = [DIRECTION_NAMES[e] for e in range(6) if (h, e) in board.blocked]
            if blocked:
                space["unpassableEdges"] = blocked
            route = next((s for s in board.special_links if h in s.via), None)
            if route is not None:
                space["tile"] = self._route_tile(h, route.ends, route.cost)
            out.append(space)
        return out

    def _city(self, h: int, drawn: dict[str, list[str]], same: int | None) -> dict[str, Any]:
        g = self.g
        city = g.map.cities[g.map.city_at[h]]
        if city.hex != h:  # another hex of a city covering several: choochoo names only the first
            out: dict[str, Any] = {"name": "", "accepts": [], "growth": [], "goods": [], "startingNumCubes": 0}
        else:
            out = {
                "name": city.name,
                "accepts": list(city.colours),
                "growth": [self._growth(col) for col in city.growth],
                "goods": [c for c, n in sorted(g.cubes.get(h, {}).items()) for _ in range(n)],
                "startingNumCubes": len(drawn.get(g.label(h), [])),
            }
        if same is not None:
            out["sameCity"] = same
        return out

    def _growth(self, column: str, display: str | None = None) -> dict[str, Any]:
        group, number = cc_growth(column)
        return {"group": group, "number": number, "display": list(reversed(self.g.display[display or column]))}

    def _new_city(self, index: int, letter: str) -> dict[str, Any]:
        colour, column = self.g.rules.NEW_CITIES[letter]
        growth = self._growth(column, letter)
        return {"index": index, "letter": letter, "accepts": [colour], "growth": [growth], "goods": []}

    def _route_tile(self, h: int, ends: tuple[int, int], cost: int) -> dict[str, Any]:
        """A special link over hex ``h`` as choochoo's claimable pre-printed track joining its two ends."""
        board = self.g.map
        edges = []
        for end in ends:
            places = set(board.cities[board.city_at[end]].hexes) if end in board.city_at else {end}
            edges += [e for e in range(6) if board.neighbours[h][e] in places]
        if len(edges) != 2:
            raise ExportError(f"{board.labels[h]}: its pre-printed route does not run between two neighbours")
        tile_type, orientation = cc_tile(((min(edges), max(edges)),), town=False)
        exits = cc_exits(tile_type, orientation)
        return {
            "tileType": tile_type,
            "orientation": orientation,
            "owners": [None],
            "exits": exits,
            "claimableCost": [cost],
        }

    # --- one decision --------------------------------------------------------------------------

    def _translate(self, g: GameState, a: Action, index: int) -> CcAction:
        if isinstance(a, IssueShares):
            return "takeShares", {"numShares": a.count}, {}
        if isinstance(a, Bid):
            return "bid", {"bid": a.amount}, {}
        if isinstance(a, DropOut):
            return "pass", {}, {}
        if isinstance(a, TurnOrderPass):
            return "turnOrderPass", {}, {}
        if isinstance(a, SelectAction):
            if a.action == NO_ACTION:
                return SKIP_SELECT, {}, {}
            if a.action not in _ACTIONS:
                raise ExportError(f"action {index}: choochoo has no special action {a.action}")
            return "select", {"action": _ACTIONS[a.action]}, {}
        if isinstance(a, Urbanize):
            city = self.letters.index(a.city)
            self.letters.pop(city)
            return "urbanize", {"cityIndex": city, "coordinates": self.at(a.hex)}, {"newCity": {"letter": a.city}}
        if isinstance(a, Build):
            return self._build(g, a)
        if isinstance(a, EndBuild):
            return "done", {}, {}
        if isinstance(a, Deliver):
            return "move", self._move(g, a), {}
        if isinstance(a, UpgradeEngine):
            return "locomotive", {}, {}
        if isinstance(a, SkipMove):
            return "pass", {}, {}
        if isinstance(a, PlaceCube):
            return "production", self._production(g, a), {}
        data = a.to_json()
        if a.kind == "build_link":
            link = next(s for s in g.map.special_links if s.id == data["link"])
            if len(link.via) == 1:
                return "claim", {"coordinates": self.coords(link.via[0])}, {}
            if link.id in self.connections:
                return "connect-cities", {"id": self.connections[link.id]}, {}
        if a.kind == "heavy_lift":
            return (
                "heavy-lifting",
                {"startingCity": self.at(data["city"]), "endingCity": self.at(data["to"]), "good": data["colour"]},
                {},
            )
        raise ExportError(f"action {index} ({a.kind}) has no choochoo counterpart")

    def _build(self, g: GameState, a: Build) -> CcAction:
        """choochoo's tile for our tracks; ``ours`` when the importer would take another tile or rotation."""
        town = g.is_town(g.map.by_label[a.hex])
        tracks = oriented(a.tile, a.rotation, town and not TILE_TYPES[a.tile].is_town_tile)
        tile_type, orientation = cc_tile(tracks, town)
        more = {}
        if our_tile(tile_type, orientation, town, g.supply) != (a.tile, a.rotation):
            more["ours"] = {"tile": a.tile, "rotation": a.rotation}
        return "build", {"coordinates": self.at(a.hex), "tileType": tile_type, "orientation": orientation}, more

    def _move(self, g: GameState, a: Deliver) -> dict[str, Any]:
        """Our delivery as choochoo's path: each link to the stop where it ends (the hex its track enters, on a
        city covering several), with its owner."""
        net = g.network
        h = g.map.by_label[a.city]
        here = g.city_hex(h)
        here = h if here is None else here
        start_coords = self.coords(here)
        path = []
        for lid in a.links:
            link = net.links[lid]
            here = link.other(here)
            ends = net.chains[link.chain].ends if link.chain >= 0 else ()
            stop = next((e.hex for e in ends if e.stop == here), here)
            owner = None if link.owner is None else self.colours[link.owner]
            path.append({"owner": owner, "endingStop": self.coords(stop)})
        return {"startingCity": start_coords, "good": a.colour, "path": path}

    def _production(self, g: GameState, a: PlaceCube) -> dict[str, Any]:
        """Our display box as choochoo's city growth list and ``row`` (counted from the box growth takes last)."""
        column, box = a.box.split("/")
        new_city = column in g.rules.NEW_CITIES
        group, number = cc_growth(g.rules.NEW_CITIES[column][1] if new_city else column)
        row = len(g.display[column]) - int(box)
        return {"urbanized": new_city, "good": g.produced[0], "cityGroup": group, "onRoll": number, "row": row}


def export_record(record: Record, source: str = "") -> Export:
    """``record`` (one of our games, finished or not) in choochoo's format; ``source`` names where it came from.

    Raises :class:`ExportError` for a game choochoo cannot hold, and the engine's refusal for a record that does
    not replay.
    """
    return _Exporter(record, source).run()


def write_export(export: Export, path: str | Path) -> Path:
    """Write ``record.json`` at ``path`` and the snapshots next to it (where the importer looks); return the
    snapshots' path. Each file is written whole or not at all."""
    p = Path(path)
    sp = default_snapshots_path(p)
    _write(p, json.dumps(export.record, indent=1) + "\n")
    _write(sp, "".join(json.dumps(s, separators=(",", ":")) + "\n" for s in export.snapshots))
    return sp


def _write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
