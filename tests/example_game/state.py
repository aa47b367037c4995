"""The shoot-out's state, declared once: core derives clone, to_setup, fingerprint and setup reading."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pitchside.core.state import SEATS, GameState, field

GAME_ID = "penalty-shootout"
KICKS = 5  # PK-1: five each before sudden death (PK-4)


class Side(StrEnum):
    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class Data(GameState):
    first: int = field(seat=True)  # PK-1: won the coin toss, kicks first in every round
    goals: list[list[bool]] = field(length=SEATS)  # each seat's kicks so far: True for a goal
    aim: Side | None  # PK-2: the kicker's face-down pick, None until it is made

    def setup_header(self) -> dict[str, Any]:
        return {"game": GAME_ID, "seats": 2}

    def kicker(self) -> int:
        """PK-1: the first kicker, unless they have kicked more than the other."""
        return self.first if len(self.goals[self.first]) == len(self.goals[1 - self.first]) else 1 - self.first

    def score(self) -> tuple[int, int]:
        return sum(self.goals[0]), sum(self.goals[1])

    def is_over(self) -> bool:
        """PK-4, PK-5: after an equal number of kicks, at least five each, one player is ahead."""
        a, b = self.goals
        return len(a) == len(b) >= KICKS and sum(a) != sum(b)
