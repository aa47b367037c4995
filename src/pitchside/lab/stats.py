"""Per-seat and per-team statistics of one match, read off the public events it emitted.

Two kinds of column, both counted only from public events (``Event.to is None``), so a statistic never
tells what a seat could not see:

- every event kind an event names a seat or a team for is counted: ``seat0.ev.shot``, ``team1.ev.goal``;
- headline statistics (goals, shots, cards played, stamina spent, ...) with the same name in every game,
  declared below as *which events, and what to add up* per game. This is a table of event names, not
  rules: a game of your own without an entry gets the counts only.

An event names a seat by an int ``seat`` field, a team by a ``team`` field (the team's index, or its
name as ``Game.team_names`` gives it). A team's headline figure is its seats' plus its own events'.

Match-level statistics of stretches of play, also declared per game as event names:

- a **span** runs from an opening event to a closing one; its length is the step events in it (a Shooting
  Phase: from the shot that opens it to the goal, the defence's success or the penalty): ``span.NAME.count``,
  ``span.NAME.steps`` (all spans' lengths added), ``span.NAME.longest``, ``span.NAME.len.K`` (spans of length K);
- a **run** is consecutive events of one kind, each straight after an event of another kind (a turn passed:
  ``pass`` right after ``turn``), broken by any other public event: ``run.NAME.longest``, and
  ``run.NAME.rounds``, the runs as long as the seat count that were then broken (every seat passed in turn,
  and then someone played).

Match-level statistics of who came first, also declared per game as event names (a seat's event is its team's):

- ``first.KIND``: the team of the match's first ``KIND`` event that names one (the first goal, the first shot),
  -1 if there was none (a column that is a number in every row: the tables fill a missing number with 0);
- a **reply**: after each ``after`` event that names a team, the next ``kind`` event that names one is by the
  same team or the other: ``next.NAME.same``, ``next.NAME.other`` (Sonic Cup: the next goal after a restart,
  by the team that kicked off or by the other).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pitchside.core.game import Event


class Add(Enum):
    """What one matching event adds to a statistic."""

    COUNT = "count"  # 1
    FIELD = "field"  # the int in ``field``
    SPENT = "spent"  # minus the int in ``field`` when it is negative (stamina spent)
    LENGTH = "length"  # the length of the list in ``field`` (cards moved at once)
    TRUTHY = "truthy"  # 1 when ``field`` is set (a card that is not empty, an injury that happened)


@dataclass(frozen=True)
class Stat:
    name: str
    kinds: tuple[str, ...]
    add: Add = Add.COUNT
    field: str = ""

    def value(self, ev: Event) -> int:
        if self.add is Add.COUNT:
            return 1
        v = ev.data.get(self.field)
        if self.add is Add.FIELD:
            return v if type(v) is int else 0
        if self.add is Add.SPENT:
            return -v if type(v) is int and v < 0 else 0
        if self.add is Add.LENGTH:
            return len(v) if isinstance(v, list | tuple) else 0
        return 1 if v else 0


def _stats(*items: tuple[str, str | tuple[str, ...], Add, str]) -> tuple[Stat, ...]:
    return tuple(Stat(n, (k,) if isinstance(k, str) else k, a, f) for n, k, a, f in items)


C, F, S, L, T = Add.COUNT, Add.FIELD, Add.SPENT, Add.LENGTH, Add.TRUTHY

# Headline statistics by game id. Several stats may read the same event; a stat may read several kinds.
HEADLINE: Mapping[str, tuple[Stat, ...]] = {
    "sonic-cup": _stats(
        ("goals", "goal", C, ""),
        ("shots", "shot", C, ""),
        ("blocks", "block", C, ""),
        ("passes", "pass", C, ""),
        ("fouls", "foul", C, ""),
        ("moves", "ball", C, ""),
        ("cards_played", "ball", L, "cards"),  # the cards of each ball move ...
        ("cards_played", ("shot", "block", "foul"), C, ""),  # ... and each shot, block and foul card
        ("penalties", "penalty", C, ""),
        ("penalties_scored", "penalty", T, "scored"),
        ("steals", "steal", C, ""),
        ("follow_ups", "follow-up", C, ""),
    ),
    "world-ball": _stats(
        ("goals", "goal", C, ""),
        ("shots", "shot", C, ""),
        ("saves", "save", C, ""),
        ("cards_played", ("shot", "save", "event", "equip"), T, "card"),
        ("events_played", "event", C, ""),
        ("skills_equipped", "equip", C, ""),
        ("stamina_spent", "stamina", S, "change"),
        ("injuries", "injury", T, "injured"),
        ("steals", "steal", C, ""),
    ),
    "my-world-cup": _stats(
        ("goals", "goal", F, "goals"),
        ("cards_played", "field", C, ""),
        ("swaps", "swap", C, ""),
        ("dice_rolls", "roll", C, ""),
        ("yellow_cards", "yellow", C, ""),
        ("red_cards", "red", C, ""),
        ("skills_used", "skill", C, ""),
        ("penalty_kicks", "kick", C, ""),
        ("penalty_goals", "kick", T, "scored"),
    ),
}


@dataclass(frozen=True)
class Span:
    name: str
    opens: tuple[str, ...]  # starts a span when none is open
    steps: tuple[str, ...]  # one step of the open span (the opening event too, if it is one)
    closes: tuple[str, ...]  # ends the open span (counted if it has a step)


@dataclass(frozen=True)
class Run:
    name: str
    kind: str  # the event that makes the run longer ...
    after: str  # ... when it comes straight after this one


# Match-level spans and runs by game id.
SPANS: Mapping[str, tuple[Span, ...]] = {
    # SC-SP-1..7: a shot opens the phase, blocks and shots answer each other; a goal, the defence's success
    # (SC-SP-2c/2d), a penalty (SC-SP-6) or the end of the match closes it.
    "sonic-cup": (
        Span("shooting_phase", ("shot",), ("shot", "block"), ("goal", "defense-success", "penalty", "over")),
    ),
}
RUNS: Mapping[str, tuple[Run, ...]] = {
    "sonic-cup": (Run("passed_turns", "pass", "turn"),),  # SC-TURN-4, SC-PROJ-11: turns passed in a row
}


@dataclass(frozen=True)
class Reply:
    name: str
    after: str  # an event naming a team ...
    kind: str  # ... and the next event of this kind naming a team: the same one, or the other


FIRSTS: Mapping[str, tuple[str, ...]] = {
    "sonic-cup": ("goal", "shot"),
    "world-ball": ("goal", "shot"),
    "my-world-cup": ("goal",),
}
REPLIES: Mapping[str, tuple[Reply, ...]] = {
    # SC-SP-2a/2b, SC-RS-1: after a goal or a foul the defending team kicks off; does it score the next goal?
    "sonic-cup": (Reply("goal_after_restart", "restart", "goal"),),
}


def order_stats(
    game_id: str, events: Iterable[Event], team_of: Sequence[int], team_names: Sequence[str]
) -> dict[str, int]:
    """The ``first.*`` and ``next.*`` columns of one match, from its public events."""
    firsts, replies = FIRSTS.get(game_id, ()), REPLIES.get(game_id, ())
    if not firsts and not replies:
        return {}
    out: dict[str, int] = {}
    waiting: dict[str, int] = {}  # a reply's name -> the team of its ``after`` event, until its ``kind`` comes
    for k in firsts:
        out[f"first.{k}"] = -1
    for rp in replies:
        out[f"next.{rp.name}.same"] = out[f"next.{rp.name}.other"] = 0
    for ev in events:
        if ev.to is not None:
            continue
        who = whose(ev, team_names)
        if who is None:
            continue
        what, i = who
        if what == "seat":
            if not 0 <= i < len(team_of):
                continue
            i = team_of[i]
        if ev.kind in firsts and out[f"first.{ev.kind}"] < 0:
            out[f"first.{ev.kind}"] = i
        for rp in replies:
            if ev.kind == rp.kind and rp.name in waiting:
                out[f"next.{rp.name}.{'same' if waiting.pop(rp.name) == i else 'other'}"] += 1
            if ev.kind == rp.after:
                waiting[rp.name] = i
    return out


def span_stats(game_id: str, events: Iterable[Event], seats: int) -> dict[str, int]:
    """The ``span.*`` and ``run.*`` columns of one match, from its public events."""
    spans, runs = SPANS.get(game_id, ()), RUNS.get(game_id, ())
    if not spans and not runs:
        return {}
    public = [ev.kind for ev in events if ev.to is None]
    out: dict[str, int] = {}
    for sp in spans:
        lengths: list[int] = []
        length: int | None = None  # None: no span open
        for kind in public:
            if length is None and kind in sp.opens:
                length = 0
            if length is None:
                continue
            if kind in sp.steps:
                length += 1
            elif kind in sp.closes:
                if length:
                    lengths.append(length)
                length = None
        p = f"span.{sp.name}"
        out[f"{p}.count"], out[f"{p}.steps"], out[f"{p}.longest"] = len(lengths), sum(lengths), max(lengths, default=0)
        for k in lengths:
            out[f"{p}.len.{k}"] = out.get(f"{p}.len.{k}", 0) + 1
    for rn in runs:
        longest = rounds = run = 0
        prev = ""
        for kind in public:
            if kind == rn.kind and prev == rn.after:
                run += 1
                longest = max(longest, run)
            elif kind != rn.after:
                rounds += run >= seats
                run = 0
            prev = kind
        out[f"run.{rn.name}.longest"], out[f"run.{rn.name}.rounds"] = longest, rounds
    return out


def whose(ev: Event, team_names: Sequence[str]) -> tuple[str, int] | None:
    """``("seat", s)`` or ``("team", t)`` the event is about, or None."""
    seat = ev.data.get("seat")
    if type(seat) is int:
        return "seat", seat
    t = ev.data.get("team")
    if type(t) is int:
        return "team", t
    if isinstance(t, str) and t in team_names:
        return "team", list(team_names).index(t)
    return None


def match_stats(
    game_id: str, events: Iterable[Event], seats: int, team_of: Sequence[int], team_names: Sequence[str]
) -> dict[str, int]:
    """The statistic columns of one match (``seat{i}.NAME``, ``team{j}.NAME``, ``...ev.KIND``)."""
    headline = HEADLINE.get(game_id, ())
    by_kind: dict[str, list[Stat]] = {}
    for st in headline:
        for k in st.kinds:
            by_kind.setdefault(k, []).append(st)
    teams = max(team_of) + 1 if team_of else 0
    public = [ev for ev in events if ev.to is None]
    seat_kinds = {ev.kind for ev in public if type(ev.data.get("seat")) is int}
    out: dict[str, int] = {}
    for s in range(seats):  # a seat's figure where the game's events name the seat
        for st in headline:
            if any(k in seat_kinds for k in st.kinds):
                out[f"seat{s}.{st.name}"] = 0
    for t in range(teams):
        for st in headline:
            out[f"team{t}.{st.name}"] = 0
    for ev in public:
        who = whose(ev, team_names)
        if who is None:
            continue
        what, i = who
        if not 0 <= i < (seats if what == "seat" else teams):
            continue
        key = f"{what}{i}.ev.{ev.kind}"
        out[key] = out.get(key, 0) + 1
        for st in by_kind.get(ev.kind, ()):
            v = st.value(ev)
            out[f"{what}{i}.{st.name}"] = out.get(f"{what}{i}.{st.name}", 0) + v
            if what == "seat":
                out[f"team{team_of[i]}.{st.name}"] += v
    return out


def match_labels(first: Mapping[str, Any], last: Mapping[str, Any], seats: int) -> dict[str, str]:
    """The labels as the match began; one still unknown then (a character not yet drafted) as it ended, if it
    is one text (lists that grow in play, such as skills in use, are not labels)."""
    out = {k: v for k, v in labels(first, seats).items() if v}
    for k, v in labels(last, seats, lists=False).items():
        if v and k not in out:
            out[k] = v
    return dict(sorted(out.items()))


def labels(view: Mapping[str, Any], seats: int, lists: bool = True) -> dict[str, str]:
    """Who sat where, from a public view: its per-seat list (``seats`` or ``sides``) of objects, the text
    fields (and lists of texts) of each, and one level into nested objects (``team.grade``, ``team.world_rank``).
    Counts that change during play (cards in hand, stamina) are numbers at the top level and left out."""
    out: dict[str, str] = {}
    per = next((v for k in ("seats", "sides") if isinstance(v := view.get(k), list) and len(v) == seats), None)
    if per is None:
        return out
    for s, info in enumerate(per):
        if not isinstance(info, Mapping):
            continue
        for k, v in info.items():
            if k == "seat":
                continue
            text = _text(v, lists)
            if text is not None:
                out[f"seat{s}.{k}"] = text
            elif isinstance(v, Mapping):
                for k2, v2 in v.items():
                    t2 = _text(v2, lists)
                    if t2 is not None:
                        out[f"seat{s}.{k}.{k2}"] = t2
                    elif type(v2) is int:
                        out[f"seat{s}.{k}.{k2}"] = str(v2)
    return out


def _text(v: Any, lists: bool = True) -> str | None:
    if isinstance(v, str):
        return v
    if lists and isinstance(v, list | tuple) and v and all(isinstance(x, str) for x in v):
        return "+".join(v)
    return None
