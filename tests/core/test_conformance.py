"""Every registered game passes the conformance check (docs/architecture.md, "Tests" 1).

Per registered game and seat count, 400 seeds in chunks of 50 so pytest-xdist spreads them: the first
chunk of every game and seat count in `make test`, the others behind the `soak` marker (`make soak`,
.ci/run). At 8 seats and more a match is several times longer, so there the first chunk is cut in two
and only its first half (25 seeds) is in `make test`; every seed still runs in the soak. In each chunk,
one seed in 25 is deep-checked on every step and the others on sampled steps (core/checks.py). Timing is
never asserted; bench/ measures.
"""

from __future__ import annotations

import pytest

from pitchside.core.checks import check_game
from pitchside.core.registry import GAMES, load_game

SEEDS_PER_COUNT = 400
CHUNK = 50
FAST = 50  # seeds per game and seat count in `make test`; the rest are soak
FAST_LARGE = 25  # ... at LARGE seats or more (the longest matches)
LARGE = 8
DEEP_EVERY = 25  # one seed in 25 (two in a chunk of 50) gets the deep checks on every step
SAMPLE_EVERY = 40  # the others on about one step in 40


def _chunks(seats: int) -> list[tuple[int, int, bool]]:
    """(first seed, seeds, in `make test`) for one seat count: every seed of 0..SEEDS_PER_COUNT once."""
    fast = FAST_LARGE if seats >= LARGE else FAST
    out = [(0, fast, True)] + ([(fast, CHUNK - fast, False)] if fast < CHUNK else [])
    return out + [(lo, CHUNK, False) for lo in range(CHUNK, SEEDS_PER_COUNT, CHUNK)]


CASES = [
    pytest.param(
        game_id,
        seats,
        lo,
        n,
        id=f"{game_id}-{seats}p-seeds{lo}-{lo + n - 1}",
        marks=() if fast else pytest.mark.soak,
    )
    for game_id, entry in GAMES.items()
    for seats in entry.seat_counts
    for lo, n, fast in _chunks(seats)
]


def test_the_chunks_cover_every_seed_once() -> None:
    for seats in (2, LARGE, 10):
        seeds = [s for lo, n, _ in _chunks(seats) for s in range(lo, lo + n)]
        assert seeds == list(range(SEEDS_PER_COUNT))


@pytest.mark.parametrize(("game_id", "seats", "lo", "n"), CASES)
def test_conformance(game_id: str, seats: int, lo: int, n: int) -> None:
    game = load_game(game_id)
    seeds = range(lo, lo + n)
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
