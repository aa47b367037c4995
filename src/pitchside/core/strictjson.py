"""Reading JSON a stranger wrote: bounded in size, UTF-8, no NaN, no duplicate keys, no lone surrogates,
nothing nested deeper than our files ever need. Every error is a DataError naming the file and line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pitchside.core.errors import DataError

MAX_DEPTH = 32  # a setup or an outcome is a few levels deep; a thousand is an attack on the parser
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def read_bytes(path: str | Path, limit: int, what: str) -> bytes:
    """At most ``limit`` bytes of a file (a stream is read up to the limit, never without bound)."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise DataError(str(p), None, None, f"cannot read: {e.strerror}") from None
    if len(raw) > limit:
        raise DataError(str(p), None, None, f"larger than {limit // 2**20} MiB: not {what}")
    return raw


def decode(raw: bytes, source: str) -> str:
    """UTF-8 text, or a DataError naming the line and column of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        column = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise DataError(source, line, None, f"not UTF-8 text (byte 0x{raw[e.start]:02x} at column {column})") from None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key {k!r} appears twice")
        out[k] = v
    return out


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def depth(obj: Any) -> int:
    """How deeply lists and objects nest in ``obj`` (without recursion)."""
    deepest, todo = 0, [(obj, 1)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, dict | list):
            deepest = max(deepest, d)
            todo.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return deepest


def loads(text: str, source: str, line: int | None = None) -> Any:
    """One JSON value, read strictly. ``line``: the file line ``text`` is (one JSON Lines line), else the
    error names the line inside ``text`` where the parser knows it."""

    def where(inner: int | None) -> int | None:
        return line if line is not None else inner

    try:
        obj = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise DataError(source, where(e.lineno), None, f"not valid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise DataError(source, where(_deep_line(text)), None, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:  # a duplicate key, NaN, an integer of thousands of digits
        long = _LONG_NUMBER.search(text) if "digits" in str(e) else None
        at = text.count("\n", 0, long.start()) + 1 if long else None
        raise DataError(source, where(at), None, f"not valid here: {e}") from None
    if _SURROGATE.search(text):
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise DataError(source, where(None), None, "a string holds a lone surrogate: not valid Unicode") from None
    if depth(obj) > MAX_DEPTH:
        raise DataError(source, where(_deep_line(text)), None, f"nested deeper than {MAX_DEPTH} levels")
    return obj


_LONG_NUMBER = re.compile(r"\d{4301,}")  # longer than Python converts (sys.get_int_max_str_digits)


def _deep_line(text: str) -> int | None:
    """The line where lists and objects first nest deeper than MAX_DEPTH (brackets outside strings)."""
    level, in_string, escaped = 0, False, False
    for i, ch in enumerate(text):
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > MAX_DEPTH:
                return text.count("\n", 0, i) + 1
        elif ch in "]}":
            level -= 1
    return None
