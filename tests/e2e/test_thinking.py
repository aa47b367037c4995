"""Issue 11, browser: the bot choice takes a budget in time (``1s``, as ``pitchside play --bot ismcts:1s``)."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import enter_room, join


def test_a_bot_with_a_budget_in_time(browser: Any, server: Any, page_errors: list[str]) -> None:
    room = server.room("sonic-cup", seats=2, seed=1)  # seat 0 decides first
    ann = open_page(browser, server, page_errors)
    enter_room(ann, room)
    join(ann, 1, "Ann")
    row = '#seats .seat-row[data-seat="0"]'
    ann.select_option(f"{row} select.bot-kind", "ismcts")
    assert ann.eval_on_selector("#bot-budgets", "d => [...d.options].map(o => o.value)") == [
        "200", "500", "1000", "1s", "2s",
    ]  # fmt: skip
    ann.fill(f"{row} input.bot-budget", "1s")
    ann.click(f"{row} button.add-bot")
    ann.wait_for_selector(f"{row} .seat-who:has-text('ismcts:1s')")
    assert server.call("GET", f"/api/rooms/{room}")["seats"][0]["seconds"] == 1.0
    assert not page_errors, page_errors
