"""The Agent protocol: a seat's view and legal actions in, one action out."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, Protocol

from pitchside.core.game import Action, State
from pitchside.core.rng import Rng


class Observation:
    """What one seat may use to decide: its view, its legal actions, and sampled worlds.

    It wraps the true state but exposes only ``view`` and ``determinize``, so an agent never
    sees another hand or the deck order.
    """

    __slots__ = ("__dict__", "_state", "legal", "seat")

    def __init__(self, state: State, seat: int, legal: Sequence[Action]) -> None:
        self._state = state
        self.seat = seat
        self.legal = legal

    @cached_property
    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with this seat's view (hidden cards dealt at random)."""
        return self._state.determinize(self.seat, rng)


class Agent(Protocol):
    name: str

    def act(self, obs: Observation, rng: Rng) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, obs: Observation, rng: Rng) -> Action:
        return obs.legal[rng.below(len(obs.legal))]


MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0
BUDGET_HELP = "a budget is a whole number of iterations (ismcts:500) or of seconds (ismcts:1s, ismcts:0.5s)"


def parse_budget(name: str, budget: str) -> tuple[int | None, float | None]:
    """``500`` -> (500 iterations, no clock); ``1s`` / ``0.5s`` / ``250ms`` -> (no count, seconds)."""
    text = budget.strip().lower()
    try:
        if text.endswith("ms"):
            seconds = float(text[:-2]) / 1000
        elif text.endswith("s"):
            seconds = float(text[:-1])
        else:
            if not text.isdigit():
                raise ValueError
            n = int(text)
            if not 1 <= n <= MAX_ITERATIONS:
                raise ValueError(f"{name}:{budget}: iterations must be between 1 and {MAX_ITERATIONS:,}")
            return n, None
    except ValueError as e:
        raise ValueError(str(e) if e.args else f"'{name}:{budget}' is not a budget: {BUDGET_HELP}") from None
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise ValueError(f"{name}:{budget}: a time budget must be more than 0 and at most {MAX_SECONDS:g} s")
    return None, seconds


def _ismcts(game: str | None, budget: str | None) -> Agent:
    from pitchside.agents.ismcts import ISMCTSAgent  # imported only when asked for

    iterations, seconds = (ISMCTSAgent.DEFAULT_ITERATIONS, None) if budget is None else parse_budget("ismcts", budget)
    return ISMCTSAgent.for_game(game, iterations=iterations, max_seconds=seconds)


def _random(game: str | None, budget: str | None) -> Agent:
    return RandomAgent()


# name -> factory(game id or None, budget text or None); only a searching bot takes a budget.
AGENTS: dict[str, Callable[[str | None, str | None], Agent]] = {"random": _random, "ismcts": _ismcts}
BUDGETED = ("ismcts",)
PER_GAME = ("heuristic",)  # the game's own bot: Game.heuristic_agent()


def make_agent(name: str, game: str | None = None) -> Agent:
    """An agent by name; ``heuristic`` is the game's own rule-of-thumb bot. A searching bot takes a budget
    after a colon: ``ismcts:500`` (iterations per decision) or ``ismcts:1s`` (seconds per decision)."""
    base, sep, budget = name.partition(":")
    base = base.strip()
    if sep and base not in BUDGETED and (base in AGENTS or base in PER_GAME):
        raise ValueError(f"{name!r}: only {', '.join(BUDGETED)} takes a budget ({BUDGET_HELP})")
    if sep and not budget.strip() and base in BUDGETED:
        raise ValueError(f"{name!r}: the budget after ':' is missing ({BUDGET_HELP})")
    if base in AGENTS:
        agent: Agent = AGENTS[base](game, budget if sep else None)
        return agent
    if base in PER_GAME and game is not None:
        from pitchside.core.registry import load_game

        g = load_game(game)
        bot = g.heuristic_agent()
        if bot is None:
            raise ValueError(f"{g.id} has no {name} bot; known: {', '.join(sorted(AGENTS))}")
        return bot
    known = ", ".join([*sorted(AGENTS), *PER_GAME])
    raise ValueError(f"unknown agent {name!r}; known: {known} (and ismcts:500, ismcts:1s)")
