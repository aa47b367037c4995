"""Run `pitchside ARGS` as a real process that SIGKILLs itself at a chosen moment of a tournament.

    python tests/killhook.py MATCH:DECISION worldcup sim ...   # at that decision of match MATCH (0-based)
    python tests/killhook.py MATCH:saved worldcup play ...     # right after match MATCH is committed

The hook lives here, in the tests, and is put in place by wrapping two public functions before the CLI runs
(the shipped program has no kill switch). The kill itself is a real SIGKILL: nothing in the process gets
to clean up, exactly as when a user's machine dies.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def install(kill_at: str) -> None:
    import pitchside.sim.worldcup as sim
    import pitchside.store.tournaments as store

    match, _, moment = kill_at.partition(":")
    number = int(match)
    play_next, save_match = sim.play_next, store.save_match

    def killing_play_next(cup: Any, agents: Any, **kw: Any) -> Any:
        plan = cup.next_match()
        if moment != "saved" and plan is not None and plan.fixture.number == number:
            inner, count = kw.get("on_decision"), [0]

            def on_decision(state: Any, seat: int) -> None:
                if inner is not None:
                    inner(state, seat)
                count[0] += 1
                if count[0] == int(moment):
                    _die()

            kw["on_decision"] = on_decision
        return play_next(cup, agents, **kw)

    def killing_save_match(db: Any, tournament_id: int, row: Any, *args: Any, **kw: Any) -> None:
        save_match(db, tournament_id, row, *args, **kw)
        if moment == "saved" and row["number"] == number:
            _die()

    sim.play_next = killing_play_next
    store.save_match = killing_save_match


if __name__ == "__main__":
    install(sys.argv[1])
    sys.argv = ["pitchside", *sys.argv[2:]]
    from pitchside.cli import main

    main()
