"""Who may act now, and how.

Every game reduces to a sequence of single decisions by one seat, so bots, records and RL
stay sequential. A response window and a hidden pick are still answered one seat at a time;
the kind tells a user interface how to present them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class DecisionKind(StrEnum):
    TURN = "turn"  # one seat plays its turn
    RESPONSE = "response"  # a window: seats answer act-or-pass in priority order
    HIDDEN_PICK = "hidden-pick"  # seats commit face down, revealed together
    OVER = "over"  # nobody acts: the match has ended


class Decision(NamedTuple):
    """Immutable. A named tuple rather than a frozen dataclass because a game builds one at almost
    every decision: construction costs about half (a frozen dataclass sets each field through
    object.__setattr__). It equals only another Decision with the same fields, as a dataclass does."""

    kind: DecisionKind
    seat: int | None  # the seat that must answer now; None only when OVER
    seats: tuple[int, ...] = ()  # every seat the window or pick still concerns, in order
    label: str = ""  # what is being decided, e.g. "steal", "shooting-phase:block"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "seat": self.seat, "seats": list(self.seats), "label": self.label}

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Decision and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


OVER = Decision(DecisionKind.OVER, None)
