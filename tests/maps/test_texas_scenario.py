"""Texas scenario positions: oil under track is on the tile, as play leaves it."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput
from ageofsteam.engine.invariants import check_invariants
from tests.rules.build_helpers import position

MAP = "texas"


def test_a_scenario_track_on_an_oil_field_has_taken_the_fields_goods_onto_the_tile():
    game = position(map=MAP, n=4, track=[("Y21", "gentle", 4, 1)])  # Spindletop: 2 derricks
    extra = game.state.extra
    assert "Y21" not in extra["oil"] and extra["oil_on_track"] == {"Y21": 2}
    assert check_invariants(game) == []


def test_a_scenario_stating_oil_on_a_field_under_track_is_refused():
    oil = {"Y21": 2, "X20": 1, "P20": 3, "Q17": 1, "J12": 1, "D8": 2, "R6": 2, "U7": 1}
    with pytest.raises(BadInput, match="cannot occur in play: the oil at Y21 is under a track tile but in oil"):
        position(map=MAP, n=4, track=[("Y21", "gentle", 4, 1)], extra={"oil": oil, "oil_on_track": {}})
