"""The hard bot and its evaluator: a value for every seat at any point of the game, read with numpy alone from
weights shipped in the package; a search to the start of the next turn that decides by its work alone; reasons
in a player's words."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import numpy as np
import pytest

from ageofsteam import Game, view
from ageofsteam.bots import HardBot, SteadyBot, bot, evaluate, features, training
from ageofsteam.bots.judgement import BANKRUPT, judgement
from ageofsteam.engine.actions import IssueShares
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps import load_board, map_ids


def opening(map_id: str, seed: int = 3) -> Game:
    lo, _ = load_board(map_id).players
    return Game.new(map_id, players=max(lo, 3) if lo > 1 else 1, seed=seed)


def play_steady(game: Game, decisions: int, seed: int = 0) -> None:
    steady, rng = SteadyBot(), random.Random(seed)
    for _ in range(decisions):
        if game.over:
            return
        game.apply(steady.choose(game, rng))


@pytest.fixture
def no_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that runs a hundred times fast: a bot that decided by time would decide otherwise."""
    real = time.perf_counter
    start = real()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 100 * (real() - start))
    yield


# --- the evaluator ----------------------------------------------------------------------------------


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_is_judged_by_its_own_weights_once_trained_and_by_the_base_games_before(map_id: str) -> None:
    """Each map (and each of a map's solo and multiplayer games) is judged by the weights trained on it when
    they are shipped; a new map, before ``make train-bots``, by the base game's."""
    for key in training.targets(map_id):
        weights = evaluate.weights_for(key)
        assert weights is not None
        own = evaluate.WEIGHTS_FOLDER / evaluate.weights_file(key)
        fallback = evaluate.WEIGHTS_FOLDER / evaluate.weights_file(evaluate.FALLBACK_MAP)
        with (own if own.is_file() else fallback).open("rb") as f, np.load(f) as data:
            assert np.array_equal(data["mean"], weights.mean)


def test_every_shipped_weights_file_is_of_a_map_of_the_catalogue() -> None:
    keys = {key for m in map_ids() for key in training.targets(m)}
    files = {p.stem for p in evaluate.WEIGHTS_FOLDER.glob("*.npz")}
    assert files and files <= keys, f"weights of no map: {sorted(files - keys)}"


@pytest.mark.parametrize("map_id", map_ids())
def test_the_evaluator_values_every_seat_at_any_point_of_the_game(map_id: str) -> None:
    game = opening(map_id)
    for _ in range(4):
        values = evaluate.values(game.state)
        assert len(values) == len(game.state.players) and all(np.isfinite(values))
        play_steady(game, 25)


def test_a_finished_game_is_worth_its_outcome() -> None:
    game = opening("rust-belt")
    play_steady(game, 5000)
    assert game.over
    g = game.state
    assert evaluate.values(g) == [float(g.rules.score(g, s)) for s in range(3)]


def test_a_seats_row_has_the_same_figures_on_every_map_and_none_when_bankrupt() -> None:
    game = opening("rust-belt")
    play_steady(game, 30)
    g = game.state
    rows = features.rows(g, evaluate.map_values(g))
    assert all(r is not None and r.shape == (features.WIDTH,) for r in rows)
    g.players[1].eliminated = True
    rows = features.rows(g, evaluate.map_values(g))
    assert rows[1] is None and rows[0] is not None
    assert evaluate.outcome(g, 1) == BANKRUPT


def test_weights_of_another_features_version_are_refused_with_the_reason() -> None:
    w = evaluate.weights_for("rust-belt")
    assert w is not None
    arrays = w.to_arrays()
    again = evaluate.Weights.from_arrays(dict(arrays), "here")
    x = np.ones((2, features.WIDTH))
    assert np.allclose(again.predict(x), w.predict(x))
    arrays["version"] = np.array(features.VERSION + 1)
    with pytest.raises(ValueError, match="run make train-bots"):
        evaluate.Weights.from_arrays(dict(arrays), "here")


def test_the_solo_and_the_multiplayer_game_of_a_map_have_their_own_weights() -> None:
    solo = Game.new("detroit-bankruptcy", players=1, seed=1).state
    table = Game.new("detroit-bankruptcy", players=3, seed=1).state
    assert evaluate.weights_key(solo) == "detroit-bankruptcy-solo"
    assert evaluate.weights_key(table) == "detroit-bankruptcy"
    assert evaluate.weights_key(Game.new("miami-2030", players=1, seed=1).state) == "miami-2030"


def test_the_outcome_is_the_measure_the_map_is_won_by() -> None:
    """Detroit: how long the player lasted; Miami: the people evacuated, and a win above any loss."""
    game = Game.new("detroit-bankruptcy", players=1, seed=2)
    play_steady(game, 5000)
    assert game.over
    g = game.state
    assert evaluate.outcome(g, 0) == pytest.approx(g.turn + g.players[0].income / 100)
    miami = Game.new("miami-2030", players=1, seed=2)
    m = miami.state
    assert judgement(m).outcome(m, 0) == m.rules.score(m, 0)


# --- the search --------------------------------------------------------------------------------------


@pytest.mark.parametrize("map_id", map_ids())
def test_the_hard_bot_plays_only_legal_actions_and_says_why(map_id: str) -> None:
    game = opening(map_id, seed=5)
    hard = bot("hard", work=3)
    rng = random.Random(2)
    for _ in range(40):
        if game.over:
            break
        before = view(game)
        hint = hard.hint(game, rng)
        assert view(game) == before  # choosing changes nothing
        assert hint.reason and "\n" not in hint.reason
        game.check(hint.action)
        game.apply(hint.action)
        assert check_invariants(game) == []


def test_the_hard_bot_decides_by_its_work_at_any_load(no_clock: None) -> None:
    game = Game.new("rust-belt", players=3, seed=6)
    while game.state.phase != "build_track":
        game.apply(SteadyBot().choose(game, random.Random(0)))
    hard = HardBot(work=6, seconds=600.0)
    first = hard.hint(game, random.Random(9))
    assert hard.hint(game, random.Random(9)) == first


def test_the_hard_bot_weighs_share_counts_around_the_steady_one() -> None:
    game = Game.new("rust-belt", players=3, seed=6)
    g = game.state
    steady = SteadyBot().choose(game, random.Random(0))
    assert isinstance(steady, IssueShares)
    options = HardBot(work=8).candidates(g, steady, random.Random(0))
    counts = [a.count for a in options if isinstance(a, IssueShares)]
    assert counts[0] == steady.count and len(counts) > 1
    assert all(abs(c - steady.count) <= 2 for c in counts)


def test_where_the_rules_of_thumb_judge_the_end_of_one_turn_the_hard_bot_weighs_no_other_share_count() -> None:
    """At the end of one turn the rules of thumb see a share's cash and never the $1 it costs every turn after:
    a search judged so takes the steady bot's count (a bot that did issued 25 shares by turn 5 and went
    bankrupt first)."""
    untrusted = [
        (m, counts[-1])
        for m in map_ids()
        for k, counts in training.targets(m).items()
        if counts[-1] > 1 and not evaluate.weights_for(k).trusted
    ]
    assert untrusted, "every table's evaluator is trusted: this test has nothing to check"
    m, players = untrusted[0]
    game = Game.new(m, players=players, seed=6)
    steady = SteadyBot().choose(game, random.Random(0))
    assert isinstance(steady, IssueShares) and HardBot().turns(game.state) == 1
    assert HardBot(work=8).candidates(game.state, steady, random.Random(0)) == [steady]


def test_the_hard_bots_reason_says_what_the_move_leaves_for_the_rest_of_the_game() -> None:
    game = Game.new("rust-belt", players=3, seed=6)
    while game.state.phase != "build_track":
        game.apply(SteadyBot().choose(game, random.Random(0)))
    reason = HardBot(work=6).hint(game, random.Random(1)).reason
    assert "By the end of this turn:" in reason and "left after expenses" in reason
    assert "points against the best rival" in reason and "moves weighed" in reason


def test_where_the_evaluator_foresaw_little_the_hard_bot_judges_by_the_rules_of_thumb() -> None:
    """Weights whose held-out R² is below the trusted level judge nothing: the playouts' ends are judged by
    the steady bot's position value, and the reason says so."""
    untrusted = [
        (m, counts[-1])
        for m in map_ids()
        for k, counts in training.targets(m).items()
        if not evaluate.weights_for(k).trusted
    ]
    assert untrusted, "every map's evaluator is trusted: this test has nothing to check"
    m, players = untrusted[0]
    game = Game.new(m, players=players, seed=2)
    assert evaluate.trusted_weights(game.state) is None
    play_steady(game, 3)
    while game.state.phase in ("issue_shares", "player_order"):  # a decision with moves to weigh (not shares)
        game.apply(SteadyBot().choose(game, random.Random(0)))
    assert "judged by the rules of thumb" in HardBot(work=6).hint(game, random.Random(1)).reason


def test_on_a_solo_map_a_playout_goes_on_for_several_turns_and_counts_for_each() -> None:
    solo = Game.new("detroit-bankruptcy", players=1, seed=1).state
    table = Game.new("detroit-bankruptcy", players=3, seed=1).state
    hard = HardBot(work=12)
    assert hard.turns(solo) == 6 and hard.turns(table) == 1


def test_on_a_solo_map_the_hard_bots_reason_names_the_turn_its_playouts_reach() -> None:
    """A solo map's playouts go on for several turns: the reason says the position it describes stands at the end
    of that later turn (or of the game), not of this one."""
    game = Game.new("miami-2030", players=1, seed=3)
    g = game.state
    reason = HardBot(work=12).hint(game, random.Random(1)).reason
    assert "By the end of this turn" not in reason
    assert f"By the end of turn {g.turn + HardBot().turns(g) - 1}:" in reason or "By the end of the game:" in reason


def test_a_move_that_costs_the_player_less_than_it_costs_the_leader_says_it_holds_the_leader_back() -> None:
    from ageofsteam.bots.hard import _holding_back

    g = Game.new("rust-belt", players=3, seed=6).state
    leader = g.player_name(2)
    # the move costs seat 0 half a point and the leader (seat 2) three: the lead it buys is the leader held back
    points = judgement(g).lead_words
    words = _holding_back(g, 0, [50.0, 40.0, 57.0], [50.5, 40.0, 60.0], points)
    assert words == f": it holds back {leader}, the best rival, by 3 points at a cost of almost nothing to you"
    assert "by 3 points at a cost of 2 points" in _holding_back(g, 0, [48.5, 40.0, 57.0], [50.5, 40.0, 60.0], points)
    assert _holding_back(g, 0, [51.0, 40.0, 57.0], [50.5, 40.0, 60.0], points) == ""  # a gain of its own
    assert _holding_back(g, 0, [47.0, 40.0, 59.0], [50.5, 40.0, 60.0], points) == ""  # it costs the player more


def test_a_move_whose_rival_line_went_bankrupt_says_it_keeps_the_player_solvent() -> None:
    """Where the steady choice's playout went bankrupt, the gap in points (a thousand, the bots' mark for a
    bankruptcy) means nothing to a player: the reason says the move keeps them solvent."""
    from ageofsteam.bots.hard import Line

    game = Game.new("miami-2030", players=1, seed=3)
    g = game.state
    first, other = game.legal_actions()[:2]
    broke = g.copy()
    broke.players[0].eliminated = True
    best = Line(first, total=12.0, count=1, end=g.copy(), values=[12.0])
    plain = Line(other, total=-990.0, count=1, end=broke, values=[-990.0])
    reason = HardBot(work=6)._reason(game, 0, best, plain, "why", 2)
    assert reason.startswith("keeps you solvent: played out, ") and "went bankrupt" in reason
    assert "points" not in reason.split(".")[0]
    plain.end = g.copy()  # solvent both ways: the gap in the points the rules of thumb judged by (Miami's
    # evaluator is not trusted), at the end of the playouts
    reason = HardBot(work=6)._reason(game, 0, best, plain, "why", 2)
    assert reason.startswith("+1002.0 points by the rules of thumb at the end of this turn compared with")
    table = Game.new("rust-belt", players=3, seed=3)  # a trusted evaluator: the expected outcome, in points
    first, other = table.legal_actions()[:2]
    best = Line(first, total=4.0, count=1, end=table.state.copy(), values=[50.0, 46.0, 40.0])
    plain = Line(other, total=1.0, count=1, end=table.state.copy(), values=[48.0, 47.0, 40.0])
    reason = HardBot(work=6)._reason(table, 0, best, plain, "why", 2)
    assert reason.startswith("+3 points at the end of the game compared with")


def test_the_hard_bot_leaves_the_steady_choice_only_for_a_clear_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another move is played only where its playouts beat the steady bot's choice by ``Judgement.clear_gain``
    (the evaluator's errors are large beside the gaps between moves); a margin beyond any gap leaves every
    decision to the steady bot."""
    from ageofsteam.bots.judgement import Judgement

    game = opening("rust-belt", seed=5)
    steady, rng = SteadyBot(), random.Random(0)
    found = None
    for _ in range(200):
        plain = steady.choose(game, random.Random(1))
        monkeypatch.setattr(Judgement, "clear_gain", 0.0)
        other = HardBot(work=8).choose(game, random.Random(1))
        if other != plain:
            found = plain
            break
        game.apply(steady.choose(game, rng))
    assert found is not None, "no decision where the search prefers another move"
    monkeypatch.setattr(Judgement, "clear_gain", 1e9)
    assert judgement(game.state).clear_gain == 1e9  # Rust Belt is judged by the base game's judgement
    assert HardBot(work=8).choose(game, random.Random(1)) == found


def test_where_the_rules_of_thumb_judge_no_clear_gain_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The margin is against the evaluator's noise: on a map whose playouts the rules of thumb judge (Miami 2030,
    its evaluator untrusted), a better line is played whatever the margin."""
    from ageofsteam.bots.judgement import Judgement

    monkeypatch.setattr(Judgement, "clear_gain", 1e9)
    game = Game.new("miami-2030", players=1, seed=0)
    assert evaluate.trusted_weights(game.state) is None
    assert judgement(game.state).clear_gain == 1e9
    steady, rng = SteadyBot(), random.Random(0)
    for _ in range(60):
        plain = steady.choose(game, random.Random(1))
        if HardBot(work=24).choose(game, random.Random(1)) != plain:  # four lines of six turns
            return
        game.apply(steady.choose(game, rng))
    pytest.fail("the search never left the steady choice: the margin was asked of the rules of thumb")


def _scripted_playouts(monkeypatch: pytest.MonkeyPatch, outcome: dict[int, list[float]]) -> list[tuple[int, float]]:
    """Playouts whose outcomes are scripted: the n-th playout of line k (0: the steady choice; the lines numbered
    as first played) ends on ``outcome[k][n]`` (its last value once they run out; a line not named, on 0). Returns
    the playouts made, as (line, the seed of their dice)."""
    from ageofsteam.bots.hard import Line

    made: list[tuple[int, float]] = []
    order: list[object] = []

    def play(self: HardBot, g: object, seat: int, line: Line, rng: random.Random) -> int:
        if line.action not in order:
            order.append(line.action)
        k = order.index(line.action)
        seed = rng.random()
        made.append((k, seed))
        values = outcome.get(k, [0.0])
        value = values[min(len([m for m in made if m[0] == k]) - 1, len(values) - 1)]
        line.total += value
        line.count += 1
        if line.end is None:
            others = [0.0] * len(g.players)  # type: ignore[attr-defined]
            line.end, line.values = g.copy(), [*others[:seat], value, *others[seat + 1 :]]  # type: ignore[attr-defined]
        return self.turns(g)  # type: ignore[arg-type]

    monkeypatch.setattr(HardBot, "_play", play)
    return made


def test_on_a_solo_map_a_move_that_beats_the_steady_choice_must_keep_its_lead_under_fresh_dice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One draw of six turns' dice may flatter a move: the move and the steady choice are played again side by
    side, each round under fresh dice shared by both, and the move is played only if its average still leads by
    the clear gain."""
    from ageofsteam.bots.hard import CONFIRM

    game = Game.new("detroit-bankruptcy", players=1, seed=2)  # Issue Shares: share counts to weigh
    plain = SteadyBot().choose(game, random.Random(1))
    # flattered once: 10 turns on its first dice, 7 after; the steady choice 8 throughout
    made = _scripted_playouts(monkeypatch, {0: [8.0], 1: [10.0, 7.0]})
    assert HardBot(work=24).choose(game, random.Random(1)) == plain
    again = made[4:]  # the first round: four lines of six turns
    assert [k for k, _ in again] == [0, 1]  # one confirming round: its average (8.5) no longer leads by half a turn
    assert again[0][1] == again[1][1] and again[0][1] not in {s for _, s in made[:4]}  # fresh dice, the same for both
    # a lead that holds: played, after every confirming round
    made = _scripted_playouts(monkeypatch, {0: [8.0], 1: [10.0, 9.0]})
    hint = HardBot(work=24).hint(game, random.Random(1))
    assert hint.action != plain
    assert [k for k, _ in made[4:]] == [0, 1] * CONFIRM
    assert f"each played out {1 + CONFIRM} times under the same dice" in hint.reason


def test_with_players_no_confirming_round_comes_on_top_of_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A playout of one turn draws few dice (most lines draw none and are settled); those that draw some are
    played again in the work's own rounds, every line as often: nothing is played beyond the work."""
    game = Game.new("rust-belt", players=3, seed=2)  # Issue Shares: share counts to weigh
    plain = SteadyBot().choose(game, random.Random(1))
    made = _scripted_playouts(monkeypatch, {0: [8.0], 1: [20.0]})  # a lead beyond the base game's 3 points
    assert HardBot(work=24).choose(game, random.Random(1)) != plain
    assert len(made) == 24 and all(sum(k == line for k, _ in made) == 6 for line in range(4))
