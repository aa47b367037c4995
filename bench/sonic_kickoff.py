"""The Sonic Cup kick-off (docs/balance.md, Sonic Cup balance audit): who wins after the coin toss, and why.

    .venv/bin/python bench/sonic_kickoff.py [--games 1000] [--seed 0] [--seats 2] [--bots heuristic]
                                            [--kickoff blue|red]

Match ``i`` is seed ``seed + i`` with the lab's agent seeds (``sim.match.play_match``), so these are the matches
``pitchside simulate sonic-cup`` plays. Prints the kick-off team's share of decided matches, of first shots,
of first goals, the restart team's share of the next goal after a restart (SC-SP-2a/2b: the team that
conceded kicks off), and the share of turns with a shot: the opening kick-off turn, restart kick-off turns
and the other turns, with where each starts (zones from the goal the mover attacks). Counts, not timings.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from pitchside.agents.base import make_agent
from pitchside.core.game import Event, State
from pitchside.core.registry import load_game
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import GOAL, team
from pitchside.lab.analysis import wilson
from pitchside.sim.match import play_match


class Turn:
    """One turn: who, what kind (opening kick-off, restart kick-off, other), where it began, a shot in it."""

    __slots__ = ("distance", "kind", "seat", "shot")

    def __init__(self, seat: int, kind: str, ball: int) -> None:
        self.seat, self.kind, self.shot = seat, kind, False
        self.distance = abs(GOAL[team(seat)] - ball)


def play(game: Any, config: dict[str, Any], seed: int, bots: list[str]) -> dict[str, Any]:
    st0 = game.new_state(config, seed)
    assert isinstance(st0, SonicCupState)
    kicker = st0.actor  # new_state begins the kick-off turn (SC-KO-1, SC-KO-2); its turn event is not seen
    turns = [Turn(kicker, "opening", st0.ball)]
    goals: list[int] = []
    restart_goal: list[bool] = []  # per restart followed by a goal: was it the kicking team's?
    kicking: list[int] = []

    def on_event(st: State, ev: Event) -> None:
        if ev.to is not None:
            return
        d = ev.data
        if ev.kind == "turn":
            assert isinstance(st, SonicCupState)
            turns.append(Turn(d["seat"], "restart" if d["kickoff"] else "other", st.ball))
        elif ev.kind == "shot":
            turns[-1].shot = True
        elif ev.kind == "restart":
            kicking[:] = [0 if d["team"] == "blue" else 1]
        elif ev.kind == "goal":
            side = 0 if d["team"] == "blue" else 1
            goals.append(side)
            if kicking:
                restart_goal.append(kicking.pop() == side)

    agents = [make_agent(b, game.id) for b in bots]
    r = play_match(game, agents, config, seed, on_event=on_event)
    return {"kick": team(kicker), "winner": r.outcome.winner, "turns": turns, "goals": goals, "restart": restart_goal}


def share(k: int, n: int) -> str:
    if not n:
        return "-"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}] ({k} of {n})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--bots", default="heuristic", help="a bot per seat, the list used in turn")
    p.add_argument("--kickoff", choices=("blue", "red"), help="the kicking team (default: the coin toss)")
    a = p.parse_args()
    game = load_game("sonic-cup")
    names = a.bots.split(",")
    bots = [names[s % len(names)] for s in range(a.seats)]
    config: dict[str, Any] = {"seats": a.seats, **({"kickoff": a.kickoff} if a.kickoff else {})}
    ms = [play(game, config, s, bots) for s in range(a.seed, a.seed + a.games)]
    decided = [m for m in ms if m["winner"] is not None]
    print(f"{a.games} matches (seeds {a.seed}-{a.seed + a.games - 1}), {a.seats} seats, bots {','.join(bots)}, "
          f"kick-off {a.kickoff or 'by the coin'}: {len(decided)} decided")  # fmt: skip
    print("  the kick-off team won      ", share(sum(m["winner"] == m["kick"] for m in decided), len(decided)))
    print("  Blue won                   ", share(sum(m["winner"] == 0 for m in decided), len(decided)))
    shots = [m for m in ms if any(t.shot for t in m["turns"])]
    first_shot = sum(team(next(t for t in m["turns"] if t.shot).seat) == m["kick"] for m in shots)
    print("  first shot by the kick-off team ", share(first_shot, len(shots)))
    scored = [m for m in ms if m["goals"]]
    print("  first goal by the kick-off team ", share(sum(m["goals"][0] == m["kick"] for m in scored), len(scored)))
    won = [m for m in decided if m["goals"]]
    print("  the first scorer won       ", share(sum(m["goals"][0] == m["winner"] for m in won), len(won)))
    after = [x for m in ms for x in m["restart"]]
    print("  next goal after a restart by the kicking team", share(sum(after), len(after)))
    for kind in ("opening", "restart", "other"):
        ts = [t for m in ms for t in m["turns"] if t.kind == kind]
        if ts:
            where = statistics.median(t.distance for t in ts)
            shot = share(sum(t.shot for t in ts), len(ts))
            print(f"  {kind} turns: a shot in {shot}; they start {where:g} zones from goal (median)")


if __name__ == "__main__":
    main()
