"""A seat that is no seat, at every public entry point of a state (issue 7, "Actions"): 0.0 equals 0 and True
equals 1 in Python, so a seat given as 0.0 once reached the rules and raised a TypeError there (World Ball's
apply, through its cache of legal moves; every game's view and determinize). Now apply refuses it with an
IllegalAction and changes nothing, legal_actions gives none, and view and determinize raise InvalidSeat."""

from __future__ import annotations

import pytest

from pitchside.core.errors import IllegalAction, InvalidSeat
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng

GAMES = ["sonic-cup", "world-ball", "my-world-cup"]
NO_SEATS = [0.0, 1.0, True, False, "0", None, -1, 9, [0]]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("moves", [0, 2])  # My World Cup friendlies are short
def test_a_seat_that_is_no_seat_is_refused_at_every_entry_point(game_id: str, moves: int) -> None:
    st = load_game(game_id).new_state({"seats": 2}, 3)
    rng = Rng(3)
    for _ in range(moves):
        seat = st.decision().seat
        assert seat is not None
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.below(len(legal))])
    seat = st.decision().seat
    assert seat is not None
    action = st.legal_actions(seat)[0]  # cached for the real seat: the bad one must not reach the cache
    before = st.fingerprint()
    for bad in NO_SEATS:
        with pytest.raises(IllegalAction):
            st.apply(bad, action)  # type: ignore[arg-type]
        assert st.fingerprint() == before
        assert list(st.legal_actions(bad)) == []  # type: ignore[arg-type]
        assert st.refusals(bad, action)  # type: ignore[arg-type]
        with pytest.raises(InvalidSeat):
            st.determinize(bad, Rng(1))  # type: ignore[arg-type]
        if bad is not None:  # None is a spectator's view
            with pytest.raises(InvalidSeat):
                st.view(bad)  # type: ignore[arg-type]
    assert st.view(None) and st.fingerprint() == before
    st.apply(seat, action)
