"""Playing the World Cup tournament's matches with the one game loop (sim/match.py).

The tournament itself (games/my_world_cup/tournament.py) never plays: it names the next match; this module
plays it with the given agents, feeds the final state and every event back, and hands the caller what to
store (the match record as JSON Lines and its summary).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pitchside.agents.base import Agent, make_agent
from pitchside.core.game import Event, State
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.records import Result
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.tournament import MatchPlan, WorldCup, opening_events
from pitchside.sim.match import MatchResult, play_match

EventHook = Callable[[State, Event], None]
DecisionHook = Callable[[State, int], None]


@dataclass
class Played:
    """A completed tournament match: the plan it followed, the game loop's result, the tournament's result."""

    plan: MatchPlan
    match: MatchResult
    result: Result
    players: tuple[str, str]

    def row(self) -> dict[str, Any]:
        """The columns of its ``TournamentMatch`` row (store/models.py)."""
        fx, r = self.plan.fixture, self.result
        return {
            "number": fx.number,
            "stage": fx.stage,
            "label": fx.label,
            "home": fx.home,
            "away": fx.away,
            "home_goals": r.score[0],
            "away_goals": r.score[1],
            "winner": r.winner,
            "summary": {**r.to_json(), "label": fx.label, "seed": self.plan.seed, "players": list(self.players)},
            "record": self.match.record.dumps(),
        }


def players(plan: MatchPlan, bot: str = "heuristic", coaches: bool = True) -> tuple[str, str]:
    """Who plays each side: the coach's name (unless ``coaches`` is false: a bot plays for him), ``neutral``
    (WC-GAP-24) or the bot's name."""
    out = []
    for side in (0, 1):
        coach = plan.coaches[side] if coaches else None
        out.append(coach if coach is not None else "neutral" if plan.neutral[side] else bot)
    return out[0], out[1]


def play_next(
    cup: WorldCup,
    agents: Sequence[Agent],
    *,
    on_event: EventHook | None = None,
    on_decision: DecisionHook | None = None,
    names: tuple[str, str] | None = None,
) -> Played | None:
    """Play the tournament's next match with ``agents`` (seat 0 home, seat 1 away) and complete it."""
    plan = cup.next_match()
    if plan is None:
        return None
    events = opening_events(plan)

    def collect(st: State, ev: Event) -> None:
        events.append(ev)
        if on_event is not None:
            on_event(st, ev)

    match = play_match(GAME, agents, plan.config, plan.seed, on_event=collect, on_decision=on_decision)
    who = names or players(plan, agents[0].name)
    match.record.players = list(who)
    state = match.state
    assert isinstance(state, MyWorldCupState)
    result = cup.complete(state, events)
    return Played(plan, match, result, who)


def bots(name: str = "heuristic") -> list[Agent]:
    return [make_agent(name, GAME.id), make_agent(name, GAME.id)]


def play_all(
    cup: WorldCup,
    agents: Sequence[Agent] | None = None,
    after: Callable[[Played], None] | None = None,
) -> WorldCup:
    """Play every remaining match with bots; ``after`` sees each completed match (e.g. to store it)."""
    agents = agents or bots()
    while (done := play_next(cup, agents)) is not None:
        if after is not None:
            after(done)
    return cup
