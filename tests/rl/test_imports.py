"""The research interfaces stay optional: the package, its CLI and its help never load them."""

from __future__ import annotations

import subprocess
import sys

from tests.lazy_imports import help_loads

HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "pitchside.rl")


def test_import_and_help_load_no_rl_library() -> None:
    _, loaded = help_loads(*HEAVY)
    assert loaded == []


def test_playing_a_match_loads_no_rl_library() -> None:
    code = (
        "import sys\n"
        "from pitchside.core.registry import load_game\n"
        "g = load_game('sonic-cup')\n"
        "s = g.new_state({'seats': 2}, 0)\n"
        "s.apply(s.decision().seat, s.legal_actions(s.decision().seat)[0])\n"
        f"print('IMPORTED', sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "IMPORTED []" in out
