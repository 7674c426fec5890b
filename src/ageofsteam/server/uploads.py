"""Uploaded maps: map files people drew in the map editor, stored in the database as data (never code) and played
with the base rules.

A map is checked by the validator every map goes through (:mod:`ageofsteam.maps.files`) when it is uploaded and
again when a game is made on it. Its uploader gets a delete token (only its hash is kept), as a seat gets a join
link. A game made on an uploaded map keeps the map's text in its own row and record, so deleting the map never
touches a game played on it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, String, Table, Text, delete, func, insert, literal, select

from ageofsteam.maps.files import refusal, report
from ageofsteam.server.errors import ApiError
from ageofsteam.server.store import Store, metadata, now_iso, token_hash

MAX_MAP_CHARS = 40_000  # characters of an uploaded map file (a 30×30 board drawn in the editor takes about 5,000)
MAX_DESCRIPTION = 500
MAX_AUTHOR = 40
MAX_NAME = 60  # characters of a map's name as its file gives it
MAX_UPLOADS = 5_000  # maps a server keeps at most
UPLOAD_PREFIX = "upload:"  # how the lobby names an uploaded map when it makes a game on it

maps_table = Table(
    "uploaded_maps",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("map_id", String(64), nullable=False),  # the file's own id
    Column("name", String(MAX_NAME), nullable=False),
    Column("author", String(MAX_AUTHOR), nullable=False),
    Column("description", Text, nullable=False),
    Column("text", Text, nullable=False),  # the map file as uploaded
    Column("facts", Text, nullable=False),  # what the lobby shows of it (JSON: players, turns, summary)
    Column("created", String(40), nullable=False, index=True),
    Column("delete_hash", String(64), nullable=False),
)


@dataclass
class UploadedMap:
    """One uploaded map."""

    id: str
    map_id: str
    name: str
    author: str
    description: str
    text: str
    created: str
    facts: dict[str, Any]  # player counts, turns and board summary, as the check found them at upload

    def summary(self) -> dict[str, Any]:
        """What the lobby shows of it (the text left out): name, author, description, player counts, turns."""
        return {
            "id": self.id,
            "lobby_id": UPLOAD_PREFIX + self.id,
            "map_id": self.map_id,
            "name": self.name,
            "author": self.author,
            "description": self.description,
            "created": self.created,
            "players": self.facts.get("players", []),
            "turns": self.facts.get("turns", {}),
            "summary": self.facts.get("summary", ""),
        }


def _row(row: Any) -> UploadedMap:
    return UploadedMap(
        row.id, row.map_id, row.name, row.author, row.description, row.text, row.created, json.loads(row.facts)
    )


def check_upload(text: str, description: str) -> dict[str, Any]:
    """The validator's report of an upload; refused (422) naming the line and the field of its first problem."""
    if len(text) > MAX_MAP_CHARS:
        raise ApiError(
            413, "too_large", f"field 'text': the map file has {len(text)} characters; at most {MAX_MAP_CHARS}", "text"
        )
    if not description.strip():
        raise ApiError(422, "invalid", "field 'description': say in a few words what the map is", "description")
    checked = report(text)
    if not checked["ok"]:
        raise ApiError(422, "invalid", refusal(text) or "the map file cannot be played", "text", checked)
    if len(checked["name"]) > MAX_NAME:
        raise ApiError(422, "invalid", f"field 'name': a map's name may have at most {MAX_NAME} characters", "text")
    return checked


class Uploads:
    """The uploaded maps of a store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, text: str, description: str, author: str) -> tuple[UploadedMap, str]:
        """Store a map that passed :func:`check_upload`; returns it and its delete token."""
        checked = check_upload(text, description)
        with self.store.engine.connect() as conn:
            count = int(conn.execute(select(func.count()).select_from(maps_table)).scalar_one())
        if count >= MAX_UPLOADS:
            raise ApiError(503, "full", f"this server keeps {MAX_UPLOADS} uploaded maps, its limit: try later", None)
        token = secrets.token_urlsafe(24)
        item = UploadedMap(
            secrets.token_urlsafe(8),
            checked["id"],
            checked["name"],
            author.strip(),
            description.strip(),
            text,
            now_iso(),
            {k: checked[k] for k in ("players", "turns", "summary")},
        )
        with self.store._begin() as conn:
            conn.execute(
                insert(maps_table).values(
                    id=item.id,
                    map_id=item.map_id,
                    name=item.name,
                    author=item.author,
                    description=item.description,
                    text=item.text,
                    facts=json.dumps(item.facts),
                    created=item.created,
                    delete_hash=token_hash(token),
                )
            )
        return item, token

    def get(self, upload_id: str) -> UploadedMap:
        with self.store.engine.connect() as conn:
            row = conn.execute(select(maps_table).where(maps_table.c.id == upload_id)).first()
        if row is None:
            raise ApiError(404, "not_found", f"no uploaded map {upload_id!r} (it may have been deleted)", "map")
        return _row(row)

    def list(self, limit: int = 500) -> list[UploadedMap]:
        """The uploaded maps, newest first, without their text."""
        c = maps_table.c
        q = select(c.id, c.map_id, c.name, c.author, c.description, c.created, c.facts, literal("").label("text"))
        q = q.order_by(c.created.desc()).limit(limit)
        with self.store.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q).all()]

    def delete(self, upload_id: str, token: str | None) -> None:
        """Delete a map, given the token its uploader was handed."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(maps_table.c.delete_hash).where(maps_table.c.id == upload_id)).first()
        if row is None:
            raise ApiError(404, "not_found", f"no uploaded map {upload_id!r}", None)
        if not token or not secrets.compare_digest(row.delete_hash, token_hash(token)):
            raise ApiError(
                403, "forbidden", "only the one who uploaded a map may delete it (with its delete token)", None
            )
        with self.store._begin() as conn:
            conn.execute(delete(maps_table).where(maps_table.c.id == upload_id))
