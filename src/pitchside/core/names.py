"""Names people give (a coach, a tournament) are user text: checked when stored, escaped when printed."""

from __future__ import annotations

from pitchside.core.errors import DataError


def check_name(value: object, field: str, limit: int, source: str = "<name>", *, empty: bool = False) -> str:
    """``value`` stripped, if it is a printable string of at most ``limit`` characters (and not empty,
    unless ``empty``); else a DataError naming ``field``."""
    if not isinstance(value, str):
        raise DataError(source, None, field, "must be a string")
    text = value.strip()
    if not text and not empty:
        raise DataError(source, None, field, "must not be empty")
    if len(text) > limit:
        raise DataError(source, None, field, f"{len(text)} characters: at most {limit}")
    if not text.isprintable():
        bad = next(c for c in text if not c.isprintable())
        raise DataError(source, None, field, f"must be printable text (it holds {bad!r})")
    return text
