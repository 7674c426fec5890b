"""Area maps on the board: a click on a city's large circle, which lies over its region, counts as a click on the
region (in the move phase it offers the city's goods, as a click elsewhere in the region does)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ageofsteam.bots import SteadyBot
from ageofsteam.engine.actions import Deliver
from tests.browser.conftest import Server
from tests.browser.helpers import hotseat_game

# the centre of a large circle lying over a region with goods to deliver, and that region: [x, y, region] or null
CIRCLE_OVER = """(cities) => {
  const offsets = [[0.6, 0], [-0.6, 0], [0, -0.6], [0.45, 0.45], [-0.45, 0.45], [0.45, -0.45], [-0.45, -0.45]];
  for (const c of document.querySelectorAll('#board circle.large-circle')) {
    c.scrollIntoView({ block: 'center', inline: 'center' });
    const r = c.getBoundingClientRect();
    for (const [dx, dy] of offsets) {  // a point of the circle that no name or cube covers
      const x = r.x + r.width / 2 * (1 + dx), y = r.y + r.height / 2 * (1 + dy);
      const under = document.elementsFromPoint(x, y);
      if (under[0] !== c) continue;
      const region = under.map((e) => e.closest('[data-hex]')).find((e) => e);
      if (region && cities.includes(region.getAttribute('data-hex'))) return [x, y, region.getAttribute('data-hex')];
    }
  }
  return null;
}"""


@pytest.mark.parametrize("width", [1400, 390], ids=["desktop", "phone"])
def test_a_click_on_a_citys_large_circle_offers_its_goods(server: Server, browser: Any, shot: Any, width: int) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 600, has_touch=width < 600)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        gid, host, game = hotseat_game(server, "old-europe", seed=12)
        steady, rng = SteadyBot(), random.Random(12)
        found = None
        while found is None:  # steady moves until a city with a large circle over it has goods to deliver
            assert not game.over and len(game.record.actions) < 600, "no city with goods under a large circle"
            cities = sorted({a.city for a in game.legal_actions() if isinstance(a, Deliver)})
            if cities:
                page.goto(f"{server.url}/game/{gid}#token={host}")
                page.wait_for_selector('#decision[data-state="choose"]')
                found = page.evaluate(CIRCLE_OVER, cities)
                if found:
                    break
            action = steady.choose(game, rng)
            body = {"index": len(game.record.actions), "action": action.to_json()}
            server.api("POST", f"/api/games/{gid}/actions", body, token=host)
            game.apply(action)
        x, y, city = found
        page.mouse.click(x, y)
        page.wait_for_selector("[data-cube].active")
        assert page.get_attribute("[data-cube].active", "data-cube").startswith(f"{city}:")
        shot(page, f"area-map-city-circle-click-{width}")
    finally:
        ctx.close()
