"""Reading a setup: core reads and type-checks the declared fields; this adds the shoot-out's invariants."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pitchside.core.errors import DataError
from pitchside.core.state import read_fields
from tests.example_game.rules import PenaltyState
from tests.example_game.state import GAME_ID, KICKS


def blank() -> PenaltyState:
    st = object.__new__(PenaltyState)
    st.first, st.goals, st.aim = 0, [[], []], None
    return st


def read_setup(setup: Mapping[str, Any], source: str) -> PenaltyState:
    """The header (a JSON object of this game) is checked by GameBase.from_setup before this runs."""

    def fail(field: str, message: str) -> DataError:
        return DataError(source, None, field, message)

    if setup.get("seats", 2) != 2:
        raise fail("seats", f"{GAME_ID} is for 2 seats")
    st = blank()
    read_fields(st, setup, source, seats=2, header={"game", "seats"})
    ahead, behind = len(st.goals[st.first]), len(st.goals[1 - st.first])
    if ahead - behind not in (0, 1):  # PK-1: the first kicker is never more than one kick ahead
        raise fail("goals", f"seat {st.first} kicks first: it has taken {ahead} kicks and seat {1 - st.first} {behind}")
    for r in range(KICKS, behind + 1):  # PK-4: no kick after a round that decided the shoot-out
        a, b = (sum(g[:r]) for g in st.goals)
        if a != b and (r < behind or ahead > behind):
            raise fail("goals", f"the shoot-out was decided after {r} kicks each (PK-4)")
    if st.aim is not None and st.is_over():
        raise fail("aim", "the shoot-out is over: nobody aims (PK-5)")
    return st
