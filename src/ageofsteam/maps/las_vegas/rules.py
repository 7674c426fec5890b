"""Las Vegas (3–5 players, 2022 revised edition): the base rules with the rulebook's changes.

* Setup: 5 goods on the red city in the centre (``cubes = 5`` in ``map.toml``) and 2 on every other city;
  $5 under each red good on the cities and on the goods display.
* Track: plains $3 (mountains and lakes: see the README's Rulings).
* Moving goods: a player who delivers a cube to a city with money on it may take $5 of it, besides the income
  (a decision of its own right after the delivery: ``take_money``).
* Goods growth: each red good that comes onto the map brings $5 with it.
* 3 players: a grey disc blocks Engineer, then Urbanization, alternating at each advance of the turn marker.

The money and the grey disc are Las Vegas's own figures (``state.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ageofsteam.engine.actions import Action, Deliver, register
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps.las_vegas.state import State, state
from ageofsteam.rules.base import BaseRules
from ageofsteam.rules.goods_growth import GoodsGrowthPhase
from ageofsteam.rules.move_goods import MoveGoodsPhase, deliver
from ageofsteam.rules.phase import Phase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

MONEY_UNDER_RED = 5  # one coin ($5) under each red good
MONEY_TAKEN = 5  # what a delivery may take from its destination city
ENGINEER, URBANIZATION = "engineer", "urbanization"


@register
@dataclass(frozen=True, slots=True)
class TakeMoney(Action):
    """Las Vegas, Move Goods: right after a delivery to a city with money on it, take $5 of it (or not)."""

    kind: ClassVar[str] = "take_money"
    player: int
    take: bool


def city_money(g: GameState, city: int) -> int:
    return state(g).money.get(g.label(city), 0)


def add_city_money(g: GameState, city: int, amount: int) -> None:
    money = state(g).money
    lab = g.label(city)
    money[lab] = money.get(lab, 0) + amount
    if not money[lab]:
        del money[lab]


class LasVegasMoveGoods(MoveGoodsPhase):
    """Move Goods, with the choice to take $5 from the destination city after a delivery."""

    accepts = (*MoveGoodsPhase.accepts, TakeMoney)

    def legal(self, g: GameState) -> list[Action]:
        if state(g).money_choice is not None:
            seat = g.to_move
            assert seat is not None
            return [TakeMoney(seat, True), TakeMoney(seat, False)]
        return super().legal(g)

    def check(self, g: GameState, a: Action) -> None:
        pending = state(g).money_choice
        if isinstance(a, TakeMoney):
            if pending is None:
                raise IllegalAction("there is no money to take now: it can be taken only right after a delivery")
            return
        if pending is not None:
            name = g.city_name(g.map.by_label[pending])
            raise IllegalAction(f"first decide whether to take ${MONEY_TAKEN} from {name}")
        super().check(g, a)

    def apply(self, g: GameState, a: Action) -> bool:
        if isinstance(a, Deliver):
            route = self.route_of(g, a)
            dest = route.stops[-1]
            if city_money(g, dest) >= MONEY_TAKEN:
                deliver(g, a.player, route)
                state(g).money_choice = g.label(dest)
                return False  # the same player now decides about the money
            return super().apply(g, a)
        if isinstance(a, TakeMoney):
            figures = state(g)
            assert figures.money_choice is not None
            city = g.map.by_label[figures.money_choice]
            figures.money_choice = None
            name = g.player_name(a.player)
            if a.take:
                add_city_money(g, city, -MONEY_TAKEN)
                figures.money_taken += MONEY_TAKEN
                g.players[a.player].cash += MONEY_TAKEN
                g.say(f"{name} takes ${MONEY_TAKEN} from {g.city_name(city)}")
            else:
                g.say(f"{name} leaves the money on {g.city_name(city)}")
            return self.moved(g)
        return super().apply(g, a)


class LasVegasGoodsGrowth(GoodsGrowthPhase):
    """Goods growth: $5 goes under each red good that comes onto the map (the coin under its display box
    goes with it; where the box had none, the bank pays it)."""

    def grow(self, g: GameState, half: str, dice: tuple[int, ...]) -> None:
        display_before = {col: list(boxes) for col, boxes in g.display.items()}
        red_before = {city: cubes.get("red", 0) for city, cubes in g.cubes.items()}
        super().grow(g, half, dice)
        display_money = state(g).display_money
        from_boxes = 0
        for col, boxes in g.display.items():
            under = display_money.get(col)
            if not under:
                continue
            for i, cube in enumerate(boxes):
                if cube is None and display_before[col][i] is not None:
                    from_boxes += under[i]
                    under[i] = 0
        laid = 0
        for city, cubes in g.cubes.items():
            arrived = cubes.get("red", 0) - red_before.get(city, 0)
            if arrived > 0:
                add_city_money(g, city, MONEY_UNDER_RED * arrived)
                laid += MONEY_UNDER_RED * arrived
                g.say(f"${MONEY_UNDER_RED * arrived} goes under the red goods arriving in {g.city_name(city)}")
        state(g).money_from_bank += laid - from_boxes


class Rules(BaseRules):
    """Las Vegas: money under the red goods, $3 plains, and the grey disc with 3 players."""

    TURNS: ClassVar[dict[int, int]] = {3: 10, 4: 8, 5: 7}
    STATE = State
    TERRAIN_COSTS: ClassVar[dict[str, int]] = {"plain": 3, "river": 3, "mountain": 4}
    THREE_PLAYER_BLOCKED = ENGINEER  # the action the grey disc blocks first in a 3-player game
    OPTIONS: ClassVar[dict[str, Any]] = {**BaseRules.OPTIONS, "mountain_cost": 4}
    OPTION_RULES: ClassVar[dict[str, str]] = {
        **BaseRules.OPTION_RULES,
        "mountain_cost": "What a track tile on a mountain hex costs.",
    }

    def make_phases(self) -> list[Phase]:
        swap: dict[str, Phase] = {
            "move_goods": LasVegasMoveGoods(),
            "goods_growth": LasVegasGoodsGrowth(),
        }
        return [swap.get(p.name, p) for p in super().make_phases()]

    # --- setup ---------------------------------------------------------------------------------

    def after_setup_draw(self, g: GameState) -> None:
        """$5 under each red good on the cities and on the goods display."""
        self.settle_scenario(g, {})

    def settle_scenario(self, g: GameState, given: dict[str, Any]) -> None:
        """$5 under each red good on the cities and on the display, unless the scenario states the money
        itself; the bank's ledger is made to agree with what lies on the board."""
        figures = state(g)
        if "money" not in given:
            figures.money = {
                g.label(h): MONEY_UNDER_RED * cubes["red"] for h, cubes in g.cubes.items() if cubes.get("red")
            }
        if "display_money" not in given:
            figures.display_money = {
                col: [MONEY_UNDER_RED if c == "red" else 0 for c in boxes] for col, boxes in g.display.items()
            }
        if "money_from_bank" not in given:
            held = sum(figures.money.values()) + sum(sum(v) for v in figures.display_money.values())
            figures.money_from_bank = held + figures.money_taken

    def on_setup(self, g: GameState) -> None:
        """In a 3-player game, block the Engineer action with a grey disc."""
        if len(g.players) == 3:
            state(g).blocked_action = self.THREE_PLAYER_BLOCKED

    # --- actions -------------------------------------------------------------------------------

    def action_refusal(self, g: GameState, seat: int, action: str) -> str | None:
        """3 players: the action under the grey disc cannot be selected this turn."""
        if action == state(g).blocked_action:
            return f"{self.action_title(action)} is blocked by the grey disc this turn"
        return super().action_refusal(g, seat, action)

    def on_turn_advanced(self, g: GameState) -> None:
        """The grey disc moves: from Engineer to Urbanization, or from Urbanization to Engineer."""
        figures = state(g)
        if figures.blocked_action is not None:
            figures.blocked_action = URBANIZATION if figures.blocked_action == ENGINEER else ENGINEER
            g.say(f"The grey disc moves to {self.action_title(figures.blocked_action)}")

    def describe_action(self, g: GameState, a: Action) -> str | None:
        if isinstance(a, TakeMoney):
            choice = state(g).money_choice
            where = g.city_name(g.map.by_label[choice]) if choice is not None else "the city"
            return f"take ${MONEY_TAKEN} from {where}" if a.take else f"leave the money on {where}"
        return None

    def action_info(self, g: GameState, a: Action) -> dict[str, Any]:
        """The money taken from the city (0: left there)."""
        if isinstance(a, TakeMoney):
            return {"money": MONEY_TAKEN if a.take else 0}
        return super().action_info(g, a)

    # --- building ------------------------------------------------------------------------------

    def display_marks(self, g: GameState) -> dict[str, list[str | None]]:
        """The money under each red good on the goods display."""
        return {
            col: [f"${v}" if v else None for v in boxes] for col, boxes in state(g).display_money.items() if any(boxes)
        }

    def terrain_cost(self, g: GameState, h: int) -> int | None:
        if g.map.terrain[h] == "mountain":
            return int(g.options["mountain_cost"])
        return self.TERRAIN_COSTS.get(g.map.terrain[h])

    # --- invariants ----------------------------------------------------------------------------

    def extra_invariants(self, g: GameState) -> list[str]:
        """The money: whole coins, never negative, under red goods only on the display, and all accounted for."""
        problems = []
        figures = state(g)
        money, display_money = figures.money, figures.display_money
        for lab, v in money.items():
            if v <= 0 or v % MONEY_UNDER_RED:
                problems.append(f"${v} lies on the city at {lab}")
        for col, under in display_money.items():
            for i, v in enumerate(under):
                if v not in (0, MONEY_UNDER_RED) or (v and g.display[col][i] != "red"):
                    problems.append(f"${v} lies under display box {col}/{i + 1} ({g.display[col][i]})")
        if g.phase != "setup" or g.step != "cubes":
            held = sum(money.values()) + sum(sum(v) for v in display_money.values())
            taken, paid = figures.money_taken, figures.money_from_bank
            if held + taken != paid:
                problems.append(f"${held} on the board and ${taken} taken, but the bank laid out ${paid}")
        return problems
