"""A game position: track in its owners' colours, cubes on cities and in the display, the players' figures."""

from __future__ import annotations

import random

from ageofsteam import Game, Seat
from ageofsteam.bots import RandomBot
from ageofsteam.render import palette, render_svg
from tests.render.conftest import all_text, elements, parse_svg, track_game


def test_track_is_drawn_in_its_owners_colours() -> None:
    game = track_game()
    root = parse_svg(render_svg(game.state))
    tracks = {e.get("data-hex"): e for e in elements(root, "path", "track")}
    assert set(tracks) == {"M8", "O8", "M4"}
    assert tracks["M8"].get("stroke") == palette.player("blue") and tracks["M8"].get("data-owner") == "0"
    assert tracks["O8"].get("stroke") == palette.player("green") and tracks["O8"].get("data-owner") == "1"
    assert tracks["M4"].get("stroke") == palette.UNOWNED_TRACK and tracks["M4"].get("data-owner") == "none"
    # a straight is a line between two edge midpoints; a curve is a Bézier curve
    assert "C" not in tracks["M8"].get("d", "") and "C" in tracks["O8"].get("d", "")


def test_cubes_on_cities_and_in_the_display() -> None:
    game = track_game()
    g = game.state
    root = parse_svg(render_svg(g))
    chicago = next(e for e in elements(root, "g", "city-info") if e.get("data-hex") == "L7")
    cubes = [e.get("class") for e in chicago.iter() if "cube" in (e.get("class") or "")]
    assert sorted(cubes) == ["cube cube-blue", "cube cube-blue", "cube cube-red"]
    on_cities = sum(n for city in g.cubes.values() for n in city.values())
    in_display = sum(1 for boxes in g.display.values() for c in boxes if c is not None)
    assert len(elements(root, "rect", "cube")) == on_cities + in_display
    assert elements(root, "rect", "display-light") and elements(root, "rect", "display-dark")


def test_players_panel_and_title() -> None:
    game = track_game()
    g = game.state
    words = all_text(parse_svg(render_svg(g)))
    assert "Rust Belt" in words and f"Turn {g.turn} of {g.last_turn}" in words
    for p in g.players:
        assert p.name in words and f"${p.cash}" in words
    for header in ("Cash", "Income", "Shares", "Engine", "Score"):
        assert header in words


def test_seat_colours_come_from_the_record() -> None:
    seats = [Seat(name="Red", colour="red"), Seat(name="Purple", colour="purple"), Seat(name="Black", colour="black")]
    game = Game.new("rust-belt", seats=seats, seed=3)
    bot = RandomBot()
    rng = random.Random(3)
    while not game.over and len(game.state.tiles) < 12:
        game.apply(bot.choose(game, rng))
    root = parse_svg(render_svg(game.state))
    owners = {e.get("data-owner"): e.get("stroke") for e in elements(root, "path", "track")}
    for seat, stroke in owners.items():
        if seat != "none":
            assert stroke == palette.player(seats[int(seat)].colour)
    swatches = {e.get("data-seat"): e.get("fill") for e in elements(root, "rect", "seat-colour")}
    assert swatches == {str(i): palette.player(s.colour) for i, s in enumerate(seats)}


def test_new_city_is_drawn_with_its_letter_and_colour() -> None:
    game = Game.from_scenario('players = 3\nphase = "build_track"\nnew_cities = { Q10 = "B" }\n')
    root = parse_svg(render_svg(game.state))
    new_city = next(e for e in elements(root, "g", "new-city") if e.get("data-hex") == "Q10")
    fills = [p.get("fill") for p in new_city.iter() if p.tag.endswith("polygon")]
    assert fills == [palette.goods("blue")]
    info = next(e for e in elements(root, "g", "city-info") if e.get("data-hex") == "Q10")
    text = " ".join(info.itertext())
    assert "B" in text.split() and "Indianapolis" in text


def test_finished_game_names_the_winner() -> None:
    game = Game.new("rust-belt", 3, seed=2)
    bot = RandomBot()
    rng = random.Random(2)
    while not game.over:
        game.apply(bot.choose(game, rng))
    words = all_text(parse_svg(render_svg(game.state)))
    assert "Game over" in words and "winner" in words
