"""The viewers of a live game: what they are told, and serving each one over its WebSocket.

Each viewer has a queue of messages, serialised once per change and shared by every viewer, and a sender task
of its own: a change is queued to every viewer under the game's lock (so every viewer gets the changes in the
order of the record) and a slow viewer never delays the others. What a viewer may ask is bounded (see
:meth:`Viewers.watch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from ageofsteam.engine.actions import parse_action
from ageofsteam.engine.view import view
from ageofsteam.server.decisions import action_hexes
from ageofsteam.server.errors import ApiError
from ageofsteam.server.limits import Window
from ageofsteam.server.live.game import LiveGame, public_seats, undone_words
from ageofsteam.server.live.identity import Identity, identify, you

VIEWER_BACKLOG = 500  # messages queued to one viewer before it is dropped (it reconnects and gets a hello)
HELLO_BACKLOG = 2  # hellos queued unsent to one viewer past which a request for another lets it go
HELLO_START = '{"type":"hello"'  # how a hello begins (see :meth:`Viewers.hello`)
WS_MESSAGES_PER_MINUTE = 120  # messages one WebSocket may send a minute (the page sends one; a ping is optional)
CLOSE_SECONDS = 5.0  # how long closing a WebSocket may wait for the client to take the close frame


def broadcast(live: LiveGame, msg: dict[str, Any]) -> None:
    """Queue ``msg`` (serialised once) to every viewer of ``live``; a viewer too far behind is dropped."""
    if not live.viewers:
        return
    text = json.dumps(msg, separators=(",", ":"))
    for ws, queue in list(live.viewers.items()):
        if queue.qsize() >= VIEWER_BACKLOG:
            del live.viewers[ws]
            queue.put_nowait(None)  # its sender closes it
        else:
            queue.put_nowait(text)


def close_all(live: LiveGame) -> None:
    """Let every viewer of ``live`` go (they reconnect, and start from a new hello)."""
    for queue in live.viewers.values():
        queue.put_nowait(None)
    live.viewers.clear()


def update_message(live: LiveGame, start: int, log_start: int) -> dict[str, Any]:
    """The update telling viewers of the actions from ``start`` on and the log lines from ``log_start`` on."""
    game = live.game
    return {
        "type": "update",
        "index": len(game.record.actions),
        "status": live.meta.status,
        "actions": [
            {"index": start + i, "action": a, "hexes": action_hexes(game.state, a)}
            for i, a in enumerate(game.record.actions[start:])
        ],
        "view": view(game),
        "log": game.state.log[log_start:],
        "log_size": len(game.state.log),
    }


def undo_message(live: LiveGame, old_actions: list[dict[str, Any]], common: int, seats: set[int]) -> dict[str, Any]:
    """The message telling viewers that the record was taken back to ``common`` actions from ``old_actions`` by
    the player of ``seats`` (None: the actor of the first action undone): what was undone, by whom."""
    game = live.game
    seat = parse_action(old_actions[common]).actor
    before = game.record.model_copy(update={"actions": old_actions[:common]})
    return {
        "type": "undo",
        "index": live.index,
        "status": live.meta.status,
        "view": view(game),
        "log_size": len(game.state.log),
        "seat": seat,
        "by": live.meta.seats[seat]["name"] if seat is not None and seat >= 0 else None,
        "undone": undone_words(before, old_actions[common:], seats),
    }


def seats_message(live: LiveGame, said: list[str]) -> dict[str, Any]:
    """The message telling viewers that seats changed (hands, joined, mail), with the log lines ``said``."""
    return {
        "type": "seats",
        "index": live.index,
        "seats": public_seats(live.meta),
        "log": said,
        "log_size": len(live.game.state.log),
    }


def undo_request_message(live: LiveGame, **more: Any) -> dict[str, Any]:
    """The message telling viewers of the undo asked for, as it stands."""
    return {"type": "undo_request", "index": live.index, "request": live.request_json(), **more}


@dataclass
class _Unsent:
    """What waits unsent in one viewer's queue: its hellos (each a whole view of the game)."""

    hellos: int = 0


Joined = Callable[[LiveGame, Identity | None], Awaitable[None]]


class Viewers:
    """Serves the viewers of every game: ``joined`` marks a player's seats taken up once they say who they are;
    ``mail_offered``: the server sends turn mails."""

    def __init__(self, joined: Joined, *, mail_offered: bool, messages_per_minute: int) -> None:
        self.joined = joined
        self.mail_offered = mail_offered
        self.messages_per_minute = messages_per_minute  # per WebSocket

    def hello(self, live: LiveGame, ident: Identity | None) -> str:
        """The message a viewer starts from: the position now, and what ``ident`` may do (called under the lock)."""
        hello = {
            "type": "hello",
            "index": live.index,
            "status": live.status(),
            "view": view(live.game),
            "log_size": len(live.game.state.log),
            "you": you(live, ident, self.mail_offered),
        }
        return json.dumps(hello, separators=(",", ":"))

    async def watch(self, live: LiveGame, ws: WebSocket, ident: Identity | None) -> None:
        """Serve one viewer: the hello, then every change, until it leaves. What a viewer may ask is bounded: at
        most ``messages_per_minute`` messages, none while ``VIEWER_BACKLOG`` messages wait unread, and no new
        hello while ``HELLO_BACKLOG`` hellos wait unsent; past any of them it is let go (code 1008)."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        unsent = _Unsent()
        async with live.lock:  # the hello is consistent with the updates that follow it
            queue.put_nowait(self.hello(live, ident))
            unsent.hellos += 1
            live.viewers[ws] = queue
        sender = asyncio.create_task(_send_all(ws, queue, unsent))
        rate = Window(self.messages_per_minute)
        try:
            while await self._answer(live, ws, queue, unsent, rate):
                pass
        except (WebSocketDisconnect, RuntimeError, ValueError):
            pass
        finally:
            live.viewers.pop(ws, None)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender

    async def _answer(
        self, live: LiveGame, ws: WebSocket, queue: asyncio.Queue[str | None], unsent: _Unsent, rate: Window
    ) -> bool:
        """Take one message from the viewer and answer it; False once the viewer has left or been let go."""
        frame = await ws.receive()
        if frame.get("type") == "websocket.disconnect":
            return False
        if frame.get("text") is None:  # a binary frame: the protocol is JSON text only
            await _let_go(ws, 1003, "text frames of JSON only")
            return False
        if not rate.allow():
            await _let_go(ws, 1008, "too many messages")
            return False
        if queue.qsize() >= VIEWER_BACKLOG:  # it asks but never reads: let it go
            await _let_go(ws, 1008, "too far behind")
            return False
        try:
            msg = json.loads(frame["text"])
        except (ValueError, RecursionError):
            return True  # not JSON (or nested past all reason): nothing to answer
        if isinstance(msg, dict) and msg.get("type") == "auth":  # the seat token, sent as a message
            if unsent.hellos >= HELLO_BACKLOG:  # it asks again before reading the answers
                await _let_go(ws, 1008, "too far behind")
                return False
            token = msg.get("token")
            try:
                ident = identify(live.meta, token if isinstance(token, str) and token else None)
            except ApiError:
                await _let_go(ws, 4403, "unknown token")
                return False
            await self.joined(live, ident)
            async with live.lock:
                queue.put_nowait(self.hello(live, ident))
                unsent.hellos += 1
        elif isinstance(msg, dict) and msg.get("type") == "ping":
            queue.put_nowait('{"type":"pong"}')
        return True


async def _send_all(ws: WebSocket, queue: asyncio.Queue[str | None], unsent: _Unsent | None = None) -> None:
    """Send the queued messages to ``ws`` in order; ``None`` closes it."""
    with contextlib.suppress(Exception):
        while (text := await queue.get()) is not None:
            if unsent is not None and text.startswith(HELLO_START):
                unsent.hellos -= 1
            await ws.send_text(text)
        await _let_go(ws, 1013, "reconnect")


async def _let_go(ws: WebSocket, code: int, reason: str) -> None:
    """Close ``ws`` with ``code``; a client that reads nothing cannot take the close frame either, and is then
    left to the connection's own keepalive (it is not waited for past ``CLOSE_SECONDS``)."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code, reason=reason), CLOSE_SECONDS)
