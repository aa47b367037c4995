"""`pitchside serve`: a real uvicorn process on loopback, the lazy imports, and its one-line errors."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.lazy_imports import help_loads


def test_help_and_import_pitchside_load_no_web_framework() -> None:
    out, loaded = help_loads("fastapi", "starlette", "uvicorn", "pitchside.web", "sqlalchemy")
    assert "serve" in out and loaded == []


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PITCHSIDE_DATABASE_URL"}
    return {**env, "PITCHSIDE_DATA_DIR": str(tmp_path / "data"), **extra}


def _serve(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-c", "from pitchside.cli import main; main()", "serve", *args]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_answers_on_loopback_with_sqlite_in_the_data_dir(tmp_path: Path) -> None:
    port = _free_port()
    proc = _serve("--port", str(port), env=_env(tmp_path))
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"pitchside: serving on http://127.0.0.1:{port}  (Ctrl-C stops)"
        end = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as r:
                    games = json.load(r)
                break
            except OSError:
                assert time.monotonic() < end and proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                time.sleep(0.1)
        assert {g["id"] for g in games} >= {"sonic-cup", "world-ball", "my-world-cup"}
        assert (tmp_path / "data" / "pitchside.sqlite3").is_file()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"PITCHSIDE_WEB_MAX_ROOMS": "lots"}, "PITCHSIDE_WEB_MAX_ROOMS"),
        ({"PITCHSIDE_DATABASE_URL": "mysql://x/y"}, "unsupported database URL"),
    ],
)
def test_serve_refuses_bad_settings_in_one_line(tmp_path: Path, extra: dict[str, str], words: str) -> None:
    proc = _serve(env=_env(tmp_path, **extra))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(x) for x in path.read_text().split()} if path.exists() else set()


def _call(base: str, path: str, body: object = None) -> object:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"},
                                 method="GET" if body is None else "POST")  # fmt: skip
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_power_safe_is_a_flag_of_the_environment() -> None:
    from pitchside.core.errors import DataError
    from pitchside.web.settings import Settings

    assert Settings.from_env({}).power_safe is False
    assert Settings.from_env({"PITCHSIDE_WEB_POWER_SAFE": "1"}).power_safe is True
    assert Settings.from_env({"PITCHSIDE_WEB_POWER_SAFE": "no"}).power_safe is False
    with pytest.raises(DataError, match=r"PITCHSIDE_WEB_POWER_SAFE.*'maybe' is not 0 or 1"):
        Settings.from_env({"PITCHSIDE_WEB_POWER_SAFE": "maybe"})


def test_the_search_processes_end_with_the_server(tmp_path: Path) -> None:
    """IS-MCTS bots think in worker processes (web/bots.py); stopping the server ends them, mid-search too."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _serve("--port", str(port), env=_env(tmp_path))
    try:
        end = time.monotonic() + 60
        while True:
            try:
                _call(base, "/api/games")
                break
            except OSError:
                assert time.monotonic() < end and proc.poll() is None
                time.sleep(0.1)
        rid = _call(base, "/api/rooms", {"game": "sonic-cup", "seats": 2, "seed": 1})["id"]  # type: ignore[index]
        for seat in (0, 1):
            _call(base, f"/api/rooms/{rid}/seats/{seat}/bot", {"kind": "ismcts", "budget": 2000})
        _call(base, f"/api/rooms/{rid}/start", {})
        while not (workers := _children(proc.pid)):  # the first search starts the worker processes
            assert time.monotonic() < end and proc.poll() is None
            time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    end = time.monotonic() + 30
    while alive := {p for p in workers if Path(f"/proc/{p}").exists() and "zombie" not in _state(p)}:
        assert time.monotonic() < end, f"worker processes {alive} outlived the server"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"
