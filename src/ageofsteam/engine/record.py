"""The game record: map, options, seats, seed, rules version and every action, as JSON.

A record is the stored truth of a game; the state is its replay.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, ValidationError, model_serializer

from ageofsteam.engine.errors import BadInput

FORMAT = "ageofsteam-record"


class Seat(BaseModel):
    """One seat at the table."""

    name: str = Field(min_length=1, max_length=40)
    colour: str
    bot: str | None = None  # the level of the bot playing the seat ("random", "steady", "strong"); None: a person


class Record(BaseModel):
    """Everything needed to replay a game exactly."""

    format: Literal["ageofsteam-record"] = "ageofsteam-record"
    rules_version: int = 1
    map: str
    # A map played from a file (the map editor's, an uploaded one): the whole text of its map.toml, so the record
    # replays anywhere; None for the bundled maps, which ``map`` names
    map_file: str | None = Field(default=None, max_length=200_000)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[Seat]
    seed: int
    # A secret chance seed (128 bits or more, in hex): when set, dice and draws come from it instead of ``seed``,
    # and a server shows it to no one while the game runs (``public``). Recorded chance replays without it.
    secret: str | None = Field(default=None, min_length=32, max_length=128, pattern="^[0-9a-f]+$")
    scenario: dict[str, Any] | None = None  # a starting position, applied after the setup chance events
    actions: list[dict[str, Any]] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _without_empty_map_file(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A game on a bundled map is written as before map files could be played: without ``map_file``."""
        data: dict[str, Any] = handler(self)
        if data.get("map_file", "") is None:
            del data["map_file"]
        return data

    @property
    def chance_key(self) -> str:
        """What the chance still to come is drawn from: the secret if there is one, else the seed."""
        return self.secret if self.secret is not None else str(self.seed)

    def public(self) -> Record:
        """The record as anyone may read it while the game runs: without the secret (every chance event so far
        is in the actions, so it replays exactly; the next ones cannot be foreseen)."""
        return self.model_copy(update={"secret": None}) if self.secret is not None else self

    def dumps(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=1)

    @classmethod
    def loads(cls, text: str, source: str = "record") -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadInput(f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "record"
            raise BadInput(f"{source}: field '{where}': {err['msg']}") from None

    @classmethod
    def load(cls, path: str | Path) -> Record:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot read {p}: {exc.strerror}") from None
        return cls.loads(text, p.name)

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash leaves either the old file or the new one, never half of one."""
        p = Path(path)
        fd, tmp = tempfile.mkstemp(dir=p.parent or ".", prefix=f".{p.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.dumps())
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, p)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
