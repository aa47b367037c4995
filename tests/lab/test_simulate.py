"""The lab's simulate (issue 11): one row per match from the match's own events, the same rows for the
same seeds whatever the worker count, Parquet and CSV out, records that replay, and a light CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.core.game import Event
from pitchside.core.record import MatchRecord, replay
from pitchside.core.registry import load_game
from pitchside.lab.jobs import LabError, MatchJob, play_one
from pitchside.lab.runner import batches, run
from pitchside.lab.stats import match_labels, match_stats, order_stats
from tests.inputs.helpers import assert_one_line_error
from tests.inputs.helpers import run as cli
from tests.lazy_imports import help_loads

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

CASES = [("sonic-cup", 2, "random"), ("world-ball", 4, "heuristic"), ("my-world-cup", 2, "heuristic,random")]


def _jobs(game: str, seats: int, bots: str, n: int) -> list[MatchJob]:
    names = bots.split(",")
    return [MatchJob(game, {"seats": seats}, 100 + i, tuple(names[s % len(names)] for s in range(seats)))
            for i in range(n)]  # fmt: skip


@pytest.mark.parametrize(("game", "seats", "bots"), CASES)
def test_the_same_seeds_give_the_same_rows_whatever_the_worker_count(game: str, seats: int, bots: str) -> None:
    jobs = _jobs(game, seats, bots, 6)
    one = run(batches(jobs, 1, True, ()), workers=1)
    two = run(batches(jobs, 2, True, ()), workers=2)  # this process and a spawned one, batches of one match
    assert [o.row for o in one] == [o.row for o in two]
    assert [o.record for o in one] == [o.record for o in two]
    assert [o.row["seed"] for o in two] == [j.seed for j in jobs]


def test_a_row_says_who_played_the_result_and_the_statistics() -> None:
    out = play_one(MatchJob("world-ball", {"seats": 2}, 7, ("heuristic", "random")), record=True)
    r = out.row
    assert (r["game"], r["seed"], r["seats"], r["bots"]) == ("world-ball", 7, 2, "heuristic,random")
    assert r["score"] == f"{r['team0.score']}:{r['team1.score']}"
    assert r["goals"] == r["team0.score"] + r["team1.score"] == r["team0.goals"] + r["team1.goals"]
    assert r["draw"] == (r["winner"] is None)
    assert r["seat0.character"] and r["seat1.character"] and r["seat0.character"] != r["seat1.character"]
    assert r["seat0.bot"] == "heuristic" and r["seat1.result"] in ("win", "loss", "draw")
    assert r["seat0.shots"] == r["seat0.ev.shot"] >= r["seat0.goals"]
    assert r["seat0.stamina_spent"] > 0
    # the record replays to the same end, and its length is the row's
    assert out.record is not None
    rec = MatchRecord.loads(out.record)
    assert len(rec.moves) == r["decisions"]
    assert replay(rec, load_game("world-ball")).state.outcome().scores == (r["team0.score"], r["team1.score"])


@pytest.mark.parametrize(
    ("game", "config", "first"),
    [
        ("sonic-cup", {"seats": 2, "kickoff": "red"}, 1),  # the kick-off turn begins in new_state (SC-KO-1)
        ("sonic-cup", {"seats": 2, "kickoff": "blue"}, 0),
        ("sonic-cup", {"seats": 4, "kickoff": "red"}, 1),  # Red's Defender, seat 1 (SC-KO-2, SC-PROJ-2)
        ("world-ball", {"seats": 2, "characters": ["henry", "villa"], "starter": 1}, 1),  # no draft (WB-GAP-4)
        ("world-ball", {"seats": 2, "starter": 1}, 1),  # the draft begins with the starter
    ],
)
def test_first_seat_is_the_seat_that_played_the_first_turn(game: str, config: dict[str, object], first: int) -> None:
    # Before, it was the first `turn` event's seat: in Sonic Cup the second turn, the team that did not kick off.
    out = play_one(MatchJob(game, config, 3, ("random",) * int(str(config["seats"]))), record=True)
    assert out.record is not None
    assert (out.row["first_seat"], out.row["first_team"]) == (first, first % 2)
    assert MatchRecord.loads(out.record).moves[0].seat == first


def test_a_game_without_turn_events_has_no_first_seat() -> None:
    row = play_one(MatchJob("my-world-cup", {"seats": 2}, 3, ("random", "random"))).row
    assert row["first_seat"] is None and row["first_team"] is None


def test_statistics_come_from_public_events_only() -> None:
    events = [
        Event("goal", {"team": "red", "how": "penalty"}),  # a team by name (Sonic Cup)
        Event("shot", {"seat": 1, "card": "K01"}),
        Event("ball", {"seat": 0, "cards": ["M01", "M02"]}),
        Event("drew", {"seat": 0, "cards": ["K02"]}, 0),  # hidden: never counted
        Event("foul", {"seat": 3, "card": "F01"}),
    ]
    s = match_stats("sonic-cup", events, 4, [0, 1, 0, 1], ("blue", "red"))
    assert s["team1.goals"] == 1 and s["team0.goals"] == 0 and "seat1.goals" not in s  # no seat named
    assert s["seat1.shots"] == 1 and s["team1.shots"] == 1
    assert s["seat0.cards_played"] == 2 and s["seat1.cards_played"] == 1 and s["seat3.cards_played"] == 1
    assert s["team1.cards_played"] == 2
    assert "seat0.ev.drew" not in s and s["seat0.ev.ball"] == 1 and s["team1.ev.goal"] == 1
    spent = match_stats("world-ball", [Event("stamina", {"seat": 0, "change": -2}),
                                       Event("stamina", {"seat": 0, "change": 1})], 2, [0, 1], ("A", "B"))  # fmt: skip
    assert spent["seat0.stamina_spent"] == 2
    goals = match_stats("my-world-cup", [Event("goal", {"team": 1, "goals": 2})], 2, [0, 1], ("home", "away"))
    assert goals["team1.goals"] == 2 and "seat1.goals" not in goals


def test_who_came_first_and_the_next_goal_after_a_restart() -> None:
    events = [
        Event("ball", {"seat": 1, "cards": ["M01"]}),
        Event("shot", {"seat": 3, "card": "K01"}),  # seat 3 is Red's: Red shot first
        Event("goal", {"team": "red", "how": "shot"}),
        Event("restart", {"team": "blue", "seat": 0, "ball": 4}),  # SC-SP-2a: Blue kicks off ...
        Event("drew", {"seat": 0, "cards": ["K02"]}, 0),  # hidden: never read
        Event("goal", {"team": "blue", "how": "shot"}),  # ... and scores the next goal: the same team
        Event("restart", {"team": "red", "seat": 1, "ball": 6}),
        Event("goal", {"team": "blue", "how": "penalty"}),  # the other team
        Event("goal", {"team": "blue", "how": "shot"}),  # no restart before it: no reply
    ]
    got = order_stats("sonic-cup", events, [0, 1, 0, 1], ("blue", "red"))
    assert got == {"first.shot": 1, "first.goal": 1, "next.goal_after_restart.same": 1,
                   "next.goal_after_restart.other": 1}  # fmt: skip
    assert order_stats("sonic-cup", events[:1], [0, 1, 0, 1], ("blue", "red")) == {"first.shot": -1, "first.goal": -1,
        "next.goal_after_restart.same": 0, "next.goal_after_restart.other": 0}  # fmt: skip
    assert order_stats("no-such-game", events, [0, 1, 0, 1], ("blue", "red")) == {}


def test_labels_as_the_match_began_and_a_drafted_character_as_it_ended() -> None:
    first = {"seats": [{"seat": 0, "team": "A", "character": "", "cards": 4}, {"seat": 1, "team": "B"}]}
    last = {"seats": [{"seat": 0, "team": "A", "character": "henry", "skills": ["wall"]}, {"seat": 1, "team": "B"}]}
    assert match_labels(first, last, 2) == {"seat0.character": "henry", "seat0.team": "A", "seat1.team": "B"}
    mwc = {"sides": [{"side": "home", "team": {"id": "esp", "grade": "A", "world_rank": 2}}, {"side": "away"}]}
    got = match_labels(mwc, mwc, 2)
    assert got["seat0.team.grade"] == "A" and got["seat0.team.world_rank"] == "2" and got["seat1.side"] == "away"


def test_simulate_writes_parquet_csv_meta_and_records(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    code, stdout, err = cli("simulate", "mwc", "--games", "8", "--seed", "3", "--workers", "1", "--out", str(out),
                            "--csv", "--records", "--json")  # fmt: skip
    assert code == 0, err
    rows = pq.read_table(out / "matches.parquet").to_pylist()
    assert [r["seed"] for r in rows] == list(range(3, 11))
    assert all(r["bots"] == "heuristic,heuristic" for r in rows)  # the default bots: the game's heuristic
    for col in ("score", "winner", "decisions", "ending", "seat0.team.id", "seat1.team.grade", "team0.goals"):
        assert col in rows[0]
    csv_lines = (out / "matches.csv").read_text(encoding="utf-8").splitlines()
    assert len(csv_lines) == 9
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    assert meta["game"] == "my-world-cup" and meta["games"] == 8 and meta["seeds"] == [3, 10]
    assert json.loads(stdout)["games"] == 8
    recs = sorted((out / "records").iterdir())
    assert len(recs) == 8
    rec = MatchRecord.load(recs[0])
    seed_row = next(r for r in rows if r["seed"] == rec.seed)
    assert len(rec.moves) == seed_row["decisions"]


def test_rotate_seats_each_bot_in_each_seat(tmp_path: Path) -> None:
    code, _, err = cli("simulate", "wb", "--games", "4", "--bots", "heuristic,random", "--rotate",
                       "--workers", "1", "--out", str(tmp_path), "--json")  # fmt: skip
    assert code == 0, err
    rows = pq.read_table(tmp_path / "matches.parquet").to_pylist()
    assert [r["bots"] for r in rows] == ["heuristic,random", "random,heuristic"] * 2


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--csv",), "give --out DIR"),
        (("--workers", "0"), "--workers must be at least 1"),
        (("--backend", "slurm"), "--backend must be one of: local, ray"),
        (("--address", "x:1"), "--address is for --backend ray"),
        (("--data", "/no/such/deck.toml"), "no such file"),
        (("--roles", "XX"), "roles"),
    ],
)
def test_bad_options_are_one_line_errors(args: tuple[str, ...], words: str) -> None:
    code, _, err = cli("simulate", "tzq", "--games", "1", "--bots", "random", *args)
    assert_one_line_error(code, err, words)


def test_a_worker_failure_is_one_line(tmp_path: Path) -> None:
    code, _, err = cli("simulate", "tzq", "--games", "2", "--bots", "random", "--workers", "1", "--set",
                       "kickoff=green")  # fmt: skip
    assert_one_line_error(code, err, "kickoff")


def test_import_and_help_load_no_lab_library() -> None:
    _, loaded = help_loads("pyarrow", "matplotlib", "openskill", "ray", "pitchside.lab")
    assert loaded == []


@pytest.mark.parametrize("workers", [1, 2])
def test_a_match_that_cannot_be_played_is_a_lab_error_naming_it_at_any_worker_count(workers: int) -> None:
    # the spawned process takes the batches from the front, this process from the back: the bad match is first
    jobs = [MatchJob("world-ball", {"seats": 2}, 5, ("nobot", "random"))]
    jobs += [MatchJob("world-ball", {"seats": 2}, 6 + i, ("random", "random")) for i in range(3)]
    with pytest.raises(LabError, match="world-ball seed 5: unknown agent 'nobot'"):
        run(batches(jobs, workers, False, ()), workers=workers)
