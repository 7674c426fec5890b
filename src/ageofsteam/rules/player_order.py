"""Phase II, Determine Player Order: the auction for first place.

Bidding goes round in player order, skipping the high bidder. A player bids more than the high bid (at least
$1, at most their cash), drops out (taking the worst free place), or — holding Turn Order from last turn —
passes once. The last bidder left is first. The first to drop out pays nothing, the last two pay their bid in
full, everyone else half of it rounded up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.engine.actions import Action, Bid, DropOut, TurnOrderPass
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.state import Auction
from ageofsteam.rules.phase import Phase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState

TURN_ORDER = "turn_order"


def auction_payment(bid: int, place_out: int, players_in_auction: int) -> int:
    """What a player pays for their place.

    ``place_out`` counts drop-outs from 0 (the first to drop out); the winner has ``players_in_auction - 1``.
    """
    if place_out == 0:
        return 0
    if place_out >= players_in_auction - 2:
        return bid
    return (bid + 1) // 2


class PlayerOrderPhase(Phase):
    name = "player_order"
    title = "II. Determine Player Order"
    accepts = (Bid, DropOut, TurnOrderPass)

    def begin(self, g: GameState) -> bool:
        g.auction = Auction(bidders=g.active_players())
        return self._settle(g)

    # --- whose turn -----------------------------------------------------------------------------

    def can_pass(self, g: GameState, seat: int) -> bool:
        a = g.auction
        assert a is not None
        return g.players[seat].action == TURN_ORDER and not a.pass_used

    def can_bid(self, g: GameState, seat: int) -> bool:
        a = g.auction
        assert a is not None
        return g.players[seat].cash >= a.high + 1

    def _settle(self, g: GameState) -> bool:
        """Find the next bidder, dropping those with no choice; finish the auction when one is left."""
        a = g.auction
        assert a is not None
        while len(a.bidders) > 1:
            a.turn %= len(a.bidders)
            seat = a.bidders[a.turn]
            if seat == a.high_bidder:
                a.turn += 1
                continue
            if self.can_bid(g, seat) or self.can_pass(g, seat):
                g.to_move = seat
                return False
            g.say(f"{g.player_name(seat)} cannot outbid ${a.high} and drops out")
            self._drop(g, seat)
        self._finish(g)
        return True

    def _drop(self, g: GameState, seat: int) -> None:
        a = g.auction
        assert a is not None
        a.bidders.remove(seat)
        a.dropped.append(seat)

    def _finish(self, g: GameState) -> None:
        a = g.auction
        assert a is not None
        winner = a.bidders[0]
        ranking = [*a.dropped, winner]  # in order of leaving; the winner last
        n = len(ranking)
        for out, seat in enumerate(ranking):
            pay = auction_payment(a.bids.get(seat, 0), out, n)
            if pay:
                g.players[seat].cash -= pay
                g.say(f"{g.player_name(seat)} pays ${pay} for place {n - out}")
        g.order = list(reversed(ranking))
        g.auction = None
        g.say("Player order: " + ", ".join(g.player_name(p) for p in g.order))

    # --- decisions -------------------------------------------------------------------------------

    def legal(self, g: GameState) -> list[Action]:
        a = g.auction
        seat = g.to_move
        assert a is not None and seat is not None
        out: list[Action] = [Bid(seat, x) for x in range(a.high + 1, g.players[seat].cash + 1)]
        out.append(DropOut(seat))
        if self.can_pass(g, seat):
            out.append(TurnOrderPass(seat))
        return out

    def check(self, g: GameState, act: Action) -> None:
        a = g.auction
        assert a is not None
        if isinstance(act, Bid):
            cash = g.players[act.player].cash
            if act.amount <= a.high:
                raise IllegalAction(
                    f"a bid must be more than the high bid of ${a.high}" if a.high else "the lowest bid is $1"
                )
            if act.amount > cash:
                raise IllegalAction(f"you cannot bid ${act.amount}: you have ${cash}")
        elif isinstance(act, TurnOrderPass):
            if g.players[act.player].action != TURN_ORDER:
                raise IllegalAction("only the player who took Turn Order last turn may pass in the auction")
            if a.pass_used:
                raise IllegalAction("the Turn Order pass can be used only once per auction")

    def apply(self, g: GameState, act: Action) -> bool:
        a = g.auction
        assert a is not None
        name = g.player_name(act.actor)
        if isinstance(act, Bid):
            a.high, a.high_bidder = act.amount, act.player
            a.bids[act.player] = act.amount
            a.turn += 1
            g.say(f"{name} bids ${act.amount}")
        elif isinstance(act, TurnOrderPass):
            a.pass_used = True
            a.turn += 1
            g.say(f"{name} uses the Turn Order pass")
        else:
            self._drop(g, act.actor)
            g.say(f"{name} drops out")
        return self._settle(g)
