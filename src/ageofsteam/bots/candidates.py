"""The moves a searching bot weighs besides the steady bot's choice: the next steps of other link plans, the
next discs of other chains, a map's own other builds, the other New Cities (never a build that forgoes the one
Urbanization was taken for), the lowest bid, and every other legal action (the strong and the hard bot both
search these)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ageofsteam.bots.judgement import judgement
from ageofsteam.bots.plans import chain_offers, circle_plans, disc_offers, link_plans, next_build
from ageofsteam.bots.steady import own_build_budget
from ageofsteam.engine.actions import Bid, Build, EndBuild, IssueShares, Urbanize
from ageofsteam.rules.circles import PlaceDisc

if TYPE_CHECKING:
    from ageofsteam.engine.actions import Action
    from ageofsteam.engine.state import GameState

CANDIDATES = 6  # plans whose next step is weighed besides the steady bot's own choice


def candidates(g: GameState, first: Action, rng: random.Random, *, weigh_shares: bool = True) -> list[Action]:
    """The steady bot's choice first, then the other actions worth weighing in a random order (the first
    ``CANDIDATES`` of them weighed from the start, the rest once the outcomes of those are known). Share
    counts are weighed only where ``weigh_shares`` (a search of one turn cannot see what shares pay for later)."""
    legal = g.rules.legal_actions(g)
    if isinstance(first, Urbanize):  # Urbanization was taken for a New City: a build first would forgo it
        return [first, *(a for a in legal if isinstance(a, Urbanize) and a != first)]
    if isinstance(first, (Build, EndBuild)) and Build in g.rules.phase(g).accepts:
        legal = [a for a in legal if not isinstance(a, Build)] + _build_steps(g, first)
    elif any(isinstance(a, PlaceDisc) for a in legal):  # discs: the next ones of other chains, not any
        legal = [a for a in legal if not isinstance(a, PlaceDisc)] + _disc_steps(g, first, legal)
    elif g.build is not None and (own := _own_build_steps(g, first, legal)):
        return [first, *(a for a in own if a != first)]  # a map's own builds: its other plans' next ones
    elif isinstance(first, IssueShares) and not weigh_shares:
        return [first]
    elif any(isinstance(a, Bid) for a in legal):  # the lowest bid, or keeping out
        bids: list[Action] = [a for a in legal if isinstance(a, Bid)]
        legal = [a for a in legal if not isinstance(a, Bid)] + bids[:1]
    others = [a for a in legal if a != first]
    rng.shuffle(others)
    return [first, *others]


def _build_steps(g: GameState, first: Action) -> list[Action]:
    """Other builds worth weighing: the next steps of the other link plans."""
    seat = first.actor
    budget = g.players[seat].cash
    out: list[Action] = []
    for plan in link_plans(g, seat, limit=CANDIDATES):
        step = next_build(g, seat, plan, budget)
        if step is not None:
            out.append(Build(seat, g.label(step.hex), step.tile.tile, step.tile.rotation))
    return out


def _own_build_steps(g: GameState, first: Action, legal: list[Action]) -> list[Action]:
    """In a map's own build phase, the builds its judgement offers for weighing (``Judgement.build_options``:
    the next builds of its other plans, best first); empty where it offers none."""
    seat = first.actor
    return judgement(g).build_options(g, seat, legal, own_build_budget(g, seat), CANDIDATES)


def _disc_steps(g: GameState, first: Action, legal: list[Action]) -> list[Action]:
    """Other discs worth weighing: the next discs of the other chains of circles."""
    seat = first.actor
    discs = disc_offers(g, legal)
    offers = chain_offers(g, seat, discs, g.players[seat].cash)
    builds = g.build.builds_left if g.build is not None else 0
    plans = circle_plans(g, seat, offers, builds, limit=CANDIDATES)
    return list({discs[p.new[0]][0]: None for p in plans if p.new[0] in discs})
