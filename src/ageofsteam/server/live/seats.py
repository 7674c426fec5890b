"""The seats of a game: taken up by their players, handed over by the host (to a bot, or to a person with a new
link), taken over by a bot when idle too long, and the address a seat's turn mails go to. A hand-over is said
in the log and kept with the seat, so that a replay puts it back where it was said."""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import secrets
import time
from typing import Any

from ageofsteam.bots import LEVEL_TITLES, LEVELS
from ageofsteam.server.errors import ApiError
from ageofsteam.server.live.bot_runner import BotRunner
from ageofsteam.server.live.cache import Games
from ageofsteam.server.live.changes import Changes
from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.live.identity import Identity, foreseeing, mail_seats
from ageofsteam.server.live.sync import Sync
from ageofsteam.server.live.viewers import broadcast, seats_message
from ageofsteam.server.mail import stop_key
from ageofsteam.server.store import Store, token_hash

log = logging.getLogger("ageofsteam.server")


class Seats:
    """Changes the seats of every game (each change under the game's lock); ``mail``: the server sends turn
    mails."""

    def __init__(
        self, store: Store, games: Games, sync: Sync, changes: Changes, bots: BotRunner, *, mail: bool
    ) -> None:
        self.store = store
        self.games = games
        self.sync = sync
        self.changes = changes
        self.bots = bots
        self.mail = mail

    async def mark_joined(self, live: LiveGame, ident: Identity | None) -> None:
        """The seats of ``ident`` have been taken up (their page opened, or an action of theirs accepted)."""
        if ident is None or all(live.meta.seats[i].get("joined") for i in ident.seats):
            return

        async def join() -> None:
            seats = [dict(s, joined=True) if i in ident.seats else s for i, s in enumerate(live.meta.seats)]
            if seats != live.meta.seats:
                await self.changes.save_seats(live, seats)

        await self.sync.locked(live, join)

    async def change(
        self, live: LiveGame, ident: Identity, seat: int, bot: str | None, new_link: bool
    ) -> dict[str, Any]:
        """The host hands ``seat`` to a bot of level ``bot``, or (``bot`` None) to a person with a new join link,
        which revokes the old one. Said in the log; the bots play on if one is to move."""
        if not ident.host:
            raise ApiError(403, "forbidden", "only the host link can hand a seat over", "token")
        if bot is not None and bot not in LEVELS:
            raise ApiError(422, "invalid", f"field 'bot': bots are {', '.join(LEVELS)}, not {bot!r}", "bot")
        level, token = await self.sync.locked(live, lambda: self._change(live, seat, bot, new_link))
        self.bots.wake(live)
        return {
            "seat": seat,
            "bot": level,
            "token": token,
            "join_url": f"/game/{live.meta.id}#token={token}" if token else None,
        }

    async def _change(
        self, live: LiveGame, seat: int, bot: str | None, new_link: bool
    ) -> tuple[str | None, str | None]:
        """:meth:`change` under the lock: the seat's bot level and its new link's token."""
        seats = [dict(x) for x in live.meta.seats]
        if not 0 <= seat < len(seats):
            raise ApiError(404, "not_found", f"no seat {seat} in this game", "seat")
        if live.game.over:
            raise ApiError(409, "over", "the game is over", None)
        s = seats[seat]
        name = s["name"]
        token = None
        s.pop("email", None)  # the address was the last player's: a seat that changes hands forgets it
        if bot is not None:
            s.update(bot=bot, token_hash=None)
            text = f"{name} is now played by the {LEVEL_TITLES[bot]} bot (handed over by the host)"
        elif s.get("bot") is not None or new_link:
            token = secrets.token_urlsafe(24)
            was_bot = s.get("bot") is not None
            s.update(bot=None, token_hash=token_hash(token), joined=False)
            text = (
                f"{name} is played by a person again (a new join link)"
                if was_bot
                else f"{name} has a new join link; the old one no longer works"
            )
        else:
            raise ApiError(422, "invalid", "nothing to change: give a bot level, or ask for a new link", None)
        if live.meta.secret is None and foreseeing(seats):
            raise ApiError(
                409,
                "seeded",
                "this game's dice come from the seed chosen when it was made, which lets its chooser foresee "
                "every die: it cannot be played by two different people (start a new game without a seed)",
                "seat",
            )
        await self._store_seats(live, seats, seat, text)
        return s["bot"], token

    async def _store_seats(self, live: LiveGame, seats: list[dict[str, Any]], seat: int, text: str) -> None:
        """Store the seats after ``seat`` changed hands, say ``text`` in the log (kept with the seat, so that a
        replay puts it back) and tell every viewer. Called under the game's lock."""
        log_ = live.game.state.log
        s = seats[seat]
        s["notes"] = [*s.get("notes", []), {"at": len(log_), "text": text}]
        await self.changes.save_seats(live, seats)
        record_seat = live.game.record.seats[seat]
        live.game.record.seats[seat] = record_seat.model_copy(update={"bot": s["bot"]})
        log_.append(text)
        broadcast(live, seats_message(live, [text]))

    async def idle_takeovers(self) -> int:
        """Hand to a bot every seat to move that has been idle longer than its game allows (a game created with
        ``idle_hours``); how many were handed over."""
        n = 0
        now = time.time()
        waiting = [
            *await self.store.run(self.store.list, "running", 5000),
            *await self.store.run(self.store.list, "open", 5000),
        ]
        for meta in waiting:
            seat = meta.summary.get("to_move")
            if not isinstance(seat, int) or not 0 <= seat < len(meta.seats):
                continue
            spec = meta.seats[seat]
            hours = spec.get("idle_hours")
            if spec.get("bot") or not hours or now - float(meta.summary.get("moved_at") or now) < hours * 3600:
                continue
            live = await self.games.get(meta.id)
            if await self.sync.locked(live, functools.partial(self._take_over, live, seat, hours)):
                self.bots.wake(live)
                n += 1
        return n

    async def _take_over(self, live: LiveGame, seat: int, hours: float) -> bool:
        """A bot takes over ``seat`` if it is still idle past ``hours``; whether it did. Under the lock."""
        if live.game.to_move != seat or live.meta.seats[seat].get("bot") or time.time() - live.moved_at < hours * 3600:
            return False
        seats = [dict(x) for x in live.meta.seats]
        level = seats[seat].get("idle_bot") or "steady"
        seats[seat].update(bot=level, token_hash=None)
        seats[seat].pop("email", None)
        name, title = seats[seat]["name"], LEVEL_TITLES[level]
        text = f"{name} has not moved for {hours:g} hours: the {title} bot takes over the seat"
        await self._store_seats(live, seats, seat, text)
        return True

    async def watch_idle(self, every: float) -> None:
        """Look for idle seats every ``every`` seconds, until the server stops."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.idle_takeovers()
            except Exception:  # a database hiccup: try again next time
                log.exception("looking for idle seats failed")

    async def set_email(self, live: LiveGame, ident: Identity, email: str | None) -> dict[str, Any]:
        """A player asks for turn mails at ``email`` for their seats (None: no more mails)."""
        if not self.mail:
            raise ApiError(409, "no_mail", "this server sends no mail (it was started without --smtp-url)", None)
        mine: list[int] = []

        async def store() -> None:
            mine[:] = mail_seats(live.meta, ident)
            if not mine:
                raise ApiError(
                    403, "forbidden", "turn mails are asked for from a seat's own link, for that seat only", "token"
                )
            await self.changes.save_seats(
                live, [dict(s, email=email) if i in mine else s for i, s in enumerate(live.meta.seats)]
            )

        await self.sync.locked(live, store)
        return {"seats": mine, "email": email}

    async def stop_email(self, live: LiveGame, seat: int, key: str) -> None:
        """The one-click stop link of a turn mail."""
        if not 0 <= seat < len(live.meta.seats) or not hmac.compare_digest(
            key, stop_key(live.meta.host_hash, live.meta.id, seat)
        ):
            raise ApiError(404, "not_found", "this stop link is not valid", "key")

        async def store() -> None:
            await self.changes.save_seats(
                live, [dict(s, email=None) if i == seat else s for i, s in enumerate(live.meta.seats)]
            )

        await self.sync.locked(live, store)
