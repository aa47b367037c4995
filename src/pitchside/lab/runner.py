"""Where the matches run: in this process, in a pool of local processes, or on a Ray cluster.

Every backend plays the same :class:`~pitchside.lab.jobs.Batch` values with the same top-level
function and the results are put back in job order, so the rows never depend on the backend or on
how many workers there were.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from enum import Enum

from pitchside.lab.jobs import Batch, LabError, MatchJob, MatchOut, run_batch


class Backend(Enum):
    LOCAL = "local"
    RAY = "ray"


def batches(jobs: Sequence[MatchJob], workers: int, records: bool, trusted: Sequence[str]) -> list[Batch]:
    """Jobs cut into batches: about eight per worker (an even spread, a live progress bar), at most 64 matches."""
    size = max(1, min(64, math.ceil(len(jobs) / (max(1, workers) * 8))))
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
    import multiprocessing
    from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait

    # spawn: a fresh interpreter per worker (no copy of this process's threads, e.g. the progress bar's)
    with ProcessPoolExecutor(
        max_workers=min(workers, len(work)), mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        futures = {pool.submit(run_batch, b): i for i, b in enumerate(work)}
        pending = set(futures)
        try:
            while pending:
                ready, pending = wait(pending, return_when=FIRST_EXCEPTION)
                for f in ready:
                    finished(futures[f], f.result())  # a worker's LabError is raised here
        except BaseException:
            for f in pending:
                f.cancel()
            raise


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
