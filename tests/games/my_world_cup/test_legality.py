"""One source of legality (issue 7): legality.py's named checks give both the legal actions and the refusals.

Every well-formed action is legal exactly when no check refuses it; a refused action names a rule that
``refusals`` lists; malformed input (a seat that is no seat number, an object that is no action) is
refused before anything reads it and leaves the state as it was (WC-PROJ-1, WC-GAP-7).
"""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.core.errors import IllegalAction
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.actions import Act, Verb, parse
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.legality import RULES
from pitchside.games.my_world_cup.rules import MyWorldCupState
from pitchside.games.my_world_cup.state import Op
from tests.games.my_world_cup.helpers import play, setup, start

_SINGLES = ["ready", "void", "skip", "double", "single", "reroll", "ignore", "roll"]
_SLOTTED = [f"{v} {i}" for v in ("pair", "lead", "remove", "first", "flip", "swap") for i in range(1, 10)]


def probes(st: MyWorldCupState) -> list[Act]:
    """Every action that could be legal somewhere near this state: each half of each card, as field and
    swap, each card as discard, every slot verb and every verb without argument."""
    texts = [*_SINGLES, *_SLOTTED]
    for cid in st.t.m.cards.cards:
        texts += [f"field {cid}:top", f"field {cid}:bottom", f"swap {cid}:top", f"swap {cid}:bottom", f"discard {cid}"]
    return [parse(t) for t in texts]


@pytest.mark.parametrize("mode", ["friendly", "group", "knockout"])
def test_legal_actions_are_exactly_what_no_check_refuses(mode: str) -> None:
    """At every decision of random matches, for every probe and both seats: legal iff RULES.refuse passes,
    and a refusal names a rule among refusals (the conformance check's question, asked of every action)."""
    seen: set[Any] = set()
    for seed in range(12):
        st = GAME.new_state({"mode": mode}, seed)
        rng = Rng(seed)
        all_probes = probes(st)
        while not st.is_over():
            seat = st.decision().seat
            assert seat is not None and st.ask is not None
            seen.add(st.ask[0])
            for s in (0, 1):
                legal = set(st.legal_actions(s))
                for a in all_probes:
                    refusal = RULES.refuse(st, s, a)
                    assert (refusal is None) == (a in legal), (st.ask, s, str(a), refusal)
                    if refusal is not None:
                        assert refusal.rule in [r.rule for r in st.refusals(s, a)], (str(a), refusal)
                    else:
                        assert st.refusals(s, a) == []
            legal_now = st.legal_actions(seat)
            st.apply(seat, legal_now[rng.below(len(legal_now))])
    assert {Op.FIELD, Op.PAIR} <= seen


@pytest.mark.parametrize("seat", [0.0, 1.0, True, False, 2, -1, "0", None, 0.5])
def test_a_seat_that_is_no_seat_number_is_refused_and_changes_nothing(seat: Any) -> None:
    """WC-PROJ-1: seats are the integers 0 and 1. 0.0 once passed the turn check (0.0 == 0), cleared the open
    question and then raised TypeError deep in the rules; True is no seat either."""
    for st in (GAME.new_state({"teams": ["fra", "uru"]}, 3), _pairing()):
        ask, fp = st.ask, st.fingerprint()
        who = st.decision().seat
        act = st.legal_actions(who)[0] if who is not None else None
        with pytest.raises(IllegalAction) as err:
            st.apply(seat, act)
        assert err.value.rule == "WC-PROJ-1", err.value
        assert st.ask == ask and st.fingerprint() == fp
        assert st.legal_actions(seat) == []
        assert "WC-PROJ-1" in [r.rule for r in st.refusals(seat, act)]


def _pairing() -> MyWorldCupState:
    st, _ = start(setup(("pla", "plb"), (["F10:top", "AD4:top"], ["AD4:bottom", "G1:top"])))
    assert st.ask is not None and st.ask[0] is Op.PAIR
    return st


@pytest.mark.parametrize(
    "action",
    [
        object(),
        "pair 1",
        ("pair", "1"),  # a plain tuple equal to a legal Act
        Act("pair", "1"),  # type: ignore[arg-type]  # a verb that is no Verb
        Act(Verb.PAIR, 1),  # type: ignore[arg-type]  # an argument that is no text
        Act(Verb.PAIR, "x"),
        Act(Verb.PAIR, "0"),
        Act(Verb.FIELD, "AD4"),
        Act(Verb.READY, "now"),
        None,
    ],
)
def test_malformed_actions_are_refused_before_they_are_read(action: Any) -> None:
    """WC-GAP-7: only the game's actions in their notation; the state is untouched and refusals agree."""
    st = _pairing()
    fp = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply(st.ask[1] if st.ask else 0, action)
    assert err.value.rule == "WC-GAP-7", err.value
    assert st.fingerprint() == fp
    assert [r.rule for r in st.refusals(0, action)] == ["WC-GAP-7"]


def test_a_refusal_names_the_rule_that_forbids_it() -> None:
    """Each refusal comes from the check of its own rule: the lineup limit in extra time (WC-GAP-21), an
    unknown card (WC-CARD-5), a card not in hand (WC-GAP-7), the other side's pairing (WC-MATCH-4), a verb
    that does not answer the question (the question's rule), a finished match (WC-MATCH-6)."""
    st, _ = start(
        setup(("pla", "plb"), (["AD4:top"] * 2, []), (["AD4"], ["AD4"]), phase="lineup", period=1, limit=[2, 2])
    )
    assert st.decision().seat == 1 and [str(a) for a in st.legal_actions(1)][-1] == "ready"
    home = [r.rule for r in st.refusals(0, parse("field AD4:top"))]
    assert home == ["WC-GAP-7", "WC-GAP-21"]  # not home's turn, and home's lineup is full for extra time
    for text, rule in (("field ZZ9:top", "WC-CARD-5"), ("field G2:top", "WC-GAP-7"), ("pair 1", "WC-MATCH-3")):
        with pytest.raises(IllegalAction) as err:
            play(st, 1, text)
        assert err.value.rule == rule, text
    st = _pairing()
    with pytest.raises(IllegalAction) as err:
        play(st, 1 - st.ask[1], "pair 1")  # type: ignore[index]
    assert err.value.rule == "WC-MATCH-4"
