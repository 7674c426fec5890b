"""A new game: its rules (a bundled map's, or the base rules on an uploaded map file), its options and seats
checked, its chance secret or chosen seed, and the links of its seats and its host."""

from __future__ import annotations

import secrets
from typing import Any

from ageofsteam.engine.errors import BadInput, IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Seat
from ageofsteam.rules.base import BaseRules
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.store import StoredGame, now_iso, token_hash


def new_game(
    map_id: str,
    players: int,
    seats: list[dict[str, Any]] | None,
    options: dict[str, Any],
    seed: int | None,
    *,
    all_maps: bool = False,
    hot_seat: bool = False,
    idle_hours: float | None = None,
    map_file: str | None = None,
) -> tuple[LiveGame, list[str | None], str]:
    """A new game (not stored yet), the tokens of its seats' links and its host's token. Its chance (and its bots'
    randomness) comes from a 128-bit secret the server keeps, unless ``seed`` is chosen, which only a game without
    two different humans may (one human seat, or every human seat played from the host link: ``hot_seat``, which
    issues no seat links). ``idle_hours``: a Medium bot takes over a human seat that has been to move that long.
    ``map_file``: the text of an uploaded map to play with the base rules instead of the bundled map ``map_id``.
    ``all_maps``: maps whose rules are not complete yet may be played too."""
    rules = _rules_of(map_id, map_file)
    if not rules.RULES_COMPLETE and not all_maps:
        raise ApiError(422, "invalid", f"field 'map': the rules of {rules.map.name} are not complete yet", "map")
    lo, hi = rules.player_counts()
    if not lo <= players <= hi:
        raise ApiError(
            422, "invalid", f"field 'players': {rules.map.name} is for {lo}–{hi} players, not {players}", "players"
        )
    if seats is not None and len(seats) != players:
        raise ApiError(422, "invalid", f"field 'seats': {len(seats)} seats given for {players} players", "seats")
    try:
        opts = rules.options(options)
    except BadInput as exc:
        name = next(iter(k for k in options if not _option_ok(rules, k, options[k])), "")
        raise ApiError(422, "invalid", f"field 'options.{name}': {exc}", f"options.{name}") from None
    colours = rules.PLAYER_COLOURS
    specs = seats or [{} for _ in range(players)]
    record_seats = [
        Seat(name=(s.get("name") or f"Player {i + 1}"), colour=colours[i], bot=s.get("bot"))
        for i, s in enumerate(specs)
    ]
    humans = sum(1 for s in record_seats if not s.bot)
    if seed is not None and humans >= 2 and not hot_seat:
        raise ApiError(
            422,
            "invalid",
            "field 'seed': a chosen seed would let its chooser foresee every die; it is allowed only in a game "
            "without two different humans (one human seat, or a hot-seat game)",
            "seed",
        )
    try:
        game = Game.new(map_id, seats=record_seats, seed=seed, options=opts, secret=seed is None, map_file=map_file)
    except (BadInput, IllegalAction) as exc:
        raise ApiError(422, "invalid", str(exc), None) from None
    tokens: list[str | None] = [None if s.bot or hot_seat else secrets.token_urlsafe(24) for s in record_seats]
    host = secrets.token_urlsafe(24)
    meta = StoredGame(
        id=secrets.token_urlsafe(8),
        map=game.record.map,
        map_file=map_file,
        options=game.record.options,
        seats=[_stored_seat(s, tok, idle_hours) for s, tok in zip(record_seats, tokens, strict=True)],
        seed=game.record.seed,
        secret=game.record.secret,
        rules_version=game.record.rules_version,
        created=now_iso(),
        status="open",
        host_hash=token_hash(host),
        summary={},
    )
    return LiveGame(meta, game), tokens, host


def _stored_seat(seat: Seat, token: str | None, idle_hours: float | None) -> dict[str, Any]:
    """A seat as the store keeps it (its link's token only as a hash)."""
    return {
        "name": seat.name,
        "colour": seat.colour,
        "bot": seat.bot,
        "token_hash": token_hash(token) if token else None,
        "joined": False,
        **({"idle_hours": idle_hours} if idle_hours and not seat.bot else {}),
    }


def _rules_of(map_id: str, map_file: str | None) -> BaseRules:
    """The rules a new game is made with: a bundled map's, or the base rules on an uploaded map file (checked again
    by the validator: a map stored under older checks must still pass today's)."""
    from ageofsteam.maps import load_rules, map_ids
    from ageofsteam.maps.files import refusal, rules_from_text

    if map_file is not None:
        why = refusal(map_file)
        if why is not None:
            raise ApiError(422, "invalid", f"field 'map': {why}", "map")
        return rules_from_text(map_file)
    if map_id not in map_ids():
        raise ApiError(404, "not_found", f"field 'map': unknown map {map_id!r}", "map")
    return load_rules(map_id)


def _option_ok(rules: Any, name: str, value: Any) -> bool:
    """Whether option ``name`` alone, set to ``value``, is accepted by the map's rules."""
    try:
        rules.options({name: value})
    except BadInput:
        return False
    return True
