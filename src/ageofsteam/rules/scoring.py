"""Phase X and the end: advance the turn marker, and score 3 × income − 3 × shares + 1 per track section in
the player's Completed Railroad Links."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ageofsteam.rules.phase import Phase

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState


def track_points(g: GameState, seat: int) -> int:
    return sum(link.sections for link in g.network.links.values() if link.owner == seat)


def base_score(g: GameState, seat: int) -> int:
    p = g.players[seat]
    return 3 * p.income - 3 * p.shares + track_points(g, seat)


def end_game(g: GameState) -> None:
    g.over = True
    g.to_move = None
    g.pending = []
    g.phase = "game_over"
    standings = g.rules.standings(g)
    g.say("Game over. " + "; ".join(f"{g.player_name(s)}: {g.rules.score_text(g, s, v)}" for s, v in standings))


class AdvanceTurnPhase(Phase):
    name = "advance_turn"
    title = "X. Advance Turn Marker"

    def begin(self, g: GameState) -> bool:
        if g.rules.game_ends_now(g):
            end_game(g)
            return False
        g.turn += 1
        g.rules.on_turn_advanced(g)
        g.say(f"— Turn {g.turn} —")
        return True
