"""Property tests (hypothesis): any sequence of legal choices keeps the match well formed."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pitchside.core.errors import IllegalAction
from pitchside.games.sonic_cup.actions import Play, Verb, parse
from pitchside.games.sonic_cup.game import GAME, card_census
from pitchside.games.sonic_cup.rules import SonicCupState

SEATS = st.sampled_from([2, 4, 6, 8, 10])


def _walk(seats: int, seed: int, choices: list[int]) -> SonicCupState:
    state = GAME.new_state({"seats": seats}, seed)
    for pick in choices:
        if state.is_over():
            break
        seat = state.decision().seat
        assert seat is not None
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick % len(legal)])
    return state


@settings(max_examples=60, deadline=None)
@given(SEATS, st.integers(0, 2**32), st.lists(st.integers(0, 10_000), max_size=300))
def test_cards_are_conserved_and_hands_within_reason(seats: int, seed: int, choices: list[int]) -> None:
    """SC-CARD-5, SC-DECK-1, SC-GAP-3: every card is always in exactly one place; no hand exceeds
    its limit except by Crowd Singing's extra card (SC-CROWD-3)."""
    state = _walk(seats, seed, choices)
    assert card_census(state) == Counter(state.t.deck.physical)
    for s in range(seats):
        assert len(state.hands[s]) <= state.t.deal + 2
    assert 1 <= state.ball <= 9
    assert all(0 <= x <= 3 for x in state.score)


@settings(max_examples=40, deadline=None)
@given(SEATS, st.integers(0, 2**32), st.lists(st.integers(0, 10_000), max_size=200), st.integers(0, 10_000))
def test_legal_text_round_trips_and_foreign_moves_are_refused(
    seats: int, seed: int, choices: list[int], other: int
) -> None:
    """Notation round-trips (docs/notation.md); a seat that is not deciding is refused (SC-TURN-2)
    and the state is unchanged."""
    state = _walk(seats, seed, choices)
    if state.is_over():
        return
    seat = state.decision().seat
    assert seat is not None
    for action in state.legal_actions(seat):
        assert parse(str(action)) == action
    intruder = (seat + 1 + other % (seats - 1)) % seats
    before = state.fingerprint()
    try:
        state.apply(intruder, Play(Verb.PASS))
    except IllegalAction as e:
        assert e.rule
    else:
        raise AssertionError("a seat acted out of turn")
    assert state.fingerprint() == before
