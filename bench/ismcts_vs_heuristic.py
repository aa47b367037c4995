"""IS-MCTS against each game's heuristic bot (issue 11's Bots targets), as a small reproducible series.

Match i is seed ``--seed + i``; the IS-MCTS bot takes one team's seats and the heuristic bot the other's,
and the teams swap match by match, so both bots play every other deal from each side (with an even
number of matches). Prints, per game: IS-MCTS wins / draws / losses, its share of the decided matches
with a 95 % Wilson interval, the time per decision it searched and the iterations that took (a decision
with one legal action is not searched). Bots are named as everywhere else (``ismcts:300``, ``ismcts:1s``).

    .venv/bin/python bench/ismcts_vs_heuristic.py --games my-world-cup --matches 40 --bot ismcts:300
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

from pitchside.agents.base import Agent, Observation, make_agent
from pitchside.core.game import Action
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng

GAMES = ("sonic-cup", "world-ball", "my-world-cup")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


class Timed:
    """An agent wrapper that counts the time and iterations of the decisions it searched."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0
        self.iterations = 0

    def act(self, obs: Observation, rng: Rng) -> Action:
        if len(obs.legal) == 1:
            return self.agent.act(obs, rng)
        t = time.perf_counter()
        a = self.agent.act(obs, rng)
        self.seconds += time.perf_counter() - t
        self.decisions += 1
        self.iterations += getattr(self.agent, "last_iterations", 0)
        return a


@dataclass
class Series:
    game: str
    seats: int
    results: list[int] = field(default_factory=list)  # +1 IS-MCTS's team won, 0 draw, -1 lost

    def row(self, timed: list[Timed], seconds: float) -> str:
        w = self.results.count(1)
        d = self.results.count(0)
        lost = self.results.count(-1)
        lo, hi = wilson(w, w + lost)
        share = f"{100 * w / (w + lost):.0f} % ({100 * lo:.0f}–{100 * hi:.0f})" if w + lost else "-"
        n = sum(t.decisions for t in timed)
        ms = 1000 * sum(t.seconds for t in timed) / max(1, n)
        its = sum(t.iterations for t in timed) / max(1, n)
        return (
            f"| {self.game} | {self.seats} | {len(self.results)} | {w} / {d} / {lost} | {share} | {ms:.0f} | "
            f"{its:.0f} | {seconds:.0f} |"
        )


def play(game_id: str, seats: int, match: int, args: argparse.Namespace, series: Series, timed: list[Timed]) -> None:
    from pitchside.sim.match import play_match

    g = load_game(game_id)
    config = g.normalize_config({"seats": seats})
    ours_team = match % 2
    agents: list[Agent] = []
    for s in range(seats):
        if g.team_of(config, s) == ours_team:
            t = Timed(make_agent(args.bot, game_id))
            timed.append(t)
            agents.append(t)
        else:
            agents.append(make_agent(args.against, game_id))
    seed = args.seed + match
    r = play_match(g, agents, config, seed)
    winner = r.outcome.winner
    series.results.append(0 if winner is None else 1 if winner == ours_team else -1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--matches", type=int, default=10, help="matches per game (the teams swap each match)")
    ap.add_argument("--bot", default="ismcts", help="the searching bot, e.g. ismcts:300 or ismcts:1s")
    ap.add_argument("--against", default="heuristic", help="its opponent")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"{args.bot} against {args.against}, {args.seats} seats, {args.matches} matches per game, seed {args.seed}")
    print("| game | seats | matches | W / D / L | wins of decided (95 % Wilson) | ms/decision | iterations | s |")
    print("|---|---:|---:|---|---|---:|---:|---:|")
    for gid in args.games:
        series = Series(gid, args.seats)
        timed: list[Timed] = []
        t0 = time.perf_counter()
        for m in range(args.matches):
            play(gid, args.seats, m, args, series, timed)
        print(series.row(timed, time.perf_counter() - t0), flush=True)


if __name__ == "__main__":
    main()
