"""The shoot-out's action, ``kick SIDE`` or ``dive SIDE``, and its notation."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pitchside.core.errors import InvalidAction
from tests.example_game.state import Side


class Verb(StrEnum):
    KICK = "kick"
    DIVE = "dive"


@dataclass(frozen=True, slots=True)
class Pick:
    verb: Verb
    side: Side

    def __str__(self) -> str:
        return f"{self.verb} {self.side}"


def parse(text: str) -> Pick:
    try:
        verb, side = text.lower().split()
        return Pick(Verb(verb), Side(side))
    except (AttributeError, ValueError):
        raise InvalidAction(f"cannot read {text!r}: 'kick SIDE' or 'dive SIDE', SIDE left, centre or right") from None
