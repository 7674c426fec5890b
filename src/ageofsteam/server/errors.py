"""Refusals of the web API: ``{"detail": ..., "field": ..., "code": ...}`` with an HTTP status."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request (docs/web-api.md, Errors)."""

    def __init__(
        self, status: int, code: str, detail: str, field: str | None = None, check: dict[str, Any] | None = None
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
        self.check = check  # a refused map file: the validator's whole report (every problem with its line)

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"detail": self.detail, "field": self.field, "code": self.code}
        if self.check is not None:
            out["check"] = self.check
        return out
