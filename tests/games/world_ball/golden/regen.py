"""Regenerate the World Ball golden replays, on purpose only (see README.md in this folder).

    .venv/bin/python tests/games/world_ball/golden/regen.py           # rewrite every file
    .venv/bin/python tests/games/world_ball/golden/regen.py --check   # only report what would change

Each file is the record of a seeded match, character draft included, played by the World Ball
heuristic bot and RandomAgent through the one game loop (pitchside.sim.match.play_match); its
header alone is enough to play it again.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, for `tests`
    sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from tests.golden_support import Golden, regen

HERE = Path(__file__).resolve().parent
GAME_ID = "world-ball"
H, R = "heuristic", "random"
# seats: (seed, one agent per seat). Teams sit alternately (even seats A, odd seats B), so at 4 and 10
# seats each team has both kinds of player. About 900 lines in all.
SEEDS: dict[int, tuple[int, list[str]]] = {
    2: (47, [H, R]),
    4: (27, [H, R, R, H]),
    10: (16, [H] * 5 + [R] * 5),
}


def header(seats: int, seed: int, players: list[str]) -> dict[str, Any]:
    """The header a new golden record starts from (play_match fills in the full config)."""
    return {"game": GAME_ID, "config": {"seats": seats}, "seed": seed, "players": players}


GOLDEN: tuple[Golden, ...] = tuple(
    Golden(HERE / f"{GAME_ID}-{seats}p-seed{seed}.jsonl", header(seats, seed, players))
    for seats, (seed, players) in SEEDS.items()
)


def main(argv: list[str] | None = None) -> int:
    return regen(GOLDEN, HERE, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
