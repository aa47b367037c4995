"""One source of legality (issue 7): legal moves and refusals both come from legality.RULES.

Every action of a broad universe (every verb, every card of the deck or a role, every zone) is
refused exactly when it is not among the legal moves, and then by a rule that ``refusals`` lists;
malformed input (a foreign object, a seat that is no int, an unknown card) is refused by the
checks every action passes, before anything reads it, and the state is untouched.
"""

from __future__ import annotations

import random

import pytest

from pitchside.core.errors import IllegalAction
from pitchside.games.sonic_cup import candidates
from pitchside.games.sonic_cup.actions import Play, Verb
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.legality import ALLOWED, RULES, K
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.helpers import scenario

_ARGS = {Verb.ROLE: ["FW", "GK", "DF", "MF", "LSF", "XX"]}
_BARE = (Verb.PASS, Verb.END, Verb.SING, Verb.DONE, Verb.KEEP)


def _universe(st: SonicCupState, rnd: random.Random) -> list[Play]:
    """Every well-formed action of the cards in play (hands and a few others) and every zone."""
    cards = sorted({*(c for h in st.hands for c in h), *rnd.sample(sorted(st.t.deck.cards), 6)})
    out = []
    for verb in Verb:
        if verb in _BARE:
            out.append(Play(verb))
            continue
        for arg in _ARGS.get(verb, cards):
            out.extend(Play(verb, arg, z) for z in range(10))
    return out


def _states(seats: int, games: int, every: int) -> list[SonicCupState]:
    rnd, out = random.Random(seats), []
    for seed in range(games):
        st = GAME.new_state({"seats": seats}, seed)
        k = 0
        while not st.is_over():
            if k % every == 0:
                out.append(st.clone())
            seat = st.actor
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rnd.randrange(len(legal))])
            k += 1
    return out


@pytest.mark.parametrize("seats", [2, 4, 8, 10])
def test_an_action_is_legal_exactly_when_no_rule_refuses_it(seats: int) -> None:
    rnd = random.Random(7)
    for st in _states(seats, 2, 23):
        seat = st.actor
        legal = set(st.legal_actions(seat))
        for act in _universe(st, rnd):
            refusal = RULES.refuse(st, seat, act)
            refusals = RULES.refusals(st, seat, act)
            assert (refusal is None) == (act in legal), (str(act), refusal, st.to_setup())
            assert (refusal is None) == (not refusals), (str(act), refusals)
            if refusal is not None:
                assert refusal in refusals


@pytest.mark.parametrize("seats", [2, 4, 10])
def test_the_turn_plans_leave_out_only_checks_that_pass(seats: int) -> None:
    # candidates.turn_plan picks a plan by pending and shoot and leaves finish_the_play and shoot_card_answered
    # out of it: every decision of a turn lists the same actions as all the checks on the plain groups
    seen = set()
    for st in _states(seats, 6, 1):
        if st.phase is not Phase.TURN:
            continue
        seat, plan = st.actor, candidates.turn_plan(st)
        seen.add(plan)
        hand = candidates.hand_plays(st, seat)
        # every group a turn has, or while a play is pending its next card's, with every check
        full = RULES.legal_built(st, seat, hand, plan.groups if st.pending else candidates._TURN_GROUPS)
        assert RULES.legal_built(st, seat, hand, plan) == full, st.to_setup()
    assert {candidates._TURN, candidates._TURN_SHOT, candidates._TURN_PK} <= seen


def test_every_phase_and_verb_has_a_rule_that_decides() -> None:
    """No (phase, verb) is legal by default: each has a check of its own."""
    for phase in ALLOWED:
        for key in K(phase, *Verb):
            assert key in RULES.by_key, key


def _refused_untouched(st: SonicCupState, seat: object, act: object) -> IllegalAction:
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, act)  # type: ignore[arg-type]
    assert st.fingerprint() == before
    assert err.value.rule in [r.rule for r in st.refusals(seat, act)]  # type: ignore[arg-type]
    return err.value


@pytest.mark.parametrize("seat", [0.0, True, "0", None, -1, 99])
def test_a_seat_that_is_no_seat_is_refused_before_anything_reads_it(seat: object) -> None:
    """SC-TURN-2: 0.0 equals 0 and True equals 1 in Python, yet neither is a seat."""
    st = scenario(2, {0: ["M11", "M08", "M07"]}, ball=5, actor=0, kickoff=False)
    for act in st.legal_actions(0):
        assert _refused_untouched(st, seat, act).rule == "SC-TURN-2"
    assert st.legal_actions(seat) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "act",
    [object(), "pass", None, ("pass", "", 0), Play("pass"), Play(Verb.MOVE, "M11", "4"), Play(Verb.MOVE, 11, 4)],  # type: ignore[arg-type]
    ids=["object", "text", "none", "tuple", "verb-text", "zone-text", "card-int"],
)
def test_a_foreign_object_is_refused_as_no_action(act: object) -> None:
    st = scenario(2, {0: ["M11", "M08", "M07"]}, ball=5, actor=0, kickoff=False)
    assert _refused_untouched(st, 0, act).rule == "SC-TURN-1"


def test_an_unknown_card_and_a_card_not_held_are_refused() -> None:
    """SC-GAP-1 (the deck's cards), SC-TURN-1 (your own hand), in every phase."""
    st = scenario(2, {0: ["M11", "M08", "M07"]}, ball=5, actor=0, kickoff=False)
    assert _refused_untouched(st, 0, Play(Verb.MOVE, "Z99", 4)).rule == "SC-GAP-1"
    assert _refused_untouched(st, 0, Play(Verb.MOVE, "K13", 4)).rule == "SC-TURN-1"
    sp = scenario(2, {1: ["K06", "M11"]}, ball=9, phase="shooting", actor=1, queue=[1], attack=0, arrows=2)
    assert sp.phase is Phase.SHOOTING
    assert _refused_untouched(sp, 1, Play(Verb.KB, "Z99")).rule == "SC-GAP-1"
    assert _refused_untouched(sp, 1, Play(Verb.KB, "K13")).rule == "SC-TURN-1"


def test_a_zone_where_the_verb_takes_none_is_refused() -> None:
    st = scenario(2, {0: ["M11", "M08", "M07"]}, ball=5, actor=0, kickoff=False)
    assert _refused_untouched(st, 0, Play(Verb.PASS, "", 4)).rule == "SC-TURN-1"
    assert _refused_untouched(st, 0, Play(Verb.MOVE, "M11", 0)).rule == "SC-TURN-1"
