"""What `pitchside --help` loads: the optional parts (web, lab, RL) and heavy libraries must stay out of it."""

from __future__ import annotations

import json
import subprocess
import sys

_HELP = (
    "import json, sys\n"
    "import pitchside\n"
    "sys.argv = ['pitchside', '--help']\n"
    "from pitchside.cli import main\n"
    "try:\n    main()\n"
    "except SystemExit as e:\n    assert not e.code, e.code\n"
    "print(json.dumps(sorted(sys.modules)))\n"
)


def help_loads(*packages: str) -> tuple[str, list[str]]:
    """`import pitchside` then `pitchside --help` in a fresh interpreter: the help text, and the modules it
    loaded that are any of ``packages`` or inside them."""
    out = subprocess.run([sys.executable, "-c", _HELP], capture_output=True, text=True, check=True).stdout
    text, _, modules = out.rstrip().rpartition("\n")
    loaded = [m for m in json.loads(modules) if any(m == p or m.startswith(p + ".") for p in packages)]
    return text, loaded
