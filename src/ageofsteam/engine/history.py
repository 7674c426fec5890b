"""Each player's figures turn by turn — cash, income, shares, engine and score — for the charts that tell a
game's story, at its end or live during it; and the final score broken down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ageofsteam.engine.game import Game

if TYPE_CHECKING:
    from ageofsteam.engine.record import Record
    from ageofsteam.engine.state import GameState

FIGURES = ("cash", "income", "shares", "engine", "score")


def figures(g: GameState, seat: int) -> dict[str, int]:
    p = g.players[seat]
    return {"cash": p.cash, "income": p.income, "shares": p.shares, "engine": p.engine, "score": g.rules.score(g, seat)}


def history(record: Record) -> dict[str, Any]:
    """The figures at the start of turn 1, at the end of each turn played, and now (the end, once the game is
    over): ``points`` names each moment (``label``, the record ``index`` it was taken at), ``players`` holds one
    list per figure with one value per point, and ``score_parts`` each player's score broken down now."""
    points: list[dict[str, Any]] = []
    rows: list[dict[str, int]] = []
    turn = 0
    game: Game | None = None
    for index, game in enumerate(Game.positions(record)):
        g = game.state
        if g.turn != turn:
            label = "start" if turn == 0 else f"turn {turn}"
            points.append({"label": label, "index": index})
            rows.append({f"{s}/{k}": v for s in range(len(g.players)) for k, v in figures(g, s).items()})
            turn = g.turn
    assert game is not None
    g = game.state
    points.append({"label": f"turn {g.turn}" if g.over else "now", "index": len(record.actions)})
    rows.append({f"{s}/{k}": v for s in range(len(g.players)) for k, v in figures(g, s).items()})
    players = [
        {
            "seat": p.seat,
            "name": p.name,
            "colour": p.colour,
            **{k: [row[f"{p.seat}/{k}"] for row in rows] for k in FIGURES},
            "score_parts": [{"part": part, "points": n} for part, n in g.rules.score_parts(g, p.seat)],
        }
        for p in g.players
    ]
    return {"over": g.over, "score_title": g.rules.SCORE_TITLE, "points": points, "players": players}
