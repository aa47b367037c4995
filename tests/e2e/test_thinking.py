"""Issue 11, browser: the bot choice takes a budget in time (``1s``, as ``pitchside play --bot ismcts:1s``), and
a bot that thinks longer than half a second (the server's default ``thinking_delay``) is shown thinking on every
page of its room, in the page's language, until it has moved."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import enter_room, shot

# The indicator's text once it says ``arg`` (read in the same step as the wait, so it cannot go meanwhile).
THINKING = """arg => {
  const el = document.querySelector("#thinking");
  return el && el.textContent.includes(arg) && el.textContent.trim();
}"""


def test_a_bot_with_a_budget_in_time_is_shown_thinking(
    browser: Any, server: Any, artifacts: Any, page_errors: list[str]
) -> None:
    room = server.room("sonic-cup", seats=2, seed=1)
    ann = open_page(browser, server, page_errors)
    li = open_page(browser, server, page_errors, lang="zh")
    enter_room(ann, room)
    row = '#seats .seat-row[data-seat="0"]'
    ann.select_option(f"{row} select.bot-kind", "ismcts")
    assert ann.eval_on_selector("#bot-budgets", "d => [...d.options].map(o => o.value)") == [
        "200", "500", "1000", "1s", "2s",
    ]  # fmt: skip
    ann.fill(f"{row} input.bot-budget", "1s")
    ann.click(f"{row} button.add-bot")
    ann.wait_for_selector(f"{row} .seat-who:has-text('ismcts:1s')")
    assert server.call("GET", f"/api/rooms/{room}")["seats"][0]["seconds"] == 1.0
    server.call("POST", f"/api/rooms/{room}/seats/1/bot", {"kind": "ismcts", "budget": "1s"})  # bots think all along
    enter_room(li, room)  # a spectator, in Chinese
    try:
        ann.click("#start")
        # Each check waits for the indicator (the bots think all along, so it comes back if a check misses it).
        seen = ann.wait_for_function(THINKING, arg="is thinking…").json_value()
        assert re.fullmatch("bot [01] is thinking…", seen), seen  # in place of "Waiting for bot 0"
        assert "正在思考…" in li.wait_for_function(THINKING, arg="正在思考…").json_value()
        shot(li, artifacts, "bot-thinking-zh")
        ann.wait_for_selector("#seats .seat-thinking", state="attached")  # the seat's row says so too
        # Gone once the bot has moved (between two decisions the server says no bot is thinking).
        ann.wait_for_selector("#thinking", state="detached")
        ann.wait_for_function("Number(document.querySelector('#room').dataset.seq) > 0")
    finally:
        for seat in (0, 1):  # quick bots finish the match: no search left running for the other browser tests
            server.call("POST", f"/api/rooms/{room}/seats/{seat}/bot", {"kind": "random"})
    assert not page_errors, page_errors
