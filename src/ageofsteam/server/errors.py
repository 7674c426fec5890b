"""Refusals of the web API: ``{"detail": ..., "field": ..., "code": ...}`` with an HTTP status."""

from __future__ import annotations


class ApiError(Exception):
    """A refused request (docs/web-api.md, Errors)."""

    def __init__(self, status: int, code: str, detail: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field

    def body(self) -> dict[str, str | None]:
        return {"detail": self.detail, "field": self.field, "code": self.code}
