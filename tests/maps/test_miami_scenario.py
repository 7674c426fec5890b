"""Miami 2030 scenario positions: track on a flooded hex (laid there with Coast Guard) can be stated."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, view
from tests.rules.build_helpers import position

MAP = "miami-2030"


def test_a_scenario_may_hold_track_on_a_flooded_hex_as_coast_guard_lays_it():
    game = position(map=MAP, n=1, track=[("D4", "straight", 0, 0)])
    g = game.state
    assert g.map.hex_id("D4") in g.rules.flooded(g)
    assert "D4" in {t["hex"] for t in view(game)["track"]}


def test_a_scenario_may_not_lay_track_on_a_district():
    district = next(h for h, kind in position(map=MAP, n=1).state.map.town_kinds.items() if kind == "district")
    label = position(map=MAP, n=1).state.label(district)
    with pytest.raises(BadInput, match=rf"track #1 \({label}\): no track can be on"):
        position(map=MAP, n=1, track=[(label, "straight", 0, 0)])
