"""The faster Sonic Cup heuristic bot chooses exactly what the first one chose.

Both bots answer every decision of whole matches (the first bot's copy is
tests/games/sonic_cup/heuristic_before.py), each with its own copy of the same generator: the
action and the draws the choice took must be the same. Matches are played on by the new bot's
choice, at several seat counts and player cards, so the look-ahead meets every kind of play.
"""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.agents.base import Observation
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.heuristics import SonicCupHeuristic
from tests.games.sonic_cup.heuristic_before import SonicCupHeuristic as Before

_SOAK = pytest.mark.soak  # more matches: `make soak`
CASES: list[Any] = [
    pytest.param({"seats": 2}, 1, id="2p-seed1"),
    pytest.param({"seats": 2, "roles": [["MF"], ["LSF"]]}, 3, id="2p-MF-LSF-seed3"),
    pytest.param({"seats": 4}, 5, id="4p-seed5"),
    pytest.param({"seats": 6}, 6, id="6p-seed6"),
    *[pytest.param({"seats": 2}, s, id=f"2p-seed{s}", marks=_SOAK) for s in range(100, 112)],
    pytest.param({"seats": 2, "roles": [["GK"], ["DF"]]}, 4, id="2p-GK-DF-seed4", marks=_SOAK),
    pytest.param({"seats": 2, "roles": [["FW"], ["MF"]]}, 7, id="2p-FW-MF-seed7", marks=_SOAK),
    *[pytest.param({"seats": n}, s, id=f"{n}p-seed{s}", marks=_SOAK) for n in (4, 8, 10) for s in (20, 21)],
]


def _copy(rng: Rng) -> Rng:
    return Rng(rng.state, rng.rolls)


@pytest.mark.parametrize(("config", "seed"), CASES)
def test_every_choice_is_the_first_bots(config: dict[str, Any], seed: int) -> None:
    st = GAME.new_state(config, seed)
    new, old = SonicCupHeuristic(), Before()
    rng = Rng(seed)
    asked = 0
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        legal = st.legal_actions(seat)
        theirs = _copy(rng)
        mine = new.act(Observation(st, seat, legal), rng)
        assert old.act(Observation(st, seat, legal), theirs) == mine, f"decision {asked}"
        assert theirs.state == rng.state, f"decision {asked}: the choice drew differently"
        st.apply(seat, mine)
        asked += len(legal) > 1
    assert asked > 50  # whole matches, with real choices in them
