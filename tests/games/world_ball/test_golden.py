"""Golden replays: stored seeded World Ball records, regenerated from their headers and diffed.

If one of these fails after an intended rules change, see tests/games/world_ball/golden/README.md.
"""

from __future__ import annotations

import pytest

from tests.games.world_ball.golden.regen import GOLDEN, HERE
from tests.golden_support import Golden, assert_record_replays, assert_regenerates, line_count

FILES = sorted(HERE.glob("*.jsonl"))
IDS = [g.name for g in GOLDEN]


def test_the_golden_set_is_complete() -> None:
    """2, 4 and 10 seats; the heuristic bot and the random agent both play; small enough to read."""
    assert sorted(g.path for g in GOLDEN) == FILES
    assert {g.head["config"]["seats"] for g in GOLDEN} == {2, 4, 10}
    assert {p for g in GOLDEN for p in g.head["players"]} == {"heuristic", "random"}
    assert line_count(FILES) <= 2000


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_regenerating_from_the_header_gives_the_same_text(golden: Golden) -> None:
    assert_regenerates(golden, HERE)


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_the_stored_moves_replay(golden: Golden) -> None:
    assert_record_replays(golden.path)
