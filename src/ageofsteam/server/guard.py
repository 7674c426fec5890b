"""The server's outer guard, before any request is parsed: a request body is refused past 64 KB (by its
Content-Length and by what actually arrives) and when it has not all arrived within ``BODY_SECONDS`` (a client
that trickles it in), and every answer carries the security headers a browser needs (no framing, no sniffing,
scripts only from this server, no referrer), even the 500 of an error nobody foresaw."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # bytes a request body may have
LARGER = {"/api/replays": 1024 * 1024}  # paths that take more: a record file opened in the replay viewer
BODY_SECONDS = 30.0  # seconds a request body may take to arrive, from the first read of it
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


def _refusal(status: int, code: str, detail: str, close: bool = False) -> tuple[dict[str, Any], bytes]:
    """The API's JSON refusal, as an ASGI response start and body (``close``: the connection is closed after it)."""
    body = json.dumps({"detail": detail, "field": None, "code": code}).encode()
    start = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *([(b"connection", b"close")] if close else []),
            *SECURITY_HEADERS,
        ],
    }
    return start, body


class Guard:
    """ASGI middleware: the body's limits and the security headers (see the module's description)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LARGER.get(scope.get("path", ""), self.max_body)
        too_large = f"the request body is larger than {limit // 1024} KB"
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(send, 413, "too_large", too_large)
            return
        # read the body first (at most max_body bytes, within body_seconds), so that nothing past the limit is
        # ever parsed and a client that trickles its body in does not hold the request open
        chunks: list[bytes] = []
        size = 0
        more = scope["method"] not in ("GET", "HEAD", "OPTIONS")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_seconds
        while more:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                late = f"the request body did not arrive within {self.body_seconds:g} s"
                await self._refuse(send, 408, "timeout", late, close=True)
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(send, 413, "too_large", too_large)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        try:
            await self.app(scope, replay, with_headers)
        except Exception:  # a fault of the server's own: answered 500 with the headers, and logged by the server
            if not started:
                await self._refuse(send, 500, "internal", "the server failed on this request (it is logged)")
            raise

    @staticmethod
    async def _refuse(send: Send, status: int, code: str, detail: str, close: bool = False) -> None:
        start, body = _refusal(status, code, detail, close)
        await send(start)
        await send({"type": "http.response.body", "body": body})
