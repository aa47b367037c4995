"""Issue 9, browser: a World Cup made in the lobby; the coach opens their own link, and plays their
match from it to the end (bots play every match no coach plays)."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import OVER, click_action, legal, shot, wait_turn


def test_world_cup_match_from_a_coach_link(browser: Any, server: Any, artifacts: Any, page_errors: list[str]) -> None:
    host = open_page(browser, server, page_errors)
    host.goto(f"{host.base}/#/")
    host.fill("#cup-name", "E2E cup")
    host.fill("#cup-seed", "3")
    host.fill("#cup-coaches", "ann: rsa")  # South Africa plays the opening match
    host.click("#create-cup")
    link = host.get_attribute('.coach-link[data-coach="ann"]', "value")
    assert "/coach/ann/" in link
    ann = open_page(browser, server, page_errors)  # another browser: only the link carries the token
    ann.goto(link)
    ann.wait_for_selector("#cup-me")
    assert "/coach/" not in ann.url  # the token leaves the address bar
    deadline = time.monotonic() + 60
    while not ann.query_selector("#cup-play.primary"):
        assert time.monotonic() < deadline, ann.inner_text("#cup-next")
        ann.wait_for_timeout(200)
    assert ann.query_selector(".group-table tr.mine")
    shot(ann, artifacts, "world-cup-page")
    ann.click("#cup-play")
    ann.wait_for_selector("#seats .seat-row")
    if ann.query_selector("#start"):
        ann.click("#start")
    for _ in range(80):
        if wait_turn([ann], timeout=60) is None:
            break
        actions = legal(ann)
        fields = [a for a in actions if a.startswith("field ")]
        placed = len(ann.query_selector_all("#lineup-0 .slot, #lineup-1 .slot"))
        if fields and placed < 2:
            click_action(ann, fields[0])
        else:
            click_action(ann, "ready" if "ready" in actions else actions[0])
    ann.wait_for_selector(OVER)
    shot(ann, artifacts, "world-cup-match-over")
    ann.click("#to-cup")  # back to the tournament, where the result is in the group table
    ann.wait_for_selector("#cup-me")
    assert "1" in ann.inner_text(".group-table tr.mine td:nth-child(2)")
    assert page_errors == []
