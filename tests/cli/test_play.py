"""`aos play` driven through piped input."""

from __future__ import annotations

from pathlib import Path

from ageofsteam import Game
from tests.cli.conftest import aos, player_actions, scenario_game

# One full turn for three human seats. The order of the seats does not matter: every line is valid for
# whoever is to move at that point.
FIRST_TURN = [
    "1",
    "0",
    "0",  # issue shares: the first player to decide issues 1, the others none
    "bid",
    "3",  # the first bidder picks "bid" and is asked the amount
    "bogus",  # not a choice: the menu stays
    "drop",
    "2",  # the other two drop out (by word, then by number)
    "1",
    "engineer",
    "1",  # select actions: First Move, Engineer, then the first one left (First Build)
    "k6",
    "0",  # the first builder looks at K6 and goes back
    "k6",
    "1",  # builds the first option there
    "undo",  # takes it back
    "k6",
    "2",  # builds the second option
    "end",
    "end",
    "end",  # everyone ends the build
    "skip",
    "skip",
    "skip",
    "skip",
    "skip",
    "skip",  # two move rounds
]


def test_a_piped_session_plays_a_turn_and_saves_after_each_action(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = aos("play", "--players", "3", "--seed", "6", "--save", save, input="\n".join([*FIRST_TURN, "0"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Input ended. The game is saved in" in result.output
    assert "'bogus' is not one of the choices" in result.output
    assert "Took back 1 action." in result.output
    game = Game.load(save)
    assert game.state.turn == 2 and game.state.phase == "issue_shares"
    kinds = [(a["kind"], a.get("count", a.get("amount", a.get("action")))) for a in player_actions(save)]
    assert kinds[:3] == [("issue_shares", 1), ("issue_shares", 0), ("issue_shares", 0)]
    assert kinds[3:6] == [("bid", 3), ("drop_out", None), ("drop_out", None)]
    assert kinds[6:9] == [
        ("select_action", "first_move"),
        ("select_action", "engineer"),
        ("select_action", "first_build"),
    ]
    builds = [a for a in player_actions(save) if a["kind"] == "build"]
    assert len(builds) == 1 and builds[0]["hex"] == "K6"
    assert [k for k, _ in kinds[10:]] == ["end_build"] * 3 + ["skip_move"] * 6 + ["issue_shares"]
    # the bidder won the auction; the First Build holder built first
    assert game.state.order[0] == player_actions(save)[3]["player"]
    assert builds[0]["player"] == next(a["player"] for a in player_actions(save) if a.get("action") == "first_build")


def test_the_second_option_at_k6_is_the_one_built(tmp_path: Path) -> None:
    """The menu numbers match the engine's list of builds at the hex."""
    save = tmp_path / "p.json"
    upto_build = FIRST_TURN[: FIRST_TURN.index("undo")]
    aos("play", "--players", "3", "--seed", "6", "--save", save, input="\n".join(upto_build[:-2]) + "\n")
    game = Game.load(save)
    from ageofsteam.rules.build_track import legal_builds

    g = game.state
    options = [p for p in legal_builds(g, game.to_move) if g.label(p.hex) == "K6"]
    aos("play", "--load", save, "--save", save, input="k6\n2\n")
    build = [a for a in player_actions(save) if a["kind"] == "build"][-1]
    assert (build["tile"], build["rotation"]) == (options[1].tile.tile, options[1].tile.rotation)


def test_quit_leaves_cleanly_and_load_continues(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = aos("play", "--players", "3", "--seed", "6", "--save", save, input="2\nquit\n1\n")
    assert result.exit_code == 0
    assert "Leaving. The game is saved in" in result.output
    assert [a["count"] for a in player_actions(save)] == [2]
    result = aos("play", "--load", save, "--save", save, input="1\n")
    assert result.exit_code == 0
    assert [a["count"] for a in player_actions(save)] == [2, 1]


def test_end_of_input_inside_a_sub_menu(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = aos("play", "--players", "3", "--seed", "6", "--save", save, input="\n".join([*FIRST_TURN[:11], "k6"]))
    assert result.exit_code == 0
    assert "Input ended" in result.output
    assert Game.load(save).state.phase == "build_track"


def test_json_actions_and_commands_during_play(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    lines = ["help", "show", "log", '{"kind": "issue_shares", "count": 4}', '{"kind": "bid", "amount": 1}', "0"]
    result = aos("play", "--players", "3", "--seed", "6", "--save", save, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "'undo' (take back your last" in result.output  # the help
    assert "Goods display" in result.output  # show
    assert "Not allowed: 'bid' is not possible during I. Issue Shares" in result.output
    assert [a["count"] for a in player_actions(save)] == [4, 0]


def test_bots_fill_the_last_seats(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = aos("play", "--players", "4", "--bots", "3", "--seed", "2", "--save", save, input="quit\n")
    assert result.exit_code == 0, result.output
    game = Game.load(save)
    assert [s.bot for s in game.record.seats] == [None, "steady", "steady", "steady"]
    assert game.to_move == 0 and not game.over
    assert all(a["player"] == 0 or game.record.seats[a["player"]].bot for a in player_actions(save))


def test_a_game_of_bots_is_played_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    result = aos("play", "--players", "3", "--bots", "3", "--seed", "5", "--save", save, input="")
    assert result.exit_code == 0, result.output
    assert "Final standings:" in result.output
    assert Game.load(save).over


def test_play_without_save_and_bad_arguments(tmp_path: Path) -> None:
    result = aos("play", "--players", "3", "--seed", "6", input="")
    assert result.exit_code == 0
    assert "Input ended." in result.output
    result = aos("play", "--players", "2")
    assert result.exit_code == 2 and "for 3–6 players, not 2" in result.stderr
    result = aos("play", "--load", tmp_path / "missing.json")
    assert result.exit_code == 2 and "cannot read" in result.stderr
    save = tmp_path / "p.json"
    aos("play", "--seed", "6", "--save", save, input="")
    before = save.read_bytes()
    result = aos("play", "--load", save, "--players", "4", input="")
    assert result.exit_code == 2 and "--load continues a saved game" in result.stderr
    assert save.read_bytes() == before


def test_production_cubes_are_placed_by_box_name_or_number(tmp_path: Path) -> None:
    game = scenario_game(
        {
            "phase": "goods_growth",
            "player": [{"seat": 0, "action": "production"}],
            "display": {"light1": ["", "red", ""], "dark2": ["", "", ""]},
        }
    )
    assert game.to_move == 0 and len(game.state.produced) == 2
    save = tmp_path / "p.json"
    game.save(save)
    legal = aos("legal", save).output
    assert f"put the {game.state.produced[0]} cube in display box light1/3" in legal
    result = aos("play", "--load", save, "--save", save, input="light1/3\n1\n")
    assert result.exit_code == 0, result.output
    assert [a["box"] for a in player_actions(save) if a["kind"] == "place_cube"] == ["light1/3", "light1/1"]
    assert Game.load(save).state.turn == 2


def test_urbanization_picks_a_town_then_a_letter(tmp_path: Path) -> None:
    game = scenario_game(
        {"phase": "build_track", "order": [0, 1, 2], "player": [{"seat": 0, "action": "urbanization"}]}
    )
    save = tmp_path / "p.json"
    game.save(save)
    legal = aos("legal", save).output
    assert "place a New City (Urbanization): 14 towns, letters A, B, C, D, E, F, G, H" in legal
    assert "on H7 (Milwaukee, town): New City A (red), New City B (blue)," in legal
    result = aos("play", "--load", save, "--save", save, input="urbanize\nh7\nb\nend\n")
    assert result.exit_code == 0, result.output
    assert [(a["kind"], a.get("hex"), a.get("city")) for a in player_actions(save)] == [
        ("urbanize", "H7", "B"),
        ("end_build", None, None),
    ]
    assert "New City B (Milwaukee)" in aos("show", save).output
