"""Goals per group matchday in whole bot-played 2010 World Cups (issue 11: the tournament bot plans its
group hand over the three group matches), with what each side fielded.

    .venv/bin/python bench/worldcup_matchdays.py [--cups 40] [--bots heuristic]

Tournament seeds 0..cups-1. A line per matchday (MD1..MD3, then the knockout): matches, goals a match,
the share of 0:0 and of matches with at most one goal, and per side the cards fielded in the first
period and their expected goals on their own (the void effect, heuristics.threat). Counts, not timings.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from typing import Any

from pitchside.core.game import Event, State
from pitchside.games.my_world_cup.heuristics import threat
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.tournament import WorldCup
from pitchside.sim.worldcup import bots, play_next


def measure(cups: int, bot: str) -> dict[str, Counter[str]]:
    agents = bots(bot)
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for seed in range(cups):
        cup = WorldCup.new(seed)
        while True:
            first: list[tuple[MyWorldCupState, list[list[str]]]] = []

            def on_event(st: State, ev: Event, first: list[Any] = first) -> None:
                if ev.kind == "reveal" and not first:
                    assert isinstance(st, MyWorldCupState)
                    first.append((st, ev.data["lineups"]))

            played = play_next(cup, agents, on_event=on_event)
            if played is None:
                break
            fx = played.plan.fixture
            c = out[f"MD{fx.matchday}" if fx.stage == "group" else "knockout"]
            goals = sum(played.result.score)
            c["matches"] += 1
            c["goals"] += goals
            c["nil"] += goals == 0
            c["low"] += goals <= 1
            if first:
                st, lines = first[0]
                for side in (0, 1):
                    c["cards"] += len(lines[side])
                    c["threat_x100"] += round(100 * sum(threat(st.t.m.eff[side][t]) for t in lines[side]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cups", type=int, default=40)
    ap.add_argument("--bots", default="heuristic")
    a = ap.parse_args(argv)
    out = measure(a.cups, a.bots)
    print(f"{a.cups} World Cups, {a.bots} bots for every team (tournament seeds 0..{a.cups - 1})")
    print(f"{'':9} {'matches':>7} {'goals':>6} {'0:0':>6} {'<=1':>6} {'cards/side':>10} {'threat/side':>11}")
    for key in ("MD1", "MD2", "MD3", "knockout"):
        c: Any = out.get(key)
        if not c:
            continue
        n = c["matches"]
        print(f"{key:9} {n:7} {c['goals'] / n:6.2f} {c['nil'] / n:6.1%} {c['low'] / n:6.1%} "
              f"{c['cards'] / (2 * n):10.2f} {c['threat_x100'] / (200 * n):11.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
