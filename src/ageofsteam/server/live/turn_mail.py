"""Turn mails: when the move comes to a seat whose player asked for it, a mail tells them (at most one per
interval and seat, whichever process sends it). The address itself is kept with the seat (server/live/seats.py)."""

from __future__ import annotations

import asyncio
import logging
from email.message import EmailMessage

from sqlalchemy.exc import DBAPIError

from ageofsteam.server.live.game import LiveGame
from ageofsteam.server.mail import Mailer
from ageofsteam.server.store import Store

log = logging.getLogger("ageofsteam.server")


class TurnMail:
    """Sends the turn mails of every game through ``mailer``; its sending tasks are kept in ``tasks``."""

    def __init__(self, store: Store, mailer: Mailer, tasks: set[asyncio.Task[None]]) -> None:
        self.store = store
        self.mailer = mailer
        self.tasks = tasks

    def tell(self, live: LiveGame) -> None:
        """The move has come to a seat: mail its player if they asked for it (and not too often)."""
        seat = live.game.to_move
        if not isinstance(seat, int) or seat < 0 or live.game.over:
            return
        spec = live.meta.seats[seat]
        to = spec.get("email")
        if not to or spec.get("bot"):
            return
        g = live.game.state
        msg = self.mailer.message(
            to, live.meta.id, seat, spec["name"], g.map.name, g.rules.phase(g).title, live.meta.host_hash
        )
        task = asyncio.get_running_loop().create_task(self._send(live.meta.id, seat, msg))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send(self, game_id: str, seat: int, msg: EmailMessage) -> None:
        """Send ``msg`` unless a mail went to ``seat`` within the interval (from any process)."""
        try:
            due = await self.store.run(self.store.claim_turn_mail, game_id, seat, self.mailer.every)
        except DBAPIError:
            log.warning("no turn mail to seat %d of game %s: the database did not answer", seat, game_id)
            return
        if due:
            await self.mailer.send(msg)
