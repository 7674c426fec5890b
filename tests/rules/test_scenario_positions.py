"""A scenario is part of a record: it stays as saved, and its position is one that play can reach."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput, Game, view
from ageofsteam.maps import load_rules, map_ids
from tests.conftest import scenario


def test_a_scenario_naming_a_figure_the_map_does_not_keep_is_refused():
    with pytest.raises(BadInput, match=r"extra\.nested: this map keeps no such figure"):
        scenario("players = 3\n[extra]\nnested = { list = [1] }")


@pytest.mark.parametrize(
    ("track", "words"),
    [
        ('hex = "A0"\ntile = "straight"\nrotation = 0', "track #1 (A0): track may not point off the map at A0"),
        ('hex = "M8"\ntile = "straight"\nrotation = 0', "track #1 (M8): track may not point into the lake at K8"),
        ('hex = "L7"\ntile = "straight"\nrotation = 0', "track #1 (L7): no track can be on a city"),
    ],
)
def test_scenario_track_may_lie_and_point_only_where_play_could_lay_it(track: str, words: str):
    with pytest.raises(BadInput) as refused:
        scenario(f'players = 3\nphase = "build_track"\n[[track]]\n{track}')
    assert words in str(refused.value)


def test_scenario_track_pointing_to_a_city_a_town_or_open_ground_is_accepted():
    game = scenario('players = 3\nphase = "build_track"\n[[track]]\nhex = "M8"\ntile = "straight"\nrotation = 1')
    assert "M8" in {t["hex"] for t in view(game)["track"]}


@pytest.mark.parametrize("map_id", map_ids())
def test_a_new_record_names_the_version_of_its_maps_rules(map_id: str):
    rules = load_rules(map_id)
    game = Game.new(map_id, players=rules.player_counts()[0], seed=1)
    assert game.record.rules_version == rules.RULES_VERSION


def test_a_record_of_another_rules_version_is_refused_saying_so():
    game = Game.new("rust-belt", players=3, seed=1)
    other = game.record.model_copy(update={"rules_version": game.record.rules_version + 1})
    with pytest.raises(BadInput, match=r"recorded under version 2 of the Rust Belt rules; this engine plays version 1"):
        Game.from_record(other)
