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


def hotseat_game(server: Any, map_id: str, seed: int = 4) -> tuple[str, str, Game]:
    """A game of humans, every seat played by the host link (id, host token, the engine's copy)."""
    from ageofsteam.maps import load_board

    least, most = load_board(map_id).players
    n = max(least, min(3, most))
    seats = [{"name": f"P{i + 1}", "bot": None} for i in range(n)]
    made = server.api(
        "POST", "/api/games", {"map": map_id, "players": n, "seats": seats, "seed": seed, "hot_seat": True}
    )
    game = Game.from_record(Record.model_validate(server.api("GET", f"/api/games/{made['id']}/record")))
    return made["id"], made["host_token"], game


def advance_until(server: Any, gid: str, host: str, game: Game, done: Any, seed: int = 4, limit: int = 400) -> None:
    """Random decisions sent through the API until ``done(game)`` holds (the engine's copy kept in step)."""
    import random

    from ageofsteam.bots import RandomBot

    bot, rng = RandomBot(), random.Random(seed)
    while not done(game):
        assert not game.over and len(game.record.actions) < limit, "the position was never reached"
        action = bot.choose(game, rng)
        body = {"index": len(game.record.actions), "action": action.to_json()}
        server.api("POST", f"/api/games/{gid}/actions", body, token=host)
        game.apply(action)


def plan_disc(record: dict[str, Any], legal: dict[str, Any]) -> str | None:
    """Area maps: the circle of a disc after which the player to move can deliver a good (the cheapest such),
    else the cheapest disc next to one of the player's own; None when no disc is worth placing."""
    game = Game.from_record(Record.model_validate(record))
    seat = game.to_move
    assert seat is not None and seat != CHANCE
    discs = sorted((a for a in legal["actions"] if a.get("circle")), key=lambda a: a["cost"])
    if _deliverable(game, seat):
        return None
    for a in discs:
        trial = copy.deepcopy(game)
        trial.apply(a["action"])
        if _deliverable(trial, seat):
            return str(a["circle"])
    return str(discs[0]["circle"]) if discs and game.state.players[seat].cash >= 8 else None
