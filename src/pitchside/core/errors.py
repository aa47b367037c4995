"""The errors every game raises, so callers can tell bad text from a bad move."""

from __future__ import annotations


class PitchsideError(Exception):
    """Base of every error pitchside raises on purpose."""


class InvalidAction(PitchsideError, ValueError):
    """Text that does not parse as an action of this game (notation error)."""


class InvalidSeat(PitchsideError, ValueError):
    """A seat that is none of the match's (0.0, True, "0", 9) given to ``view`` or ``determinize``."""


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
    """A record that does not replay: ``index`` is the 0-based move (-1: the header, len(moves): the end
    line), ``line`` its file line, ``field`` the header or end-line field at fault (None for a move)."""

    def __init__(
        self, index: int, line: int | None, message: str, *, file: str | None = None, field: str | None = None
    ) -> None:
        where = [f"{file}:{line}" if file and line is not None else file or (f"line {line}" if line else "")]
        what = f"field {field!r}" if field else f"move {index + 1}" if index >= 0 else ""
        super().__init__(": ".join(x for x in [*where, what, message] if x))
        self.index = index
        self.line = line
        self.file = file
        self.field = field
        self.message = message
