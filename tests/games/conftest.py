"""The games' tests name data files of their own, as a user names them on the command line: the test data
directories and each test's own ``tmp_path`` are trusted data (core/datafile.py). What a config, a record
or a setup may read without that is tested in tests/inputs/test_data_files.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchside.core.datafile import trust_data, trusted_data

trust_data(*Path(__file__).parent.glob("*/data"))  # e.g. my_world_cup/data/teams.toml, the test teams


@pytest.fixture(autouse=True)
def _trust_the_tests_own_files(request: pytest.FixtureRequest) -> Iterator[None]:
    if "tmp_path" not in request.fixturenames:
        yield
        return
    with trusted_data(request.getfixturevalue("tmp_path")):
        yield
