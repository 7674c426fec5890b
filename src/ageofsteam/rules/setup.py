"""Setup (rules §1): the goods display and the starting cubes drawn from the bag, then a random player order."""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING

from ageofsteam.engine.actions import Action, PlayerOrder, Setup
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.rules.phase import Phase, wait_for_chance

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def draw_from_bag(bag: dict[str, int], rng: random.Random, n: int) -> list[str]:
    """``n`` random cubes (fewer if the bag runs out); the bag itself is not changed."""
    pool = [c for c, k in sorted(bag.items()) for _ in range(k)]
    rng.shuffle(pool)
    return pool[:n]


def take_from_bag(g: GameState, cubes: list[str], what: str) -> None:
    """Check that the bag holds ``cubes`` (raises IllegalAction)."""
    need: dict[str, int] = {}
    for c in cubes:
        need[c] = need.get(c, 0) + 1
    for c, k in need.items():
        if g.bag.get(c, 0) < k:
            raise IllegalAction(f"{what}: the bag holds {g.bag.get(c, 0)} {c} cubes, not {k}")


class SetupPhase(Phase):
    name = "setup"
    title = "Setup"
    accepts = (Setup, PlayerOrder)

    def begin(self, g: GameState) -> bool:
        g.step = "cubes"
        return wait_for_chance(g)

    def sample(self, g: GameState, rng: random.Random) -> Action:
        if g.step == "order":
            order = [p.seat for p in g.players]
            rng.shuffle(order)
            return PlayerOrder(tuple(order))
        layout = g.rules.display_layout(g)
        starting = g.rules.starting_cubes(g)
        total = sum(layout.values()) + sum(starting.values())
        pool = draw_from_bag(g.bag, rng, total)
        display: dict[str, list[str | None]] = {k: [] for k in layout}
        # row by row, left to right, from the top-left box
        for box in range(max(layout.values(), default=0)):
            for col, size in layout.items():
                if box < size:
                    display[col].append(pool.pop(0) if pool else None)
        cities = {g.label(h): [pool.pop(0) for _ in range(n) if pool] for h, n in starting.items()}
        return Setup(display=display, cities=cities)

    def chance_outcomes(self, g: GameState) -> list[tuple[Action, float]] | None:
        """The player order: every order of the seats, equally likely. The goods drawn at setup are too many
        outcomes to list (None): that event is only sampled."""
        if g.step != "order":
            return None
        orders = list(permutations(p.seat for p in g.players))
        return [(PlayerOrder(order), 1 / len(orders)) for order in orders]

    def check(self, g: GameState, a: Action) -> None:
        step = g.step
        if isinstance(a, PlayerOrder):
            if step != "order":
                raise IllegalAction("the goods must be set out before the player order is drawn")
            if sorted(a.order) != [p.seat for p in g.players]:
                raise IllegalAction(f"the player order must list every seat once: {list(a.order)}")
            return
        if not isinstance(a, Setup) or step != "cubes":
            raise IllegalAction("the goods have already been set out")
        layout = g.rules.display_layout(g)
        if set(a.display) != set(layout):
            raise IllegalAction(f"the display must have exactly the columns {', '.join(layout)}")
        drawn: list[str] = []
        for col, size in layout.items():
            boxes = a.display[col]
            if len(boxes) != size:
                raise IllegalAction(f"display column {col} has {size} boxes, not {len(boxes)}")
            drawn += [c for c in boxes if c is not None]
        starting = g.rules.starting_cubes(g)
        want = {g.label(h): n for h, n in starting.items()}
        if set(a.cities) != set(want):
            raise IllegalAction(f"setup must give cubes to exactly the cities at {', '.join(sorted(want))}")
        for lab, cubes in a.cities.items():
            if len(cubes) > want[lab]:
                raise IllegalAction(f"the city at {lab} starts with {want[lab]} cubes, not {len(cubes)}")
            drawn += cubes
        take_from_bag(g, drawn, "setup")
        # a box or a city is left short only when the bag has run out
        if len(drawn) < sum(g.bag.values()):
            for col, boxes in a.display.items():
                if None in boxes:
                    raise IllegalAction(f"display column {col} has an empty box while the bag still holds cubes")
            for lab, cubes in sorted(a.cities.items()):
                if len(cubes) < want[lab]:
                    raise IllegalAction(f"the city at {lab} starts with {want[lab]} cubes, not {len(cubes)}")

    def apply(self, g: GameState, a: Action) -> bool:
        if isinstance(a, PlayerOrder):
            g.order = list(a.order)
            g.say("Player order: " + ", ".join(g.player_name(p) for p in g.order))
            g.step = None
            g.turn = 1
            return True
        assert isinstance(a, Setup)
        for col, boxes in a.display.items():
            g.display[col] = list(boxes)
            for c in boxes:
                if c is not None:
                    g.bag[c] -= 1
        for lab, cubes in a.cities.items():
            city = g.map.by_label[lab]
            for c in cubes:
                g.cubes[city][c] = g.cubes[city].get(c, 0) + 1
                g.bag[c] -= 1
        g.step = "order"
        g.rules.after_setup_draw(g)
        return wait_for_chance(g)
