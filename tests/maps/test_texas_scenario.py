"""Texas scenario positions: oil under track is on the tile, as play leaves it."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, Game, view
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.engine.record import Record
from ageofsteam.maps.texas.state import state as figures
from tests.conftest import act, scenario
from tests.rules.build_helpers import position

MAP = "texas"


def test_a_scenario_track_on_an_oil_field_has_taken_the_fields_goods_onto_the_tile():
    game = position(map=MAP, n=4, track=[("Y21", "gentle", 4, 1)])  # Spindletop: 2 derricks
    oil = figures(game.state)
    assert "Y21" not in oil.oil and oil.oil_on_track == {"Y21": 2}
    assert check_invariants(game) == []


def test_a_scenario_stating_oil_on_a_field_under_track_is_refused():
    oil = {"Y21": 2, "X20": 1, "P20": 3, "Q17": 1, "J12": 1, "D8": 2, "R6": 2, "U7": 1}
    with pytest.raises(BadInput, match="cannot occur in play: the oil at Y21 is under a track tile but in oil"):
        position(map=MAP, n=4, track=[("Y21", "gentle", 4, 1)], extra={"oil": oil, "oil_on_track": {}})


@pytest.mark.state_edited
def test_a_saved_scenario_game_replays_to_the_same_position_after_play_changes_the_map_figures():
    # the map's figures are parsed afresh from the scenario, never shared with the record that stores it
    game = scenario(
        """
        map = "texas"
        players = 4
        phase = "issue_shares"
        [extra]
        oil = { P20 = 3 }
        """
    )
    figures(game.state).oil["P20"] = 1  # as a map's rule changes its own figures in play
    assert game.record.scenario is not None
    assert game.record.scenario["extra"]["oil"] == {"P20": 3}
    act(game, "issue_shares", count=1)
    saved = Record.model_validate_json(game.record.model_dump_json())
    assert figures(Game.from_record(saved).state).oil["P20"] == 3


@pytest.mark.state_edited
def test_replaying_a_scenario_record_does_not_change_the_record():
    game = scenario('map = "texas"\nplayers = 4\n[extra]\noil = { P20 = 3 }')
    replayed = Game.from_record(game.record)
    figures(replayed.state).oil["P20"] = 0
    assert game.record.scenario is not None
    assert game.record.scenario["extra"]["oil"] == {"P20": 3}
    assert view(Game.from_record(game.record)) == view(game)
