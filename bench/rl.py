"""Issue 10's speed check: random play through the PettingZoo environment, with masks
(`make bench`, or `.venv/bin/python bench/rl.py [--quick]`). bench/README.md explains the method.

For each game at 2 seats, three loops over the same seeded matches, in interleaved rounds (bench/peers.py):
- the engine alone (decision, legal_actions, apply: the game step every agent pays),
- the AEC environment, masks only: ``last(observe=False)``, the mask from ``infos[agent]["action_mask"]``,
- the AEC environment, observation and mask: ``last()``, as a learner reads it every step.
Next to them, RLCard's UNO environment loop (``rlcard.make("uno")``: its step builds RLCard's state
encoding) and its bare game loop, if the `bench` extra is installed. Then the observation and the mask
against the game step: in the loop (observation + mask less masks only), and alone over every decision
of random matches in order: view(seat), the tensor of that view, the observation the environment builds
(the encoder's state writer), the mask. Timed in this process's CPU time
(``time.process_time``), which other work on a shared machine inflates less than wall time. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

import numpy as np
from peers import SEED, Play, Subject, measure, ours, rlcard_uno, verdict

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


def decision_states(game: Game, seats: int, decisions: int) -> list[tuple[State, int]]:
    """Every decision of seeded random matches in match order, until ``decisions``: a copy of the state and
    the seat to act. The copies' decision() and legal_actions() are asked once here, as the game step has
    asked them before the environment builds its observation and mask."""
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < decisions:
        st = game.new_state({"seats": seats}, 1000 + seed)
        pick = random.Random(seed).randrange
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            copy = st.clone()
            copy.decision()
            copy.legal_actions(seat)
            out.append((copy, seat))
            legal = st.legal_actions(seat)
            st.apply(seat, legal[pick(len(legal))])
        seed += 1
    return out


def encoding_play(game: Game, seats: int, what: str, decisions: int) -> Play:
    """For bench/instr.py: ``what`` ("observation" or "mask") of the encoding at every decision of
    decision_states, made once; a call counts every one of them (the games asked for are ignored)."""
    enc = encoding_for(game, {"seats": seats})
    pairs = decision_states(game, seats, decisions)
    f: Callable[[State, int], object] = enc.observation if what == "observation" else enc.mask

    def play(games: int) -> tuple[int, int]:
        for st, seat in pairs:
            f(st, seat)
        return len(pairs), 0

    return play


def per_decision(pairs: list[tuple[State, int]], f: Callable[[State, int], object], rounds: int) -> float:
    """µs per call of f(state, seat), one pass over the decisions in match order, best of ``rounds`` (CPU time)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for st, seat in pairs:
            f(st, seat)
        best = min(best, time.process_time() - start)
    return best / len(pairs) * 1e6


def encoding_costs(game: Game, seats: int, quick: bool) -> dict[str, float]:
    """µs per call over every decision of random matches, in match order (as the environment meets them):
    view(seat); the tensor of that view (observe); the observation the environment builds (observation:
    the encoder's state writer, the same tensor); the mask."""
    enc = encoding_for(game, {"seats": seats})
    pairs = decision_states(game, seats, 300 if quick else 1500)
    rounds = 3 if quick else 7
    views = {id(st): st.view(seat) for st, seat in pairs}
    return {
        "view": per_decision(pairs, lambda st, seat: st.view(seat), rounds),
        "tensor": per_decision(pairs, lambda st, seat: enc.observe(views[id(st)]), rounds),
        "observation": per_decision(pairs, enc.observation, rounds),
        "mask": per_decision(pairs, enc.mask, rounds),
    }


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

    print("\nObservation and mask against the game step (issue 10: well under it), 2 seats, µs per decision")
    print("  in the env loop: observation + mask (full) less masks only; alone, over every decision of random")
    print("  matches in order: view(seat), the tensor of that view, the observation (the state writer: the same")
    print("  tensor), the mask; the ratios divide by the engine's µs per step")
    print(
        f"  {'':14} {'step':>6} {'in loop':>7} {'view':>6} {'tensor':>6} {'obs':>6} {'mask':>6}"
        f"   {'loop÷step':>9} {'(obs+mask)÷step':>15} {'(view+tensor+mask)÷step':>23}"
    )
    for g, engine, masks, full in rows:
        c = encoding_costs(g, 2, args.quick)
        step, loop = engine.best_us, full.best_us - masks.best_us
        print(
            f"  {g.id:14} {step:6.2f} {loop:7.2f} {c['view']:6.2f} {c['tensor']:6.2f} {c['observation']:6.2f}"
            f" {c['mask']:6.2f}   {loop / step:9.2f} {(c['observation'] + c['mask']) / step:15.2f}"
            f" {(c['view'] + c['tensor'] + c['mask']) / step:23.2f}"
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
