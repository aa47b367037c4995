"""Golden files: stored seeded My World Cup records and a whole tournament's snapshot, regenerated from their
headers and diffed.

If one of these fails after an intended rules change, see tests/games/my_world_cup/golden/README.md.
"""

from __future__ import annotations

import json

import pytest

from pitchside.core.errors import ReplayError
from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from pitchside.games.my_world_cup.tournament import WorldCup
from tests.games.my_world_cup.golden.regen import GOLDEN, HERE
from tests.golden_support import Golden, assert_record_replays, assert_regenerates, line_count

FILES = sorted([*HERE.glob("*.jsonl"), *HERE.glob("*.json")])
RECORDS = [g for g in GOLDEN if g.path.suffix == ".jsonl"]
(CUP,) = [g for g in GOLDEN if g.path.suffix == ".json"]


def test_the_golden_set_is_complete() -> None:
    """A friendly, a group and a knockout match that needs more than 90 minutes, by both agents; one tournament;
    small enough to read."""
    assert sorted(g.path for g in GOLDEN) == FILES
    assert sorted(g.head["config"]["mode"] for g in RECORDS) == ["friendly", "group", "knockout"]
    assert {p for g in RECORDS for p in g.head["players"]} == {"heuristic", "random"}
    (knockout,) = [MatchRecord.load(g.path) for g in RECORDS if g.head["config"]["mode"] == "knockout"]
    assert knockout.outcome is not None and knockout.outcome["ending"] in ("extra-time", "penalties")
    assert line_count(FILES) <= 2000


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.name for g in GOLDEN])
def test_regenerating_from_the_header_gives_the_same_text(golden: Golden) -> None:
    assert_regenerates(golden, HERE)


@pytest.mark.parametrize("golden", RECORDS, ids=[g.name for g in RECORDS])
def test_the_stored_moves_replay(golden: Golden) -> None:
    assert_record_replays(golden.path)


def test_a_record_of_the_rules_before_wc_gap_10_was_read_again_is_refused_by_its_version() -> None:
    """WC-GAP-10 changed (rules 1.0 -> 1.1): a 1.0 record would replay into a divergence, so it is refused at
    its header, naming the versions."""
    rec = MatchRecord.load(RECORDS[0].path)
    rec.version = "1.0"
    with pytest.raises(ReplayError) as e:
        replay(rec, load_game("my-world-cup"))
    assert e.value.field == "version" and "record is for rules version 1.0, this is 1.1" in str(e.value)


def test_the_stored_snapshot_is_a_finished_tournament() -> None:
    """The stored snapshot loads (WorldCup.from_json checks that the 90 cards are all there) and gives the same
    snapshot back: the tournament its header asked for, over, with a champion."""
    stored = json.loads(CUP.stored())
    head, snap = stored["header"], stored["snapshot"]
    cup = WorldCup.from_json(snap)
    assert cup.to_json() == snap
    assert (cup.seed, cup.third_place, cup.coaches, cup.neutral) == (head["seed"], head["third_place"], {}, False)
    assert cup.is_over() and cup.played == len(cup.fixtures) == 64
    assert cup.champion is not None and set(cup.placings()) == {"champion", "runner_up", "third", "fourth"}
