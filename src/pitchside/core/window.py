"""A response window: the seats that may still answer, in the rulebook's priority order.

Every game is sequential for bots, records and RL: a window is answered one seat at a time,
first seat first (design: "Decisions"). A window is a state field like any other: it is copied
on clone and written in the setup as its list of seats.
"""

from __future__ import annotations

from collections.abc import Iterable


class Window:
    __slots__ = ("seats",)

    def __init__(self, seats: Iterable[int] = ()) -> None:
        self.seats = list(seats)

    @property
    def open(self) -> bool:
        return bool(self.seats)

    @property
    def seat(self) -> int:
        """The seat that answers now."""
        return self.seats[0]

    def answered(self) -> int | None:
        """The seat that answered now is done: the next seat to answer, or None when all have."""
        del self.seats[0]
        return self.seats[0] if self.seats else None

    def close(self) -> None:
        self.seats.clear()

    def copy(self) -> Window:
        return Window(self.seats)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Window) and other.seats == self.seats

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Window({self.seats})"
