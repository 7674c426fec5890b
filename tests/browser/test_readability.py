"""The board reads well: city names clear of each other and of the printed link prices, the Hint tag clear of
names, the charts with a legend and lines that show on the page's cream, stations big enough to see."""

from __future__ import annotations

from typing import Any

import pytest

from ageofsteam.maps import load_board, map_ids
from tests.browser.conftest import Server
from tests.browser.helpers import hotseat_game

HEX_MAPS = [m for m in map_ids() if not load_board(m).is_area]

# The boxes (board units) of the names of places and of the printed link prices, and the pairs that overlap.
CLASHES = """() => {
    const svg = document.querySelector('#board svg');
    const box = (e) => { const b = e.getBBox(); return { x: b.x, y: b.y, w: b.width, h: b.height, t: e.textContent }; };
    const names = [...svg.querySelectorAll('.city-info .place-name')].map(box);
    const costs = [...svg.querySelectorAll('.link-cost')].map(box);
    const meet = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5
        && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
    const out = [];
    names.forEach((a, i) => names.slice(i + 1).forEach((b) => { if (meet(a, b)) out.push([a.t, b.t]); }));
    names.forEach((a) => costs.forEach((b) => { if (meet(a, b)) out.push([a.t, b.t]); }));
    return out;
}"""


@pytest.mark.parametrize("map_id", HEX_MAPS)
def test_city_names_are_clear_of_each_other_and_of_link_prices(server: Server, page: Any, map_id: str) -> None:
    gid, host, _ = hotseat_game(server, map_id)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#board svg .city-info")
    assert page.evaluate(CLASHES) == []


# For every hex, where a Hint tag would go and how much of the printed names it would cover (board units²).
TAGS = """async () => {
    const marks = await import('/js/marks.js');
    const hexes = await import('/js/hexes.js');
    const svg = document.querySelector('#board svg');
    const names = marks.nameBoxes();
    return [...svg.querySelectorAll('polygon.hex[data-hex]')].map((poly) => {
        const g = hexes.polyCentre(poly);
        const w = 110, s = marks.tagSpot(g, w);
        const box = { x: s.x - w / 2, y: s.y - 11, w, h: 22 };
        return [poly.dataset.hex, names.reduce((t, n) => t + marks.overlap(box, n), 0)];
    });
}"""


@pytest.mark.parametrize("map_id", HEX_MAPS)
def test_the_hint_tag_leaves_the_names_on_the_board_readable(server: Server, page: Any, map_id: str) -> None:
    gid, host, _ = hotseat_game(server, map_id)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#board svg .city-info")
    covered = [hex_ for hex_, area in page.evaluate(TAGS) if area > 0]
    assert covered == []


def test_the_charts_have_a_legend_and_lines_edged_dark(server: Server, page: Any, shot: Any) -> None:
    from tests.browser.test_story import played

    gid, host, game = played(server, 60)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.click("#charts summary")
    page.wait_for_selector("#charts svg.chart")
    names = [p.name for p in game.state.players]
    assert page.eval_on_selector_all("#chart-legend li", "els => els.map(e => e.dataset.player)") == names
    assert page.locator("#chart-legend li .chart-line").count() == len(names)
    for chart in page.locator("#charts svg.chart").all():
        lines = chart.locator("polyline.chart-line")
        cases = chart.locator("polyline.chart-line-case")
        assert cases.count() == lines.count() == len(names)
        assert cases.first.evaluate("e => getComputedStyle(e).stroke") == "rgb(58, 47, 37)"
        # each dark edge lies under its coloured line
        assert chart.evaluate(
            "c => [...c.querySelectorAll('polyline.chart-line')].every(l =>"
            " l.previousElementSibling.classList.contains('chart-line-case'))"
        )
    page.locator("#charts").scroll_into_view_if_needed()
    shot(page, "charts-legend")


def test_the_build_glow_lies_under_the_track(server: Server, page: Any) -> None:
    from tests.browser.helpers import advance_until
    from tests.browser.test_reload_highlights import can_build

    gid, host, game = hotseat_game(server, "rust-belt")
    advance_until(
        server, gid, host, game, lambda g: can_build(g) and any(a["kind"] == "build" for a in g.record.actions)
    )
    legal = server.api("GET", f"/api/games/{gid}/legal", token=host)
    page.goto(f"{server.url}/game/{gid}#token={host}")
    page.wait_for_selector("#board .aos-overlay .hl-build")
    assert page.locator("#board .aos-underlay .hl-build-fill").count() == len(legal["builds"])
    fills = page.eval_on_selector_all(
        "#board .aos-overlay .hl-build", "els => [...new Set(els.map(e => getComputedStyle(e).fill))]"
    )
    assert fills == ["none"]  # only an outline above the track
    # the glow comes before (under) the track in the drawing
    assert page.evaluate(
        "() => { const u = document.querySelector('#board .aos-underlay');"
        " const t = document.querySelector('#board svg g.tracks');"
        " return !!t && !!(u.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }"
    )


def test_a_watcher_sees_the_hexes_others_changed_only_for_a_moment(server: Server, browser: Any) -> None:
    from tests.browser.helpers import advance_until

    gid, host, game = hotseat_game(server, "rust-belt")
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/game/{gid}")  # watching: no seat
        page.wait_for_selector("#board svg")
        page.wait_for_selector(".live.on")  # the moves below arrive as updates, not in the page's first load
        advance_until(server, gid, host, game, lambda g: any(a["kind"] == "build" for a in g.record.actions))
        page.wait_for_selector("#board .hl-recent", timeout=10_000)
        page.wait_for_selector("#board .hl-recent", state="detached", timeout=8_000)
    finally:
        ctx.close()
