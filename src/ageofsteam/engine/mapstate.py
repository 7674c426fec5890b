"""A map's own figures, typed: each map that keeps figures of its own (money on cities, oil on fields, the
season…) declares them as a dataclass deriving from :class:`MapState`, and its rules set ``STATE`` to it.

The state is plain data like the rest of :class:`~ageofsteam.engine.state.GameState`: only the map's rules
change it. It is shown in the JSON view under ``extra`` (the field names are the map's README's words), and a
scenario's ``[extra]`` table replaces fields of it, checked against their types.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any, ClassVar, Self

from pydantic import ConfigDict, TypeAdapter, ValidationError

from ageofsteam.engine.errors import BadInput

_FIELDS: dict[type, tuple[str, ...]] = {}


def _clone(value: Any) -> Any:
    """A copy of plain data (dicts, lists, sets, tuples of numbers and strings) sharing nothing mutable."""
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clone(v) for v in value]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, tuple):
        return tuple(_clone(v) for v in value)
    if isinstance(value, (int, str, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)


@dataclasses.dataclass
class MapState:
    """The figures a map keeps besides the base game's (none: the base game and maps that add none)."""

    # read strictly: every field its declared type, and no field the map does not have
    __pydantic_config__ = ConfigDict(strict=True, extra="forbid")
    _adapters: ClassVar[dict[type, TypeAdapter[Any]]] = {}

    def to_json(self) -> dict[str, Any]:
        """The figures as plain JSON values (tuples become lists, integer keys become strings)."""
        out: dict[str, Any] = json.loads(json.dumps(dataclasses.asdict(self)))
        return out

    def copy(self) -> Self:
        """A deep copy, independent of this one (fast: the figures are plain data)."""
        if not _FIELDS.setdefault(type(self), tuple(f.name for f in dataclasses.fields(self))):
            return self  # no figures: nothing to change
        out = object.__new__(type(self))
        for name in _FIELDS[type(self)]:
            object.__setattr__(out, name, _clone(getattr(self, name)))
        return out

    @classmethod
    def parse(cls, data: dict[str, Any], where: str = "extra") -> Self:
        """The figures from their JSON form; raises BadInput naming the field at fault."""
        adapter = cls._adapters.get(cls) or cls._adapters.setdefault(cls, TypeAdapter(cls))
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(k for k in data if k not in known)
        if unknown:
            raise BadInput(
                f"{where}.{unknown[0]}: this map keeps no such figure (its figures: {', '.join(known) or 'none'})"
            )
        try:
            return adapter.validate_json(json.dumps(data))  # type: ignore[no-any-return]
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"])
            raise BadInput(f"{where}.{field}: {err['msg']}") from None
        except TypeError:
            raise BadInput(f"{where}: the figures must be plain JSON values") from None

    def replaced(self, given: dict[str, Any], where: str = "extra") -> Self:
        """A copy with the fields in ``given`` (their JSON form) replaced, each checked against its type."""
        return self.parse({**self.to_json(), **given}, where)
