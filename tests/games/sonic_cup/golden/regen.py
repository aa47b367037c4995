"""Regenerate the Sonic Cup golden replays, on purpose only (see README.md in this folder).

    .venv/bin/python tests/games/sonic_cup/golden/regen.py           # rewrite every file
    .venv/bin/python tests/games/sonic_cup/golden/regen.py --check   # only report what would change

Each file is the record of a seeded match played by RandomAgent at every seat through the one
game loop (pitchside.sim.match.play_match); its header alone is enough to play it again.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, for `tests`
    sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from tests.golden_support import Golden, regen

HERE = Path(__file__).resolve().parent
GAME_ID = "sonic-cup"
# (seats, seed): short random matches, about 1,800 lines in all.
SEEDS: tuple[tuple[int, int], ...] = ((2, 95), (4, 282), (8, 140), (10, 198))


def header(seats: int, seed: int) -> dict[str, Any]:
    """The header a new golden record starts from (play_match fills in the full config)."""
    return {"game": GAME_ID, "config": {"seats": seats}, "seed": seed, "players": ["random"] * seats}


GOLDEN: tuple[Golden, ...] = tuple(
    Golden(HERE / f"{GAME_ID}-{seats}p-seed{seed}.jsonl", header(seats, seed)) for seats, seed in SEEDS
)


def main(argv: list[str] | None = None) -> int:
    return regen(GOLDEN, HERE, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
