"""Turn mails: a player who asked for it gets an e-mail when the move comes to their seat — through the SMTP
server given by ``aos serve --smtp-url``, at most one per seat per interval, with a link that stops them."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import smtplib
from email.message import EmailMessage
from urllib.parse import urlparse

log = logging.getLogger("ageofsteam.server")

MAIL_EVERY = 3600.0  # seconds: at most one turn mail per seat this often


def stop_key(secret: str, game_id: str, seat: int) -> str:
    """The key of a seat's one-click stop link, made from a secret of the game the server keeps (the hash of
    its host token), so that it holds across restarts and no one else can make it."""
    return hmac.new(secret.encode(), f"{game_id}/{seat}".encode(), hashlib.sha256).hexdigest()[:32]


class Mailer:
    """Sends turn mails in a thread (``url``: smtp://host:port). ``every``: the seconds between two mails to one
    seat, at least (kept by the store for every process: ``Store.claim_turn_mail``)."""

    def __init__(self, url: str, sender: str, base_url: str, every: float = MAIL_EVERY) -> None:
        parts = urlparse(url)
        if parts.scheme != "smtp" or not parts.hostname:
            raise ValueError(f"--smtp-url must look like smtp://host:port, not {url!r}")
        self.host, self.port = parts.hostname, parts.port or 25
        self.sender = sender
        self.base_url = base_url.rstrip("/")
        self.every = every

    def message(
        self, to: str, game_id: str, seat: int, player: str, map_name: str, what: str, secret: str
    ) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = f"Your move — {map_name}"
        stop = f"{self.base_url}/api/games/{game_id}/notify/stop?seat={seat}&key={stop_key(secret, game_id, seat)}"
        msg.set_content(
            f"{player}, it is your move in your game of Age of Steam on {map_name}: {what}.\n\n"
            f"Open the game with the link you joined by: {self.base_url}/game/{game_id}\n\n"
            f"No more of these mails for this game: {stop}\n"
        )
        return msg

    def _send(self, msg: EmailMessage) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=10) as smtp:
            smtp.send_message(msg)

    async def send(self, msg: EmailMessage) -> None:
        """Send without holding up the server; a mail server that fails is logged, not fatal."""
        try:
            await asyncio.to_thread(self._send, msg)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("a turn mail to %s could not be sent: %s", msg["To"], exc)
