"""Lock-step comparison with choochoo: replay an imported game and compare every figure after every action.

After the setup and after each choochoo action, our state is reduced to the same plain figures as choochoo's
snapshot and the two are compared exactly:

* whose turn it is, the phase and the round; the player order;
* each player's money, income, shares, engine (``loco``), elimination (``outOfGame``), held special action,
  and score (see below);
* the state of the phase: the auction (bids of those still in, the places taken, the Turn Order pass), the
  current build (builds made, hexes built on), the moves (move round, engine upgrades taken);
* the cubes on every city (as multisets), every goods-display column slot by slot (choochoo's list reversed:
  see :mod:`ageofsteam.conformance.choochoo`), the New Cities placed and the bag;
* every track tile, as its tracks with their owners (choochoo's snapshots list the tiles that changed, so a
  running board is kept); the owner of each pre-printed route (drawn by choochoo as a claimable tile). Who
  owns an inter-city connection choochoo's snapshots do not show: its cost (money) and its ownership marker
  (markers) are compared.

Some figures are kept differently by the two engines while the rules agree. Each such *conversion* is named,
documented in :data:`CONVERSIONS`, and counted in the report, so a test can pin exactly where it applied:

* ``auction payment timing``: choochoo charges a player for their place when they drop out, our engine when
  the auction ends. The amounts agree (digest §II fixes them, not the moment of payment), so during an auction
  our cash is compared minus what each player who dropped out will pay.
* ``score counts unfinished track``: choochoo's running score adds 1 for every owned track, finished or not;
  our score (digest §3) counts only track in Completed Railroad Links. Scores are compared as
  ``choochoo = ours + owned unfinished track sections``; where a player owns no unfinished track this is a
  direct comparison, and at the end of the game (choochoo releases unfinished track then) it always is.
* ``end of game releases unfinished track``: at the end choochoo takes the owners off unfinished sections;
  neither engine scores them, so our unfinished sections are then compared as unowned.
* ``special link drawn as track``: choochoo draws a pre-printed route (a ferry) as a claimable tile and adds a
  spoke to the town tile it starts from when it is claimed; ours is a special link owned as a whole. The
  route's tile is compared as the special link's owner; the added spoke is left out.
* ``decision our engine takes by itself``: where our engine decides alone (Detroit's solo player with no action
  disk open to them takes no action; a build turn ends when nothing more it allows can be built) choochoo waits
  for the player and records the decision (``skip-select``, ``done``); the import feeds nothing for it
  (:attr:`~ageofsteam.conformance.choochoo.Step.taken`). The state before such a decision is choochoo's
  waiting state, so our state is compared with choochoo's after the decision; the decision changes nothing.
* ``no action held as none``: our solo Detroit player who takes no action holds ``no_action``; choochoo's holds
  no action (null).

Where choochoo's rules differ from ours, the difference is a *disagreement*, named with the digest sentence
behind it (:data:`DISAGREEMENTS`), also counted:

* ``eliminated player's action``: choochoo leaves an eliminated player's special action in place until the
  next Select Actions phase; the digest (§VII) removes their disks "from all displays (player order, actions,
  and so on)". Our engine clears it; for an eliminated player choochoo's action is therefore expected as none.
* ``urbanization timing``: see :class:`ageofsteam.conformance.choochoo.Deviation`. Between the build where we
  place the New City and choochoo's late urbanization, choochoo's snapshots are compared with the New City
  already in place (its hex a city with no cubes and no track); the last step of the window, when both engines
  have made the same builds and placed the same New City, is compared with choochoo's state after its
  urbanization, without any adjustment.

The first difference is reported with the choochoo action index, the figure, both values and a short name
of the rule involved.

On Detroit Bankruptcy choochoo's score is the pair [rounds lasted, income]: a snapshot holds it as the
player's ``scoreArray`` (its ``score`` beside it is not the pair), and it is compared as that pair
(:func:`rounds_lasted_score`), in the lock-step figures and in the transcript (``score=6/-9     OUT``). The
comparison needs choochoo's own snapshots: those of a game we exported hold only the dice.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ageofsteam.board.hexes import TOWN
from ageofsteam.board.network import Network
from ageofsteam.conformance.choochoo import Deviation, Failure, Step, Translation, feed, start
from ageofsteam.conformance.choochoo_names import (
    CC_ACTIONS,
    CC_PHASES,
    ROUNDS_LASTED,
    _column,
    exits_tracks,
    qr_key,
)
from ageofsteam.engine.game import Game
from ageofsteam.engine.state import GameState
from ageofsteam.maps.detroit import state as detroit
from ageofsteam.maps.detroit.rules import NO_ACTION
from ageofsteam.maps.heavy_cardboard import state as heavy_cardboard
from ageofsteam.rules.player_order import auction_payment

CONVERSIONS: dict[str, str] = {
    "auction payment timing": "choochoo charges for a place when the player drops out, we when the auction "
    "ends; during an auction our cash is compared minus the payments still due (digest §II fixes the amounts)",
    "score counts unfinished track": "choochoo's running score counts owned unfinished track, ours (digest §3) "
    "only track in Completed Railroad Links; compared as choochoo = ours + owned unfinished sections",
    "end of game releases unfinished track": "choochoo takes the owners off every unfinished section when the "
    "game ends; ours stay, and neither engine scores them (digest §3: track in Completed Railroad Links), so at "
    "the end our unfinished sections are compared as unowned",
    "special link drawn as track": "choochoo draws a pre-printed route (a ferry) as a claimable tile and, when it "
    "is claimed, adds a spoke to the town tile it starts from; ours is a special link owned as a whole, with no "
    "tile. choochoo's route tile is compared as the special link's owner, and the added spoke is left out",
    "decision our engine takes by itself": "where our engine decides alone (no action disk open to the solo "
    "player; a build turn with nothing more to build) choochoo waits for the player and records the decision "
    "(skip-select, done), which changes nothing: our state is compared with choochoo's after that decision",
    "no action held as none": "our solo Detroit player who takes no action holds no_action, choochoo's none",
}
DISAGREEMENTS: dict[str, str] = {
    "eliminated player's action": 'digest §VII: "Remove their disks from all displays (player order, actions, '
    "and so on).\" choochoo keeps an eliminated player's action until the next Select Actions phase.",
    "urbanization timing": 'digest §III: Urbanization takes effect "at the start of own build, before building '
    'any track"; §IV.7: "places any one remaining New City tile on any Town hex, before laying track." '
    "choochoo allows it after building.",
}


@dataclass(frozen=True)
class Difference:
    """One figure that differs after choochoo action ``index`` (0: after the setup)."""

    index: int
    action: str
    figure: str
    ours: Any
    theirs: Any
    rule: str

    def __str__(self) -> str:
        return (
            f"after choochoo action {self.index} ({self.action}): {self.figure} is {self.ours!r} here, "
            f"{self.theirs!r} in choochoo [{self.rule}]"
        )


@dataclass
class Report:
    """The outcome of a lock-step replay."""

    compared: int = 0  # snapshots compared (the setup included)
    differences: list[Difference] = field(default_factory=list)  # every difference after the first differing action
    failure: Failure | None = None
    deviations: list[Deviation] = field(default_factory=list)
    applied: Counter[str] = field(default_factory=Counter)  # conversions and disagreements → snapshots affected
    game: Game | None = None

    @property
    def ok(self) -> bool:
        return not self.differences and self.failure is None

    @property
    def first(self) -> Difference | None:
        return self.differences[0] if self.differences else None

    def summary(self) -> str:
        if self.ok:
            lines = [f"{self.compared} states compared, every figure equal"]
        elif self.differences:
            lines = [f"first difference: {self.differences[0]}"]
            lines += [f"  also: {d.figure}: {d.ours!r} here, {d.theirs!r} in choochoo" for d in self.differences[1:]]
        else:
            assert self.failure is not None
            lines = [f"choochoo action {self.failure.index} was refused: {self.failure.message}"]
        for name, n in sorted(self.applied.items()):
            lines.append(f"  {name}: {n} states")
        return "\n".join(lines)


# --- choochoo's side ---------------------------------------------------------------------------------------


class _ChoochooBoard:
    """choochoo's board, kept up to date from the track changes and urbanizations of the snapshots."""

    def __init__(self, cc: dict[str, Any], g: GameState, seat_of: dict[str, int]) -> None:
        init = cc["initialState"]
        self.label_of = {qr_key(s): s["label"] for s in init["spaces"]}
        self.seat_of = seat_of
        self.tracks: dict[str, list[tuple[tuple[int, int], int | None]]] = {}
        self.new_cities: dict[str, str] = {}
        self.offmap: dict[str, list[str | None]] = {
            c["letter"]: list(c["growth"][0]["display"]) for c in init["availableCities"]
        }
        self.letter_of = {col: letter for letter, (_, col) in g.rules.NEW_CITIES.items()}
        self.slots = g.rules.display_layout(g)
        board = self.board = g.map
        # pre-printed claimable routes (a choochoo tile with claimableCost) are our map's special links
        self.claimable: dict[str, str] = {
            s["label"]: link.id
            for s in init["spaces"]
            if (s.get("tile") or {}).get("claimableCost")
            for link in board.special_links
            if board.by_label[s["label"]] in link.via
        }
        self.special: dict[str, int | None] = {}  # claimed special link → owner
        # a city covering several hexes is one city: its cubes are counted on its first hex, as ours are
        self.city_label = {
            lab: board.labels[board.cities[board.city_at[h]].hex] if h in board.city_at else lab
            for lab, h in board.by_label.items()
        }
        self.growth_cols = {
            s["label"]: [_column(gr) for gr in s["city"]["growth"]] for s in init["spaces"] if s["type"] == "CITY"
        }

    def absorb(self, snap: dict[str, Any]) -> None:
        for t in snap.get("track", []):
            label = self.label_of[qr_key(t)]
            if label in self.claimable:  # a pre-printed route: our special link, owned as a whole
                (owner,) = {None if o is None else self.seat_of[o] for o in t["owners"]}
                self.special[self.claimable[label]] = owner
                continue
            if t.get("removed") or t.get("tileType") is None:
                self.tracks.pop(label, None)
                continue
            owners = [None if o is None else self.seat_of[o] for o in t["owners"]]
            self.tracks[label] = sorted(zip(exits_tracks(t["exits"]), owners, strict=True), key=_track_key)
        for label, tracks in list(self.tracks.items()):  # the spoke a claim adds to the town it starts from
            h = self.board.by_label[label]
            kept = [
                t
                for t in tracks
                if TOWN not in t[0]
                or not any(e != TOWN and self.claimable_link(self.board.neighbours[h][e]) in self.special for e in t[0])
            ]
            if len(kept) != len(tracks):
                if kept:
                    self.tracks[label] = kept
                else:
                    del self.tracks[label]
        for u in snap.get("urbanized", []):
            self.new_cities[self.label_of[qr_key(u)]] = self.letter_of[_column(u["growth"][0])]

    def claimable_link(self, h: int) -> str | None:
        return self.claimable.get(self.board.labels[h]) if h >= 0 else None

    def figures(self, snap: dict[str, Any]) -> dict[str, Any]:
        seat_of = self.seat_of
        out: dict[str, Any] = {
            "round": snap["round"],
            "phase": CC_PHASES.get(snap["phase"], snap["phase"]),
            "to move": None if snap["currentPlayer"] is None else seat_of[snap["currentPlayer"]],
            "order": [seat_of[c] for c in snap["turnOrder"]],
        }
        for p in snap["players"]:
            out[f"{p['colour']}.money"] = p["money"]
            out[f"{p['colour']}.income"] = p["income"]
            out[f"{p['colour']}.shares"] = p["shares"]
            out[f"{p['colour']}.engine"] = p["loco"]
            out[f"{p['colour']}.eliminated"] = p["outOfGame"]
            out[f"{p['colour']}.action"] = CC_ACTIONS.get(p["action"]) if p["action"] else None
            out[f"{p['colour']}.markers"] = p["trackMarkers"]
        ps = snap.get("phaseState") or {}
        bidding = ps.get("turnOrderBidding")
        out["auction"] = (
            None
            if bidding is None
            else {
                "bids": {seat_of[c]: v for c, v in bidding["bids"].items()},
                "places taken": [seat_of[c] for c in bidding["droppedOut"]],
                "pass used": bidding["turnOrderPassUsed"],
            }
        )
        build = ps.get("build")
        out["build"] = (
            None
            if build is None
            else {
                "builds": build["buildCount"],
                "hexes": sorted(self.label_of[qr_key(c)] for c in build["builtAt"]),
            }
        )
        move = ps.get("move")
        out["moves"] = (
            None
            if move is None
            else {
                "round": move["moveRound"] + 1,
                "engine upgrades": sorted(seat_of[c] for c in move["locoUsed"]),
            }
        )
        if move is not None and "heavyLiftingUsed" in ps:
            out["moves"]["heavy lifting used"] = ps["heavyLiftingUsed"]
        goods: dict[str, list[str]] = {}
        for key, cubes in snap["cityGoods"].items():
            goods.setdefault(self.city_label[self.label_of[key]], []).extend(cubes)
        for label, cubes in goods.items():
            out[f"cubes {label}"] = sorted(cubes)
        display: dict[str, list[str | None]] = {}
        for letter, boxes in self.offmap.items():
            display[letter] = _ours(boxes, self.slots[letter])
        for key, boxes in snap["displayGoods"].items():
            label = self.label_of[key]
            cols = [self.new_cities[label]] if label in self.new_cities else self.growth_cols[label]
            for col in cols:
                display[col] = _ours(boxes, self.slots[col])
        for col in self.slots:
            out[f"display {col}"] = display.get(col)
        out["new cities"] = dict(sorted(self.new_cities.items()))
        for lid, owner in sorted(self.special.items()):
            out[f"special link {lid}"] = owner
        for colour, n in sorted(snap["bagCounts"].items()):
            out[f"bag {colour}"] = n
        for label in sorted(self.tracks):
            out[f"track {label}"] = self.tracks[label]
        for p in snap["players"]:
            out[f"{p['colour']}.score"] = self.score(p)
        return out

    def score(self, player: dict[str, Any]) -> Any:
        """A snapshot player's score: on Detroit the pair [rounds lasted, income] of its ``scoreArray``, else
        its total (None: eliminated)."""
        if self.board.id in ROUNDS_LASTED:
            pair = player.get("scoreArray", player["score"])
            return list(pair) if isinstance(pair, (list, tuple)) else pair
        return None if player["score"] == "Eliminated" else player["score"]


def _ours(cc_boxes: list[str | None], slots: int) -> list[str | None]:
    """A choochoo display list (growth takes from its end; emptied end slots are dropped) as our column."""
    boxes = list(cc_boxes) + [None] * (slots - len(cc_boxes))
    return list(reversed(boxes))


def _track_key(t: tuple[tuple[int, int], int | None]) -> tuple[tuple[int, int], int]:
    return t[0], -1 if t[1] is None else t[1]


# --- our side ----------------------------------------------------------------------------------------------


def unfinished_sections(net: Network, seat: int) -> int:
    """Track sections ``seat`` owns in Unfinished Track Sections."""
    return sum(len(c.tracks) for c in net.chains if c.owner == seat and not c.complete)


def rounds_lasted_score(g: GameState, seat: int) -> tuple[int, int]:
    """choochoo's Detroit score of ``seat``: (rounds lasted, income). A bankrupt player lasted to the turn they
    went bankrupt in; a player still in, to the current turn, and at the end one turn more than the last to go
    bankrupt (Detroit's figure ``bankrupt``)."""
    gone = detroit.state(g).bankrupt
    if seat in gone:
        rounds = gone[seat].turn
    elif g.over:
        rounds = max((b.turn for b in gone.values()), default=g.turn) + 1
    else:
        rounds = g.turn
    return rounds, g.players[seat].income


def _our_figures(g: GameState, colours: list[str], applied: Counter[str]) -> dict[str, Any]:
    rules = g.rules
    # choochoo releases every unfinished section when the game ends; scores never counted them (digest §3)
    released: set[tuple[int, int]] = set()
    if g.over:
        released = {ref for chain in g.network.chains if not chain.complete for ref in chain.tracks}
        if any(g.tiles[h].owners[i] is not None for h, i in released):
            applied["end of game releases unfinished track"] += 1
    out: dict[str, Any] = {
        "round": None if g.over else g.turn,
        "phase": g.phase,
        "to move": g.to_move,
        "order": list(g.order),
    }
    a = g.auction
    for p in g.players:
        c = colours[p.seat]
        cash = p.cash
        if a is not None and p.seat in a.dropped:
            due = auction_payment(a.bids.get(p.seat, 0), a.dropped.index(p.seat), len(a.bidders) + len(a.dropped))
            if due:
                cash -= due
                applied["auction payment timing"] += 1
        out[f"{c}.money"] = cash
        out[f"{c}.income"] = p.income
        out[f"{c}.shares"] = p.shares
        out[f"{c}.engine"] = p.engine
        out[f"{c}.eliminated"] = p.eliminated
        out[f"{c}.action"] = p.action
        if p.action == NO_ACTION:
            out[f"{c}.action"] = None
            applied["no action held as none"] += 1
        out[f"{c}.markers"] = sum(
            1 for chain in g.network.chains if chain.owner == p.seat and (chain.complete or not g.over)
        ) + sum(1 for o in g.special_link_owners.values() if o == p.seat)
    out["auction"] = (
        None
        if a is None
        else {
            "bids": {s: a.bids[s] for s in a.bidders if s in a.bids},
            "places taken": list(reversed(a.dropped)),
            "pass used": a.pass_used,
        }
    )
    b = g.build
    out["build"] = None if b is None else {"builds": b.builds_done, "hexes": sorted(g.label(h) for h in b.hexes)}
    out["moves"] = (
        None
        if g.phase != "move_goods"
        else {
            "round": g.move_round,
            "engine upgrades": sorted(g.engine_upgraded),
        }
    )
    if out["moves"] is not None and isinstance(g.map_state, heavy_cardboard.State):
        out["moves"]["heavy lifting used"] = g.map_state.heavy_lifting_used
    for h, cubes in g.cubes.items():
        out[f"cubes {g.label(h)}"] = sorted(c for c, n in cubes.items() for _ in range(n))
    for col in rules.display_layout(g):
        out[f"display {col}"] = list(g.display[col])
    out["new cities"] = dict(sorted((g.label(h), letter) for h, letter in g.new_cities.items()))
    # choochoo's snapshots show who owns a pre-printed route (on its tile), not an inter-city connection (its
    # cost and its ownership marker are compared: money, markers)
    drawn = {s.id for s in g.map.special_links if s.via}
    for lid, owner in sorted(g.special_link_owners.items()):
        if lid in drawn:
            out[f"special link {lid}"] = owner
    for colour, n in sorted(g.bag.items()):
        out[f"bag {colour}"] = n
    for h in sorted(g.tiles, key=g.label):
        t = g.tiles[h]
        owners = [None if (h, i) in released else o for i, o in enumerate(t.owners)]
        out[f"track {g.label(h)}"] = sorted(zip(t.tracks, owners, strict=True), key=_track_key)
    net = g.network
    for p in g.players:
        c = colours[p.seat]
        if g.map.id in ROUNDS_LASTED:  # choochoo's score there is the pair [rounds lasted, income]
            out[f"{c}.score"] = list(rounds_lasted_score(g, p.seat))
            continue
        if p.eliminated:
            out[f"{c}.score"] = None
            continue
        extra = 0 if g.over else unfinished_sections(net, p.seat)
        if extra:
            applied["score counts unfinished track"] += 1
        out[f"{c}.score"] = rules.score(g, p.seat) + extra
    return out


# --- rule names ------------------------------------------------------------------------------------------


def rule_for(figure: str, action: dict[str, Any], snap: dict[str, Any]) -> str:
    """A short name of the rule most likely behind a difference in ``figure`` after ``action``."""
    phase = action.get("phase", "SETUP")
    name = action.get("actionName", "setup")
    round_end = "chance" in snap
    kind = figure.split(".")[-1] if "." in figure else figure.split(" ")[0]
    if phase == "SETUP":
        return "setup (§1)"
    if kind in ("round", "phase", "to move"):
        return {
            "SHARES": "issue shares: turn and 15-share limit (§I)",
            "TURN_ORDER": "auction: who bids next, forced drop-out (§II)",
            "ACTION_SELECTION": "select actions (§III)",
            "BUILDING": "build turn: 3/4 builds, end below $2 (§IV.1)",
            "MOVING": "move goods: two rounds, First Move (§V)",
        }.get(phase, "turn sequence (§2)")
    if kind == "order":
        return "player order auction (§II); elimination removes a player (§VII)"
    if kind == "auction":
        return "player order auction (§II)"
    if kind == "build":
        return "build turn (§IV.1)"
    if kind == "moves":
        return "move goods: rounds and engine upgrade (§V)"
    if round_end and kind in ("money", "income", "eliminated"):
        return "income, expenses, bankruptcy and income reduction (§VI–VIII)"
    if kind == "money":
        return {
            "SHARES": "issue shares (§I)",
            "TURN_ORDER": "auction payment (§II)",
            "BUILDING": "build cost (§IV.5)",
        }.get(phase, "money")
    if kind == "income":
        return "delivery income: +1 per link to its owner (§V)"
    if kind == "shares":
        return "issue shares (§I)"
    if kind == "engine":
        return "Locomotive action (§III)" if phase == "ACTION_SELECTION" else "engine upgrade (§V)"
    if kind == "action":
        return "select actions (§III)"
    if kind == "markers":
        return "ownership disks: one per owned link or unfinished section (§IV.6)"
    if kind in ("cubes", "display"):
        if round_end:
            return "goods growth (§IX)"
        return "urbanization (§IV.7)" if name == "urbanize" else "delivery (§V)"
    if kind == "bag":
        return "delivered cube returns to the bag (§V)"
    if kind == "new":
        return "urbanization (§IV.7)"
    if kind == "track":
        if round_end:
            return "bankruptcy releases track (§VII)"
        if name == "urbanize":
            return "urbanization: track completed by a New City (§IV.7, house ruling 3)"
        return "track building and ownership (§IV.2–IV.6, house rulings 4–5)"
    if kind == "score":
        return "scoring (§3)"
    return "rules"


def _describe(action: dict[str, Any]) -> str:
    if "actionName" not in action:
        return "setup"
    return f"{action.get('player')} {action['actionName']} {action.get('actionData') or ''}".strip()


# --- the comparison --------------------------------------------------------------------------------------


def _diff(ours: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    out = []
    for key in list(theirs) + [k for k in ours if k not in theirs]:
        a, b = ours.get(key), theirs.get(key)
        if a != b:
            out.append((key, a, b))
    return out


def _apply_eliminated_action(theirs: dict[str, Any], colours: list[str], applied: Counter[str]) -> None:
    for c in colours:
        if theirs.get(f"{c}.eliminated") and theirs.get(f"{c}.action") is not None:
            theirs[f"{c}.action"] = None
            applied["eliminated player's action"] += 1


def _apply_early_city(theirs: dict[str, Any], dev: Deviation, applied: Counter[str]) -> None:
    label, letter = dev.detail["hex"], dev.detail["letter"]
    theirs["new cities"] = dict(sorted({**theirs["new cities"], label: letter}.items()))
    theirs.setdefault(f"cubes {label}", [])
    theirs.pop(f"track {label}", None)
    applied["urbanization timing"] += 1


def _decided_after(steps: list[Step]) -> dict[int, int]:
    """For each step (its position) followed by decisions our engine had already taken by itself (``taken``
    steps), the choochoo index of the last of them."""
    out: dict[int, int] = {}
    for k in range(len(steps) - 2, -1, -1):
        nxt = steps[k + 1]
        if nxt.taken:
            out[k] = out.get(k + 1, nxt.index)
    return out


def compare(
    translation: Translation, cc: dict[str, Any], snapshots: list[dict[str, Any]], *, stop_at_first: bool = True
) -> Report:
    """Replay ``translation`` and compare with choochoo's ``snapshots`` after every choochoo action."""
    report = Report(failure=translation.failure, deviations=list(translation.deviations))
    colours = translation.colours
    game = start(translation.record)
    report.game = game
    board = _ChoochooBoard(cc, game.state, translation.seat_of)
    windows: dict[int, Deviation] = {}
    for d in translation.deviations:
        for i in range(d.moved_to, d.index):
            windows[i] = d
    decided = _decided_after(translation.steps)
    for k, step in enumerate(translation.steps):
        for data in step.actions:
            feed(game, data)
        g = game.state
        target = decided.get(k, step.index)
        if target != step.index:
            # choochoo still waits here for decisions our engine has taken: compare with its state after them
            report.applied["decision our engine takes by itself"] += target - step.index
        dev = windows.get(step.index)
        if dev is not None and step.index == dev.index - 1:
            # the last step of the window: both engines have now made the same builds and placed the same New
            # City, so our state is compared with choochoo's after its late urbanization, unadjusted
            target = dev.index
            dev = None
            report.applied["urbanization timing"] += 1
        for i in range(step.index, target + 1):
            board.absorb(snapshots[i])
        snap = snapshots[target]
        theirs = board.figures(snap)
        if board.special:
            report.applied["special link drawn as track"] += 1
        _apply_eliminated_action(theirs, colours, report.applied)
        if dev is not None:
            _apply_early_city(theirs, dev, report.applied)
        ours = _our_figures(g, colours, report.applied)
        report.compared += 1
        diffs = _diff(ours, theirs)
        if diffs:
            note = f" (urbanization timing window of action {dev.index})" if dev is not None else ""
            report.differences += [
                Difference(step.index, _describe(step.source) + note, fig, a, b, rule_for(fig, step.source, snap))
                for fig, a, b in diffs
            ]
            if stop_at_first:
                return report
    return report


# --- choochoo's transcript (expected.txt) --------------------------------------------------------------

_LINE = re.compile(
    r"^\s*(?:(?P<rank>\d+)\.\s+)?(?P<colour>[a-z]+)\s+\$(?P<money>-?\d+)\s+income=(?P<income>-?\d+)\s+"
    r"shares=(?P<shares>\d+)\s+loco=(?P<loco>\d+)\s+"
    r"score=(?:(?P<score>-?\d+)/(?P<tie>-?\d+)|(?P<eliminated>Eliminated))(?:\s+(?P<out>OUT))?\s*$"
)


@dataclass(frozen=True)
class TranscriptLine:
    """One player line of choochoo's transcript: ``score=57/0`` (total and tie-breaker), ``score=Eliminated OUT``,
    or on Detroit ``score=7/3`` and ``score=6/-9     OUT`` (rounds lasted and income; OUT: bankrupt)."""

    colour: str
    money: int
    income: int
    shares: int
    loco: int
    score: int | None  # None: eliminated; Detroit: the rounds lasted
    tie: int = 0  # the score's second figure: the tie-breaker; Detroit: the income
    out: bool = False  # out of the game


@dataclass
class Transcript:
    """choochoo's ``expected.txt``: the players after each round, and the final standings (best first)."""

    rounds: dict[int, list[TranscriptLine]]
    final: list[TranscriptLine]


def parse_transcript(text: str) -> Transcript:
    """Read choochoo's transcript format; raises ValueError at a line it does not understand."""
    rounds: dict[int, list[TranscriptLine]] = {}
    final: list[TranscriptLine] = []
    current: list[TranscriptLine] | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("game "):
            continue
        head = re.fullmatch(r"round (\d+) end", line.strip())
        if head:
            current = rounds.setdefault(int(head.group(1)), [])
            continue
        if line.strip() == "final standings":
            current = final
            continue
        m = _LINE.match(line)
        if m is None or current is None or (m["eliminated"] and not m["out"]):
            raise ValueError(f"transcript line {n} is not understood: {line!r}")
        current.append(
            TranscriptLine(
                m["colour"],
                int(m["money"]),
                int(m["income"]),
                int(m["shares"]),
                int(m["loco"]),
                None if m["eliminated"] else int(m["score"]),
                0 if m["eliminated"] else int(m["tie"]),
                bool(m["out"]),
            )
        )
    return Transcript(rounds, final)


def _player_figures(g: GameState, seat: int, running: bool) -> TranscriptLine:
    p = g.players[seat]
    if g.map.id in ROUNDS_LASTED:
        rounds, income = rounds_lasted_score(g, seat)
        return TranscriptLine(p.name, p.cash, p.income, p.shares, p.engine, rounds, income, p.eliminated)
    score = None
    if not p.eliminated:
        score = g.rules.score(g, seat) + (unfinished_sections(g.network, seat) if running else 0)
    return TranscriptLine(p.name, p.cash, p.income, p.shares, p.engine, score, 0, p.eliminated)


def compare_transcript(translation: Translation, snapshots: list[dict[str, Any]], text: str) -> list[Difference]:
    """Replay ``translation`` and compare each round end and the final standings with choochoo's transcript.

    Round-end scores are choochoo's running scores (``score counts unfinished track``) until the game is over; the
    last round end and the final standings are compared directly, in order. A round ends with choochoo's dice
    (or with the game). On Detroit the score is (rounds lasted, income): :func:`rounds_lasted_score`.
    """
    transcript = parse_transcript(text)
    colours = translation.colours
    seat_of = translation.seat_of
    game = start(translation.record)
    out: list[Difference] = []
    seen: set[int] = set()
    for step in translation.steps:
        for data in step.actions:
            feed(game, data)
        snap = snapshots[step.index]
        if step.index == 0 or not ("dice" in (snap.get("chance") or {}) or snap.get("ended")):
            continue
        rnd = step.source["round"]
        seen.add(rnd)
        for line in transcript.rounds.get(rnd, []):
            ours = _player_figures(game.state, seat_of[line.colour], running=not game.state.over)
            out += _line_diffs(step, f"round {rnd} end", ours, line)
    g = game.state
    for rnd in sorted(set(transcript.rounds) - seen):
        out.append(Difference(-1, "transcript", f"round {rnd} end", "no such round end", "listed", "turns (§1.5)"))
    if not g.over:
        out.append(Difference(-1, "transcript", "game over", False, True, "turns (§1.5)"))
    standings = [colours[s] for s, _ in g.rules.standings(g)]
    theirs = [line.colour for line in transcript.final]
    if standings != theirs:
        out.append(Difference(-1, "final standings", "order", standings, theirs, "scoring (§3)"))
    last = translation.steps[-1]
    for line in transcript.final:
        ours = _player_figures(g, seat_of[line.colour], running=False)
        out += _line_diffs(last, "final standings", ours, line)
    return out


def _line_diffs(step: Any, where: str, ours: TranscriptLine, theirs: TranscriptLine) -> list[Difference]:
    out = []
    kinds = {"loco": "engine", "tie": "score", "out": "eliminated"}
    for fig in ("money", "income", "shares", "loco", "score", "tie", "out"):
        a, b = getattr(ours, fig), getattr(theirs, fig)
        if a != b:
            rule = rule_for(f"x.{kinds.get(fig, fig)}", step.source, {"chance": 1})
            out.append(Difference(step.index, where, f"{theirs.colour}.{fig}", a, b, rule))
    return out
