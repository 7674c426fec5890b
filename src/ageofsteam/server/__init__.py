"""The web server: a lobby, games played in the browser, bots, and live updates (docs/web-api.md)."""

from __future__ import annotations

from ageofsteam.server.app import create_app, serve

__all__ = ["create_app", "serve"]
