"""§1 Components and setup: the players' starting figures, the bag, the goods display, the starting cubes on the
cities, the number of turns and the initial player order."""

from __future__ import annotations

import random

import pytest

from ageofsteam import BadInput, Game, IllegalAction, Record, view
from ageofsteam.maps import load_rules
from tests.conftest import hexid

CITIES = {
    "Chicago": "L7",
    "St. Louis": "T5",
    "Kansas City": "U0",
    "Des Moines": "O2",
    "Minneapolis": "F1",
    "Duluth": "A2",
    "Evansville": "T9",
    "Cincinnati": "Q12",
    "Detroit": "H13",
    "Wheeling": "Q16",
    "Pittsburgh": "L17",
    "Toronto": "C16",
}


def cube_count(cubes: dict[str, int]) -> int:
    return sum(cubes.values())


def test_each_player_starts_with_10_dollars_2_shares_income_0_and_engine_1():
    game = Game.new("rust-belt", players=4, seed=5)
    for p in game.state.players:
        assert (p.cash, p.shares, p.income, p.engine) == (10, 2, 0, 1)
        assert not p.eliminated and p.action is None


def test_the_bag_holds_20_red_20_blue_20_purple_20_yellow_and_16_black_cubes():
    rules = load_rules("rust-belt")
    state = rules.new_state([("A", "blue"), ("B", "green"), ("C", "yellow")])
    assert state.bag == {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}
    assert sum(state.bag.values()) == 96


def test_setup_only_moves_cubes_so_every_colour_keeps_its_count():
    game = Game.new("rust-belt", players=3, seed=11)
    g = game.state
    total = dict(g.bag)
    for boxes in g.display.values():
        for c in boxes:
            total[c] += 1
    for cubes in g.cubes.values():
        for c, k in cubes.items():
            total[c] += k
    assert total == {"red": 20, "blue": 20, "purple": 20, "yellow": 20, "black": 16}


def test_the_display_has_6_light_and_6_dark_columns_of_3_boxes_and_8_new_city_columns_of_2():
    game = Game.new("rust-belt", players=3, seed=2)
    display = game.state.display
    for half in ("light", "dark"):
        for v in range(1, 7):
            assert len(display[f"{half}{v}"]) == 3
    for letter in "ABCDEFGH":
        assert len(display[letter]) == 2
    assert sum(len(boxes) for boxes in display.values()) == 52


def test_all_52_display_boxes_are_filled_at_setup_including_the_lettered_columns():
    game = Game.new("rust-belt", players=3, seed=2)
    boxes = [c for col in game.state.display.values() for c in col]
    assert len(boxes) == 52
    assert all(c is not None for c in boxes)


def test_pittsburgh_and_wheeling_get_3_cubes_and_the_other_10_cities_2():
    game = Game.new("rust-belt", players=5, seed=8)
    g = game.state
    for name, lab in CITIES.items():
        want = 3 if name in ("Pittsburgh", "Wheeling") else 2
        assert cube_count(g.cubes[hexid(game, lab)]) == want, name
    assert sum(cube_count(c) for c in g.cubes.values()) == 26


def test_the_bag_then_holds_18_cubes():
    for seed in (1, 2, 3):
        game = Game.new("rust-belt", players=3, seed=seed)
        assert sum(game.state.bag.values()) == 96 - 52 - 26 == 18


def test_the_display_is_filled_row_by_row_left_to_right_from_the_top_left_box():
    """With the cubes drawn in a known sequence, the top row takes the first 20 cubes, the second row the next
    20 and the third row (numbered columns only) the next 12; the cities take what follows."""

    class InBagOrder(random.Random):
        def shuffle(self, x, *args, **kwargs):  # draw the cubes in the bag's own order
            pass

    rules = load_rules("rust-belt")
    state = rules.new_state([("A", "blue"), ("B", "green"), ("C", "yellow")])
    setup = rules.sample_chance(state, InBagOrder())
    # the bag in its own order: 16 black, 20 blue, 20 purple, 20 red, 20 yellow
    sequence = ["black"] * 16 + ["blue"] * 20 + ["purple"] * 20 + ["red"] * 20 + ["yellow"] * 20
    light = [f"light{v}" for v in range(1, 7)]
    dark = [f"dark{v}" for v in range(1, 7)]
    row_order = [*light, "A", "B", "C", "D", *dark, "E", "F", "G", "H"]
    drawn = iter(sequence)
    for row in range(3):
        for col in row_order:
            if row < len(setup.display[col]):
                assert setup.display[col][row] == next(drawn), (col, row)
    rest = list(drawn)
    city_cubes = [c for cubes in setup.cities.values() for c in cubes]
    assert sorted(city_cubes) == sorted(rest[:26])


def test_a_rust_belt_game_lasts_10_8_7_or_6_turns_for_3_4_5_or_6_players():
    for players, turns in ((3, 10), (4, 8), (5, 7), (6, 6)):
        game = Game.new("rust-belt", players=players, seed=1)
        assert game.state.last_turn == turns
        assert view(game)["last_turn"] == turns


@pytest.mark.parametrize("players", [1, 2, 7])
def test_rust_belt_is_for_3_to_6_players(players):
    with pytest.raises(BadInput, match="players"):
        Game.new("rust-belt", players=players, seed=1)


def test_the_initial_player_order_is_drawn_at_random_from_the_seed():
    orders = {tuple(Game.new("rust-belt", players=4, seed=s).state.order) for s in range(20)}
    for order in orders:
        assert sorted(order) == [0, 1, 2, 3]
    assert len(orders) > 1  # different seeds give different orders
    # the same seed always gives the same order
    assert Game.new("rust-belt", players=4, seed=7).state.order == Game.new("rust-belt", players=4, seed=7).state.order


def test_a_supplied_player_order_is_used():
    drawn = Game.new("rust-belt", players=3, seed=4)
    record = Record(
        map="rust-belt",
        seats=drawn.record.seats,
        seed=4,
        actions=[drawn.record.actions[0], {"kind": "player_order", "order": [2, 0, 1]}],
    )
    game = Game.from_record(record)
    assert game.state.order == [2, 0, 1]
    assert game.to_move == 2  # the new first player issues shares first


def test_a_supplied_player_order_must_list_every_seat_once():
    drawn = Game.new("rust-belt", players=3, seed=4)
    record = Record(
        map="rust-belt",
        seats=drawn.record.seats,
        seed=4,
        actions=[drawn.record.actions[0], {"kind": "player_order", "order": [2, 2, 1]}],
    )
    with pytest.raises(IllegalAction, match="every seat once"):
        Game.from_record(record)


def test_phase_i_of_turn_1_follows_setup_immediately():
    game = Game.new("rust-belt", players=3, seed=9)
    assert game.state.turn == 1
    assert game.state.phase == "issue_shares"
    assert game.to_move == game.state.order[0]


def test_no_track_is_on_the_map_and_all_136_tiles_8_town_disks_and_8_new_cities_are_in_the_supply():
    game = Game.new("rust-belt", players=3, seed=9)
    g = game.state
    assert g.tiles == {}
    assert sum(g.supply.values()) == 136
    assert g.disks == 8
    assert sorted(g.new_cities_left) == list("ABCDEFGH")


def _setup_record(change) -> Record:
    """A record whose setup draw is the drawn one changed by ``change`` (a function of its JSON)."""
    drawn = Game.new("rust-belt", players=3, seed=4)
    setup = drawn.record.actions[0]
    change(setup)
    return Record(map="rust-belt", seats=drawn.record.seats, seed=4, actions=[setup])


def test_a_city_gets_exactly_its_starting_cubes_while_the_bag_holds_enough():
    fewer = _setup_record(lambda setup: setup["cities"]["L17"].pop())  # Pittsburgh starts with 3
    with pytest.raises(IllegalAction, match="L17 starts with 3 cubes, not 2"):
        Game.from_record(fewer)
    more = _setup_record(lambda setup: setup["cities"]["L7"].append("red"))
    with pytest.raises(IllegalAction, match="L7 starts with 2 cubes, not 3"):
        Game.from_record(more)


def test_every_display_box_is_filled_while_the_bag_holds_enough():
    def empty_box(setup):
        setup["display"]["light1"][0] = None

    with pytest.raises(IllegalAction, match="light1 has an empty box"):
        Game.from_record(_setup_record(empty_box))
