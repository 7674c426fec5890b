"""The action encoding round-trips: in seeded games of every map, every legal action has exactly one path of
indices, that path leads back to it, every index the mask opens leads to a legal action, and the game is played
through those indices alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ageofsteam.bots import bot
from ageofsteam.engine.actions import Action
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rl.encoding import LINK_SLOTS, Decision, Node
from ageofsteam.rl.table import Table, spaces


def leaves(decision: Decision) -> list[Action]:
    """Every action the tree holds, one per path."""
    out: list[Action] = []
    stack: list[Node] = [decision.root]
    while stack:
        node = stack.pop()
        out += node.leaves.values()
        if node.action is not None:
            out.append(node.action)
        stack += node.children.values()
    return out


def check_position(table: Table, seen: Counter[str]) -> None:
    """Every legal action of the position round-trips through its indices, and nothing else is in the tree."""
    g = table.state
    legal = g.rules.legal_actions(g)
    decision = table.decision
    held = leaves(decision)
    assert len(held) == len(legal) and set(held) == set(legal), "the tree holds each legal action exactly once"
    first = set(table.legal())
    for a in legal:
        steps = table.indices_of(a)
        assert steps[0] in first
        assert decision.follow(steps) == a
        assert decision.follow(steps[:-1]) is None or len(steps) == 1
        for s in steps:
            assert 0 <= s < table.codec.size
        seen[f"{a.kind}/{len(steps)}"] += 1
    mask = table.mask()
    assert mask.sum() == len(first) and all(mask[i] == 1 for i in first)


def play_through_indices(map_id: str, players: int, seed: int, level: str, seen: Counter[str]) -> int:
    """A game whose every decision, taken by a bot, is played as its indices on the table; returns the number
    of decisions. Each step of a route but the last leaves the decision under way and the seat unchanged."""
    table = Table(map_id, players, seed)
    chooser, rng = bot(level), random.Random(seed)
    decisions = 0
    while not table.over:
        check_position(table, seen)
        action = chooser.choose(table.game, rng)
        steps = table.indices_of(action)
        seat = table.to_move
        for s in steps[:-1]:
            assert table.step(s) is None
            assert table.to_move == seat and table.under_way
            assert set(table.legal()) == set(table.decision.mask_of(table.node))
        assert table.step(steps[-1]) == action
        decisions += 1
    return decisions


@pytest.mark.parametrize("map_id", map_ids())
def test_random_game_round_trips(map_id: str) -> None:
    lo, _ = load_rules(map_id).player_counts()
    seen: Counter[str] = Counter()
    assert play_through_indices(map_id, lo, 11, "random", seen) > 10
    assert len({k.split("/")[0] for k in seen}) >= 5, f"few kinds of decision met: {sorted(seen)}"


@pytest.mark.slow
@pytest.mark.parametrize("map_id", map_ids())
def test_bot_games_round_trip_at_every_size(map_id: str) -> None:
    """The steady bot at the map's smallest and largest player counts (it builds networks, so its games hold
    the long deliveries) and the random bot at the largest."""
    lo, hi = load_rules(map_id).player_counts()
    seen: Counter[str] = Counter()
    for players, level in ((lo, "steady"), (hi, "steady"), (hi, "random")):
        play_through_indices(map_id, players, 6, level, seen)
    assert any(k.startswith("deliver") and int(k.split("/")[1]) >= 3 for k in seen), "a delivery of 2+ links"


def test_a_route_that_could_go_on_ends_with_done() -> None:
    """Somewhere in a steady game, a delivery ends at a stop from which it could go on: its path ends with the
    kind's ``done`` index, and that index is open only there."""
    for seed in range(20):
        table = Table("iceland", 4, seed)
        chooser, rng = bot("steady"), random.Random(seed)
        while not table.over:
            for a, steps in table.decision.paths.items():
                full = table.indices_of(a)
                if len(full) > len(steps):
                    done = table.codec.layouts[a.kind].done
                    assert done is not None and full[-1] == done.offset
                    probe = table.copy()
                    for s in steps:
                        probe.step(s)
                    assert done.offset in probe.legal() and probe.under_way
                    assert probe.step(done.offset) == a
                    return
            table.play(chooser.choose(table.game, rng))
    pytest.fail("no delivery that could go on in 20 steady games of Iceland")


def test_spaces_are_fixed_per_map() -> None:
    """The action space of a map does not depend on the player count or the game."""
    a = Table("rust-belt", 3, 1).codec
    b = Table("rust-belt", 6, 2).codec
    assert a is b and a.size == spaces("rust-belt").codec.size
    assert [(x.kind, x.part, x.offset, x.size) for x in a.blocks][:3] == [
        (x.kind, x.part, x.offset, x.size) for x in b.blocks
    ][:3]


def test_indices_say_what_they_mean() -> None:
    codec = spaces("rust-belt").codec
    build = codec.layouts["build"].groups[0]
    assert codec.describe(build.offset) == f"build hex={codec.hexes[0]} tile={build.domains[1][0]} rotation=0"
    link = codec.layouts["deliver"].link
    assert link is not None and link.size == len(codec.hexes) * LINK_SLOTS
    assert codec.describe(link.offset + LINK_SLOTS + 2) == f"deliver: a link to {codec.hexes[1]} (slot 2)"
    with pytest.raises(IllegalAction, match="outside the action space"):
        codec.describe(codec.size)


def test_an_action_without_an_index_or_sharing_one_is_refused() -> None:
    from ageofsteam.engine.actions import Bid
    from ageofsteam.rl.encoding import BID_CAP, EncodingError

    map_id = next(m for m in map_ids() if "bid" in spaces(m).codec.layouts)
    table = Table(map_id, None, 1)
    codec, g = table.codec, table.state
    fine = [Bid(0, 3), Bid(0, 4)]
    assert sorted(codec.decision(g, fine).root.leaves) == sorted(codec.field_steps(a)[0] for a in fine)
    with pytest.raises(EncodingError, match="share the index"):
        codec.decision(g, [*fine, Bid(0, 3)])  # an equal action again: the index of the first
    with pytest.raises(EncodingError, match="share the index"):
        codec.decision(g, [Bid(0, 3), *fine])
    with pytest.raises(EncodingError, match="no index"):
        codec.decision(g, [*fine, Bid(0, BID_CAP + 1)])


def test_actions_of_several_field_blocks_end_at_their_steps() -> None:
    """A kind decided in several indices (one block of fields, then another): actions sharing the first block
    share its step and each ends at the steps of its own fields; an equal action again, or a value without an
    index, is refused."""
    import dataclasses

    from ageofsteam.rl.encoding import EncodingError

    found = 0
    for map_id in map_ids():
        codec = spaces(map_id).codec
        g = Table(map_id, None, 1).state
        for layout in codec.layouts.values():
            if len(layout.groups) < 2 or layout.link is not None:
                continue
            last = layout.groups[-1].fields[-1]
            made = []
            for pick in (0, 1, 0):  # the first value of every field, then the second of the last
                values: dict[str, object] = {"player": 0}
                for block in layout.groups:
                    for name, dom in zip(block.fields, block.domains, strict=True):
                        values[name] = dom[pick if name == last else 0]
                made.append(layout.cls(**values))
            a, b, again = made
            sa, sb = layout.steps(a, map_id), layout.steps(b, map_id)
            assert sa[:-1] == sb[:-1] and sa != sb
            decision = codec.decision(g, [a, b])
            assert list(decision.root.children) == [sa[0]] and not decision.root.leaves
            assert decision.follow(sa) is a and decision.follow(sb) is b
            with pytest.raises(EncodingError, match="share the indices"):
                codec.decision(g, [a, b, again])
            with pytest.raises(EncodingError, match="no index"):
                codec.decision(g, [a, dataclasses.replace(a, **{last: "nowhere"})])
            found += 1
    assert found >= 2  # the kinds of several blocks among the maps
