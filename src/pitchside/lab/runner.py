"""Where the matches run: in this process, in a pool of local processes, or on a Ray cluster.

Every backend plays the same :class:`~pitchside.lab.jobs.Batch` values with the same top-level
function and the results are put back in job order, so the rows never depend on the backend or on
how many workers there were.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import Enum

from pitchside.lab.jobs import Batch, LabError, MatchJob, MatchOut, run_batch


class Backend(Enum):
    LOCAL = "local"
    RAY = "ray"


def batches(jobs: Sequence[MatchJob], workers: int, records: bool, trusted: Sequence[str]) -> list[Batch]:
    """Jobs cut into batches: about 32 per worker, at most 16 matches. Small, because the run ends when the
    last batch does (a process left with no batch waits for the others' last ones) and Ctrl-C waits for a
    worker's batch and the one queued for it, while a batch costs only ~0.1 ms more to send and play."""
    size = max(1, min(16, math.ceil(len(jobs) / (max(1, workers) * 32))))
    return [Batch(tuple(jobs[i : i + size]), records, tuple(trusted)) for i in range(0, len(jobs), size)]


def run(
    work: Sequence[Batch],
    workers: int = 1,
    backend: Backend = Backend.LOCAL,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MatchOut]:
    """Play every batch; ``progress(k)`` after each batch of ``k`` matches. Results in job order."""
    done: list[list[MatchOut] | None] = [None] * len(work)

    def finished(i: int, outs: list[MatchOut]) -> None:
        done[i] = outs
        if progress is not None:
            progress(len(outs))

    if backend is Backend.RAY:
        _run_ray(work, address, finished)
    elif workers <= 1 or len(work) <= 1:
        for i, b in enumerate(work):
            finished(i, run_batch(b))
    else:
        _run_pool(work, workers, finished)
    return [out for outs in done if outs is not None for out in outs]


def _run_pool(work: Sequence[Batch], workers: int, finished: Callable[[int, list[MatchOut]], None]) -> None:
    """This process and ``workers - 1`` spawned ones share the batches: the pool takes them from the front,
    this process from the back (a batch not yet handed to a worker process can still be cancelled), so
    this process's core is not left idle waiting and one process fewer starts."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    # spawn: a fresh interpreter per worker (no copy of this process's threads, e.g. the progress bar's)
    with ProcessPoolExecutor(
        max_workers=min(workers - 1, len(work) - 1), mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        with _interrupt_held():  # the worker processes start in the first submit
            futures = [pool.submit(run_batch, b) for b in work]
        index = {f: i for i, f in enumerate(futures)}
        pending: set[Future[list[MatchOut]]] = set(futures)

        def collect(ready: set[Future[list[MatchOut]]]) -> None:
            pending.difference_update(ready)
            for f in ready:
                finished(index[f], f.result())  # a worker's LabError is raised here

        try:
            last = len(work) - 1
            while last >= 0 and futures[last].cancel():
                pending.discard(futures[last])
                finished(last, run_batch(work[last]))
                collect({f for f in pending if f.done()})
                last -= 1
            while pending:
                collect(wait(pending, return_when=FIRST_COMPLETED)[0])
        except BaseException:
            for f in pending:
                f.cancel()
            raise


@contextmanager
def _interrupt_held() -> Iterator[None]:
    """Ctrl-C held back in this thread for a moment, then delivered. A process started meanwhile keeps the
    mask for good: Ctrl-C reaches the whole process group, and only this process should stop the run (a
    worker interrupted mid-import or while idle prints a traceback; here it finishes its batch and exits)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _run_ray(work: Sequence[Batch], address: str | None, finished: Callable[[int, list[MatchOut]], None]) -> None:
    try:
        import ray
    except ImportError:
        raise LabError("--backend ray needs Ray: pip install 'pitchside[ray]'") from None
    started = False
    if not ray.is_initialized():
        import logging

        ray.init(
            address=address,
            ignore_reinit_error=True,
            log_to_driver=False,
            include_dashboard=False,
            logging_level=logging.ERROR,
        )
        started = True
    try:
        remote = ray.remote(run_batch)
        refs = {remote.remote(b): i for i, b in enumerate(work)}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    outs = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = getattr(e, "cause", None)  # the worker's own exception, e.g. a LabError
                    raise LabError(str(cause) if cause is not None else str(e)) from None
                finished(refs[ref], outs)
    finally:
        if started:
            ray.shutdown()
