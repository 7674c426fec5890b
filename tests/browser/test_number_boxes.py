"""Number boxes refuse what the rules refuse, where it is typed: the box keeps what was typed, says why under it,
the button says exactly what it will do (or that nothing can be done yet), and nothing is sent."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server
from tests.browser.test_play import create_game, my_turn


def decision_index(page: Any) -> int:
    return int(page.get_attribute("#decision", "data-index"))


def test_a_share_count_out_of_range_is_refused_where_it_is_typed(server: Server, page: Any, shot: Any) -> None:
    game_id, token = create_game(page, server, seed=11)
    index = my_turn(page)
    most = int(page.get_attribute("#shares-amount", "max"))
    page.fill("#shares-amount", "50")
    assert page.input_value("#shares-amount") == "50"  # never changed behind the player's back
    assert page.is_visible("#shares-why")
    assert page.inner_text("#shares-why") == f"at most {most} shares"
    assert page.get_attribute("#shares-amount", "aria-invalid") == "true"
    assert page.is_disabled("#issue")
    assert "choose a number" in page.inner_text("#issue")
    assert page.input_value("#shares-range") == "0"  # the slider keeps the last good value
    shot(page, "number-box-refused")
    page.click("#issue", force=True)  # a disabled button sends nothing
    page.wait_for_timeout(300)
    assert decision_index(page) == index
    for typed, why in (("-1", "at least 0 shares"), ("2.5", "whole numbers only"), ("", "type a number")):
        page.fill("#shares-amount", typed)
        assert page.inner_text("#shares-why") == why
        assert page.is_disabled("#issue")
    # a good value clears the refusal; the button and the cash line say what will happen
    page.fill("#shares-amount", "2")
    assert not page.is_visible("#shares-why")
    assert page.input_value("#shares-range") == "2"
    assert page.inner_text("#issue") == "Issue 2 shares (+$10)"
    cash = server.api("GET", f"/api/games/{game_id}", token=token)["view"]["players"][0]["cash"]
    assert f"then ${cash + 10}" in page.inner_text("#shares-cash")
    # the slider follows too, and what it says is what is sent
    page.fill("#shares-range", "1")
    assert page.input_value("#shares-amount") == "1"
    assert page.inner_text("#issue") == "Issue 1 share (+$5)"
    page.click("#issue")
    page.wait_for_function(f"() => Number(document.querySelector('#decision').dataset.index) > {index}")
    view = server.api("GET", f"/api/games/{game_id}", token=token)
    assert view["view"]["players"][0]["shares"] == 3


def test_a_bid_out_of_range_is_refused_where_it_is_typed(server: Server, page: Any) -> None:
    game_id, token = create_game(page, server, seed=11)
    my_turn(page)
    page.click("#issue")  # no shares
    page.wait_for_selector("#bid-amount", timeout=30_000)
    index = decision_index(page)
    least = int(page.get_attribute("#bid-amount", "min"))
    page.fill("#bid-amount", str(least - 1))
    assert page.inner_text("#bid-why") == f"a bid must be more than ${least - 1}"
    assert page.is_disabled("#bid")
    assert page.inner_text("#bid") == "Bid: choose an amount first"
    most = int(page.get_attribute("#bid-amount", "max"))
    page.fill("#bid-amount", str(most + 1))
    assert page.inner_text("#bid-why").startswith(f"at most ${most}")
    assert decision_index(page) == index
    page.fill("#bid-amount", str(least))
    assert page.inner_text("#bid") == f"Bid ${least}"
    page.click("#bid")
    page.wait_for_function(f"() => Number(document.querySelector('#decision').dataset.index) > {index}")
    record = server.api("GET", f"/api/games/{game_id}/record", token=token)
    assert {"kind": "bid", "player": 0, "amount": least}.items() <= record["actions"][index].items()
