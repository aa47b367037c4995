"""Who may act now, and how.

Every game reduces to a sequence of single decisions by one seat, so bots, records and RL
stay sequential. A response window and a hidden pick are still answered one seat at a time;
the kind tells a user interface how to present them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class DecisionKind(StrEnum):
    TURN = "turn"  # one seat plays its turn
    RESPONSE = "response"  # a window: seats answer act-or-pass in priority order
    HIDDEN_PICK = "hidden-pick"  # seats commit face down, revealed together
    OVER = "over"  # nobody acts: the match has ended


@dataclass(frozen=True, slots=True)
class Decision:
    kind: DecisionKind
    seat: int | None  # the seat that must answer now; None only when OVER
    seats: tuple[int, ...] = ()  # every seat the window or pick still concerns, in order
    label: str = ""  # what is being decided, e.g. "steal", "shooting-phase:block"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "seat": self.seat, "seats": list(self.seats), "label": self.label}


OVER = Decision(DecisionKind.OVER, None)
