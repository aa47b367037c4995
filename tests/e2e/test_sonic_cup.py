"""Issue 9, browser: two people in two browser contexts join one Sonic Cup room and play real turns by
clicking; bots fill the other seats."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import open_page
from tests.e2e.table import click_action, enter_room, fill_bots_and_start, join, legal, same_moment, shot, wait_turn

MULTI = re.compile(r"^(any|fw|pk) [A-Z0-9]+$")  # the first pick of a multi-card play


def choose(actions: list[str]) -> str:
    """A plain one-card play when there is one (a maneuver or a kick), else pass/end, else the first."""
    for a in actions:
        if a.startswith(("move ", "df ", "kb ", "mpk ")):
            return a
    for a in actions:
        if a in ("pass", "end", "done", "keep"):
            return a
    return actions[0]


def test_two_browsers_play_sonic_cup_turns(browser: Any, server: Any, artifacts: Any, page_errors: list[str]) -> None:
    room = server.room("sonic-cup", seats=4, seed=11)
    ann = open_page(browser, server, page_errors)
    bob = open_page(browser, server, page_errors, lang="zh")
    enter_room(ann, room)
    join(ann, 0, "Ann")
    enter_room(bob, room)  # the share link: the same address
    join(bob, 1, "Bob")
    fill_bots_and_start(ann)
    ann.wait_for_selector("svg.pitch .ball")
    bob.wait_for_selector("svg.pitch .ball")
    acted = {"Ann": 0, "Bob": 0}
    names = {id(ann): "Ann", id(bob): "Bob"}
    for _ in range(60):
        if min(acted.values()) >= 3:
            break
        page = wait_turn([ann, bob])
        if page is None:
            break
        actions = legal(page)
        assert actions, "a decision with no legal action offered"
        # The hand shows the cards the choices use; a card click narrows the choices to that card.
        card = next((a.split(" ")[1].split(">")[0] for a in actions if a.startswith("move ")), None)
        if card:
            page.click(f'#hand button.card[data-card="{card}"]')
            assert all(card in a for a in legal(page))
            page.click(f'#hand button.card[data-card="{card}"]')
        action = choose(actions)
        if page is bob and actions.index(action) < 9:
            # Bob plays from the keyboard: the digit shown on the choice's button.
            seq = int(bob.get_attribute("#room", "data-seq"))
            bob.keyboard.press(str(actions.index(action) + 1))
            bob.wait_for_function("n => Number(document.querySelector('#room').dataset.seq) > n", arg=seq)
        else:
            click_action(page, action)
        acted[names[id(page)]] += 1
        if acted[names[id(page)]] == 1:
            shot(page, artifacts, f"sonic-cup-{names[id(page)].lower()}-first-turn")
    assert min(acted.values()) >= 3, acted
    # Both pages show the same public table: the ball and the score agree.
    seen = same_moment(ann, bob, read="svg.pitch")
    assert len({label.split()[-1] for label in seen}) == 1, seen  # the same ball zone on both pages at one update
    # Bob's page is in Chinese, Ann's in English; each sees its own hand only.
    assert "你的手牌" in bob.inner_text("#table")
    assert "Your hand" in ann.inner_text("#table")
    assert ann.inner_text("#log") and bob.inner_text("#log")
    # The full text of a card on hover; the language switch redraws the page in Chinese.
    ann.hover("#hand button.card >> nth=0")
    info = ann.inner_text("#info")
    assert "Maneuver" in info and "in the deck" in info
    ann.click("#lang")
    ann.wait_for_selector("text=你的手牌")
    ann.hover("#hand button.card >> nth=0")
    assert "运球" in ann.inner_text("#info")
    ann.click("#lang")
    ann.wait_for_selector("text=Your hand")
    # A reload is a reconnect: the token kept in the browser gives the seat back with the whole log.
    before = len(bob.query_selector_all("#log li"))
    bob.reload()
    bob.wait_for_selector("#hand button.card")
    bob.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=before)
    assert bob.query_selector('#seats .seat-row.mine[data-seat="1"]')
    shot(ann, artifacts, "sonic-cup-ann")
    shot(bob, artifacts, "sonic-cup-bob")
    assert page_errors == []
