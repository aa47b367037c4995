"""The one protocol every game implements, and the small values it trades in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, Self, runtime_checkable

from pitchside.core.decision import Decision
from pitchside.core.rng import Rng

Config = Mapping[str, Any]
View = dict[str, Any]


@runtime_checkable
class Action(Protocol):
    """A frozen, hashable value whose ``str()`` is its canonical notation.

    ``game.parse_action(str(a)) == a`` always holds.
    """

    def __str__(self) -> str: ...
    def __hash__(self) -> int: ...


class Event(NamedTuple):
    """Something that happened. ``to`` is None for a public event, else the only seat that sees it."""

    kind: str
    data: Mapping[str, Any]
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["for_seat"] = self.to  # only this seat may see it
        return out


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended.

    ``winner`` is a team index (or None for a draw); ``returns`` has one value per seat
    (+1 win, -1 loss, 0 draw) for bots and RL; ``ending`` names how it ended (game-specific).
    """

    scores: tuple[int, ...]
    winner: int | None
    returns: tuple[float, ...]
    ending: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "returns": list(self.returns),
            "ending": self.ending,
            **({"details": dict(self.details)} if self.details else {}),
        }


class State(Protocol):
    """A match in progress. Only ``apply`` changes it; an illegal action changes nothing."""

    @property
    def num_seats(self) -> int: ...
    def decision(self) -> Decision: ...
    def legal_actions(self, seat: int) -> Sequence[Action]: ...
    def apply(self, seat: int, action: Action) -> list[Event]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> Outcome: ...
    def view(self, seat: int | None) -> View: ...
    def determinize(self, seat: int, rng: Rng) -> Self: ...
    def clone(self) -> Self: ...
    def to_setup(self) -> dict[str, Any]: ...
    def fingerprint(self) -> str: ...


class Game(Protocol):
    """A game: its identity, its notation, and how to start a match."""

    id: str
    name: str
    aliases: tuple[str, ...]
    version: str
    seat_counts: tuple[int, ...]

    def new_state(self, config: Config | None = None, seed: int = 0) -> State: ...
    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> State: ...
    def parse_action(self, text: str) -> Action: ...
    def team_of(self, config: Config | None, seat: int) -> int: ...
    def team_names(self) -> tuple[str, ...]: ...
