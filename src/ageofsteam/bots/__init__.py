"""Bots: programs that choose a legal action for a seat. Every bot has ``choose(game, rng) -> Action``."""

from __future__ import annotations

from ageofsteam.bots.random_bot import RandomBot

BOTS = {"random": RandomBot}

__all__ = ["BOTS", "RandomBot"]
