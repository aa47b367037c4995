"""The lab's simulation throughput at 1 and 2 workers (issue 11: target ≥ 1.8× from 1 to 2), next to the
speed-up this machine allows.

`.venv/bin/python bench/lab.py [--game wb] [--games 1000] [--bots heuristic] [--repeat 3]` (also run by
`make bench`). The same batches as `pitchside simulate` (pitchside.lab.runner), rows included; the wall
time counts starting the worker processes. Each round times 1 worker, 2 workers and the machine ceiling, one
after the other, `--repeat` rounds; the best of each is kept (noise only ever adds time).

The CPU time of each setting (this process and its workers) says what the second worker costs (start-up,
imports, rows sent back, and the machine: the same instructions take more CPU time when two processes run
at once). ``cpu bound`` is the speed-up two idle cores would give if that CPU time split evenly:
1-worker CPU / (2-worker CPU / 2).

The **machine ceiling** is measured in the same run, without the lab: two spawned processes, started and
warmed up once, do the same pure-Python work, first one alone, then both at once; the ceiling is twice the
time alone over the time together. Two kinds of work: a short loop (a small working set) and the lab's own
first ``--ceiling`` matches played in the process (the game's working set, no rows sent anywhere). On a
shared virtual machine two busy processes slow each other down (cache, memory and the host's other
tenants), so a speed-up of 2 is out of reach; ``lab / ceiling`` says how much of what the machine allows
the lab gets. Nothing here asserts: tests never time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import time
from multiprocessing.connection import Connection
from typing import Any

from pitchside.core.errors import PitchsideError
from pitchside.core.registry import load_game
from pitchside.lab.jobs import MatchJob, play_one
from pitchside.lab.runner import batches, run

TARGET_SPEEDUP = 1.8
LOOP = 3_000_000  # about half a second of the ceiling's loop


def _cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _cached() -> str:
    """Whether the modules' compiled bytecode is on disk: without it every process compiles them again
    (PYTHONDONTWRITEBYTECODE=1 and no earlier run), which adds ~0.1 s to a worker's start-up."""
    import importlib.util

    import pitchside.lab.jobs

    pyc = importlib.util.cache_from_source(pitchside.lab.jobs.__file__)
    return "yes" if os.path.exists(pyc) else "no (each process compiles the modules it imports)"


def lab(jobs: list[MatchJob], workers: int) -> tuple[float, float]:
    """Wall and CPU seconds of one lab run."""
    start, c0 = time.perf_counter(), _cpu()
    rows = run(batches(jobs, workers, False, ()), workers=workers)
    wall, used = time.perf_counter() - start, _cpu() - c0
    assert len(rows) == len(jobs)
    return wall, used


def _loop(n: int) -> int:
    """Pure-Python work with a small working set: integer arithmetic and a dict of 1,024 keys."""
    d: dict[int, int] = {}
    t = 0
    for i in range(n):
        t = (t * 31 + i) % 1_000_003
        d[i & 1023] = t
    return t


def _prober(conn: Connection) -> None:
    """A spawned process: does each piece of work it is sent, answers with its wall and CPU seconds."""
    while (task := conn.recv()) is not None:
        w0, c0 = time.perf_counter(), time.process_time()
        if isinstance(task, int):
            _loop(task)
        else:
            for job in task:
                play_one(job)
        conn.send((time.perf_counter() - w0, time.process_time() - c0))


class Ceiling:
    """Two spawned processes doing the same work alone, then at once (no lab, no rows, no start-up)."""

    def __init__(self, warm: list[MatchJob]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        for _ in range(2):
            mine, theirs = ctx.Pipe()
            p = ctx.Process(target=_prober, args=(theirs,), daemon=True)
            p.start()
            self.conns.append(mine)
            self.procs.append(p)
        self._both(warm)  # imports, data files, the caches every match shares

    def _both(self, task: int | list[MatchJob]) -> list[tuple[float, float]]:
        for c in self.conns:
            c.send(task)
        return [c.recv() for c in self.conns]

    def measure(self, task: int | list[MatchJob]) -> tuple[float, float, float, float]:
        """Wall and CPU seconds alone, then the slower wall and the mean CPU of the two at once."""
        self.conns[0].send(task)
        alone, alone_cpu = self.conns[0].recv()
        both = self._both(task)
        return alone, alone_cpu, max(w for w, _ in both), sum(c for _, c in both) / 2

    def close(self) -> None:
        for c in self.conns:
            c.send(None)
        for p in self.procs:
            p.join()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="world-ball")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ceiling", type=int, default=200, help="matches in the machine ceiling's work")
    ap.add_argument("--quick", action="store_true", help="200 matches, 60 in the ceiling, once")
    a = ap.parse_args(argv)
    games, repeat, k = (200, 1, 60) if a.quick else (a.games, a.repeat, a.ceiling)
    try:
        g = load_game(a.game)
    except PitchsideError as e:  # an unknown game, or a module:attr spec that is not one
        ap.error(str(e))
    names = a.bots.split(",")
    jobs = [MatchJob(g.id, {"seats": a.seats}, s, tuple(names[i % len(names)] for i in range(a.seats)))
            for s in range(games)]  # fmt: skip
    print(f"lab throughput · {g.id} · {a.seats} seats · {games} matches · bots {a.bots} · cpus {os.cpu_count()}")
    print(f"  load average (1 min) before: {os.getloadavg()[0]:.2f} · bytecode cached: {_cached()}")
    print("  wall times include starting the worker processes; cpu is this process's and its workers'")
    ceiling = Ceiling(jobs[:3])
    one: list[tuple[float, float]] = []
    two: list[tuple[float, float]] = []
    loop: list[tuple[float, float, float, float]] = []
    matches: list[tuple[float, float, float, float]] = []
    try:
        for r in range(repeat):
            for w in (1, 2) if r % 2 == 0 else (2, 1):  # alternate which goes first
                (one if w == 1 else two).append(lab(jobs, w))
            loop.append(ceiling.measure(LOOP))
            matches.append(ceiling.measure(jobs[:k]))
    finally:
        ceiling.close()
    (t1, c1), (t2, c2) = min(one), min(two)
    for label, (t, c), got in (("1 worker ", (t1, c1), one), ("2 workers", (t2, c2), two)):
        each = "  ".join(f"{w:.2f}" for w, _ in got)
        print(f"  {label}: {t:7.2f} s  {games / t:8.1f} matches/s  cpu {c:7.2f} s   rounds {each}")
    ratio = t1 / t2
    ok = "ok" if ratio >= TARGET_SPEEDUP else "BELOW TARGET"
    print(f"  speed-up 1 → 2 workers: {ratio:.2f}× (target ≥ {TARGET_SPEEDUP}×) {ok}")
    print(f"  cpu bound: {c1 / (c2 / 2):.2f}× (1-worker cpu / half the 2-worker cpu: what two idle cores would give)")
    print("  machine ceiling (the same work in one process alone, then in two at once; no lab):")
    limit = 0.0
    for label, got in (("pure-Python loop", loop), (f"{k} matches, warm", matches)):
        alone, together = min(x[0] for x in got), min(x[2] for x in got)
        cpu_more = min(x[3] for x in got) / min(x[1] for x in got) - 1
        each = "  ".join(f"{2 * x[0] / x[2]:.2f}" for x in got)
        limit = 2 * alone / together  # the matches' ceiling, printed last, is the one the lab is held to
        print(f"    {label:18}: {limit:.2f}×  alone {alone:.2f} s, together {together:.2f} s, "
              f"cpu {cpu_more:+.0%} together   rounds {each}")  # fmt: skip
    print(f"  lab / ceiling (matches): {ratio / limit:.0%}")
    print(f"  load average (1 min) after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
