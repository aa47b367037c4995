"""Assertions shared by the shooting, restart, singing and time scenario tests."""

from __future__ import annotations

from collections import Counter

import pytest

from pitchside.core.errors import IllegalAction
from pitchside.games.sonic_cup.game import GAME, card_census
from pitchside.games.sonic_cup.rules import SonicCupState
from tests.games.sonic_cup.helpers import play


def refuse(st: SonicCupState, seat: int, text: str, *rules: str) -> IllegalAction:
    """``text`` by ``seat`` is illegal, names one of ``rules``, and leaves the state as it was."""
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, seat, text)
    assert err.value.rule in rules, f"{text!r}: rule {err.value.rule}, expected one of {rules}"
    assert st.fingerprint() == before, f"{text!r} changed the state"
    return err.value


def who(st: SonicCupState) -> tuple[str, int | None, str]:
    """(decision kind, seat, label) of the decision due now."""
    d = st.decision()
    return d.kind.value, d.seat, d.label


def sizes(st: SonicCupState) -> list[int]:
    return [len(h) for h in st.hands]


def conserved(st: SonicCupState) -> bool:
    """Every card of the deck is exactly once somewhere (hands, deck, discard, picks)."""
    return card_census(st) == Counter(st.t.deck.physical)


def rest_of_deck(*used: list[str]) -> list[str]:
    """Every physical card not in ``used`` (to put in a discard pile for a small deck)."""
    pool = Counter(GAME._table(GAME.normalize_config({"seats": 2})).deck.physical)
    for cards in used:
        pool.subtract(cards)
    assert all(k >= 0 for k in pool.values()), "more copies than the deck has"
    return sorted(pool.elements())
