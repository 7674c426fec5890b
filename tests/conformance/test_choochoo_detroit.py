"""Detroit Bankruptcy and its solo variant in choochoo's format.

No recorded choochoo game on Detroit exists, so these tests hold the exported board to the facts of choochoo's
Detroit map (its source, ``src/maps/detroit/grid.ts`` and ``settings.ts``: the columns of spaces, the cities,
towns and water, the two claimable river crossings, the two $6 inter-city connections; ``starter.ts``: $0 and
5 shares, one cube per display column) and check choochoo's transcript lines for Detroit, whose score is the
pair [rounds lasted, income] (``score=6/-9     OUT``).
"""

from __future__ import annotations

import json
import random
from math import ceil
from typing import Any

import pytest

from ageofsteam import Game
from ageofsteam.bots import RandomBot
from ageofsteam.conformance.choochoo import Translation, feed, start, translate
from ageofsteam.conformance.choochoo_export import Export, export_record
from ageofsteam.conformance.lockstep import Report, TranscriptLine, compare, compare_transcript, parse_transcript
from ageofsteam.maps.detroit.state import state
from tests.conformance.choochoo_states import (
    FREE_BRIDGE,
    NO_MONEY,
    URBANIZATION_UNUSED,
    act,
    insert_decision,
    recording,
    solo_game,
)

# choochoo's Detroit grid, column by column (q): the number of spaces and the special ones by their place in
# the column; a column starts lower by one row every two columns (startsLowerGrid: r = 8 - ceil(q / 2))
COLUMN_SIZES = [9, 10, 9, 10, 9, 10, 9, 10, 9, 10, 9, 10, 9, 10, 9]
SPECIAL: dict[tuple[int, int], tuple[str, str]] = {
    (0, 1): ("CITY", "Milford"),
    (0, 8): ("CITY", "Ypsilanti"),
    (1, 3): ("town", "Wixom"),
    (2, 4): ("CITY", "Novi"),
    (2, 7): ("town", "Canton"),
    (4, 1): ("WATER", ""),
    (5, 2): ("town", "Bloomfield"),
    (5, 6): ("town", "Livonia"),
    (5, 9): ("CITY", "Detroit Metro Airport"),
    (7, 0): ("CITY", "Pontiac"),
    (8, 2): ("town", "Birmingham"),
    (8, 4): ("CITY", "Southfield"),
    (8, 7): ("CITY", "Dearborn"),
    (9, 1): ("town", "Troy"),
    (11, 0): ("CITY", "Utica"),
    (11, 6): ("CITY", "Midtown Detroit"),
    (12, 3): ("town", "Warren"),
    (12, 6): ("CITY", "Downtown Detroit"),
    (12, 7): ("WATER", "bridge 8"),
    (12, 8): ("WATER", ""),
    (13, 7): ("WATER", "bridge 10"),
    (13, 8): ("CITY", "Windsor"),
    (14, 1): ("town", "Mt Clemens"),
    (14, 3): ("CITY", "St Clair Shores"),
    (14, 5): ("WATER", ""),
    (14, 6): ("WATER", ""),
    (14, 8): ("town", "Windsor Airport"),
}


def choochoo_grid() -> dict[tuple[int, int], tuple[str, str]]:
    out = {}
    for q, size in enumerate(COLUMN_SIZES):
        for i in range(size):
            out[(q, 8 - ceil(q / 2) + i)] = SPECIAL.get((q, i), ("PLAIN", ""))
    return out


def play(players: int, seed: int) -> Game:
    game = Game.new("detroit-bankruptcy", players=players, seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.over:
        game.apply(bot.choose(game, rng))
    return game


@pytest.fixture(scope="module")
def exported() -> dict[str, Any]:
    return export_record(Game.new("detroit-bankruptcy", players=3, seed=2).record).record


def test_the_board_is_choochoos_detroit_space_by_space(exported):
    assert exported["game"]["map"] == "detroit-bankruptcy" and not exported["game"]["variant"]
    ours = {}
    for s in exported["initialState"]["spaces"]:
        if s["type"] == "CITY":
            ours[(s["q"], s["r"])] = ("CITY", s["city"]["name"])
        elif "townName" in s:
            ours[(s["q"], s["r"])] = ("town", s["townName"])
        elif "tile" in s:
            ours[(s["q"], s["r"])] = (s["type"], f"bridge {s['tile']['claimableCost'][0]}")
        else:
            ours[(s["q"], s["r"])] = (s["type"], "")
    assert ours == choochoo_grid()


def test_the_river_crossings_are_claimable_curves_and_the_6_dollar_links_connections(exported):
    spaces = {(s["q"], s["r"]): s for s in exported["initialState"]["spaces"]}
    # grid.ts: from Downtown Detroit (12, 8) to Windsor (13, 9) over (12, 9) for $8 or over (13, 8) for $10
    assert [sorted(e) for e in spaces[(12, 9)]["tile"]["exits"]] == [["BOTTOM_RIGHT", "TOP"]]
    assert [sorted(e) for e in spaces[(13, 8)]["tile"]["exits"]] == [["BOTTOM", "TOP_LEFT"]]
    assert {s["tile"]["tileType"] for s in spaces.values() if "tile" in s} == {"CURVE"}
    assert exported["initialState"]["interCityConnections"] == [
        {"id": "1", "connects": [{"q": 11, "r": 8}, {"q": 12, "r": 8}], "cost": 6},  # Midtown – Downtown
        {"id": "2", "connects": [{"q": 13, "r": 9}, {"q": 14, "r": 9}], "cost": 6},  # Windsor – Windsor Airport
    ]


def test_no_money_five_shares_two_cubes_on_each_city_and_one_in_each_display_list(exported):
    init = exported["initialState"]
    assert {(p["money"], p["shares"]) for p in init["players"]} == {(0, 5)}
    cities = [s["city"] for s in init["spaces"] if s["type"] == "CITY"]
    assert {len(c["goods"]) for c in cities} == {2}
    assert {len(gr["display"]) for c in cities for gr in c["growth"]} == {1}
    assert {len(c["growth"][0]["display"]) for c in init["availableCities"]} == {1}


def test_the_solo_variant_is_the_map_with_one_player():
    export = export_record(play(1, 11).record)
    record = export.record
    assert (record["game"]["map"], record["game"]["variant"], record["game"]["numPlayers"]) == (
        "detroit-bankruptcy",
        {},
        1,
    )
    names = [a["actionName"] for a in record["actions"]]
    assert "skip-select" in names  # the solo player may take no action in a turn
    selected = {a["actionData"]["action"] for a in record["actions"] if a["actionName"] == "select"}
    assert selected <= {"ENGINEER", "LOCOMOTIVE", "URBANIZATION"}
    # two dice a side in the solo game's goods growth
    assert {len(s["chance"]["dice"]["WHITE"]) for s in export.snapshots if "chance" in s} == {2}


# --- the transcript ----------------------------------------------------------------------------------------

DETROIT_TRANSCRIPT = """game 4242 / detroit-bankruptcy / 3 players / 102 actions
round 2 end
     green   $3    income=4    shares=7   loco=2  score=3/4
     yellow  $0    income=-1   shares=8   loco=1  score=2/-1     OUT
final standings
  1. green   $3    income=4    shares=12  loco=3  score=7/4
  2. blue    $0    income=-9   shares=11  loco=2  score=6/-9     OUT
  3. yellow  $0    income=-1   shares=8   loco=1  score=2/-1     OUT
"""


def test_the_transcript_parser_reads_detroits_rounds_lasted_and_income():
    t = parse_transcript(DETROIT_TRANSCRIPT)
    assert t.rounds[2] == [
        TranscriptLine("green", 3, 4, 7, 2, 3, 4, False),
        TranscriptLine("yellow", 0, -1, 8, 1, 2, -1, True),
    ]
    assert [(x.colour, x.score, x.tie, x.out) for x in t.final] == [
        ("green", 7, 4, False),
        ("blue", 6, -9, True),
        ("yellow", 2, -1, True),
    ]


def test_the_transcript_parser_still_reads_the_base_maps_lines_and_refuses_others():
    t = parse_transcript("final standings\n  1. red     $0    income=-4   shares=7   loco=4  score=Eliminated OUT\n")
    assert t.final == [TranscriptLine("red", 0, -4, 7, 4, None, 0, True)]
    with pytest.raises(ValueError, match="line 2"):
        parse_transcript("final standings\n  1. red     $0    income=-4   shares=7   loco=4  score=6/x\n")


def _line(p: dict[str, Any], score: tuple[int, int], rank: int | None = None) -> str:
    head = f"  {rank}. " if rank else "     "
    out = "     OUT" if p["eliminated"] else ""
    return (
        f"{head}{p['name']:<7} ${p['cash']:<4} income={p['income']:<4} shares={p['shares']:<3} loco={p['engine']}  "
        f"score={score[0]}/{score[1]}{out}"
    )


def _transcript_of(game: Game) -> str:
    """choochoo's transcript of a finished Detroit game, written from the rules of its score: a bankrupt player
    lasted to the round they went bankrupt in, a player still in to the current round, and at the end one round
    more than the last one to go bankrupt."""
    record = game.record
    replay = start(record)
    lines: list[str] = []
    for i, data in enumerate(record.actions):
        feed(replay, data)
        g = replay.state
        if data["kind"] != "roll" and not (g.over and i == len(record.actions) - 1):
            continue
        gone = state(g).bankrupt
        end = g.over and i == len(record.actions) - 1
        lines.append(f"round {g.turn - (0 if end else 1)} end")
        for p in sorted(g.players, key=lambda p: p.colour):
            lasted = gone[p.seat].turn if p.seat in gone else g.turn
            if end and p.seat not in gone:
                lasted = max(b.turn for b in gone.values()) + 1
            v = {"name": p.colour, "cash": p.cash, "income": p.income, "shares": p.shares, "engine": p.engine}
            lines.append(_line({**v, "eliminated": p.eliminated}, (lasted, p.income)))
    lines.append("final standings")
    for rank, (seat, _) in enumerate(game.state.rules.standings(game.state), 1):
        p = game.state.players[seat]
        gone = state(game.state).bankrupt
        lasted = gone[seat].turn if seat in gone else max(b.turn for b in gone.values()) + 1
        v = {"name": p.colour, "cash": p.cash, "income": p.income, "shares": p.shares, "engine": p.engine}
        lines.append(_line({**v, "eliminated": p.eliminated}, (lasted, p.income), rank))
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def detroit_round_trip() -> tuple[Game, Any, list[dict[str, Any]]]:
    game = play(3, 14)  # yellow bankrupt in round 2, blue in round 6, green left
    export = export_record(game.record)
    translation = translate(export.record, export.snapshots)
    assert translation.failure is None
    return game, translation, export.snapshots


def test_a_detroit_transcript_agrees_with_the_game_read_back(detroit_round_trip):
    game, translation, snapshots = detroit_round_trip
    text = _transcript_of(game)
    assert "score=2/-1     OUT" in text and "1. green" in text and "score=7/" in text
    assert compare_transcript(translation, snapshots, text) == []


@pytest.mark.parametrize(
    ("change", "figure"),
    [(("score=2/-1     OUT", "score=3/-1     OUT"), "yellow.score"), (("score=7/", "score=6/"), "green.score")],
)
def test_a_wrong_rounds_lasted_is_a_difference(detroit_round_trip, change, figure):
    game, translation, snapshots = detroit_round_trip
    text = _transcript_of(game).replace(*change)
    diffs = compare_transcript(translation, snapshots, text)
    assert diffs and {d.figure for d in diffs} == {figure}


# --- Detroit solo games as choochoo records them -------------------------------------------------------------
#
# No recorded choochoo Detroit solo game is here: each of these is one of our solo games in choochoo's format
# (``tests/conformance/choochoo_states.py``: choochoo's full state after every action, its Detroit score as
# ``scoreArray``), its opening played as the situation needs, the rest by a random bot, and where our engine
# decides by itself choochoo's explicit decision put in as choochoo records it.


def read_back(export: Export) -> tuple[dict[str, Any], list[dict[str, Any]], Translation, Report]:
    record, snapshots = json.loads(json.dumps(export.record)), json.loads(json.dumps(export.snapshots))
    translation = translate(record, snapshots)
    return record, snapshots, translation, compare(translation, record, snapshots)


def after_setup(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions after the setup (whose cubes choochoo lists in its own order)."""
    return [a for a in actions if a["kind"] != "setup"]


def test_a_solo_recording_compares_choochoos_score_array_with_our_rounds_lasted_and_income():
    """choochoo's Detroit score is the pair [rounds lasted, income]; its snapshot holds it as ``scoreArray``,
    with ``score`` beside it the first figure only."""
    game = solo_game(FREE_BRIDGE)
    export = recording(game)
    last = export.snapshots[-1]["players"][0]
    assert last["scoreArray"] == [last["score"], game.state.players[0].income]
    *_, translation, report = read_back(export)
    assert translation.failure is None
    assert report.ok, report.summary()
    assert report.compared == len(export.snapshots)


def test_a_skip_select_with_no_action_disk_open_is_the_no_action_our_engine_took():
    """A solo player with $0 can pay for no action disk: our engine gives them no action by itself, choochoo
    waits for the ``skip-select`` and then ends the build by itself (forced ``done``: below $2)."""
    game = solo_game(NO_MONEY)
    decisions = [a["kind"] for a in game.record.actions if "player" in a]
    assert decisions[:2] == ["issue_shares", "skip_move"]  # no action, no build: our engine took both
    export = insert_decision(recording(game), 1, "skip-select", "ACTION_SELECTION", forced=("BUILDING", "done"))
    assert [a["actionName"] for a in export.record["actions"][:2]] == ["takeShares", "skip-select"]
    _, _, translation, report = read_back(export)
    assert translation.failure is None
    step = translation.steps[2]
    assert (step.taken, step.actions) == (True, [])
    assert after_setup(translation.record.actions) == after_setup(game.record.actions)
    assert report.ok, report.summary()
    assert report.applied["decision our engine takes by itself"] == 1
    assert report.applied["no action held as none"] > 0


def test_a_done_after_the_engineers_free_bridge_is_the_end_of_build_our_engine_made():
    """The Engineer's free bridge leaves $7, less than the $8 the next build would cost: our engine ends the
    build turn by itself, choochoo waits for ``done``."""
    game = solo_game(FREE_BRIDGE)
    export = insert_decision(recording(game), 3, "done", "BUILDING")
    assert [a["actionName"] for a in export.record["actions"][2:4]] == ["claim", "done"]
    _, _, translation, report = read_back(export)
    assert translation.failure is None
    assert translation.steps[4].taken and "ended it by itself" in translation.steps[4].note
    assert after_setup(translation.record.actions) == after_setup(game.record.actions)
    assert report.ok, report.summary()
    assert report.applied["decision our engine takes by itself"] == 1


def test_a_done_after_three_builds_with_the_urbanization_unused_is_the_end_of_build_our_engine_made():
    """Three builds made and the Urbanization not used: our engine ends the build turn (Urbanization comes
    before building), choochoo waits for a late urbanization or ``done``."""
    game = solo_game(URBANIZATION_UNUSED)
    export = insert_decision(recording(game), 5, "done", "BUILDING")
    names = [a["actionName"] for a in export.record["actions"][:6]]
    assert names == ["takeShares", "select", "build", "build", "build", "done"]
    _, _, translation, report = read_back(export)
    assert translation.failure is None
    assert translation.steps[6].taken
    assert after_setup(translation.record.actions) == after_setup(game.record.actions)
    assert report.ok, report.summary()


def test_a_done_outside_any_build_turn_of_the_player_still_stops_the_import():
    game = solo_game(NO_MONEY)
    export = insert_decision(recording(game), 1, "done", "BUILDING")
    _, _, translation, _ = read_back(export)
    assert translation.failure is not None and translation.failure.index == 2
    assert "not in this player's build turn" in translation.failure.message


def test_the_6_dollar_connections_are_numbered_from_1_as_in_choochoos_recorded_game_3003():
    """choochoo's recorded Detroit game 3003 declares its inter-city connections as ids "1" (Midtown Detroit –
    Downtown Detroit) and "2" (Windsor – Windsor Airport); an exported game names them so."""
    opening = [*FREE_BRIDGE[:2], act(kind="build_link", link="windsor-windsor-airport")]
    game = solo_game(opening)
    record = export_record(game.record).record
    connections = {c["id"]: c["connects"] for c in record["initialState"]["interCityConnections"]}
    assert connections == {"1": [{"q": 11, "r": 8}, {"q": 12, "r": 8}], "2": [{"q": 13, "r": 9}, {"q": 14, "r": 9}]}
    assert record["actions"][2]["actionName"] == "connect-cities" and record["actions"][2]["actionData"] == {"id": "2"}
    translation = translate(record, export_record(game.record).snapshots)
    assert translation.failure is None
    assert after_setup(translation.record.actions) == after_setup(game.record.actions)


def test_a_6_dollar_connection_is_compared_by_its_cost_and_ownership_marker():
    """choochoo's snapshots show who owns a claimed river crossing (its tile), not who owns an inter-city
    connection: the connection shows in the builder's money and ownership markers, which are compared."""
    opening = [*FREE_BRIDGE[:2], act(kind="build_link", link="midtown-downtown")]
    export = recording(solo_game(opening))
    assert export.record["actions"][2]["actionData"] == {"id": "1"}
    *_, translation, report = read_back(export)
    assert translation.failure is None
    assert report.ok, report.summary()
    assert export.snapshots[3]["players"][0]["trackMarkers"] == 1
