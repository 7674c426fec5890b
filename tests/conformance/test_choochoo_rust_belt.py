"""choochoo.games game 2692 on Rust Belt (5 players, 7 rounds, 258 actions), replayed in lock-step.

Every recorded action goes through our engine, and after every one of them every figure choochoo's snapshot
holds is compared with ours, exactly; the round ends and final standings are compared with choochoo's own
transcript. Where the two engines keep a figure differently, or choochoo's rules differ from the digest
(``shared/rules/base-rules.md``), the test names it, quotes the digest, and pins exactly where it applies.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from ageofsteam.bots import RandomBot
from ageofsteam.conformance.choochoo import feed, start, translate
from ageofsteam.conformance.lockstep import (
    compare,
    compare_transcript,
    parse_transcript,
    unfinished_sections,
)
from ageofsteam.engine.actions import SelectAction, Urbanize, parse_action
from ageofsteam.engine.errors import IllegalAction
from ageofsteam.engine.game import Game
from ageofsteam.engine.record import Record
from ageofsteam.rules.base import BaseRules
from tests.conformance.choochoo_states import recording
from tests.conformance.conftest import DATA, files_of

FILES = files_of("rust-belt-2692")


def test_every_recorded_action_translates_and_is_legal_here(cc, translation):
    record, _ = cc
    assert translation.failure is None
    assert len(record["actions"]) == 258
    assert [s.index for s in translation.steps] == list(range(259))
    # the record stands alone: it replays to the end with the same chance outcomes
    game = Game.from_record(Record.loads(translation.record.dumps()))
    assert game.over
    kinds = Counter(a["kind"] for a in translation.record.actions)
    assert kinds["roll"] == 7 and kinds["setup"] == 1 and kinds["player_order"] == 1


def test_every_figure_is_equal_after_every_action(report):
    assert report.ok, report.summary()
    assert report.compared == 259  # the setup and each of the 258 actions
    # Every named conversion and disagreement, and how many compared figures it touched; nothing else.
    assert report.applied == Counter(
        {
            "auction payment timing": 13,  # a dropped-out player's payment, due at the auction's end here
            "eliminated player's action": 11,  # red's Locomotive, snapshots 93–103
            "score counts unfinished track": 400,  # player-states owning unfinished track (choochoo counts it)
            "urbanization timing": 10,  # snapshots between our New City and choochoo's late one
        }
    )


def test_choochoos_forced_follow_ups_are_taken_by_our_engine_too(cc, translation):
    """A player at 15 shares, a player who cannot bid, a build ending below $2: choochoo acts for them, and so
    does our engine, so none is fed (and none had to be inserted); the lock-step comparison of who is to move
    after each of these actions shows both engines then wait for the same player."""
    record, _ = cc
    forced = [
        (a["index"], f["player"], f["actionName"]) for a in record["actions"] for f in a.get("forcedFollowUps", [])
    ]
    assert forced == [
        (195, "pink", "done"),
        (225, "pink", "done"),
        (236, "purple", "takeShares"),
        (239, "purple", "pass"),
        (240, "yellow", "pass"),
        (246, "purple", "done"),
        (246, "pink", "done"),
        (248, "brown", "done"),
    ]
    assert not [s.index for s in translation.steps if "forced" in s.note]


def test_round_ends_and_final_standings_equal_the_transcript(cc, translation):
    _, snapshots = cc
    text = (DATA / FILES[2]).read_text(encoding="utf-8")
    transcript = parse_transcript(text)
    assert sorted(transcript.rounds) == list(range(1, 8))
    assert all(len(lines) == 5 for lines in transcript.rounds.values())
    assert compare_transcript(translation, snapshots, text) == []
    final = [(line.colour, line.score) for line in transcript.final]
    assert final == [("brown", 57), ("pink", 54), ("yellow", 50), ("purple", 42), ("red", None)]


def test_final_scores_agree_without_any_conversion(report, translation):
    """At the end choochoo releases unfinished track, so its score is the digest's (§3) score exactly."""
    g = report.game.state
    assert g.over
    net = g.network
    assert all(unfinished_sections(net, p.seat) == 0 for p in g.players)
    scores = {translation.colours[s]: v for s, v in g.rules.standings(g)}
    assert scores == {"brown": 57, "pink": 54, "yellow": 50, "purple": 42, "red": None}


# --- where choochoo's rules differ from the digest -------------------------------------------------------


def test_disagreement_urbanization_after_building(cc, translation):
    """Digest §III: Urbanization acts "at the start of own build, before building any track"; §IV.7: the
    holder "places any one remaining New City tile on any Town hex, before laying track".

    choochoo let four players urbanize after building (actions 26, 118, 152, 188). Each of these is refused
    here at the moment choochoo took it; the import places that New City at the start of the same build turn
    instead, and every figure then agrees (the lock-step test; in between, choochoo's snapshots are compared
    with the New City already on the board).
    """
    _, snapshots = cc
    late = {d.index: d for d in translation.deviations}
    assert [(d.kind, d.index, d.moved_to, d.detail["hex"], d.detail["letter"]) for d in translation.deviations] == [
        ("urbanize_late", 26, 23, "N5", "E"),
        ("urbanize_late", 118, 115, "K12", "D"),
        ("urbanize_late", 152, 150, "G4", "C"),
        ("urbanize_late", 188, 186, "H7", "B"),
    ]
    hoisted = {
        json.dumps(Urbanize(d.detail["player"], d.detail["hex"], d.detail["letter"]).to_json()) for d in late.values()
    }
    for index, dev in late.items():
        assert snapshots[index]["urbanized"], "choochoo accepted it"
        # replay choochoo's order: everything before action ``index``, without our early urbanization
        game = start(translation.record)
        for step in translation.steps:
            if step.index >= index:
                break
            for data in step.actions:
                if step.index >= dev.moved_to and json.dumps(data) in hoisted:
                    continue
                feed(game, data)
        urbanize = Urbanize(dev.detail["player"], dev.detail["hex"], dev.detail["letter"])
        # 26, 118: three builds and no urbanization pending ended the build turn; 152, 188: builds were made
        with pytest.raises(IllegalAction, match=r"turn, not|before laying any track"):
            game.apply(urbanize)


def test_disagreement_eliminated_player_keeps_no_action(cc, report):
    """Digest §VII: an eliminated player's disks are removed "from all displays (player order, actions, and so
    on)". choochoo keeps red's Locomotive after red's bankruptcy (action 93) until the next Select Actions."""
    _, snapshots = cc
    kept = [
        s["index"]
        for s in snapshots
        if any(p["colour"] == "red" and p["outOfGame"] and p["action"] for p in s["players"])
    ]
    assert kept == list(range(93, 104))
    red = next(p for p in report.game.state.players if p.name == "red")
    assert red.eliminated and red.action is None


# --- choices the README lists as choochoo's own: the recorded game never depends on them -----------------


def test_turn_order_pass_is_only_used_with_more_than_two_bidders(translation):
    """choochoo refuses the Turn Order pass with two bidders left; house ruling 1 allows it. Both uses in
    this game came with more bidders, so they are legal in both; the lock-step comparison of who is to move
    shows that no forced drop-out differed either."""
    game = start(translation.record)
    uses = []
    for step in translation.steps:
        for data in step.actions:
            if data["kind"] == "turn_order_pass":
                uses.append((step.index, len(game.state.auction.bidders)))
            feed(game, data)
    assert uses == [(55, 5), (101, 4)]


def test_the_20_ownership_disks_never_bind(cc):
    """choochoo limits each player to 20 ownership markers; house ruling 7 does not. No player came close
    (their counts equal ours after every action: the ``markers`` figure of the lock-step comparison)."""
    _, snapshots = cc
    assert max(p["trackMarkers"] for s in snapshots for p in s["players"]) == 10


def test_first_shares_at_setup_are_our_starting_figures(cc):
    """choochoo takes the first two shares at setup; the digest (§1.2) starts every player with 2 issued
    shares and $10, which is the same position."""
    _, snapshots = cc
    start_figures = {(p["money"], p["income"], p["shares"], p["loco"]) for p in snapshots[0]["players"]}
    assert start_figures == {(BaseRules.STARTING_CASH, 0, BaseRules.STARTING_SHARES, BaseRules.STARTING_ENGINE)}


def test_goods_growth_rolls_one_die_per_starting_player_after_a_bankruptcy(translation):
    """Both engines roll 5 dice per half in every round, also after red's bankruptcy in round 2 (§IX)."""
    rolls = [parse_action(d) for d in translation.record.actions if d["kind"] == "roll"]
    assert [(len(r.light), len(r.dark)) for r in rolls] == [(5, 5)] * 7


def test_no_heavy_lifting_on_rust_belt(cc):
    """The heavy-lifting distance choice is Heavy Cardboard's; Rust Belt has Production instead."""
    record, _ = cc
    assert not [a for a in record["actions"] if a["actionName"] == "heavy-lifting"]


# --- the comparer itself -------------------------------------------------------------------------------


def test_the_first_difference_is_reported_with_its_figure_values_and_rule(cc, translation):
    record, snapshots = cc
    changed = copy.deepcopy(snapshots)
    changed[100]["players"][2]["money"] += 1  # purple, during round 3's auction
    changed[120]["players"][0]["score"] += 1
    diff = compare(translation, record, changed).first
    assert diff is not None
    assert (diff.index, diff.figure, diff.ours, diff.theirs) == (100, "purple.money", 11, 12)
    assert diff.rule == "auction payment (§II)"


def test_cli_import_writes_a_record_that_replays(tmp_path):
    typer = pytest.importorskip("typer")
    from typer.testing import CliRunner

    from ageofsteam.cli.import_cmd import app as import_app

    root = typer.Typer()
    root.callback()(lambda: None)
    root.add_typer(import_app, name="import")
    out = tmp_path / "game.json"
    result = CliRunner().invoke(root, ["import", "choochoo", str(DATA / FILES[0]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "every figure equal" in result.output
    assert Game.load(out).over


def test_aos_replay_table_equals_the_transcript(tmp_path):
    """`aos replay` on the imported game prints, round by round, the transcript's money, income, shares and
    engine, and its final standings exactly.

    Named disagreement: choochoo's running score (rounds 1–6) also counts track sections in owned unfinished
    sections; the digest (§3) scores "track sections in the player's Completed Railroad Links" only
    ("Track in unfinished sections scores 0"). So for those rounds the transcript's score equals ours plus the
    player's unfinished sections at that moment; at the end the two agree without any conversion.
    """
    from typer.testing import CliRunner

    from ageofsteam.cli.main import app

    record = tmp_path / "game.json"
    runner = CliRunner()
    assert runner.invoke(app, ["import", "choochoo", str(DATA / FILES[0]), "-o", str(record)]).exit_code == 0
    result = runner.invoke(app, ["replay", str(record), "--json"])
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    transcript = parse_transcript((DATA / FILES[2]).read_text(encoding="utf-8"))
    full = Record.load(record)
    rounds = table["rounds"]
    assert [r["turn"] for r in rounds] == sorted(transcript.rounds)
    assert [r["final"] for r in rounds] == [False] * 6 + [True]
    for row in rounds:
        expected = {line.colour: line for line in transcript.rounds[row["turn"]]}
        at = Game.from_record(full.model_copy(update={"actions": full.actions[: row["after_action"]]}))
        for p in row["players"]:
            line = expected[p["name"]]
            assert (p["cash"], p["income"], p["shares"], p["engine"]) == (
                line.money,
                line.income,
                line.shares,
                line.loco,
            ), (row["turn"], p["name"])
            if line.score is None:
                assert p["eliminated"]
            else:
                unfinished = 0 if row["final"] else unfinished_sections(at.state.network, p["seat"])
                assert p["score"] + unfinished == line.score, (row["turn"], p["name"])
    names = {p["seat"]: p["name"] for p in rounds[-1]["players"]}
    standings = [(names[s["seat"]], s["score"]) for s in table["standings"]]
    assert standings == [(line.colour, line.score) for line in transcript.final]


def test_a_production_with_no_open_display_box_draws_nothing_in_choochoo_and_is_our_draw_put_back():
    """Game 2692 has no Production; this one (ours, in choochoo's format: ``choochoo_states.py``) has one in
    turn 1, when every display box is full. choochoo forfeits it and records no draw; our engine draws two cubes
    and puts them back at once. The import draws the bag's first cubes and the bag ends as it was."""
    game = Game.new("rust-belt", players=3, seed=4)
    assert all(c is not None for boxes in game.state.display.values() for c in boxes)
    bot, rng = RandomBot(), random.Random(4)
    while game.state.turn < 2:
        g = game.state
        if g.phase == "select_actions" and not any(p.action == "production" for p in g.players):
            game.apply(SelectAction(g.to_move, "production"))
        else:
            game.apply(bot.choose(game, rng))
    export = recording(game)
    drawn = [s for s in export.snapshots if "productionDraw" in s.get("chance", {})]
    assert len(drawn) == 1  # turn 1's goods growth: the display still full
    del drawn[0]["chance"]["productionDraw"]  # as choochoo records it
    record, snapshots = json.loads(json.dumps(export.record)), json.loads(json.dumps(export.snapshots))
    translation = translate(record, snapshots)
    assert translation.failure is None, translation.failure
    step = translation.steps[drawn[0]["index"]]
    assert "no open display box" in step.note
    assert [a["kind"] for a in step.actions[-2:]] == ["draw", "roll"]
    back = start(translation.record)
    for s in translation.steps[: step.index]:
        for data in s.actions:
            feed(back, data)
    bag = dict(back.state.bag)
    for data in step.actions:
        feed(back, data)
        if data["kind"] == "draw":
            assert back.state.bag == bag  # the cubes went straight back
    report = compare(translation, record, snapshots)
    assert report.ok, report.summary()
