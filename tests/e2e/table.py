"""What a person does at a table page, as Playwright steps (used by the browser tests)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

MINE = "#decision .mine"  # the banner says it is this page's decision
OVER = "#decision .over"


def enter_room(page: Any, room_id: str) -> None:
    page.goto(f"{page.base}/#/room/{room_id}")
    page.wait_for_selector("#seats .seat-row")


def join(page: Any, seat: int, name: str) -> None:
    page.fill("#player-name", name)
    page.click(f'#seats button.join[data-seat="{seat}"]')
    page.wait_for_selector(f'#seats .seat-row.mine[data-seat="{seat}"]')


def fill_bots_and_start(page: Any) -> None:
    page.click("#fill-bots")
    page.wait_for_function("!document.querySelector('#fill-bots')")
    page.click("#start")


def legal(page: Any) -> list[str]:
    """The actions the page offers now (the data-action of each button in the choices panel)."""
    return list(page.eval_on_selector_all("#actions button.act", "els => els.map(e => e.dataset.action)"))


def wait_turn(pages: list[Any], timeout: float = 60.0) -> Any | None:
    """The first page whose decision it is (None when the match is over on every page)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in pages:
            if p.query_selector(MINE) and p.query_selector("#actions button.act"):
                return p
        if all(p.query_selector(OVER) for p in pages):
            return None
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody got a decision in time: " + pages[0].inner_text("#decision"))


def click_action(page: Any, action: str) -> None:
    """Click the button of one legal action and wait until the server has taken it (the page changed)."""
    seq = int(page.get_attribute("#room", "data-seq"))
    page.click(f'#actions button.act[data-action="{action}"]')
    page.wait_for_function("n => Number(document.querySelector('#room').dataset.seq) > n", arg=seq)


def wait_log(page: Any, pattern: str, timeout: float = 45.0) -> None:
    """Wait until a line of the event log matches ``pattern`` (a JavaScript regex, case-blind); if none does in
    time, fail with what the page shows instead (its log's last lines, decision, toast and seq)."""
    script = "p => [...document.querySelectorAll('#log li')].some(li => new RegExp(p, 'i').test(li.textContent))"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(script, pattern):
            return
        page.wait_for_timeout(50)
    seen = page.evaluate(
        """() => ({log: [...document.querySelectorAll('#log li')].slice(-8).map(li => li.textContent),
        decision: (document.querySelector('#decision') || {}).textContent,
        toast: (e => e && !e.hidden ? e.textContent : null)(document.querySelector('#toast')),
        seq: document.querySelector('#room').dataset.seq,
        offline: document.querySelector('#room').classList.contains('offline')})"""
    )
    raise AssertionError(f"no log line matches /{pattern}/ in {timeout:.0f} s; the page shows {seen}")


def shot(page: Any, artifacts: Path, name: str) -> Path:
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def same_moment(*pages: Any, read: str = "#score", timeout: float = 20.0) -> list[str]:
    """Wait until every page shows the same update (the same seq); what ``read`` (a selector: its
    aria-label, else its text) shows on each page at that update."""
    script = """sel => [document.querySelector('#room').dataset.seq,
        (e => e ? (e.getAttribute('aria-label') || e.textContent) : '')(document.querySelector(sel))]"""
    deadline = time.monotonic() + timeout
    seqs: set[str] = set()
    while time.monotonic() < deadline:
        got = [p.evaluate(script, read) for p in pages]
        seqs = {g[0] for g in got}
        if len(seqs) == 1:
            again = {p.evaluate(script, read)[0] for p in pages}
            if again == seqs:
                return [g[1] for g in got]
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the pages never showed the same update: {seqs}")
