"""Every game option of every map is explained to players in one sentence (shown in the lobby)."""

from __future__ import annotations

import pytest

from ageofsteam.maps import load_rules, map_ids


@pytest.mark.parametrize("map_id", map_ids())
def test_every_option_has_its_rule_in_one_sentence(map_id: str) -> None:
    rules = load_rules(map_id)
    for name in rules.OPTIONS:
        rule = rules.OPTION_RULES.get(name, "")
        assert rule.endswith(".") and rule[0].isupper(), (name, rule)
        assert ". " not in rule[:-1], f"{name}: one sentence, please: {rule}"
