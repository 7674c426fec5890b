"""Actions are read strictly: exact JSON types, no unknown fields, hex labels in capitals."""

from __future__ import annotations

import pytest

from ageofsteam import BadInput
from ageofsteam.engine.actions import Build, Deliver, parse_action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "issue_shares", "player": 0, "count": True}, "field 'count': must be a whole number, not true"),
        ({"kind": "issue_shares", "player": 0, "count": "1"}, "field 'count': must be a whole number, not \"1\""),
        ({"kind": "issue_shares", "player": 0, "count": 1.0}, "field 'count': must be a whole number, not 1.0"),
        ({"kind": "issue_shares", "player": True, "count": 1}, "field 'player': must be a whole number, not true"),
        ({"kind": "build", "player": 0, "hex": "L7", "tile": "straight", "rotation": "2"}, "field 'rotation'"),
        ({"kind": "build", "player": 0, "hex": 7, "tile": "straight", "rotation": 2}, "field 'hex': must be text"),
        ({"kind": "deliver", "player": 0, "city": "L7", "colour": "red", "links": "ab"}, "field 'links': must be a"),
        ({"kind": "skip_move", "player": 0, "why": "tired"}, "field 'why': no such field (the fields are: player)"),
        ({"kind": "issue_shares", "player": 0}, "field 'count': is missing"),
    ],
)
def test_an_action_with_a_wrong_type_or_an_unknown_field_is_refused_naming_the_field(data, words):
    with pytest.raises(BadInput) as refused:
        parse_action(data)
    assert words in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_hex_label_is_read_in_any_case_and_stored_as_printed():
    build = parse_action({"kind": "build", "player": 0, "hex": " l7", "tile": "straight", "rotation": 2})
    assert build == Build(0, "L7", "straight", 2)
    assert build.to_json()["hex"] == "L7"
    deliver = parse_action({"kind": "deliver", "player": 0, "city": "q12", "colour": "red", "links": ["x"]})
    assert deliver == Deliver(0, "Q12", "red", ("x",))


def test_the_json_form_of_every_action_reads_back_to_the_same_action():
    from ageofsteam import Game

    game = Game.new("rust-belt", players=3, seed=2)
    for action in game.legal_actions():
        assert parse_action(action.to_json()) == action
