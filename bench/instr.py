"""Instructions per decision of random play, for callgrind: a figure other work on the machine does
not change (timings on a shared machine move by tens of percent between runs; this does not).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no --toggle-collect=math_fsum \\
        --callgrind-out-file=/dev/null .venv/bin/python bench/instr.py sonic-cup 40

callgrind counts only inside ``math.fsum``, which runs the measured games (not start-up, imports or
the warm-up games that fill the per-deck caches); divide its "Collected" total by the decisions
printed. PYTHONHASHSEED=0 fixes the string hashes, which change dict and set layouts (about 2 %
between runs otherwise). The same random-play loop as the peer comparison (bench/peers.py), 2
seats; ``--loop masks`` or ``--loop full`` plays through the PettingZoo environment instead, as
bench/rl.py's "env, masks only" and "env, observation + mask" loops do (one decision = one env
step); ``--loop observation`` or ``--loop mask`` counts only the encoding's ``observation(state, seat)``
or ``mask(state, seat)`` at every decision of ``games`` x 50 decisions of random matches in match order
(bench/rl.py's "alone" figures: the states are made before counting). Instructions are not time
(cache misses and branches differ), but in this interpreted code a change that saves instructions
saves time nearly in proportion: enough to compare two versions.

``--ismcts N`` counts IS-MCTS decisions instead: the agent players meet (``make_agent("ismcts:N", game)``)
deciding at bench/ismcts_rate.py's mid-game states, the first ``games`` of them; divide by the iterations
printed.
"""

from __future__ import annotations

import argparse
import math
import sys

import ismcts_rate
from peers import ours

from pitchside.core.registry import load_game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="random play for callgrind's instruction count")
    ap.add_argument("game", help="game id")
    ap.add_argument("games", type=int, nargs="?", default=40, help="games measured (default 40)")
    ap.add_argument("--ismcts", type=int, metavar="N", help="IS-MCTS decisions of N iterations, not random play")
    loops = ("engine", "masks", "full", "observation", "mask")
    ap.add_argument("--loop", choices=loops, default="engine", help="what plays (default engine)")
    args = ap.parse_args(argv)
    if args.ismcts is not None:
        play = ismcts_rate.ours(args.game, args.ismcts)
    elif args.loop == "engine":
        play = ours(load_game(args.game), 2)
    elif args.loop in ("observation", "mask"):
        from rl import encoding_play

        play = encoding_play(load_game(args.game), 2, args.loop, 50 * args.games)
    else:
        from rl import env_play  # numpy and pettingzoo only for the environment's loops

        play = env_play(load_game(args.game), 2, observe=args.loop == "full")
    play(3 if args.ismcts is None else 1)  # warm up: imports, data files, the caches every match shares
    counted = 0

    def measured() -> float:
        nonlocal counted
        counted = play(args.games)[0]
        return 0.0

    math.fsum(measured() for _ in range(1))  # callgrind collects only inside math.fsum
    print(f"{'decisions' if args.ismcts is None else 'iterations'} {counted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
