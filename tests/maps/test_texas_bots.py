"""Texas for the bots: a bankruptcy counts for less than the scores Texas's players reach, deep in shares."""

from __future__ import annotations

from ageofsteam import Game
from ageofsteam.bots import evaluate
from ageofsteam.bots.judgement import BANKRUPT, judgement

MAP = "texas"


def test_a_bankruptcy_counts_for_less_than_finishing_deep_in_shares() -> None:
    g = Game.new(MAP, players=4, seed=1).state
    deep = g.players[0]
    deep.shares, deep.income = g.rules.max_shares(g), 0  # every share a player may issue, nothing to show
    assert g.rules.score(g, 0) <= BANKRUPT  # the base game's bankruptcy would count for more
    g.players[1].eliminated = True
    assert evaluate.outcome(g, 1) == judgement(g).bankrupt_outcome < evaluate.outcome(g, 0)
