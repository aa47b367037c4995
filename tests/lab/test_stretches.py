"""Stretches of play (lab/stats.py): Shooting Phase spans and runs of passed turns, from public events only."""

from __future__ import annotations

from pitchside.core.game import Event
from pitchside.lab import analysis as an
from pitchside.lab.jobs import MatchJob, play_one
from pitchside.lab.stats import span_stats


def _events(*kinds: str) -> list[Event]:
    return [Event(k, {}) for k in kinds]


def test_a_shooting_phase_runs_from_its_shot_to_what_closes_it() -> None:
    events = _events(
        "turn",
        "ball",
        "shot",
        "draw",
        "block",
        "shot",
        "pass",
        "goal",  # 3 steps, closed by the goal
        "restart",
        "turn",
        "shot",
        "foul",
        "penalty",
        "goal",  # 1 step; the penalty closes it, its goal opens nothing
        "turn",
        "ball",
        "shot",
        "pass",
        "defense-success",  # 1 step
    )
    events.insert(4, Event("drew", {"seat": 0}, 0))  # hidden: never a step
    s = span_stats("sonic-cup", events, 2)
    assert (s["span.shooting_phase.count"], s["span.shooting_phase.steps"], s["span.shooting_phase.longest"]) == (
        3,
        5,
        3,
    )
    assert s["span.shooting_phase.len.1"] == 2 and s["span.shooting_phase.len.3"] == 1
    assert "span.shooting_phase.len.2" not in s


def test_a_round_of_passes_is_as_many_passed_turns_as_seats_then_a_play() -> None:
    two_rounds = _events("turn", "pass", "turn", "pass", "turn", "ball", "turn", "pass", "turn", "pass", "turn", "shot")
    s = span_stats("sonic-cup", two_rounds, 2)
    assert s["run.passed_turns.rounds"] == 2 and s["run.passed_turns.longest"] == 2
    # a Shooting Phase's declined answer is no passed turn; at 4 seats two passes are no round
    s = span_stats(
        "sonic-cup", _events("turn", "shot", "pass", "goal", "turn", "pass", "turn", "pass", "turn", "ball"), 4
    )
    assert s["run.passed_turns.rounds"] == 0 and s["run.passed_turns.longest"] == 2
    assert span_stats("world-ball", two_rounds, 2) == {}  # a game without spans or runs gets none


def test_in_a_real_match_every_shot_and_block_is_in_a_shooting_phase() -> None:
    rows = [play_one(MatchJob("sonic-cup", {"seats": n}, seed, ("heuristic",) * n)).row for n, seed in ((2, 3), (4, 8))]
    for r in rows:
        teams = range(2)
        shots_blocks = sum(r[f"team{t}.shots"] + r[f"team{t}.blocks"] for t in teams)
        assert r["span.shooting_phase.steps"] == shots_blocks > 0
        lens = {int(k.rsplit(".", 1)[1]): v for k, v in r.items() if k.startswith("span.shooting_phase.len.")}
        assert sum(lens.values()) == r["span.shooting_phase.count"] and max(lens) == r["span.shooting_phase.longest"]
    found = {s.what: s for s in an.stretches(rows)}
    sp = found["span shooting_phase"]
    assert sp.per_match == sum(r["span.shooting_phase.count"] for r in rows) / 2
    assert found["run passed_turns"].lengths.total() == 2  # one longest run per match
