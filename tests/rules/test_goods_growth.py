"""Phase IX, Goods Growth: Production first, then one die per starting player for the light half and again for the
dark half; each die showing v moves the next cube (top to bottom) of column v to its city, and of that column's
New City when it is on the map."""

from __future__ import annotations

import pytest

from ageofsteam import IllegalAction, view
from ageofsteam.engine.actions import CHANCE
from tests.conftest import act, hexid, scenario

EMPTY_DISPLAY = "\n".join(
    [f'light{v} = ["", "", ""]' for v in range(1, 7)]
    + [f'dark{v} = ["", "", ""]' for v in range(1, 7)]
    + [f'{letter} = ["", ""]' for letter in "ABCDEFGH"]
)


def growth(extra: str = "", players: int = 3, display: str = "", production: int | None = None):
    """A game waiting for the Goods Growth dice (or the Production draw), with every city empty."""
    holder = (
        f"""
        [[player]]
        seat = {production}
        action = "production"
    """
        if production is not None
        else ""
    )
    return scenario(
        f"""
        players = {players}
        phase = "goods_growth"
        empty_cities = true
        {extra}
        {holder}
        [display]
        {display}
    """,
        auto_chance=False,
    )


def roll(game, light: list[int], dark: list[int]) -> None:
    game.supply_chance({"kind": "roll", "light": light, "dark": dark})


def cubes(game, label: str) -> dict[str, int]:
    return {c: n for c, n in game.state.cubes[hexid(game, label)].items() if n}


def column(game, name: str) -> list[str | None]:
    return game.state.display[name]


# --- the dice ------------------------------------------------------------------------------------


def test_goods_growth_rolls_one_die_per_starting_player_for_each_half():
    game = growth(players=4)
    assert game.to_move == CHANCE
    with pytest.raises(IllegalAction, match="rolls 4 dice for each half"):
        roll(game, [1, 2, 3], [1, 2, 3, 4])
    with pytest.raises(IllegalAction, match="rolls 4 dice for each half"):
        roll(game, [1, 2, 3, 4], [1, 2, 3, 4, 5])
    roll(game, [1, 2, 3, 4], [1, 2, 3, 4])
    assert game.state.turn == 2


def test_dice_show_1_to_6():
    game = growth()
    with pytest.raises(IllegalAction, match="dice show 1 to 6"):
        roll(game, [0, 1, 2], [1, 2, 3])
    with pytest.raises(IllegalAction, match="dice show 1 to 6"):
        roll(game, [1, 2, 3], [1, 2, 7])


def test_a_light_die_moves_the_top_cube_of_that_light_column_to_its_city():
    game = growth(
        display="""
        light2 = ["red", "blue", "yellow"]
        light6 = ["black", "purple", "red"]
    """
    )
    roll(game, [2, 6, 6], [6, 6, 6])
    assert cubes(game, "T5") == {"red": 1}  # St. Louis, light 2: the top cube
    assert column(game, "light2") == [None, "blue", "yellow"]
    assert cubes(game, "A2") == {"black": 1, "purple": 1}  # Duluth, light 6: two dice, the top two cubes
    assert column(game, "light6") == [None, None, "red"]


def test_a_dark_die_moves_the_top_cube_of_that_dark_column_to_its_city():
    game = growth(
        display="""
        light5 = ["red", "red", "red"]
        dark5 = ["blue", "purple", "yellow"]
        dark1 = ["black", "black", "black"]
    """
    )
    roll(game, [1, 1, 1], [5, 5, 1])
    assert cubes(game, "L17") == {"blue": 1, "purple": 1}  # Pittsburgh, dark 5
    assert column(game, "dark5") == [None, None, "yellow"]
    assert cubes(game, "T9") == {"black": 1}  # Evansville, dark 1
    # the light dice do not touch the dark columns, nor the dark dice the light ones
    assert column(game, "light5") == ["red", "red", "red"]
    assert cubes(game, "F1") == {}  # Minneapolis, light 5: no light die showed 5


def test_the_light_dice_are_rolled_for_the_light_half_and_the_dark_dice_for_the_dark_half():
    game = growth(
        display="""
        light3 = ["red", "blue", "black"]
        dark3 = ["yellow", "purple", "black"]
    """
    )
    roll(game, [3, 6, 6], [6, 6, 6])
    assert cubes(game, "U0") == {"red": 1}  # Kansas City, light 3
    assert cubes(game, "H13") == {}  # Detroit, dark 3: no dark die showed 3
    assert column(game, "dark3") == ["yellow", "purple", "black"]


def test_empty_boxes_are_skipped():
    game = growth(
        display="""
        light1 = ["", "blue", "yellow"]
    """
    )
    roll(game, [1, 6, 6], [6, 6, 6])
    assert cubes(game, "L7") == {"blue": 1}  # Chicago takes the first cube, from the 2nd box
    assert column(game, "light1") == [None, None, "yellow"]


def test_dice_beyond_the_cubes_in_a_column_are_wasted():
    game = growth(
        display="""
        light1 = ["", "", "yellow"]
    """
    )
    roll(game, [1, 1, 1], [6, 6, 6])
    assert cubes(game, "L7") == {"yellow": 1}
    assert column(game, "light1") == [None, None, None]
    assert game.state.turn == 2


def test_the_display_is_not_refilled_by_the_dice():
    game = growth(
        display="""
        light4 = ["blue", "red", "red"]
    """
    )
    bag = dict(game.state.bag)
    roll(game, [4, 4, 4], [6, 6, 6])
    assert column(game, "light4") == [None, None, None]
    assert game.state.bag == bag


# --- New Cities ----------------------------------------------------------------------------------


def test_a_die_also_feeds_the_new_city_of_its_column_when_it_is_on_the_map():
    game = growth(
        extra='new_cities = { Q6 = "A" }',
        display="""
        light3 = ["purple", "red", "blue"]
        A = ["yellow", "black"]
    """,
    )
    roll(game, [3, 6, 6], [6, 6, 6])
    assert cubes(game, "U0") == {"purple": 1}  # Kansas City, light 3
    assert cubes(game, "Q6") == {"yellow": 1}  # New City A on Springfield, fed by light 3 too
    assert column(game, "A") == [None, "black"]


def test_a_new_city_column_gives_its_cubes_top_first_and_extra_dice_are_wasted():
    game = growth(
        extra='new_cities = { Q6 = "A" }',
        display="""
        light3 = ["purple", "red", "blue"]
        A = ["yellow", "black"]
    """,
    )
    roll(game, [3, 3, 3], [6, 6, 6])
    assert cubes(game, "U0") == {"purple": 1, "red": 1, "blue": 1}
    assert cubes(game, "Q6") == {"yellow": 1, "black": 1}
    assert column(game, "A") == [None, None]


def test_the_cubes_of_a_new_city_not_on_the_map_stay_in_the_display():
    game = growth(
        extra='new_cities = { Q6 = "A" }',
        display="""
        light4 = ["blue", "red", "red"]
        B = ["black", "yellow"]
    """,
    )
    roll(game, [4, 4, 6], [6, 6, 6])
    assert cubes(game, "O2") == {"blue": 1, "red": 1}  # Des Moines, light 4
    assert column(game, "B") == ["black", "yellow"]  # New City B is not on the map


def test_dark_new_cities_are_fed_by_the_dark_dice():
    game = growth(
        extra='new_cities = { Q10 = "E", K12 = "H" }',
        display="""
        light1 = ["red", "red", "red"]
        dark1 = ["red", "red", "red"]
        E = ["purple", "blue"]
        dark4 = ["blue", "blue", "blue"]
        H = ["red", "black"]
    """,
    )
    roll(game, [6, 6, 6], [1, 4, 4])
    assert cubes(game, "T9") == {"red": 1}  # Evansville, dark 1
    assert cubes(game, "Q10") == {"purple": 1}  # New City E, dark 1
    assert cubes(game, "Q16") == {"blue": 2}  # Wheeling, dark 4
    assert cubes(game, "K12") == {"red": 1, "black": 1}  # New City H, dark 4
    assert column(game, "light1") == ["red", "red", "red"]


# --- Production ----------------------------------------------------------------------------------


def test_production_draws_2_cubes_from_the_bag_before_the_dice():
    game = growth(
        production=1,
        display="""
        light1 = ["", "", "yellow"]
    """,
    )
    assert game.to_move == CHANCE
    with pytest.raises(IllegalAction, match="Production cubes must be placed before the dice"):
        roll(game, [1, 1, 1], [1, 1, 1])
    bag = dict(game.state.bag)
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    assert game.to_move == 1  # the Production holder places them
    assert game.state.bag == {**bag, "red": bag["red"] - 1, "blue": bag["blue"] - 1}


def test_production_places_each_cube_in_an_empty_display_box():
    game = growth(
        production=1,
        display="""
        light1 = ["", "", "yellow"]
        dark2 = ["black", "black", ""]
    """,
    )
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    offered = {a.box for a in game.legal_actions()}
    assert offered >= {"light1/1", "light1/2", "dark2/3"}
    assert "light1/3" not in offered and "dark2/1" not in offered
    act(game, "place_cube", box="dark2/3")  # the first cube drawn: red
    assert column(game, "dark2") == ["black", "black", "red"]
    assert "dark2/3" not in {a.box for a in game.legal_actions()}  # one cube per box
    act(game, "place_cube", box="light1/2")  # then blue
    assert column(game, "light1") == [None, "blue", "yellow"]
    assert game.to_move == CHANCE  # now the dice


def test_production_cannot_place_a_cube_in_a_full_box():
    game = growth(
        production=0,
        display="""
        light1 = ["", "", "yellow"]
    """,
    )
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    before = view(game)
    with pytest.raises(IllegalAction, match="light1/3 is not an empty display box"):
        act(game, "place_cube", box="light1/3")
    assert view(game) == before
    with pytest.raises(IllegalAction, match="not an empty display box"):
        act(game, "place_cube", box="light9/1")


def test_production_cubes_are_in_the_display_when_the_dice_are_rolled():
    game = growth(
        production=2,
        display="""
        light1 = ["", "", "yellow"]
    """,
    )
    game.supply_chance({"kind": "draw", "cubes": ["black", "purple"]})
    act(game, "place_cube", box="light1/1")
    act(game, "place_cube", box="light1/2")
    roll(game, [1, 1, 6], [6, 6, 6])
    assert cubes(game, "L7") == {"black": 1, "purple": 1}
    assert column(game, "light1") == [None, None, "yellow"]
    assert view(game.replay()) == view(game)  # the supplied draw and dice are in the record


def test_production_may_use_the_boxes_of_a_new_city_not_yet_on_the_map_by_default():
    """House ruling 10 (option production_offmap_boxes, default true)."""
    game = growth(
        production=0,
        display="""
        C = ["", ""]
    """,
    )
    assert game.state.options["production_offmap_boxes"] is True
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    assert {a.box for a in game.legal_actions()} == {"C/1", "C/2"}
    act(game, "place_cube", box="C/1")
    act(game, "place_cube", box="C/2")
    assert column(game, "C") == ["red", "blue"]


def test_with_production_offmap_boxes_false_production_may_not_use_an_off_map_new_citys_boxes():
    game = growth(
        production=0,
        extra="options = { production_offmap_boxes = false }",
        display="""
        C = ["", ""]
        light2 = ["", "red", "red"]
    """,
    )
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    assert {a.box for a in game.legal_actions()} == {"light2/1"}
    with pytest.raises(IllegalAction, match="C/1 is not an empty display box"):
        act(game, "place_cube", box="C/1")


def test_with_production_offmap_boxes_false_a_placed_new_citys_boxes_may_be_used():
    game = growth(
        production=0,
        extra="""options = { production_offmap_boxes = false }
        new_cities = { Q6 = "C" }""",
        display="""
        C = ["", "black"]
        D = ["", ""]
    """,
    )
    game.supply_chance({"kind": "draw", "cubes": ["red", "blue"]})
    assert {a.box for a in game.legal_actions()} == {"C/1"}
    act(game, "place_cube", box="C/1")
    # no room for the second cube: it goes back to the bag
    assert game.to_move == CHANCE


def test_production_cubes_without_an_empty_box_go_back_to_the_bag():
    game = growth(
        production=1,
        display="""
        light1 = ["", "red", "red"]
    """,
    )
    bag = dict(game.state.bag)
    game.supply_chance({"kind": "draw", "cubes": ["yellow", "black"]})
    act(game, "place_cube", box="light1/1")
    assert game.to_move == CHANCE
    assert column(game, "light1") == ["yellow", "red", "red"]
    assert game.state.bag == {**bag, "yellow": bag["yellow"] - 1}  # the black cube is back


def test_production_is_useless_in_turn_1_when_the_display_is_full():
    game = scenario(
        """
        players = 3
        phase = "goods_growth"
        [[player]]
        seat = 0
        action = "production"
    """,
        auto_chance=False,
    )
    display = {k: list(v) for k, v in game.state.display.items()}
    assert all(c is not None for col in display.values() for c in col)
    bag = dict(game.state.bag)
    colours = [c for c, n in bag.items() if n][:1] * 2
    game.supply_chance({"kind": "draw", "cubes": colours})
    assert game.to_move == CHANCE  # nowhere to place: straight on to the dice
    assert game.state.bag == bag
    assert game.state.display == display


def test_production_draws_only_what_is_left_in_a_nearly_empty_bag():
    first = growth(production=0, display='light1 = ["", "", ""]')
    rest = [c for c, n in sorted(first.state.bag.items()) for _ in range(n)]
    keep = rest.pop()  # all but one cube go on to Chicago
    game = growth(production=0, display='light1 = ["", "", ""]', extra=f"cubes = {{ L7 = {rest} }}")
    assert game.state.bag == {**{c: 0 for c in game.state.bag}, keep: 1}
    with pytest.raises(IllegalAction, match="as many cubes as the bag allows"):
        game.supply_chance({"kind": "draw", "cubes": []})
    game.supply_chance({"kind": "draw", "cubes": [keep]})
    act(game, "place_cube", box="light1/3")
    assert game.to_move == CHANCE
    assert sum(game.state.bag.values()) == 0


def test_production_can_only_draw_cubes_that_are_in_the_bag():
    first = growth(production=0, display='light1 = ["", "", ""]')
    not_black = [c for c in first.state.bag if c != "black" for _ in range(first.state.bag[c])]
    game = growth(production=0, display='light1 = ["", "", ""]', extra=f"cubes = {{ L7 = {not_black} }}")
    assert game.state.bag["red"] == 0 and game.state.bag["black"] > 0
    with pytest.raises(IllegalAction, match="the bag holds 0 red cubes, not 1"):
        game.supply_chance({"kind": "draw", "cubes": ["red", "black"]})


def test_production_draws_at_most_2_cubes():
    game = growth(production=0, display='light1 = ["", "", ""]')
    with pytest.raises(IllegalAction, match="Production draws 2 cubes"):
        game.supply_chance({"kind": "draw", "cubes": ["red", "red", "red"]})


def test_without_a_production_holder_the_dice_are_rolled_at_once():
    game = growth(display='light1 = ["", "", ""]')
    assert game.to_move == CHANCE
    with pytest.raises(IllegalAction, match="no cubes are drawn for Production now"):
        game.supply_chance({"kind": "draw", "cubes": ["red", "red"]})
    roll(game, [1, 1, 1], [1, 1, 1])
    assert game.state.turn == 2 and game.state.phase == "issue_shares"


def test_with_an_empty_display_the_dice_move_nothing():
    game = growth(display=EMPTY_DISPLAY)
    assert sum(game.state.bag.values()) == 96
    roll(game, [1, 2, 3], [4, 5, 6])
    assert all(not cubes(game, lab) for lab in ("L7", "T5", "U0", "Q16", "L17", "C16"))
