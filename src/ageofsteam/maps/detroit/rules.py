"""Detroit Bankruptcy (rulebook 004): the game is played until all but one player are bankrupt.

Setup: every player starts with 5 shares and no money; 2 cubes on each city, 1 cube per goods-display
column. Shares up to 25; no Production. The Engineer builds 4 and the cheapest of its builds is free (special
links included). The pre-printed special links are built as one build each for their printed cost, one owner
each, one track section each; the one to the town Windsor Airport is a link only once the town has a tile or
a New City. A delivery must use at least half the mover's own links. Expenses are shares +
engine + the turn number; income reduction is −1 per 5 above 5 (6–10: −1, 11–15: −2, …).

With one player it is the solo variant: only Engineer, Locomotive and Urbanization, three disks each, paid
$3/$2/$1 as the disks come off, one action a turn (or none); 2 dice per side in goods growth; the income
reduction never stops growing; the game ends when the player is bankrupt, rated against a virtual government
that goes bankrupt at the end of turn 6 with income −1.

Its figures (``state.py``; the state view shows them under ``extra``): the solo ``action_disks``, the
``engineer_costs`` of the build turn in progress, who went ``bankrupt`` when, and the end: the solo ``result``
or the multiplayer ``winners``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.maps.detroit.state import Bankruptcy, SoloResult, State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.build_track import BuildTrackPhase
from ageofsteam.rules.special_links import SpecialLinkBuildPhase
from ageofsteam.rules.track_placement import base_build_cost

if TYPE_CHECKING:
    from ageofsteam.board.mapdata import SpecialLink
    from ageofsteam.engine.state import GameState, PlacedTile
    from ageofsteam.rules.move_goods import Route
    from ageofsteam.rules.phase import Phase
    from ageofsteam.rules.track_placement import BuildPlan

ENGINEER = "engineer"
NO_ACTION = "no_action"
SOLO_ACTIONS = ("engineer", "locomotive", "urbanization")
SOLO_DISKS = 3
GOVERNMENT_TURN = 6  # the virtual government goes bankrupt at the end of this turn…
GOVERNMENT_INCOME = -1  # …with this income
# The solo rating: the turn in which the player went bankrupt → the rulebook's words.
SOLO_RATINGS: dict[int, str] = {
    7: "You are better than the government, way to go!",
    8: "You have achieved above average skills and Detroit applauds your efforts.",
    9: "You have advanced to expert level. The economy in Detroit is starting to turn around.",
    10: "The cars are rolling off the factory line. Detroit Rock City salutes you.",
    11: "Eleven!",
    12: "You are in the Age of Steam Hall of Fame. Take a picture, date it, sign it, cherish it.",
}
LOST = "You did not outlast the government. Try again."


def detroit_income_reduction(income: int, cap: int | None) -> int:
    """−1 for 6–10, −2 for 11–15, … (one more per 5 steps), at most ``cap`` when there is one."""
    if income <= 5:
        return 0
    out = (income - 1) // 5
    return out if cap is None or cap <= 0 else min(out, cap)


def solo_rating(turn: int, income: int) -> tuple[bool, str]:
    """(won, the rulebook's words) for a solo player who went bankrupt in ``turn`` with ``income``."""
    if turn < GOVERNMENT_TURN or (turn == GOVERNMENT_TURN and income <= GOVERNMENT_INCOME):
        return False, LOST
    if turn == GOVERNMENT_TURN:  # not reachable: bankruptcy means an income below 0 (kept for clarity)
        return True, SOLO_RATINGS[7]
    return True, SOLO_RATINGS[min(turn, max(SOLO_RATINGS))]


class Rules(BaseRules):
    """Detroit Bankruptcy, 2–5 players, and the solo variant with 1 player (map.toml: players = [1, 5])."""

    STATE = State
    RULES_VERSION = 2  # 2: the link to Windsor Airport joins it only once it has a tile; 1 (at once) replays
    REPLAYS_VERSIONS = frozenset({1})
    STARTING_CASH = 0
    STARTING_SHARES = 5
    MAX_SHARES = 25
    # No set length: the game ends when all but one player are bankrupt (solo: when the player is).
    TURNS: ClassVar[dict[int, int]] = dict.fromkeys(range(1, 6), 0)
    DISPLAY_CUBES = 1  # cubes set out per display column ("leave the rest empty")
    ACTIONS: ClassVar[tuple[str, ...]] = (
        "first_move",
        "first_build",
        "engineer",
        "locomotive",
        "urbanization",
        "turn_order",
        NO_ACTION,
    )
    ACTION_TITLES: ClassVar[dict[str, str]] = {**BaseRules.ACTION_TITLES, NO_ACTION: "No action (solo)"}
    OPTIONS: ClassVar[dict[str, Any]] = {
        **BaseRules.OPTIONS,
        # the largest income reduction of the multiplayer income track (0: no limit); the solo game has none
        "income_reduction_cap": 10,
    }
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "income_reduction_cap": "The largest cut to income at the end of a turn in the multiplayer game (0: no limit).",
    }

    # --- setup ---------------------------------------------------------------------------------

    def solo(self, g: GameState) -> bool:
        return g.start_players == 1

    def display_layout(self, g: GameState) -> dict[str, int]:
        """One box per column: only 1 cube goes on each city and New City column, and with no Production
        action the other boxes stay empty all game."""
        return dict.fromkeys(super().display_layout(g), self.DISPLAY_CUBES)

    def on_setup(self, g: GameState) -> None:
        """Solo: 3 disks on each of the three action spaces."""
        if self.solo(g):
            state(g).action_disks = dict.fromkeys(SOLO_ACTIONS, SOLO_DISKS)

    def make_phases(self) -> list[Phase]:
        return [SpecialLinkBuildPhase() if isinstance(p, BuildTrackPhase) else p for p in super().make_phases()]

    # --- actions -------------------------------------------------------------------------------

    def action_fee(self, g: GameState, action: str) -> int:
        """Solo: the fee for taking the top disk left on ``action`` ($3, then $2, then $1; 0: none left)."""
        return state(g).action_disks.get(action, 0)

    def disk_refusal(self, g: GameState, seat: int, action: str) -> str | None:
        """Solo: why ``seat`` may not take the top disk of ``action`` (None: they may): no disk is left on the
        space, or its fee is more than their cash."""
        fee, cash = self.action_fee(g, action), g.players[seat].cash
        if fee == 0:
            return f"no {self.action_title(action)} disks are left"
        if cash < fee:
            return f"the {self.action_title(action)} disk costs ${fee} and you have only ${cash}"
        return None

    def actions_offered(self, g: GameState, seat: int) -> list[str]:
        """Solo: the spaces with action disks, and taking no action; with players, the base game's."""
        if not self.solo(g):
            return [a for a in super().actions_offered(g, seat) if a != NO_ACTION]
        return [*SOLO_ACTIONS, NO_ACTION]

    def action_refusal(self, g: GameState, seat: int, action: str) -> str | None:
        """Solo: ``disk_refusal`` (taking no action is always possible)."""
        if self.solo(g):
            return self.disk_refusal(g, seat, action) if action in SOLO_ACTIONS else None
        return super().action_refusal(g, seat, action)

    def on_action_selected(self, g: GameState, seat: int, action: str) -> None:
        if self.solo(g) and action in SOLO_ACTIONS:
            fee = self.action_fee(g, action)
            g.players[seat].cash -= fee
            state(g).action_disks[action] -= 1
            g.say(f"{g.player_name(seat)} pays ${fee} for the {self.action_title(action)} disk")
        super().on_action_selected(g, seat, action)

    # --- building: the Engineer's free build ---------------------------------------------------

    def engineer_costs(self, g: GameState, seat: int) -> list[int] | None:
        """The full costs of the Engineer's builds so far this turn (None: not an Engineer build)."""
        if g.players[seat].action != ENGINEER or g.build is None or g.build.player != seat:
            return None
        return state(g).engineer_costs

    def engineer_charge(self, g: GameState, seat: int, cost: int) -> int:
        """What a build of full cost ``cost`` takes from the Engineer's cash now, so that after every build
        they have paid the sum of their builds less the cheapest: the first build is free; each later one
        costs its price, or the price of the build that was free until then if this one is cheaper."""
        costs = self.engineer_costs(g, seat)
        if costs is None:
            return cost
        if not costs:
            return 0
        return max(cost, min(costs))

    def build_cost(self, g: GameState, h: int, kind: str, old: PlacedTile | None, new: PlacedTile) -> int:
        return (
            self.engineer_charge(g, g.build.player, base_build_cost(g, h, kind, old, new))
            if g.build
            else base_build_cost(g, h, kind, old, new)
        )

    def special_link_cost(self, g: GameState, seat: int, link: SpecialLink) -> int:
        return self.engineer_charge(g, seat, link.cost)

    def on_built(self, g: GameState, seat: int, plan: BuildPlan) -> None:
        costs = self.engineer_costs(g, seat)
        if costs is not None:
            costs.append(base_build_cost(g, plan.hex, plan.kind, plan.old, plan.tile))

    def special_link_joins(self, g: GameState, link: SpecialLink) -> bool:
        """The Windsor–Windsor Airport link is built on a bare town but joins it, as any track, only once a town
        tile or a New City is on it (README, Rulings). Rules version 1 made it a link at once."""
        return g.rules_version < 2 or super().special_link_joins(g, link)

    def on_special_link_built(self, g: GameState, seat: int, link: SpecialLink) -> None:
        costs = self.engineer_costs(g, seat)
        if costs is not None:
            costs.append(link.cost)

    def on_build_ended(self, g: GameState, seat: int) -> None:
        state(g).engineer_costs.clear()

    def cheapest_build(self, g: GameState, seat: int) -> int:
        costs = self.engineer_costs(g, seat)
        if costs is None:
            return 2
        return 0 if not costs else max(2, min(costs))

    # --- moving goods --------------------------------------------------------------------------

    def route_refusal(self, g: GameState, seat: int, route: Route) -> str | None:
        """At least half the links of a delivery must be the mover's."""
        mine = sum(1 for link in route.links if link.owner == seat)
        if 2 * mine >= len(route.links):
            return None
        need = (len(route.links) + 1) // 2
        return f"at least half the links of a delivery must be yours: {need} of {len(route.links)}, not {mine}"

    # --- income, expenses, the end -------------------------------------------------------------

    def expenses(self, g: GameState, seat: int) -> int:
        p = g.players[seat]
        return p.shares + p.engine + g.turn

    def income_reduction(self, g: GameState, income: int) -> int:
        cap = None if self.solo(g) else int(g.options["income_reduction_cap"])
        return detroit_income_reduction(income, cap)

    def dice_count(self, g: GameState) -> int:
        return 2 if self.solo(g) else g.start_players

    def game_ends_now(self, g: GameState) -> bool:
        """Never at a set turn: only bankruptcy ends the game (``check_early_end``)."""
        return False

    def on_eliminated(self, g: GameState, seat: int) -> None:
        state(g).bankrupt[seat] = Bankruptcy(g.turn, g.players[seat].income)

    def check_early_end(self, g: GameState) -> None:
        left = g.active_players()
        if left and (self.solo(g) or len(left) > 1):
            return
        figures = state(g)
        if self.solo(g):
            b = figures.bankrupt[0]
            won, words = solo_rating(b.turn, b.income)
            figures.result = SoloResult(won, b.turn, b.income, words)
            g.say(f"Bankrupt in turn {b.turn} with income {b.income}: {'won' if won else 'lost'}. {words}")
        else:
            winners = [s for s, _ in self.standings(g) if s in left] or self._best_bankrupt(g)
            figures.winners = winners
            g.say(
                f"{' and '.join(g.player_name(s) for s in winners)} "
                f"win{'s' if len(winners) == 1 else ''}: the last not bankrupt"
            )
        super().check_early_end(g)

    def result_lines(self, g: GameState) -> list[str]:
        """Solo: won or lost against the government, and the rulebook's rating table with the player's line
        marked. Multiplayer: the winners."""
        if self.solo(g):
            r = state(g).result
            if r is None:
                return []
            out = [
                f"You went bankrupt in turn {r.turn} with income {r.income}: you "
                f"{'won' if r.won else 'lost'}. The government goes bankrupt at the end of turn "
                f"{GOVERNMENT_TURN} with income {GOVERNMENT_INCOME}.",
                r.rating,
                "Rating (your final turn):",
            ]
            top = max(SOLO_RATINGS)
            reached = min(r.turn, top) if r.won else None
            for turn, words in SOLO_RATINGS.items():
                mark = "→" if turn == reached else " "
                out.append(f" {mark} Turn {turn}{' and later' if turn == top else ''}: {words}")
            return out
        winners = state(g).winners
        if not winners:
            return []
        return [f"Winner{'s' if len(winners) > 1 else ''}: {' and '.join(g.player_name(s) for s in winners)}"]

    def winners(self, g: GameState) -> list[int]:
        """Multiplayer: the last not bankrupt (or, all bankrupt in one turn, the highest income)."""
        return list(state(g).winners) or super().winners(g)

    def solo_figures(self, g: GameState) -> dict[str, Any]:
        """Solo: won or lost, the turn of the bankruptcy, and the rating in short (``"turn 8"``, ``"turn 12+"``
        for the Hall of Fame, ``"lost"``)."""
        r = state(g).result
        if r is None:
            return super().solo_figures(g)
        top = max(SOLO_RATINGS)
        turn = min(r.turn, top)
        rating = f"turn {turn}{'+' if turn == top else ''}" if r.won else "lost"
        return {"won": r.won, "turn": r.turn, "rating": rating}

    def _best_bankrupt(self, g: GameState) -> list[int]:
        """All went bankrupt in the same turn: the highest income (closest to 0) wins; a tie shares."""
        last = [s for s, b in state(g).bankrupt.items() if b.turn == g.turn]
        best = max(g.players[s].income for s in last)
        return sorted(s for s in last if g.players[s].income == best)

    def score(self, g: GameState, seat: int) -> int:
        """No points: a player's standing is their income (the tie-break of the last bankrupt)."""
        return g.players[seat].income

    SCORE_TITLE = None  # the standing is the income, which the tables show already

    def score_parts(self, g: GameState, seat: int) -> list[tuple[str, int]]:
        return [("income", g.players[seat].income)]

    def score_text(self, g: GameState, seat: int, score: int | None) -> str:
        """``"income 3"``, or ``"bankrupt in turn 4 with income -2"``."""
        gone = state(g).bankrupt.get(seat)
        if gone is not None:
            return f"bankrupt in turn {gone.turn} with income {gone.income}"
        return f"income {score}"

    def standings(self, g: GameState) -> list[tuple[int, int | None]]:
        """Players not bankrupt first (by income), then the bankrupt ones, the last to go bankrupt first and
        by their income then; their figure is the income they went bankrupt with."""
        live = sorted((s.seat for s in g.players if not s.eliminated), key=lambda s: -g.players[s].income)
        out: list[tuple[int, int | None]] = [(s, g.players[s].income) for s in live]
        ranked = sorted(state(g).bankrupt.items(), key=lambda kv: (-kv[1].turn, -kv[1].income))
        return out + [(s, b.income) for s, b in ranked]
