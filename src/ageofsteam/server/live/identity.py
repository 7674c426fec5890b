"""Who a token acts for (a seat link, or the host link for every human seat) and what that player may do."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.store import StoredGame, token_hash


@dataclass
class Identity:
    """What a token acts for."""

    seats: list[int]
    host: bool


def identify(meta: StoredGame, token: str | None) -> Identity | None:
    """The seats ``token`` acts for in the game ``meta`` (None without a token); 404 for an unknown token."""
    if token is None or token == "":
        return None
    h = token_hash(token)
    if hmac.compare_digest(h, meta.host_hash):
        return Identity([i for i, s in enumerate(meta.seats) if not s.get("bot")], True)
    seats = [i for i, s in enumerate(meta.seats) if s.get("token_hash") and hmac.compare_digest(h, s["token_hash"])]
    if not seats:
        raise ApiError(404, "not_found", "unknown seat token for this game", "token")
    return Identity(seats, False)


def mail_seats(meta: StoredGame, ident: Identity) -> list[int]:
    """The seats whose turn-mail address ``ident`` may read and set: a seat link's own seat; for the host link,
    the human seats without a link of their own (a hot seat: its players share the host link)."""
    if not ident.host:
        return list(ident.seats)
    return [i for i in ident.seats if not meta.seats[i].get("bot") and not meta.seats[i].get("token_hash")]


def foreseeing(seats: list[dict[str, Any]]) -> bool:
    """Whether a game of ``seats`` has two different people, one of whom may have chosen its seed: two human
    seats, one of them with a link of its own (the host link plays every human seat of a hot seat). A game whose
    seed was chosen must never be so (the rule of ``new_game`` in server/live/creation.py)."""
    humans = [s for s in seats if not s.get("bot")]
    return len(humans) >= 2 and any(s.get("token_hash") for s in humans)


def you(live: LiveGame, ident: Identity | None, mail_offered: bool) -> dict[str, Any] | None:
    """What ``ident`` plays and may do in ``live`` (``mail_offered``: the server sends turn mails)."""
    if ident is None:
        return None
    asked = live.undo_to_ask(ident.seats)
    return {
        "seats": ident.seats,
        "host": ident.host,
        "to_move": live.game.to_move in ident.seats,
        "undoable": len(live.takeback_points(ident.seats)),
        "may_ask_undo": bool(asked and asked[1]),
        "undo_request": live.request_json(),
        "turn_mail": next((live.meta.seats[i].get("email") for i in mail_seats(live.meta, ident)), None),
        "mail_offered": mail_offered and bool(mail_seats(live.meta, ident)),
    }
