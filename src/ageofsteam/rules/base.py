"""The base rules of Age of Steam (``shared/rules/base-rules.md``, with the house rulings) as a class whose
constants and hooks a map overrides in its own ``rules.py``.

The class is also the driver: it runs the phases in order and routes each action to the phase that handles
it. ``check`` never changes the state; ``apply`` runs only after ``check``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.board.mapdata import MapData, SpecialLink
from ageofsteam.board.network import Network, build_hex_network
from ageofsteam.board.tiles import TOWN_DISKS, manifest
from ageofsteam.engine.actions import CHANCE, Action
from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.mapstate import MapState
from ageofsteam.engine.state import GameState, PlacedTile, Player
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.goods_growth import GoodsGrowthPhase
from ageofsteam.rules.income import (
    CollectIncomePhase,
    IncomeReductionPhase,
    PayExpensesPhase,
    base_income_reduction,
)
from ageofsteam.rules.issue_shares import IssueSharesPhase
from ageofsteam.rules.phase import Phase
from ageofsteam.rules.player_order import PlayerOrderPhase
from ageofsteam.rules.scoring import AdvanceTurnPhase, base_score, end_game, track_points
from ageofsteam.rules.select_actions import LOCOMOTIVE, SelectActionsPhase, raise_engine
from ageofsteam.rules.setup import SetupPhase
from ageofsteam.rules.special_links import towns_built
from ageofsteam.rules.track_placement import base_build_cost

if TYPE_CHECKING:
    from ageofsteam.board.network import Link
    from ageofsteam.rules.move_goods import Route, RouteStops
    from ageofsteam.rules.track_placement import BuildPlan


NO_HEXES: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class PanelFact:
    """One fact of a map's side panel: a short ``label``, its ``value`` now, and the ``rule`` behind it in one
    line (shown when the player points at the fact)."""

    label: str
    value: str
    rule: str


class BaseRules:
    """The base game. Maps subclass this and override constants and hooks."""

    RULES_VERSION: ClassVar[int] = 1
    # Earlier versions of these rules this engine still replays exactly: where they differ, the rules read the
    # game's ``GameState.rules_version`` (the version its record was played by).
    REPLAYS_VERSIONS: ClassVar[frozenset[int]] = frozenset()
    STATE: ClassVar[type[MapState]] = MapState  # the map's own figures (a dataclass deriving from MapState)
    # False while a map's own rules are not implemented yet: its board and setup exist, its play is the base game's
    RULES_COMPLETE: ClassVar[bool] = True
    STARTING_CASH = 10
    STARTING_SHARES = 2
    STARTING_ENGINE = 1
    MAX_SHARES = 15
    MAX_ENGINE = 6
    SHARE_PRICE = 5
    BUILDS = 3
    ENGINEER_BUILDS = 4
    MOVE_ROUNDS = 2
    PRODUCTION_CUBES = 2
    DEFAULT_CITY_CUBES = 2
    BAG: ClassVar[dict[str, int]] = {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}
    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7, 6: 6}
    ACTIONS: ClassVar[tuple[str, ...]] = (
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        "production",
        "turn_order",
    )
    ACTION_TITLES: ClassVar[dict[str, str]] = {
        "first_move": "First Move",
        "first_build": "First Build",
        "engineer": "Engineer",
        "locomotive": "Locomotive",
        "urbanization": "Urbanization",
        "production": "Production",
        "turn_order": "Turn Order (Pass)",
    }
    # New City tile → (colour, the display half and die value that also feed it)
    NEW_CITIES: ClassVar[dict[str, tuple[str, str]]] = {
        "A": ("red", "light3"),
        "B": ("blue", "light4"),
        "C": ("black", "light5"),
        "D": ("black", "light6"),
        "E": ("yellow", "dark1"),
        "F": ("purple", "dark2"),
        "G": ("black", "dark3"),
        "H": ("black", "dark4"),
    }
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 2, "river": 3, "mountain": 4}
    COMPLEX_SURCHARGE: ClassVar[dict[str, int]] = {"coexisting": 1, "crossing": 2}
    OPTIONS: ClassVar[dict[str, Any]] = {"production_offmap_boxes": True}
    OPTION_CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {}  # options allowed only a few values: name → values
    # each option's rule in one sentence, for the lobby (a map adds its own to the base game's)
    OPTION_RULES: ClassVar[dict[str, str]] = {
        "production_offmap_boxes": "On: Production may fill the goods boxes of New Cities not yet on the map; "
        "off: only the boxes of cities already on it.",
    }
    PLAYER_COLOURS: ClassVar[tuple[str, ...]] = ("blue", "green", "yellow", "pink", "grey", "orange")

    def __init__(self, board: MapData) -> None:
        self.map = board
        self.phases: list[Phase] = self.make_phases()
        self.phase_map = {p.name: p for p in self.phases}
        self.growth_city = {key: c.hex for c in board.cities for key in c.growth}

    def make_phases(self) -> list[Phase]:
        """Setup, then the phases of every turn in order. Maps replace or insert phases here."""
        from ageofsteam.rules.move_goods import MoveGoodsPhase

        return [
            SetupPhase(),
            IssueSharesPhase(),
            PlayerOrderPhase(),
            SelectActionsPhase(),
            BuildTrackPhase(),
            MoveGoodsPhase(),
            CollectIncomePhase(),
            PayExpensesPhase(),
            IncomeReductionPhase(),
            GoodsGrowthPhase(),
            AdvanceTurnPhase(),
        ]

    # --- a new game ----------------------------------------------------------------------------

    def player_counts(self) -> tuple[int, int]:
        return self.map.players

    def game_lengths(self) -> dict[int, int]:
        """Player count → the turns a game lasts: the map file's ``[turns]``, else the rules' ``TURNS``."""
        return {**self.TURNS, **self.map.turns}

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """The game options: defaults with ``given`` applied; unknown names or wrong types are refused."""
        out = dict(self.OPTIONS)
        for k, v in (given or {}).items():
            if k not in out:
                known = ", ".join(out) or "none"
                raise BadInput(f"option {k!r} does not exist on {self.map.name} (options: {known})")
            if type(v) is not type(out[k]):
                raise BadInput(f"option {k!r} must be a {type(out[k]).__name__}")
            choices = self.OPTION_CHOICES.get(k)
            if choices is not None and v not in choices:
                raise BadInput(f"option {k!r} must be one of {', '.join(map(str, choices))}, not {v!r}")
            out[k] = v
        return out

    def new_state(self, seats: list[tuple[str, str]], options: dict[str, Any] | None = None) -> GameState:
        lo, hi = self.player_counts()
        if not lo <= len(seats) <= hi:
            raise BadInput(f"{self.map.name} is for {lo}–{hi} players, not {len(seats)}")
        players = [
            Player(i, name, colour, self.STARTING_CASH, 0, self.STARTING_SHARES, self.STARTING_ENGINE)
            for i, (name, colour) in enumerate(seats)
        ]
        g = GameState(self.map, self, self.options(options), players, len(players))
        g.rules_version = self.RULES_VERSION
        g.map_state = self.STATE()
        g.last_turn = self.game_lengths()[len(players)]
        g.supply = manifest()
        g.disks = TOWN_DISKS
        g.bag = dict(self.BAG)
        g.new_cities_left = list(self.NEW_CITIES)
        g.cubes = {c.hex: {} for c in self.map.cities}
        g.display = {col: [None] * n for col, n in self.display_layout(g).items()}
        self.on_setup(g)
        self.phases[0].begin(g)
        return g

    def display_layout(self, g: GameState) -> dict[str, int]:
        """The goods display: column → number of boxes, in the order boxes are filled at setup."""
        out = {f"light{v}": 3 for v in range(1, 7)}
        out.update({k: 2 for k, (_, col) in self.NEW_CITIES.items() if col.startswith("light")})
        out.update({f"dark{v}": 3 for v in range(1, 7)})
        out.update({k: 2 for k, (_, col) in self.NEW_CITIES.items() if col.startswith("dark")})
        return out

    def starting_cubes(self, g: GameState) -> dict[int, int]:
        """City hex → number of cubes drawn for it at setup."""
        return {c.hex: self.DEFAULT_CITY_CUBES if c.cubes is None else c.cubes for c in self.map.cities}

    # --- the driver ----------------------------------------------------------------------------

    def phase(self, g: GameState) -> Phase:
        return self.phase_map[g.phase]

    def legal_actions(self, g: GameState) -> list[Action]:
        if g.over or g.to_move is None or g.to_move == CHANCE:
            return []
        return self.phase(g).legal(g)

    def sample_chance(self, g: GameState, rng: random.Random) -> Action:
        return self.phase(g).sample(g, rng)

    def chance_outcomes(self, g: GameState) -> list[tuple[Action, float]] | None:
        """The outcomes of the chance event due now with their probabilities (see ``Phase.chance_outcomes``)."""
        if g.over or g.to_move != CHANCE:
            raise IllegalAction("no dice roll or draw is due now")
        return self.phase(g).chance_outcomes(g)

    def check(self, g: GameState, a: Action) -> None:
        """Raise IllegalAction if ``a`` may not be taken now; never changes the state."""
        if g.over:
            raise IllegalAction("the game is over")
        phase = self.phase(g)
        if a.is_chance:
            if g.to_move != CHANCE:
                raise IllegalAction(f"no dice roll or draw is due now ({phase.title})")
        else:
            seat = a.actor
            if not 0 <= seat < len(g.players):
                raise IllegalAction(f"there is no player {seat}")
            if g.to_move == CHANCE:
                raise IllegalAction("the dice must be rolled or the bag drawn first")
            if seat != g.to_move:
                assert g.to_move is not None
                raise IllegalAction(f"it is {g.player_name(g.to_move)}'s turn, not {g.player_name(seat)}'s")
        if not isinstance(a, phase.accepts):
            raise IllegalAction(f"'{a.kind}' is not possible during {phase.title}")
        phase.check(g, a)

    def apply(self, g: GameState, a: Action) -> None:
        """Check then carry out ``a`` and run every automatic step up to the next decision."""
        self.check(g, a)
        done = self.phase(g).apply(g, a)
        while done and not g.over:
            done = self.next_phase(g)

    def next_phase(self, g: GameState) -> bool:
        idx = self.phases.index(self.phase(g)) + 1
        nxt = self.phases[idx] if idx < len(self.phases) else self.phases[1]
        g.phase = nxt.name
        return nxt.begin(g)

    # --- hooks: setup and actions --------------------------------------------------------------

    def on_setup(self, g: GameState) -> None:
        """Map-specific setup after the standard one, before the setup draw."""

    def after_setup_draw(self, g: GameState) -> None:
        """Map-specific setup once the display and the cities have their cubes."""

    def extra_goods(self, g: GameState) -> dict[str, int]:
        """Cubes a map keeps outside the bag, the display and the cities (colour → count)."""
        return {}

    def extra_invariants(self, g: GameState) -> list[str]:
        """Problems with a map's own figures, for ``check_invariants`` (an empty list: all is well)."""
        return []

    def settle_scenario(self, g: GameState, given: dict[str, Any]) -> None:
        """Derive a map's own figures that follow from a scenario's position, as play would have made them
        (``given``: the figures the scenario states itself, which are kept and only checked)."""

    def actions_offered(self, g: GameState, seat: int) -> list[str]:
        """The action spaces of the game, in their order (a map may offer others, e.g. a solo variant's)."""
        return list(self.ACTIONS)

    def action_refusal(self, g: GameState, seat: int, action: str) -> str | None:
        """Why ``seat`` may not select ``action`` now, in player words (None: they may); listing and checking
        Select Actions both ask it, and a table can show every offered action greyed with its reason. The base
        game: an action another player took."""
        holder = next((p.name for p in g.players if p.action == action), None)
        if holder:
            return f"{self.action_title(action)} is already taken by {holder}"
        return None

    def available_actions(self, g: GameState, seat: int) -> list[str]:
        """The actions ``seat`` may select now: those offered that ``action_refusal`` lets through."""
        return [a for a in self.actions_offered(g, seat) if self.action_refusal(g, seat, a) is None]

    def action_title(self, action: str) -> str:
        return self.ACTION_TITLES.get(action, action)

    def describe_action(self, g: GameState, a: Action) -> str | None:
        """A player-readable menu entry for a map's own action kind (None: the CLI shows its JSON)."""
        return None

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        """The figures of a map's own legal action kind that its menu entry (``describe_action``) names, for
        ``aos legal --json``: by default its ``cost`` (``action_cost``); a kind that delivers gives the
        delivery's facts instead (:func:`~ageofsteam.rules.move_goods.delivery_facts`: path and income)."""
        return {"cost": self.action_cost(g, a)}

    def describe_status(self, g: GameState) -> list[str]:
        """The map's own figures, a line per fact of :meth:`panel` (``Season: winter``), for ``aos show``,
        ``aos play`` and under the title of ``aos render``."""
        return [f"{f.label}: {f.value}" for f in self.panel(g)]

    def panel(self, g: GameState) -> list[PanelFact]:
        """The facts a player must see about the map's own figures, for a side panel (the view's ``panel``):
        the function ``panel(g)`` of the map's ``panel.py``, found next to its ``rules.py``; none without one."""
        say = _panel_of(type(self))
        return say(g) if say is not None else []

    def display_marks(self, g: GameState) -> dict[str, list[str | None]]:
        """A short word under boxes of the goods display (Las Vegas: the money under a red good), column →
        one entry per box (None: nothing), for the view's ``display_marks``; none in the base game."""
        return {}

    def goods_on_hexes(self, g: GameState) -> dict[int, dict[str, int]]:
        """Goods lying on hexes that are not cities or New Cities (a map's volcanoes, oil fields…): hex → colour
        → count, for the picture (``aos render``); none in the base game."""
        return {}

    def result_lines(self, g: GameState) -> list[str]:
        """The end of the game in words beyond the standings (a solo map's won or lost, its rating), shown by
        ``aos show``, ``aos play`` and the view once the game is over; none in the base game."""
        return []

    def on_action_selected(self, g: GameState, seat: int, action: str) -> None:
        if action == LOCOMOTIVE:
            raise_engine(g, seat)

    def max_shares(self, g: GameState) -> int:
        return self.MAX_SHARES

    def max_engine(self, g: GameState) -> int:
        return self.MAX_ENGINE

    # --- hooks: building -----------------------------------------------------------------------

    def builds_allowed(self, g: GameState, seat: int) -> int:
        return self.ENGINEER_BUILDS if g.players[seat].action == "engineer" else self.BUILDS

    def terrain_cost(self, g: GameState, h: int) -> int | None:
        """Cost of a simple tile on an empty hex of this terrain; None where no track may go."""
        return self.TERRAIN_COSTS.get(g.map.terrain[h])

    def can_hold_track(self, g: GameState, h: int) -> bool:
        """May a track tile lie on ``h`` in some position of the game (a town, or terrain track may be laid on,
        now or with a special action)? Cities never hold a tile."""
        return not g.is_city(h) and (g.is_town(h) or self.terrain_cost(g, h) is not None)

    def build_cost(self, g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
        return base_build_cost(g, h, kind, old, new)

    def check_build(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        """Raise IllegalAction for a build the map forbids (the base rules checked everything else)."""

    def on_built(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        """After a build was carried out (maps move things onto the new tile here)."""

    def cheapest_build(self, g: GameState, seat: int) -> int:
        """Below this much cash a player cannot build, and their build ends by itself."""
        return 2

    def urbanize_refusal(self, g: GameState, h: int) -> str | None:
        """Why no New City may go on the town at ``h`` (None: one may), beyond the base rules' checks; listing
        and checking urbanizations both ask it. The base game: every town."""
        return None

    def on_urbanized(self, g: GameState, h: int, letter: str) -> None:
        pass

    def on_build_ended(self, g: GameState, seat: int) -> None:
        pass

    def build_network(self, g: GameState) -> Network:
        """The network of links; a map may add links of its own (``Link`` with ``chain = -1``)."""
        return build_hex_network(g)

    def track_end_hexes(self, g: GameState) -> frozenset[int]:
        """Hexes without track (not cities) where track may end as at a City, making them stops of the network
        (volcanoes…). For placement a track end there counts as open: it is not a City to connect to."""
        return NO_HEXES

    def track_start_hexes(self, g: GameState) -> frozenset[int]:
        """Those of ``track_end_hexes`` that count as Cities for placement too: new track may be built out of
        them, and a first tile may touch them, as at a City (Miami's districts). None in the base game."""
        return NO_HEXES

    # --- hooks: pre-printed special links (rules/special_links.py) -----------------------------

    def special_link_cost(self, g: GameState, seat: int, link: SpecialLink) -> int:
        """What building ``link`` costs ``seat``: its printed cost."""
        return link.cost

    def check_special_link(self, g: GameState, seat: int, link: SpecialLink) -> None:
        """Raise IllegalAction for a special link the map forbids (its printed condition was checked)."""

    def on_special_link_built(self, g: GameState, seat: int, link: SpecialLink) -> None:
        """After a special link was built and paid for."""

    def special_link_joins(self, g: GameState, link: SpecialLink) -> bool:
        """Is the built ``link`` a Completed Railroad Link now? A town joins links only once a track tile or a
        New City is on it: until then a link to it is built and owned but in no one's network."""
        return towns_built(g, link)

    def special_link_sections(self, g: GameState, link: SpecialLink) -> int:
        """Track sections a built special link counts as (for scoring): one."""
        return 1

    # --- hooks: moving goods -------------------------------------------------------------------

    def delivery_limit(self, g: GameState, seat: int) -> int:
        return g.players[seat].engine

    def accepts(self, g: GameState, stop: int, colour: str) -> bool:
        """May a cube of ``colour`` end its move at ``stop``?"""
        return g.is_city(stop) and colour in g.city_colours(stop)

    def may_pass(self, g: GameState, stop: int, colour: str) -> bool:
        """May a cube of ``colour`` pass through ``stop`` (a town or a city not of its colour)?"""
        return True

    def must_stop(self, g: GameState, stop: int, colour: str) -> bool:
        """Must a cube of ``colour`` end its move at ``stop`` that accepts it? (Base: yes, at the first City of
        its colour.) If not, it may also go on, where ``may_pass`` allows."""
        return True

    def goods_sources(self, g: GameState) -> dict[int, dict[str, int]]:
        """Stops holding goods that may be delivered: stop → colour → count. Base: the cities."""
        return g.cubes

    def take_goods(self, g: GameState, stop: int, colour: str) -> None:
        """Take one delivered cube of ``colour`` from its starting stop."""
        g.cubes[stop][colour] -= 1

    def stop_levels(self, g: GameState, seat: int, stop: int, colour: str, final: bool) -> int:
        """Engine levels a cube uses at ``stop`` on top of its links: passing through it, or delivered there
        when ``final`` (maps without track count levels per place; the base game: none)."""
        return 0

    def route_levels(self, g: GameState, seat: int, route: Route) -> int:
        """Engine levels a delivery needs: its links' levels plus ``stop_levels`` of every place after the start."""
        last = len(route.stops) - 1
        return route.levels + sum(
            self.stop_levels(g, seat, s, route.colour, i == last) for i, s in enumerate(route.stops) if i
        )

    def action_cost(self, g: GameState, a: Action) -> int:
        """What a map's own action costs its player (bots keep their budget with it); 0 by default."""
        return 0

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """Why ``seat`` may not make the delivery ``route`` (one their engine allows), in player words; None:
        they may. A map's delivery rule lives here alone: listing deliveries and checking a named one both ask
        it. The base game: every delivery the engine allows."""
        return None

    def any_hex_names_city(self, g: GameState) -> bool:
        """May an action name a city covering several hexes by any of them (not only its own hex)? No: each
        decision has one name; a map's older rules version may have allowed it."""
        return False

    def routes_by_ends(self, g: GameState) -> bool:
        """Whether a delivery's legality and effect depend only on where it starts, the places it visits (not
        their order), where it ends and the engine levels it uses: then the legal deliveries listed are one
        route for each destination and number of levels (the first found), and any other route to the same
        place over as many levels may still be named. The base game: no (each link pays its owner)."""
        return False

    def route_stops(self, g: GameState, seat: int) -> RouteStops | None:
        """Where ``seat``'s deliveries may go at all: the stops at the ends of the links they may use, those a
        cube may go on from once it has come to them (``may_use_link`` must refuse every link out of any other),
        and what going on from some of them takes of a pool they share. Only prunes the search for routes; None
        (the base game): every stop."""
        return None

    def may_use_link(self, g: GameState, seat: int, links: list[Link], link: Link) -> bool:
        """May a cube that came along ``links`` go on along ``link``? Only prunes the search for routes:
        ``route_refusal`` must refuse the same routes, for deliveries named by a player."""
        return True

    def delivery_income(self, g: GameState, seat: int, route: Route) -> dict[int | None, int]:
        """Income each owner gains from a delivery: +1 per link to its owner (None: pays no one)."""
        return route.income()

    def delivered_cube(self, g: GameState, seat: int, route: Route) -> None:
        """Where a delivered cube goes: back to the bag."""
        g.bag[route.colour] = g.bag.get(route.colour, 0) + 1

    # --- hooks: income, expenses, growth, end --------------------------------------------------

    def expenses(self, g: GameState, seat: int) -> int:
        p = g.players[seat]
        return p.shares + p.engine

    def income_reduction(self, g: GameState, income: int) -> int:
        return base_income_reduction(income)

    def on_eliminated(self, g: GameState, seat: int) -> None:
        pass

    def check_early_end(self, g: GameState) -> None:
        """House ruling 8: a multiplayer game ends at once when at most one player is left; any game ends
        when no one is left."""
        left = len(g.active_players())
        if left == 0 or (g.start_players > 1 and left <= 1):
            end_game(g)

    def before_goods_growth(self, g: GameState) -> None:
        pass

    def dice_count(self, g: GameState) -> int:
        return g.start_players

    def growth_targets(self, g: GameState, half: str, value: int) -> list[tuple[str, int]]:
        """(display column, city hex) pairs fed by a die showing ``value`` in ``half`` ("light"/"dark")."""
        key = f"{half}{value}"
        out = []
        if key in self.growth_city and key in g.display:
            out.append((key, self.growth_city[key]))
        for h, letter in g.new_cities.items():
            if self.NEW_CITIES[letter][1] == key and letter in g.display:
                out.append((letter, h))
        return out

    def builds_left_text(self, g: GameState) -> str:
        """What the player building may still build this turn, in player words (the page's build line)."""
        assert g.build is not None
        n = g.build.builds_left
        return f"{n} tile{'' if n == 1 else 's'} left to build"

    def production_box_allowed(self, g: GameState, column: str) -> bool:
        if g.options.get("production_offmap_boxes", True):
            return True
        return column not in self.NEW_CITIES or column in g.new_cities.values()

    def game_ends_now(self, g: GameState) -> bool:
        return g.turn >= g.last_turn

    def on_turn_advanced(self, g: GameState) -> None:
        pass

    def score(self, g: GameState, seat: int) -> int:
        return base_score(g, seat)

    def score_parts(self, g: GameState, seat: int) -> list[tuple[str, int]]:
        """The score broken down for the end of a game, in player words, summing to :meth:`score`: 3 points a
        step of income, −3 a share, 1 a track section of completed links; a map adds its own bonus."""
        p = g.players[seat]
        return [
            (f"income {p.income} × 3", 3 * p.income),
            (f"shares {p.shares} × −3", -3 * p.shares),
            ("track in completed links", track_points(g, seat)),
        ]

    SCORE_TITLE: ClassVar[str | None] = "Score"  # the score's column in tables; None where it is another figure

    def score_text(self, g: GameState, seat: int, score: int | None) -> str:
        """A standing's figure in words: ``"42 points"``, or ``"eliminated"``."""
        if score is None:
            return "eliminated"
        return f"{score} point{'' if abs(score) == 1 else 's'}"

    def winners(self, g: GameState) -> list[int]:
        """The seats that won a finished game (a tie shares the win): those not eliminated with the best
        standing."""
        live = [(s, f) for s, f in self.standings(g) if not g.players[s].eliminated]
        return [s for s, f in live if f == live[0][1]] if live else []

    def solo_figures(self, g: GameState) -> dict[str, Any]:
        """A finished solo game in figures, for tables of many games: ``won``, and the map's own figures
        (numbers are averaged over the games, words counted). The base game: won if not eliminated."""
        return {"won": not g.players[0].eliminated}

    def standings(self, g: GameState) -> list[tuple[int, int | None]]:
        """Seats with their score, best first; eliminated players last with None."""
        live = sorted(((s.seat, self.score(g, s.seat)) for s in g.players if not s.eliminated), key=lambda x: -x[1])
        out: list[tuple[int, int | None]] = list(live)
        return out + [(s.seat, None) for s in g.players if s.eliminated]


_PANELS: dict[type, Callable[[GameState], list[PanelFact]] | None] = {}


def _panel_of(cls: type[BaseRules]) -> Callable[[GameState], list[PanelFact]] | None:
    """The ``panel`` function of the ``panel.py`` beside the module defining ``cls`` (or a base class's)."""
    if cls in _PANELS:
        return _PANELS[cls]
    found: Callable[[GameState], list[PanelFact]] | None = None
    for klass in cls.__mro__:
        package = klass.__module__.rpartition(".")[0]
        if klass is BaseRules or not package.startswith("ageofsteam.maps."):
            continue
        try:
            module = importlib.import_module(f"{package}.panel")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.panel":
                raise
            continue
        found = module.panel
        break
    _PANELS[cls] = found
    return found
