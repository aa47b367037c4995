"""A determinization depends only on what the seat sees.

Two states the seat cannot tell apart (the real one and one of its own determinizations) must
give the same determinization for the same random numbers: otherwise the true hidden cards,
through their order, would shape a bot's guesses and so its choices.
"""

from __future__ import annotations

import pytest

from pitchside.core.registry import GAMES, load_game
from pitchside.core.rng import Rng

CASES = [(gid, n) for gid, entry in GAMES.items() for n in sorted({min(entry.seat_counts), max(entry.seat_counts)})]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_determinize_is_a_function_of_the_view(game_id: str, seats: int) -> None:
    game = load_game(game_id)
    checked = 0
    for seed in range(12):
        state = game.new_state({"seats": seats}, seed)
        rng = Rng(seed)
        step = 0
        while not state.is_over() and step < 300:
            seat = state.decision().seat
            assert seat is not None
            if step % 20 == 0:
                twin = state.determinize(seat, Rng(1000 + step))
                assert twin.view(seat) == state.view(seat)
                a = state.determinize(seat, Rng(7))
                b = twin.determinize(seat, Rng(7))
                assert a.fingerprint() == b.fingerprint(), (game_id, seed, step)
                checked += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            step += 1
    assert checked >= 12
