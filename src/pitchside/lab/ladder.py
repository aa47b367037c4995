"""``pitchside ladder``: a round robin between bots and their ratings (openskill's Plackett-Luce model).

Every pair of bots plays K seeds twice, once from each side (the same deal, the sides swapped), so
neither the seat nor the deal favours one bot. A bot fills every seat of its team. The ratings are
openskill's, updated match by match in job order, so the same seeds give the same ratings whatever
the worker count; the interval is mu ± 2 sigma.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from pitchside.lab.jobs import LabError, MatchJob


def pairings(
    game: str, config: dict[str, Any], bots: Sequence[str], seats: int, team_of: Callable[[int], int],
    games: int, seed: int,
) -> list[MatchJob]:  # fmt: skip
    """The round robin's matches: each pair, each seed, each side."""
    jobs = []
    for a, b in combinations(bots, 2):
        for i in range(games):
            for first, second in ((a, b), (b, a)):
                seat_bots = tuple(first if team_of(s) == 0 else second for s in range(seats))
                jobs.append(MatchJob(game, config, seed + i, seat_bots))
    return jobs


@dataclass(frozen=True)
class Rated:
    bot: str
    mu: float
    sigma: float
    wins: int
    draws: int
    losses: int

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def team_bot(row: Mapping[str, Any], team: int) -> str:
    seat = next(s for s in range(int(row["seats"])) if row[f"seat{s}.team_index"] == team)
    return str(row[f"seat{seat}.bot"])


def ratings(rows: Sequence[Mapping[str, Any]], bots: Sequence[str]) -> list[Rated]:
    """openskill ratings from the rows in order, best (highest mu - 3 sigma) first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise LabError("ladder needs openskill: pip install 'pitchside[lab]'") from None
    model = PlackettLuce()
    rating = {b: model.rating(name=b) for b in bots}
    record = {b: [0, 0, 0] for b in bots}
    for r in rows:
        a, b = team_bot(r, 0), team_bot(r, 1)
        w = r["winner"]
        ranks = [0.0, 0.0] if w is None else [0.0, 1.0] if w == 0 else [1.0, 0.0]
        [[ra], [rb]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks)
        rating[a], rating[b] = ra, rb
        for bot, rank, other in ((a, ranks[0], ranks[1]), (b, ranks[1], ranks[0])):
            record[bot][0 if rank < other else 1 if rank == other else 2] += 1
    out = [Rated(b, rating[b].mu, rating[b].sigma, *record[b]) for b in bots]
    return sorted(out, key=lambda x: -x.ordinal)


def crosstable(rows: Sequence[Mapping[str, Any]], bots: Sequence[str]) -> dict[tuple[str, str], tuple[int, int]]:
    """(bot, opponent) -> (wins, decided matches) of bot against opponent."""
    out: dict[tuple[str, str], list[int]] = {(a, b): [0, 0] for a in bots for b in bots if a != b}
    for r in rows:
        w = r["winner"]
        if w is None:
            continue
        a, b = team_bot(r, 0), team_bot(r, 1)
        winner, loser = (a, b) if w == 0 else (b, a)
        out[(winner, loser)][0] += 1
        out[(winner, loser)][1] += 1
        out[(loser, winner)][1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}
