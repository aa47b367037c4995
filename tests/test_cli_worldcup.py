"""`pitchside worldcup` end to end (CliRunner and real subprocesses), `pitchside play my-world-cup --home --away`,
and a tournament that survives SIGKILL: killed mid-match or right after a save, continued, every completed match
stored exactly once, and the end the same as an uninterrupted run with the same seed. The kills come from outside
the shipped program: tests/killhook.py wraps it to SIGKILL itself at a chosen moment, or the test watches the
database and kills the process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchside.cli import app
from pitchside.core.record import MatchRecord
from pitchside.store.db import open_db
from pitchside.store.tournaments import load, matches

KILLHOOK = Path(__file__).parent / "killhook.py"
SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def env_for(data: Path, **more: str | None) -> dict[str, str | None]:
    return {
        "COLUMNS": "160",
        "FORCE_COLOR": None,
        "NO_COLOR": "1",
        "PITCHSIDE_DATA_DIR": str(data),
        "PITCHSIDE_DATABASE_URL": None,
        **more,
    }


def run(data: Path, *args: str, input: str | None = None) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `pitchside ARGS` with its database in ``data``."""
    result = CliRunner().invoke(app, list(args), input=input, env=env_for(data))
    return result.exit_code, result.stdout, result.stderr


def proc(
    data: Path, *args: str, input: str | None = None, kill_at: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`pitchside ARGS` in a process of its own (so it can be SIGKILLed); with ``kill_at`` ("MATCH:DECISION" or
    "MATCH:saved"), run through tests/killhook.py, which SIGKILLs the process at that moment."""
    env = {k: v for k, v in os.environ.items() if k != "PITCHSIDE_DATABASE_URL"}
    env.update({k: v for k, v in env_for(data).items() if v is not None})
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    if kill_at is not None:
        command = [sys.executable, str(KILLHOOK), kill_at, *args]
    else:
        command = [sys.executable, "-m", "pitchside.cli", *args]
    return subprocess.run(command, input=input, env=env, capture_output=True, text=True, timeout=300)


def stored(data: Path, tid: int = 1) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """The stored snapshot and every stored match row of tournament ``tid``."""
    db = open_db(f"sqlite:///{data / 'pitchside.sqlite3'}")
    info = load(db, tid)
    rows = [
        (m.number, m.label, m.home, m.away, m.home_goals, m.away_goals, m.winner, json.dumps(m.summary), m.record)
        for m in matches(db, tid)
    ]
    return info.snapshot, rows


# ---------------------------------------------------------------------------- commands


def test_worldcup_help_lists_its_commands(data: Path) -> None:
    code, out, _ = run(data, "worldcup", "--help")
    assert code == 0
    for command in ("new", "play", "show", "sim", "list"):
        assert command in out


def test_sim_stores_a_whole_tournament_and_show_prints_it(data: Path) -> None:
    code, out, err = run(data, "worldcup", "sim", "--seed", "3", "--third-place")
    assert code == 0, err
    assert "Tournament #1" in out and "64 matches" in out and "champion:" in out
    snap, rows = stored(data)
    assert [r[0] for r in rows] == list(range(64))
    code, out, _ = run(data, "worldcup", "show")
    assert code == 0
    for text in ("Group A", "Group H", "South Africa", "Knockout 淘汰赛", "R16 1A–2B", "QF4", "SF2", "Third place",
                 "Final", "Record book 世界盃记录册", "Champion 冠军", "Runner-up", "Third 季军", "goals",
                 "counter", "penalty", "Cards shown", "yellow"):  # fmt: skip
        assert text in out, text
    assert "Cards that scored" in out and "Scoring cards" not in out  # issue 8: any kind, not only goal cards
    code, out, _ = run(data, "worldcup", "show", "--id", "1", "--json")
    shown = json.loads(out)
    assert shown["snapshot"] == snap and shown["record_book"]["played"] == 64
    code, out, _ = run(data, "worldcup", "list")
    assert code == 0 and "64/64" in out and "finished" in out


def test_the_same_seed_gives_the_same_tournament(data: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    assert run(data, "worldcup", "sim", "--seed", "9")[0] == 0
    assert run(other, "worldcup", "sim", "--seed", "9")[0] == 0
    assert run(other, "worldcup", "sim", "--seed", "10")[0] == 0
    a = json.loads(run(data, "worldcup", "show", "--json")[1])
    b = json.loads(run(other, "worldcup", "show", "--id", "1", "--json")[1])
    c = json.loads(run(other, "worldcup", "show", "--id", "2", "--json")[1])
    assert a["record_book"] == b["record_book"] and a["snapshot"] == b["snapshot"]
    assert a["record_book"]["placings"]["champion"] == b["record_book"]["placings"]["champion"]
    assert c["record_book"]["results"] != a["record_book"]["results"]
    assert stored(data)[1] == stored(other)[1]


def test_new_then_play_a_bot_match_then_show(data: Path) -> None:
    code, out, err = run(data, "worldcup", "new", "--coach", "you=esp,Brazil", "--coach", "ann=德国", "--seed", "3")
    assert code == 0, err
    assert "Tournament #1" in out and "you: Spain 西班牙 (H), Brazil 巴西 (G)" in out and "ann: Germany" in out
    assert "First match: Group A · MD1: South Africa vs Mexico" in out
    code, out, err = run(data, "worldcup", "play", input="quit\ny\n")
    assert code == 0, err
    assert "#1 Group A · MD1" in out and "heuristic vs heuristic" in out and "Group A" in out
    # issue 8: one run plays the bots' matches on up to the coach's first match (left here: not stored)
    assert "it is not saved" in out
    snap, rows = stored(data)
    assert snap["coaches"] == {"you": ["esp", "bra"], "ann": ["ger"]}
    assert len(rows) > 1 and not any({"esp", "bra", "ger"} & {r[2], r[3]} for r in rows)
    code, out, _ = run(data, "worldcup", "show")
    assert "Spain" in out and "(you)" in out and "(ann)" in out and f"{len(rows)}/48 matches played" in out


def test_a_coach_plays_both_seats_when_his_teams_meet(data: Path) -> None:
    """WC-GAP-1, WC-PROJ-1: the first match is South Africa v Mexico, both the coach's: he sits in both seats."""
    assert run(data, "worldcup", "new", "--coach", "kim=rsa,mex", "--seed", "4")[0] == 0
    code, out, err = run(data, "worldcup", "play", input="1\n" * 300)
    assert code == 0, err
    assert "kim: South Africa 南非 (seat 0)" in out and "kim: Mexico 墨西哥 (seat 1)" in out
    assert "Lineup 布阵" in out and "Your hand 手牌" in out and "REVEAL 亮牌" in out and "Legal actions" in out
    assert "Full time 全场结束" in out and "(kim vs kim)" in out
    _, rows = stored(data)
    assert len(rows) == 1
    rec = MatchRecord.loads(rows[0][-1])
    assert rec.players == ["kim", "kim"] and rec.config["teams"] == ["rsa", "mex"]


def test_quitting_a_match_saves_nothing(data: Path) -> None:
    assert run(data, "worldcup", "new", "--coach", "kim=rsa", "--seed", "4")[0] == 0
    code, out, _ = run(data, "worldcup", "play", input="quit\n")
    assert code == 0
    assert "it is not saved" in out
    assert stored(data)[1] == []


def test_worldcup_errors_are_one_line_messages(data: Path) -> None:
    teams = ["esp", "bra", "ger", "ned", "ita"]
    five = [x for c, t in zip("abcde", teams, strict=True) for x in ("--coach", f"{c}={t}")]
    for args, message in [
        (("worldcup", "show"), "no tournament yet"),
        (("worldcup", "play"), "no tournament yet"),
        (("worldcup", "new"), "name at least one coach"),
        (("worldcup", "new", "--coach", "a=xyz"), "unknown team 'xyz'"),
        (("worldcup", "new", "--coach", "a"), "NAME=TEAM,TEAM"),
        (("worldcup", "new", "--coach", "a=esp", "--coach", "b=esp"), "a team has one coach"),
        (("worldcup", "new", *five), "at most 4 coaches"),
        (("worldcup", "sim", "--seed", "-1"), "--seed must be"),
    ]:  # fmt: skip
        code, _, err = run(data, *args)
        assert code == 2, args
        assert message in err, (args, err)
        assert "Traceback" not in err
    assert run(data, "worldcup", "sim", "--seed", "1")[0] == 0
    code, _, err = run(data, "worldcup", "show", "--id", "7")
    assert code == 2 and "no tournament 7" in err
    code, out, _ = run(data, "worldcup", "play", "--id", "1")
    assert code == 0 and "is over" in out


def test_a_stored_match_record_replays(data: Path, tmp_path: Path) -> None:
    assert run(data, "worldcup", "sim", "--seed", "2")[0] == 0
    _, rows = stored(data)
    path = tmp_path / "final.jsonl"
    path.write_text(rows[-1][-1], encoding="utf-8")
    code, out, err = run(data, "replay", str(path))
    assert code == 0, err
    assert "Replay OK" in out and "REVEAL 亮牌" in out and "Full time 全场结束" in out


# ---------------------------------------------------------------------------- a friendly: pitchside play


def test_play_my_world_cup_friendly_against_a_bot(data: Path, tmp_path: Path) -> None:
    rec = tmp_path / "friendly.jsonl"
    code, out, err = run(
        data, "play", "my-world-cup", "--home", "esp", "--away", "bra", "--you", "0", "--seed", "3",
        "--record", str(rec), input="1\n" * 300,
    )  # fmt: skip
    assert code == 0, err
    for text in (
        "Spain 西班牙 (you)",
        "Brazil 巴西",
        "水银泻地 Mercury on the ground",
        "技术优势 Technical superiority",
        "Your hand 手牌",
        "Lineup 布阵",
        "REVEAL 亮牌",
        "rolls",
        "dice",
        "Full time 全场结束",
        "friendly 热身赛",
    ):
        assert text in out, text
    saved = MatchRecord.load(rec)
    assert saved.config["teams"] == ["esp", "bra"] and saved.outcome is not None
    code, out, _ = run(data, "replay", str(rec))
    assert code == 0 and "Replay OK" in out


def test_play_my_world_cup_options(data: Path) -> None:
    code, _, err = run(data, "play", "mwc", "--home", "esp")
    assert code == 2 and "--away: give both --home and --away" in err
    code, _, err = run(data, "play", "mwc", "--home", "esp", "--away", "atlantis")
    assert code == 2 and "unknown team 'atlantis'" in err
    code, _, err = run(data, "play", "tzq", "--home", "esp", "--away", "bra")
    assert code == 2 and "sonic-cup takes no --home, --away" in err
    code, _, err = run(data, "play", "mwc", "--set", "bogus=1")
    assert code == 2 and "unknown config key" in err
    code, out, err = run(
        data, "simulate", "mwc", "--home", "esp", "--away", "prk", "--set", "mode=knockout", "--games", "4", "--json"
    )
    assert code == 0, err
    s = json.loads(out)
    assert s["games"] == 4 and sum(s["wins"].values()) == 4  # a knockout match always has a winner


def test_cards_prints_the_90_card_table(data: Path, tmp_path: Path) -> None:
    code, out, _ = run(data, "cards", "my-world-cup")
    assert code == 0
    assert "90 cards, 17 types" in out
    for text in ("G1", "AD9", "F10", "goal 3/1 (A)", "defense 2/8 (B,C,D)", "foul/10", "WC-GAP-6"):
        assert text in out, text
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = "X"\ncount = 1\ntop = { kind = "goal" }\n', encoding="utf-8")
    code, _, err = run(data, "cards", "mwc", "--deck", str(bad))
    assert code == 2 and str(bad) in err


# ---------------------------------------------------------------------------- kill and resume


def assert_same_end(killed: Path, clean: Path) -> None:
    """Every completed match stored exactly once, and everything as in the uninterrupted run."""
    snap_a, rows_a = stored(killed)
    snap_b, rows_b = stored(clean)
    numbers = [r[0] for r in rows_a]
    assert numbers == sorted(set(numbers)) == list(range(len(rows_b)))
    assert rows_a == rows_b
    assert snap_a == snap_b


def test_sim_killed_mid_match_then_continued(data: Path, tmp_path: Path) -> None:
    """SIGKILL at the 3rd decision of match 20: 20 matches are stored; `sim --id` continues from match 20."""
    r = proc(data, "worldcup", "sim", "--seed", "5", "--third-place", kill_at="20:3")
    assert r.returncode == -signal.SIGKILL, r.stderr
    snap, rows = stored(data)
    assert [row[0] for row in rows] == list(range(20)) and len(snap["results"]) == 20
    r = proc(data, "worldcup", "sim", "--id", "1")
    assert r.returncode == 0, r.stderr
    clean = tmp_path / "clean"
    assert proc(clean, "worldcup", "sim", "--seed", "5", "--third-place").returncode == 0
    assert_same_end(data, clean)
    assert len(stored(data)[1]) == 64


def test_sim_killed_right_after_a_save_then_played_on(data: Path, tmp_path: Path) -> None:
    """SIGKILL right after the last group match is committed: nothing is lost, nothing is played twice."""
    r = proc(data, "worldcup", "sim", "--seed", "6", kill_at="47:saved")
    assert r.returncode == -signal.SIGKILL, r.stderr
    assert len(stored(data)[1]) == 48
    r = proc(data, "worldcup", "play", "--all")
    assert r.returncode == 0, r.stderr
    assert "is over" in r.stdout
    clean = tmp_path / "clean"
    assert proc(clean, "worldcup", "sim", "--seed", "6").returncode == 0
    assert_same_end(data, clean)


def test_a_coach_killed_mid_match_replays_only_that_match(data: Path, tmp_path: Path) -> None:
    """A coach at the keyboard (answers piped in); the process dies inside his second match; `play --all` plays
    that match again from its start and goes on: the same tournament as without the crash."""
    answers = "1\n" * 3000
    clean = tmp_path / "clean"
    for d in (data, clean):
        assert proc(d, "worldcup", "new", "--coach", "kim=rsa", "--seed", "12").returncode == 0
    r = proc(data, "worldcup", "play", "--all", input=answers, kill_at="2:2")
    assert r.returncode == -signal.SIGKILL, r.stderr
    assert "Group A · MD2 · South Africa vs Uruguay · kim: South Africa 南非 (seat 0)" in r.stdout
    assert len(stored(data)[1]) == 2
    r = proc(data, "worldcup", "play", "--all", input=answers)
    assert r.returncode == 0, r.stderr
    assert proc(clean, "worldcup", "play", "--all", input=answers).returncode == 0
    assert_same_end(data, clean)
    _, rows = stored(data)
    assert MatchRecord.loads(rows[2][-1]).players[0] == "kim"


def test_sim_killed_from_outside_when_the_database_shows_a_match_count(data: Path, tmp_path: Path) -> None:
    """No hook at all: the test watches the database and SIGKILLs the running `worldcup sim` once 30 matches
    are stored (it is then somewhere in the next match, or just saving it). Continued, it is the same
    tournament as an uninterrupted run."""
    import sqlite3
    import time

    assert proc(data, "worldcup", "new", "--coach", "kim=ned", "--seed", "8").returncode == 0
    env = {k: v for k, v in os.environ.items() if k != "PITCHSIDE_DATABASE_URL"}
    env.update({k: v for k, v in env_for(data).items() if v is not None})
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    p = subprocess.Popen([sys.executable, "-m", "pitchside.cli", "worldcup", "sim", "--id", "1"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
    db = sqlite3.connect(data / "pitchside.sqlite3", timeout=30)
    count = 0
    while p.poll() is None and count < 30:
        count = db.execute("SELECT count(*) FROM tournament_matches").fetchone()[0]
        time.sleep(0.005)
    db.close()
    p.kill()
    _, err = p.communicate(timeout=60)
    assert p.returncode == -signal.SIGKILL, err
    _, rows = stored(data)
    assert 30 <= len(rows) < 63 and [r[0] for r in rows] == list(range(len(rows)))
    assert proc(data, "worldcup", "sim", "--id", "1").returncode == 0
    clean = tmp_path / "clean"
    assert proc(clean, "worldcup", "new", "--coach", "kim=ned", "--seed", "8").returncode == 0
    assert proc(clean, "worldcup", "sim", "--id", "1").returncode == 0
    assert_same_end(data, clean)
