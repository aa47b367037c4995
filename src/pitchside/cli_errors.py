"""The last line of defence of the ``pitchside`` command: no exception reaches a user as a traceback.

Every command runs inside :class:`GuardedGroup`, so an error nobody turned into a message on purpose
still ends as one line on stderr and a non-zero exit (2: bad input, files or environment; 1: anything
else). ``PITCHSIDE_DEBUG=1`` lets the exception through, traceback and all, for whoever debugs.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup
from typer.exceptions import Abort, Exit, TyperException

DEBUG = "PITCHSIDE_DEBUG"
PREFIX = "pitchside: error: "


def debugging() -> bool:
    return os.environ.get(DEBUG, "") not in ("", "0")


def describe(e: BaseException) -> tuple[str, int]:
    """One line for the user and the exit code."""
    from pitchside.core.errors import PitchsideError

    if isinstance(e, PitchsideError):
        return _one_line(str(e)), 2
    if isinstance(e, OSError):
        what = e.strerror or str(e) or type(e).__name__
        if e.errno == errno.ENOSPC:
            what += " (free some space and run it again: nothing stored so far is lost)"
        where = f"{e.filename}: " if e.filename else ""
        return _one_line(f"{where}{what}"), 2
    if type(e).__module__.startswith("sqlalchemy"):  # sqlalchemy is never imported here for this
        orig = getattr(e, "orig", None)
        return _one_line(f"database error: {orig if orig is not None else e}"), 2
    if isinstance(e, RecursionError):
        return "the input is nested too deeply", 2
    if isinstance(e, MemoryError):
        return "out of memory", 1
    return _one_line(f"internal error: {type(e).__name__}: {e} (set {DEBUG}=1 to see where)"), 1


def _one_line(text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else text
    return first[:500]


def report(e: BaseException) -> int:
    message, code = describe(e)
    typer.echo(PREFIX + message, err=True)
    return code


class GuardedGroup(TyperGroup):
    """The top-level command group: runs the command and turns any stray exception into one line."""

    def invoke(self, ctx: Any) -> Any:
        from pitchside.core.datafile import trust_scope

        try:
            with trust_scope():  # files named on this command line are trusted for this command only
                return super().invoke(ctx)
        except (Exit, Abort, TyperException):
            raise
        except KeyboardInterrupt:  # Typer would exit 130 with a blank line: say what happened
            typer.echo("\npitchside: interrupted", err=True)
            raise Exit(130) from None
        except Exception as e:
            if debugging():
                raise
            raise Exit(report(e)) from None


def guarded_main(app: typer.Typer) -> None:
    """Run ``app`` as the ``pitchside`` program (the safety net around the group's own guard)."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("\npitchside: interrupted", err=True)
        sys.exit(130)
    except Exception as e:
        if debugging():
            raise
        sys.exit(report(e))
