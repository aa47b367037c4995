"""Running `pitchside` for the input-hardening tests: in-process (CliRunner) or as a real program."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from pitchside.cli import app

MEMORY_LIMIT = 2 * 1024**3
BASE_ENV: dict[str, str | None] = {
    "COLUMNS": "160",
    "FORCE_COLOR": None,
    "NO_COLOR": "1",
    "PITCHSIDE_DEBUG": None,
    "PITCHSIDE_DATABASE_URL": None,
}


def run(*args: str, input: str | None = None, **env: str | None) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `pitchside ARGS` (CliRunner)."""
    result = CliRunner().invoke(app, list(args), input=input, env={**BASE_ENV, **env})
    return result.exit_code, result.stdout, result.stderr


def program(
    *args: str, input: str | None = None, timeout: float = 120, **env: str | None
) -> subprocess.CompletedProcess[str]:
    """`pitchside ARGS` as a process of its own: what a user at a shell sees."""
    full = dict(os.environ)
    for k, v in {**BASE_ENV, **env}.items():
        if v is None:
            full.pop(k, None)
        else:
            full[k] = v
    src = str(Path(__file__).resolve().parents[2] / "src")
    full["PYTHONPATH"] = src + os.pathsep + full.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "pitchside.cli", *args]
    return subprocess.run(
        command, input=input, env=full, capture_output=True, text=True, timeout=timeout, preexec_fn=_limit_memory
    )


def _limit_memory() -> None:
    """A runaway read (a regression of a bounded one) fails fast instead of eating the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def assert_one_line_error(code: int, err: str, *expected: str) -> None:
    """A clean refusal: non-zero exit, one `pitchside: error:` line naming what is wrong, no traceback."""
    assert code != 0, err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("pitchside: error: "), err
    for text in expected:
        assert text in lines[0], (text, err)
