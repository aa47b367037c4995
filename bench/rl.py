"""Issue 10's speed check: random play through the PettingZoo environment, with masks
(`make bench`, or `.venv/bin/python bench/rl.py [--quick]`). bench/README.md explains the method.

For each game at 2 seats, three loops over the same seeded matches, in interleaved rounds (bench/peers.py):
- the engine alone (decision, legal_actions, apply: the game step every agent pays),
- the AEC environment, masks only: ``last(observe=False)``, the mask from ``infos[agent]["action_mask"]``,
- the AEC environment, observation and mask: ``last()``, as a learner reads it every step.
Next to them, RLCard's UNO environment loop (``rlcard.make("uno")``: its step builds RLCard's state
encoding) and its bare game loop, if the `bench` extra is installed. Then the cost of the encoding alone
on mid-game states: view(seat), the tensor from that view, the mask. Timed in this process's CPU time
(``time.process_time``), which other work on a shared machine inflates less than wall time. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from importlib import metadata
from typing import Any

import numpy as np
from peers import SEED, Play, Subject, measure, ours, rlcard_uno, verdict
from run import mid_game_states

from pitchside.core.game import Game, State
from pitchside.core.registry import load_game
from pitchside.rl.pettingzoo import env
from pitchside.rl.spaces import encoding_for

TARGET_STEPS = 50_000  # env steps per second, 2-seat Sonic Cup, random play with masks (issue 10)
GAMES = ("sonic-cup", "world-ball", "my-world-cup")


def env_play(game: Game, seats: int, observe: bool) -> Play:
    """Random play through the AEC environment; ``observe`` builds each step's observation too."""
    e = env(game, seats=seats)

    def play(games: int) -> tuple[int, int]:
        pick = random.Random(SEED).randrange
        steps = 0
        for seed in range(games):
            e.reset(seed=seed)
            for _agent in e.agent_iter():
                obs, _, term, trunc, info = e.last(observe)
                if term or trunc:
                    e.step(None)
                    continue
                mask = obs["action_mask"] if observe else info["action_mask"]
                # nonzero() of a bool view of the int8 mask is ~8x cheaper than of the int8 array itself
                legal = mask.view(np.bool_).nonzero()[0]
                e.step(int(legal[pick(len(legal))]))
                steps += 1
        return steps, 0

    return play


def rlcard_uno_env() -> tuple[str, Play] | str:
    """RLCard's UNO environment at 2 players (its step extracts the state encoding), or why not."""
    try:
        import rlcard
    except ImportError as exc:
        return f"RLCard UNO env skipped, the bench extra is not installed ({exc})"
    uno: Any = rlcard.make("uno", config={"seed": SEED % 2**32})

    def play(games: int) -> tuple[int, int]:
        pick = random.Random(SEED).randrange
        uno.seed(SEED % 2**32)  # once per call: the same deals every call
        steps = 0
        for _ in range(games):
            state, _ = uno.reset()
            while not uno.is_over():
                legal = list(state["legal_actions"])
                state, _ = uno.step(legal[pick(len(legal))])
                steps += 1
        return steps, 0

    return f"RLCard {metadata.version('rlcard')} UNO env, 2 players", play


def micro(states: list[State], make: Callable[[State], Callable[[], object]], number: int) -> float:
    """Median over states of the best-of-3 CPU time per call, in microseconds (run.py's, on CPU time)."""
    per_state = [
        min(timeit.repeat(make(st), number=number, repeat=3, timer=time.process_time)) / number * 1e6 for st in states
    ]
    return statistics.median(per_state)


def encoding_costs(game: Game, seats: int, quick: bool) -> tuple[float, float, float]:
    """µs per call on mid-game states: view(seat), the observation tensor of that view, the mask."""
    enc = encoding_for(game, {"seats": seats})
    states = mid_game_states(game, seats, 3 if quick else 10)
    number = 300 if quick else 2000

    def seat_of(st: State) -> int:
        seat = st.decision().seat
        assert seat is not None
        return int(seat)

    view_us = micro(states, lambda st: lambda: st.view(seat_of(st)), number)
    views = {id(st): st.view(seat_of(st)) for st in states}
    obs_us = micro(states, lambda st: lambda: enc.observe(views[id(st)]), number)
    mask_us = micro(states, lambda st: lambda: enc.mask(st, seat_of(st)), number)
    return view_us, obs_us, mask_us


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few seconds, rougher figures")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}; load average {load_average()}")
    seconds, rounds = (0.5, 3) if args.quick else (2.5, 5)
    games = [load_game(g) for g in GAMES]
    rows: list[tuple[Game, Subject, Subject, Subject]] = []
    subjects: list[Subject] = []
    for g in games:
        trio = (
            Subject(f"{g.id}-engine", "engine alone", ours(g, 2)),
            Subject(f"{g.id}-masks", "env, masks only", env_play(g, 2, observe=False)),
            Subject(f"{g.id}-full", "env, observation + mask", env_play(g, 2, observe=True)),
        )
        rows.append((g, *trio))
        subjects += trio
    peers: list[Subject] = []
    notes: list[str] = []
    for make in (rlcard_uno_env, rlcard_uno):
        got = make()
        if isinstance(got, str):
            notes.append(got)
        else:
            peers.append(Subject(got[0], got[0], got[1]))
    measure(subjects + peers, seconds, rounds, clock=time.process_time)

    print("\nPettingZoo random play with masks (issue 10): 2 seats, steps per second (one step = one decision)")
    print(f"  {rounds} interleaved rounds of the same matches, ~{seconds:g} s per subject; best round and (median);")
    print("  timed in this process's CPU time (time.process_time): other work on a shared machine inflates it less")
    print(f"  {'':44} {'steps/s':>10} {'(median)':>10} {'µs/step':>8}")
    for g, *trio in rows:
        for s in trio:
            rate, med = 1e6 / s.best_us, 1e6 / s.median_us
            print(f"  {g.id + ', ' + s.label:44} {rate:10,.0f} {f'({med:,.0f})':>10} {s.best_us:8.2f}")
    for note in notes:
        print(f"  {note}: `make bench` installs it, or pip install -e '.[bench]'")
    for p in peers:
        print(f"  {p.label:44} {1e6 / p.best_us:10,.0f} {f'({1e6 / p.median_us:,.0f})':>10} {p.best_us:8.2f}")

    print("\nThe encoding alone, µs per call on mid-game states (2 seats), against the game step (engine µs/step)")
    print(f"  {'':14} {'step':>7} {'view':>7} {'tensor':>7} {'mask':>7}   (view + tensor + mask) ÷ step")
    for g, engine, _, _ in rows:
        view_us, obs_us, mask_us = encoding_costs(g, 2, args.quick)
        step = engine.best_us
        print(
            f"  {g.id:14} {step:7.2f} {view_us:7.2f} {obs_us:7.2f} {mask_us:7.2f}"
            f"   {(view_us + obs_us + mask_us) / step:5.2f}  (tensor + mask alone: {(obs_us + mask_us) / step:.2f})"
        )

    sc = next(s for s in subjects if s.key == "sonic-cup-masks")
    full = next(s for s in subjects if s.key == "sonic-cup-full")
    rate = 1e6 / sc.best_us
    print(
        f"\nIssue 10 target: >= {TARGET_STEPS:,} env steps/s, 2-seat Sonic Cup, random play with masks: "
        f"{rate:,.0f}  {verdict(rate >= TARGET_STEPS)}   (with the observation built every step: "
        f"{1e6 / full.best_us:,.0f})"
    )


def load_average() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
