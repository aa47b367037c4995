"""Storage and environment: every way the database or its place can be wrong is one clear line and a non-zero
exit, and a damaged database is never written to. (These ended in tracebacks, or in IntegrityError.)"""

from __future__ import annotations

import errno
import hashlib
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from pitchside.store import db as store_db
from pitchside.store.db import open_db
from pitchside.store.tournaments import load, matches
from tests.inputs.helpers import assert_one_line_error, program, run


def wc(data: Path, *args: str, **env: str | None) -> tuple[int, str, str]:
    return run("worldcup", *args, PITCHSIDE_DATA_DIR=str(data), **env)


def db_file(data: Path) -> Path:
    return data / "pitchside.sqlite3"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def one(tmp_path: Path) -> Path:
    """A data directory holding one new tournament (no match played yet)."""
    data = tmp_path / "data"
    code, _, err = wc(data, "new", "--coach", "ann=esp", "--seed", "3")
    assert code == 0, err
    with sqlite3.connect(db_file(data)) as conn:  # everything into the main file, as a process's exit does
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return data


def sql(data: Path, statement: str) -> None:
    with sqlite3.connect(db_file(data)) as conn:
        conn.execute(statement)


# ---------------------------------------------------------------------------- a damaged file


def test_a_damaged_sqlite_file_is_refused_and_never_written_to(one: Path) -> None:
    """After zeroed pages `worldcup list` failed but `worldcup sim` added a tournament to the file."""
    path = db_file(one)
    raw = bytearray(path.read_bytes())
    page = 4096
    raw[page : len(raw) - page] = bytes(len(raw) - 2 * page)  # every page but the first and the last
    path.write_bytes(bytes(raw))
    before = digest(path)
    for args in (("sim", "--seed", "1"), ("new", "--coach", "bob=bra"), ("play",), ("list",), ("show",)):
        code, _, err = wc(one, *args)
        assert_one_line_error(code, err, str(path), "damaged")
    assert digest(path) == before


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db_file(data).write_bytes(b"this is not SQLite" * 300)
    before = digest(db_file(data))
    code, _, err = wc(data, "sim", "--seed", "1")
    assert_one_line_error(code, err, "damaged")
    assert digest(db_file(data)) == before


# ---------------------------------------------------------------------------- what is read back


@pytest.mark.parametrize("junk", ["{not json", "[1, 2]", '"text"', "[" * 2000])
def test_a_snapshot_that_is_not_a_json_object(one: Path, junk: str) -> None:
    sql(one, f"UPDATE tournaments SET snapshot = '{junk}'")
    code, out, err = wc(one, "list")
    assert code == 0, err
    assert "damaged" in out
    for args in (("show",), ("show", "--id", "1"), ("play",), ("sim", "--id", "1")):
        code, _, err = wc(one, *args)
        assert_one_line_error(code, err, "tournament 1 is damaged")


def test_a_snapshot_that_is_json_but_not_a_tournament(one: Path) -> None:
    sql(one, """UPDATE tournaments SET snapshot = '{"format": "x"}'""")
    code, _, err = wc(one, "show")
    assert_one_line_error(code, err, "not a tournament snapshot")


def test_an_unknown_migration_is_refused(one: Path) -> None:
    sql(one, "UPDATE alembic_version SET version_num = '9999_from_the_future'")
    code, _, err = wc(one, "list")
    assert_one_line_error(code, err, "9999_from_the_future", "newer pitchside")


# ---------------------------------------------------------------------------- the place


def test_a_data_dir_that_is_a_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("x", encoding="utf-8")
    code, _, err = wc(data, "sim", "--seed", "1")
    assert_one_line_error(code, err, str(data), "is a file")


def test_a_data_dir_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x", encoding="utf-8")
    code, _, err = wc(tmp_path / "f" / "data", "list")
    assert_one_line_error(code, err, "cannot make the data directory", "PITCHSIDE_DATA_DIR")


def test_a_data_dir_under_a_read_only_parent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root ignores permission bits, so a read-only file system is simulated at the OS boundary (mkdir)."""

    def read_only(self: Path, *args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", read_only)
    code, _, err = wc(tmp_path / "ro" / "data", "list")
    assert_one_line_error(code, err, "cannot make the data directory", "Read-only file system")


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("mysql://root:secret@localhost/pitchside", "unsupported database URL"),
        ("nosuchdb://x", "unsupported database URL"),
        ("not a url at all", "is not a database URL"),
        ("postgresql+nosuchdriver://root:secret@localhost/x", "driver"),
    ],
)
def test_an_unsupported_database_url(tmp_path: Path, url: str, words: str) -> None:
    code, _, err = wc(tmp_path, "list", PITCHSIDE_DATABASE_URL=url)
    assert_one_line_error(code, err, words)
    assert "secret" not in err


# ---------------------------------------------------------------------------- a full disk


@pytest.fixture
def small_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every SQLite connection may grow its file to ``limit[0]`` pages only: SQLite then answers SQLITE_FULL,
    "database or disk is full", exactly as on a full disk (which needs a mount to make for real: see below)."""
    limit = [10**9]
    make = store_db.make_engine

    def small(url: str | None = None, power_safe: bool = True) -> Any:
        engine = make(url, power_safe)

        @event.listens_for(engine, "connect")
        def _cap(conn: Any, _record: Any) -> None:
            conn.execute(f"PRAGMA max_page_count={limit[0]}")

        return engine

    monkeypatch.setattr(store_db, "make_engine", small)
    yield limit


def test_a_full_disk_while_saving_a_match_loses_nothing(one: Path, small_disk: list[int]) -> None:
    with sqlite3.connect(db_file(one)) as conn:
        small_disk[0] = conn.execute("PRAGMA page_count").fetchone()[0]
    code, _, err = wc(one, "play")
    assert_one_line_error(code, err, "cannot save match 1 of tournament 1", "full", "free some space")
    small_disk[0] = 10**9
    info = load(open_db(f"sqlite:///{db_file(one)}"), 1)
    assert info.played == 0 and info.snapshot["results"] == []
    code, out, err = wc(one, "play")  # space again: the same match is played and stored
    assert code == 0 and "#1 Group A · MD1" in out, err


def test_a_really_full_disk(tmp_path: Path) -> None:
    """The same on a real 192 kB tmpfs, when this machine lets the tests mount one (root in a VM or CI)."""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=192k", "tmpfs", str(mnt)], capture_output=True)
    if mount.returncode != 0:
        pytest.skip("cannot mount a tmpfs here; test_a_full_disk_while_saving_a_match_loses_nothing simulates it")
    try:
        data = mnt / "data"
        r = program("worldcup", "sim", "--seed", "4", PITCHSIDE_DATA_DIR=str(data))
        assert_one_line_error(r.returncode, r.stderr, "full", "free some space")
        db = open_db(f"sqlite:///{db_file(data)}")
        info = load(db, 1)
        stored = [m.number for m in matches(db, 1)]
        assert stored == list(range(info.played)) and len(info.snapshot["results"]) == info.played > 0
        db.kw["bind"].dispose()
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_full_disk_while_saving_a_record_keeps_the_old_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ENOSPC at the OS boundary (fsync) while `play --record` writes: one line, and the old file is intact."""
    import os

    target = tmp_path / "m.jsonl"
    target.write_text("the old record\n", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run("play", "sonic-cup", "--seats", "2", "--record", str(target), input="quit\n")
    assert_one_line_error(code, err, str(target), "No space left on device")
    assert target.read_text(encoding="utf-8") == "the old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["m.jsonl"]


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(4))
def test_two_processes_on_one_tournament(tmp_path: Path, seed: int) -> None:
    """Two real `worldcup sim --id 1` at once on one SQLite file: each ends well or with the clear message
    (it used to be IntegrityError, sometimes), and the tournament holds every match exactly once, as stored by an
    uninterrupted run."""
    import os
    import sys

    data, clean = tmp_path / "data", tmp_path / "clean"
    for d in (data, clean):
        assert wc(d, "new", "--coach", "x=nzl", "--seed", str(seed))[0] == 0
    assert wc(clean, "sim", "--id", "1")[0] == 0
    env = {**os.environ, "PITCHSIDE_DATA_DIR": str(data), "NO_COLOR": "1"}
    env.pop("PITCHSIDE_DATABASE_URL", None)
    command = [sys.executable, "-m", "pitchside.cli", "worldcup", "sim", "--id", "1"]
    racers = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(2)]  # fmt: skip
    for p in racers:
        _, err = p.communicate(timeout=300)
        assert p.returncode in (0, 1), err
        assert "Traceback" not in err and "IntegrityError" not in err and "internal error" not in err, err
        if p.returncode == 1:
            assert "another `pitchside worldcup`" in err, err

    def rows(d: Path) -> list[tuple[object, ...]]:
        db = open_db(f"sqlite:///{db_file(d)}")
        return [(m.number, m.label, m.home_goals, m.away_goals, m.winner, m.record) for m in matches(db, 1)]

    assert rows(data) == rows(clean) and len(rows(data)) == 63  # 48 group and 15 knockout matches
