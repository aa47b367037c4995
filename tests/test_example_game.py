"""The example game (tests/example_game, a penalty shoot-out) keeps the protocol honest: it passes the
conformance check, and each of its rules (PK-1..PK-5, in its package docstring) has a test here."""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.core.checks import check_game
from pitchside.core.decision import DecisionKind
from pitchside.core.errors import DataError, IllegalAction, InvalidAction
from pitchside.core.rng import Rng
from tests.example_game.actions import Pick, Verb
from tests.example_game.game import GAME
from tests.example_game.rules import PenaltyState
from tests.example_game.state import Side


def situation(**fields: Any) -> PenaltyState:
    return GAME.from_setup({"game": "penalty-shootout", "seats": 2, "first": 0, "goals": [[], []], **fields})


def refused(st: PenaltyState, seat: int, text: str) -> str:
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        st.apply(seat, GAME.parse_action(text))
    assert st.fingerprint() == before  # an illegal action changes nothing
    assert e.value.rule in [r.rule for r in st.refusals(seat, GAME.parse_action(text))]
    return e.value.rule


def test_conformance() -> None:
    report = check_game(GAME, {"seats": 2}, range(60), deep_every=6)
    assert report.ok, report.summary()
    assert report.matches == 60 and report.replays > 60, report.summary()
    assert report.illegal_tried > report.deep_steps and report.events_compared == report.deep_steps
    assert report.twins_differ > 0, report.summary()  # the kicker's pick is hidden from the keeper


def test_pk_1_a_seeded_coin_toss_then_alternate_kicks() -> None:
    firsts = {GAME.new_state({"seats": 2}, seed).first for seed in range(20)}
    assert firsts == {0, 1}  # PK-1: the coin is the seed's
    st = GAME.new_state(None, 3)
    assert GAME.new_state(None, 3).fingerprint() == st.fingerprint()
    order = []
    for _ in range(4):
        kicker = st.decision().seat
        assert kicker is not None
        order.append(kicker)
        st.apply(kicker, Pick(Verb.KICK, Side.LEFT))
        st.apply(1 - kicker, Pick(Verb.DIVE, Side.LEFT))
    assert order == [st.first, 1 - st.first] * 2
    after_one = situation(goals=[[True], []])
    assert after_one.decision().seat == 1
    assert refused(after_one, 0, "kick left") == "PK-1"  # seat 1 kicks now
    assert refused(after_one, 1, "dive left") == "PK-1"  # and seat 0 keeps goal


def test_pk_2_the_kicker_picks_face_down_then_the_keeper() -> None:
    st = situation()
    d = st.decision()
    assert (d.kind, d.seat, d.seats, d.label) == (DecisionKind.HIDDEN_PICK, 0, (0, 1), "kick")
    assert [str(a) for a in st.legal_actions(0)] == ["kick left", "kick centre", "kick right"]
    assert st.legal_actions(1) == []
    assert refused(st, 1, "dive left") == "PK-2"  # the keeper waits for the kicker
    events = st.apply(0, Pick(Verb.KICK, Side.RIGHT))
    assert [(e.kind, e.to) for e in events] == [("aim", 0), ("picked", None)]  # the side only to the kicker
    assert st.view(0)["aim"] == "right" and st.view(1)["aim"] is None and st.view(None)["aim"] is None
    assert st.decision().seat == 1 and st.decision().seats == (1,)
    assert refused(st, 0, "kick left") == "PK-2"  # once per kick
    guesses = {st.determinize(1, Rng(k)).aim for k in range(30)}
    assert guesses == set(Side)  # the keeper's worlds: any side
    assert all(st.determinize(0, Rng(k)).aim is Side.RIGHT for k in range(5))  # the kicker knows
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "dive left")  # text, not an action
    assert e.value.rule == "PK-2" and [r.rule for r in st.refusals(1, object())] == ["PK-2"]


@pytest.mark.parametrize(("side", "dive", "goal"), [("left", "left", False), ("left", "right", True)])
def test_pk_3_goal_when_side_and_dive_differ(side: str, dive: str, goal: bool) -> None:
    st = situation()
    st.apply(0, GAME.parse_action(f"kick {side}"))
    (kick,) = st.apply(1, GAME.parse_action(f"dive {dive}"))
    assert kick.kind == "kick" and kick.to is None  # the reveal (GAME.reveal_events)
    assert dict(kick.data) == {"kicker": 0, "side": side, "dive": dive, "goal": goal}
    assert st.goals == [[goal], []] and st.aim is None


def test_pk_4_sudden_death_after_five_level() -> None:
    level = situation(goals=[[True, True, False, True, False], [True, False, True, True, False]])
    assert not level.is_over() and level.decision().seat == 0  # level after five each: one more each
    level.apply(0, Pick(Verb.KICK, Side.LEFT))
    level.apply(1, Pick(Verb.DIVE, Side.RIGHT))  # seat 0 scores its sixth
    assert not level.is_over()  # seat 1 still has its sixth kick
    level.apply(1, Pick(Verb.KICK, Side.CENTRE))
    level.apply(0, Pick(Verb.DIVE, Side.CENTRE))  # saved
    assert level.is_over() and level.outcome().ending == "sudden-death"


def test_pk_5_more_goals_wins_and_then_nobody_acts() -> None:
    st = situation(first=1, goals=[[True] * 4 + [False], [True] * 5])
    assert st.is_over() and st.decision().kind is DecisionKind.OVER
    out = st.outcome()
    assert (out.scores, out.winner, out.returns, out.ending) == ((4, 5), 1, (-1.0, 1.0), "five-kicks")
    assert st.legal_actions(0) == st.legal_actions(1) == []
    assert refused(st, 1, "kick left") == "PK-5"


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"goals": [[True, True], []]}, "goals", "kicks first"),  # PK-1
        ({"first": 1, "goals": [[True], []]}, "goals", "kicks first"),
        ({"goals": [[True] * 6, [False] * 6]}, "goals", "decided after 5"),  # PK-4
        ({"goals": [[True] * 6, [False] * 5]}, "goals", "decided after 5"),
        ({"goals": [[True] * 5, [False] * 5], "aim": "left"}, "aim", "over"),  # PK-5
        ({"aim": "middle"}, "aim", "one of left, centre, right"),
        ({"first": 2}, "first", "seat 0..1"),
        ({"goals": [[1], []]}, "goals.0.0", "true or false"),
        ({"seats": 4}, "seats", "for 2 seats"),
        ({"game": "sonic-cup"}, "game", "penalty-shootout"),
        ({"score": 3}, "score", "unknown setup field"),
    ],
)
def test_a_setup_the_rules_cannot_reach_names_the_field(fields: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(DataError) as e:
        situation(**fields)
    assert e.value.field == field and words in e.value.message


def test_notation() -> None:
    assert GAME.parse_action(" Kick  CENTRE ") == Pick(Verb.KICK, Side.CENTRE)
    for text in ("kick", "kick middle", "shoot left", "kick left now"):
        with pytest.raises(InvalidAction, match="'kick SIDE' or 'dive SIDE'"):
            GAME.parse_action(text)
