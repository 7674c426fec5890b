"""``aos legal --json`` gives every legal action the figures its line of ``aos legal`` shows: a cost ($N), an
income (+N), a number of links, the engine an upgrade reaches, in the action's ``info`` (or the action itself:
a bid's amount). Checked on every map, in random games, for every action kind they reach, the maps' own kinds
(oil and steam deliveries, Heavy Lifting, discs, stations, excavations, special links, money taken) included."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.engine import actions
from ageofsteam.engine.actions import CHANCE, Action
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.words.choices import Choice, legal_choices, legal_json
from tests.cli.conftest import aos

# a figure in a listing line: money ($3), income (+2), links (2 links), the engine an upgrade reaches (engine to 3)
FIGURE = re.compile(r"\$(\d+)|\+(\d+)|\b(\d+) links?\b|engine to (\d+)")
AMOUNT_RANGE = re.compile(r"\$?\d+(?:–\$?\d+)?")
SEEDS = range(10)  # random games per map, until each action kind has been checked CHECKS times
CHECKS = 3


def figures(text: str) -> set[int]:
    return {int(next(g for g in m.groups() if g is not None)) for m in FIGURE.finditer(text)}


def numbers(value: Any) -> set[int]:
    """Every whole number in a JSON value."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(numbers(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(numbers(v) for v in value))
    return set()


def lines(choices: list[Choice]) -> Iterator[tuple[str, Action]]:
    """Each legal action with the text of its own line in the listing (an amount: its group's line, the range
    of amounts replaced by its own)."""
    for c in choices:
        if c.action is not None:
            yield c.label, c.action
        for n, a in c.amounts.items():
            money = "$" if "$" in AMOUNT_RANGE.search(c.label).group() else ""
            yield AMOUNT_RANGE.sub(f"{money}{n}", c.label, count=1), a
        yield from lines(c.children)


def check_position(game: Game) -> list[str]:
    """The kinds of the legal actions checked here; an AssertionError names an action missing a figure."""
    info = {json.dumps(e["action"], sort_keys=True): e.get("info") for e in legal_json(game)}
    for text, action in lines(legal_choices(game)):
        data = action.to_json()
        facts = info[json.dumps(data, sort_keys=True)]
        missing = figures(text) - numbers(facts) - numbers(data)
        assert not missing, f"{game.record.map}: {text!r} names {sorted(missing)}, not in {facts} ({data})"
        if "income" in text:
            assert facts is not None and {"path", "income"} <= set(facts), f"{text!r}: {facts}"
    return [a.kind for a in game.legal_actions()]


def own_kinds(map_id: str) -> set[str]:
    """The action kinds its phases accept beyond the base game's (those of ``ageofsteam.engine.actions``)."""
    rules = load_rules(map_id)
    kinds = {c for p in rules.phases for c in getattr(p, "accepts", ())}
    return {c.kind for c in kinds if c.__module__ != actions.__name__ and not c.is_chance}


@pytest.mark.parametrize("map_id", map_ids())
def test_every_figure_of_the_legal_listing_is_in_the_json_info(map_id):
    lo, hi = load_rules(map_id).player_counts()
    checked: Counter[str] = Counter()
    for seed in SEEDS:
        game = Game.new(map_id, players=min(hi, max(lo, 4)), seed=seed)
        bot, rng = RandomBot(), random.Random(seed)
        while not game.over:
            if game.state.to_move != CHANCE and any(checked[a.kind] < CHECKS for a in game.legal_actions()):
                checked.update(set(check_position(game)))
            game.apply(bot.choose(game, rng))
        if all(checked[k] >= CHECKS for k in own_kinds(map_id)):
            break
    assert own_kinds(map_id) <= set(checked), f"never legal in {len(SEEDS)} random games: {own_kinds(map_id)}"


def test_aos_legal_json_gives_a_special_link_the_cost_its_line_shows(tmp_path):
    """Detroit's river crossings for the Engineer, whose first build is free: "($0, one build)"."""
    game = Game.new("detroit-bankruptcy", players=1, seed=7)
    game.apply(game.legal_actions()[2])  # 2 shares: $10
    engineer = next(a for a in game.legal_actions() if a.to_json().get("action") == "engineer")
    game.apply(engineer)
    path = tmp_path / "game.json"
    game.save(path)
    text = aos("legal", path)
    assert text.exit_code == 0 and "build the bridge Downtown Detroit–Windsor over P12 ($0, one build)" in text.output
    entries = json.loads(aos("legal", path, "--json").output)
    links = {e["action"]["link"]: e["info"] for e in entries if e["action"]["kind"] == "build_link"}
    assert {lid: info["cost"] for lid, info in links.items()} == dict.fromkeys(links, 0)
    assert all(info["title"] for info in links.values())
