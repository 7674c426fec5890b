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
* **Players.** Seats follow ``record.json`` ``players`` (seat order); a seat is named after its choochoo colour.
* **Actions.** ``takeShares`` → ``issue_shares``; in TURN_ORDER ``bid`` → ``bid``, ``pass`` → ``drop_out``,
  ``turnOrderPass`` → ``turn_order_pass``; ``select`` → ``select_action``; ``build`` → ``build``;
  ``urbanize`` → ``urbanize`` (the New City letter is the tile ``cityIndex`` picked from choochoo's shrinking
  list, checked against ``newCity``); ``done`` → ``end_build``; ``move`` → ``deliver``, each path step being the
  link from the current stop to ``endingStop`` with the recorded owner (if two such links exist, the one with
  the smallest id: they pay the same); in MOVING ``locomotive`` → ``upgrade_engine`` and ``pass`` →
  ``skip_move``; ``claim`` → ``build_link`` of the special link whose ``via`` holds the claimed hex (choochoo's
  pre-printed claimable routes are checked against our special links, cost included, and its impassable edges
  against our blocked edges); ``heavy-lifting`` → the map's ``heavy_lift`` (start city, cube, destination).
* **Cities over several hexes.** choochoo names such a city on its first hex and leaves the others nameless
  and empty (checked); its cubes are counted on that first hex, as ours are. Cubes the map's own setup places
  before the draw (Heavy Cardboard's five) are taken out of choochoo's setup cubes for that city.
* **Forced follow-ups.** choochoo's ``forcedFollowUps`` (a player at 15 shares taking none, a player who
  cannot bid dropping out, a build ending below $2) are taken by our engine by itself as well, so they are
  not fed. Should our engine still wait for that player's decision there (our rules leaving a choice that
  choochoo's did not), the follow-up is inserted as that player's action and named in the step's ``note``.
  The lock-step comparison checks that both engines then wait for the same player.
* **Chance.** The setup display and city cubes become our ``setup`` action. choochoo's goods-growth lists run
  bottom box first (growth takes from the end), ours top box first (growth takes the first full box), so
  every column is reversed: the same cubes move. The opening turn order becomes ``player_order``; the dice of
  each snapshot's ``chance`` become a ``roll`` (WHITE = light half, BLACK = dark half; sorted in both).
* **Deviations.** Where a recorded action breaks our rules but an equivalent legal action exists, the
  translation uses the legal one and lists a :class:`Deviation` that names the rule and the digest sentence
  behind it. The only kind so far is ``urbanize_late`` (see :data:`URBANIZE_LATE`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.tiles import TILE_TYPES, Track, oriented
from ageofsteam.engine.actions import (
    CHANCE,
    Action,
    Bid,
    Build,
    Deliver,
    DropOut,
    EndBuild,
    IssueShares,
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

CC_DIRECTIONS: dict[str, int] = {
    "TOP": 0,
    "TOP_RIGHT": 1,
    "BOTTOM_RIGHT": 2,
    "BOTTOM": 3,
    "BOTTOM_LEFT": 4,
    "TOP_LEFT": 5,
    "TOWN": TOWN,
}

# choochoo tile shapes at orientation TOP, track order as in choochoo (README "Tiles, orientation and ownership")
CC_TILES: dict[str, tuple[tuple[str, str], ...]] = {
    "STRAIGHT": (("TOP", "BOTTOM"),),
    "CURVE": (("TOP", "BOTTOM_LEFT"),),
    "TIGHT": (("TOP", "TOP_LEFT"),),
    "X": (("TOP_LEFT", "BOTTOM_RIGHT"), ("BOTTOM_LEFT", "TOP_RIGHT")),
    "BOW_AND_ARROW": (("BOTTOM_LEFT", "BOTTOM_RIGHT"), ("BOTTOM", "TOP")),
    "CROSSING_CURVES": (("TOP_LEFT", "BOTTOM"), ("BOTTOM_LEFT", "TOP")),
    "STRAIGHT_TIGHT": (("TOP", "BOTTOM"), ("BOTTOM_LEFT", "TOP_LEFT")),
    "COEXISTING_CURVES": (("TOP_LEFT", "BOTTOM"), ("TOP", "BOTTOM_RIGHT")),
    "CURVE_TIGHT_1": (("TOP", "BOTTOM_RIGHT"), ("TOP_LEFT", "BOTTOM_LEFT")),
    "CURVE_TIGHT_2": (("TOP", "BOTTOM_RIGHT"), ("BOTTOM_LEFT", "BOTTOM")),
    "TOWN_LOLLYPOP": (("TOWN", "TOP"),),
    "TOWN_STRAIGHT": (("TOWN", "TOP"), ("TOWN", "BOTTOM")),
    "TOWN_CURVE": (("TOWN", "TOP"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_TIGHT": (("TOWN", "TOP"), ("TOWN", "TOP_LEFT")),
    "TOWN_THREE_WAY": (("TOWN", "TOP"), ("TOWN", "BOTTOM_LEFT"), ("TOWN", "BOTTOM_RIGHT")),
    "TOWN_LEFT_LEANER": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_LEFT")),
    "TOWN_RIGHT_LEANER": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_RIGHT")),
    "TOWN_TIGHT_THREE": (("TOWN", "TOP"), ("TOWN", "TOP_LEFT"), ("TOWN", "TOP_RIGHT")),
    "TOWN_X": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "TOP_RIGHT"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_CHICKEN_FOOT": (("TOWN", "TOP"), ("TOWN", "BOTTOM"), ("TOWN", "BOTTOM_RIGHT"), ("TOWN", "BOTTOM_LEFT")),
    "TOWN_K": (("TOWN", "TOP"), ("TOWN", "TOP_RIGHT"), ("TOWN", "BOTTOM_RIGHT"), ("TOWN", "BOTTOM")),
}

# our tiles that may stand for a choochoo tile type, in order of preference; geometry decides among them
_GENTLE_SHARP = ("gentle_sharp_left", "gentle_sharp_right")
_TOWN_3_SIDE = ("town_3_left", "town_3_right")
OUR_TILES: dict[str, tuple[str, ...]] = {
    "STRAIGHT": ("straight",),
    "CURVE": ("gentle",),
    "TIGHT": ("sharp",),
    "X": ("x",),
    "BOW_AND_ARROW": ("bow",),
    "CROSSING_CURVES": ("gentle_crossing",),
    "STRAIGHT_TIGHT": ("straight_sharp",),
    "COEXISTING_CURVES": ("two_gentle",),
    "CURVE_TIGHT_1": _GENTLE_SHARP,
    "CURVE_TIGHT_2": _GENTLE_SHARP,
    "TOWN_LOLLYPOP": ("town_1",),
    "TOWN_THREE_WAY": ("town_3_star",),
    "TOWN_TIGHT_THREE": ("town_3_adjacent",),
    "TOWN_LEFT_LEANER": _TOWN_3_SIDE,
    "TOWN_RIGHT_LEANER": _TOWN_3_SIDE,
    "TOWN_STRAIGHT": ("straight",),
    "TOWN_CURVE": ("gentle",),
    "TOWN_TIGHT": ("sharp",),
    "TOWN_X": ("x", "two_gentle"),
    "TOWN_CHICKEN_FOOT": ("bow", *_GENTLE_SHARP),
    "TOWN_K": ("gentle_crossing", "straight_sharp"),
}

CC_ACTIONS: dict[str, str] = {
    "LOCOMOTIVE": "locomotive",
    "FIRST_BUILD": "first_build",
    "FIRST_MOVE": "first_move",
    "ENGINEER": "engineer",
    "TURN_ORDER_PASS": "turn_order",
    "URBANIZATION": "urbanization",
    "PRODUCTION": "production",
    "HEAVY_LIFTING": "heavy_lifting",
}
CC_PHASES: dict[str, str] = {
    "SHARES": "issue_shares",
    "TURN_ORDER": "player_order",
    "ACTION_SELECTION": "select_actions",
    "BUILDING": "build_track",
    "MOVING": "move_goods",
    "GOODS_GROWTH": "goods_growth",
    "END_GAME": "game_over",
}
# choochoo map key → our map id
CC_MAPS: dict[str, str] = {"rust-belt": "rust-belt", "heavy-cardboard": "heavy-cardboard"}
CC_TERRAIN: dict[str, tuple[str, ...]] = {
    "PLAIN": ("plain",),
    "RIVER": ("river",),
    "MOUNTAIN": ("mountain",),
    "WATER": ("lake", "sea"),
}
CC_GROUPS: dict[str, str] = {"WHITE": "light", "BLACK": "dark"}

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


def load(record_path: str | Path, snapshots_path: str | Path | None = None) -> tuple[dict[str, Any], Snapshots]:
    """Read a ``record.json`` and its snapshots (by default the ``.snapshots.jsonl`` next to it)."""
    rp = Path(record_path)
    if snapshots_path is None:
        name = rp.name.removesuffix(".json").removesuffix(".record") + ".snapshots.jsonl"
        snapshots_path = rp.with_name(name)
    sp = Path(snapshots_path)
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


def qr_key(c: dict[str, Any]) -> str:
    return f"{c['q']},{c['r']}"


def cc_tracks(tile_type: str, orientation: str) -> list[Track]:
    """The tracks of a choochoo tile at an orientation, in choochoo's track order, as our (edge, edge) pairs."""
    if tile_type not in CC_TILES:
        raise BadInput(f"unknown choochoo tile type {tile_type!r}")
    if orientation not in CC_DIRECTIONS or orientation == "TOWN":
        raise BadInput(f"unknown choochoo orientation {orientation!r}")
    turns = CC_DIRECTIONS[orientation]
    out: list[Track] = []
    for a, b in CC_TILES[tile_type]:
        ea, eb = (_turn(a, turns), _turn(b, turns))
        out.append((min(ea, eb), max(ea, eb)))
    return out


def _turn(end: str, turns: int) -> int:
    return TOWN if end == "TOWN" else (CC_DIRECTIONS[end] + turns) % 6


def exits_tracks(exits: list[list[str]]) -> list[Track]:
    """A snapshot's ``exits`` as our tracks (same order)."""
    out: list[Track] = []
    for a, b in exits:
        ea, eb = CC_DIRECTIONS[a], CC_DIRECTIONS[b]
        out.append((min(ea, eb), max(ea, eb)))
    return out


def our_tile(tile_type: str, orientation: str, town: bool, supply: dict[str, int] | None = None) -> tuple[str, int]:
    """Our tile name and rotation laying exactly the tracks of choochoo's ``tile_type`` at ``orientation``."""
    want = tuple(sorted(cc_tracks(tile_type, orientation)))
    candidates = OUR_TILES[tile_type]
    if supply is not None:  # a tile still in the supply first, in the order of preference
        candidates = tuple(sorted(candidates, key=lambda n: supply.get(n, 0) <= 0))
    for name in candidates:
        disk = town and not TILE_TYPES[name].is_town_tile
        for r in range(6):
            if oriented(name, r, disk) == want:
                return name, r
    raise BadInput(f"no tile of ours lays the tracks of {tile_type} at {orientation}{' on a town' if town else ''}")


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
        self.colours = [p["colour"] for p in sorted(cc["players"], key=lambda p: p["seat"])]
        self.seat_of = {c: i for i, c in enumerate(self.colours)}
        init = cc["initialState"]
        self.label_of = {qr_key(s): s["label"] for s in init["spaces"]}
        self.letters = [c["letter"] for c in init["availableCities"]]
        self.steps: list[Step] = []
        self.deviations: list[Deviation] = []
        self.record = Record(
            map=self.map_id,
            seats=[Seat(name=c, colour=c) for c in self.colours],
            seed=_seed(game_info.get("startSeed")),
        )
        self.game = start(self.record)
        self.record.options = dict(self.game.state.options)
        self.claimable: dict[str, str] = {}  # choochoo "q,r" of a claimable pre-printed route → our special link
        self._check_map()

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
        if name == "build":
            label = self._hex(data["coordinates"])
            h = g.map.by_label[label]
            tile, rotation = our_tile(data["tileType"], data["orientation"], g.is_town(h), g.supply)
            return [Build(seat, label, tile, rotation)]
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

    def _chance(self, index: int) -> list[dict[str, Any]]:
        """The chance outcomes our engine waits for after choochoo action ``index``."""
        g = self.game.state
        if g.over or g.to_move != CHANCE:
            return []
        dice = (self.snapshots[index].get("chance") or {}).get("dice")
        if not dice:
            raise IllegalAction(f"our engine rolls for {g.phase} here, but choochoo recorded no dice")
        return [Roll(tuple(sorted(dice["WHITE"])), tuple(sorted(dice["BLACK"]))).to_json()]

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
        for data in self._chance(a["index"]):
            feed(self.game, data)
            step.actions.append(data)

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

    def run(self) -> Translation:
        failure: Failure | None = None
        setup = self._setup()
        for data in setup.actions:
            feed(self.game, data)
        self.steps.append(setup)
        for a in self.cc["actions"]:
            try:
                ours = self._actions_for(a)
                if len(ours) == 1 and isinstance(ours[0], Urbanize) and self._urbanize_late(a, ours[0]):
                    continue
                step = Step(a["index"], a)
                for act in ours:
                    feed(self.game, act.to_json())
                    step.actions.append(act.to_json())
                for data in self._chance(a["index"]):
                    feed(self.game, data)
                    step.actions.append(data)
                for forced in a.get("forcedFollowUps", []):
                    self._forced(a, forced, step)
                self.steps.append(step)
            except (IllegalAction, BadInput, KeyError) as exc:
                failure = Failure(a["index"], f"{a['actionName']} by {a.get('player')}: {exc}")
                break
        self.record.actions = [d for s in self.steps for d in s.actions]
        return Translation(self.record, self.steps, self.colours, self.deviations, failure)


def _column(growth: dict[str, Any]) -> str:
    """Our display column for a choochoo growth entry (``WHITE`` 3 → ``light3``)."""
    return f"{CC_GROUPS[growth['group']]}{growth['number']}"


def _our_column(cc_display: list[str | None]) -> list[str | None]:
    """choochoo lists a display column from the box growth takes last to the one it takes first."""
    return list(reversed(cc_display))


def _seed(text: Any) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() else 0


def translate(cc: dict[str, Any], snapshots: list[dict[str, Any]]) -> Translation:
    """Our record of the choochoo game ``cc`` (a parsed ``record.json``) with the dice of ``snapshots``.

    Raises :class:`BadInput` if the game cannot be imported at all; an action our engine refuses ends the
    translation there and is reported in :attr:`Translation.failure`.
    """
    return _Translator(cc, snapshots).run()


def import_file(record_path: str | Path, snapshots_path: str | Path | None = None) -> Translation:
    """:func:`translate` the files of a recorded choochoo game."""
    cc, snapshots = load(record_path, snapshots_path)
    return translate(cc, snapshots)
