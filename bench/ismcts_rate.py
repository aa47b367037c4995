"""Issue 11's search speed: IS-MCTS iterations per second, ours against OpenSpiel's, in one process
(`make bench`, or `.venv/bin/python bench/ismcts_rate.py [--quick] [--cpu] [--iterations N]`).

- **Ours**: the agent players meet, ``make_agent("ismcts:N", game)`` (the game's SearchGuide: its playout
  policy, cut-off and evaluation, and the heuristic's choice as a prior), deciding with ``act`` from
  mid-game states of each game at 2 seats.
- **OpenSpiel's**: its Python ``ismcts.ISMCTSBot`` with ``mcts.RandomRolloutEvaluator(n_rollouts=1)``
  (random rollouts to the end) on its C++ hearts (``pyspiel.load_game("hearts")``, 4 players), deciding
  with ``step`` from mid-game states, as shipped (its own resampler, uct_c 2).

Both get the same iteration budget per decision (``--iterations``, default 100) and pay their whole
decision: ours its prior, every iteration's determinize, tree walk, expansion and playout, and the tree it
keeps; OpenSpiel's its resampling, information-state keys, expansion, rollout and final policy. The states
are a third and two thirds of the way through random matches (every decision with one legal action
skipped: neither searches it), played in the same order every call from the same seeds. Measured as in
bench/peers.py: a calibration finds how many decisions fill the round, then interleaved rounds, best
round (noise only adds time) with the median beside it. ``--cpu`` times in the process's CPU time, for
a machine others share. Prints figures next to the target (≥ 1.0× in 2-seat Sonic Cup and World Ball);
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

from peers import SEED, Play, Subject, measure, verdict
from run import load_text, mid_game_states

from pitchside.agents.base import Observation, make_agent
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng

GAMES = ("sonic-cup", "world-ball", "my-world-cup")
TARGET = 1.0  # ours ÷ OpenSpiel's iterations per second
TARGET_GAMES = ("sonic-cup", "world-ball")
STATES = 20  # random matches per game; two states from each


def ours(game_id: str, iterations: int) -> Play:
    """``play(k)``: the guided agent decides at the first ``k`` states (cycling); (iterations run, 0)."""
    states = [st for st in mid_game_states(load_game(game_id), 2, STATES) if searched(st)]

    def play(k: int) -> tuple[int, int]:
        agent: Any = make_agent(f"ismcts:{iterations}", game_id)
        rng = Rng(SEED)
        done = 0
        for i in range(k):
            st = states[i % len(states)]
            seat = st.decision().seat
            assert seat is not None
            agent.act(Observation(st, seat, st.legal_actions(seat)), rng)
            done += agent.last_iterations
        return done, 0

    return play


def searched(st: Any) -> bool:
    seat = st.decision().seat
    return seat is not None and len(st.legal_actions(seat)) > 1


def openspiel_hearts(iterations: int) -> tuple[str, Play] | str:
    """OpenSpiel's ISMCTSBot on its hearts, or why it cannot run here."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError as exc:
        return f"OpenSpiel skipped, the bench extra is not installed ({exc})"
    game: Any = pyspiel.load_game("hearts")
    pick = random.Random(SEED)
    states: list[Any] = []
    for _ in range(STATES):
        st, history = game.new_initial_state(), []
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[pick.randrange(len(outcomes))][0])  # uniform here
                continue
            legal = st.legal_actions()
            if len(legal) > 1:
                history.append(st.clone())
            st.apply_action(legal[pick.randrange(len(legal))])
        states += [history[len(history) // 3], history[2 * len(history) // 3]]
    label = f"OpenSpiel {metadata.version('open_spiel')} ISMCTSBot, hearts"

    def play(k: int) -> tuple[int, int]:
        rs = np.random.RandomState(SEED % 2**32)
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
            uct_c=2.0,
            max_simulations=iterations,
            random_state=rs,
        )
        for i in range(k):
            bot.step(states[i % len(states)])
        return k * iterations, 0  # run_search runs exactly max_simulations at a decision with a choice

    return label, play


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="shorter rounds (a few seconds a subject)")
    ap.add_argument("--cpu", action="store_true", help="time in this process's CPU time (a shared machine)")
    ap.add_argument("--iterations", type=int, default=100, help="the iteration budget per decision, both sides")
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    args = ap.parse_args(argv)
    clock: Callable[[], float] = time.process_time if args.cpu else time.perf_counter
    seconds, rounds = (3.0, 3) if args.quick else (15.0, 5)
    print(
        f"\nIS-MCTS iterations per second (issue 11) — Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores; {load_text()}"
    )
    peer = openspiel_hearts(args.iterations)
    subjects: list[Subject] = []
    if isinstance(peer, str):
        print(f"  {peer}: `make bench` installs it, or pip install -e '.[bench]'")
        hearts = None
    else:
        hearts = Subject("hearts", peer[0], peer[1])
        subjects.append(hearts)
    subjects += [Subject(g, f"{g}, 2 seats (ismcts:{args.iterations})", ours(g, args.iterations)) for g in args.games]
    measure(subjects, seconds, rounds, clock)
    timing = "CPU time (time.process_time)" if args.cpu else "wall time"
    print(f"  {args.iterations} iterations per decision on both sides; {timing}; {rounds} interleaved rounds of the")
    print(f"  same decisions, ~{seconds:g} s per subject; best round and (median)")
    print(f"  {'':44} {'iterations/s':>12} {'(median)':>9} {'µs/iteration':>12} {'decisions':>10}  ratio ÷ hearts")
    for s in subjects:
        rate, median = 1e6 / s.best_us, 1e6 / s.median_us
        ratio = ""
        if hearts is not None and s is not hearts:
            r = hearts.best_us / s.best_us
            ratio = f"{r:5.2f}×"
            if s.key in TARGET_GAMES:
                ratio += f"  target ≥ {TARGET:g}×: {verdict(r >= TARGET)}"
        print(f"  {s.label:44} {rate:12,.0f} {f'({median:,.0f})':>9} {s.best_us:12.1f} {s.games:10,}  {ratio}")
    print(f"  {load_text()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
