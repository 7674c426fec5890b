"""Actions: every decision of a player, and every chance outcome, as a small frozen record.

Each action has a ``kind`` and serialises to a flat JSON object. Hexes are written by their printed labels
(``"L7"``), players by seat number (0-based). Chance actions (``setup``, ``player_order``, ``roll``,
``draw``) carry the outcome of the dice or the bag, so a record replays identically anywhere.

Maps may define further action kinds with :func:`register`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, ConfigDict, TypeAdapter, ValidationError

from ageofsteam.engine.errors import BadInput

CHANCE = -1  # the "player" who rolls dice and draws from the bag

# A hex (or region) label as printed on the map: read in any case, stored in capitals ("l7" → "L7").
HexLabel = Annotated[str, AfterValidator(lambda text: text.strip().upper())]

_KINDS: dict[str, type[Action]] = {}
_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions."""

    kind: ClassVar[str] = ""
    is_chance: ClassVar[bool] = False
    # parsed strictly: exact JSON types (no "1" for 1, no true for 0/1), and no field the action does not have
    __pydantic_config__ = ConfigDict(strict=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for k, v in asdict(self).items():
            data[k] = list(v) if isinstance(v, tuple) else v
        return data

    @property
    def actor(self) -> int:
        return getattr(self, "player", CHANCE)


def register(cls: type[Action]) -> type[Action]:
    """Make an action kind known to :func:`parse_action` (used as a class decorator)."""
    _KINDS[cls.kind] = cls
    return cls


def takes_player(data: Any) -> bool:
    """Is ``data`` (an action's JSON) of a kind that a player decides, and so has a "player" field?"""
    kind = data.get("kind") if isinstance(data, dict) else None
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    return cls is not None and not cls.is_chance


def parse_action(data: Any) -> Action:
    """An action from its JSON form; raises :class:`BadInput` naming the field at fault."""
    if not isinstance(data, dict):
        raise BadInput("an action must be a JSON object with a 'kind' field")
    kind = data.get("kind")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        raise BadInput(f"field 'kind': unknown action kind {kind!r}; known kinds: {', '.join(sorted(_KINDS))}")
    adapter = _ADAPTERS.get(kind) or _ADAPTERS.setdefault(kind, TypeAdapter(cls))
    given = {k: v for k, v in data.items() if k != "kind"}
    known = [f.name for f in fields(cls)]
    unknown = sorted(k for k in given if k not in known)
    if unknown:
        raise BadInput(
            f"{kind} action, field '{unknown[0]}': no such field (the fields are: {', '.join(known) or 'none'})"
        )
    try:
        text = json.dumps(given)
    except (TypeError, ValueError):
        raise BadInput(f"{kind} action: the fields must be plain JSON values") from None
    try:
        return adapter.validate_json(text)  # type: ignore[no-any-return]
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "action"
        expected = _EXPECTED.get(err["type"])
        why = f"must be {expected}, not {json.dumps(err['input'])}" if expected else err["msg"]
        if err["type"] == "missing":
            why = "is missing"
        raise BadInput(f"{kind} action, field '{where}': {why}") from None


_EXPECTED = {  # pydantic's error type → what the field must be, in a player's words
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "string_type": "text",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "an object",
}


# --- player decisions -------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class IssueShares(Action):
    """Phase I: issue ``count`` shares (0 to decline) for $5 each."""

    kind: ClassVar[str] = "issue_shares"
    player: int
    count: int


@register
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Phase II: bid ``amount`` for first place."""

    kind: ClassVar[str] = "bid"
    player: int
    amount: int


@register
@dataclass(frozen=True, slots=True)
class DropOut(Action):
    """Phase II: leave the auction, taking the worst free place."""

    kind: ClassVar[str] = "drop_out"
    player: int


@register
@dataclass(frozen=True, slots=True)
class TurnOrderPass(Action):
    """Phase II: the Turn Order holder of last turn stays in without bidding (once an auction)."""

    kind: ClassVar[str] = "turn_order_pass"
    player: int


@register
@dataclass(frozen=True, slots=True)
class SelectAction(Action):
    """Phase III: take one of the special actions."""

    kind: ClassVar[str] = "select_action"
    player: int
    action: str


@register
@dataclass(frozen=True, slots=True)
class Urbanize(Action):
    """Phase IV: place New City tile ``city`` (a letter) on the town at ``hex``."""

    kind: ClassVar[str] = "urbanize"
    player: int
    hex: HexLabel
    city: str


@register
@dataclass(frozen=True, slots=True)
class Build(Action):
    """Phase IV: put ``tile`` turned ``rotation`` sixths clockwise on ``hex`` (new, upgrade or redirection).

    On a town hex a simple or complex tile is laid with a town disk.
    """

    kind: ClassVar[str] = "build"
    player: int
    hex: HexLabel
    tile: str
    rotation: int


@register
@dataclass(frozen=True, slots=True)
class EndBuild(Action):
    """Phase IV: finish building for this turn."""

    kind: ClassVar[str] = "end_build"
    player: int


@register
@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """Phase V: move one ``colour`` cube from the city at ``city`` along ``links`` (link ids, in order)."""

    kind: ClassVar[str] = "deliver"
    player: int
    city: HexLabel
    colour: str
    links: tuple[str, ...]


@register
@dataclass(frozen=True, slots=True)
class UpgradeEngine(Action):
    """Phase V: raise your engine by one instead of moving a cube (once a turn)."""

    kind: ClassVar[str] = "upgrade_engine"
    player: int


@register
@dataclass(frozen=True, slots=True)
class SkipMove(Action):
    """Phase V: do nothing in this move round."""

    kind: ClassVar[str] = "skip_move"
    player: int


@register
@dataclass(frozen=True, slots=True)
class PlaceCube(Action):
    """Phase IX, Production: put the next drawn cube in the empty display box ``box`` (``"L3/2"``)."""

    kind: ClassVar[str] = "place_cube"
    player: int
    box: str


# --- chance -------------------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class Setup(Action):
    """Chance: the cubes drawn at setup, for every display column (top box first) and every city."""

    kind: ClassVar[str] = "setup"
    is_chance: ClassVar[bool] = True
    display: dict[str, list[str | None]] = field(default_factory=dict)
    cities: dict[str, list[str]] = field(default_factory=dict)


@register
@dataclass(frozen=True, slots=True)
class PlayerOrder(Action):
    """Chance: the random initial player order, as seat numbers, first player first."""

    kind: ClassVar[str] = "player_order"
    is_chance: ClassVar[bool] = True
    order: tuple[int, ...]


@register
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: goods-growth dice for the light and the dark half of the display."""

    kind: ClassVar[str] = "roll"
    is_chance: ClassVar[bool] = True
    light: tuple[int, ...]
    dark: tuple[int, ...]


@register
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: cubes drawn from the bag (Production)."""

    kind: ClassVar[str] = "draw"
    is_chance: ClassVar[bool] = True
    cubes: tuple[str, ...]
