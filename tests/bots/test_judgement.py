"""A map's judgement for the bots has a door of its own: ``maps/<map>/bots.py``, found by scanning as ``panel.py``
and ``draw.py`` are; the rules know nothing of bots."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ageofsteam
from ageofsteam.bots.judgement import BASE, Judgement, judgement, judgement_for
from ageofsteam.maps import catalogue, load_rules, map_ids

MAPS = Path(ageofsteam.__file__).parent / "maps"

# Plays a few actions of a game on every map (every map's rules loaded, the game driven by its first legal
# action, chance sampled by the game itself) and prints the modules of the bots then loaded.
PLAY_WITHOUT_BOTS = """
import json, pkgutil, sys, importlib
import ageofsteam.rules
for info in pkgutil.iter_modules(ageofsteam.rules.__path__, "ageofsteam.rules."):
    importlib.import_module(info.name)
from ageofsteam import Game
from ageofsteam.maps import load_rules, map_ids
for map_id in map_ids():
    rules = load_rules(map_id)
    game = Game.new(map_id, players=rules.player_counts()[0], seed=1)
    for _ in range(40):
        if game.over:
            break
        game.apply(game.legal_actions()[0])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("ageofsteam.bots") or m.endswith(".bots"))))
"""


def test_the_rules_of_every_map_load_and_play_without_loading_a_bot():
    src = str(Path(ageofsteam.__file__).parent.parent)
    out = subprocess.run(
        [sys.executable, "-c", PLAY_WITHOUT_BOTS],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": src, "PATH": ""},
    )
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize("map_id", map_ids())
def test_a_maps_rules_have_no_hook_for_the_bots(map_id: str):
    assert [name for name in dir(type(load_rules(map_id))) if name.startswith("bot_")] == []


@pytest.mark.parametrize("map_id", map_ids())
def test_a_maps_bots_file_is_found_by_scanning_and_gives_its_judgement(map_id: str):
    folder = catalogue()[map_id]
    rules = load_rules(map_id)
    found = judgement_for(rules)
    if (MAPS / folder / "bots.py").exists():
        module = sys.modules[f"ageofsteam.maps.{folder}.bots"]
        assert type(found) is module.Judgement
        assert found is not BASE
    else:
        assert found is BASE
    assert isinstance(found, Judgement)
    assert judgement_for(load_rules(map_id)) is found  # cached by the rules' class


def test_a_map_without_a_bots_file_is_judged_as_the_base_game():
    g = ageofsteam.Game.new("rust-belt", players=3, seed=0).state
    assert judgement(g) is BASE


def test_rules_derived_from_a_maps_rules_keep_that_maps_judgement():
    rules = load_rules("miami-2030")

    class Derived(type(rules)):  # type: ignore[misc]
        """A variant of Miami defined outside the maps (as a test or a house rule might)."""

    assert type(judgement_for(Derived(rules.map))) is type(judgement_for(rules))
