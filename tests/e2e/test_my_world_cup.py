"""Issue 9, browser: a My World Cup friendly played to the end against a bot — the lineup behind the
screen with a half per card, the reveal, the pairings (each showing what it would do), the dice."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import OVER, click_action, enter_room, fill_bots_and_start, join, legal, shot, wait_turn


def test_my_world_cup_friendly_to_the_end(browser: Any, server: Any, artifacts: Any, page_errors: list[str]) -> None:
    room = server.room("my-world-cup", seed=4, teams=["esp", "ned"])
    page = open_page(browser, server, page_errors)
    enter_room(page, room)
    join(page, 0, "Coach")
    fill_bots_and_start(page)
    fielded = 0
    paired = 0
    for _ in range(80):
        if wait_turn([page], timeout=60) is None:
            break
        actions = legal(page)
        label = page.get_attribute("#room", "data-label")
        if label == "lineup":
            fields = [a for a in actions if a.startswith("field ")]
            if fields and fielded < 3:
                # Behind the screen: pick a hand card, then one of its halves.
                card = fields[0].split(" ")[1].split(":")[0]
                page.click(f'#hand button.card[data-card="{card}"]')
                halves = legal(page)
                assert halves and all(a.startswith(f"field {card}:") for a in halves)
                texts = page.inner_text("#actions")
                assert "top" in texts or "bottom" in texts
                click_action(page, halves[-1])
                fielded += 1
                assert len(page.query_selector_all("#lineup-0 .slot")) == fielded
                if fielded == 1:
                    shot(page, artifacts, "my-world-cup-lineup")
                continue
            click_action(page, "ready")
            continue
        if label == "pairing:target":
            # Each pairing says what it would do before it is chosen.
            buttons = page.inner_text("#actions")
            assert "—" in buttons
            if paired == 0:
                shot(page, artifacts, "my-world-cup-pairing")
            paired += 1
        click_action(page, actions[0])
    page.wait_for_selector(OVER)
    assert "Match over" in page.inner_text("#decision")
    assert fielded >= 1
    assert page.query_selector_all("#dice .rolls li") or "nothing" in page.inner_text("#log").lower()
    shot(page, artifacts, "my-world-cup-over")
    # The finished match in the replay viewer: step forward and back through it.
    page.click("#to-replay")
    page.wait_for_selector("#replay-pos")
    total = int(page.inner_text("#replay-pos").split("/")[-1])
    assert total > 5
    assert page.inner_text("#replay-pos").split("/")[0].split()[-1] == "0"
    page.click("#replay-next")
    page.wait_for_function("() => /\\b1 \\//.test(document.querySelector('#replay-pos').textContent)")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.includes('{total} / {total}')")
    assert "Match over" in page.inner_text("#decision")
    page.click("#replay-prev")
    page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.includes('{total - 1} / {total}')")
    page.select_option("#replay-seat", "0")  # as the coach saw it: his hand is shown
    page.wait_for_selector("#hand")
    shot(page, artifacts, "my-world-cup-replay")
    assert page_errors == []
