"""The errors every game raises, so callers can tell bad text from a bad move."""

from __future__ import annotations


class PitchsideError(Exception):
    """Base of every error pitchside raises on purpose."""


class InvalidAction(PitchsideError, ValueError):
    """Text that does not parse as an action of this game (notation error)."""


class IllegalAction(PitchsideError):
    """A well-formed action that the rules do not allow now.

    ``rule`` is the rulebook ID the action breaks (e.g. ``SC-PK-3a``); the state is unchanged.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class DataError(PitchsideError, ValueError):
    """A malformed data, setup or record file; says which file, line and field."""

    def __init__(self, file: str, line: int | None, field: str | None, message: str) -> None:
        where = file if line is None else f"{file}:{line}"
        what = f" field {field!r}:" if field else ""
        super().__init__(f"{where}:{what} {message}")
        self.file = file
        self.line = line
        self.field = field
        self.message = message


class ReplayError(PitchsideError):
    """A record that does not replay: ``index`` is the 0-based move, ``line`` its file line."""

    def __init__(self, index: int, line: int | None, message: str) -> None:
        where = f"move {index + 1}" + (f" (line {line})" if line is not None else "")
        super().__init__(f"{where}: {message}")
        self.index = index
        self.line = line
        self.message = message
