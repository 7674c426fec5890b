"""What deliveries pay a player, as the bots count it: the income of a route to its mover and the best
deliveries a network offers now (each cube once)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import judgement
from ageofsteam.rules.move_goods import all_routes

if TYPE_CHECKING:
    from ageofsteam.board.network import Link
    from ageofsteam.engine.state import GameState


def own_gain(g: GameState, seat: int, links: Sequence[Link]) -> int:
    """Income to ``seat`` from a delivery along ``links``, as the map counts it (``Judgement.link_income``: its
    own links, and links of no one's that pay the mover, such as Iceland's boats)."""
    income = judgement(g).link_income
    return sum(income(g, seat, lk) for lk in links)


def best_gains(g: GameState, seat: int, count: int, per_cube: int | None = None) -> int:
    """The income of ``seat``'s ``count`` best deliveries now, each cube once (``per_cube``: at most this many
    from one stop's goods of one colour), counting what each route pays them (``Judgement.route_income``)."""
    best: dict[tuple[int, str], list[int]] = {}
    income = judgement(g).route_income
    for r in all_routes(g, seat):
        gain = income(g, seat, r)
        if gain:
            best.setdefault((r.stops[0], r.colour), []).append(gain)
    sources = g.rules.goods_sources(g)
    gains: list[int] = []
    for (stop, colour), found in best.items():
        found.sort(reverse=True)
        n = sources.get(stop, {}).get(colour, 0)
        gains += found[: n if per_cube is None else min(per_cube, n)]
    gains.sort(reverse=True)
    return sum(gains[:count])


def two_deliveries(g: GameState, seat: int) -> int:
    """The most income ``seat`` could earn from two deliveries now (at most two from one stop's goods of one
    colour): what the bots weigh a network by."""
    return best_gains(g, seat, 2, per_cube=2)
