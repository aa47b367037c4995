"""Bots in seats: they think in a worker pool, off the event loop, so a slow search in one room never
delays another room. A bot sees only what an agent always sees: an Observation of a copy of the match
(its seat's view, its legal actions, determinize)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from pitchside.agents.base import Agent, Observation, RandomAgent, make_agent
from pitchside.core.game import Game, State
from pitchside.core.rng import Rng
from pitchside.web.rooms import BotKind

DEFAULT_BUDGET = 200  # IS-MCTS iterations when a room does not say


def make_bot(game: Game, kind: BotKind, budget: int | None = None) -> Agent:
    """The agent for a bot seat. ``heuristic`` is the game's own bot, or random for a game without one."""
    if kind is BotKind.ISMCTS:
        return make_agent(f"ismcts:{budget or DEFAULT_BUDGET}", game.id)  # guided by the game (SearchGuide)
    if kind is BotKind.HEURISTIC:
        return game.heuristic_agent() or RandomAgent()
    return make_agent(kind.value)


def think(agent: Agent, state: State, seat: int, seed: int) -> str:
    """The action ``agent`` picks for ``seat`` in ``state`` (a copy the bot may use freely), as text."""
    obs = Observation(state, seat, state.legal_actions(seat))
    return str(agent.act(obs, Rng(seed)))


class BotPool:
    """Threads the bots think in. ``ask`` copies the state first, so the match may go on meanwhile."""

    def __init__(self, workers: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="pitchside-bot")

    async def ask(self, agent: Agent, state: State, seat: int, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, think, agent, state.clone(), seat, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
