"""The one protocol every game implements, and the small values it trades in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self, runtime_checkable

from pitchside.core.decision import Decision
from pitchside.core.errors import DataError
from pitchside.core.legality import Refusal
from pitchside.core.rng import Rng

if TYPE_CHECKING:
    from pitchside.agents.base import Agent
    from pitchside.core.texts import Bilingual, Topic

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
    def refusals(self, seat: int, action: Action) -> list[Refusal]:
        """Every rule that forbids ``action`` by ``seat`` now (empty if it is legal). ``apply``
        refuses an illegal action with one of these."""
        ...

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

    # Read-only: a game writes them as plain class attributes (``aliases = ("pk",)``).
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def version(self) -> str: ...
    @property
    def seat_counts(self) -> tuple[int, ...]: ...
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
    def texts(self, config: Config | None = None) -> Mapping[str, Topic]: ...
    def preview(self, state: State, seat: int, action: Action) -> Bilingual | None: ...
    def partial(self, state: State, seat: int) -> int: ...
    def search_guide(self) -> SearchGuide: ...


@dataclass(frozen=True)
class SearchGuide:
    """What a game tells a search bot (IS-MCTS, issue 11) about playing out its sampled worlds.

    ``evaluate``  a sampled, unfinished world -> one value per seat in [-1, 1], as ``Outcome.returns``
                  (its team's chances): a playout stops after ``cutoff`` moves and scores this.
                  None: the game offers no estimate, and an unfinished playout scores 0 for every seat.
    ``policy``    the agent that plays the playout's moves, on an Observation of the sampled world
                  (None: uniformly random legal actions). It must be cheap: it runs at every playout move.
    ``playout``   instead of ``policy``: ``playout(world, seat, legal, rng) -> action`` on the sampled world
                  itself, so no Observation or view is built at every move. It may read the whole world: the
                  search drew that world from what the observer knows, and never hands it the true state.
    ``cutoff``    how many moves a playout makes after the tree before it is scored.
    ``prior_weight``  how strongly the search favours the game's heuristic bot's choice at its own decision
                  (a bonus of ``prior_weight / visits`` to that move's UCB score; 0: no prior).
    """

    evaluate: Callable[[State], Sequence[float]] | None = None
    policy: Agent | None = None
    playout: Callable[[State, int, Sequence[Action], Rng], Action] | None = None
    cutoff: int = 100
    prior_weight: float = 1.0


def config_dict(config: object, source: str = "<config>") -> dict[str, Any]:
    """A config as a new dict: a JSON object (or None), whose ``seats``, when given, is a whole number.

    Every game's ``normalize_config`` starts here, so 4.0, true, [2] or "4" seats and a config that
    is a list or a number are a DataError naming the field, never a TypeError deeper in.
    """
    if config is None:
        return {}
    if not isinstance(config, Mapping):
        raise DataError(source, None, "config", 'a config is a JSON object such as {"seats": 4}')
    cfg = dict(config)
    for key in cfg:
        if not isinstance(key, str):
            raise DataError(source, None, "config", f"{key!r} is not a config key")
    n = cfg.get("seats")
    if "seats" in cfg and type(n) is not int:
        shown = repr(n) if isinstance(n, str | float | bool | type(None)) else f"a {type(n).__name__}"
        raise DataError(source, None, "seats", f"{shown} is not a seat count: a whole number such as 4")
    return cfg


class GameBase:
    """The defaults of a game's optional parts. A game inherits this and overrides what it offers.

    - ``from_setup``: the header checked, the game's ``read_setup``, then core's ``check_playable``.
    - ``reveal_events``: kinds of public events that show hidden things by the rules; none.
    - ``normalize_config``: checks ``seats`` against ``seat_counts`` and takes no other key.
    - ``start``: ``new_state`` and no opening events (a game whose deal makes events overrides it).
    - ``cli_config``: command-line options into config keys, as ``cli_options`` maps them (option ->
      config key); refuses any other option. By default there are none.
    - ``renderer``: the terminal renderer; None (the plain view is used).
    - ``heuristic_agent``: the game's rule-of-thumb bot; None (only the generic bots).
    - ``texts``: the rules texts for people, topic id -> :class:`~pitchside.core.texts.Topic` (the overview,
      every card, role, character, skill, event and team, each in Chinese and English, from the game's data
      files, or the data a match's ``config`` names); none. A game that offers texts has the topic ``overview``;
      ``pitchside rules`` and ``info`` at the play prompt show them.
    - ``preview``: what a legal ``action`` of ``seat`` would do in ``state``, in Chinese and English, worked out
      from what that seat may see (it rolls nothing and changes nothing); none. The terminal shows it beside each
      choice and the browser will too (My World Cup: who can score with each pairing, and on which dice).
    - ``partial``: how many of ``seat``'s last moves form a multi-card play it has not finished yet, which
      ``back`` may take back (``core.back``); 0 (no game has to offer it).
    - ``search_guide``: how a search bot plays out and scores its sampled worlds (:class:`SearchGuide`); by
      default uniformly random moves for 100 moves, an unfinished playout scoring 0.
    - ``team_of`` / ``team_names``: no teams; every seat plays for itself, named "seat 0", "seat 1", ...
    """

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    seat_counts: tuple[int, ...] = (2,)
    reveal_events: tuple[str, ...] = ()
    cli_options: Mapping[str, str] = {}

    def new_state(self, config: Config | None = None, seed: int = 0) -> State:
        raise NotImplementedError

    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> State:
        """The state a setup describes, accepted only if the match can go on from it (issue 7).

        The header is checked (a JSON object, the game's own id, a top-level ``seats`` that agrees
        with ``config.seats``), the game's ``read_setup`` reads the rest with its own invariants, and
        core's ``check_playable`` verifies that the match can go on. A game implements ``read_setup``.
        """
        from pitchside.core.setupfile import check_playable, check_setup_header

        check_setup_header(setup, source, self.id, self.aliases)
        state = self.read_setup(setup, source)
        check_playable(state, source)
        return state

    def read_setup(self, setup: Mapping[str, Any], source: str) -> State:
        """The game's setup reader (docs/notation.md): fields and the game's invariants; errors name the field."""
        raise NotImplementedError

    def normalize_config(self, config: Config | None, source: str = "<config>") -> dict[str, Any]:
        cfg = config_dict(config, source)
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

    def texts(self, config: Config | None = None) -> Mapping[str, Topic]:
        return {}

    def preview(self, state: State, seat: int, action: Action) -> Bilingual | None:
        return None

    def partial(self, state: State, seat: int) -> int:
        return 0

    def search_guide(self) -> SearchGuide:
        return SearchGuide()

    def team_of(self, config: Config | None, seat: int) -> int:
        return seat

    def team_names(self) -> tuple[str, ...]:
        return tuple(f"seat {s}" for s in range(max(self.seat_counts)))
