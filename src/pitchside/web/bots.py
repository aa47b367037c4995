"""Bots in seats: they think off the event loop, so a slow search in one room never delays another room.
A bot sees only what an agent always sees: an Observation of a copy of the match (its seat's view, its legal
actions, determinize).

Two pools. An IS-MCTS search is pure Python that runs for a second or more: in a thread it would hold the
GIL and slow the event loop (every room's moves and broadcasts) by tens of milliseconds per switch, so it runs
in worker *processes* (``bot_workers`` of them, started when the first search is asked for). The random and
heuristic bots answer in well under a millisecond and run in a small thread pool of their own, so a room of
cheap bots never queues behind another room's search.

A worker is not sent the match's state (a World Ball state holds its characters' abilities as closures, which
do not pickle): it is sent the room's log (game, config, seed, moves) and replays it with the game protocol,
as a restarted server does. Each worker keeps the last states it rebuilt, so the next search in the same
room only applies the moves made since. A room's searches always go to the same worker (by its id), which
keeps the room's agents too: IS-MCTS keeps its tree between a seat's consecutive decisions, and a bot's
play stays the same from run to run (it does not depend on which worker was free).

The worker processes end with the server: ``close`` ends them (uvicorn re-raises SIGTERM after its shutdown,
so no ``atexit`` runs), and each one watches its parent and exits when the server dies any other way.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import zlib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from pitchside.agents.base import Agent, Observation, RandomAgent, make_agent
from pitchside.core.game import Game, State
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.web.rooms import BotKind

DEFAULT_BUDGET = 200  # IS-MCTS iterations when a room does not say
QUICK_WORKERS = 2  # threads for the random and heuristic bots
KEPT_STATES = 64  # rebuilt matches a worker process keeps (one per room it searched in lately)
log = logging.getLogger("pitchside.web")


def make_bot(game: Game, kind: BotKind, budget: str | None = None) -> Agent:
    """The agent for a bot seat. ``heuristic`` is the game's own bot, or random for a game without one.
    ``budget``: an IS-MCTS budget in the agents' grammar (``500`` iterations, ``1s``), as ``Seat.budget_text``."""
    if kind is BotKind.ISMCTS:
        return make_agent(f"ismcts:{budget or DEFAULT_BUDGET}", game.id)  # guided by the game (SearchGuide)
    if kind is BotKind.HEURISTIC:
        return game.heuristic_agent() or RandomAgent()
    return make_agent(kind.value)


def think(agent: Agent, state: State, seat: int, seed: int) -> str:
    """The action ``agent`` picks for ``seat`` in ``state`` (a copy the bot may use freely), as text."""
    obs = Observation(state, seat, state.legal_actions(seat))
    return str(agent.act(obs, Rng(seed)))


@dataclass(frozen=True)
class Log:
    """A room's match as its log: what a worker process replays to think about it."""

    room: str
    game: str
    config: dict[str, Any]
    seed: int
    moves: tuple[tuple[int, str], ...]  # (seat, action) in order


# Per worker process: room id -> (its moves so far, the state after them); (room, seat, agent) -> the agent.
_rebuilt: OrderedDict[str, tuple[tuple[tuple[int, str], ...], State]] = OrderedDict()
_agents: OrderedDict[tuple[str, int, str], Agent] = OrderedDict()


def _kept(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > KEPT_STATES:
        cache.popitem(last=False)


def rebuild(match: Log) -> State:
    """The state after the log's moves, replayed from the last one this process rebuilt for the room when the
    log goes on from it (a cache: the same moves always give the same state)."""
    game = load_game(match.game)
    kept = _rebuilt.pop(match.room, None)
    if kept is not None and kept[0] == match.moves[: len(kept[0])]:
        done, state = kept
    else:
        done, state = (), game.start(match.config, match.seed)[0]
    for seat, action in match.moves[len(done) :]:
        state.apply(seat, game.parse_action(action))
    _kept(_rebuilt, match.room, (match.moves, state))
    return state


def search(agent: Agent, match: Log, seat: int, seed: int) -> str:
    """In a worker process: rebuild the match from its log, then think on a copy of it, with the agent this
    worker kept for the seat (its tree from the seat's last decision; the agent checks it still applies)."""
    key = (match.room, seat, agent.name)
    agent = _agents.get(key, agent)
    _kept(_agents, key, agent)
    return think(agent, rebuild(match).clone(), seat, seed)


def _search_worker() -> None:
    """A search process starts: it exits when the server does (the workers of a parent that was killed would
    wait for work for ever otherwise)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns when the parent process is gone
    os._exit(0)


class BotPool:
    """Where bots think. ``ask`` copies the state first (on the event loop), so the match may go on meanwhile."""

    def __init__(self, workers: int) -> None:
        self.quick = ThreadPoolExecutor(max_workers=QUICK_WORKERS, thread_name_prefix="pitchside-bot")
        # One process each, started on its first search (most servers never need one); a room uses one of them.
        self.search: list[ProcessPoolExecutor | None] = [None] * max(1, workers)

    def _searcher(self, room: str) -> ProcessPoolExecutor:
        i = zlib.crc32(room.encode("utf-8")) % len(self.search)  # the same room, the same worker, every time
        pool = self.search[i]
        if pool is None:
            # spawn, not fork: the server process has threads (the event loop's, the database writer's) and a
            # forked child would inherit their locks half-held.
            pool = self.search[i] = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_search_worker
            )
        return pool

    async def ask(self, agent: Agent, state: State, seat: int, seed: int, *, match: Log | None = None) -> str:
        """The bot's action in ``state``. With ``match`` (the room's log, for a long search such as IS-MCTS) it
        is thought in a worker process that replays the log; else in a thread, on a copy of ``state``."""
        loop = asyncio.get_running_loop()
        if match is None:
            return await loop.run_in_executor(self.quick, think, agent, state.clone(), seat, seed)
        pool: Executor = self._searcher(match.room)
        try:
            return await loop.run_in_executor(pool, search, agent, match, seat, seed)
        except BrokenProcessPool:  # the worker died (killed, out of memory): start a new one and ask once more
            log.error("a bot worker process died; starting a new one")
            self.search = [None if p is pool else p for p in self.search]
            pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._searcher(match.room), search, agent, match, seat, seed)

    def started(self) -> int:
        """How many search processes were started."""
        return sum(p is not None for p in self.search)

    def close(self) -> None:
        self.quick.shutdown(wait=False, cancel_futures=True)
        for pool in self.search:
            if pool is None:
                continue
            workers = list((getattr(pool, "_processes", None) or {}).values())  # no public way before 3.14
            for p in workers:  # a search under way is not waited for: the restarted room asks again
                p.terminate()
            pool.shutdown(wait=True, cancel_futures=True)  # quick now: it frees the queues' semaphores
        self.search = [None] * len(self.search)
