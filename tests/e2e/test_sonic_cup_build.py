"""Issue 9, browser: a multi-card Sonic Cup play is built card by card in the page and can be cancelled
before its last card (nothing reaches the server until then); completed, it is played as one move."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import enter_room, fill_bots_and_start, join, legal, shot, wait_turn


def seq(page: Any) -> int:
    return int(page.get_attribute("#room", "data-seq"))


def test_build_a_forward_play_cancel_it_then_play_it(
    browser: Any, server: Any, artifacts: Any, page_errors: list[str]
) -> None:
    room = server.room("sonic-cup", seats=2, seed=2)  # two Forwards: `fw X` then `fw Y>zone` (SC-ROLE-FW)
    page = open_page(browser, server, page_errors)
    enter_room(page, room)
    join(page, 0, "Ann")
    fill_bots_and_start(page)
    for _ in range(30):
        assert wait_turn([page]) is page
        first = [a for a in legal(page) if a.startswith("fw ") and ">" not in a]
        if first:
            break
        plain = [a for a in legal(page) if a.startswith(("move ", "df ")) or a in ("pass", "end")]
        n = seq(page)
        page.click(f'#actions button.act[data-action="{(plain or legal(page))[0]}"]')
        page.wait_for_function("n => Number(document.querySelector('#room').dataset.seq) > n", arg=n)
    assert first, "no Forward play offered"
    before, offered = seq(page), legal(page)
    card = first[0].split(" ")[1]
    page.click(f'#actions button.act[data-action="{first[0]}"]')
    page.wait_for_selector("#build")
    page.wait_for_function("() => document.querySelectorAll('#actions button.act').length > 0")
    seconds = legal(page)
    assert seconds and all(a.startswith("fw ") and ">" in a for a in seconds)  # the last card, with its target
    assert page.query_selector(f'#hand button.card.picked[data-card="{card}"]')
    shot(page, artifacts, "sonic-cup-building")
    # Cancel: the page goes back to the choices it had; the server never heard of the pick.
    page.keyboard.press("Escape")
    page.wait_for_selector("#build", state="detached")
    assert legal(page) == offered and seq(page) == before
    # Build it again and finish it: both cards go to the server, one after the other.
    page.click(f'#actions button.act[data-action="{first[0]}"]')
    page.wait_for_function("() => document.querySelector('#build') && document.querySelector('#actions button.act')")
    last = legal(page)[0]
    page.click(f'#actions button.act[data-action="{last}"]')
    page.wait_for_function("n => Number(document.querySelector('#room').dataset.seq) >= n + 2", arg=before)
    log = page.inner_text("#log")
    assert card in log and last.split(" ")[1].split(">")[0] in log
    assert page_errors == []
