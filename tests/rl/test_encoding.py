"""The action encoding round-trips: in seeded games of every map, every legal action has exactly one path of
indices, that path leads back to it, every index the mask opens leads to a legal action, and the game is played
through those indices alone."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from ageofsteam.bots import bot
from ageofsteam.engine.actions import Action
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.maps import load_rules, map_ids
from ageofsteam.rl.encoding import KNOWN_LIMIT, LINK_SLOTS, Decision, KnownActions, Node
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

    map_id = next(m for m in map_ids() if "bid" in spaces(m).codec.single)
    table = Table(map_id, None, 1)
    codec, g = table.codec, table.state
    fine = [Bid(0, 3), Bid(0, 4)]
    assert sorted(codec.decision(g, fine).root.leaves) == sorted(codec.field_steps(a)[0] for a in fine)
    with pytest.raises(EncodingError, match="share the index"):
        codec.decision(g, [*fine, Bid(0, 3)])  # an equal action again: the index of the first
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


def shape(node: Node) -> object:
    """A tree as plain data: each index → its action (by identity), route stop, done index and subtree."""
    return (
        id(node.action) if node.action is not None else None,
        node.done,
        node.stop,
        {s: id(a) for s, a in node.leaves.items()},
        {s: shape(child) for s, child in node.children.items()},
    )


@pytest.mark.parametrize("limit", [KNOWN_LIMIT, 300])
def test_actions_known_by_identity_give_the_same_tree(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """A codec that knows actions by identity (the engine lists a hex's builds from its memory, the same
    objects again) builds, for every position of a seeded random game of every map, the tree that a codec
    knowing nothing builds, also when its knowledge fills up and starts afresh (``limit``)."""
    from ageofsteam.rl import encoding
    from ageofsteam.rl.table import _spaces

    monkeypatch.setattr(encoding, "KNOWN_LIMIT", limit)
    known = 0
    for map_id in map_ids():
        table = Table(map_id, None, 4)
        rng = random.Random(map_id)
        forgetful = _spaces.__wrapped__(map_id, "{}").codec
        for _ in range(120):
            if table.over:
                break
            g = table.state
            legal = g.rules.legal_actions(g)
            forgetful.known = KnownActions()
            cold = shape(forgetful.decision(g, legal).root)
            known += sum(id(a) in table.codec.known.table[0] for a in legal)
            assert shape(table.codec.decision(g, legal).root) == cold, map_id
            assert shape(table.codec.decision(g, legal).root) == cold, map_id  # once more: now known
            table.step(rng.choice(table.legal()))
    assert known > 1000  # the builds, at least, were known


def test_a_shared_index_is_refused_also_among_known_actions() -> None:
    from ageofsteam.engine.actions import Bid
    from ageofsteam.rl.encoding import EncodingError

    map_id = next(m for m in map_ids() if "bid" in spaces(m).codec.single)
    table = Table(map_id, None, 1)
    codec, g = table.codec, table.state
    fine = [Bid(0, 3), Bid(0, 4)]
    for _ in range(3):  # known by identity after the first
        assert sorted(codec.decision(g, fine).root.leaves) == sorted(codec.field_steps(a)[0] for a in fine)
    with pytest.raises(EncodingError, match="share the index"):
        codec.decision(g, [*fine, Bid(0, 3)])
    with pytest.raises(EncodingError, match="share the index"):
        codec.decision(g, [Bid(0, 3), *fine])


@pytest.mark.parametrize("limit", [KNOWN_LIMIT, 300])
def test_build_listings_indexed_a_hex_at_a_time_give_the_same_tree(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """In seeded random games of every map, a listing recorded with its parts (RecordListings) is the listing
    made without recording, its parts concatenate to the builds it lists, and they end the legal actions; the
    codec indexing such a listing a hex at a time (and the other lists by their fields once their kind is
    judged listed afresh) builds the tree a codec knowing nothing builds, also when its knowledge fills up."""
    from ageofsteam.rl import encoding
    from ageofsteam.rl.encoding import KnownLists
    from ageofsteam.rl.table import _spaces
    from ageofsteam.rules.build_listing import Cut, RecordListings

    monkeypatch.setattr(encoding, "KNOWN_LIMIT", limit)
    monkeypatch.setattr(encoding, "KNOWN_LISTS_LIMIT", limit)
    monkeypatch.setattr(encoding, "LEARN_TRIAL", 5)  # kinds judged soon: their lists read from their fields
    recorded_parts = known_parts = direct = cut_flat = 0
    for map_id in map_ids():
        table = Table(map_id, None, 5)
        codec = table.codec
        rng = random.Random(f"{map_id}/parts")
        forgetful = _spaces.__wrapped__(map_id, "{}").codec
        for _ in range(150):
            if table.over:
                break
            g = table.state
            with RecordListings() as recorded:
                legal = g.rules.legal_actions(g)
            assert legal == g.rules.legal_actions(g), map_id  # the same listing when not recording
            if recorded:
                ((listing, parts),) = recorded
                whole = [a for p in parts for a in p.actions]  # type: ignore[attr-defined]
                assert len(whole) == len(listing) and all(a is b for a, b in zip(whole, listing, strict=True))
                assert legal[len(legal) - len(listing) :] == listing
                recorded_parts += len(parts)
                known_parts += sum(p in codec.known_lists.table for p in parts)
            direct += not recorded and codec.direct(legal) is not None
            forgetful.known, forgetful.known_lists = KnownActions(), KnownLists()
            cold = shape(forgetful.decision(g, legal).root)
            assert shape(codec.decision(g, legal, recorded).root) == cold, map_id
            again = codec.decision(g, legal, recorded)  # once more: now known
            assert shape(again.root) == cold, map_id
            cut_flat += again.flat is not None and any(isinstance(p, Cut) for _, parts in recorded for p in parts)
            table.step(rng.choice(table.legal()))
    assert known_parts > 1000 and known_parts == recorded_parts  # every hex's list known: the table met it first
    assert direct > 200  # lists read from their fields
    assert cut_flat > 5  # listings with builds the resources cut short, kept flat


def test_a_build_turn_kept_flat_opens_and_takes_what_its_tree_does() -> None:
    """At every position of seeded random games of every map whose decision the table keeps flat (a build
    turn's listing): the open indices are the tree's first indices in increasing order and the mask opens
    exactly them; each open index's action, found without the tree, is the tree's leaf there; an index not
    open finds nothing and is refused as the tree refuses it."""
    flat = 0
    for map_id, seed in itertools.product(map_ids(), range(3)):
        table = Table(map_id, None, seed)
        rng = random.Random(f"{map_id}/flat/{seed}")
        for _ in range(150):
            if table.over:
                break
            decision = table.decision
            if decision.flat is not None:
                flat += 1
                opened = table.open_indices().tolist()
                found = [decision.leaf(i) for i in opened]  # before the tree is made
                leaves = decision.root.leaves
                assert opened == sorted(leaves), map_id
                assert all(a is leaves[i] for i, a in zip(opened, found, strict=True)), map_id
                assert np.flatnonzero(table.mask()).tolist() == opened, map_id
                closed = next(i for i in range(table.codec.size) if i not in leaves)
                assert decision.leaf(closed) is None and decision.leaf(-1) is None
                with pytest.raises(IllegalAction, match="is not legal now"):
                    table.copy().step(closed)
            table.step(rng.choice(table.legal()))
    assert flat > 30


def test_a_listing_cut_short_is_indexed_alike_known_and_from_the_fields() -> None:
    """A build turn's listing where the cash cuts some hexes' builds short gets the same indices, action by
    action, from a codec knowing nothing (read from the fields), from one that has met it (the cut lists known
    by the objects themselves) and from one that has forgotten the lists (read from their fields again). The
    build turns of seeded random games, listed again with the player's cash cut."""
    from ageofsteam.rl.encoding import KnownLists
    from ageofsteam.rl.table import _spaces
    from ageofsteam.rules.build_listing import Cut, RecordListings

    cut = headed = 0
    for map_id, seed in itertools.product(map_ids(), range(2)):
        table = Table(map_id, None, seed)
        codec = table.codec
        rng = random.Random(f"{map_id}/cut/{seed}")
        forgetful = _spaces.__wrapped__(map_id, "{}").codec
        for _ in range(150):
            if table.over:
                break
            if table.decision.flat is not None:
                g = table.state.copy()
                g.players[g.to_move].cash = rng.randint(0, 12)  # type: ignore[index]
                with RecordListings() as recorded:
                    legal = g.rules.legal_actions(g)
                if recorded and any(isinstance(p, Cut) for p in recorded[0][1]):
                    forgetful.known, forgetful.known_lists = KnownActions(), KnownLists()
                    cold = forgetful.flat(legal, recorded)  # type: ignore[arg-type]
                    assert cold is not None
                    codec.flat(legal, recorded)  # type: ignore[arg-type]
                    assert codec.flat(legal, recorded).tolist() == cold.tolist(), map_id  # type: ignore[arg-type, union-attr]
                    codec.known_lists = KnownLists()  # the lists forgotten
                    assert codec.flat(legal, recorded).tolist() == cold.tolist(), map_id  # type: ignore[arg-type, union-attr]
                    cut += 1
                    headed += len(legal) > len(recorded[0][0])
            table.step(rng.choice(table.legal()))
    assert cut > 10 and headed > 5  # listings cut short, most after other actions (an end, an urbanization)


def test_a_flat_decision_finds_an_index_only_where_an_index_starts() -> None:
    """A flat decision finds an index's action in its packed indices only at a whole index: the bytes of 1280
    then 256 hold those of 5 one byte in, which is not 5."""
    import struct

    from ageofsteam.rl.encoding import Decision

    codec = Table("rust-belt", None, 0).codec
    d = Decision.__new__(Decision)
    d.codec, d._root = codec, None
    d._legal = ["first", "second", "third"]  # type: ignore[list-item]
    d._at = np.frombuffer(struct.pack("=3q", 1280, 256, 5), dtype=np.int64)
    assert [d.leaf(i) for i in (1280, 256, 5)] == ["first", "second", "third"]
    d._legal, d._at = d._legal[:2], d._at[:2].copy()
    assert d.leaf(5) is None and d.leaf(1) is None and d.leaf(codec.size) is None
