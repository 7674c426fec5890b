"""The server's outer guard, before any request is parsed: a request body is refused past 64 KB (by its
Content-Length and by what actually arrives), and every answer carries the security headers a browser needs
(no framing, no sniffing, scripts only from this server, no referrer)."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024  # bytes a request body may have
LARGER = {"/api/replays": 1024 * 1024}  # paths that take more: a record file opened in the replay viewer
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


def _refusal(status: int, code: str, detail: str) -> tuple[dict[str, Any], bytes]:
    body = json.dumps({"detail": detail, "field": None, "code": code}).encode()
    start = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *SECURITY_HEADERS,
        ],
    }
    return start, body


class Guard:
    """ASGI middleware: the body limit and the security headers (see the module's description)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LARGER.get(scope.get("path", ""), self.max_body)
        too_large = f"the request body is larger than {limit // 1024} KB"
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(send, too_large)
            return
        # read the body first (at most max_body bytes), so that nothing past the limit is ever parsed
        chunks: list[bytes] = []
        size = 0
        more = scope["method"] not in ("GET", "HEAD", "OPTIONS")
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(send, too_large)
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

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, replay, with_headers)

    @staticmethod
    async def _refuse(send: Send, detail: str) -> None:
        start, body = _refusal(413, "too_large", detail)
        await send(start)
        await send({"type": "http.response.body", "body": body})
