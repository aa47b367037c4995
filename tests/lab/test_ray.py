"""--backend ray (issue 11): the same rows for the same seeds on a local Ray instance the test starts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pitchside.lab.jobs import MatchJob
from pitchside.lab.runner import Backend, batches, run

pytestmark = pytest.mark.soak  # starting Ray takes tens of seconds on a busy machine


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # The `ray` extra comes with `make soak` only; asked here, not at import, so `make test` (which deselects
    # this soak module) collects it without reporting a skip.
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_same_rows_as_local_processes(local_ray: None) -> None:
    jobs = [MatchJob("world-ball", {"seats": 2}, 40 + i, ("heuristic", "random")) for i in range(6)]
    jobs += [MatchJob("my-world-cup", {"seats": 2}, 40 + i, ("heuristic", "heuristic")) for i in range(6)]
    local = run(batches(jobs, 1, True, ()), workers=1)
    on_ray = run(batches(jobs, 2, True, ()), backend=Backend.RAY)
    assert [o.row for o in on_ray] == [o.row for o in local]
    assert [o.record for o in on_ray] == [o.record for o in local]


def test_simulate_backend_ray_from_the_command_line(local_ray: None) -> None:
    from tests.inputs.helpers import run as cli

    args = ("simulate", "mwc", "--games", "6", "--seed", "9", "--json")
    code, on_ray, err = cli(*args, "--backend", "ray")
    assert code == 0, err
    code, local, err = cli(*args, "--workers", "1")
    assert code == 0, err
    assert on_ray == local
