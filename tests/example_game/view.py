"""What a seat sees, and a state consistent with it: the kicker's pick is hidden from the keeper."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitchside.core.rng import Rng
from tests.example_game.state import Side

if TYPE_CHECKING:
    from tests.example_game.rules import PenaltyState


def view(st: PenaltyState, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and seat == st.kicker()
    return {
        "first": st.first,
        "goals": [g[:] for g in st.goals],
        "score": list(st.score()),
        "kicker": st.kicker(),
        "aimed": st.aim is not None,
        "aim": st.aim.value if mine and st.aim is not None else None,  # PK-2: face down to the others
        "decision": st.decision().to_json(),
    }


def determinize(st: PenaltyState, seat: int, rng: Rng) -> PenaltyState:
    twin = st.clone()
    if st.aim is not None and seat != st.kicker():
        twin.aim = list(Side)[rng.below(3)]  # the keeper can only guess the kicker's side
    return twin
