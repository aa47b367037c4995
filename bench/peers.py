"""Issue 7's side-by-side speed check: random full-game play per decision, ours against two peers a
researcher would compare us with, in one process. bench/README.md explains the method.

Peers (the optional `bench` extra, `pip install -e '.[bench]'`; `make bench` installs it):
- RLCard's UNO game loop, 2 players: `UnoGame` driven directly (init_game, get_legal_actions, step,
  is_over), not the env wrapper and its feature encoding.
- OpenSpiel's C++ hearts (4 players, its only seat count) driven from Python: new_initial_state,
  legal_actions, apply_action; chance nodes (the deal, the passing direction) are sampled from
  chance_outcomes() in Python and their time counts, but only player decisions are counted.
Every side picks uniformly among the legal actions with Python's own random.Random(SEED), so the
driving overhead is the same; each measured call replays the same games from the same seeds.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from pitchside.core.game import Game

SEED = 20_240_707
# Play until the games of one calibration call take this long, then scale to the round length.
CALIBRATE_SECONDS = 0.05

# Issue 7's targets, as ratios peer µs/decision ÷ ours (> 1: we are faster), at 2 seats.
TARGET_VS_UNO = 1.3
TARGET_VS_HEARTS = 0.8

# play(games) -> (decisions, chance steps). The same count always replays the same games.
Play = Callable[[int], tuple[int, int]]


@dataclass
class Subject:
    key: str
    label: str
    play: Play
    games: int = 0
    decisions: int = 0
    chance: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def best_us(self) -> float:
        """µs per decision in the fastest round (noise on a shared machine only ever adds time)."""
        return min(self.seconds) / self.decisions * 1e6

    @property
    def median_us(self) -> float:
        return statistics.median(self.seconds) / self.decisions * 1e6

    @property
    def games_per_second(self) -> float:
        return self.games / min(self.seconds)


def ours(game: Game, seats: int) -> Play:
    """Random play through the bare protocol: decision(), legal_actions(), apply()."""

    def play(games: int) -> tuple[int, int]:
        pick = random.Random(SEED).randrange
        decisions = 0
        for seed in range(games):
            st = game.new_state({"seats": seats}, seed)
            while not st.is_over():
                seat = st.decision().seat
                assert seat is not None
                legal = st.legal_actions(seat)
                st.apply(seat, legal[pick(len(legal))])
                decisions += 1
        return decisions, 0

    return play


def rlcard_uno() -> tuple[str, Play] | str:
    """RLCard's UNO game loop at 2 players, or why it cannot run here."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError as exc:
        return f"RLCard UNO skipped, the bench extra is not installed ({exc})"
    label = f"RLCard {metadata.version('rlcard')} UNO, 2 players"

    def play(games: int) -> tuple[int, int]:
        pick = random.Random(SEED).randrange
        uno: Any = UnoGame(num_players=2)
        # The dealer and the round take the game's generator at init_game: seeding it once per
        # call replays the same deals without paying for a new generator every game.
        uno.np_random = np.random.RandomState(SEED % 2**32)
        decisions = 0
        for _ in range(games):
            uno.init_game()
            while not uno.is_over():
                legal = uno.get_legal_actions()
                uno.step(legal[pick(len(legal))])
                decisions += 1
        return decisions, 0

    return label, play


def openspiel_hearts() -> tuple[str, Play] | str:
    """OpenSpiel's C++ hearts driven from Python, or why it cannot run here."""
    try:
        import pyspiel
    except ImportError as exc:
        return f"OpenSpiel hearts skipped, the bench extra is not installed ({exc})"
    hearts: Any = pyspiel.load_game("hearts")
    label = f"OpenSpiel {metadata.version('open_spiel')} hearts, {hearts.num_players()} players"

    def play(games: int) -> tuple[int, int]:
        rng = random.Random(SEED)
        pick, uniform = rng.randrange, rng.random
        decisions = chance = 0
        for _ in range(games):
            st = hearts.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    # Sample by the stated probabilities (they happen to be uniform): the action
                    # drawn is the one the loop stops at.
                    x = uniform()
                    for action, p in st.chance_outcomes():  # noqa: B007
                        x -= p
                        if x < 0:
                            break
                    st.apply_action(action)
                    chance += 1
                else:
                    legal = st.legal_actions()
                    st.apply_action(legal[pick(len(legal))])
                    decisions += 1
        return decisions, chance

    return label, play


Clock = Callable[[], float]


def timed(play: Play, games: int, clock: Clock = time.perf_counter) -> tuple[float, int, int]:
    gc.collect()  # start every call from the same heap state; collections during the call still count
    start = clock()
    decisions, chance = play(games)
    return clock() - start, decisions, chance


def measure(subjects: list[Subject], seconds: float, rounds: int, clock: Clock = time.perf_counter) -> None:
    """Give each subject enough whole games for ``seconds`` in all, then run ``rounds`` rounds,
    interleaved so that a burst of load elsewhere on the machine hits every subject alike.
    ``clock`` is wall time by default; bench/rl.py passes the process's CPU time."""
    per_round = seconds / rounds
    for s in subjects:
        s.play(1)  # warm up: imports, caches, data files
        games = 1
        while True:
            secs, _, _ = timed(s.play, games, clock)
            if secs >= CALIBRATE_SECONDS:
                break
            games *= 2
        s.games = max(1, round(games * per_round / secs))
    for _ in range(rounds):
        for s in subjects:
            secs, s.decisions, s.chance = timed(s.play, s.games, clock)
            s.seconds.append(secs)


def verdict(ok: bool) -> str:
    return "ok" if ok else "BELOW TARGET"


def ratio_text(peer: Subject | None, us: Subject, target: float) -> str:
    if peer is None:
        return "n/a (peer skipped)"
    r = peer.best_us / us.best_us
    return f"{r:5.2f}×  {verdict(r >= target)}"


def compare(
    games: list[Game], quick: bool, clock: Clock = time.perf_counter
) -> tuple[dict[str, Subject], list[Subject]]:
    """Measure and print the side-by-side table; returns the peers by key and our subjects.
    ``clock``: wall time, or the process's CPU time (``run.py --cpu``, for a shared machine)."""
    seconds, rounds = (0.5, 3) if quick else (2.5, 5)
    peers: list[Subject] = []
    notes: list[str] = []
    for key, make in (("uno", rlcard_uno), ("hearts", openspiel_hearts)):
        got = make()
        if isinstance(got, str):
            notes.append(got)
        else:
            peers.append(Subject(key, got[0], got[1]))
    mine = [Subject(g.id, f"{g.id}, 2 seats", ours(g, 2)) for g in games]
    print("\nSpeed against peers (issue 7): random full games at 2 seats, per decision, in this process")
    for note in notes:
        print(f"  {note}: `make bench` installs it, or pip install -e '.[bench]'")
    measure(peers + mine, seconds, rounds, clock)
    if clock is time.process_time:
        print("  timed in this process's CPU time (time.process_time): other work on a shared machine inflates it less")
    print("  every side picks uniformly among the legal actions with random.Random (bench/README.md);")
    print(f"  {rounds} interleaved rounds of the same games, ~{seconds:g} s per subject; best round and (median)")
    print(f"  {'':34} {'µs/decision':>12} {'(median)':>9} {'games/round':>12} {'decisions/round':>16}")
    for s in peers + mine:
        extra = f"   + {s.chance / s.games:.0f} chance steps/game, timed" if s.chance else ""
        print(f"  {s.label:34} {s.best_us:12.2f} {f'({s.median_us:.2f})':>9} {s.games:12,} {s.decisions:16,}{extra}")
    return {p.key: p for p in peers}, mine


TARGET_FRIENDLIES = 8_000  # My World Cup friendlies per second, random play
TARGET_CLONE_US = 5.0


def print_targets(peers: dict[str, Subject], mine: list[Subject], clones: dict[str, dict[int, float]]) -> None:
    """Issue 7's speed targets in one block: the ratios, My World Cup friendlies/s, clone()."""
    print("\nIssue 7 speed targets (ratio = peer µs/decision ÷ ours at 2 seats; > 1: we are faster)")
    print(
        f"  {'':16} {f'vs RLCard UNO (≥ {TARGET_VS_UNO:g}×)':22}  {f'vs OpenSpiel hearts (≥ {TARGET_VS_HEARTS:g}×)':28}"
        f"  clone() µs by seats (≤ {TARGET_CLONE_US:g})"
    )
    for s in mine:
        by_seats = clones.get(s.key, {})
        clone = " / ".join(f"{us:.2f} @{n}" for n, us in sorted(by_seats.items()))
        ok = verdict(max(by_seats.values()) <= TARGET_CLONE_US) if by_seats else ""
        print(
            f"  {s.key:16} {ratio_text(peers.get('uno'), s, TARGET_VS_UNO):22}"
            f"  {ratio_text(peers.get('hearts'), s, TARGET_VS_HEARTS):28}  {clone} {ok}"
        )
    for s in mine:
        if s.key == "my-world-cup":
            fps = s.games_per_second
            print(
                f"  my-world-cup friendlies: {fps:,.0f} /s (bare protocol, random play, best round above)"
                f"   target ≥ {TARGET_FRIENDLIES:,}/s: {verdict(fps >= TARGET_FRIENDLIES)}"
            )
