"""Every bot level plays every map by its rules: only legal actions, the game never changed by choosing, and
the strong bot's look-ahead never reads the game's chance."""

from __future__ import annotations

import random

import pytest

from ageofsteam import Game, view
from ageofsteam.bots import DEFAULT_SECONDS, DEFAULT_WORK, LEVELS, Hint, SteadyBot, StrongBot, bot
from ageofsteam.bots.candidates import candidates
from ageofsteam.bots.strong import SOLO_HORIZON, horizon
from ageofsteam.engine.errors import BadInput
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps import load_board, map_ids

DECISIONS = 120  # per map: through the first turns of every phase


def opening(map_id: str) -> Game:
    lo, _ = load_board(map_id).players
    return Game.new(map_id, players=max(lo, 3) if lo > 1 else 1, seed=11)


@pytest.mark.parametrize("map_id", map_ids())
def test_the_steady_bot_plays_only_legal_actions_and_says_why(map_id: str) -> None:
    game = opening(map_id)
    steady = bot("steady")
    rng = random.Random(5)
    for _ in range(DECISIONS):
        if game.over:
            break
        before = view(game)
        hint = steady.hint(game, rng)
        assert view(game) == before  # choosing changes nothing
        assert isinstance(hint, Hint) and hint.reason
        game.check(hint.action)  # legal, or it raises
        game.apply(hint.action)
        assert check_invariants(game) == []


@pytest.mark.parametrize("map_id", map_ids())
def test_the_steady_bot_decides_from_the_position_alone(map_id: str) -> None:
    """The steady bot never reads the clock (its work is counted, not timed): two games played alike give the
    same decisions."""
    played = []
    for _ in range(2):
        game = opening(map_id)
        steady = SteadyBot()
        rng = random.Random(7)
        moves = []
        for _ in range(DECISIONS // 2):
            if game.over:
                break
            action = steady.choose(game, rng)
            moves.append(action)
            game.apply(action)
        played.append(moves)
    assert played[0] == played[1]


@pytest.mark.parametrize("map_id", map_ids())
def test_the_strong_bot_plays_only_legal_actions_within_a_tiny_budget(map_id: str) -> None:
    game = opening(map_id)
    strong = bot("strong", work=2)
    steady = bot("steady")
    rng = random.Random(6)
    for i in range(40):
        if game.over:
            break
        before = view(game)
        action = (strong if i % 4 == 0 else steady).choose(game, rng)
        assert view(game) == before
        game.check(action)
        game.apply(action)


@pytest.mark.parametrize("map_id", [m for m in map_ids() if load_board(m).players[0] == 1])
def test_on_a_solo_map_the_strong_bot_plays_out_share_counts_over_several_turns(map_id: str) -> None:
    game = Game.new(map_id, players=1, seed=2)
    steady = bot("steady")
    while not any(a.kind == "issue_shares" for a in game.legal_actions()):
        game.apply(steady.choose(game, random.Random(0)))
    g = game.state
    assert horizon(g) == SOLO_HORIZON > 1
    first = steady.choose(game, random.Random(0))
    options = candidates(g, first, random.Random(0), weigh_shares=horizon(g) > 1)
    assert len([a for a in options if a.kind == "issue_shares"]) > 1


def test_in_a_game_of_several_the_strong_bot_leaves_shares_to_the_steady_bot() -> None:
    game = opening("rust-belt")
    g = game.state
    assert horizon(g) == 1
    first = bot("steady").choose(game, random.Random(0))
    assert first.kind == "issue_shares"
    assert candidates(g, first, random.Random(0), weigh_shares=horizon(g) > 1) == [first]


def test_the_strong_bot_never_reads_the_games_seed() -> None:
    game = Game.new("rust-belt", players=4, seed=3)
    while game.state.phase != "build_track":
        game.apply(bot("steady").choose(game, random.Random(1)))
    strong = StrongBot(work=10)  # work, not time: the decision depends on the position and rng only
    other = Game.from_record(game.record)
    other.record.seed = 999_999  # the chance the game holds differs; the bot's own does not
    a = strong.choose(game, random.Random(42))
    b = strong.choose(other, random.Random(42))
    assert a == b


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_is_made_by_its_id(level: str) -> None:
    assert bot(level).level == level


@pytest.mark.parametrize(
    ("level", "seconds", "work", "words"),
    [
        ("expert", None, None, "unknown bot level 'expert'"),
        ("strong", 0, None, "positive number of seconds"),
        ("strong", -1.0, None, "positive number of seconds"),
        ("strong", None, 0, "positive whole number of playouts"),
        ("strong", None, 2.5, "positive whole number of playouts"),
        ("strong", None, True, "positive whole number of playouts"),
    ],
)
def test_a_bad_level_or_budget_is_refused_in_one_line(
    level: str, seconds: float | None, work: int | None, words: str
) -> None:
    with pytest.raises(BadInput, match=words):
        bot(level, seconds=seconds, work=work)


def test_the_strong_bots_budget_is_work_and_its_seconds_only_a_cap() -> None:
    strong = bot("strong", work=12, seconds=3.0)
    assert isinstance(strong, StrongBot) and (strong.work, strong.seconds) == (12, 3.0)
    default = bot("strong")
    assert isinstance(default, StrongBot) and default.work == DEFAULT_WORK and default.seconds == DEFAULT_SECONDS
