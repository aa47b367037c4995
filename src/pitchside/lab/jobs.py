"""One match → one row. The functions here run in worker processes (spawned, or Ray's): they are
top-level, take plain picklable values, and hold no state but a per-process cache of loaded games.

A row depends only on the job (game, config, seed, bots): the match's own RNG and the agents' RNG both
come from the seed (``sim.match.play_match``), so the same seeds give the same rows on any worker.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pitchside.core.decision import DecisionKind
from pitchside.core.game import Event, Game, State
from pitchside.lab.stats import match_labels, match_stats, order_stats, span_stats


class LabError(RuntimeError):
    """A match that could not be played (a stalled match, a bad agent, a data file a worker cannot read).
    Its one argument is the message, so it crosses process boundaries intact."""


@dataclass(frozen=True)
class MatchJob:
    """One match to play: the game (an id, or a MODULE:NAME spec from the user's command line), its
    config, its seed and one bot name per seat."""

    game: str
    config: dict[str, Any]
    seed: int
    bots: tuple[str, ...]


@dataclass(frozen=True)
class Batch:
    """Matches a worker plays in one go. ``trusted`` are the data files the user named (core.datafile):
    a worker process starts trusting nothing, so they travel with the work."""

    jobs: tuple[MatchJob, ...]
    records: bool = False
    trusted: tuple[str, ...] = ()


@dataclass
class MatchOut:
    row: dict[str, Any]
    record: str | None = None  # the match record's text (JSON Lines), when asked for


_GAMES: dict[str, Game] = {}


def game_of(name: str) -> Game:
    """The game a job names, loaded once per process (a spec is imported from the Python path)."""
    g = _GAMES.get(name)
    if g is None:
        from pitchside.core import registry

        g = registry.load_spec(name) if registry.is_spec(name) else registry.load_game(name)
        _GAMES[name] = g
    return g


def run_batch(batch: Batch) -> list[MatchOut]:
    """Play a batch of matches in order (the entry point of every worker)."""
    from pitchside.core.datafile import trusted_data

    with trusted_data(*batch.trusted):
        return [play_one(job, batch.records) for job in batch.jobs]


def play_one(job: MatchJob, record: bool = False) -> MatchOut:
    from pitchside.agents.base import make_agent
    from pitchside.core.errors import PitchsideError
    from pitchside.sim.match import StalledMatch, play_match

    try:
        g = game_of(job.game)
        agents = [make_agent(name, g.id) for name in job.bots]
        events: list[Event] = []
        first: list[dict[str, Any]] = []
        turns: list[int] = []  # the seat of the first decision of kind TURN

        def on_event(st: State, ev: Event) -> None:
            events.append(ev)

        def on_decision(st: State, seat: int) -> None:
            if not first:
                first.append(st.view(None))
            if not turns and st.decision().kind is DecisionKind.TURN:
                turns.append(seat)

        r = play_match(g, agents, job.config, job.seed, on_event=on_event, on_decision=on_decision)
    except (StalledMatch, PitchsideError, ValueError) as e:
        raise LabError(f"{job.game} seed {job.seed}: {e}") from None
    last = r.state.view(None)
    opening = first[0] if first else last
    return MatchOut(row(g, job, r.state, r.decisions, events, opening, last, turns[0] if turns else None),
                    r.record.dumps() if record else None)  # fmt: skip


def row(
    g: Game,
    job: MatchJob,
    st: State,
    decisions: int,
    events: list[Event],
    first: dict[str, Any],
    last: dict[str, Any],
    first_turn: int | None,
) -> dict[str, Any]:
    """The row of a finished match: who played, the result, how long, how it ended, and the statistics.

    ``first_turn`` is the seat of the match's first decision of kind TURN. It is the row's ``first_seat`` in a
    game whose events include ``turn`` events (a game without them, My World Cup, has none). Not the first
    ``turn`` event's seat: a game may begin the first turn in ``new_state`` (Sonic Cup's kick-off), whose
    events no one sees, so that would be the seat of the second turn (the team that did not kick off)."""
    out = st.outcome()
    cfg = st.config
    n = st.num_seats
    names = g.team_names()
    team_of = [g.team_of(cfg, s) for s in range(n)]
    opener = first_turn if any(e.kind == "turn" for e in events) else None
    r: dict[str, Any] = {
        "game": g.id,
        "version": g.version,
        "seed": job.seed,
        "seats": n,
        "bots": ",".join(job.bots),
        "config": json.dumps(cfg, sort_keys=True, ensure_ascii=False),
        "score": ":".join(map(str, out.scores)),
        "winner": out.winner,
        "winner_name": "draw" if out.winner is None else _name(names, out.winner),
        "draw": out.winner is None,
        "goals": sum(out.scores),
        "decisions": decisions,
        "ending": out.ending,
        "first_seat": opener,  # the seat of the first turn (a kick-off, a starter); None if no turn events
        "first_team": None if opener is None else team_of[opener],
    }
    for k, v in sorted(cfg.items()):
        if isinstance(v, str | int | float | bool) and k != "seats":
            r[f"cfg.{k}"] = str(v)
    for t, score in enumerate(out.scores):
        r[f"team{t}.score"] = score
    for s in range(n):
        ret = out.returns[s] if s < len(out.returns) else 0.0
        r[f"seat{s}.bot"] = job.bots[s]
        r[f"seat{s}.team_index"] = team_of[s]
        r[f"seat{s}.result"] = "win" if ret > 0 else "loss" if ret < 0 else "draw"
    r.update(match_labels(first, last, n))
    r.update(match_stats(g.id, events, n, team_of, names))
    r.update(span_stats(g.id, events, n))
    r.update(order_stats(g.id, events, team_of, names))
    return r


def _name(names: tuple[str, ...], i: int) -> str:
    return names[i] if 0 <= i < len(names) else str(i)
