"""The map editor (/editor): a small map drawn from scratch with mouse and touch, its problems shown live on the
hexes at fault, undo and redo, the file downloaded (``aos map check`` accepts it, and opening it and downloading
it again changes nothing), uploaded, and played by bots to the end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ageofsteam.cli.main import app
from tests.browser.conftest import CHROMIUM_ARGS, Server, checked_page  # noqa: F401  (the server fixture's type)


@pytest.fixture
def touch_page(browser: Any) -> Iterator[Any]:
    """A page that takes touches as well as the mouse (a phone or a tablet)."""
    yield from checked_page(browser, viewport={"width": 1400, "height": 1000}, has_touch=True, accept_downloads=True)


def hex_at(page: Any, label: str) -> Any:
    return page.locator(f'#editor-board [data-label="{label}"]')


def tool(page: Any, name: str) -> None:
    page.click(f'[data-tool="{name}"]')


def kind_of(page: Any, label: str) -> str:
    return str(hex_at(page, label).get_attribute("data-kind"))


def centre_of(page: Any, label: str) -> tuple[float, float]:
    for _ in range(5):  # the board may be drawn again as the check answers, between the wait and the reading
        polygon = hex_at(page, label).locator("polygon").first
        polygon.wait_for(state="visible")
        box = polygon.bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    raise AssertionError(f"hex {label} is not on the page")


def set_field(page: Any, selector: str, value: str) -> None:
    page.fill(selector, value)
    page.press(selector, "Tab")  # the editor takes a typed value when the field is left


def wait_checked_ok(page: Any, summary: str = "") -> None:
    """Wait until the server's check says the map has no problem (with ``summary`` in its words, if given)."""
    if summary:
        page.wait_for_function(f"() => /{summary}/.test(document.querySelector('#check-ok')?.textContent)")
    else:
        page.wait_for_selector("#check-ok")


def download(page: Any, path: Path) -> str:
    with page.expect_download() as info:
        page.click("#download")
    info.value.save_as(str(path))
    return path.read_text(encoding="utf-8")


def test_a_map_drawn_in_the_editor_is_checked_downloaded_and_played_by_bots(
    server: Any, touch_page: Any, tmp_path: Path, shot: Any
) -> None:
    page = touch_page
    page.goto(server.url + "/")
    page.click("#editor-link")
    page.wait_for_url("**/editor")
    page.wait_for_selector("#editor-board")

    # a small board: 7 columns, 5 rows, for 3 or 4 players, 5 turns with 3
    page.select_option("#cols", "7")
    page.select_option("#rows", "5")
    page.select_option("#players-hi", "4")
    set_field(page, "#map-name", "River Crossing")
    set_field(page, "#map-id", "river-crossing")
    set_field(page, "#turns-3", "5")

    tool(page, "city")  # three cities, by mouse
    for label in ("A0", "E4", "I6"):
        hex_at(page, label).click()
    set_field(page, "#city-name", "Harbour")  # the last city placed is the one in the inspector
    tool(page, "town")
    hex_at(page, "F1").click()
    tool(page, "river")  # a river, drawn in one stroke over three hexes
    page.mouse.move(*centre_of(page, "C2"))
    page.mouse.down()
    for label in ("D3", "E2", "F3"):
        page.mouse.move(*centre_of(page, label), steps=4)
    page.mouse.up()
    tool(page, "mountain")  # a mountain, by touch
    page.touchscreen.tap(*centre_of(page, "B5"))
    assert [kind_of(page, lab) for lab in ("C2", "D3", "E2", "F3", "B5", "F1")] == [
        "river",
        "river",
        "river",
        "river",
        "mountain",
        "town",
    ]
    wait_checked_ok(page, "35 hexes, 3 cities, 1 towns")

    # a fault is listed and shown on its hex; undo takes it away, redo brings it back
    tool(page, "select")
    hex_at(page, "E4").click()
    page.select_option("#city-growth", "light 1")  # the growth number of the city on A0
    page.wait_for_selector("#problems li.problem")
    assert "light1" in page.inner_text("#problems") or "light 1" in page.inner_text("#problems")
    page.wait_for_selector('#editor-board [data-label="E4"].fault')
    shot(page, "map-editor-problem")
    page.click("#undo")
    wait_checked_ok(page)
    page.click("#redo")
    page.wait_for_selector("#problems li.problem")
    page.click("#undo")
    wait_checked_ok(page)
    shot(page, "map-editor")

    # the file: aos map check accepts it, and opening and downloading it again changes nothing
    first = download(page, tmp_path / "map.toml")
    result = CliRunner().invoke(app, ["map", "check", str(tmp_path / "map.toml")])
    assert result.exit_code == 0, result.output
    assert "OK (35 hexes, 3 cities, 1 towns)" in result.output
    page.set_input_files("#open-file", str(tmp_path / "map.toml"))
    page.wait_for_function("() => document.querySelector('#map-name').value === 'River Crossing'")
    wait_checked_ok(page)
    assert download(page, tmp_path / "again.toml") == first

    # upload it and let bots play it to the end
    page.fill("#upload-description", "Three cities on either side of a river")
    page.fill("#upload-author", "Tester")
    page.click("#upload")
    page.wait_for_selector("#uploaded")
    token = page.inner_text("#delete-token")
    assert len(token) >= 24
    page.select_option("#bot-level", "random")
    page.click("#watch-bots")
    page.wait_for_url("**/game/**")
    game_id = page.url.split("/game/")[1].split("#")[0]
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/games/{game_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    page.wait_for_function("() => /Game over/.test(document.body.innerText)", timeout=30_000)
    shot(page, "map-editor-game-over")
    record = server.api("GET", f"/api/games/{game_id}/record")
    assert record["map"] == "river-crossing" and record["map_file"] == first

    # the lobby offers it among the uploaded maps, named as its author named it
    page.goto(server.url + "/")
    page.wait_for_selector('#map optgroup[label="Uploaded maps"]', state="attached")
    assert "River Crossing by Tester" in page.locator('#map optgroup[label="Uploaded maps"]').inner_text()


def test_the_editor_starts_from_one_of_our_maps_and_keeps_its_board(server: Any, page: Any) -> None:
    page.goto(server.url + "/editor")
    page.wait_for_selector('#start-from option[value="rust-belt"]', state="attached")
    page.select_option("#start-from", "rust-belt")
    page.wait_for_function("() => document.querySelector('#map-name').value === 'Rust Belt'")
    wait_checked_ok(page, "189 hexes, 12 cities, 14 towns")
    assert kind_of(page, "L7") == "city"  # Chicago
    tool(page, "off")  # a hex taken off the board contradicts the printed board's facts: shown at once
    hex_at(page, "A0").click()
    page.wait_for_selector("#problems li.problem")
    assert "hexes" in page.inner_text("#problems")
    page.click("#undo")
    page.wait_for_selector("#check-ok")
