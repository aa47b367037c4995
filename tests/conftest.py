"""Every test runs with its own data directory: `pitchside play` autosaves there, and nothing a test does
may touch the user's own ~/.local/share/pitchside."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("PITCHSIDE_DATA_DIR", str(d))
    return d
