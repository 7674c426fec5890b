"""Rust Belt plays by the base rules unchanged; its starting cubes (3 on Pittsburgh and Wheeling) are in
``map.toml``."""

from ageofsteam.rules.base import BaseRules


class Rules(BaseRules):
    """The base game."""
