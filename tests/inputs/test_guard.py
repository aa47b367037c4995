"""No exception reaches a CLI user as a traceback; PITCHSIDE_DEBUG=1 lets it through for debugging;
`import pitchside` exports the errors and stays light."""

from __future__ import annotations

import errno
import subprocess
import sys

import pytest

from pitchside.core import registry
from tests.inputs.helpers import assert_one_line_error, run


def _boom(exc: BaseException) -> object:
    def load_game(name: str) -> object:
        raise exc

    return load_game


@pytest.mark.parametrize(
    ("exc", "code", "text"),
    [
        (RuntimeError("a bug"), 1, "internal error: RuntimeError: a bug"),
        (OSError(errno.ENOSPC, "No space left on device", "/data/x"), 2, "/data/x: No space left on device"),
        (PermissionError(errno.EACCES, "Permission denied", "/data"), 2, "/data: Permission denied"),
        (RecursionError("maximum recursion depth exceeded"), 2, "nested too deeply"),
    ],
)
def test_a_stray_exception_is_one_line_and_a_nonzero_exit(
    monkeypatch: pytest.MonkeyPatch, exc: BaseException, code: int, text: str
) -> None:
    monkeypatch.setattr(registry, "load_game", _boom(exc))
    got, _, err = run("simulate", "sonic-cup", "--games", "1")
    assert got == code
    assert_one_line_error(got, err, text)


def test_pitchside_debug_lets_the_exception_through(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from pitchside.cli import app

    monkeypatch.setattr(registry, "load_game", _boom(RuntimeError("a bug")))
    result = CliRunner().invoke(app, ["simulate", "sonic-cup"], env={"PITCHSIDE_DEBUG": "1"})
    assert isinstance(result.exception, RuntimeError)


def test_main_is_a_safety_net_around_any_app(capsys: pytest.CaptureFixture[str]) -> None:
    """guarded_main catches what escapes even an unguarded Typer app (exit 1, one line)."""
    import typer

    from pitchside.cli_errors import guarded_main

    bare = typer.Typer()

    @bare.command()
    def crash() -> None:
        raise KeyError("x")

    monkey_argv = ["pitchside"]
    old, sys.argv = sys.argv, monkey_argv
    try:
        with pytest.raises(SystemExit) as exit_info:
            guarded_main(bare)
    finally:
        sys.argv = old
    assert exit_info.value.code == 1
    assert_one_line_error(1, capsys.readouterr().err, "internal error: KeyError")


def test_import_pitchside_exports_the_errors_and_stays_light() -> None:
    code = (
        "import sys, pitchside\n"
        "from pitchside import DataError, IllegalAction, InvalidAction\n"
        "from pitchside.core import errors\n"
        "assert (DataError, IllegalAction, InvalidAction) == (errors.DataError, errors.IllegalAction, "
        "errors.InvalidAction)\n"
        "heavy = ('rich', 'typer', 'sqlalchemy', 'pydantic', 'pitchside.games')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_shipped_program_has_no_kill_switch() -> None:
    """Crash-safety is tested from outside (tests/killhook.py, tests/test_cli_worldcup.py): no test hook ships."""
    from pathlib import Path

    import pitchside

    root = Path(pitchside.__file__).parent
    offenders = [
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if any(word in p.read_text(encoding="utf-8") for word in ("SIGKILL", "PITCHSIDE_TEST_"))
    ]
    assert offenders == []
