"""Golden replays (docs/architecture.md, "Tests" 3): stored seeded records, regenerated and diffed.

If one of these fails after an intended rules change, see tests/games/sonic_cup/golden/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from tests.games.sonic_cup.golden.regen import GOLDEN, HERE, diff, generate, path_for

FILES = sorted(HERE.glob("*.jsonl"))
HINT = "rules changed play? if on purpose: .venv/bin/python tests/games/sonic_cup/golden/regen.py (see its README.md)"


def test_the_golden_set_is_complete() -> None:
    assert sorted(path_for(seats, seed) for seats, seed in GOLDEN) == FILES
    assert {seats for seats, _ in GOLDEN} == {2, 4, 8, 10}
    assert sum(len(p.read_text(encoding="utf-8").splitlines()) for p in FILES) <= 2500


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_regenerating_from_the_header_gives_the_same_text(path: Path) -> None:
    stored = path.read_text(encoding="utf-8")
    head = json.loads(stored.splitlines()[0])
    fresh = generate(head)
    assert fresh == stored, f"{path.name} differs ({HINT}):\n{diff(stored, fresh, path.name)}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_stored_moves_replay(path: Path) -> None:
    rec = MatchRecord.load(path)
    assert rec.outcome is not None and rec.fingerprint is not None  # a finished match
    rep = replay(rec, load_game(rec.game))  # checks every move, the outcome and the final fingerprint
    assert rep.state.is_over()
    assert rep.state.outcome().to_json() == rec.outcome
