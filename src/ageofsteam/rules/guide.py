"""The rules at hand on the web page: each phase of the base game in a few sentences of our own, its setup and
its end; a map's ``guide.toml`` (beside its ``rules.py``) adds its changes to them and a short tour of what
differs from the base game, shown before a player's first game on that map.

A map's guide: ``tour`` (a list of short points), ``setup`` and ``end`` (its changes, or what replaces the base
game's), and ``[phases]``: phase name → this map's changes to that phase."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ageofsteam.rules.base import BaseRules

BASE_SETUP = (
    "Every player starts with $10, two shares issued, no income and an engine of 1 link. Goods are drawn at "
    "random from the bag onto the cities and into every box of the goods display; the dice settle the first "
    "player order."
)
BASE_END = (
    "After the last turn each player scores 3 points per income step, loses 3 points per share issued, and "
    "scores 1 point for each track section in their completed links. Money left over counts for nothing."
)
BASE_PHASES: dict[str, str] = {
    "setup": BASE_SETUP,
    "issue_shares": (
        "In turn order, each player may issue shares: each brings $5 now, costs $1 of expenses every turn, and "
        "3 points at the end. Fifteen at most over the game; none can be bought back."
    ),
    "player_order": (
        "An auction for the new turn order. In turn, bid more than the last bid (never more than your cash) or "
        "drop out: the first to drop out goes last and pays nothing, the last two bidders pay their whole bid "
        "and move to first and second, everyone else pays half, rounded up. The Turn Order action lets its "
        "holder pass once without dropping out."
    ),
    "select_actions": (
        "In the new order each player takes one action no one else has taken: First Move, First Build, "
        "Engineer (a fourth tile this turn), Locomotive (engine +1 at once), Urbanization (a New City on a "
        "town), Production (two goods onto the display) or Turn Order (a pass in the next auction)."
    ),
    "build_track": (
        "One after another, each player builds up to 3 tiles (4 with Engineer), paying as they go: $2 on plain, "
        "$3 on river, $4 on mountain; a town costs $1 plus $1 per track. New track must join a city or your own "
        "track and may not run into another player's. Track that does not reach a city or town at both ends "
        "must be extended in your next build or you lose it."
    ),
    "move_goods": (
        "Two rounds; in each, every player delivers one good, raises their engine by one (once a turn), or "
        "passes. A good runs along completed links, through towns and cities of other colours, to the first "
        "city of its own colour, over no more links than the mover's engine. Each link used raises its owner's "
        "income by 1."
    ),
    "collect_income": "Each player takes their income in cash.",
    "pay_expenses": (
        "Each player pays $1 per share issued and $1 per engine level. Whoever cannot pay loses income for "
        "what is missing; below zero, they are out of the game."
    ),
    "income_reduction": (
        "High income shrinks: 11 to 20 loses 2, 21 to 30 loses 4, 31 to 40 loses 6, 41 to 49 loses 8, "
        "50 and more loses 10."
    ),
    "goods_growth": (
        "Production's goods go into empty boxes first. Then as many dice as players are rolled for the light "
        "half of the display and again for the dark half: each number moves the next good of that column onto "
        "its city (or its New City, once built)."
    ),
    "advance_turn": "The turn marker moves on; after the last turn the game is scored.",
}


def map_guide(rules: BaseRules) -> dict[str, Any]:
    """The map's own guide (``guide.toml`` beside its rules), or nothing."""
    module = sys.modules.get(type(rules).__module__)
    path = Path(module.__file__).parent / "guide.toml" if module is not None and module.__file__ else None
    if path is None or not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def guide(rules: BaseRules) -> dict[str, Any]:
    """Each phase of the map with the base game's rule and this map's changes, its setup and end, its tour."""
    own = map_guide(rules)
    changes: dict[str, str] = own.get("phases", {})
    phases = [
        {"name": p.name, "title": p.title, "base": BASE_PHASES.get(p.name, ""), "map": changes.get(p.name, "")}
        for p in rules.phases
    ]
    return {
        "map": rules.map.name,
        "tour": list(own.get("tour", [])),
        "setup": {"base": BASE_SETUP, "map": own.get("setup", "")},
        "end": {"base": BASE_END, "map": own.get("end", "")},
        "phases": phases,
    }
