"""The Agent protocol: a seat's view and legal actions in, one action out."""

from __future__ import annotations

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


def _ismcts() -> Agent:
    from pitchside.agents.ismcts import ISMCTSAgent  # imported only when asked for

    return ISMCTSAgent()


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "ismcts": _ismcts}
PER_GAME = ("heuristic",)  # the game's own bot: Game.heuristic_agent()


def make_agent(name: str, game: str | None = None) -> Agent:
    """An agent by name; ``heuristic`` is the game's own rule-of-thumb bot."""
    if name in AGENTS:
        agent: Agent = AGENTS[name]()
        return agent
    if name in PER_GAME and game is not None:
        from pitchside.core.registry import load_game

        g = load_game(game)
        bot = g.heuristic_agent()
        if bot is None:
            raise ValueError(f"{g.id} has no {name} bot; known: {', '.join(sorted(AGENTS))}")
        return bot
    known = ", ".join([*sorted(AGENTS), *PER_GAME])
    raise ValueError(f"unknown agent {name!r}; known: {known}")
