"""Issue 9, browser: a World Ball match in which the person answers a shot from the save window."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import OVER, click_action, enter_room, fill_bots_and_start, join, legal, shot, wait_log, wait_turn


def test_world_ball_save_window(browser: Any, server: Any, artifacts: Any, page_errors: list[str]) -> None:
    room = server.room("world-ball", seats=2, seed=5)
    page = open_page(browser, server, page_errors)
    enter_room(page, room)
    join(page, 0, "Keeper")
    fill_bots_and_start(page)
    saved = False
    for _ in range(200):
        if wait_turn([page], timeout=60) is None:
            break
        actions = legal(page)
        label = page.get_attribute("#room", "data-label")
        saves = [a for a in actions if a.startswith(("play save", "save "))]
        if label == "shot" and saves:
            # The save window: the open shot, who may answer it and the saves it still needs.
            window = page.inner_text("#window")
            assert "saves still needed" in window and "may answer the shot" in window
            assert page.query_selector(".wb-seat.answering[data-seat='0']")
            shot(page, artifacts, "world-ball-save-window")
            click_action(page, saves[0])
            wait_log(page, "Keeper.*save")
            saved = True
            break
        # Keep the save cards: never shoot or play events; end the turn, discard what is asked.
        plain = [a for a in actions if a == "end" or a == "pass" or a.startswith(("pick ", "discard "))]
        click_action(page, plain[0] if plain else actions[0])
    assert saved, "no shot reached the save window with a save in hand"
    assert page.query_selector(OVER) is None or saved
    shot(page, artifacts, "world-ball-after-save")
    assert page_errors == []
