"""Actions: every decision of a player, and every chance outcome, as a small frozen record.

Each action has a ``kind`` and serialises to a flat JSON object. Hexes are written by their printed labels
(``"L7"``), players by seat number (0-based). Chance actions (``setup``, ``player_order``, ``roll``,
``draw``) carry the outcome of the dice or the bag, so a record replays identically anywhere.

Maps may define further action kinds with :func:`register`. Each field's type says what values it takes (a
:class:`Domain` in its annotation: ``hex: HexLabel``, ``tile: TileName``, ``rotation: Rotation``…), so that
whatever lists a map's decisions (the web client's board clicks, the research environments' action spaces)
reads :func:`field_domains` instead of knowing fields by name; a map with a kind of value of its own declares it
with :func:`domain`.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import annotated_types
from pydantic import AfterValidator, ConfigDict, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from ageofsteam.board.hexes import DIRECTIONS
from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.errors import BadInput

if TYPE_CHECKING:
    from ageofsteam.engine.state import GameState
    from ageofsteam.rules.base import BaseRules

CHANCE = -1  # the "player" who rolls dice and draws from the bag


# --- what a field's values are -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Domain:
    """The values an action field takes, carried in its type (``Annotated[str, Domain("hex")]``).

    ``name`` is a kind of value whose list a game gives (a map's hexes, its New Cities, the goods colours…: see
    :func:`domain`); ``"int"`` is a whole number from ``low`` to ``high`` (``high`` may name a constant of the
    rules, ``"MAX_SHARES"``, or be None: no bound); ``"choice"`` is one of the fixed ``choices`` (a ``Literal``,
    an ``Enum``, ``bool``); ``"route"`` is a delivery's links, chosen one by one, with no fixed list."""

    name: str
    low: int | None = None
    high: int | str | None = None
    choices: tuple[Any, ...] = ()


# A hex (or region) label as printed on the map: read in any case, stored in capitals ("l7" → "L7").
HexLabel = Annotated[str, AfterValidator(lambda text: text.strip().upper()), Domain("hex")]
NewCityName = Annotated[str, Domain("new_city")]  # a New City tile's letter ("A")
TileName = Annotated[str, Domain("tile")]  # a track tile's name ("gentle")
Rotation = Annotated[int, Domain("int", 0, 5)]  # sixths of a turn clockwise
GoodsColour = Annotated[str, Domain("colour")]
ActionName = Annotated[str, Domain("action")]  # a special action's name ("engineer")
DisplayBox = Annotated[str, Domain("box")]  # a goods-display box ("light3/1")
LinkId = Annotated[str, Domain("link")]  # a pre-printed special link's id in the map file
CircleId = Annotated[str, Domain("circle")]  # a connection circle's id, or a region's (its large circle)
Direction = Annotated[str, Domain("direction")]  # a hex edge: N, NE, SE, S, SW, NW
ShareCount = Annotated[int, Domain("int", 0, "MAX_SHARES")]
BidAmount = Annotated[int, Domain("int", 1, None)]
RouteLinks = Annotated[tuple[str, ...], Domain("route")]  # link ids, in order
SEAT = Domain("seat")  # the ``player`` field of a player's decision: a seat number

DomainValues = Callable[["BaseRules", "GameState"], list[Any]]
_DOMAINS: dict[str, DomainValues] = {}
_FIELD_DOMAINS: dict[type, dict[str, Domain | None]] = {}


def domain(name: str) -> Callable[[DomainValues], DomainValues]:
    """Declare a kind of value (a decorator of the function giving its values in a game, in a fixed order): a
    map whose action has a field of a kind of its own writes ``Annotated[str, Domain("berth")]`` and
    ``@domain("berth") def berths(rules, g): ...`` beside it."""

    def add(values: DomainValues) -> DomainValues:
        _DOMAINS[name] = values
        return values

    return add


def field_domains(cls: type[Action]) -> dict[str, Domain | None]:
    """Each field of an action kind → its :class:`Domain`, read from the field's type annotation: a
    :class:`Domain` in ``Annotated[...]`` (the aliases above); ``bool``, a ``Literal`` or an ``Enum`` (fixed
    choices); a whole number bounded by ``annotated_types`` (``Field(ge=0, le=5)``). ``player`` is the seat.
    None: the type says nothing of the values (a chance action's draws; a map's field to annotate)."""
    found = _FIELD_DOMAINS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = {f.name: SEAT if f.name == "player" else _domain_of(hints[f.name]) for f in fields(cls)}
        _FIELD_DOMAINS[cls] = found
    return dict(found)


def _domain_of(hint: Any) -> Domain | None:
    base: Any = hint
    metadata: tuple[Any, ...] = ()
    if typing.get_origin(hint) is Annotated:
        base, *rest = typing.get_args(hint)
        metadata = tuple(rest)
    marked = next((m for m in metadata if isinstance(m, Domain)), None)
    if marked is not None:
        return marked
    if base is bool:
        return Domain("choice", choices=(False, True))
    if typing.get_origin(base) is Literal:
        return Domain("choice", choices=typing.get_args(base))
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return Domain("choice", choices=tuple(base))
    if base is int:
        low, high = _bounds(metadata)
        if low is not None and high is not None:
            return Domain("int", low, high)
    return None


def _bounds(metadata: tuple[Any, ...]) -> tuple[int | None, int | None]:
    """The least and largest whole number ``annotated_types`` metadata allow (None: no bound)."""
    low = high = None
    for m in metadata:
        parts = m.metadata if isinstance(m, FieldInfo) else m if isinstance(m, annotated_types.GroupedMetadata) else [m]
        for part in parts:
            if isinstance(part, annotated_types.Ge):
                low = int(part.ge)  # type: ignore[call-overload]
            elif isinstance(part, annotated_types.Gt):
                low = int(part.gt) + 1  # type: ignore[call-overload]
            elif isinstance(part, annotated_types.Le):
                high = int(part.le)  # type: ignore[call-overload]
            elif isinstance(part, annotated_types.Lt):
                high = int(part.lt) - 1  # type: ignore[call-overload]
    return low, high


def domain_values(d: Domain, rules: BaseRules, g: GameState, cap: int | None = None) -> list[Any]:
    """The values of ``d`` in a game on ``rules``'s map at ``g``, in a fixed order (a map's hexes in id order…);
    a whole number without a largest value counts up to ``cap``. ValueError for a route, which has no list,
    and for a kind of value no one declared."""
    if d.name == "choice":
        return list(d.choices)
    if d.name == "int":
        high = getattr(rules, d.high) if isinstance(d.high, str) else d.high if d.high is not None else cap
        if d.low is None or high is None:
            raise ValueError(f"whole numbers from {d.low} to {d.high} have no list: give a cap")
        return list(range(d.low, high + 1))
    if d.name == "route":
        raise ValueError("a route has no list of values: its links are chosen one by one")
    values = _DOMAINS.get(d.name)
    if values is None:
        raise ValueError(f"no one declared the values of {d.name!r} (declare them with @domain({d.name!r}))")
    return values(rules, g)


@domain("seat")
def _seats(rules: BaseRules, g: GameState) -> list[Any]:
    return list(range(len(g.players)))


@domain("hex")
def _hexes(rules: BaseRules, g: GameState) -> list[Any]:
    return list(rules.map.labels)


@domain("new_city")
def _new_cities(rules: BaseRules, g: GameState) -> list[Any]:
    return list(rules.NEW_CITIES)


@domain("tile")
def _tiles(rules: BaseRules, g: GameState) -> list[Any]:
    return sorted(TILE_TYPES)


@domain("colour")
def goods_colours(rules: BaseRules, g: GameState | None = None) -> list[Any]:
    """Every goods colour of a map: the bag's, the New Cities' and the printed cities'."""
    found = set(rules.BAG) | {col for col, _ in rules.NEW_CITIES.values()}
    found |= {c for city in rules.map.cities for c in city.colours}
    return sorted(found)


@domain("action")
def action_names(rules: BaseRules, g: GameState | None = None) -> list[Any]:
    """Every special action a map has (its action spaces and any its titles name, e.g. a solo variant's)."""
    return list(dict.fromkeys([*rules.ACTIONS, *rules.ACTION_TITLES]))


@domain("box")
def display_boxes(rules: BaseRules, g: GameState) -> list[Any]:
    """Every goods-display box (``"light3/1"``), column by column."""
    from ageofsteam.rules.goods_growth import box_id  # the rules build on this module

    return [box_id(col, i) for col, n in rules.display_layout(g).items() for i in range(n)]


@domain("link")
def _links(rules: BaseRules, g: GameState) -> list[Any]:
    return [s.id for s in rules.map.special_links]


@domain("circle")
def _circles(rules: BaseRules, g: GameState) -> list[Any]:
    return [c.id for c in rules.map.circles] + list(rules.map.labels)


@domain("direction")
def _directions(rules: BaseRules, g: GameState) -> list[Any]:
    return list(DIRECTIONS)


# --- actions -------------------------------------------------------------------------------------------

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


def action_class(kind: Any) -> type[Action] | None:
    """The action class of a kind's name (``"build"`` → :class:`Build`), None for a kind no one registered."""
    return _KINDS.get(kind) if isinstance(kind, str) else None


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
    count: ShareCount


@register
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Phase II: bid ``amount`` for first place."""

    kind: ClassVar[str] = "bid"
    player: int
    amount: BidAmount


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
    action: ActionName


@register
@dataclass(frozen=True, slots=True)
class Urbanize(Action):
    """Phase IV: place New City tile ``city`` (a letter) on the town at ``hex``."""

    kind: ClassVar[str] = "urbanize"
    player: int
    hex: HexLabel
    city: NewCityName


@register
@dataclass(frozen=True, slots=True)
class Build(Action):
    """Phase IV: put ``tile`` turned ``rotation`` sixths clockwise on ``hex`` (new, upgrade or redirection).

    On a town hex a simple or complex tile is laid with a town disk.
    """

    kind: ClassVar[str] = "build"
    player: int
    hex: HexLabel
    tile: TileName
    rotation: Rotation


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
    colour: GoodsColour
    links: RouteLinks


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
    box: DisplayBox


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
