"""Issue 9, browser: a hidden pick is collected from every seat before the reveal. Two coaches build their
My World Cup lineups at the same time: the second side's page offers its lineup at once (answering ahead,
docs/web.md), keeps it, and the reveal comes when the first side is ready. Both pages show the countdown."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import click_action, enter_room, join, legal, shot


def test_both_coaches_build_their_lineups_at_once(
    browser: Any, server: Any, artifacts: Any, page_errors: list[str]
) -> None:
    body = {"game": "my-world-cup", "seed": 4, "options": {"teams": ["esp", "ned"]}, "turn_seconds": 900}
    room = server.call("POST", "/api/rooms", body)["id"]  # a turn timer: its countdown is shown to both
    ann = open_page(browser, server, page_errors)
    bob = open_page(browser, server, page_errors)
    enter_room(ann, room)
    join(ann, 0, "Ann")
    enter_room(bob, room)
    join(bob, 1, "Bob")
    ann.click("#start")
    ann.wait_for_selector("#actions button.act")
    # Bob's turn behind the screen has not come, but his page offers his lineup now (WC-MATCH-3).
    bob.wait_for_selector("#ahead")
    for page in (ann, bob):  # the pick's countdown, on the page of the seat deciding and of the one ahead
        page.wait_for_function("/time left \\d+s/.test(document.querySelector('#clock').textContent)")
    card = next(a for a in legal(bob) if a.startswith("field ")).split(" ")[1].split(":")[0]
    bob.click(f'#hand button.card[data-card="{card}"]')
    half = legal(bob)[-1]
    assert half.startswith(f"field {card}:")
    bob.click(f'#actions button.act[data-action="{half}"]')
    bob.wait_for_selector("#queued")
    bob.click('#actions button.act[data-action="ready"]')
    bob.wait_for_function("document.querySelector('#queued').textContent.includes('ready')")
    shot(bob, artifacts, "my-world-cup-lineup-ahead")
    assert bob.get_attribute("#room", "data-seq") == "0"  # kept, not played: nothing happened yet
    assert not ann.query_selector("#queued") and not ann.query_selector("#ahead")  # Ann's turn: her own choices
    # Ann fields a card and is ready: Bob's lineup goes in after hers, then both are revealed.
    mine = next(a for a in legal(ann) if a.startswith("field "))
    click_action(ann, mine)
    click_action(ann, "ready")
    for page in (ann, bob):
        page.wait_for_function("document.querySelector('#room').dataset.label !== 'lineup'")
        page.wait_for_function("Number(document.querySelector('#room').dataset.seq) >= 4")
    assert not bob.query_selector("#queued")
    assert not page_errors, page_errors
