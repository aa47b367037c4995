"""Every game and seat count the RL adapters must serve, and a seeded random walk through a match."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pitchside.core.game import State
from pitchside.core.registry import GAMES, load_game

CASES = [(gid, n) for gid in ("sonic-cup", "world-ball", "my-world-cup") for n in load_game(gid).seat_counts]
IDS = [f"{gid}-{n}" for gid, n in CASES]
assert {gid for gid, _ in CASES} == set(GAMES)  # a new game needs its encoder (pitchside/rl/spaces.ENCODERS)


def walk(gid: str, n: int, seed: int) -> Iterator[tuple[State, int]]:
    """Each decision of a random match: the state (before the move) and the seat to act."""
    st = load_game(gid).new_state({"seats": n}, seed)
    rnd = random.Random(seed)
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        yield st, seat
        st.apply(seat, rnd.choice(list(st.legal_actions(seat))))
