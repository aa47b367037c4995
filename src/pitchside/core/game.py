"""The one protocol every game implements, and the small values it trades in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self, runtime_checkable

from pitchside.core.decision import Decision
from pitchside.core.errors import DataError
from pitchside.core.rng import Rng

if TYPE_CHECKING:
    from pitchside.agents.base import Agent

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
    @property
    def config(self) -> Config:
        """The match's configuration as the game normalised it (what a record stores)."""
        ...

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
    """A game: its identity, its notation, how to start a match, and the optional parts it offers.

    Every optional part has a documented default in :class:`GameBase`, which games inherit;
    callers use the members and never probe for them.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    version: str
    seat_counts: tuple[int, ...]

    @property
    def reveal_events(self) -> tuple[str, ...]: ...
    def new_state(self, config: Config | None = None, seed: int = 0) -> State: ...
    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> State: ...
    def parse_action(self, text: str) -> Action: ...
    def team_of(self, config: Config | None, seat: int) -> int: ...
    def team_names(self) -> tuple[str, ...]: ...
    def normalize_config(self, config: Config | None, source: str = "<config>") -> dict[str, Any]: ...
    def start(self, config: Config | None = None, seed: int = 0) -> tuple[State, list[Event]]: ...
    def cli_config(self, options: Mapping[str, Any]) -> dict[str, Any]: ...
    def renderer(self, config: Config | None = None) -> Any | None: ...
    def heuristic_agent(self) -> Agent | None: ...
    def texts(self) -> Mapping[str, str]: ...


class GameBase:
    """The defaults of a game's optional parts. A game inherits this and overrides what it offers.

    - ``reveal_events``: kinds of public events that show hidden things by the rules; none.
    - ``normalize_config``: checks ``seats`` against ``seat_counts`` and takes no other key.
    - ``start``: ``new_state`` and no opening events (a game whose deal makes events overrides it).
    - ``cli_config``: command-line options into config keys, as ``cli_options`` maps them (option ->
      config key); refuses any other option. By default there are none.
    - ``renderer``: the terminal renderer; None (the plain view is used).
    - ``heuristic_agent``: the game's rule-of-thumb bot; None (only the generic bots).
    - ``texts``: named texts for people (rule summaries, help); none.
    """

    id: str
    name: str
    seat_counts: tuple[int, ...] = (2,)
    reveal_events: tuple[str, ...] = ()
    cli_options: Mapping[str, str] = {}

    def new_state(self, config: Config | None = None, seed: int = 0) -> State:
        raise NotImplementedError

    def normalize_config(self, config: Config | None, source: str = "<config>") -> dict[str, Any]:
        cfg = dict(config or {})
        for key in cfg:
            if key != "seats":
                raise DataError(source, None, key, f"unknown config key; {self.id} knows only seats")
        n = cfg.get("seats", min(self.seat_counts))
        if type(n) is not int or n not in self.seat_counts:
            counts = ", ".join(map(str, self.seat_counts))
            raise DataError(source, None, "seats", f"{n!r} seats: {self.id} is for {counts} players")
        cfg["seats"] = n
        return cfg

    def start(self, config: Config | None = None, seed: int = 0) -> tuple[State, list[Event]]:
        return self.new_state(config, seed), []

    def cli_config(self, options: Mapping[str, Any]) -> dict[str, Any]:
        bad = [k for k in options if k not in self.cli_options]
        if bad:
            flags = ", ".join("--" + k for k in bad)
            raise DataError("<options>", None, "--" + bad[0], f"{self.id} takes no {flags}")
        return {self.cli_options[k]: str(v) for k, v in options.items() if v is not None}

    def renderer(self, config: Config | None = None) -> Any | None:
        return None

    def heuristic_agent(self) -> Agent | None:
        return None

    def texts(self) -> Mapping[str, str]:
        return {}
