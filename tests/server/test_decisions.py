"""The ``/legal`` decisions of every map: exactly the engine's legal actions, each once, each readable."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ageofsteam.bots import RandomBot
from ageofsteam.engine.actions import CHANCE
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Seat
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.server.decisions import decisions

STEPS = 120  # decisions checked per map (the first two turns or so: every phase at least once)


def offered(d: dict[str, Any]) -> list[str]:
    """Every action the decisions offer, as canonical JSON (ranges expanded)."""
    out = []
    for group, field in (("issue_shares", "count"), ("bid", "amount")):
        r = d[group]
        if r:
            values = r.get("values") or range(r["min"], r["max"] + 1)
            out += [json.dumps({**r["action"], field: v}, sort_keys=True) for v in values]
    out += [json.dumps(a["action"], sort_keys=True) for a in d["actions"]]
    out += [json.dumps(c["action"], sort_keys=True) for u in d["urbanize"] for c in u["cities"]]
    out += [json.dumps(o["action"], sort_keys=True) for b in d["builds"] for o in b["options"]]
    out += [json.dumps(r["action"], sort_keys=True) for c in d["deliveries"] for r in c["routes"]]
    return out


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_offers_exactly_the_legal_actions(map_id: str) -> None:
    rules = load_rules(map_id)
    lo, hi = rules.player_counts()
    n = (lo + hi) // 2
    game = Game.new(map_id, seats=[Seat(name=f"P{i}", colour=rules.PLAYER_COLOURS[i]) for i in range(n)], seed=5)
    bot, rng = RandomBot(), random.Random(5)
    kinds: set[str] = set()
    for _ in range(STEPS):
        if game.over or game.to_move in (None, CHANCE):
            break
        d = decisions(game, len(game.record.actions))
        assert d["to_move"] == game.to_move and d["index"] == len(game.record.actions)
        got = offered(d)
        assert len(got) == len(set(got)), f"an action is offered twice in {game.state.phase}"
        assert sorted(got) == sorted(json.dumps(a.to_json(), sort_keys=True) for a in game.legal_actions())
        for a in d["actions"]:
            kind = a["action"]["kind"]
            kinds.add(kind)
            assert a["label"] and not a["label"].startswith(f"{kind} {{"), f"{kind} has no description"
            assert a["group"]
            assert a["hex"] is None or a["hex"] in game.state.map.by_label
        game.apply(bot.choose(game, rng))
    assert "end_build" in kinds, f"the first turns never reached a build: {kinds}"
