"""Build My World Cup situations through the setup notation, play text moves, and pick dice by seed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pitchside.core.errors import IllegalAction
from pitchside.core.game import Event
from pitchside.core.setupfile import check_playable
from pitchside.games.my_world_cup.cards import load_cards
from pitchside.games.my_world_cup.game import GAME, card_census
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.teams import load_teams

PHYSICAL = Counter(load_cards().physical)
TEST_TEAMS = str(Path(__file__).parent / "data" / "teams.toml")  # plain teams and one team per skill code
_TEST_IDS = set(load_teams(TEST_TEAMS).teams)


def teams_file(teams: tuple[str, str]) -> str | None:
    """The test teams file when both teams come from it, else the real data (None)."""
    return TEST_TEAMS if set(teams) <= _TEST_IDS else None


def config(teams: tuple[str, str], mode: str = "friendly", **more: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {"mode": mode, "teams": list(teams), **more}
    if teams_file(teams):
        cfg["teams_file"] = TEST_TEAMS
    return cfg


def setup(
    teams: tuple[str, str] = ("pla", "plb"),
    lines: tuple[list[str], list[str]] = ([], []),
    hands: tuple[list[str], list[str]] = ([], []),
    *,
    mode: str = "friendly",
    phase: str = "pairing",
    rng: int = 0,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    neutral: tuple[bool, bool] = (False, False),
    **fields: Any,
) -> dict[str, Any]:
    """A setup: lineups (revealed unless the phase is lineup), hands, a deck (bottom first) and any
    other setup field; every other card is elsewhere (outside the match: ``rest``)."""
    used = Counter(c.split(":")[0] for line in lines for c in line)
    for cards in [*hands, deck or [], discard or []]:
        used.update(cards)
    bad = [c for c, k in used.items() if k > PHYSICAL[c]]
    assert not bad, f"more copies than the card set has: {bad}"
    out: dict[str, Any] = {
        "game": "my-world-cup",
        "config": config(teams, mode, neutral=list(neutral)),
        "rng": rng,
        "hands": [list(h) for h in hands],
        "line": [list(x) for x in lines],
        "deck": list(deck or []),
        "discard": list(discard or []),
        "phase": phase,
        "revealed": phase not in ("lineup", "preparation"),
        "ready": [phase not in ("lineup", "preparation")] * 2,
        "rest": "elsewhere",
    }
    out.update(fields)
    return out


def start(s: dict[str, Any]) -> tuple[MyWorldCupState, list[Event]]:
    """The state of a setup, run on to its first decision (and playable from there, as from_setup
    checks); the events of getting there."""
    ev: list[Event] = []
    st = GAME.read_setup(s, "<scenario>", events=ev)
    check_playable(st, "<scenario>")
    return st, ev


def find(
    make: Callable[[int], dict[str, Any]],
    want: Callable[[MyWorldCupState, list[Event]], bool],
    then: Callable[[MyWorldCupState], list[Event]] | None = None,
    tries: int = 3000,
) -> tuple[MyWorldCupState, list[Event]]:
    """The first RNG seed whose dice give what ``want`` looks for (after ``then``, if given)."""
    for seed in range(tries):
        st, ev = start(make(seed))
        if then is not None:
            ev = ev + then(st)
        if want(st, ev):
            return st, ev
    raise AssertionError("no seed gives the wanted dice")


def play(st: MyWorldCupState, seat: int, text: str) -> list[Event]:
    return st.apply(seat, GAME.parse_action(text))


def legal(st: MyWorldCupState, seat: int | None = None) -> list[str]:
    s = st.decision().seat if seat is None else seat
    assert s is not None
    return [str(a) for a in st.legal_actions(s)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def goals(events: list[Event]) -> list[tuple[int, int, str]]:
    """(team, goals, how) of every goal event."""
    return [(e.data["team"], e.data["goals"], e.data["how"]) for e in events if e.kind == "goal"]


def balls(faces: str) -> int:
    return faces.count("B")


def who(st: MyWorldCupState) -> tuple[str, int | None, str]:
    d = st.decision()
    return d.kind.value, d.seat, d.label


def refuse(st: MyWorldCupState, seat: int, text: str, *rules: str) -> IllegalAction:
    """``text`` by ``seat`` is illegal, names one of ``rules``, and leaves the state as it was."""
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, seat, text)
    assert err.value.rule in rules, f"{text!r}: rule {err.value.rule}, expected one of {rules}"
    assert st.fingerprint() == before, f"{text!r} changed the state"
    return err.value


def conserved(st: MyWorldCupState) -> bool:
    return card_census(st) == Counter(st.t.m.cards.physical)
