"""``aos replay``: step through a record and note every player's figures at the end of each round.

A round ends after phase X (Advance Turn Marker), seen as the turn number going up, or when the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.maps import rules_for


@dataclass
class RoundEnd:
    """Every player's figures at the end of one round."""

    turn: int
    final: bool  # the game ended here
    after_action: int  # how many record actions had been applied
    players: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "final": self.final, "after_action": self.after_action, "players": self.players}


def figures(game: Game) -> list[dict[str, Any]]:
    """Cash, income, shares, engine and score of every seat now (score None once eliminated)."""
    g = game.state
    return [
        {
            "seat": p.seat,
            "name": p.name,
            "cash": p.cash,
            "income": p.income,
            "shares": p.shares,
            "engine": p.engine,
            "eliminated": p.eliminated,
            "score": None if p.eliminated else g.rules.score(g, p.seat),
        }
        for p in g.players
    ]


class RoundTracker:
    """Feed it the game after every action; it keeps a :class:`RoundEnd` whenever a round has just ended."""

    def __init__(self, game: Game) -> None:
        self.turn = game.state.turn
        self.over = game.over
        self.rounds: list[RoundEnd] = []

    def after(self, game: Game) -> None:
        g = game.state
        n = len(game.record.actions)
        if g.over and not self.over:
            self.rounds.append(RoundEnd(g.turn, True, n, figures(game)))
        elif self.turn >= 1 and g.turn > self.turn:
            self.rounds.append(RoundEnd(self.turn, False, n, figures(game)))
        self.turn, self.over = g.turn, g.over


def replay_rounds(record: Record) -> tuple[Game, list[RoundEnd]]:
    """Verify ``record`` (raising IllegalAction/BadInput naming the first bad action) and list its round ends."""
    final = Game.from_record(record)  # the verification, with the engine's own message for a bad action
    rules = rules_for(record.map, record.map_file)
    state = rules.new_state([(s.name, s.colour) for s in record.seats], record.options)
    game = Game(record.model_copy(update={"actions": []}), state, auto_chance=False)
    tracker = RoundTracker(game)
    for i, data in enumerate(record.actions):
        try:
            action = parse_action(data)
            if action.is_chance:
                game.supply_chance(action)
            else:
                game.apply(action)
        except AosError as exc:
            raise type(exc)(f"action {i + 1} ({data.get('kind', '?')}): {exc}") from None
        tracker.after(game)
    return final, tracker.rounds
