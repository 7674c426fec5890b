"""Phase IX, Goods Growth: Production first (2 cubes from the bag into empty display boxes), then one die per
starting player for the light half and again for the dark half. For each die showing v, the next cube (top to
bottom) of column v goes to its city — and of that column's New City, if that New City is on the map.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING

from ageofsteam.engine.actions import Action, Draw, PlaceCube, Roll
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.phase import Phase, wait_for_chance
from ageofsteam.rules.setup import draw_from_bag, take_from_bag

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

PRODUCTION = "production"


def box_id(column: str, index: int) -> str:
    return f"{column}/{index + 1}"


def ordered_draws(bag: dict[str, int], n: int) -> list[tuple[tuple[str, ...], float]]:
    """Every sequence of ``n`` cubes drawn from ``bag`` without replacement, with its probability."""
    total = sum(bag.values())
    if n == 0:
        return [((), 1.0)]
    out = []
    for colour, k in sorted(bag.items()):
        if k <= 0:
            continue
        rest = {**bag, colour: k - 1}
        out += [((colour, *tail), k / total * p) for tail, p in ordered_draws(rest, n - 1)]
    return out


def dice_multisets(n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of values shown by ``n`` dice, as a sorted tuple, with its probability."""
    out = []
    for values in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n) // prod(factorial(values.count(v)) for v in set(values))
        out.append((values, ways / 6**n))
    return out


class GoodsGrowthPhase(Phase):
    name = "goods_growth"
    title = "IX. Goods Growth"
    accepts = (Draw, PlaceCube, Roll)

    def begin(self, g: GameState) -> bool:
        g.rules.before_goods_growth(g)
        holder = next((p.seat for p in g.players if p.action == PRODUCTION and not p.eliminated), None)
        g.step = "draw" if holder is not None and PRODUCTION in g.rules.ACTIONS else "roll"
        return wait_for_chance(g)

    # --- chance --------------------------------------------------------------------------------

    def sample(self, g: GameState, rng: random.Random) -> Action:
        if g.step == "draw":
            return Draw(tuple(draw_from_bag(g.bag, rng, g.rules.PRODUCTION_CUBES)))
        n = g.rules.dice_count(g)
        return Roll(tuple(rng.randint(1, 6) for _ in range(n)), tuple(rng.randint(1, 6) for _ in range(n)))

    def chance_outcomes(self, g: GameState) -> list[tuple[Action, float]]:
        """Production: each ordered draw from the bag. Dice: the values shown in each half, as sorted tuples
        (which die shows which value changes nothing), with their multinomial probabilities."""
        if g.step == "draw":
            n = min(g.rules.PRODUCTION_CUBES, sum(g.bag.values()))
            return [(Draw(cubes), p) for cubes, p in ordered_draws(dict(g.bag), n)]
        halves = dice_multisets(g.rules.dice_count(g))
        return [(Roll(light, dark), p * q) for light, p in halves for dark, q in halves]

    # --- Production ----------------------------------------------------------------------------

    def empty_boxes(self, g: GameState) -> list[str]:
        out = []
        for col, boxes in g.display.items():
            if not g.rules.production_box_allowed(g, col):
                continue
            out += [box_id(col, i) for i, c in enumerate(boxes) if c is None]
        return out

    def legal(self, g: GameState) -> list[Action]:
        seat = g.to_move
        assert seat is not None
        return [PlaceCube(seat, b) for b in self.empty_boxes(g)]

    def check(self, g: GameState, a: Action) -> None:
        step = g.step
        if isinstance(a, Draw):
            if step != "draw":
                raise IllegalAction("no cubes are drawn for Production now")
            if len(a.cubes) > g.rules.PRODUCTION_CUBES:
                raise IllegalAction(f"Production draws {g.rules.PRODUCTION_CUBES} cubes")
            if len(a.cubes) < min(g.rules.PRODUCTION_CUBES, sum(g.bag.values())):
                raise IllegalAction("Production must draw as many cubes as the bag allows")
            take_from_bag(g, list(a.cubes), "Production")
        elif isinstance(a, Roll):
            n = g.rules.dice_count(g)
            if step != "roll":
                raise IllegalAction("the Production cubes must be placed before the dice are rolled")
            if len(a.light) != n or len(a.dark) != n:
                raise IllegalAction(f"goods growth rolls {n} dice for each half of the display")
            if any(not 1 <= d <= 6 for d in (*a.light, *a.dark)):
                raise IllegalAction("dice show 1 to 6")
        elif isinstance(a, PlaceCube) and a.box not in self.empty_boxes(g):
            raise IllegalAction(f"{a.box} is not an empty display box")

    def apply(self, g: GameState, a: Action) -> bool:
        if isinstance(a, Draw):
            g.produced = list(a.cubes)
            for c in a.cubes:
                g.bag[c] -= 1
            g.say(f"Production draws {', '.join(a.cubes) or 'nothing'}")
            return self._after_production(g)
        if isinstance(a, PlaceCube):
            col, idx = a.box.split("/")
            cube = g.produced.pop(0)
            g.display[col][int(idx) - 1] = cube
            g.say(f"{g.player_name(a.player)} puts a {cube} cube in display box {a.box}")
            return self._after_production(g)
        assert isinstance(a, Roll)
        for half, dice in (("light", a.light), ("dark", a.dark)):
            self.grow(g, half, dice)
        g.step = None
        return True

    def _after_production(self, g: GameState) -> bool:
        holder = next(p.seat for p in g.players if p.action == PRODUCTION)
        if g.produced and self.empty_boxes(g):
            g.to_move = holder
            return False
        for c in g.produced:  # no room: the cubes go back to the bag
            g.bag[c] += 1
        g.produced = []
        g.step = "roll"
        return wait_for_chance(g)

    # --- dice ----------------------------------------------------------------------------------

    def grow(self, g: GameState, half: str, dice: tuple[int, ...]) -> None:
        added: dict[int, list[str]] = {}
        for v in range(1, 7):
            count = dice.count(v)
            if not count:
                continue
            for col, city in g.rules.growth_targets(g, half, v):
                boxes = g.display[col]
                moved = 0
                for i, c in enumerate(boxes):
                    if moved == count:
                        break
                    if c is not None:
                        boxes[i] = None
                        g.cubes[city][c] = g.cubes[city].get(c, 0) + 1
                        added.setdefault(city, []).append(c)
                        moved += 1
        name = half
        g.say(
            f"Goods growth ({name}): dice {' '.join(map(str, sorted(dice)))}"
            + "".join(f"; {g.city_name(c)} gets {', '.join(cs)}" for c, cs in added.items())
        )
