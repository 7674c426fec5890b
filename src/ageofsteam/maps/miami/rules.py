"""Miami 2030 (solo, rulebook 000): evacuate the people of a flooding Miami by rail.

No black cubes and no black New Cities. The blue cubes are not goods but water: 20 flood cubes, 7 of them on
the beach hexes of Miami West and Miami North at setup, the other 13 placed at the turn-marker advance of
rounds 1-9 (1 a round in rounds 1-5, 2 a round in rounds 6-9) on hexes the player chooses. The people are the
set of the chosen difficulty (option ``difficulty``), placed at random on the districts by a chance action
at setup; the exits start empty. There is no goods display and no goods growth.

Only Locomotive, Urbanization, Engineer, Coast Guard and Fire Fighter. No track on districts or flooded hexes,
except that Coast Guard lays track on a flooded hex for $4, complex tiles adding the base surcharge (the flood
cube moves onto the tile); track may point into a flooded hex all the same. Districts are Cities with no
colour: stops where track starts and ends without a tile (option ``track_from_districts``); a New City on a
district takes its people. A delivery to an exit pays one income per link, less 1 per flooded hex passed
(never below 0; Fire Fighter waives it); one to an urbanized district pays nothing, but the person leaves the
map as well. The game is won at the end of the round in which the last person leaves, if the player is not
bankrupt; it is lost on bankruptcy or with people left after round 10.

Its figures (``state.py``, typed; the state view shows them under ``extra``): ``markers`` (the flooded hexes),
``people`` (waiting on the districts), ``evacuated``, ``floods_due`` (during the flooding) and ``result``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.engine.actions import Action, HexLabel, PlayerOrder, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.miami.state import FLOOD, Result, State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.goods_growth import GoodsGrowthPhase
from ageofsteam.rules.phase import Phase, wait_for_chance
from ageofsteam.rules.scoring import AdvanceTurnPhase
from ageofsteam.rules.setup import SetupPhase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState, PlacedTile
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.track_placement import BuildPlan

# The people of each difficulty.
PEOPLE: dict[str, dict[str, int]] = {
    "easy": {"purple": 6, "red": 6, "yellow": 3},
    "medium": {"purple": 7, "red": 6, "yellow": 4},
    "hard": {"purple": 7, "red": 7, "yellow": 5},
}
# Medium puts 2 people on these districts of Miami East; Hard puts only 1 on the last one.
MEDIUM_DOUBLES = ("Biscayne Campus", "Normandy Shores Golf Course")
HARD_SINGLE = "Cape Florida Park"
COAST_GUARD = "coast_guard"
ENGINEER = "engineer"
FIRE_FIGHTER = "fire_fighter"
FLOODED_COST = 4


@register
@dataclass(frozen=True, slots=True)
class PlacePeople(Action):
    """Chance (Miami 2030 setup): the people of the difficulty, placed at random: district hex → colours."""

    kind: ClassVar[str] = "place_people"
    is_chance: ClassVar[bool] = True
    districts: dict[str, list[str]] = field(default_factory=dict)


@register
@dataclass(frozen=True, slots=True)
class FloodHex(Action):
    """Miami 2030, Round Marker Advance / Flooding: put a flood cube on ``hex``."""

    kind: ClassVar[str] = "flood_hex"
    player: int
    hex: HexLabel


class MiamiSetupPhase(SetupPhase):
    """The base setup (no cubes: exits start empty, no display), the player order, then the people."""

    accepts: tuple[type[Action], ...] = (*SetupPhase.accepts, PlacePeople)  # type: ignore[assignment]

    def sample(self, g: GameState, rng: random.Random) -> Action:
        if g.step != "people":
            return super().sample(g, rng)
        rules: Rules = g.rules  # type: ignore[assignment]
        people = [c for c, n in sorted(PEOPLE[g.options["difficulty"]].items()) for _ in range(n)]
        rng.shuffle(people)
        out: dict[str, list[str]] = {}
        for h, n in sorted(rules.people_placement(g.options["difficulty"]).items()):
            out[g.label(h)], people = people[:n], people[n:]
        return PlacePeople(out)

    def check(self, g: GameState, a: Action) -> None:
        if not isinstance(a, PlacePeople):
            super().check(g, a)
            return
        if g.step != "people":
            raise IllegalAction("the people are placed after the player order")
        rules: Rules = g.rules  # type: ignore[assignment]
        difficulty = g.options["difficulty"]
        want = {g.label(h): n for h, n in rules.people_placement(difficulty).items()}
        got = {lab: len(cubes) for lab, cubes in a.districts.items()}
        if got != want:
            raise IllegalAction(f"the {difficulty} people go {want} on the districts, not {got}")
        colours: dict[str, int] = {}
        for cubes in a.districts.values():
            for c in cubes:
                colours[c] = colours.get(c, 0) + 1
        if colours != PEOPLE[difficulty]:
            raise IllegalAction(f"the {difficulty} people are {PEOPLE[difficulty]}, not {colours}")

    def apply(self, g: GameState, a: Action) -> bool:
        if isinstance(a, PlayerOrder):
            super().apply(g, a)
            g.step = "people"
            return wait_for_chance(g)
        if not isinstance(a, PlacePeople):
            return super().apply(g, a)
        people: dict[str, dict[str, int]] = {}
        for lab, cubes in a.districts.items():
            for c in cubes:
                people.setdefault(lab, {})
                people[lab][c] = people[lab].get(c, 0) + 1
                g.bag[c] -= 1
        state(g).people = people
        g.step = None
        g.say(f"{sum(len(c) for c in a.districts.values())} people ({g.options['difficulty']}) wait on the districts")
        return True


class FloodingPhase(Phase):
    """Round Marker Advance / Flooding: the player puts this round's flood cubes on hexes of their choice."""

    name = "flooding"
    title = "X. Round Marker Advance / Flooding"
    accepts = (FloodHex,)

    def begin(self, g: GameState) -> bool:
        rules: Rules = g.rules  # type: ignore[assignment]
        state(g).floods_due = rules.FLOODS_PER_ROUND.get(g.turn, 0)
        return self._next(g)

    def _next(self, g: GameState) -> bool:
        rules: Rules = g.rules  # type: ignore[assignment]
        figures = state(g)
        if figures.floods_due > 0 and rules.flood_sites(g) and g.active_players():
            g.to_move = g.active_players()[0]
            return False
        figures.floods_due = 0
        g.to_move = None
        return True

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        rules: Rules = g.rules  # type: ignore[assignment]
        return [FloodHex(seat, g.label(h)) for h in rules.flood_sites(g)]

    def check(self, g: GameState, a: Action) -> None:
        assert isinstance(a, FloodHex)
        rules: Rules = g.rules  # type: ignore[assignment]
        h = g.map.by_label.get(a.hex.upper())
        if h is None:
            raise IllegalAction(f"there is no hex {a.hex!r} on this map")
        refusal = rules.flood_refusal(g, h)
        if refusal is not None:
            raise IllegalAction(refusal)

    def apply(self, g: GameState, a: Action) -> bool:
        assert isinstance(a, FloodHex)
        h = g.map.by_label[a.hex.upper()]
        figures = state(g)
        figures.markers[g.label(h)] = [FLOOD]
        figures.floods_due -= 1
        g.board_changed()
        g.say(f"The water rises: {g.label(h)} is flooded{' (a flood cube on the track)' if h in g.tiles else ''}")
        return self._next(g)


class Rules(BaseRules):
    """Miami 2030, 1 player (map.toml: players = [1, 1])."""

    STATE = State
    RULES_VERSION = 2  # 2: complex tiles on a flooded hex add the base surcharge to its $4; 1 (a flat $4) replays
    REPLAYS_VERSIONS = frozenset({1})
    TURNS: ClassVar[dict[int, int]] = {1: 10}
    BAG: ClassVar[dict[str, int]] = {"red": 20, "purple": 20, "yellow": 20}  # the people; no black, no blue
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {
        letter: spec for letter, spec in BaseRules.NEW_CITIES.items() if spec[0] != "black"
    }
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 2, "beach": 2}
    ACTIONS: ClassVar[tuple[str, ...]] = ("locomotive", "urbanization", ENGINEER, COAST_GUARD, FIRE_FIGHTER)
    ACTION_TITLES: ClassVar[dict[str, str]] = {
        **BaseRules.ACTION_TITLES,
        "urbanization": "Urbanize",
        COAST_GUARD: "Coast Guard",
        FIRE_FIGHTER: "Fire Fighter",
    }
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        "difficulty": "easy",
        # Ruling: a district is a City with no colour, so track may be built out of it (False: track only
        # reaches a district, from an exit or from the player's own track)
        "track_from_districts": True,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "difficulty": "How many people wait on the districts to be saved: 15 on easy, 17 on medium, 19 on hard.",
        "track_from_districts": "On: track may be built out of a district as out of a city; off: track only reaches a "
        "district.",
    }
    OPTION_CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {"difficulty": tuple(PEOPLE)}
    FLOOD_CUBES = 20  # the blue cubes
    FLOODS_PER_ROUND: ClassVar[dict[int, int]] = {**dict.fromkeys(range(1, 6), 1), **dict.fromkeys(range(6, 10), 2)}

    # --- the board's figures ------------------------------------------------------------------

    def display_layout(self, g: GameState) -> dict[str, int]:
        """No goods display: people are never added."""
        return {}

    def flooded_at_setup(self) -> list[int]:
        """The hexes that hold a flood cube at setup."""
        return self.map.places_with("flood")

    def districts(self, area: str) -> list[int]:
        """The district hexes of ``area`` ("west", "east" or "north"), in hex order."""
        return sorted(h for h in self.map.areas[area] if self.map.town_kinds.get(h) == "district")

    def people_placement(self, difficulty: str) -> dict[int, int]:
        """District hex → how many people the difficulty puts there at setup."""
        by_name = {name: h for h, name in self.map.towns.items()}
        west, east = self.districts("west"), self.districts("east")
        if difficulty == "easy":
            return {**dict.fromkeys(west, 2), **dict.fromkeys(east, 1)}
        if difficulty == "medium":
            out = {**dict.fromkeys(west, 2), **dict.fromkeys(east, 1)}
            out.update(dict.fromkeys((by_name[n] for n in MEDIUM_DOUBLES), 2))
            return out
        if difficulty == "hard":
            return {**dict.fromkeys(west + east, 2), by_name[HARD_SINGLE]: 1}
        raise ValueError(f"unknown difficulty {difficulty!r} (easy, medium or hard)")

    def flooded(self, g: GameState) -> set[int]:
        """The hexes holding a flood cube (on the ground or on a track tile)."""
        return {g.map.by_label[lab] for lab, kinds in state(g).markers.items() if FLOOD in kinds}

    def is_district(self, g: GameState, h: int) -> bool:
        """A district not urbanized."""
        return g.map.town_kinds.get(h) == "district" and h not in g.new_cities

    def people(self, g: GameState) -> dict[int, dict[str, int]]:
        """District hex → its people (districts not urbanized)."""
        return {g.map.by_label[lab]: cubes for lab, cubes in state(g).people.items()}

    def goods_on_hexes(self, g: GameState) -> dict[int, dict[str, int]]:
        """The people waiting on the districts, for the picture."""
        return {h: dict(c) for h, c in self.people(g).items() if any(c.values())}

    def people_left(self, g: GameState) -> int:
        on_districts = sum(sum(c.values()) for c in state(g).people.values())
        return on_districts + sum(sum(c.values()) for c in g.cubes.values())

    def flood_sites(self, g: GameState) -> list[int]:
        """Where the next flood cube may go (:meth:`flood_refusal`), in hex order."""
        return [h for h in range(g.map.size) if self.flood_refusal(g, h) is None]

    def flood_refusal(self, g: GameState, h: int) -> str | None:
        """Why the next flood cube may not go on ``h`` (None: it may): a beach not yet flooded; when every beach
        is, a hex next to a beach; never a district or an exit."""
        wet = self.flooded(g)
        if h in wet:
            return f"{g.label(h)} is already flooded"
        if h in g.map.town_kinds or h in g.map.city_at:
            return "flood cubes are never placed in districts or on exits"
        terrain, neighbours = g.map.terrain, g.map.neighbours
        if any(terrain[b] == "beach" and b not in wet for b in range(g.map.size)):
            return None if terrain[h] == "beach" else "a flood cube goes on a beach hex that is not yet flooded"
        if not any(n >= 0 and terrain[n] == "beach" for n in neighbours[h]):
            return "a flood cube goes on a hex next to a beach hex"
        return None

    # --- setup and phases ---------------------------------------------------------------------

    def on_setup(self, g: GameState) -> None:
        """A flood cube on each beach of Miami West and North (the people come after the player order)."""
        state(g).markers = {g.label(h): [FLOOD] for h in self.flooded_at_setup()}

    def make_phases(self) -> list[Phase]:
        out: list[Phase] = []
        for p in super().make_phases():
            if isinstance(p, GoodsGrowthPhase):
                continue  # no goods display, no goods growth
            if isinstance(p, SetupPhase):
                p = MiamiSetupPhase()
            if isinstance(p, AdvanceTurnPhase):
                out.append(FloodingPhase())
            out.append(p)
        return out

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """The people on the districts and those evacuated."""
        out: dict[str, int] = {}
        figures = state(g)
        for held in (*figures.people.values(), figures.evacuated):
            for c, n in held.items():
                out[c] = out.get(c, 0) + n
        return out

    def extra_invariants(self, g: GameState) -> list[str]:
        problems = []
        wet = self.flooded(g)
        if len(wet) > self.FLOOD_CUBES:
            problems.append(f"{len(wet)} hexes are flooded, the game has {self.FLOOD_CUBES} flood cubes")
        for h in wet:
            if h in g.map.town_kinds or h in g.map.city_at:
                problems.append(f"the district or exit {g.label(h)} is flooded")
        for lab in state(g).people:
            if not self.is_district(g, g.map.by_label[lab]):
                problems.append(f"people wait on {lab}, which is not a district")
        return problems

    # --- actions and building -----------------------------------------------------------------

    def terrain_cost(self, g: GameState, h: int) -> int | None:
        """Flat and beach $2, a flooded hex $4: the price of a simple tile, to which the base rules add the
        complex tiles' surcharge, as on any terrain. Track may point into a flooded hex; only Coast Guard lays
        track on one (:meth:`check_build`)."""
        if h in self.flooded(g):
            return FLOODED_COST
        return super().terrain_cost(g, h)

    def can_hold_track(self, g: GameState, h: int) -> bool:
        """No track is ever laid on a district (a flooded hex can hold track: Coast Guard lays it there)."""
        return not self.is_district(g, h) and super().can_hold_track(g, h)

    def check_build(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        if self.is_district(g, plan.hex):
            raise IllegalAction(f"no track may be laid on the district {g.map.towns[plan.hex]}")
        if plan.hex in self.flooded(g) and g.players[seat].action != COAST_GUARD:
            raise IllegalAction(f"{g.label(plan.hex)} holds a flood cube: only Coast Guard lays track there")

    def on_built(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        if plan.hex in self.flooded(g) and plan.old is None:
            g.say(f"The flood cube of {g.label(plan.hex)} goes onto the new track")

    def build_cost(self, g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
        """The base costs on :meth:`terrain_cost` (upgrades and redirections ignore the terrain, flooded or
        not). Rules version 1 charged a flat $4 for any new tile on a flooded hex, complex ones included."""
        if g.rules_version < 2 and old is None and h in self.flooded(g):
            return FLOODED_COST
        return super().build_cost(g, h, kind, old, new)

    def track_end_hexes(self, g: GameState) -> frozenset[int]:
        """Districts: track ends at them as at a city, without a tile."""
        return frozenset(h for h in g.map.town_kinds if self.is_district(g, h))

    def track_start_hexes(self, g: GameState) -> frozenset[int]:
        """Districts are Cities with no colour: track may be built out of them (option
        ``track_from_districts``)."""
        return self.track_end_hexes(g) if g.options.get("track_from_districts", True) else frozenset()

    def urbanize_refusal(self, g: GameState, h: int) -> str | None:
        """Why no New City may go on ``h`` (None: one may): only on a district."""
        return None if self.is_district(g, h) else "a New City goes on a district"

    def on_urbanized(self, g: GameState, h: int, letter: str) -> None:
        people = state(g).people.pop(g.label(h), {})
        g.cubes[h] = dict(people)
        if people:
            g.say(f"The people of {g.map.towns[h]} move onto {g.city_name(h)}")

    # --- moving people ------------------------------------------------------------------------

    def goods_sources(self, g: GameState) -> dict[int, dict[str, int]]:
        return {**g.cubes, **self.people(g)}

    def take_goods(self, g: GameState, stop: int, colour: str) -> None:
        if stop in g.cubes:
            g.cubes[stop][colour] -= 1
            return
        lab = g.label(stop)
        people = state(g).people
        people[lab][colour] -= 1
        if not people[lab][colour]:
            del people[lab][colour]
        if not people[lab]:
            del people[lab]

    def flooded_passed(self, g: GameState, route: Route) -> int:
        """Flooded hexes the route's track runs over."""
        wet = self.flooded(g)
        chains = g.network.chains
        hexes = {h for link in route.links if link.chain >= 0 for h, _ in chains[link.chain].tracks}
        return len(hexes & wet)

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """To an exit: one per link, less 1 per flooded hex passed (Fire Fighter: no loss), never below 0;
        to an urbanized district: nothing."""
        end = route.stops[-1]
        if end not in g.map.city_at:
            return {}
        income = route.income()
        if g.players[seat].action == FIRE_FIGHTER:
            return income
        loss = self.flooded_passed(g, route)
        out: dict[int | None, int] = {}
        for owner, n in income.items():  # the loss comes off the player's own links (Rulings)
            cut = min(n, loss) if owner == seat else 0
            loss -= cut
            out[owner] = n - cut
        return out

    def delivered_cube(self, g: GameState, seat: int, route: Route) -> None:
        """The person leaves the map."""
        ev = state(g).evacuated
        ev[route.colour] = ev.get(route.colour, 0) + 1

    # --- the end ------------------------------------------------------------------------------

    def game_ends_now(self, g: GameState) -> bool:
        if self.people_left(g) == 0:
            self._result(g, True, "every person is evacuated")
            return True
        if g.turn >= g.last_turn:
            n = self.people_left(g)
            who = "1 person is" if n == 1 else f"{n} people are"
            self._result(g, False, f"{who} still on the map after round {g.turn}")
            return True
        return False

    def check_early_end(self, g: GameState) -> None:
        if not g.active_players():
            self._result(g, False, "bankrupt")
        super().check_early_end(g)

    def _result(self, g: GameState, won: bool, why: str) -> None:
        evacuated = sum(state(g).evacuated.values())
        state(g).result = Result(won, g.turn, evacuated, self.people_left(g), why)
        g.say(f"{'Won' if won else 'Lost'} in round {g.turn}: {why} ({evacuated} evacuated)")

    def result_lines(self, g: GameState) -> list[str]:
        """Won or lost, and why."""
        r = state(g).result
        if r is None:
            return []
        head = "You won" if r.won else "You lost"
        return [f"{head} in round {r.round}: {r.reason} ({r.evacuated} evacuated, {r.left} left)."]

    def solo_figures(self, g: GameState) -> dict[str, Any]:
        """Won or lost, the people evacuated, and how it ended (``"won in round 10"``)."""
        r = state(g).result
        if r is None:
            return super().solo_figures(g)
        return {"won": r.won, "evacuated": r.evacuated, "ending": f"{'won' if r.won else 'lost'} in round {r.round}"}

    def score(self, g: GameState, seat: int) -> int:
        """The people evacuated so far."""
        return sum(state(g).evacuated.values())

    def score_parts(self, g: GameState, seat: int) -> list[tuple[str, int]]:
        return [("people evacuated", self.score(g, seat))]

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if isinstance(a, FloodHex):
            h = g.map.by_label[a.hex.upper()]
            what = "track, " if h in g.tiles else ""
            return f"flood {a.hex} ({what}{g.map.terrain[h]})"
        return super().describe_action(g, a)
