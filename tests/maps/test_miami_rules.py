"""Miami 2030's rules (rulebook 000), one test per rule sentence and the README's Rulings. Random games on
each difficulty are in test_miami_random_play.py; the random bot's figures quoted in the README are measured by
``benchmarks/solo_random.py``."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ageofsteam import Game, IllegalAction, view
from ageofsteam.board.hexes import DIRECTIONS
from ageofsteam.board.tiles import oriented
from ageofsteam.cli.describe import state_renderable
from ageofsteam.cli.main import app
from ageofsteam.engine.invariants import check_invariants
from ageofsteam.maps.miami.rules import PEOPLE
from ageofsteam.maps.miami.state import Result, state
from ageofsteam.render import render_svg
from tests.conftest import act, refused, scenario

MAP = "miami-2030"
SETUP_FLOODS = ["A5", "B4", "D4", "F4", "H4", "L4", "N4"]
# Amtrak (G1, red) – H2 – Allapattah (J2): one hex of track, a gentle curve from NW to S.
H2_TO_AMTRAK = '[[track]]\nhex = "H2"\ntile = "gentle"\nrotation = 3\nowner = 0\n'
# Amtrak – F2 – H2 – Allapattah: two hexes.
F2_H2 = (
    '[[track]]\nhex = "F2"\ntile = "sharp"\nrotation = 3\nowner = 0\n'
    '[[track]]\nhex = "H2"\ntile = "straight"\nrotation = 0\nowner = 0\n'
)
# Coral Gables (N2) – L2 – Allapattah (J2): one hex of track, owned by the player.
L2_TO_ALLAPATTAH = '[[track]]\nhex = "L2"\ntile = "straight"\nrotation = 0\nowner = 0\n'


def game(
    body: str = "",
    phase: str = "build_track",
    cash: int = 20,
    action: str | None = None,
    people: str = "J2 = { red = 1 }",
    floods: list[str] | None = None,
    turn: int = 1,
    options: str = "",
    auto_chance: bool = True,
    top: str = "",
    engine: int = 1,
) -> Game:
    wet = ", ".join(f'{lab} = ["flood"]' for lab in (SETUP_FLOODS if floods is None else floods))
    head = (
        f'map = "{MAP}"\nplayers = 1\nphase = "{phase}"\nturn = {turn}\n{options}{top}'
        f"extra.people = {{ {people} }}\nextra.markers = {{ {wet} }}\n"
    )
    who = f"[[player]]\nseat = 0\ncash = {cash}\nengine = {engine}\n" + (f'action = "{action}"\n' if action else "")
    return scenario(head + who + body, auto_chance=auto_chance)


def rotation(tile: str, *edges: str) -> int:
    """The rotation of ``tile`` whose track ends are exactly ``edges`` (N, NE, SE, S, SW, NW)."""
    want = {DIRECTIONS.index(e) for e in edges}
    return next(r for r in range(6) if {e for t in oriented(tile, r, False) for e in t} == want)


def flooded(g: Game) -> set[str]:
    return {lab for lab, kinds in state(g.state).markers.items() if "flood" in kinds}


def link(g: Game, a: str, b: str) -> str:
    """The id of the completed link between the places at labels ``a`` and ``b``."""
    ends = {g.state.map.by_label[a], g.state.map.by_label[b]}
    (found,) = [lk.id for lk in g.state.network.links.values() if {lk.a, lk.b} == ends]
    return found


def finish_round(g: Game) -> None:
    """Skip both move rounds; flood the first offered hexes."""
    while g.state.phase == "move_goods":
        act(g, "skip_move")
    while g.state.phase == "flooding" and not g.over:
        act(g, "flood_hex", hex=g.legal_actions()[0].hex)  # type: ignore[attr-defined]


# --- setup ----------------------------------------------------------------------------------------


def test_one_flood_cube_on_each_beach_hex_of_miami_west_and_north_at_setup():
    g = Game.new(MAP, players=1, seed=3)
    assert sorted(flooded(g)) == sorted(SETUP_FLOODS)


def test_remove_the_black_cubes_and_the_black_cities():
    st = Game.new(MAP, players=1, seed=3).state
    assert "black" not in st.bag and "black" not in st.rules.extra_goods(st)
    assert all(st.rules.NEW_CITIES[c][0] != "black" for c in st.new_cities_left)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_choose_a_difficulty_and_place_its_people_at_random_in_the_districts(difficulty):
    st = Game.new(MAP, players=1, seed=5, options={"difficulty": difficulty}).state
    rules = st.rules
    people = {st.map.by_label[lab]: cubes for lab, cubes in state(st).people.items()}
    assert {h: sum(c.values()) for h, c in people.items()} == rules.people_placement(difficulty)
    colours: dict[str, int] = {}
    for cubes in people.values():
        for c, n in cubes.items():
            colours[c] = colours.get(c, 0) + n
    assert colours == PEOPLE[difficulty]
    assert (
        view(Game.new(MAP, players=1, seed=5, options={"difficulty": difficulty}))["extra"]["people"]
        == state(st).people
    )


def test_the_people_are_placed_at_random():
    placements = {str(state(Game.new(MAP, players=1, seed=s).state).people) for s in range(6)}
    assert len(placements) > 1


def test_a_placement_that_does_not_follow_the_difficulty_is_refused():
    from ageofsteam.maps.miami.rules import PlacePeople

    made = Game.new(MAP, players=1, seed=1, options={"difficulty": "easy"}).record
    before = made.model_copy(update={"actions": made.actions[:2]})  # the setup draw and the player order
    game = Game.from_record(before, auto_chance=False)
    st = game.state
    assert st.step == "people"
    wrong = PlacePeople({st.label(h): ["red"] * n for h, n in st.rules.people_placement("easy").items()})
    with pytest.raises(IllegalAction, match="easy people are"):
        game.supply_chance(wrong)


def test_an_unknown_difficulty_is_refused():
    from ageofsteam import BadInput

    with pytest.raises(BadInput, match="option 'difficulty' must be one of easy, medium, hard, not 'impossible'"):
        Game.new(MAP, players=1, seed=1, options={"difficulty": "impossible"})
    with pytest.raises(BadInput, match="not 'Hard'"):  # the values are words in lower case
        Game.new(MAP, players=1, seed=1, options={"difficulty": "Hard"})


# --- actions --------------------------------------------------------------------------------------


def test_only_locomotive_urbanize_engineer_coast_guard_and_fire_fighter_may_be_chosen():
    g = game(phase="select_actions")
    assert {a.action for a in g.legal_actions()} == {  # type: ignore[attr-defined]
        "locomotive",
        "urbanization",
        "engineer",
        "coast_guard",
        "fire_fighter",
    }
    with pytest.raises(IllegalAction):
        act(g, "select_action", action="first_build")


def test_no_auction_for_the_one_player():
    g = game(phase="issue_shares")
    act(g, "issue_shares", count=0)
    assert g.state.phase == "select_actions"


# --- laying track ---------------------------------------------------------------------------------


def test_you_cannot_lay_track_on_a_hex_that_holds_a_flood_cube():
    g = game(floods=[*SETUP_FLOODS, "C1"])
    assert not [a for a in g.legal_actions() if getattr(a, "hex", None) == "C1"]
    before = view(g)
    with pytest.raises(IllegalAction):
        act(g, "build", hex="C1", tile="straight", rotation=1)
    assert view(g) == before


def test_you_cannot_lay_track_on_a_hex_that_holds_a_flood_cube_but_track_may_point_into_it():
    # Amtrak (G1) is F2's SW neighbour; E1, flooded, is its NW one.
    g = game(floods=[*SETUP_FLOODS, "E1"])
    sharp = rotation("sharp", "SW", "NW")
    assert any(a.hex == "F2" and a.rotation == sharp for a in g.legal_actions() if a.kind == "build")  # type: ignore[attr-defined]
    act(g, "build", hex="F2", tile="sharp", rotation=sharp)
    assert g.state.players[0].cash == 18
    with pytest.raises(IllegalAction, match="E1 holds a flood cube: only Coast Guard"):
        act(g, "build", hex="E1", tile="straight", rotation=rotation("straight", "N", "S"))


def test_coast_guard_continues_track_that_points_into_a_flooded_hex():
    g = game(floods=[*SETUP_FLOODS, "E1"], action="coast_guard")
    act(g, "build", hex="F2", tile="sharp", rotation=rotation("sharp", "SW", "NW"))
    act(g, "build", hex="E1", tile="straight", rotation=rotation("straight", "SE", "NW"))  # on to Opa-locka (D0)
    assert g.state.players[0].cash == 20 - 2 - 4
    (link,) = g.state.network.links.values()
    assert {g.state.label(link.a), g.state.label(link.b)} == {"G1", "D0"}


def test_an_upgrade_on_a_flooded_hex_lays_track_there_too_so_only_coast_guard_may():
    body = '[[track]]\nhex = "E1"\ntile = "straight"\nrotation = 0\nowner = 0\n'  # Amtrak (S) – C1 (N)
    g = game(body, floods=[*SETUP_FLOODS, "E1"])  # the water reached E1 after the track was laid
    with pytest.raises(IllegalAction, match="E1 holds a flood cube: only Coast Guard"):
        act(g, "build", hex="E1", tile="straight_sharp", rotation=0)  # adds F0 (SW) – Opa-locka (NW)
    g = game(body, floods=[*SETUP_FLOODS, "E1"], action="coast_guard")
    act(g, "build", hex="E1", tile="straight_sharp", rotation=0)
    assert "E1" in flooded(g) and len(view(g)["track"][0]["tracks"]) == 2


def test_you_cannot_lay_track_on_a_district():
    g = game('[[track]]\nhex = "C1"\ntile = "straight"\nrotation = 1\nowner = 0\n')
    assert not [a for a in g.legal_actions() if getattr(a, "hex", None) == "B2"]
    with pytest.raises(IllegalAction, match="district"):
        act(g, "build", hex="B2", tile="town_1", rotation=4)


def test_laying_track_on_a_flat_or_beach_hex_costs_2():
    g = game()
    act(g, "build", hex="C1", tile="straight", rotation=1)
    assert g.state.players[0].cash == 18


def test_the_engineer_cannot_lay_track_on_a_flooded_hex_either():
    g = game(floods=[*SETUP_FLOODS, "C1"], action="engineer")
    assert g.state.build.builds_left == 4
    with pytest.raises(IllegalAction):
        act(g, "build", hex="C1", tile="straight", rotation=1)


def test_coast_guard_lays_track_on_a_flooded_hex_for_4_and_the_flood_cube_goes_onto_the_tile():
    g = game(floods=[*SETUP_FLOODS, "C1"], action="coast_guard")
    act(g, "build", hex="C1", tile="straight", rotation=1)
    assert g.state.players[0].cash == 16
    assert "C1" in flooded(g) and "C1" in {t["hex"] for t in view(g)["track"]}
    assert "flood cube of C1 goes onto the new track" in " ".join(g.state.log)


def test_flooded_hex_laying_cost_adds_the_complex_tile_surcharge():
    # Rulebook: "Flooded hex: $4"; otherwise the base costs apply, where a complex tile costs more than a simple
    # one on every terrain: +$1 coexisting, +$2 crossing. E1 lies between Amtrak (G1) and Opa-locka (D0).
    crossing, coexisting = ("x", rotation("x", "S", "N", "SE", "NW")), ("straight_sharp", 0)
    for (tile, turn), price in ((crossing, 4 + 2), (coexisting, 4 + 1), (("straight", 0), 4)):
        g = game(floods=[*SETUP_FLOODS, "E1"], action="coast_guard")
        act(g, "build", hex="E1", tile=tile, rotation=turn)
        assert g.state.players[0].cash == 20 - price, tile
    dry = game(action="coast_guard")
    act(dry, "build", hex="E1", tile=crossing[0], rotation=crossing[1])
    assert dry.state.players[0].cash == 20 - (2 + 2)  # the same crossing on a dry hex: $2 + $2


def test_the_listed_builds_on_a_flooded_hex_carry_the_surcharge_too():
    g = game(floods=[*SETUP_FLOODS, "E1"], action="coast_guard", cash=5)
    listed = {(a.tile, a.rotation) for a in g.legal_actions() if a.kind == "build" and a.hex == "E1"}  # type: ignore[attr-defined]
    assert ("straight_sharp", 0) in listed  # $5
    assert not any(tile in ("x", "bow", "gentle_crossing") for tile, _ in listed)  # $6: more than the $5 held
    refused(g, "build", ("costs $6", "you have $5"), hex="E1", tile="x", rotation=rotation("x", "S", "N", "SE", "NW"))


def test_an_upgrade_or_redirection_on_a_flooded_hex_costs_the_base_price_whatever_the_water():
    # Base rules IV.3-IV.5: replacing or redirecting ignores the terrain: simple → crossing $3, other upgrades
    # $2, a redirection $2. The water reached E1 after its straight (Amtrak S – C1 N, unfinished) was laid.
    body = '[[track]]\nhex = "E1"\ntile = "straight"\nrotation = 0\nowner = 0\n'
    for tile, turn, price in (
        ("x", rotation("x", "S", "N", "SE", "NW"), 3),
        ("straight_sharp", 0, 2),
        ("sharp", rotation("sharp", "S", "SE"), 2),  # the open end turned from C1 towards F2
    ):
        g = game(body, floods=[*SETUP_FLOODS, "E1"], action="coast_guard")
        act(g, "build", hex="E1", tile=tile, rotation=turn)
        assert g.state.players[0].cash == 20 - price, tile


def test_rules_version_1_records_still_replay_with_a_flat_4_for_any_tile_on_a_flooded_hex():
    g = game(floods=[*SETUP_FLOODS, "E1"], action="coast_guard")
    old = Game.from_record(g.record.model_copy(update={"rules_version": 1}))
    assert old.state.rules_version == 1
    act(old, "build", hex="E1", tile="x", rotation=rotation("x", "S", "N", "SE", "NW"))
    assert old.state.players[0].cash == 20 - 4
    replayed = Game.from_record(old.record)
    assert replayed.record.rules_version == 1 and view(replayed) == view(old)


def test_track_ending_at_a_district_makes_a_link_to_it():
    g = game(H2_TO_AMTRAK, phase="move_goods")
    (link,) = g.state.network.links.values()
    assert {g.state.label(link.a), g.state.label(link.b)} == {"G1", "J2"}


def test_a_district_is_a_city_with_no_colour_so_track_may_be_built_out_of_it():
    # Allapattah (J2) is K3's NW neighbour; no exit and no track of the player's is near K3.
    straight = rotation("straight", "NW", "SE")
    g = game()  # the player's first tile: it may touch the district as it would a City
    assert any(a.hex == "K3" and a.rotation == straight for a in g.legal_actions() if a.kind == "build")  # type: ignore[attr-defined]
    act(g, "build", hex="K3", tile="straight", rotation=straight)
    assert g.state.players[0].cash == 18
    g = game('[[track]]\nhex = "C1"\ntile = "straight"\nrotation = 1\nowner = 0\n')  # has built before
    act(g, "build", hex="K3", tile="straight", rotation=straight)
    assert {t["hex"] for t in view(g)["track"]} == {"C1", "K3"}


def test_ruling_option_track_from_districts_false_track_only_reaches_a_district():
    off = "options = { track_from_districts = false }\n"
    straight = rotation("straight", "NW", "SE")
    g = game(options=off)
    assert not [a for a in g.legal_actions() if getattr(a, "hex", None) == "K3"]
    with pytest.raises(IllegalAction, match="must connect to a City or to your own track"):
        act(g, "build", hex="K3", tile="straight", rotation=straight)
    g = game('[[track]]\nhex = "C1"\ntile = "straight"\nrotation = 1\nowner = 0\n', options=off)
    with pytest.raises(IllegalAction, match="must connect to a City or to your own track"):
        act(g, "build", hex="K3", tile="straight", rotation=straight)
    g = game(H2_TO_AMTRAK, phase="move_goods", options=off)  # reaching a district from an exit still links
    assert len(g.state.network.links) == 1


# --- urbanize -------------------------------------------------------------------------------------


def test_urbanize_places_a_new_city_on_a_district_and_its_people_move_onto_it():
    g = game(action="urbanization", people="J2 = { red = 1, purple = 1 }")
    act(g, "urbanize", hex="J2", city="A")
    st = g.state
    assert st.new_cities == {st.map.by_label["J2"]: "A"}
    assert st.cubes[st.map.by_label["J2"]] == {"red": 1, "purple": 1}
    assert "J2" not in state(st).people
    assert check_invariants(g) == []


def test_urbanize_only_on_a_district():
    g = game(action="urbanization", people="J2 = { red = 1 }")
    towns = {a.hex for a in g.legal_actions() if a.kind == "urbanize"}  # type: ignore[attr-defined]
    assert towns == {g.state.label(h) for h in g.state.map.towns}


# --- goods transport ------------------------------------------------------------------------------


def test_delivering_a_person_to_an_exit_increases_income():
    g = game(H2_TO_AMTRAK, phase="move_goods")
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    assert g.state.players[0].income == 1
    assert state(g.state).evacuated == {"red": 1} and state(g.state).people == {}


def test_no_cube_can_be_delivered_to_a_district_until_it_has_been_urbanized():
    g = game(
        '[[track]]\nhex = "L2"\ntile = "straight"\nrotation = 0\nowner = 0\n',
        phase="move_goods",
        people="N2 = { red = 1 }",
    )
    assert [a.kind for a in g.legal_actions()] == ["skip_move", "upgrade_engine"]


def test_delivering_to_an_urbanized_district_pays_nothing_but_the_person_leaves_the_map():
    g = game(
        '[[track]]\nhex = "L2"\ntile = "straight"\nrotation = 0\nowner = 0\n',
        top='new_cities = { J2 = "A" }\n',
        phase="move_goods",
        people="N2 = { red = 1 }",
    )
    act(g, "deliver", city="N2", colour="red", links=[next(iter(g.state.network.links))])
    st = g.state
    assert st.players[0].income == 0
    assert state(st).evacuated == {"red": 1} and st.cubes[st.map.by_label["J2"]] == {}


def test_each_flooded_hex_passed_reduces_the_income_by_1():
    g = game(F2_H2, phase="move_goods", floods=[*SETUP_FLOODS, "F2"])
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    assert g.state.players[0].income == 0  # 1 link, 1 flooded hex passed


def test_income_can_be_reduced_to_a_minimum_of_0_and_never_goes_negative():
    g = game(F2_H2, phase="move_goods", floods=[*SETUP_FLOODS, "F2", "H2"])
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    assert g.state.players[0].income == 0


def test_fire_fighter_transports_across_flooded_hexes_without_the_income_reduction():
    g = game(F2_H2, phase="move_goods", floods=[*SETUP_FLOODS, "F2", "H2"], action="fire_fighter")
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    assert g.state.players[0].income == 1


@pytest.mark.parametrize(
    ("floods", "income"),
    [([], 2), (["L2"], 1), (["F2"], 1), (["F2", "H2"], 0), (["L2", "F2", "H2"], 0)],
    ids=["dry", "first-link", "second-link", "two-on-one-link", "more-than-the-links"],
)
def test_on_a_delivery_of_two_links_each_flooded_hex_passed_reduces_the_income_by_1(floods, income):
    # Coral Gables (N2) – L2 – Allapattah (J2), then Allapattah – H2 – F2 – Amtrak (G1): two links, three hexes
    g = game(
        L2_TO_ALLAPATTAH + F2_H2,
        phase="move_goods",
        people="N2 = { red = 1 }",
        engine=2,
        floods=[*SETUP_FLOODS, *floods],
    )
    act(g, "deliver", city="N2", colour="red", links=[link(g, "N2", "J2"), link(g, "J2", "G1")])
    assert g.state.players[0].income == income


def test_the_loss_comes_off_the_players_own_links_first():
    # Coral Gables (N2) – L2 – Allapattah (J2) is unowned; Allapattah – H2 – Amtrak (G1) is the player's. The
    # flood lies on the unowned link, yet its loss comes off the player's income (Rulings: the flood penalty).
    unowned = '[[track]]\nhex = "L2"\ntile = "straight"\nrotation = 0\n'
    dry = game(unowned + H2_TO_AMTRAK, phase="move_goods", people="N2 = { red = 1 }", engine=2)
    wet = game(
        unowned + H2_TO_AMTRAK,
        phase="move_goods",
        people="N2 = { red = 1 }",
        engine=2,
        floods=[*SETUP_FLOODS, "L2"],
    )
    for g in (dry, wet):
        first, second = link(g, "N2", "J2"), link(g, "J2", "G1")
        assert g.state.network.links[first].owner is None and g.state.network.links[second].owner == 0
        act(g, "deliver", city="N2", colour="red", links=[first, second])
    assert dry.state.players[0].income == 1  # the player's own link pays; the unowned one pays no one
    assert wet.state.players[0].income == 0


# --- round marker advance / flooding ----------------------------------------------------------------


def test_in_rounds_1_to_5_one_flood_cube_goes_on_a_beach_hex_not_yet_flooded():
    g = game(phase="move_goods", turn=3)
    act(g, "skip_move")
    act(g, "skip_move")
    assert g.state.phase == "flooding"
    sites = {a.hex for a in g.legal_actions()}  # type: ignore[attr-defined]
    assert sites == {"D6", "F6", "J6", "N6", "R6"}  # the dry beaches of Miami East
    act(g, "flood_hex", hex="J6")
    assert g.state.phase == "issue_shares" and g.state.turn == 4
    assert "J6" in flooded(g)


def test_a_flooded_hex_or_a_district_cannot_take_a_flood_cube():
    g = game(phase="move_goods", turn=3)
    act(g, "skip_move")
    act(g, "skip_move")
    before = view(g)
    with pytest.raises(IllegalAction, match="already flooded"):
        act(g, "flood_hex", hex="B4")
    with pytest.raises(IllegalAction, match="never placed in districts"):
        act(g, "flood_hex", hex="H6")
    assert view(g) == before


def test_a_beach_with_track_is_flooded_all_the_same():
    g = game('[[track]]\nhex = "J6"\ntile = "straight"\nrotation = 0\nowner = 0\n', phase="move_goods")
    act(g, "skip_move")
    act(g, "skip_move")
    act(g, "flood_hex", hex="J6")
    assert "J6" in flooded(g) and "J6" in {t["hex"] for t in view(g)["track"]}


def test_in_rounds_6_to_9_two_flood_cubes_on_two_different_beach_hexes():
    g = game(phase="move_goods", turn=6)
    act(g, "skip_move")
    act(g, "skip_move")
    act(g, "flood_hex", hex="D6")
    assert g.state.phase == "flooding"
    assert "D6" not in {a.hex for a in g.legal_actions()}  # type: ignore[attr-defined]
    act(g, "flood_hex", hex="F6")
    assert g.state.turn == 7 and {"D6", "F6"} <= flooded(g)


def test_when_all_beaches_are_flooded_a_hex_next_to_a_beach_but_never_a_district_or_an_exit():
    beaches = [*SETUP_FLOODS, "D6", "F6", "J6", "N6", "R6"]
    g = game(phase="move_goods", turn=7, floods=beaches)
    act(g, "skip_move")
    act(g, "skip_move")
    sites = {a.hex for a in g.legal_actions()}  # type: ignore[attr-defined]
    st = g.state
    assert sites and not sites & set(beaches)
    for lab in sites:
        h = st.map.by_label[lab]
        assert h not in st.map.towns and h not in st.map.city_at
        assert any(st.map.terrain[n] == "beach" for n in st.map.neighbours[h] if n >= 0)


def test_round_10_has_no_flooding_and_20_hexes_are_flooded_by_then():
    st = Game.new(MAP, players=1, seed=2).state
    assert len(st.rules.flooded(st)) + sum(st.rules.FLOODS_PER_ROUND.values()) == 20
    assert 10 not in st.rules.FLOODS_PER_ROUND


# --- victory --------------------------------------------------------------------------------------


def test_evacuating_all_of_the_people_without_going_bankrupt_wins():
    g = game(H2_TO_AMTRAK, phase="move_goods")
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    finish_round(g)
    assert g.over
    result = view(g)["extra"]["result"]
    assert result["won"] is True and result["left"] == 0 and result["evacuated"] == 1
    assert state(g.state).result == Result(True, 1, 1, 0, "every person is evacuated")
    assert any(line.startswith("Won in round 1") for line in g.state.log)


def test_going_bankrupt_loses():
    g = game(H2_TO_AMTRAK, phase="move_goods", cash=0)
    act(g, "skip_move")
    act(g, "skip_move")
    result = state(g.state).result
    assert g.over and result is not None and result.won is False and result.reason == "bankrupt"


def test_people_left_on_the_map_after_round_10_lose():
    g = game(phase="move_goods", turn=10, cash=20)
    finish_round(g)
    assert g.over
    assert state(g.state).result == Result(False, 10, 0, 1, "1 person is still on the map after round 10")


def render_text(g: Game) -> str:
    console = Console(width=200, file=io.StringIO())
    console.print(state_renderable(g))
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_the_win_is_shown_to_the_player_at_the_end():
    g = game(H2_TO_AMTRAK, phase="move_goods")
    act(g, "deliver", city="J2", colour="red", links=[next(iter(g.state.network.links))])
    finish_round(g)
    line = "You won in round 1: every person is evacuated (1 evacuated, 0 left)."
    assert view(g)["result"] == [line] and line in render_text(g)


def test_the_loss_is_shown_to_the_player_at_the_end():
    g = game(phase="move_goods", turn=10, cash=20)
    finish_round(g)
    line = "You lost in round 10: 1 person is still on the map after round 10 (0 evacuated, 1 left)."
    assert view(g)["result"] == [line] and line in render_text(g)


def test_no_result_is_shown_before_the_end():
    g = game(phase="move_goods", turn=3)
    assert "result" not in view(g)
    text = render_text(g)
    assert "Evacuated: 0 of " in text and "Flooded hexes: 7; 13 flood cubes left" in text


def test_aos_play_shows_the_result_at_the_end():
    result = CliRunner().invoke(app, ["play", "--map", MAP, "-p", "1", "--bots", "1", "--seed", "3"], input="")
    assert result.exit_code == 0, result.output
    tail = result.output[result.output.index("Final standings:") :]
    assert "You lost in round" in tail or "You won in round" in tail


def test_the_game_goes_on_while_people_wait_before_round_10():
    g = game(phase="move_goods", turn=4, cash=20)
    finish_round(g)
    assert not g.over and g.state.turn == 5


# --- the picture ----------------------------------------------------------------------------------


def test_the_people_waiting_on_the_districts_are_drawn():
    g = game()
    j2 = g.state.map.by_label["J2"]
    assert g.state.rules.goods_on_hexes(g.state) == {j2: {"red": 1}}
    svg = render_svg(g.state)
    assert 'class="hex-goods"' in svg and svg.count("<rect") > render_svg(game(people="").state).count("<rect")
