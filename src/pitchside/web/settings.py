"""The server's limits and timers, from the environment (``PITCHSIDE_WEB_*``) or given by a program or test."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from pitchside.core.errors import DataError

# One core is left to the event loop: two searches on a 2-core machine slowed the other rooms (p50 12 -> 57 ms,
# bench/web.py --rooms 100 --search 2), one did not (17 ms; docs/web.md, Load).
BOT_WORKERS = max(1, (os.cpu_count() or 2) - 1)


_FLAGS = {"0": False, "1": True, "false": False, "true": True, "no": False, "yes": True}


@dataclass(frozen=True)
class Settings:
    """Every limit of the server. An over-limit request gets a clear error (code ``limit``), never a crash.

    ``database_url``      None: the store's own choice (``PITCHSIDE_DATABASE_URL`` or SQLite in the data directory)
    ``max_message_bytes`` one WebSocket message from a client
    ``max_rooms``         open (unfinished) rooms on this server
    ``max_connections``   WebSocket connections per room (players and spectators)
    ``max_record_bytes``  an uploaded record
    ``max_replays``       uploaded records kept for watching (the oldest goes first)
    ``grace_seconds``     a seated person may be away this long before a bot plays their seat
    ``turn_seconds``      the default turn timer (a room may set its own); 0: no timer
    ``bot_workers``       worker processes that IS-MCTS bots think in, off the event loop (default: cores - 1)
    ``bot_delay``         seconds a bot waits before it moves (so people can follow); 0 in tests
    ``thinking_delay``    a bot that thinks longer than this is shown thinking to its room (the terminal's
                          THINKING_DELAY)
    ``max_budget``        the largest IS-MCTS iteration budget a room may ask for
    ``max_budget_seconds`` the largest IS-MCTS budget in time (seconds per decision) a room may ask for
    ``hello_seconds``     a new connection must say hello within this time
    ``power_safe``        SQLite: 1 fsyncs every move (``synchronous=FULL``) so it outlives a power cut too; 0
                          (default): WAL with ``synchronous=NORMAL``, a move is still written before it is sent and
                          outlives a killed or crashed server, and one disk sync fewer per move keeps the latency
                          of 200 rooms on a slow disk under 100 ms (docs/web.md, Load). ``pitchside worldcup``
                          always syncs every match.
    """

    database_url: str | None = None
    max_message_bytes: int = 4096
    max_rooms: int = 1000
    max_connections: int = 32
    max_record_bytes: int = 4 * 1024 * 1024
    max_replays: int = 100
    grace_seconds: float = 30.0
    turn_seconds: float = 0.0
    bot_workers: int = BOT_WORKERS
    bot_delay: float = 0.0
    thinking_delay: float = 0.5
    max_budget: int = 2000
    max_budget_seconds: float = 5.0
    hello_seconds: float = 30.0
    power_safe: bool = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Settings from ``PITCHSIDE_WEB_<FIELD>`` variables (PITCHSIDE_WEB_MAX_ROOMS=200); errors name the variable."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            key = "PITCHSIDE_WEB_" + f.name.upper()
            raw = env.get(key)
            if raw is None or f.name == "database_url":
                continue
            default = getattr(cls, f.name)
            if isinstance(default, bool):
                flag = _FLAGS.get(raw.strip().lower())
                if flag is None:
                    raise DataError("<environment>", None, key, f"{raw!r} is not 0 or 1")
                values[f.name] = flag
                continue
            kind = int if isinstance(default, int) else float
            try:
                value = kind(raw)
            except ValueError:
                raise DataError("<environment>", None, key, f"{raw!r} is not a {kind.__name__}") from None
            if value < 0:
                raise DataError("<environment>", None, key, "must not be negative")
            values[f.name] = value
        return replace(cls(), **values, **overrides)  # type: ignore[arg-type]
