"""What an action's fields take is read from their types (``field_domains``), never from their names: a map's
action with fields of new names, typed as hexes, choices, bounded numbers or a kind of value of its own, is
listed, encoded and shown with nothing outside its folder to teach."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Annotated, ClassVar, Literal

import pytest
from pydantic import Field

from ageofsteam import Game
from ageofsteam.board.tiles import TILE_TYPES
from ageofsteam.engine.actions import (
    SEAT,
    Action,
    Bid,
    Build,
    Deliver,
    Domain,
    HexLabel,
    IssueShares,
    Setup,
    Urbanize,
    domain,
    domain_values,
    field_domains,
)
from ageofsteam.maps import load_rules, map_ids


class Tide(Enum):
    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class Moor(Action):
    """A made-up map's action: moor at ``berth`` (a hex) on ``side`` (a kind of value of the map's own)."""

    kind: ClassVar[str] = "moor"
    player: int
    berth: HexLabel
    side: Annotated[str, Domain("berth_side")]
    ropes: Annotated[int, Field(ge=1, le=3)]
    tide: Tide
    weather: Literal["calm", "gale"]
    pilot: bool
    note: str


@domain("berth_side")
def berth_sides(rules, g) -> list[str]:
    return ["port", "starboard"]


def test_a_field_of_a_new_name_typed_as_a_hex_takes_the_maps_hexes() -> None:
    d = field_domains(Moor)
    assert d["player"] == SEAT and d["berth"] == Domain("hex")
    game = Game.new("rust-belt", players=3, seed=1)
    g = game.state
    assert domain_values(d["berth"], g.rules, g) == g.map.labels
    assert domain_values(d["player"], g.rules, g) == [0, 1, 2]


def test_choices_and_bounded_whole_numbers_are_read_from_literals_enums_bools_and_bounds() -> None:
    d = field_domains(Moor)
    g = Game.new("rust-belt", players=3, seed=1).state
    assert domain_values(d["ropes"], g.rules, g) == [1, 2, 3]
    assert domain_values(d["tide"], g.rules, g) == [Tide.HIGH, Tide.LOW]
    assert domain_values(d["weather"], g.rules, g) == ["calm", "gale"]
    assert domain_values(d["pilot"], g.rules, g) == [False, True]


def test_a_map_declares_a_kind_of_value_of_its_own_beside_its_action() -> None:
    g = Game.new("rust-belt", players=3, seed=1).state
    assert domain_values(field_domains(Moor)["side"], g.rules, g) == ["port", "starboard"]
    with pytest.raises(ValueError, match=r"no one declared the values of 'anchorage'"):
        domain_values(Domain("anchorage"), g.rules, g)


def test_a_field_whose_type_says_nothing_of_its_values_has_none() -> None:
    assert field_domains(Moor)["note"] is None
    assert field_domains(Setup) == {"display": None, "cities": None}  # a chance action's draws


def test_the_base_actions_fields_take_what_the_rules_know() -> None:
    g = Game.new("rust-belt", players=4, seed=1).state
    rules = g.rules

    def values(cls: type[Action], name: str, cap: int | None = None) -> list[object]:
        return domain_values(field_domains(cls)[name], rules, g, cap)

    assert values(Build, "tile") == sorted(TILE_TYPES) and values(Build, "rotation") == [0, 1, 2, 3, 4, 5]
    assert values(IssueShares, "count") == list(range(rules.MAX_SHARES + 1))
    assert values(Urbanize, "city") == list(rules.NEW_CITIES)  # a New City's letter, not a hex
    assert values(Deliver, "city") == g.map.labels  # the city a good leaves: a hex
    assert values(Bid, "amount", cap=3) == [1, 2, 3]
    with pytest.raises(ValueError, match="give a cap"):
        values(Bid, "amount")
    with pytest.raises(ValueError, match="chosen one by one"):
        values(Deliver, "links")


@pytest.mark.parametrize("map_id", map_ids())
def test_every_field_of_every_decision_a_map_asks_has_its_values_in_its_type(map_id: str) -> None:
    rules = load_rules(map_id)
    g = Game.new(map_id, players=rules.player_counts()[0], seed=1).state
    kinds = {k for p in rules.phases for k in p.accepts if not k.is_chance}
    for cls in kinds:
        for f in fields(cls):
            d = field_domains(cls)[f.name]
            assert d is not None, f"{cls.kind}.{f.name} says nothing of its values"
            if d.name != "route":
                assert domain_values(d, rules, g, cap=10), f"{cls.kind}.{f.name} takes no value"
