"""Autosaves of terminal matches (issue 8).

Every ``pitchside play`` match keeps its record (``core.record``: header and moves, then the outcome
when it ends) in ``matches/`` under the user's data directory, written again before each of the
person's decisions and when they leave. ``pitchside play --resume`` replays the newest one and goes on.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

SUFFIX = ".jsonl"


def data_dir() -> Path:
    """``PITCHSIDE_DATA_DIR``, else ``$XDG_DATA_HOME/pitchside`` (``~/.local/share/pitchside``)."""
    explicit = os.environ.get("PITCHSIDE_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pitchside"


def matches_dir() -> Path:
    return data_dir() / "matches"


def new_path(game_id: str, seed: int | None) -> Path:
    """A fresh autosave file name for a match starting now (it is made on the first save)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return matches_dir() / f"{stamp}-{game_id}-{seed}-{os.getpid()}{SUFFIX}"


def last() -> Path | None:
    """The newest autosave, or None."""
    d = matches_dir()
    if not d.is_dir():
        return None
    files = [p for p in d.iterdir() if p.suffix == SUFFIX and p.is_file() and not p.name.startswith(".")]
    return max(files, key=lambda p: (p.stat().st_mtime_ns, p.name), default=None)
