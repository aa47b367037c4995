"""Read a setup (docs/notation.md, "Setup notation") from JSON text or a file.

A game's ``from_setup`` names the bad field of a malformed setup; here the error also gets the
line of that field in the file, so ``scenario.json:14: field 'hands.2': ...`` points at it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pitchside.core.errors import DataError
from pitchside.core.game import Game, State
from pitchside.core.locate import json_line


def load_setup(game: Game, path: str | Path) -> State:
    """The state a setup file describes; a DataError names the file, line and field."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(str(p), None, None, f"cannot read: {e.strerror}") from None
    return loads_setup(game, text, str(p))


def loads_setup(game: Game, text: str, source: str = "<setup>") -> State:
    """The state a setup in JSON text describes; a DataError names ``source``, line and field."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(source, e.lineno, None, f"not valid JSON: {e.msg} (column {e.colno})") from None
    if not isinstance(obj, dict):
        raise DataError(source, json_line(text, []), None, "a setup is a JSON object")
    try:
        return game.from_setup(obj, source)
    except DataError as e:
        if e.file != source or e.line is not None or not e.field:
            raise
        raise DataError(source, field_line(text, obj, e.field), e.field, e.message) from None


def field_line(text: str, obj: Any, field: str) -> int | None:
    """Line of a dotted field (``hands.2``, ``seats``) in the JSON ``text`` that parsed to ``obj``.

    The field is looked up at the top and, failing that, inside ``config``; when only a prefix
    exists (a card missing from ``hands.2``), the line of that prefix.
    """
    parts: list[str | int] = [int(p) if p.isdigit() else p for p in field.split(".")]
    best = _existing(obj, parts)
    if len(best) < len(parts) and len(_existing(obj, ["config", *parts])) == len(parts) + 1:
        best = ["config", *parts]
    return json_line(text, best) if best else None


def _existing(obj: Any, path: list[str | int]) -> list[str | int]:
    """The longest prefix of ``path`` that exists in ``obj``."""
    found: list[str | int] = []
    for key in path:
        in_dict = isinstance(obj, dict) and isinstance(key, str) and key in obj
        in_list = isinstance(obj, list) and isinstance(key, int) and 0 <= key < len(obj)
        if not (in_dict or in_list):
            break
        obj = obj[key]
        found.append(key)
    return found


def scalar_mismatch(value: Any, blank: Any) -> str | None:
    """Why ``value`` cannot fill a setup field whose blank value is ``blank`` (None if it can)."""
    if isinstance(blank, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(blank, int):
        return None if isinstance(value, int) and not isinstance(value, bool) else "must be an integer"
    if isinstance(blank, str):
        return None if isinstance(value, str) else "must be a string"
    return None
