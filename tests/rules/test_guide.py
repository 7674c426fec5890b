"""The rules at hand: every map's guide gives each of its phases a rule (the base game's, the map's changes),
its setup and end, and a short tour of what differs from the base game."""

from __future__ import annotations

import pytest

from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rules.guide import BASE_PHASES, guide, map_guide


@pytest.mark.parametrize("map_id", map_ids())
def test_every_phase_of_every_map_has_its_rule_and_the_map_a_tour(map_id: str) -> None:
    rules = load_rules(map_id)
    g = guide(rules)
    assert [p["name"] for p in g["phases"]] == [p.name for p in rules.phases]
    for p in g["phases"]:
        assert p["base"] or p["map"], f"{p['name']} has no rule"
    assert 2 <= len(g["tour"]) <= 6 and all(t.endswith(".") for t in g["tour"])
    assert g["setup"]["base"] and g["end"]["base"]
    assert g["setup"]["map"], "each map says how its board is set up"


@pytest.mark.parametrize("map_id", map_ids())
def test_a_maps_guide_names_only_phases_the_map_has(map_id: str) -> None:
    rules = load_rules(map_id)
    own = map_guide(rules)
    assert set(own) <= {"tour", "setup", "end", "phases"}
    assert set(own.get("phases", {})) <= {p.name for p in rules.phases}


def test_the_base_game_has_a_rule_for_each_of_its_phases() -> None:
    assert {p.name for p in load_rules("rust-belt").phases} <= set(BASE_PHASES)
