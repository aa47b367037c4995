"""Build World Ball situations from a few facts, through the setup notation, and play text moves."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pitchside.core.errors import IllegalAction
from pitchside.core.game import Event
from pitchside.games.world_ball.game import GAME, card_census
from pitchside.games.world_ball.rules import WorldBallState

# Characters for seats a test does not name: their skills stay out of the way of most scenarios.
DEFAULT_CHARS = ["lahm", "rooney", "nesta", "gerrard", "iniesta", "kaka", "xavi", "neuer", "henry", "pique"]
CONTENT = GAME.table(GAME.normalize_config({"seats": 2})).content


def scenario(
    seats: int = 2,
    chars: list[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    *,
    deck_top: list[str] | None = None,
    discard: list[str] | None = None,
    skills: dict[int, list[str]] | None = None,
    pending: dict[int, list[str]] | None = None,
    deck_empty: bool = False,
    config: dict[str, Any] | None = None,
    **fields: Any,
) -> WorldBallState:
    """A state in seat ``active``'s (default 0) action phase with the given hands (others empty),
    ``deck_top`` drawn first (in list order), every other card at the bottom of the deck (or in the
    discard pile with ``deck_empty``), and any other setup field (stamina defaults to full)."""
    chosen = list(chars or [])
    chosen += [c for c in DEFAULT_CHARS if c not in chosen][: seats - len(chosen)]
    hands = dict(hands or {})
    skills = dict(skills or {})
    pending = dict(pending or {})
    pool = Counter(CONTENT.physical)
    used = [*hands.values(), *skills.values(), *pending.values(), deck_top or [], discard or []]
    for f in fields.get("stack", []):
        if f.get("k") == "event" or f.get("effect") == "captain":
            used.append([f["card"]])
    for cards in used:
        pool.subtract(cards)
        bad = [c for c, k in pool.items() if k < 0]
        assert not bad, f"more copies than the deck has: {bad}"
    rest = sorted(pool.elements())
    deck = [] if deck_empty else rest + list(reversed(deck_top or []))
    pile = list(discard or []) + (rest if deck_empty else [])
    if deck_empty:
        assert not deck_top, "deck_top needs a deck"
    setup: dict[str, Any] = {
        "game": "world-ball",
        "seats": seats,
        "config": {"seats": seats, **(config or {})},
        "phase": "action",
        "chars": chosen,
        "hands": [list(hands.get(s, [])) for s in range(seats)],
        "skills": [list(skills.get(s, [])) for s in range(seats)],
        "pending": [list(pending.get(s, [])) for s in range(seats)],
        "deck": deck,
        "discard": pile,
        **fields,
    }
    return GAME.from_setup(setup, "<scenario>")


def play(st: WorldBallState, seat: int, text: str) -> list[Event]:
    return st.apply(seat, GAME.parse_action(text))


def legal(st: WorldBallState, seat: int | None = None) -> list[str]:
    s = st.decision().seat if seat is None else seat
    assert s is not None
    return [str(a) for a in st.legal_actions(s)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def who(st: WorldBallState) -> tuple[str, int | None, str]:
    """(decision kind, seat, label) of the decision due now."""
    d = st.decision()
    return d.kind.value, d.seat, d.label


def refuse(st: WorldBallState, seat: int, text: str, *rules: str) -> IllegalAction:
    """``text`` by ``seat`` is illegal, names one of ``rules``, and leaves the state as it was."""
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, seat, text)
    assert err.value.rule in rules, f"{text!r}: rule {err.value.rule} ({err.value}), expected one of {rules}"
    assert st.fingerprint() == before, f"{text!r} changed the state"
    return err.value


def pass_window(st: WorldBallState, label: str) -> list[Event]:
    """Everybody asked passes until the window with ``label`` on top is gone (or another opens)."""
    out: list[Event] = []
    while st.decision().label == label:
        seat = st.decision().seat
        assert seat is not None
        out += play(st, seat, "pass")
    return out


def conserved(st: WorldBallState) -> bool:
    return card_census(st) == Counter(CONTENT.physical)


def sizes(st: WorldBallState) -> list[int]:
    return [len(h) for h in st.hands]
