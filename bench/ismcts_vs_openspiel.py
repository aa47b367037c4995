"""A held-out opponent: our IS-MCTS against OpenSpiel's Python ISMCTSBot, at the same iteration budget.

Each game is played as a 2-seat series through the OpenSpiel adapter (pitchside.rl.openspiel): the match
is the OpenSpiel state; OpenSpiel's bot gets it as OpenSpiel hands it to any bot (resampling through
resample_from_infostate), ours gets the engine's Observation (its view, legal actions and determinize)
at its own seat. Seats alternate match by match and match i uses seed i, so both bots see the same deals
from both sides; OpenSpiel's bot resamples from its own seeded generator, so a series repeats exactly.
Ours is made as ``make_agent`` makes it (guided by the game's SearchGuide, with the game's heuristic bot as a
prior at its root), or, with ``--plain``, unguided (uniformly random rollouts, no prior).
Prints wins/draws/losses of ours, its mean return, and the time each bot spends per decision it
searches (a decision with one legal action is not searched by either).

    .venv/bin/python bench/ismcts_vs_openspiel.py --matches 10 --iterations 50
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from pitchside.agents.base import Agent, Observation, make_agent
from pitchside.agents.ismcts import ISMCTSAgent
from pitchside.core.rng import Rng
from pitchside.rl.openspiel import PitchsideState, load

GAMES = ("sonic-cup", "world-ball", "my-world-cup")


@dataclass
class Series:
    game: str
    results: list[float] = field(default_factory=list)  # our return per match
    ours_s: float = 0.0
    ours_n: int = 0
    theirs_s: float = 0.0
    theirs_n: int = 0
    capped: int = 0

    def row(self) -> str:
        w = sum(r > 0 for r in self.results)
        d = sum(r == 0 for r in self.results)
        lost = sum(r < 0 for r in self.results)
        mean = sum(self.results) / max(1, len(self.results))
        ours = 1000 * self.ours_s / max(1, self.ours_n)
        theirs = 1000 * self.theirs_s / max(1, self.theirs_n)
        return (
            f"| {self.game} | {len(self.results)} | {w} / {d} / {lost} | {mean:+.2f} | {ours:.0f} | {theirs:.0f} |"
            + (f" {self.capped} stopped at the move cap" if self.capped else "")
        )


def play(game_id: str, match: int, args: argparse.Namespace, series: Series) -> None:
    game = load(game_id, 2)
    ours_seat = match % 2
    rs = np.random.RandomState(args.seed + match)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
        uct_c=args.uct,
        max_simulations=args.iterations,
        random_state=rs,
    )
    # OpenSpiel's default resampler draws from a generator seeded by the OS; this one uses the bot's own.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rs.uniform))
    agent: Agent
    if args.heuristic:
        agent = make_agent("heuristic", game_id)
    elif args.plain:
        agent = ISMCTSAgent(iterations=args.iterations, exploration=args.exploration, rollout_depth=args.rollout_depth)
    else:  # as make_agent makes it: the game's SearchGuide (playouts, cut-off value) and its heuristic as prior
        agent = ISMCTSAgent.for_game(game_id, iterations=args.iterations)
    rng = Rng(args.seed * 1_000_003 + match)
    st: PitchsideState = game.new_initial_state()
    st.apply_action(match % 65536)  # the seed's chance node
    enc = st.shared.encoding
    while not st.is_terminal():
        seat = st.current_player()
        legal = st.legal_actions()
        if len(legal) == 1:
            st.apply_action(legal[0])
            continue
        t = time.perf_counter()
        if seat == ours_seat:
            engine = st.engine
            assert engine is not None
            action = enc.encode(agent.act(Observation(engine, seat, engine.legal_actions(seat)), rng))
            series.ours_s += time.perf_counter() - t
            series.ours_n += 1
        else:
            action = int(bot.step(st))
            series.theirs_s += time.perf_counter() - t
            series.theirs_n += 1
        st.apply_action(action)
    engine = st.engine
    assert engine is not None
    series.capped += not engine.is_over()
    series.results.append(st.returns()[ours_seat])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    ap.add_argument("--matches", type=int, default=10, help="matches per game (seats alternate)")
    ap.add_argument("--iterations", type=int, default=50, help="iterations (simulations) per decision, both bots")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--start", type=int, default=0, help="the first match's index: a long series runs as chunks of other deals"
    )
    ap.add_argument("--uct", type=float, default=2.0, help="OpenSpiel ISMCTSBot's uct_c")
    ap.add_argument("--exploration", type=float, default=1.0, help="our UCB constant")
    ap.add_argument("--rollout-depth", type=int, default=100, help="our rollout cap (OpenSpiel's rolls to the end)")
    ap.add_argument(
        "--plain",
        action="store_true",
        help="ours without the game's guide: uniformly random rollouts of --rollout-depth moves, no prior "
        "(default: as make_agent makes it, guided by the game; --exploration and --rollout-depth then unused)",
    )
    ap.add_argument("--heuristic", action="store_true", help="ours is the game's heuristic bot (no search), for scale")
    args = ap.parse_args()
    ours = (
        f"exploration {args.exploration}, random rollouts of {args.rollout_depth} moves, no prior"
        if args.plain
        else "the heuristic bot, no search"
        if args.heuristic
        else "guided by the game's SearchGuide, the heuristic's choice as prior"
    )
    print(
        f"IS-MCTS (ours, {ours}) against OpenSpiel "
        f"ISMCTSBot (uct_c {args.uct}, random rollouts to the end), {args.iterations} iterations per decision, "
        f"2 seats, {args.matches} matches per game from match {args.start}, seed {args.seed}"
    )
    print("| game | matches | ours W / D / L | our mean return | ours ms/decision | OpenSpiel ms/decision |")
    print("|---|---:|---|---:|---:|---:|")
    for gid in args.games:
        series = Series(gid)
        for m in range(args.start, args.start + args.matches):
            play(gid, m, args, series)
            print(f"  {gid} match {m}: {series.results[-1]:+.0f}", file=sys.stderr, flush=True)  # progress
        print(series.row(), flush=True)


if __name__ == "__main__":
    main()
