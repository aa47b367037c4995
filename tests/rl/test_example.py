"""examples/reinforce.py (docs/rl.md): a reduced run learns, and the same arguments print the same numbers."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "reinforce.py"
# A few seconds: the random bot (cheaper than the heuristic one), 600 training matches, 40 deals x 2 seats.
REDUCED = ["--opponent", "random", "--episodes", "600", "--eval-deals", "40", "--report", "300"]


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_a_reduced_run_learns_and_repeats_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    ex = load_example()
    first = ex.run(ex.parser().parse_args(REDUCED))
    out1 = capsys.readouterr().out
    second = ex.run(ex.parser().parse_args(REDUCED))
    out2 = capsys.readouterr().out
    assert out1 == out2  # the whole run follows from --seed and the deal seeds
    assert first.sampling.returns == second.sampling.returns
    for score in (first.before, first.sampling, first.greedy):
        assert len(score.returns) == 80 and score.wins + score.draws + score.losses == 80
    # The untrained policy is uniform over the legal actions; 600 matches of REINFORCE must beat it on the
    # same 80 evaluation matches, sampling and greedy alike.
    before = sum(first.before.returns)
    assert sum(first.sampling.returns) > before + 8
    assert sum(first.greedy.returns) > before + 8
    assert "after training, greedy" in out1 and "episodes    301..600" in out1
