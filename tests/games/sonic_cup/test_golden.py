"""Golden replays (docs/architecture.md, "Tests" 3): stored seeded records, regenerated and diffed.

If one of these fails after an intended rules change, see tests/games/sonic_cup/golden/README.md.
"""

from __future__ import annotations

import pytest

from tests.games.sonic_cup.golden.regen import GOLDEN, HERE
from tests.golden_support import Golden, assert_record_replays, assert_regenerates, line_count

FILES = sorted(HERE.glob("*.jsonl"))
IDS = [g.name for g in GOLDEN]


def test_the_golden_set_is_complete() -> None:
    assert sorted(g.path for g in GOLDEN) == FILES
    assert {g.head["config"]["seats"] for g in GOLDEN} == {2, 4, 8, 10}
    assert line_count(FILES) <= 2500


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_regenerating_from_the_header_gives_the_same_text(golden: Golden) -> None:
    assert_regenerates(golden, HERE)


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_the_stored_moves_replay(golden: Golden) -> None:
    assert_record_replays(golden.path)
