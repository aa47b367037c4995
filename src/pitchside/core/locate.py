"""Find the line of a field in JSON or TOML text, so data errors can name file, line and field."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

_WS = re.compile(r"[ \t\n\r]*")
_decoder = json.JSONDecoder()

Path = Sequence[str | int]


def _skip(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def json_line(text: str, path: Path) -> int | None:
    """1-based line where the value at ``path`` starts (the deepest part of it that exists)."""
    try:
        pos = _walk(text, _skip(text, 0), list(path))
    except (ValueError, IndexError):
        return None
    return text.count("\n", 0, pos) + 1


def _walk(text: str, i: int, path: list[str | int]) -> int:
    if not path:
        return i
    head, rest = path[0], path[1:]
    ch = text[i]
    if ch == "{":
        i = _skip(text, i + 1)
        while text[i] != "}":
            key, i = _decoder.raw_decode(text, i)
            i = _skip(text, i)
            i = _skip(text, i + 1)  # the colon
            if key == head:
                return _walk(text, i, rest)
            _, i = _decoder.raw_decode(text, i)
            i = _skip(text, i)
            if text[i] == ",":
                i = _skip(text, i + 1)
        return i
    if ch == "[" and isinstance(head, int):
        i = _skip(text, i + 1)
        n = 0
        while text[i] != "]":
            if n == head:
                return _walk(text, i, rest)
            _, i = _decoder.raw_decode(text, i)
            i = _skip(text, i)
            if text[i] == ",":
                i = _skip(text, i + 1)
            n += 1
        return i
    return i


def toml_array_line(text: str, table: str, index: int, key: str | None) -> int | None:
    """Line of ``key`` inside the ``index``-th ``[[table]]`` of TOML text (or of its header)."""
    header = re.compile(r"^\s*\[\[\s*" + re.escape(table) + r"\s*\]\]\s*(#.*)?$")
    key_re = re.compile(r"^\s*" + re.escape(key) + r"\s*=") if key else None
    seen = -1
    start: int | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if header.match(line):
            seen += 1
            if seen == index:
                start = n
                if key_re is None:
                    return n
            elif seen > index:
                break
            continue
        if start is not None and line.lstrip().startswith("["):
            break
        if start is not None and key_re is not None and key_re.match(line):
            return n
    return start
