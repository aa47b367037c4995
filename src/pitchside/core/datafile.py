"""Reading the games' TOML data files: every error names the file, the line and the field."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from pitchside.core.errors import DataError
from pitchside.core.locate import toml_array_line


def read_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(str(path), None, None, f"cannot read: {e.strerror}") from None


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
