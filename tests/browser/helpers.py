"""The test player's plan: which build gives it a good to deliver this turn (worked out with the engine)."""

from __future__ import annotations

import copy
from typing import Any

from ageofsteam.engine.actions import CHANCE
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.rules.move_goods import all_routes


def _deliverable(game: Game, seat: int) -> bool:
    return any(route.links for route in all_routes(game.state, seat))


def plan_build(record: dict[str, Any], legal: dict[str, Any]) -> tuple[str, int, bool] | None:
    """The (hex, option index, delivers at once) of a build after which the player to move can deliver a good,
    looking two builds ahead; None when no such build exists."""
    game = Game.from_record(Record.model_validate(record))
    seat = game.to_move
    assert seat is not None and seat != CHANCE
    if _deliverable(game, seat):
        return None
    best: tuple[str, int, bool] | None = None
    for group in legal["builds"]:
        for i, option in enumerate(group["options"]):
            trial = copy.deepcopy(game)
            trial.apply(option["action"])
            if _deliverable(trial, seat):
                return group["hex"], i, True
            if best is None and trial.to_move == seat and trial.state.build is not None:
                for follow in trial.legal_actions():
                    if follow.kind != "build":
                        continue
                    again = copy.deepcopy(trial)
                    again.apply(follow)
                    if _deliverable(again, seat):
                        best = (group["hex"], i, False)
                        break
    return best
