"""The map file format (docs/map-format.md): every feature loads; broken files are refused with the fault and
its place; the validator lists every problem of a file; ``aos map check``."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ageofsteam.board.hexes import SE, SW, N, S
from ageofsteam.board.mapdata import MapData, MapError, load_map_file, parse_map
from ageofsteam.board.validate import check_board, validate_data, validate_map_file
from ageofsteam.cli.main import app
from ageofsteam.cli.map_cmd import bundled_maps
from ageofsteam.engine.actions import CHANCE
from ageofsteam.engine.state import GameState
from ageofsteam.rules.base import BaseRules

BROKEN = Path(__file__).parent / "broken"
RUST_BELT = Path(__file__).parents[2] / "src" / "ageofsteam" / "maps" / "rust_belt" / "map.toml"

# A small hex map using every feature of the format. Labels (odd columns low):
#   row 0: A0 B1 A2 B3 A4 B5 / row 1: C0 D1 C2 D3 C4 D5 / row 2: E0 F1 E2 F3 E4 F5
HEX_MAP = """
id = "features"
name = "Features"
players = [3, 5]
extra_terrain = ["glacier", "volcano", "urban"]
extra_features = ["geyser", "oil_field", "flood", "volcano", "airport"]
extra_city_kinds = ["exit", "skyscraper"]
extra_town_kinds = ["construction_site", "district"]
grid = '''
CCW.XG
CC~tp.
.dM^S.
'''

[legend]
"." = "plain"
"~" = "river"
"W" = "lake"
"M" = "mountain"
"^" = "volcano"
"G" = "glacier"
"C" = "city"
"X" = "city"
"S" = "city"
"t" = "town"
"p" = "town"
"d" = "town"

[facts]
hexes = 18
cities = 3
city_hexes = 6
towns = 3
districts = 1
construction_sites = 1
exits = 1
skyscrapers = 1
ports = 1
special_links = 3
plain = 4
glacier = 1
terrain.mountain = 1
terrain.city = 6
"terrain.town" = 3
feature.oil_field = 1
feature.volcano = 1
feature.geyser = 1
area.north = 3

[[city]]
name = "Big City"
hexes = ["A0", "B1", "C0", "D1"]
colours = []
cubes = 0

[[city]]
name = "Exit"
kind = "exit"
hex = "A4"
colour = "red"
growth = "none"

[[city]]
name = "Tower"
kind = "skyscraper"
hex = "E4"
colours = ["red", "blue"]
growth = ["light 1", "dark 2"]
cubes = 3

[[town]]
name = "Harbour"
hex = "D3"
port = true

[[town]]
name = "Site"
kind = "construction_site"
hex = "C4"
terrain = "urban"

[[town]]
name = "Campus"
kind = "district"
hex = "F1"

[[feature]]
hex = "E0"
kind = "oil_field"
value = 3

[[feature]]
hex = "B3"
kind = "flood"

[[feature]]
hex = "F3"
kind = "volcano"

[[feature]]
hex = "E2"
kind = "airport"

[[feature]]
hex = "C2"
kind = "geyser"

[areas]
north = ["A0", "A2", "A4"]
south = ["E0", "E2", "E4"]

[[special_link]]
id = "big-bridge"
kind = "bridge"
ends = ["D1", "D3"]
via = ["C2"]
cost = 8

[[special_link]]
id = "harbour-ferry"
kind = "ferry"
ends = ["A4", "D3"]
via = ["B3"]
cost = 6
condition = "town_built"

[[special_link]]
id = "tower-link"
kind = "city_link"
ends = ["E4", "C4"]
cost = 6

[[blocked]]
hex = "B3"
edges = ["S", "SE"]
"""

AREA_MAP = """
id = "regions"
name = "Regions"
kind = "area"
players = [3, 6]
extra_features = ["airport"]
extra_terrain = ["brown"]

[facts]
regions = 5
cities = 3
towns = 2
circles = 3
large_circles = 1
airports = 1
brown = 1
area.west = 2

[[region]]
id = "FR"
name = "France"
colour = "blue"
growth = ["light 3", "light 4"]
cubes = 2
large_circle = true
x = 412
y = 530.5
shape = [[380, 480], [460, 470], [470, 590], [390, 600]]

[[region]]
id = "ES"
name = "Spain"
colour = "yellow"
growth = "light 2"

[[region]]
id = "PT"
name = "Portugal"
terrain = "brown"

[[region]]
id = "CH"
name = "Switzerland"
new_city = false
river = true

[[region]]
id = "AK"
name = "Alaska"
colours = ["red"]
growth = "dark 1"
airport = true

[[circle]]
id = "FR-ES"
regions = ["FR", "ES"]
x = 395
y = 610

[[circle]]
id = "ES-PT"
regions = ["ES", "PT"]
kind = "sea"

[[circle]]
id = "FR-CH-ES"
regions = ["FR", "CH", "ES"]
capacity = 2

[areas]
west = ["PT", "ES"]

[[feature]]
region = "ch"
kind = "airport"
"""


def load(text: str) -> MapData:
    return parse_map(tomllib.loads(text), "test")


def set_up(board: MapData, players: int = 3) -> GameState:
    """A game on ``board`` with its setup chance drawn."""
    rules = BaseRules(board)
    g = rules.new_state([(f"P{i}", rules.PLAYER_COLOURS[i]) for i in range(players)])
    rng = random.Random(1)
    while g.to_move == CHANCE:
        rules.apply(g, rules.sample_chance(g, rng))
    return g


# --- every feature loads -------------------------------------------------------------------------------


def test_hex_map_places_and_kinds() -> None:
    m = load(HEX_MAP)
    assert (m.kind, m.size, m.players) == ("hex", 18, (3, 5))
    big, exit_, tower = m.cities
    assert [m.labels[h] for h in big.hexes] == ["A0", "B1", "C0", "D1"]
    assert big.colours == () and big.growth == () and big.cubes == 0 and big.kind == "city"
    assert all(m.city_at[m.hex_id(t)] == 0 for t in ("A0", "B1", "C0", "D1"))
    assert (exit_.kind, exit_.colours, exit_.growth) == ("exit", ("red",), ())
    assert m.city_kinds[m.hex_id("A4")] == "exit" and m.city_kinds[m.hex_id("D1")] == "city"
    assert (tower.kind, tower.colours, tower.growth, tower.cubes) == (
        "skyscraper",
        ("red", "blue"),
        ("light1", "dark2"),
        3,
    )
    kinds = {m.towns[h]: k for h, k in m.town_kinds.items()}
    assert kinds == {"Harbour": "town", "Site": "construction_site", "Campus": "district"}
    assert [m.towns[h] for h in m.ports] == ["Harbour"]
    assert m.terrain[m.hex_id("C4")] == "urban" and m.terrain[m.hex_id("D3")] == "plain"
    assert m.terrain[m.hex_id("B5")] == "glacier" and m.terrain[m.hex_id("A4")] == "city"


def test_hex_map_features_areas_links_blocked() -> None:
    m = load(HEX_MAP)
    h = m.hex_id
    assert m.features == {
        h("E0"): {"oil_field": 3},
        h("B3"): {"flood": True},
        h("F3"): {"volcano": True},
        h("E2"): {"airport": True},
        h("C2"): {"geyser": True},  # a kind of the map's own (extra_features)
    }
    assert m.places_with("volcano") == [h("F3")]
    assert m.areas == {"north": frozenset({h("A0"), h("A2"), h("A4")}), "south": frozenset({h("E0"), h("E2"), h("E4")})}
    bridge, ferry, link = m.special_links
    assert (bridge.id, bridge.kind, bridge.ends, bridge.via, bridge.cost, bridge.condition) == (
        "big-bridge",
        "bridge",
        (h("D1"), h("D3")),
        (h("C2"),),
        8,
        None,
    )
    assert (ferry.kind, ferry.condition, ferry.cost) == ("ferry", "town_built", 6)
    assert (link.kind, link.ends, link.via) == ("city_link", (h("E4"), h("C4")), ())
    # blocked on both sides of each edge
    assert {(h("B3"), S), (h("D3"), 0), (h("B3"), SE), (h("C4"), 5)} == set(m.blocked)
    assert m.neighbours[h("B3")][SE] == h("C4") and m.neighbours[h("A0")][N] == -1
    assert m.neighbours[h("D1")][SW] == h("E0")


def test_area_map_regions_are_places() -> None:
    m = load(AREA_MAP)
    assert (m.kind, m.size, m.labels) == ("area", 5, ["FR", "ES", "PT", "CH", "AK"])
    assert m.is_area and all(nb == (-1,) * 6 for nb in m.neighbours)
    fr, es, pt, ch, ak = range(5)
    assert m.hex_id("fr") == fr
    assert [c.name for c in m.cities] == ["France", "Spain", "Alaska"]
    france = m.cities[m.city_at[fr]]
    assert (france.colours, france.growth, france.cubes, france.hexes) == (("blue",), ("light3", "light4"), 2, (fr,))
    assert m.towns == {pt: "Portugal", ch: "Switzerland"}
    assert m.terrain == ["plain", "plain", "brown", "plain", "plain"]
    assert m.region_info[fr].large_circle and not m.region_info[es].large_circle
    assert m.region_info[ak].airport and m.region_info[ch].river and not m.region_info[ch].new_city
    assert m.region_info[fr].new_city and m.region_info[fr].name == "France"
    assert m.positions == {fr: (412.0, 530.5)}
    assert m.shapes[fr] == ((380, 480), (460, 470), (470, 590), (390, 600))
    assert [(c.id, c.places, c.kind, c.capacity) for c in m.circles] == [
        ("FR-ES", (fr, es), "land", None),
        ("ES-PT", (es, pt), "sea", None),
        ("FR-CH-ES", (fr, ch, es), "land", 2),
    ]
    assert (m.circles[0].x, m.circles[0].y) == (395, 610)
    assert m.areas == {"west": frozenset({pt, es})}
    assert m.features == {ch: {"airport": True}}


@pytest.mark.parametrize("text", [HEX_MAP, AREA_MAP], ids=["hex", "area"])
def test_the_engine_sets_up_on_every_kind_of_map(text: str) -> None:
    m = load(text)
    g = set_up(m)
    assert g.phase != "setup"
    for c in m.cities:
        expected = BaseRules.DEFAULT_CITY_CUBES if c.cubes is None else c.cubes
        assert sum(g.cubes[c.hex].values()) == expected


def test_columns_low_even() -> None:
    m = load(
        'id = "e"\nname = "E"\nplayers = [3, 6]\ncolumns_low = "even"\ngrid = """\n..\n..\n"""\n'
        '[legend]\n"." = "plain"\n'
    )
    assert m.labels == ["B0", "A1", "D0", "C1"]


# --- rust belt and the bundled maps ----------------------------------------------------------------------


def test_rust_belt_validates_clean() -> None:
    assert validate_map_file(RUST_BELT) == []
    m = load_map_file(RUST_BELT)
    assert (m.size, len(m.cities), len(m.towns), m.kind) == (189, 12, 14, "hex")
    assert set(m.town_kinds.values()) == {"town"} and not m.ports and not m.special_links


@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.parent.name)
def test_bundled_maps_validate(path: Path) -> None:
    assert [str(p) for p in validate_map_file(path)] == []


# --- broken files are refused ------------------------------------------------------------------------------

# file → (the place of its first fault, what the message says)
BROKEN_FILES = {
    "bad_toml.toml": ("line 4, column 14", "TOML syntax error"),
    "unknown_terrain.toml": ("legend '^'", "unknown terrain 'hills'"),
    "grid_char.toml": ("grid line 2, column 2", "'x' is not in the legend"),
    "city_without_growth.toml": ("city #2 (Beta)", "no goods-growth number"),
    "duplicate_growth.toml": ("city #2 (Beta)", "goods-growth number light 1 is also Alpha's"),
    "link_missing_hex.toml": ("special_link alpha-bridge", "hex 'Z9' is not on the grid"),
    "circle_missing_region.toml": ("circle FR-XX", "region 'XX' does not exist"),
    "facts_mismatch.toml": ("facts towns", "the map has 1, the facts say 2"),
    "unknown_colour.toml": ("city #1 (Alpha)", "unknown goods colour 'green'"),
    "missing_key.toml": ("top level", "missing top-level key 'players'"),
    "players_range.toml": ("players", "must be [smallest, largest]"),
    "city_not_on_grid.toml": ("city #1 (Alpha)", "hex A0 is not marked as a city on the grid"),
    "town_without_entry.toml": ("grid hex B3", "marked as a town but no [[town]] entry names it"),
    "feature_missing_hex.toml": ("feature #1", "hex 'Q9' is not on the grid"),
    "area_missing_hex.toml": ("area east", "hex 'K4' is not on the grid"),
    "unknown_fact.toml": ("facts volcanos", "unknown fact"),
    "bad_direction.toml": ("blocked #1", "unknown direction 'UP'"),
    "many_faults.toml": ("legend '~'", "unknown terrain 'swamp'"),
}


def test_every_broken_file_is_listed() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.toml")) == sorted(BROKEN_FILES)


@pytest.mark.parametrize("name", sorted(BROKEN_FILES))
def test_broken_file_is_refused_naming_fault_and_place(name: str) -> None:
    where, fault = BROKEN_FILES[name]
    with pytest.raises(MapError) as exc:
        load_map_file(BROKEN / name)
    assert str(exc.value).startswith(f"{name}: {where}: ")
    assert fault in str(exc.value)
    assert exc.value.problems[0].where == where


def test_validator_lists_every_problem() -> None:
    problems = [str(p) for p in validate_map_file(BROKEN / "many_faults.toml")]
    expected = [
        "legend '~': unknown terrain 'swamp'",
        "grid line 1, column 4: '?' is not in the legend",
        "city #2 (Beta): unknown goods colour 'orange'",
        "city #3 (Gamma): no goods-growth number",
        "city #3 (Gamma): hex A0 is not marked as a city on the grid",
        "grid hex B3: marked as a town but no [[town]] entry names it",
        "special_link alpha-ferry: hex 'Z1' is not on the grid",
        "special_link alpha-ferry: unknown condition 'always'",
        "city #2 (Beta): goods-growth number light 1 is also Alpha's",
        "facts hexes: the map has 10, the facts say 99",
        "facts towns: the map has 0, the facts say 1",
    ]
    assert len(problems) == len(expected)
    for line, start in zip(problems, expected, strict=True):
        assert line.startswith(start)
    with pytest.raises(MapError, match=r"and 10 more"):
        load_map_file(BROKEN / "many_faults.toml")


def test_facts_mismatch_reports_each_fact() -> None:
    assert [str(p) for p in validate_map_file(BROKEN / "facts_mismatch.toml")] == [
        "facts towns: the map has 1, the facts say 2",
        "facts terrain.mountain: the map has 3, the facts say 4",
    ]


@pytest.mark.parametrize(
    ("change", "where", "fault"),
    [
        (('colour = "red"', 'colur = "red"'), "city #2 (Exit)", "unknown key 'colur'"),
        (('kind = "exit"', 'kind = "gate"'), "city #2 (Exit)", "unknown kind 'gate'"),
        (
            ("value = 3", "value = 0"),
            "feature #1",
            "value (how many it shows, e.g. derricks) is a whole number above 0",
        ),
        (('kind = "flood"', 'kind = "tsunami"'), "feature #2", "unknown feature kind 'tsunami'"),
        (('id = "tower-link"', 'id = "big-bridge"'), "special_link big-bridge", "another special_link"),
        (
            ('ends = ["E4", "C4"]', 'ends = ["E4", "E2"]'),
            "special_link tower-link",
            "end E2 is neither a city nor a town",
        ),
        (
            ("cost = 6\n\n[[blocked]]", 'cost = "six"\n\n[[blocked]]'),
            "special_link tower-link",
            "cost must be a whole number",
        ),
        (
            ('hexes = ["A0", "B1", "C0", "D1"]', 'hexes = ["A0", "B1", "C0", "D1", "E4"]'),
            "city #3 (Tower)",
            "hex E4 already belongs to Big City",
        ),
        (("port = true", 'port = "yes"'), "town #1 (Harbour)", "port must be true or false"),
        (('growth = "none"', 'growth = "light 7"'), "city #2 (Exit)", "not 'light 7'"),
        (("players = [3, 5]", "players = [3]"), "players", "must be [smallest, largest]"),
        (("area.north = 3", "area.east = 3"), "facts area.east", "there is no area 'east'"),
        (
            ('extra_terrain = ["glacier", "volcano", "urban"]', 'extra_terrain = ["volcano", "urban"]'),
            "legend 'G'",
            "unknown terrain 'glacier'",
        ),
        (
            ('extra_features = ["geyser", "oil_field", "flood", "volcano", "airport"]', ""),
            "feature #1",
            "unknown feature kind 'oil_field'",
        ),
        (
            ('extra_features = ["geyser", "oil_field", "flood", "volcano", "airport"]', 'extra_features = "geyser"'),
            "extra_features",
            "must be a list",
        ),
        (("feature.geyser = 1", "feature.lava = 1"), "facts feature.lava", "unknown feature kind 'lava'"),
        (
            ('extra_city_kinds = ["exit", "skyscraper"]', 'extra_city_kinds = ["skyscraper"]'),
            "city #2 (Exit)",
            "unknown kind 'exit' (known: city, skyscraper; a map may add its own with extra_city_kinds",
        ),
        (
            ('extra_town_kinds = ["construction_site", "district"]', ""),
            "town #2 (Site)",
            "unknown kind 'construction_site' (known: town; a map may add its own with extra_town_kinds",
        ),
        (
            ('kind = "city_link"', 'kind = "tunnel"'),
            "special_link tower-link",
            "unknown kind 'tunnel' (known: city_link, bridge, ferry; a map may add its own with extra_link_kinds",
        ),
        (
            ('extra_town_kinds = ["construction_site", "district"]', 'extra_town_kinds = "district"'),
            "extra_town_kinds",
            "must be a list of kinds of towns",
        ),
    ],
)
def test_faults_of_single_entries(change: tuple[str, str], where: str, fault: str) -> None:
    old, new = change
    assert old in HEX_MAP
    problems = validate_data(tomllib.loads(HEX_MAP.replace(old, new, 1)))
    assert any(p.where == where and fault in p.message for p in problems), problems


def test_a_map_declares_kinds_of_cities_towns_and_links_of_its_own_as_it_declares_terrain() -> None:
    """Kinds no other map has load from the file alone, and a fact counts the places of each declared kind."""
    text = (
        HEX_MAP.replace(
            'extra_city_kinds = ["exit", "skyscraper"]', 'extra_city_kinds = ["exit", "skyscraper", "gate"]'
        )
        .replace('extra_town_kinds = ["construction_site"', 'extra_town_kinds = ["hamlet", "construction_site"')
        .replace('extra_terrain = ["glacier"', 'extra_link_kinds = ["tunnel"]\nextra_terrain = ["glacier"')
        .replace('kind = "exit"', 'kind = "gate"')
        .replace('name = "Harbour"', 'name = "Harbour"\nkind = "hamlet"')
        .replace('kind = "city_link"', 'kind = "tunnel"')
        .replace("exits = 1", "gates = 1\nhamlets = 1")
    )
    assert validate_data(tomllib.loads(text)) == []
    m = parse_map(tomllib.loads(text))
    assert m.cities[1].kind == "gate" and m.special_links[2].kind == "tunnel"
    assert m.town_kinds[m.hex_id("D3")] == "hamlet"
    wrong = validate_data(tomllib.loads(text.replace("hamlets = 1", "hamlets = 2")))
    assert [str(p) for p in wrong] == ["facts hamlets: the map has 1, the facts say 2"]


def test_multi_hex_city_must_be_one_piece() -> None:
    text = HEX_MAP.replace('"A0", "B1", "C0", "D1"', '"A0", "B1", "C0", "A4"').replace('hex = "A4"', 'hex = "D1"')
    problems = [str(p) for p in validate_data(tomllib.loads(text))]
    assert "city #1 (Big City): its hexes are not one piece: A4 not joined to A0" in problems


def test_area_map_faults() -> None:
    text = AREA_MAP.replace('regions = ["ES", "PT"]', 'regions = ["ES"]').replace('id = "CH"', 'id = "ES"')
    problems = [str(p) for p in validate_data(tomllib.loads(text))]
    assert "region ES: another region has this id" in problems
    assert "circle ES-PT: a circle joins at least two regions" in problems
    assert "region PT: no circle or special link joins it to another region (and it has no airport)" in problems


def test_area_map_refuses_hex_keys_and_uncoloured_goods() -> None:
    text = AREA_MAP.replace('terrain = "brown"', 'terrain = "brown"\ncubes = 2') + '\n[legend]\n"." = "plain"\n'
    problems = [str(p) for p in validate_data(tomllib.loads(text))]
    assert "legend: an area map has no hexes: use [[region]] and [[circle]]" in problems
    assert "region PT: an uncoloured region has no goods: growth and cubes need a colour" in problems


def test_adjacency_and_blocked_edges_are_checked_for_symmetry() -> None:
    m = load(HEX_MAP)
    assert check_board(m) == []
    b3, c4 = m.hex_id("B3"), m.hex_id("C4")
    nbs = list(m.neighbours[c4])
    nbs[5] = -1  # C4 forgets B3
    neighbours = [*m.neighbours[:c4], tuple(nbs), *m.neighbours[c4 + 1 :]]
    broken = dataclasses.replace(m, neighbours=neighbours, blocked=m.blocked - {(c4, 5)})
    problems = [str(p) for p in check_board(broken)]
    assert "hex B3: neighbour C4 does not have it as its neighbour (asymmetric adjacency)" in problems
    assert (b3, SE) in broken.blocked


# --- aos map check -----------------------------------------------------------------------------------------


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["map", "check", *map(str, args)])
    return result.exit_code, result.output


def test_cli_check_ok() -> None:
    code, out = run(RUST_BELT)
    assert code == 0
    assert out.strip() == f"{RUST_BELT}: OK (189 hexes, 12 cities, 14 towns)"


def test_cli_check_lists_every_problem() -> None:
    path = BROKEN / "many_faults.toml"
    code, out = run(path)
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 11
    assert lines[0].startswith(f"{path}: legend '~': unknown terrain 'swamp'")
    assert all(line.startswith(f"{path}: ") for line in lines)


def test_cli_check_several_files_and_all() -> None:
    code, out = run(RUST_BELT, BROKEN / "bad_toml.toml")
    assert code == 2 and "OK (189 hexes" in out and "bad_toml.toml: line 4, column 14: TOML syntax error" in out
    code, out = run("--all")
    assert code == 0, out
    assert len(out.strip().splitlines()) == len(bundled_maps()) and "rust_belt/map.toml: OK" in out
    code, _ = run()
    assert code == 2


def test_cli_check_missing_file() -> None:
    code, out = run(BROKEN / "no_such_map.toml")
    assert code == 2 and "no_such_map.toml: file: cannot be read" in out
