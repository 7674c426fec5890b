"""Scenarios: a small human-written TOML file that starts from a map's standard setup and states what differs.

The format is documented in ``docs/scenario-format.md``. A scenario becomes part of the game record
(``Record.scenario``), applied right after the setup chance events, so a game started from a scenario
replays exactly like any other.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import TILE_TYPES, TOWN_DISKS, manifest, oriented
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.state import BuildTurn, GameState, PlacedTile
from ageofsteam.rules.track_placement import pointing_refusal


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerSpec(_Strict):
    seat: int = Field(ge=0)
    name: str | None = None
    cash: int | None = Field(default=None, ge=0)
    income: int | None = None
    shares: int | None = Field(default=None, ge=0)
    engine: int | None = Field(default=None, ge=1)
    action: str | None = None
    eliminated: bool = False
    has_built: bool | None = None


class TrackSpec(_Strict):
    hex: str
    tile: str
    rotation: int = Field(default=0, ge=0, le=5)
    owner: int | None = None  # the owner of every track on the tile
    owners: list[int | None] | None = None  # or one owner per track, in the engine's track order; -1: unowned


class Scenario(_Strict):
    """A position: the map's standard setup, then these differences."""

    map: str = "rust-belt"
    players: int = Field(default=3, ge=1, le=8)
    seed: int = 1
    options: dict[str, Any] = Field(default_factory=dict)
    turn: int = Field(default=1, ge=1)
    phase: Literal["issue_shares", "player_order", "select_actions", "build_track", "move_goods", "goods_growth"] = (
        "issue_shares"
    )
    to_move: int | None = None
    order: list[int] | None = None
    move_round: int = Field(default=1, ge=1, le=2)
    player: list[PlayerSpec] = Field(default_factory=list)
    cubes: dict[str, list[str]] | None = None  # city hex → cubes; cities not named keep theirs
    empty_cities: bool = False  # start every city empty before applying ``cubes``
    display: dict[str, list[str | None]] | None = None  # columns named replace the drawn ones; "" is an empty box
    track: list[TrackSpec] = Field(default_factory=list)
    new_cities: dict[str, str] = Field(default_factory=dict)  # town hex → New City letter
    extra: dict[str, Any] = Field(default_factory=dict)  # the map's own figures (its ``MapState`` fields) to replace
    special_links: dict[str, int | None] = Field(default_factory=dict)  # built special link id → owner seat

    @classmethod
    def parse(cls, data: dict[str, Any], source: str = "scenario") -> Scenario:
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "scenario"
            raise BadInput(f"{source}: field '{where}': {err['msg']}") from None

    @classmethod
    def loads(cls, text: str, source: str = "scenario") -> Scenario:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise BadInput(f"{source}: {exc}") from None
        return cls.parse(data, source)

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        p = Path(path)
        try:
            return cls.loads(p.read_text(encoding="utf-8"), p.name)
        except OSError as exc:
            raise BadInput(f"cannot read {p}: {exc.strerror}") from None


def _hex(g: GameState, text: str, where: str) -> int:
    h = g.map.by_label.get(text.upper())
    if h is None:
        raise BadInput(f"{where}: there is no hex {text!r} on {g.map.name}")
    return h


def apply_scenario(g: GameState, s: Scenario) -> None:
    """Change a freshly set-up state into the scenario's position (raises BadInput naming the field)."""
    n = len(g.players)
    for i, spec in enumerate(s.player):
        where = f"player #{i + 1}"
        if spec.seat >= n:
            raise BadInput(f"{where}: seat {spec.seat} does not exist in a {n}-player game")
        p = g.players[spec.seat]
        for key in ("name", "cash", "income", "shares", "engine"):
            value = getattr(spec, key)
            if value is not None:
                setattr(p, key, value)
        if spec.action is not None and spec.action not in g.rules.ACTIONS:
            raise BadInput(f"{where}: unknown action {spec.action!r}")
        p.action = spec.action
        p.eliminated = spec.eliminated
    if s.order is not None:
        if sorted(s.order) != sorted(p.seat for p in g.players if not p.eliminated):
            raise BadInput("order: must list every seat still in the game once")
        g.order = list(s.order)
    else:
        g.order = [p for p in g.order if not g.players[p].eliminated]

    for lab, letter in s.new_cities.items():
        h = _hex(g, lab, "new_cities")
        if h not in g.map.towns:
            raise BadInput(f"new_cities: {lab} is not a town")
        if letter not in g.new_cities_left:
            raise BadInput(f"new_cities: New City {letter!r} does not exist or is used twice")
        g.new_cities[h] = letter
        g.new_cities_left.remove(letter)
        g.cubes.setdefault(h, {})

    if s.empty_cities:
        for city in g.cubes:
            g.cubes[city] = {}
    for lab, listed in (s.cubes or {}).items():
        h = _hex(g, lab, "cubes")
        target = g.city_hex(h)
        if target is None:
            raise BadInput(f"cubes: {lab} is not a city")
        city = target
        g.cubes[city] = {}
        for c in listed:
            g.cubes[city][c] = g.cubes[city].get(c, 0) + 1
    for col, boxes in (s.display or {}).items():
        if col not in g.display:
            raise BadInput(f"display: there is no column {col!r} (columns: {', '.join(g.display)})")
        if len(boxes) != len(g.display[col]):
            raise BadInput(f"display.{col}: the column has {len(g.display[col])} boxes")
        g.display[col] = [c or None for c in boxes]  # TOML has no null: "" stands for an empty box

    g.map_state = g.map_state.replaced(s.extra)  # parsed afresh: never shared with the record
    g.supply = manifest()
    g.disks = TOWN_DISKS
    for i, t in enumerate(s.track):
        where = f"track #{i + 1} ({t.hex})"
        h = _hex(g, t.hex, where)
        if t.tile not in TILE_TYPES:
            raise BadInput(f"{where}: unknown tile {t.tile!r}")
        if not g.rules.can_hold_track(g, h):
            raise BadInput(f"{where}: no track can be on {g.map.terrain[h] if not g.is_city(h) else 'a city'}")
        town = g.is_town(h)
        tt = TILE_TYPES[t.tile]
        if tt.is_town_tile and not town:
            raise BadInput(f"{where}: a town tile must be on a town")
        disk = town and not tt.is_town_tile
        tracks = list(oriented(t.tile, t.rotation, disk))
        for edge in sorted({e for track in tracks for e in track if e != TOWN}):
            refusal = pointing_refusal(g, h, edge)
            if refusal is not None:
                raise BadInput(f"{where}: {refusal}")
        owners = [None if o == -1 else o for o in t.owners] if t.owners is not None else [t.owner] * len(tracks)
        if len(owners) != len(tracks):
            raise BadInput(f"{where}: the tile has {len(tracks)} tracks but {len(owners)} owners are given")
        if any(o is not None and not 0 <= o < n for o in owners):
            raise BadInput(f"{where}: an owner is not a seat of this game")
        if g.supply[t.tile] <= 0:
            raise BadInput(f"{where}: no {tt.title} tiles are left")
        g.supply[t.tile] -= 1
        g.disks -= 1 if disk else 0
        g.tiles[h] = PlacedTile(t.tile, t.rotation, disk, tracks, list(owners))
    if g.disks < 0:
        raise BadInput("track: more than 8 town disks are used")
    g.board_changed()
    for chain in g.network.chains:
        if len({g.tiles[h].owners[i] for h, i in chain.tracks}) > 1:
            hexes = ", ".join(sorted({g.label(h) for h, _ in chain.tracks}))
            raise BadInput(f"track: the track at {hexes} joins into one section but has different owners")
    for spec in s.player:
        p = g.players[spec.seat]
        if spec.has_built is not None:
            p.has_built = spec.has_built
    for p in g.players:
        if any(p.seat in t.owners for t in g.tiles.values()):
            p.has_built = True

    known_links = {link.id for link in g.map.special_links}
    for link_id, owner in s.special_links.items():
        if link_id not in known_links:
            raise BadInput(f"special_links: there is no special link {link_id!r} on {g.map.name}")
        if owner is not None and not 0 <= owner < n:
            raise BadInput(f"special_links.{link_id}: {owner} is not a seat of this game")
        g.special_link_owners[link_id] = owner
    g.rules.settle_scenario(g, s.extra)
    g.board_changed()  # a map may build its network from its own figures
    # the bag holds every cube not elsewhere (a map's own places included: ``extra_goods``)
    total = dict(g.rules.BAG)
    for c, k in g.rules.extra_goods(g).items():
        total[c] = total.get(c, 0) - k
    for held in g.cubes.values():
        for c, k in held.items():
            total[c] = total.get(c, 0) - k
    for boxes in g.display.values():
        for box in boxes:
            if box is not None:
                total[box] = total.get(box, 0) - 1
    for c, k in total.items():
        if k < 0:
            raise BadInput(f"cubes/display: {-k} more {c} cubes are placed than the game has")
    g.bag = total

    g.turn = s.turn
    enter_phase(g, s.phase, s.to_move, s.move_round)
    problems = g.rules.extra_invariants(g)
    if problems:
        raise BadInput(f"scenario: this position cannot occur in play: {problems[0]}")


def enter_phase(g: GameState, name: str, to_move: int | None, move_round: int = 1) -> None:
    """Start phase ``name`` as the rules would, then hand the move to ``to_move`` if given."""
    g.step = None
    g.phase = name
    phase = g.rules.phase_map[name]
    if name == "move_goods" and move_round == 2:
        g.move_round = 1
    if phase.begin(g):
        raise BadInput(f"phase: nothing can happen in {phase.title} in this position")
    if name == "move_goods" and move_round == 2:
        g.move_round = 2
    if to_move is None or to_move == g.to_move:
        return
    if g.auction is not None:
        if to_move not in g.auction.bidders:
            raise BadInput(f"to_move: seat {to_move} is not in the auction")
        g.auction.turn = g.auction.bidders.index(to_move)
        g.to_move = to_move
        return
    if to_move not in g.pending:
        raise BadInput(f"to_move: seat {to_move} does not act in {phase.title}")
    g.pending = g.pending[g.pending.index(to_move) :]
    g.to_move = to_move
    if g.build is not None:
        p = g.players[to_move]
        g.build = BuildTurn(
            to_move, g.rules.builds_allowed(g, to_move), p.action == "urbanization" and bool(g.new_cities_left)
        )
