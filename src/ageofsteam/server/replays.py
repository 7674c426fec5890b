"""Replaying a game position by position for the replay viewer: a stored game's record, or a record file a
visitor opens (kept in memory for a while, never stored)."""

from __future__ import annotations

import itertools
import secrets
import time
from collections import OrderedDict
from typing import Any

from pydantic import ValidationError

from ageofsteam.engine.errors import AosError
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.engine.view import view
from ageofsteam.render import render_svg
from ageofsteam.server.errors import ApiError

KEPT = 50  # records opened by visitors kept at once (the oldest goes first)
KEPT_SECONDS = 6 * 3600  # and for at most this long


def position_json(record: Record, index: int, labels: bool = False) -> dict[str, Any]:
    """The position after the first ``index`` actions of ``record``: its state view, its log, the board drawn."""
    total = len(record.actions)
    if not 0 <= index <= total:
        raise ApiError(422, "invalid", f"field 'index': the record has positions 0 to {total}, not {index}", "index")
    game = next(itertools.islice(Game.positions(record), index, None))
    g = game.state
    return {
        "index": index,
        "total": total,
        "action": record.actions[index - 1] if index else None,
        "view": view(game),
        "log": list(g.log),
        "svg": render_svg(g, legend=False, labels=labels),
    }


def parse_record(data: Any) -> Record:
    """A record file opened by a visitor: this project's record (``aos`` and imported games alike), checked by
    replaying it."""
    if isinstance(data, dict) and "map" not in data and ("gameKey" in data or "gameData" in data):
        raise ApiError(
            422,
            "invalid",
            "a choochoo.games record needs its dice as well: import it first with 'aos import' and open the result",
            None,
        )
    try:
        record = Record.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(x) for x in err["loc"]) or None
        raise ApiError(422, "invalid", f"not a game record: field '{field}': {err['msg']}", field) from None
    try:
        Game.from_record(record)
    except AosError as exc:
        raise ApiError(422, "illegal", f"the record does not replay: {exc}", None) from None
    return record


class Replays:
    """Records opened by visitors, by id, in memory (the oldest forgotten first)."""

    def __init__(self) -> None:
        self.records: OrderedDict[str, tuple[float, Record]] = OrderedDict()

    def add(self, record: Record) -> str:
        self._forget_old()
        rid = "r" + secrets.token_urlsafe(9)
        self.records[rid] = (time.monotonic(), record)
        while len(self.records) > KEPT:
            self.records.popitem(last=False)
        return rid

    def get(self, rid: str) -> Record:
        self._forget_old()
        found = self.records.get(rid)
        if found is None:
            raise ApiError(404, "not_found", f"no opened record {rid!r} (they are kept for a few hours)", None)
        return found[1]

    def _forget_old(self) -> None:
        now = time.monotonic()
        for rid in [r for r, (t, _) in self.records.items() if now - t > KEPT_SECONDS]:
            del self.records[rid]
