"""Issue 9, browser: the table on a phone-sized screen (390×844, touch): nothing wider than the screen, a tap on
a card shows its full text, and a tap on a choice plays it."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.table import enter_room, fill_bots_and_start, join, legal, shot, wait_turn
from tests.e2e.test_sonic_cup import MULTI


def test_a_phone_plays_a_turn_by_tapping(browser: Any, server: Any, artifacts: Any, page_errors: list[str]) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.add_init_script(f"localStorage.setItem('pitchside.lang', {json.dumps('zh')});")
    page = ctx.new_page()
    page.set_default_timeout(45000)
    page.on("pageerror", lambda e: page_errors.append(f"pageerror: {e}"))
    page.base = server.base
    enter_room(page, server.room("sonic-cup", seats=2, seed=7))
    join(page, 0, "小红")
    fill_bots_and_start(page)
    assert wait_turn([page]) is page
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    page.tap("#hand button.card >> nth=0")
    page.wait_for_selector("#info:not([hidden])")
    assert "运球" in page.inner_text("#info")  # the card's rules text, in Chinese
    page.keyboard.press("Escape")
    action = next(a for a in legal(page) if not MULTI.match(a))  # a one-step choice: it is sent at once
    before = int(page.get_attribute("#room", "data-seq"))
    page.tap(f'#actions button.act[data-action="{action}"]')
    page.wait_for_function("n => Number(document.querySelector('#room').dataset.seq) > n", arg=before)
    shot(page, artifacts, "sonic-cup-phone")
    assert page_errors == []
    ctx.close()
