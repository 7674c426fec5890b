"""The random bot: a legal action chosen at random, with a few weights so that games move along.

Shares are issued only to keep some cash, bids stay modest, and when building the bot prefers to extend
its own unfinished track or to complete a link, so that random games build networks and deliver goods.
Otherwise every legal action of the chosen kind is equally likely.
"""

from __future__ import annotations

import random

from ageofsteam.engine.actions import Action, Bid, Build, EndBuild, IssueShares
from ageofsteam.engine.game import Game
from ageofsteam.rules.build_track import candidate_hexes, iter_builds


class RandomBot:
    name = "random"

    def choose(self, game: Game, rng: random.Random) -> Action:
        g = game.state
        if g.build is not None and g.to_move == g.build.player and not g.build.may_urbanize:
            return self._build_or_end(game, rng)
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: it is not a player's turn")
        g = game.state
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "issue_shares" in by_kind:
            cash = g.players[legal[0].actor].cash
            want = max(0, (12 - cash + 4) // 5) if rng.random() < 0.8 else rng.randint(0, 2)
            options = [a for a in by_kind["issue_shares"] if isinstance(a, IssueShares) and a.count <= want]
            return max(options, key=lambda a: a.count if isinstance(a, IssueShares) else 0)
        seat = legal[0].actor
        me = g.players[seat]
        if "bid" in by_kind and rng.random() < 0.3:
            bid = min((a for a in by_kind["bid"] if isinstance(a, Bid)), key=lambda b: b.amount)
            if bid.amount <= me.cash // 4:
                return bid
        if "deliver" in by_kind and rng.random() < 0.95:
            return rng.choice(by_kind["deliver"])
        if "urbanize" in by_kind and rng.random() < 0.7:
            return rng.choice(by_kind["urbanize"])
        if "end_build" in by_kind:
            return self._build_or_end(game, rng)
        if "upgrade_engine" in by_kind and me.cash < me.shares + me.engine + 2:
            return by_kind["skip_move"][0]
        kinds = [k for k in by_kind if k not in ("bid", "build", "deliver", "urbanize")] or list(by_kind)
        return rng.choice(by_kind[rng.choice(kinds)])

    def _build_or_end(self, game: Game, rng: random.Random) -> Action:
        """A random affordable build, preferring to extend its own track or to reach a town; or end."""
        g = game.state
        b = g.build
        assert b is not None
        me = g.players[b.player]
        if b.builds_left <= 0 or rng.random() < 0.1:
            return EndBuild(b.player)
        frontier: set[int] = set()
        for chain in g.network.chains:
            if chain.owner == b.player and not chain.complete:
                for end in chain.ends:
                    if end.stop is None and g.map.neighbours[end.hex][end.edge] >= 0:
                        frontier.add(g.map.neighbours[end.hex][end.edge])
        hexes = list(candidate_hexes(g, b.player))
        rng.shuffle(hexes)
        hexes.sort(key=lambda h: h not in frontier or rng.random() < 0.2)
        reserve = me.shares + me.engine - me.income
        chosen = None
        for k, plan in enumerate(iter_builds(g, b.player, hexes)):
            if me.cash - plan.cost < reserve and rng.random() > 0.1:
                continue
            if chosen is None or (plan.completes and not chosen.completes):
                chosen = plan
            if chosen.completes or k > 60:
                break
        if chosen is None:
            return EndBuild(b.player)
        return Build(b.player, g.label(chosen.hex), chosen.tile.tile, chosen.tile.rotation)
