"""Where random play spends its time: cProfile over random full games at 2 seats, the same loop as
the peer comparison (bench/peers.py), one table per game.

    .venv/bin/python bench/prof.py [--game ID] [--seconds S] [--top N] [--sort cumulative|tottime]

Percentages are of the whole driving loop (the first row); cProfile's own overhead inflates many
small calls, so read them as shares, and check changes in time with bench/run.py.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

from peers import ours

from pitchside.core.registry import GAMES, load_game

SRC = str(Path(__file__).resolve().parent.parent / "src") + "/"


def where(file: str, line: int, name: str) -> str:
    if file.startswith(SRC):
        file = file[len(SRC) :]
    elif "/site-packages/" in file or "/lib/python" in file:
        file = file.rsplit("/", 1)[-1]
    return f"{file}:{line}({name})" if line else f"{name}"


def profile_game(game_id: str, seconds: float, top: int, sort: str) -> None:
    game = load_game(game_id)
    play = ours(game, 2)
    play(1)  # warm up
    games = 1
    while True:
        start = time.perf_counter()
        play(games)
        if time.perf_counter() - start >= seconds:
            break
        games *= 2
    prof = cProfile.Profile()
    prof.enable()
    decisions, _ = play(games)
    prof.disable()
    raw = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    total = max(ct for _cc, _nc, _tt, ct, _callers in raw.values())  # the driving loop, all of it
    key = 3 if sort == "cumulative" else 2
    rows = sorted(raw.items(), key=lambda kv: kv[1][key], reverse=True)
    print(f"\n{game_id}, 2 seats: {games} random games, {decisions:,} decisions, profiled {total:.2f} s")
    print(f"  {'cum %':>6} {'own %':>6} {'calls/dec':>9}  function")
    for (file, line, name), (_cc, nc, tt, ct, _callers) in rows[:top]:
        print(f"  {ct / total:6.1%} {tt / total:6.1%} {nc / decisions:9.2f}  {where(file, line, name)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="cProfile of random play at 2 seats, per game")
    ap.add_argument("--game", action="append", help="only this game (id or alias); repeatable")
    ap.add_argument("--seconds", type=float, default=1.0, help="unprofiled length of the games profiled")
    ap.add_argument("--top", type=int, default=25, help="rows per game")
    ap.add_argument("--sort", choices=["cumulative", "tottime"], default="cumulative")
    args = ap.parse_args(argv)
    ids = [load_game(g).id for g in args.game] if args.game else [g for g in GAMES if 2 in GAMES[g].seat_counts]
    for game_id in ids:
        profile_game(game_id, args.seconds, args.top, args.sort)
    return 0


if __name__ == "__main__":
    sys.exit(main())
