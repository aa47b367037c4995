"""Reading the games' TOML data files: every error names the file, the line and the field.

Which files may be read at all: a config (and so a record or a setup, written by anyone) may name a data
file, so a name is honoured only for the game's own packaged data and for the paths the user named
(the command line calls :func:`trust_data`; a program or test uses :func:`trusted_data`). The file must
be a regular file under :data:`MAX_DATA_BYTES`, and it is read once, through one descriptor: a record
naming ``/dev/zero``, ``/dev/stdin``, a fifo or ``/etc/shadow`` is refused, naming the config field.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from pitchside.core.errors import DataError
from pitchside.core.locate import toml_array_line

MAX_DATA_BYTES = 4 * 1024 * 1024
_TRUSTED: list[Path] = []  # resolved files or directories the user named; a directory covers what is inside


def _resolve(path: str | Path) -> Path:
    return Path(os.path.abspath(path)).resolve()


def trust_data(*paths: str | Path) -> None:
    """Allow data files at these paths (a directory: everything inside it) for the rest of the process."""
    _TRUSTED.extend(_resolve(p) for p in paths)


@contextmanager
def trusted_data(*paths: str | Path) -> Iterator[None]:
    """Allow data files at these paths while the block runs."""
    added = [_resolve(p) for p in paths]
    _TRUSTED.extend(added)
    try:
        yield
    finally:
        for p in added:
            _TRUSTED.remove(p)


@contextmanager
def trust_scope() -> Iterator[None]:
    """Whatever is trusted inside the block is forgotten after it (one command, one request)."""
    saved = list(_TRUSTED)
    try:
        yield
    finally:
        _TRUSTED[:] = saved


def data_file(path: str | Path | None, field: str, default: Path, source: str = "<config>") -> str:
    """The data file a config's ``field`` names (``default``, the game's own, when None), once it is known
    that it may be read: inside the game's own data directory (``default``'s) or trusted by the user."""
    if path is None or path == "":
        return str(default)
    if not isinstance(path, str | Path):
        raise DataError(source, None, field, "must be the path of a data file")
    real = _resolve(path)
    roots = [_resolve(default.parent), *_TRUSTED]
    if not any(real == r or real.is_relative_to(r) for r in roots):
        raise DataError(
            source, None, field,
            f"{str(path)!r} may not be read: a config, record or setup may name only the game's own data files "
            "and files named on the command line (e.g. `pitchside replay RECORD --data FILE`)",
        )  # fmt: skip
    return str(path)


def read_data(path: str | Path, field: str, default: Path) -> str:
    """The text of a data file :func:`data_file` allows, read once: a regular file, at most MAX_DATA_BYTES."""
    name = data_file(path, field, default)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):  # never open a device or a fifo at all
            raise DataError(name, None, None, "not a regular file")
        fd = os.open(name, flags)
    except OSError as e:
        raise DataError(name, None, None, f"cannot read: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # it changed since the stat above
            raise DataError(name, None, None, "not a regular file")
        if st.st_size > MAX_DATA_BYTES:
            raise DataError(name, None, None, f"larger than {MAX_DATA_BYTES // 2**20} MiB: not a data file")
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_DATA_BYTES:  # it grew while we read
                raise DataError(name, None, None, f"larger than {MAX_DATA_BYTES // 2**20} MiB: not a data file")
    except OSError as e:
        raise DataError(name, None, None, f"cannot read: {e.strerror}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise DataError(name, line, None, "not UTF-8 text") from None


def toml_error_line(e: tomllib.TOMLDecodeError) -> int | None:
    """The line a TOML syntax error points at ("... (at line 3, column 7)")."""
    line = getattr(e, "lineno", None)
    if isinstance(line, int):
        return line
    m = re.search(r"at line (\d+)", str(e))
    return int(m.group(1)) if m else None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(source, toml_error_line(e), None, f"not valid TOML: {e}") from None


class TomlTables:
    """A TOML file that holds an array of tables ``[[table]]``, one data row each."""

    def __init__(self, text: str, source: str, table: str, *, least: int = 1, only: bool = False) -> None:
        self.text, self.source, self.table = text, source, table
        doc = parse_toml(text, source)
        if only:
            extra = sorted(k for k in doc if k != table)
            if extra:
                raise DataError(source, None, extra[0], f"unknown top-level key; the file holds [[{table}]] tables")
        rows = doc.get(table)
        if not isinstance(rows, list) or len(rows) < least:
            need = f"[[{table}]] tables" if least <= 1 else f"at least {least} [[{table}]] tables"
            raise DataError(source, None, table, f"the file needs {need}")
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                self.fail(i, None, "must be a table")
        self.rows: list[dict[str, Any]] = rows

    def fail(self, i: int, key: str | None, message: str, sub: str = "") -> NoReturn:
        """Raise a DataError at row ``i`` (and ``key``, and a part ``sub`` of its value)."""
        line = toml_array_line(self.text, self.table, i, key)
        name = f"{self.table}[{i}]" + (f".{key}" if key else "") + (f".{sub}" if sub else "")
        raise DataError(self.source, line, name, message)
