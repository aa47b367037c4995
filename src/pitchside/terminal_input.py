"""Safe keyboard input for the terminal (issue 8): nothing typed ahead lands on a later decision,
leaving asks first, and the screen can wait for a key.

At a real terminal, whatever was typed before a prompt appeared is discarded (``termios.tcflush``)
just before the prompt is read: a line typed for one decision is never used at a later one. Piped
input (tests, scripts) is read as it comes and echoed, so a transcript reads like a session; pauses
are skipped there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console


def discard_typeahead() -> None:
    """Throw away input typed before the prompt (a terminal only; pipes and files are left alone)."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no termios (Windows) or no usable stdin
        pass


class Keyboard:
    """Reads lines for one person. ``read`` replaces the console (tests); then nothing is flushed or paused."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self._read = read
        self.interactive = read is None and sys.stdin.isatty()

    def line(self, prompt: str) -> str:
        """One line typed after the prompt appeared. EOFError / KeyboardInterrupt pass through."""
        if self._read is not None:
            return self._read(prompt)
        discard_typeahead()
        text = self.console.input(prompt)
        if not sys.stdin.isatty():  # typed ahead or piped: echo it, so a transcript reads like a session
            self.console.print(text, markup=False, highlight=False)
        return text

    def confirm(self, question: str) -> bool:
        """Yes or no (default no). The input ending, or Ctrl-C, counts as yes: nobody is left to ask."""
        try:
            answer = self.line(f"{question} [bold](y/N)[/] ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return True
        return answer.strip().lower() in ("y", "yes", "是", "好")

    def pause(self, message: str) -> None:
        """Wait for Enter at a terminal, saying why; piped input never waits (nothing to read it with)."""
        if not self.interactive:
            return
        try:
            self.line(f"{message} [dim](Enter)[/] ")
        except EOFError:
            self.console.print()
