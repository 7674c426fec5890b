"""The game state: everything a replay of the record rebuilds.

The state is plain mutable data. Only the rules (``ageofsteam.rules``) change it, through actions that
were checked first, so a refused action never leaves a trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.mapdata import MapData
from ageofsteam.board.tiles import Track
from ageofsteam.engine.mapstate import MapState

if TYPE_CHECKING:
    from ageofsteam.board.network import Network
    from ageofsteam.rules.base import BaseRules


@dataclass(slots=True)
class Player:
    """One seat's figures."""

    seat: int
    name: str
    colour: str
    cash: int
    income: int
    shares: int
    engine: int
    eliminated: bool = False
    action: str | None = None  # the special action held since the last Select Actions phase
    has_built: bool = False  # the first-tile rule applies until this player's first tile


@dataclass(slots=True)
class PlacedTile:
    """A tile on a hex. ``tracks[i]`` belongs to ``owners[i]`` (a seat, or None: unowned)."""

    tile: str
    rotation: int
    disk: bool
    tracks: list[Track]
    owners: list[int | None]

    def track_at(self, edge: int) -> int:
        """Index of the track with an end at ``edge``, or -1."""
        for i, (a, b) in enumerate(self.tracks):
            if a == edge or b == edge:
                return i
        return -1

    @property
    def is_town(self) -> bool:
        return any(b == TOWN for _, b in self.tracks)


@dataclass(slots=True)
class Auction:
    """Phase II in progress."""

    bidders: list[int]  # still in, in current player order
    bids: dict[int, int] = field(default_factory=dict)  # each player's latest bid
    high: int = 0
    high_bidder: int | None = None
    dropped: list[int] = field(default_factory=list)  # in the order they dropped out
    pass_used: bool = False
    turn: int = 0  # index into ``bidders`` of the player to act


@dataclass(slots=True)
class BuildTurn:
    """One player's build in phase IV."""

    player: int
    builds_left: int
    may_urbanize: bool
    hexes: set[int] = field(default_factory=set)  # hexes changed this build
    new_tracks: set[tuple[int, Track]] = field(default_factory=set)  # track laid (not redirected) this build
    builds_done: int = 0
    spent: list[int] = field(default_factory=list)  # cost of each build, for rules that discount one


@dataclass(slots=True)
class GameState:
    """Everything about a game in progress."""

    map: MapData
    rules: BaseRules
    options: dict[str, Any]
    players: list[Player]
    start_players: int
    rules_version: int = 1  # the version of the map's rules the game is played by (its record's)
    turn: int = 0
    last_turn: int = 0
    phase: str = "setup"
    order: list[int] = field(default_factory=list)  # player order, first player first
    to_move: int | None = None  # a seat, CHANCE (-1), or None when the game is over
    pending: list[int] = field(default_factory=list)  # players still to act in this phase step
    over: bool = False
    # board
    tiles: dict[int, PlacedTile] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)
    disks: int = 0
    new_cities: dict[int, str] = field(default_factory=dict)  # town hex → New City letter placed there
    new_cities_left: list[str] = field(default_factory=list)
    special_link_owners: dict[str, int | None] = field(default_factory=dict)  # built link id → seat
    # goods
    cubes: dict[int, dict[str, int]] = field(default_factory=dict)  # city hex → colour → count
    display: dict[str, list[str | None]] = field(default_factory=dict)  # column → boxes, top first
    bag: dict[str, int] = field(default_factory=dict)
    # phase sub-states
    auction: Auction | None = None
    build: BuildTurn | None = None
    move_round: int = 0
    engine_upgraded: set[int] = field(default_factory=set)  # players who upgraded in this move phase
    produced: list[str] = field(default_factory=list)  # Production cubes drawn and not yet placed
    step: str | None = None  # the step within the phase (setup: "cubes", "order"; goods growth: "draw", "roll")
    log: list[str] = field(default_factory=list)
    map_state: MapState = field(default_factory=MapState)  # the map's own figures, typed by the map (STATE)
    _network: Network | None = None

    def copy(self) -> GameState:
        """An independent copy of the position, for search: play on it never touches this one. The board
        (``map``), the rules, the options and the network of places and links (rebuilt after any board
        change) are shared, being never changed in place; everything play changes is copied."""
        a, b = self.auction, self.build
        return GameState(
            self.map,
            self.rules,
            self.options,
            [
                Player(
                    p.seat, p.name, p.colour, p.cash, p.income, p.shares, p.engine, p.eliminated, p.action, p.has_built
                )
                for p in self.players
            ],
            self.start_players,
            self.rules_version,
            self.turn,
            self.last_turn,
            self.phase,
            self.order[:],
            self.to_move,
            self.pending[:],
            self.over,
            {h: PlacedTile(t.tile, t.rotation, t.disk, t.tracks, t.owners[:]) for h, t in self.tiles.items()},
            self.supply.copy(),
            self.disks,
            self.new_cities.copy(),
            self.new_cities_left[:],
            self.special_link_owners.copy(),
            {h: c.copy() for h, c in self.cubes.items()},
            {col: boxes[:] for col, boxes in self.display.items()},
            self.bag.copy(),
            None
            if a is None
            else Auction(a.bidders[:], a.bids.copy(), a.high, a.high_bidder, a.dropped[:], a.pass_used, a.turn),
            None
            if b is None
            else BuildTurn(
                b.player, b.builds_left, b.may_urbanize, b.hexes.copy(), b.new_tracks.copy(), b.builds_done, b.spent[:]
            ),
            self.move_round,
            self.engine_upgraded.copy(),
            self.produced[:],
            self.step,
            self.log[:],
            self.map_state.copy(),
            self._network,
        )

    # --- derived views -----------------------------------------------------------------------

    @property
    def network(self) -> Network:
        """The places and links made by the track on the board (recomputed after the board changes)."""
        if self._network is None:
            self._network = self.rules.build_network(self)
        return self._network

    def board_changed(self) -> None:
        self._network = None

    def label(self, hex_id: int) -> str:
        return self.map.labels[hex_id]

    def player_name(self, seat: int) -> str:
        return self.players[seat].name

    def active_players(self) -> list[int]:
        """Seats not eliminated, in player order."""
        return [p for p in self.order if not self.players[p].eliminated]

    def city_hex(self, hex_id: int) -> int | None:
        """The hex standing for the city on ``hex_id`` (printed or New City), or None."""
        idx = self.map.city_at.get(hex_id)
        if idx is not None:
            return self.map.cities[idx].hex
        if hex_id in self.new_cities:
            return hex_id
        return None

    def is_city(self, hex_id: int) -> bool:
        return hex_id in self.map.city_at or hex_id in self.new_cities

    def is_town(self, hex_id: int) -> bool:
        return hex_id in self.map.towns and hex_id not in self.new_cities

    def city_name(self, city: int) -> str:
        idx = self.map.city_at.get(city)
        if idx is not None:
            return self.map.cities[idx].name
        return f"New City {self.new_cities[city]} ({self.map.towns.get(city, self.label(city))})"

    def stop_name(self, stop: int) -> str:
        if self.is_city(stop):
            return self.city_name(stop)
        if stop in self.rules.track_end_hexes(self) and stop not in self.map.towns:  # by feature: "volcano W10"
            kind = next(iter(self.map.features.get(stop, {})), "")
            return f"{kind.replace('_', ' ')} {self.label(stop)}".strip()
        return self.map.towns.get(stop, self.label(stop))

    def city_colours(self, city: int) -> tuple[str, ...]:
        idx = self.map.city_at.get(city)
        if idx is not None:
            return self.map.cities[idx].colours
        return (self.rules.NEW_CITIES[self.new_cities[city]][0],)

    def say(self, line: str) -> None:
        self.log.append(line)
