"""Regenerate the Sonic Cup golden replays, on purpose only (see README.md in this folder).

    .venv/bin/python tests/games/sonic_cup/golden/regen.py           # rewrite every file
    .venv/bin/python tests/games/sonic_cup/golden/regen.py --check   # only report what would change

Each file is the record of a seeded match played by RandomAgent at every seat through the one
game loop (pitchside.sim.match.play_match); its header alone is enough to play it again.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path
from typing import Any

from pitchside.agents.base import make_agent
from pitchside.core.registry import load_game
from pitchside.sim.match import play_match

HERE = Path(__file__).resolve().parent
GAME_ID = "sonic-cup"
# (seats, seed): short random matches, about 1,800 lines in all.
GOLDEN: tuple[tuple[int, int], ...] = ((2, 75), (4, 45), (8, 32), (10, 260))


def path_for(seats: int, seed: int) -> Path:
    return HERE / f"{GAME_ID}-{seats}p-seed{seed}.jsonl"


def header(seats: int, seed: int) -> dict[str, Any]:
    """The header a new golden record starts from (play_match fills in the full config)."""
    return {"game": GAME_ID, "config": {"seats": seats}, "seed": seed, "players": ["random"] * seats}


def generate(head: dict[str, Any]) -> str:
    """Play the match a record header describes and return its record as JSON Lines."""
    game = load_game(head["game"])
    agents = [make_agent(name) for name in head["players"]]
    return play_match(game, agents, head["config"], head["seed"]).record.dumps()


def diff(stored: str, fresh: str, name: str, limit: int = 40) -> str:
    lines = list(difflib.unified_diff(stored.splitlines(), fresh.splitlines(), f"stored/{name}", f"now/{name}", n=1))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if any file would change")
    args = ap.parse_args(argv)
    changed = 0
    for seats, seed in GOLDEN:
        path = path_for(seats, seed)
        fresh = generate(header(seats, seed))
        stored = path.read_text(encoding="utf-8") if path.exists() else ""
        lines = len(fresh.splitlines())
        if fresh == stored:
            print(f"unchanged  {path.name} ({lines} lines)")
            continue
        changed += 1
        if args.check:
            print(f"WOULD CHANGE {path.name}\n{diff(stored, fresh, path.name)}")
        else:
            path.write_text(fresh, encoding="utf-8")
            print(f"{'rewrote' if stored else 'created'}    {path.name} ({lines} lines)")
    if changed and not args.check:
        print("Review the diff (git diff tests/games/sonic_cup/golden) before committing.")
    return 1 if changed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
