"""Import a game recorded by choochoo.games into our game record.

The input is the data documented in ``shared/conformance/choochoo/README.md``: a ``record.json`` (the setup
and every action, with names instead of choochoo's enum numbers) and its ``snapshots.jsonl`` (choochoo's state
after the setup and after every action). The snapshots are needed for the chance outcomes: choochoo's dice are
only recorded there.

How things translate:

* **Hexes.** choochoo spaces carry their printed label (``"L7"``), which is exactly our hex label. The board
  is checked hex by hex against our map (terrain, towns, cities, colours, display columns) before anything
  else, so a map mismatch is reported as such and never as a rules difference.
* **Directions.** ``TOP``/``TOP_RIGHT``/``BOTTOM_RIGHT``/``BOTTOM``/``BOTTOM_LEFT``/``TOP_LEFT`` are our
  edges 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; ``TOWN`` is our town centre.
* **Tiles.** A choochoo tile type at an orientation gives a set of tracks (the README's table, turned clockwise
  by the orientation's edge number). Our tile and rotation are *derived* from that: the first of the candidate
  tiles in :data:`OUR_TILES` with a rotation whose tracks are exactly those tracks (pairing included), lowest
  rotation first. On a town hex choochoo's ``TOWN_STRAIGHT``/``CURVE``/``TIGHT`` are our simple tiles with a
  town disk, and ``TOWN_X``/``TOWN_CHICKEN_FOOT``/``TOWN_K`` complex tiles with a disk. A disk joins every
  exit at the town, so two physical tiles can give the same track; then the one with more copies in the
  manifest is taken (``x`` before ``two_gentle``; ``bow`` before the gentle-and-sharp pair; ``gentle_crossing``
  before ``straight_sharp``), or the next one if none is left in the supply at that moment.
* **Maps.** Rust Belt, Heavy Cardboard and Detroit Bankruptcy (choochoo's ``detroit-bankruptcy``; its solo
  variant is that map with one player, as in choochoo). Detroit's two $6 city links are choochoo's
  ``interCityConnections`` (checked against our special links, cost included) and its two river crossings
  claimable pre-printed routes, like Heavy Cardboard's ferries.
* **Players.** Seats follow ``record.json`` ``players`` (seat order); a seat is named after its choochoo colour,
  or by its ``name`` when the entry has one (a game exported by :mod:`~ageofsteam.conformance.choochoo_export`).
* **Actions.** ``takeShares`` → ``issue_shares``; in TURN_ORDER ``bid`` → ``bid``, ``pass`` → ``drop_out``,
  ``turnOrderPass`` → ``turn_order_pass``; ``select`` → ``select_action``; ``build`` → ``build``;
  ``urbanize`` → ``urbanize`` (the New City letter is the tile ``cityIndex`` picked from choochoo's shrinking
  list, checked against ``newCity``); ``done`` → ``end_build``; ``move`` → ``deliver``, each path step being the
  link from the current stop to ``endingStop`` with the recorded owner (if two such links exist, the one with
  the smallest id: they pay the same); in MOVING ``locomotive`` → ``upgrade_engine`` and ``pass`` →
  ``skip_move``; ``claim`` → ``build_link`` of the special link whose ``via`` holds the claimed hex (choochoo's
  pre-printed claimable routes are checked against our special links, cost included, and its impassable edges
  against our blocked edges); ``connect-cities`` → ``build_link`` of the special link joining the connection's
  two places (the connection named by its ``id`` in the record's ``interCityConnections``; choochoo numbers
  them from 1); ``heavy-lifting`` → the map's ``heavy_lift`` (start city, cube, destination); Detroit's solo
  ``skip-select`` → ``select_action`` ``no_action``; in GOODS_GROWTH ``production`` → ``place_cube`` (the box
  of the display column named by ``urbanized``/``cityGroup``/``onRoll``, choochoo's ``row`` counted from the
  box growth takes last; our Production places the cubes in the order drawn, so ``good`` must be the next).
* **Cities over several hexes.** choochoo names such a city on its first hex and leaves the others nameless
  and empty (checked); its cubes are counted on that first hex, as ours are. Cubes the map's own setup places
  before the draw (Heavy Cardboard's five) are taken out of choochoo's setup cubes for that city.
* **Decisions our engine takes by itself.** Where our engine decides by itself and choochoo waits for the player,
  choochoo records the decision and we feed nothing for it (the step is marked ``taken``; the position does not
  change): Detroit's solo ``skip-select`` when no action disk is open to the player (our engine gives them no
  action), and a ``done`` ending a build turn our engine already ended (after the Engineer's free bridge, the
  next build costing more than the player has; after the last build when only a late Urbanization was left).
  Likewise choochoo forfeits a Production with no open display box and draws nothing, while our engine draws
  the cubes and puts them back at once: the draw is then made of the first cubes of the bag (by colour) and
  named in the step's ``note``; the bag ends as it was.
* **Forced follow-ups.** choochoo's ``forcedFollowUps`` (a player at 15 shares taking none, a player who
  cannot bid dropping out, a build ending below $2) are taken by our engine by itself as well, so they are
  not fed. Should our engine still wait for that player's decision there (our rules leaving a choice that
  choochoo's did not), the follow-up is inserted as that player's action and named in the step's ``note``.
  The lock-step comparison checks that both engines then wait for the same player.
* **Chance.** The setup display and city cubes become our ``setup`` action. choochoo's goods-growth lists run
  bottom box first (growth takes from the end), ours top box first (growth takes the first full box), so
  every column is reversed: the same cubes move. The opening turn order becomes ``player_order``; the dice of
  each snapshot's ``chance`` become a ``roll`` (WHITE = light half, BLACK = dark half; sorted in both), its
  ``productionDraw`` a ``draw``.
* **Our own additions.** A game exported by us carries what choochoo's format cannot hold, all ignored by
  choochoo: ``game.options`` (our game options), the players' ``name`` and, on a ``build`` where the tracks
  alone do not tell our tile (a crossing or a coexisting tile with a town disk), ``ours``: our tile and
  rotation, used when it lays exactly the recorded tracks.
* **Deviations.** Where a recorded action breaks our rules but an equivalent legal action exists, the
  translation uses the legal one and lists a :class:`Deviation` that names the rule and the digest sentence
  behind it. The only kind so far is ``urbanize_late`` (see :data:`URBANIZE_LATE`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ageofsteam.board.tiles import TILE_TYPES, oriented
from ageofsteam.conformance.choochoo_names import (
    CC_ACTIONS,
    CC_DIRECTIONS,
    CC_MAPS,
    CC_PHASES,
    CC_TERRAIN,
    SKIP_SELECT,
    _column,
    _our_column,
    our_tile,
    qr_key,
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
    PlayerOrder,
    Roll,
    SelectAction,
    Setup,
    SkipMove,
    TurnOrderPass,
    UpgradeEngine,
    Urbanize,
    parse_action,
)
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record, Seat
from ageofsteam.engine.state import GameState
from ageofsteam.maps.detroit.rules import NO_ACTION

URBANIZE_LATE = (
    "urbanization timing",
    "Urbanization | Phase IV, at the **start of own build, before building any track** | Place one New City "
    'tile of your choice on any Town hex. (digest §III; §IV.7: "places any one remaining New City tile on any '
    'Town hex, before laying track")',
)


@dataclass
class Step:
    """What one choochoo action (``index``; 0 is the setup) became: our actions, chance outcomes included."""

    index: int
    source: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""
    taken: bool = False  # a decision our engine had already taken by itself: nothing fed, the position unchanged


@dataclass
class Deviation:
    """A recorded action that breaks our rules, replaced by the equivalent legal action.

    ``urbanize_late``: choochoo let ``index``'s player urbanize after building; our rules place the New City
    before any track, so the urbanization is taken at the start of that build turn (before choochoo action
    ``moved_to``). Between the two, our board already shows the New City ``letter`` at ``hex``.
    """

    kind: str
    index: int
    moved_to: int
    rule: str
    digest: str
    detail: dict[str, Any]


@dataclass
class Failure:
    """A choochoo action that could not be translated or that our engine refused."""

    index: int
    message: str


@dataclass
class Translation:
    """A choochoo game as our record, with the choochoo action each of our actions came from."""

    record: Record
    steps: list[Step]
    colours: list[str]  # seat → choochoo colour
    deviations: list[Deviation]
    failure: Failure | None = None

    @property
    def seat_of(self) -> dict[str, int]:
        return {c: i for i, c in enumerate(self.colours)}


# --- helpers shared with the lock-step comparer -------------------------------------------------------------


Snapshots = list[dict[str, Any]]


def default_snapshots_path(record_path: str | Path) -> Path:
    """Where a record's snapshots lie by default: ``X.record.json`` or ``X.json`` → ``X.snapshots.jsonl``."""
    rp = Path(record_path)
    return rp.with_name(rp.name.removesuffix(".json").removesuffix(".record") + ".snapshots.jsonl")


def load(record_path: str | Path, snapshots_path: str | Path | None = None) -> tuple[dict[str, Any], Snapshots]:
    """Read a ``record.json`` and its snapshots (by default the ``.snapshots.jsonl`` next to it)."""
    rp = Path(record_path)
    sp = default_snapshots_path(rp) if snapshots_path is None else Path(snapshots_path)
    try:
        record = json.loads(rp.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadInput(f"cannot read {rp}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BadInput(f"{rp.name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    try:
        lines = sp.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BadInput(f"cannot read the snapshots {sp} (they hold choochoo's dice): {exc.strerror}") from None
    try:
        snapshots = [json.loads(line) for line in lines if line.strip()]
    except json.JSONDecodeError as exc:
        raise BadInput(f"{sp.name}: not valid JSON lines ({exc.msg})") from None
    return record, snapshots


def start(record: Record) -> Game:
    """A game at the start of ``record``, taking chance outcomes only from the actions it is fed."""
    from ageofsteam.maps import load_rules

    rules = load_rules(record.map)
    state = rules.new_state([(s.name, s.colour) for s in record.seats], record.options)
    return Game(record.model_copy(update={"actions": []}), state, auto_chance=False)


def feed(game: Game, data: dict[str, Any]) -> None:
    """Take one of our actions (a player's decision or a chance outcome)."""
    a = parse_action(data)
    if a.is_chance:
        game.supply_chance(a)
    else:
        game.apply(a)


# --- the translation ---------------------------------------------------------------------------------------


class ImportError_(BadInput):
    """The recorded game cannot be imported at all (wrong map, malformed data)."""


class _Translator:
    def __init__(self, cc: dict[str, Any], snapshots: list[dict[str, Any]]) -> None:
        self.cc = cc
        self.snapshots = snapshots
        game_info = cc.get("game", {})
        map_key = game_info.get("map")
        if map_key not in CC_MAPS:
            raise ImportError_(f"choochoo map {map_key!r} is not available here (maps: {', '.join(CC_MAPS)})")
        if game_info.get("variant"):
            raise ImportError_(f"choochoo variants are not supported: {game_info['variant']}")
        self.map_id = CC_MAPS[map_key]
        actions = cc.get("actions", [])
        if len(snapshots) != len(actions) + 1:
            raise ImportError_(f"{len(actions)} actions need {len(actions) + 1} snapshots, not {len(snapshots)}")
        for i, s in enumerate(snapshots):
            if s.get("index") != i:
                raise ImportError_(f"snapshot line {i} has index {s.get('index')}")
        players = sorted(cc["players"], key=lambda p: p["seat"])
        self.colours = [p["colour"] for p in players]
        self.seat_of = {c: i for i, c in enumerate(self.colours)}
        init = cc["initialState"]
        self.label_of = {qr_key(s): s["label"] for s in init["spaces"]}
        self.letters = [c["letter"] for c in init["availableCities"]]
        self.steps: list[Step] = []
        self.deviations: list[Deviation] = []
        self.record = Record(
            map=self.map_id,
            options=dict(game_info.get("options") or {}),  # our addition: the options of an exported game
            seats=[Seat(name=p.get("name") or p["colour"], colour=p["colour"]) for p in players],
            seed=_seed(game_info.get("startSeed")),
        )
        self.game = start(self.record)
        self.record.options = dict(self.game.state.options)
        self.claimable: dict[str, str] = {}  # choochoo "q,r" of a claimable pre-printed route → our special link
        self.connections: dict[str, str] = {}  # choochoo inter-city connection id → our special link
        self._check_map()
        self._check_connections()

    # --- setup -----------------------------------------------------------------------------------

    def _check_map(self) -> None:
        g = self.game.state
        rules = g.rules
        board = g.map
        init = self.cc["initialState"]
        if len(init["spaces"]) != board.size:
            raise ImportError_(f"choochoo's board has {len(init['spaces'])} hexes, ours {board.size}")
        for s in init["spaces"]:
            lab = s["label"]
            h = board.by_label.get(lab)
            if h is None:
                raise ImportError_(f"choochoo hex {lab} is not on our {board.name}")
            # choochoo lists an impassable edge on the hex beside a city, never on the city's own hexes
            blocked = sorted(CC_DIRECTIONS[e] for e in s.get("unpassableEdges", []))
            if blocked != ([] if h in board.city_at else [e for e in range(6) if (h, e) in board.blocked]):
                raise ImportError_(f"{lab}: choochoo's impassable edges {s.get('unpassableEdges', [])} are not ours")
            if s.get("tile"):
                self._check_claimable(s, h)
            if s["type"] == "CITY":
                city = s["city"]
                idx = board.city_at.get(h)
                if idx is None:
                    raise ImportError_(f"{lab} is a city in choochoo, not on our map")
                ours = board.cities[idx]
                if ours.hex != h:  # another hex of a city covering several: choochoo names only the first
                    if city.get("name") not in ("", ours.name) or city.get("goods") or city.get("growth"):
                        raise ImportError_(f"{lab}: choochoo has a city of its own here, we a hex of {ours.name}")
                    continue
                cols = tuple(_column(gr) for gr in city["growth"])
                if ours.name != city["name"] or set(ours.colours) != set(city["accepts"]) or ours.growth != cols:
                    raise ImportError_(
                        f"city {lab}: choochoo has {city['name']} {city['accepts']} {cols}, "
                        f"we have {ours.name} {list(ours.colours)} {ours.growth}"
                    )
            else:
                if board.terrain[h] not in CC_TERRAIN.get(s["type"], ()):
                    raise ImportError_(f"{lab}: choochoo terrain {s['type']}, ours {board.terrain[h]}")
                if board.towns.get(h) != s.get("townName"):
                    raise ImportError_(f"{lab}: choochoo town {s.get('townName')}, ours {board.towns.get(h)}")
        for c in init["availableCities"]:
            colour, col = rules.NEW_CITIES.get(c["letter"], (None, None))
            cols = tuple(_column(gr) for gr in c["growth"])
            if [colour] != c["accepts"] or (col,) != cols:
                raise ImportError_(f"New City {c['letter']}: choochoo {c['accepts']} {cols}, ours {colour} {col}")

    def _check_claimable(self, space: dict[str, Any], h: int) -> None:
        """A pre-printed claimable route must be one of our map's special links, with the same cost."""
        g = self.game.state
        tile = space["tile"]
        costs = set(tile.get("claimableCost") or [])
        links = [s for s in g.map.special_links if h in s.via]
        if not costs or len(links) != 1 or costs != {links[0].cost}:
            raise ImportError_(
                f"{space['label']}: choochoo's pre-printed route (cost {sorted(costs)}) is not one special link "
                f"of ours ({[(s.id, s.cost) for s in links]})"
            )
        self.claimable[self._key(space)] = links[0].id

    def _check_connections(self) -> None:
        """choochoo's inter-city connections must be our special links without a crossed hex (city links), with
        the same places and cost; with the claimable routes they must be all our special links."""
        g = self.game.state
        for c in self.cc["initialState"].get("interCityConnections") or []:
            ends = {g.map.by_label[self._hex(x)] for x in c["connects"]}
            links = [s for s in g.map.special_links if not s.via and set(s.ends) == ends and s.cost == c["cost"]]
            if len(links) != 1:
                names = " and ".join(sorted(self._hex(x) for x in c["connects"]))
                raise ImportError_(f"choochoo's inter-city connection {c['id']} ({names}, ${c['cost']}) is not ours")
            self.connections[str(c["id"])] = links[0].id
        ours = sorted(s.id for s in g.map.special_links)
        theirs = sorted([*self.claimable.values(), *self.connections.values()])
        if ours != theirs:
            raise ImportError_(f"choochoo's routes and connections {theirs} are not our special links {ours}")

    @staticmethod
    def _key(coords: dict[str, Any]) -> str:
        return qr_key(coords)

    def _setup(self) -> Step:
        init = self.cc["initialState"]
        g = self.game.state
        display: dict[str, list[str | None]] = {}
        cities: dict[str, list[str]] = {}
        for s in init["spaces"]:
            if s["type"] != "CITY":
                continue
            city = s["city"]
            h = g.map.by_label[s["label"]]
            if g.city_hex(h) != h:
                continue  # another hex of a city covering several (checked empty)
            goods = list(city["goods"])
            for colour, n in g.cubes.get(h, {}).items():  # placed by the map's own setup before the draw
                for _ in range(n):
                    if colour not in goods:
                        raise ImportError_(f"{s['label']}: our setup puts a {colour} cube here, choochoo does not")
                    goods.remove(colour)
            cities[s["label"]] = goods
            for gr in city["growth"]:
                display[_column(gr)] = _our_column(gr["display"])
        for c in init["availableCities"]:
            display[c["letter"]] = _our_column(c["growth"][0]["display"])
        layout = self.game.state.rules.display_layout(self.game.state)
        display = {col: display.get(col, [None] * n) for col, n in layout.items()}
        order = tuple(self.seat_of[c] for c in init["turnOrder"])
        step = Step(0, {"setup": True}, [Setup(display=display, cities=cities).to_json(), PlayerOrder(order).to_json()])
        return step

    # --- one action ------------------------------------------------------------------------------

    def _hex(self, coords: dict[str, Any]) -> str:
        key = qr_key(coords)
        if key not in self.label_of:
            raise BadInput(f"there is no space {key} on choochoo's board")
        return self.label_of[key]

    def _stop(self, g: GameState, coords: dict[str, Any]) -> int:
        h = g.map.by_label[self._hex(coords)]
        city = g.city_hex(h)
        return h if city is None else city

    def _taken_by_us(self, a: dict[str, Any]) -> str | None:
        """Why choochoo action ``a`` is a decision our engine already took by itself (None: it is not): a
        ``skip-select`` after our engine gave the player no action, a ``done`` after it ended their build turn."""
        g = self.game.state
        name, seat = a["actionName"], self.seat_of[a["player"]]
        if name == SKIP_SELECT and not (g.phase == "select_actions" and g.to_move == seat):
            action = g.players[seat].action
            if action not in (None, NO_ACTION):
                raise BadInput(f"choochoo's player takes no action, but ours already holds {action}")
            return "no action: our engine took it by itself (no action disk was open to the player)"
        if name == "done" and a["phase"] == "BUILDING":
            b = g.build
            if g.phase == "build_track" and b is not None and b.player == seat and g.to_move == seat:
                return None
            prev = self.steps[-1].source if self.steps else {}
            if (prev.get("player"), prev.get("phase"), prev.get("round")) != (a["player"], "BUILDING", a["round"]):
                raise BadInput("our engine is not in this player's build turn, and choochoo's was not just played")
            return "end of the build turn: our engine ended it by itself (nothing more it allows could be built)"
        return None

    def _actions_for(self, a: dict[str, Any]) -> list[Action]:
        g = self.game.state
        name, data, phase = a["actionName"], a.get("actionData") or {}, a["phase"]
        seat = self.seat_of[a["player"]]
        if name == "takeShares":
            return [IssueShares(seat, int(data["numShares"]))]
        if phase == "TURN_ORDER":
            if name == "bid":
                return [Bid(seat, int(data["bid"]))]
            if name == "pass":
                return [DropOut(seat)]
            if name == "turnOrderPass":
                return [TurnOrderPass(seat)]
        if name == "select":
            return [SelectAction(seat, CC_ACTIONS[data["action"]])]
        if name == SKIP_SELECT:
            return [SelectAction(seat, NO_ACTION)]
        if name == "build":
            return [self._build(g, seat, data, a.get("ours"))]
        if name == "urbanize":
            idx = int(data["cityIndex"])
            if not 0 <= idx < len(self.letters):
                raise BadInput(f"cityIndex {idx} is out of range: {len(self.letters)} New Cities are left")
            letter = self.letters.pop(idx)
            recorded = (a.get("newCity") or {}).get("letter", letter)
            if recorded != letter:
                raise BadInput(f"cityIndex {idx} is New City {letter}, but the record says {recorded}")
            return [Urbanize(seat, self._hex(data["coordinates"]), letter)]
        if name == "done":
            return [EndBuild(seat)]
        if name == "claim":
            key = qr_key(data["coordinates"])
            if key not in self.claimable:
                raise BadInput(f"there is no claimable route at {self._hex(data['coordinates'])}")
            return [parse_action({"kind": "build_link", "player": seat, "link": self.claimable[key]})]
        if name == "connect-cities":
            if str(data["id"]) not in self.connections:
                raise BadInput(f"there is no inter-city connection {data['id']!r}")
            return [parse_action({"kind": "build_link", "player": seat, "link": self.connections[str(data["id"])]})]
        if name == "production" and phase == "GOODS_GROWTH":
            return [self._place_cube(g, seat, data)]
        if name == "heavy-lifting":
            return [
                parse_action(
                    {
                        "kind": "heavy_lift",
                        "player": seat,
                        "city": self._hex(data["startingCity"]),
                        "colour": data["good"],
                        "to": self._hex(data["endingCity"]),
                    }
                )
            ]
        if phase == "MOVING":
            if name == "locomotive":
                return [UpgradeEngine(seat)]
            if name == "pass":
                return [SkipMove(seat)]
            if name == "move":
                return [self._deliver(g, seat, data)]
        raise BadInput(f"choochoo action {name!r} in {phase} is not supported")

    def _build(self, g: GameState, seat: int, data: dict[str, Any], hint: Any) -> Build:
        """Our tile for choochoo's tracks; the exporter's ``ours`` (our tile and rotation) when it lays them."""
        label = self._hex(data["coordinates"])
        town = g.is_town(g.map.by_label[label])
        tile, rotation = our_tile(data["tileType"], data["orientation"], town, g.supply)
        if isinstance(hint, dict) and hint.get("tile") in TILE_TYPES and isinstance(hint.get("rotation"), int):
            name, r = hint["tile"], hint["rotation"]
            if oriented(name, r, town and not TILE_TYPES[name].is_town_tile) == oriented(
                tile, rotation, town and not TILE_TYPES[tile].is_town_tile
            ):
                tile, rotation = name, r
        return Build(seat, label, tile, rotation)

    def _place_cube(self, g: GameState, seat: int, data: dict[str, Any]) -> PlaceCube:
        """choochoo's Production placement as our display box: the column of the city (``urbanized``: a New
        City) growing on ``cityGroup`` ``onRoll``; choochoo's ``row`` counts from the box growth takes last."""
        column = _column({"group": data["cityGroup"], "number": data["onRoll"]})
        if data["urbanized"]:
            column = next((k for k, (_, col) in g.rules.NEW_CITIES.items() if col == column), column)
        boxes = g.display.get(column)
        row = int(data["row"])
        if boxes is None or not 0 <= row < len(boxes):
            raise BadInput(f"choochoo's Production row {row} of {column} is not a box of our display")
        if not g.produced or g.produced[0] != data["good"]:
            raise IllegalAction(
                f"our Production places the cubes in the order drawn: next is {', '.join(g.produced[:1]) or 'none'}, "
                f"not {data['good']}"
            )
        return PlaceCube(seat, f"{column}/{len(boxes) - row}")

    def _deliver(self, g: GameState, seat: int, data: dict[str, Any]) -> Deliver:
        here = self._stop(g, data["startingCity"])
        start_label = g.label(here)
        net = g.network
        links: list[str] = []
        for k, step in enumerate(data["path"]):
            target = self._stop(g, step["endingStop"])
            owner = None if step.get("owner") is None else self.seat_of[step["owner"]]
            found = sorted(lk.id for lk in net.at_stop.get(here, []) if lk.other(here) == target and lk.owner == owner)
            if not found:
                who = step.get("owner") or "nobody"
                raise IllegalAction(
                    f"step {k + 1} of the move: no completed link owned by {who} runs from "
                    f"{g.stop_name(here)} to {g.stop_name(target)}"
                )
            links.append(found[0])
            here = target
        return Deliver(seat, start_label, data["good"], tuple(links))

    def _chance(self, index: int, step: Step) -> None:
        """Feed the chance outcomes our engine waits for after choochoo action ``index`` (its snapshot's
        ``chance``: the Production draw, then the dice) and add them to ``step``."""
        chance = self.snapshots[index].get("chance") or {}
        used: set[str] = set()
        while not self.game.state.over and self.game.state.to_move == CHANCE:
            g = self.game.state
            key = "productionDraw" if g.step == "draw" else "dice"
            if key in used or not (chance.get(key) or (key == "productionDraw" and self._no_open_box(g))):
                what = "draws for Production" if key == "productionDraw" else f"rolls for {g.phase}"
                raise IllegalAction(f"our engine {what} here, but choochoo recorded no {key}")
            used.add(key)
            if key == "dice":
                dice = chance["dice"]
                outcome: Action = Roll(tuple(sorted(dice["WHITE"])), tuple(sorted(dice["BLACK"])))
            elif chance.get(key):
                outcome = Draw(tuple(chance["productionDraw"]["goods"]))
            else:  # no open box: choochoo forfeits the Production, ours draws and puts the cubes back at once
                cubes = self._returned_draw(g)
                outcome = Draw(cubes)
                step.note += (
                    f"{'; ' if step.note else ''}our Production draws {', '.join(cubes)} and puts them back: "
                    "no open display box (choochoo forfeits the Production and draws nothing)"
                )
            feed(self.game, outcome.to_json())
            step.actions.append(outcome.to_json())

    @staticmethod
    def _no_open_box(g: GameState) -> bool:
        """No display box Production may fill is empty (our engine's Production then returns its cubes)."""
        rules = g.rules
        return not any(
            c is None for col, boxes in g.display.items() if rules.production_box_allowed(g, col) for c in boxes
        )

    @staticmethod
    def _returned_draw(g: GameState) -> tuple[str, ...]:
        """A Production draw that goes straight back to the bag: its first cubes, colours in name order."""
        n = min(g.rules.PRODUCTION_CUBES, sum(g.bag.values()))
        cubes = [c for c, k in sorted(g.bag.items()) for _ in range(k)]
        return tuple(cubes[:n])

    def _forced(self, a: dict[str, Any], forced: dict[str, Any], step: Step) -> None:
        """A follow-up choochoo took by itself: nothing to do if our engine took it too, else insert it."""
        g = self.game.state
        seat = self.seat_of[forced["player"]]
        if g.over or g.to_move != seat or g.phase != CC_PHASES.get(forced["phase"]):
            return  # our engine took it by itself (or it does not arise here)
        for act in self._actions_for({**forced, "index": a["index"], "round": a["round"]}):
            feed(self.game, act.to_json())
            step.actions.append(act.to_json())
        step.note += (
            f"{'; ' if step.note else ''}inserted choochoo's forced {forced['actionName']} for {forced['player']}"
        )
        self._chance(a["index"], step)

    def _urbanize_late(self, a: dict[str, Any], urb: Urbanize) -> bool:
        """choochoo urbanized after building: take the urbanization at the start of that build turn."""
        first = len(self.steps)
        while first > 0:
            prev = self.steps[first - 1].source
            if prev.get("phase") != "BUILDING" or prev.get("player") != a["player"] or prev.get("round") != a["round"]:
                break
            first -= 1
        if not any(s.source.get("actionName") == "build" for s in self.steps[first:]):
            return False  # nothing built yet in this turn: the urbanization is on time
        self.steps[first].actions.insert(0, urb.to_json())
        self.steps[first].note = f"with the urbanization of choochoo action {a['index']} (urbanization timing)"
        rule, digest = URBANIZE_LATE
        self.deviations.append(
            Deviation(
                "urbanize_late",
                a["index"],
                self.steps[first].index,
                rule,
                digest,
                {"hex": urb.hex, "letter": urb.city, "player": urb.player},
            )
        )
        self.steps.append(
            Step(
                a["index"],
                a,
                [],
                note=f"urbanization taken before choochoo action {self.steps[first].index} (urbanization timing)",
            )
        )
        self.game = start(self.record)
        for s in self.steps:
            for data in s.actions:
                feed(self.game, data)
        return True

    def setup(self) -> None:
        """Feed the setup (step 0)."""
        setup = self._setup()
        for data in setup.actions:
            feed(self.game, data)
        self.steps.append(setup)

    def run(self) -> Translation:
        failure: Failure | None = None
        for a in self.cc["actions"]:
            try:
                taken = self._taken_by_us(a)
                ours = [] if taken is not None else self._actions_for(a)
                if len(ours) == 1 and isinstance(ours[0], Urbanize) and self._urbanize_late(a, ours[0]):
                    continue
                step = Step(a["index"], a, note=taken or "")
                for act in ours:
                    feed(self.game, act.to_json())
                    step.actions.append(act.to_json())
                self._chance(a["index"], step)
                for forced in a.get("forcedFollowUps", []):
                    self._forced(a, forced, step)
                step.taken = taken is not None and not step.actions
                self.steps.append(step)
            except (IllegalAction, BadInput, KeyError, TypeError, ValueError) as exc:
                what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
                failure = Failure(a.get("index", -1), f"{a.get('actionName')} by {a.get('player')}: {what}")
                break
        self.record.actions = [d for s in self.steps for d in s.actions]
        return Translation(self.record, self.steps, self.colours, self.deviations, failure)


def _seed(text: Any) -> int:
    """choochoo's ``startSeed`` as our seed: the number it spells (an exported game's own seed), else 0."""
    return int(text) if isinstance(text, str) and text.removeprefix("-").isdigit() else 0


def translate(cc: dict[str, Any], snapshots: list[dict[str, Any]]) -> Translation:
    """Our record of the choochoo game ``cc`` (a parsed ``record.json``) with the dice of ``snapshots``.

    Raises :class:`BadInput` if the game cannot be imported at all; an action our engine refuses ends the
    translation there and is reported in :attr:`Translation.failure`.
    """
    if not isinstance(cc, dict) or not all(isinstance(s, dict) for s in snapshots):
        raise ImportError_("not a choochoo record: the record and each snapshot line must be JSON objects")
    try:
        translator = _Translator(cc, snapshots)
        translator.setup()
    except BadInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"no {exc}" if isinstance(exc, KeyError) else str(exc)
        raise ImportError_(f"not a choochoo record as documented ({what})") from None
    return translator.run()


def import_file(record_path: str | Path, snapshots_path: str | Path | None = None) -> Translation:
    """:func:`translate` the files of a recorded choochoo game."""
    cc, snapshots = load(record_path, snapshots_path)
    return translate(cc, snapshots)
