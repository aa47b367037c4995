"""Every registered game passes the conformance check (docs/architecture.md, "Tests" 1).

Per registered game and seat count, 400 seeds in chunks of 50 so pytest-xdist spreads them: the first
chunk of every game and seat count in `make test`, the other seven behind the `soak` marker (`make soak`,
.ci/run). In each chunk, two seeds are deep-checked on every step and the others on sampled steps
(core/checks.py). Timing is never asserted; bench/ measures.
"""

from __future__ import annotations

import pytest

from pitchside.core.checks import check_game
from pitchside.core.registry import GAMES, load_game

SEEDS_PER_COUNT = 400
CHUNK = 50
FAST = 50  # seeds per game and seat count in `make test`; the rest are soak
DEEP_EVERY = 25  # two seeds of each chunk get the deep checks on every step
SAMPLE_EVERY = 40  # the others on about one step in 40

CASES = [
    pytest.param(
        game_id,
        seats,
        lo,
        id=f"{game_id}-{seats}p-seeds{lo}-{lo + CHUNK - 1}",
        marks=pytest.mark.soak if lo >= FAST else (),
    )
    for game_id, entry in GAMES.items()
    for seats in entry.seat_counts
    for lo in range(0, SEEDS_PER_COUNT, CHUNK)
]


@pytest.mark.parametrize(("game_id", "seats", "lo"), CASES)
def test_conformance(game_id: str, seats: int, lo: int) -> None:
    game = load_game(game_id)
    seeds = range(lo, lo + CHUNK)
    report = check_game(game, {"seats": seats}, seeds, deep_every=DEEP_EVERY, sample_every=SAMPLE_EVERY)
    assert report.ok, report.summary()
    # The check really ran: every match finished and every kind of deep check happened.
    assert report.matches == len(seeds), report.summary()
    assert len(seeds) < report.replays <= 2 * len(seeds), report.summary()  # seeded + sampled mid-match setups
    assert report.deep_steps >= len(seeds) + 2, report.summary()  # every first step, two seeds fully
    assert report.actions_applied >= report.deep_steps, report.summary()
    assert report.illegal_tried > report.deep_steps, report.summary()
    assert report.twins >= report.deep_steps, report.summary()
    assert report.events_compared == report.deep_steps, report.summary()
    assert report.twins_differ > 0, report.summary()  # every game here hides cards: twins must differ
