"""The steady bot takes the obvious move: the delivery that pays it most, no share its plan does not need, no
bid beyond the cash it can spare, and track along a plan that completes a link."""

from __future__ import annotations

import random

from ageofsteam import Game
from ageofsteam.bots import bot
from ageofsteam.bots.plans import link_plans
from ageofsteam.engine.actions import Bid, Build, Deliver, IssueShares
from ageofsteam.engine.playout import advance

STEADY = bot("steady")


def positions(phase: str, games: int = 4):
    """Positions of seeded 4-player Rust Belt games between steady bots where the player to move is in
    ``phase``."""
    for seed in range(games):
        game = Game.new("rust-belt", players=4, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 5:
            if game.state.phase == phase:
                yield game
            game.apply(STEADY.choose(game, rng))


def income_after(game: Game, a: Deliver, seat: int) -> int:
    trial = game.state.copy()
    advance(trial, a, random.Random(0))
    return trial.players[seat].income


def test_it_delivers_the_cube_that_pays_it_most():
    # what a delivery pays is judged at the end of the phase: the income reduction may take back a link's worth
    seen = 0
    for game in positions("move_goods"):
        choice = STEADY.choose(game, random.Random(0))
        if not isinstance(choice, Deliver):
            continue
        seen += 1
        seat = game.to_move

        delivers = [a for a in game.legal_actions() if isinstance(a, Deliver)]
        assert income_after(game, choice, seat) == max(income_after(game, a, seat) for a in delivers)
    assert seen >= 10


def test_it_issues_no_share_when_its_cash_covers_the_turn():
    for game in positions("issue_shares"):
        g = game.state
        me = g.players[g.to_move]
        choice = STEADY.choose(game, random.Random(0))
        assert isinstance(choice, IssueShares)
        if g.turn > 1 and me.cash >= g.rules.expenses(g, me.seat) - me.income + 16:
            assert choice.count == 0


def test_it_never_bids_past_the_cash_its_plan_can_spare():
    for game in positions("player_order"):
        g = game.state
        me = g.players[g.to_move]
        choice = STEADY.choose(game, random.Random(0))
        if isinstance(choice, Bid):
            assert choice.amount <= me.cash - max(0, g.rules.expenses(g, me.seat) - me.income) - 10


def test_its_track_follows_a_plan_that_completes_a_link():
    completed = 0
    for game in positions("build_track", games=2):
        hint = STEADY.hint(game, random.Random(0))
        if not isinstance(hint.action, Build):
            continue
        trial = game.state.copy()
        before = len(trial.network.links)
        advance(trial, hint.action, random.Random(0))
        if len(trial.network.links) > before:
            completed += 1
            assert hint.reason.startswith("completes ")
    assert completed >= 3


def test_link_plans_through_towns_stop_at_each_town_on_the_way():
    g = Game.new("detroit-bankruptcy", players=1, seed=0).state
    plain = link_plans(g, 0, limit=100, idle=True)
    both = link_plans(g, 0, limit=100, idle=True, towns=True)
    assert not any(p.via for p in plain)
    through = [p for p in both if p.via]
    assert through
    for p in through:
        assert p.via == tuple(h for h in p.path if h in g.map.towns)
        assert p.stops == (p.start, *p.via, p.end)


def test_link_plans_run_from_new_cities_to_every_city_as_from_printed_ones():
    """A New City is a stop like a printed city: plans join it to every city its open hexes reach, those listed
    after it on the board too (they were once found only from the other end, and dropped there as found twice)."""
    g = Game.new("rust-belt", players=3, seed=0).state
    town = min(g.map.towns)  # the first town on the board: most cities come after it
    after = {c.hex for c in g.map.cities if c.hex > town}
    g.new_cities[town] = g.new_cities_left.pop(0)
    g.cubes.setdefault(town, {})
    g.board_changed()
    reached = {
        p.end if p.start == town else p.start
        for p in link_plans(g, 0, limit=1000, idle=True)
        if town in (p.start, p.end)
    }
    assert reached & after
