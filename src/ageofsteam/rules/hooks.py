"""Which hooks a map's rules keep from the base game: listings take shorter ways where they know what the base
versions do (``build_listing``, ``move_goods._plain_routes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ageofsteam.rules.base import BaseRules

_KEPT: dict[tuple[type, tuple[str, ...]], bool] = {}


def keeps_base(rules: BaseRules, hooks: tuple[str, ...]) -> bool:
    """Does ``rules`` keep the base game's version of every one of ``hooks`` (no map overrides one)?"""
    key = (type(rules), hooks)
    kept = _KEPT.get(key)
    if kept is None:
        from ageofsteam.rules.base import BaseRules

        kept = _KEPT[key] = all(getattr(type(rules), h) is getattr(BaseRules, h) for h in hooks)
    return kept
