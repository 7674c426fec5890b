"""Limits that keep one client from taking the server for itself: actions, hints and new games per minute, the
games a server keeps in play, and the messages of one WebSocket. A refusal is the API's usual JSON (429, or 503
for a full server); a WebSocket past its limit is closed."""

from __future__ import annotations

import time
from collections import deque

from ageofsteam.server.errors import ApiError

WINDOW = 60.0  # seconds: the limits are per minute


class PerMinute:
    """At most ``limit`` events per key in any 60 seconds (0: no limit)."""

    def __init__(self, limit: int, what: str) -> None:
        self.limit = limit
        self.what = what
        self.seen: dict[str, deque[float]] = {}

    def check(self, key: str) -> None:
        """Count one event of ``key``; 429 if it would pass the limit (the refused event is not counted)."""
        if self.limit <= 0:
            return
        now = time.monotonic()
        times = self.seen.setdefault(key, deque())
        while times and now - times[0] > WINDOW:
            times.popleft()
        if len(times) >= self.limit:
            wait = max(1, int(WINDOW - (now - times[0])) + 1)
            raise ApiError(429, "too_many", f"at most {self.limit} {self.what} a minute: try again in {wait} s", None)
        times.append(now)
        if len(self.seen) > 10_000:  # forget keys that have been quiet for a minute
            for k in [k for k, t in self.seen.items() if not t or now - t[-1] > WINDOW]:
                del self.seen[k]


class Window:
    """At most ``limit`` events in any 60 seconds, for one connection (0: no limit)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.times: deque[float] = deque()

    def allow(self) -> bool:
        """Count one event; False (not counted) if it would pass the limit."""
        if self.limit <= 0:
            return True
        now = time.monotonic()
        while self.times and now - self.times[0] > WINDOW:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return False
        self.times.append(now)
        return True
