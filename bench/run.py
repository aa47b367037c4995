"""pitchside benchmarks (`make bench`, or `.venv/bin/python bench/run.py [--quick] [--compare-only]`).

First, issue 7's side-by-side check (bench/peers.py): random full-game play per decision at 2 seats
against RLCard's UNO game loop and OpenSpiel's hearts, in this process. Then, for every registered
game: random-play throughput at the fewest and the most seats, and the cost of clone() and
determinize() on mid-game states. Last, issue 7's targets in one block. Each figure is printed
next to its target (bench/README.md); nothing here asserts: tests never time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
import timeit
from collections.abc import Callable

from peers import TARGET_CLONE_US, TARGET_FRIENDLIES, compare, print_targets

from pitchside.agents.base import Observation, RandomAgent
from pitchside.agents.ismcts import ISMCTSAgent
from pitchside.core.game import Game, State
from pitchside.core.registry import GAMES, load_game
from pitchside.core.rng import Rng
from pitchside.sim.match import play_match

TARGET_DECISIONS = 100_000  # per second, per core, random play
# My World Cup matches are ~10 decisions, so its issue states its target in matches instead.
TARGET_MATCHES = {"my-world-cup": TARGET_FRIENDLIES}  # friendly matches per second, per core, random play


def random_play(game: Game, seats: int, matches: int) -> tuple[float, int]:
    """Seconds and decisions for ``matches`` random matches through the bare protocol."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(matches):
        st = game.new_state({"seats": seats}, seed)
        rng = Rng(seed + 1)
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
            decisions += 1
    return time.perf_counter() - start, decisions


def loop_play(game: Game, seats: int, matches: int) -> float:
    """Seconds for ``matches`` matches through the game loop (agents, observations, the record)."""
    agents = [RandomAgent() for _ in range(seats)]
    start = time.perf_counter()
    for seed in range(matches):
        play_match(game, agents, {"seats": seats}, seed)
    return time.perf_counter() - start


def mid_game_states(game: Game, seats: int, count: int) -> list[State]:
    """States a third and two thirds of the way through random matches."""
    out: list[State] = []
    for seed in range(count):
        st = game.new_state({"seats": seats}, 1000 + seed)
        rng, history = Rng(seed), [st.clone()]
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.below(len(legal))])
            history.append(st.clone())
        out += [history[len(history) // 3], history[2 * len(history) // 3]]
    return out


def micro(states: list[State], make: Callable[[State], Callable[[], object]], number: int) -> float:
    """Median over states of the best-of-3 time per call, in microseconds."""
    per_state = [min(timeit.repeat(make(st), number=number, repeat=3)) / number * 1e6 for st in states]
    return statistics.median(per_state)


def ismcts_rate(game_id: str, states: list[State], iterations: int) -> float:
    """IS-MCTS iterations per second, searching from each state's current decision, as players meet it
    (the game's SearchGuide; bench/ismcts_rate.py compares it with OpenSpiel's)."""
    agent = ISMCTSAgent.for_game(game_id, iterations=iterations)
    rng = Rng(3)
    done, secs = 0, 0.0
    for st in states:
        seat = st.decision().seat
        if seat is None:
            continue
        obs = Observation(st, seat, st.legal_actions(seat))
        start = time.perf_counter()
        agent.search(obs, rng)
        secs += time.perf_counter() - start
        done += agent.last_iterations
    return done / secs if secs else 0.0


def verdict(ok: bool) -> str:
    return "ok" if ok else "BELOW TARGET"


def clone_figures(game: Game, seat_counts: list[int], quick: bool) -> dict[int, float]:
    """clone() µs on mid-game states, by seat count."""
    number = 500 if quick else 3000
    return {
        seats: micro(mid_game_states(game, seats, 3 if quick else 10), lambda st: st.clone, number)
        for seats in seat_counts
    }


def bench_game(game_id: str, quick: bool) -> dict[int, float]:
    """Print the game's figures; returns clone() µs by seat count."""
    game = load_game(game_id)
    entry = GAMES[game_id]
    print(f"\n{game.id} — {game.name}, rules {game.version}")
    matches = 20 if quick else 200
    for seats in sorted({min(entry.seat_counts), max(entry.seat_counts)}):
        random_play(game, seats, 2)  # warm up: caches, imports
        secs, decisions = random_play(game, seats, matches)
        loop_secs = loop_play(game, seats, max(5, matches // 4))
        dps, mps = decisions / secs, matches / secs
        if game.id in TARGET_MATCHES:
            want = TARGET_MATCHES[game.id]
            target = f"target >= {want:,} matches/s: {verdict(mps >= want)}"
        else:
            target = f"target >= {TARGET_DECISIONS:,} decisions/s: {verdict(dps >= TARGET_DECISIONS)}"
        print(
            f"  random play, {seats:>2} seats: {mps:8.1f} matches/s  {dps:10,.0f} decisions/s"
            f"  ({decisions / matches:.0f} decisions/match)   {target}"
        )
        print(f"      through play_match (agents, record): {max(5, matches // 4) / loop_secs:8.1f} matches/s")
    lo, hi = min(entry.seat_counts), max(entry.seat_counts)
    number = 500 if quick else 3000
    rng = Rng(7)
    clone_us: list[float] = []
    det_us: list[float] = []
    for seats in sorted({lo, hi}):
        states = mid_game_states(game, seats, 3 if quick else 10)
        clone_us.append(micro(states, lambda st: st.clone, number))
        det_us.append(micro(states, lambda st: lambda: st.determinize(0, rng), number // 5))
    at = " / ".join(f"{s} seats" for s in sorted({lo, hi}))
    print(
        f"  clone():       {' / '.join(f'{x:6.2f}' for x in clone_us)} µs at {at}"
        f"   target <= {TARGET_CLONE_US:g} µs: {verdict(max(clone_us) <= TARGET_CLONE_US)}"
    )
    print(
        f"  determinize(): {' / '.join(f'{x:6.2f}' for x in det_us)} µs at {at}"
        "   (no stated target; IS-MCTS pays it once per iteration)"
    )
    rates = [
        ismcts_rate(game.id, mid_game_states(game, seats, 2 if quick else 5), 50 if quick else 200)
        for seats in sorted({lo, hi})
    ]
    print(
        f"  IS-MCTS:       {' / '.join(f'{x:6,.0f}' for x in rates)} iterations/s at {at}"
        "   (the guided agent; bench/ismcts_rate.py: against OpenSpiel's)"
    )
    return dict(zip(sorted({lo, hi}), clone_us, strict=True))


TARGET_TOURNAMENTS = 60  # per minute: a whole bot-only World Cup in under a second


def bench_worldcup(quick: bool) -> None:
    """Whole bot-only My World Cup tournaments (63 matches, heuristic bots) per minute, in memory and stored
    match by match in SQLite (one transaction per match), as `pitchside worldcup sim` does."""
    import tempfile

    from pitchside.games.my_world_cup.game import GAME
    from pitchside.games.my_world_cup.tournament import WorldCup
    from pitchside.sim.worldcup import Played, bots, play_all
    from pitchside.store.db import open_db
    from pitchside.store.tournaments import create, save_match

    n = 3 if quick else 20
    agents = bots()
    play_all(WorldCup.new(10_000), agents)  # warm up
    start = time.perf_counter()
    for seed in range(n):
        play_all(WorldCup.new(seed), agents)
    per_min = n / (time.perf_counter() - start) * 60
    with tempfile.TemporaryDirectory() as d:
        db = open_db(f"sqlite:///{d}/bench.sqlite3")
        m = max(2, n // 4)
        start = time.perf_counter()
        for seed in range(m):
            cup = WorldCup.new(seed)
            tid = create(db, name="bench", game=GAME.id, seed=seed, config={}, snapshot=cup.to_json())

            def store(p: Played, cup: WorldCup = cup, tid: int = tid) -> None:
                save_match(db, tid, p.row(), cup.to_json(), finished=cup.is_over())

            play_all(cup, agents, after=store)
        stored_per_min = m / (time.perf_counter() - start) * 60
    print("\nmy-world-cup tournaments — the 2010 World Cup, 63 matches, heuristic bots")
    print(
        f"  whole tournaments: {per_min:8.1f} /min in memory   target >= {TARGET_TOURNAMENTS}/min: "
        f"{verdict(per_min >= TARGET_TOURNAMENTS)}"
    )
    print(f"      stored match by match in SQLite: {stored_per_min:8.1f} /min")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="pitchside benchmarks: figures next to their targets")
    ap.add_argument("--quick", action="store_true", help="fewer matches and repetitions (a few seconds)")
    ap.add_argument("--game", action="append", help="only this game (id or alias); repeatable")
    ap.add_argument(
        "--compare-only", action="store_true", help="only the side-by-side check against the peers, and clone()"
    )
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time the comparison in this process's CPU time, not wall time (a machine others share)",
    )
    args = ap.parse_args(argv)
    ids = [load_game(g).id for g in args.game] if args.game else list(GAMES)
    print(
        f"pitchside bench — Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, one process{', --quick' if args.quick else ''}; {load_text()}"
    )
    # The comparison runs first, in a fresh process, before the other figures churn the heap.
    clock = time.process_time if args.cpu else time.perf_counter
    peers, mine = compare([load_game(g) for g in ids if 2 in GAMES[g].seat_counts], args.quick, clock)
    clones: dict[str, dict[int, float]] = {}
    for game_id in ids:
        if args.compare_only:
            clones[game_id] = clone_figures(load_game(game_id), [2], args.quick)
        else:
            clones[game_id] = bench_game(game_id, args.quick)
    if "my-world-cup" in ids and not args.compare_only:
        bench_worldcup(args.quick)
    print_targets(peers, mine, clones)
    print(f"\n{load_text()} at the end")
    return 0


def load_text() -> str:
    """The load average (1, 5, 15 min): figures from a machine others are using mean less."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


if __name__ == "__main__":
    sys.exit(main())
