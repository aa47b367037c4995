"""The README's sample screens, taken from the real program in a pseudo-terminal (issue 8).

Each sample in README.md follows a marker ``<!-- screen 80x24: play sonic-cup --seed 7 | keys: 1 1 -->``: the
terminal's size, the ``pitchside`` arguments, and the answers typed at the prompts before the screen is taken
(Enter is pressed at every pause). The block after it is the last screen drawn before the next prompt, as
text. ``python tests/readme_screens.py`` rewrites the blocks from the program; the test checks them.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MARKER = re.compile(r"<!-- screen (\d+)x(\d+): (.*?) \| keys:(.*?)-->\n\n```text\n(.*?)```", re.S)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
CLEAR = "\x1b[2J"


@dataclass
class Sample:
    columns: int
    rows: int
    args: list[str]
    keys: list[str]
    shown: str  # the block in the README
    span: tuple[int, int]  # where the block is in the README text


def samples(text: str) -> list[Sample]:
    return [Sample(int(m[1]), int(m[2]), m[3].split(), m[4].split(), m[5], m.span(5)) for m in MARKER.finditer(text)]


def take(sample: Sample) -> str:
    """The screen the program draws for this sample, as the README shows it (the prompt line last)."""
    import pexpect

    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # the terminal's own size
        env.update({"PITCHSIDE_DATA_DIR": data, "TERM": "xterm", "NO_COLOR": "1", "LANG": "C.UTF-8"})
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
        child = pexpect.spawn(
            sys.executable, ["-c", "from pitchside.cli import main; main()", *sample.args], env=env,
            dimensions=(sample.rows, sample.columns), encoding="utf-8", timeout=60,
        )  # fmt: skip
        out = ""
        for key in [*sample.keys, None]:
            while child.expect(["your move ›", r"\(Enter\)"]) == 1:
                out += child.before + child.after
                child.sendline("")
            out += child.before + child.after
            if key is None:
                break
            child.sendline(key)
        child.terminate(force=True)
    lines = [line.rstrip() for line in ANSI.sub("", out.rsplit(CLEAR, 1)[-1]).split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines) + "\n"


def main() -> None:
    text = README.read_text(encoding="utf-8")
    for sample in reversed(samples(text)):
        a, b = sample.span
        text = text[:a] + take(sample) + text[b:]
    README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
