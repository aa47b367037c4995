"""The lab's simulation throughput at 1 and 2 worker processes (issue 11: target ≥ 1.8× from 1 to 2).

`.venv/bin/python bench/lab.py [--game wb] [--games 600] [--bots heuristic]` (also run by `make bench`).
The same batches as `pitchside simulate` (pitchside.lab.runner), rows included; the wall time counts
starting the worker processes. Each setting is timed `--repeat` times and the best is kept (the
machine may be shared). Nothing here asserts: tests never time.

It also prints the CPU time each setting took (this process and its workers): on a shared machine the
wall-time ratio says more about the neighbours than about the lab, while the CPU time says what the second
worker costs (start-up, imports, rows sent back). ``cpu bound`` is the speed-up two workers would give on two
idle cores if their CPU time split evenly: 1-worker CPU / (2-worker CPU / 2).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from pitchside.core.registry import load_game
from pitchside.lab.jobs import MatchJob
from pitchside.lab.runner import batches, run

TARGET_SPEEDUP = 1.8


def _cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(jobs: list[MatchJob], workers: int, repeat: int) -> tuple[float, float]:
    """The best wall time of ``repeat`` runs, and the CPU time of that run."""
    best, cpu = float("inf"), 0.0
    for _ in range(repeat):
        start, c0 = time.perf_counter(), _cpu()
        rows = run(batches(jobs, workers, False, ()), workers=workers)
        wall, used = time.perf_counter() - start, _cpu() - c0
        if wall < best:
            best, cpu = wall, used
        assert len(rows) == len(jobs)
    return best, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="world-ball")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="200 matches, once")
    a = ap.parse_args(argv)
    games, repeat = (200, 1) if a.quick else (a.games, a.repeat)
    g = load_game(a.game)
    names = a.bots.split(",")
    jobs = [MatchJob(g.id, {"seats": a.seats}, s, tuple(names[i % len(names)] for i in range(a.seats)))
            for s in range(games)]  # fmt: skip
    print(f"lab throughput · {g.id} · {a.seats} seats · {games} matches · bots {a.bots} · cpus {os.cpu_count()}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  load average (1 min) before: {load:.2f}")
    t1, c1 = timed(jobs, 1, repeat)
    print(f"  1 worker : {t1:7.2f} s  {games / t1:8.1f} matches/s  cpu {c1:7.2f} s")
    t2, c2 = timed(jobs, 2, repeat)
    print(f"  2 workers: {t2:7.2f} s  {games / t2:8.1f} matches/s  cpu {c2:7.2f} s (spawned, start-up included)")
    ratio = t1 / t2
    ok = "ok" if ratio >= TARGET_SPEEDUP else "BELOW TARGET"
    print(f"  speed-up 1 → 2 workers: {ratio:.2f}× (target ≥ {TARGET_SPEEDUP}×) {ok}")
    print(f"  cpu bound: {c1 / (c2 / 2):.2f}× (1-worker cpu / half the 2-worker cpu: what two idle cores would give)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
