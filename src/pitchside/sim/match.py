"""The one game loop: CLI play, simulations, tournaments and tests all use it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitchside.agents.base import Agent, Observation
from pitchside.core.back import Back, take_back
from pitchside.core.game import Event, Game, Outcome, State
from pitchside.core.record import MatchRecord, Move
from pitchside.core.rng import Rng

MAX_DECISIONS = 200_000  # a guard against a rules bug looping forever, not a rule


@dataclass
class MatchResult:
    record: MatchRecord
    outcome: Outcome
    decisions: int
    state: State


class StalledMatch(RuntimeError):
    pass


def play_match(
    game: Game,
    agents: Sequence[Agent],
    config: Mapping[str, Any] | None = None,
    seed: int = 0,
    agent_seed: int | None = None,
    state: State | None = None,
    on_event: Callable[[State, Event], None] | None = None,
    on_decision: Callable[[State, int], None] | None = None,
) -> MatchResult:
    """Play one match to the end. Agent choices use their own RNG, never the state's."""
    st = state if state is not None else game.new_state(config, seed)
    cfg = dict(st.config)
    rec = MatchRecord(game.id, game.version, cfg, seed=seed, players=[a.name for a in agents])
    if state is not None:
        rec.seed, rec.setup = None, st.to_setup()
    rng = Rng(seed * 0x9E3779B1 + 1 if agent_seed is None else agent_seed)
    n = 0
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        if on_decision is not None:
            on_decision(st, seat)
        legal = st.legal_actions(seat)
        action = agents[seat].act(Observation(st, seat, legal), rng)
        if isinstance(action, Back):  # an unfinished play taken back (issue 8): the record, replayed without it
            st = take_back(game, st, rec, seat, action.count)
            n += 1
            continue
        events = st.apply(seat, action)
        rec.moves.append(Move(seat, str(action)))
        if on_event is not None:
            for ev in events:
                on_event(st, ev)
        n += 1
        if n > MAX_DECISIONS:
            raise StalledMatch(f"{game.id} seed {seed}: no end after {MAX_DECISIONS} decisions")
    out = st.outcome()
    rec.outcome = out.to_json()
    rec.fingerprint = st.fingerprint()
    return MatchResult(rec, out, n, st)
