"""core/legality.py: refusals of an action the rulebook's key cannot read."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pitchside.core.legality import ANY, Refusal, Rulebook


@dataclass(frozen=True)
class Move:
    verb: str


def test_refusals_of_a_foreign_object_come_from_the_any_checks_only() -> None:
    rules = Rulebook[None, Move](key=lambda st, seat, act: act.verb)

    @rules.check(ANY)
    def is_a_move(st: None, seat: int, act: Move) -> Refusal | None:
        return None if type(act) is Move else Refusal("T-0", "not a move")

    @rules.check("go")
    def never(st: None, seat: int, act: Move) -> Refusal | None:
        return Refusal("T-1", "never")

    foreign: Move = object()  # type: ignore[assignment]
    assert rules.refusals(None, 0, foreign) == [Refusal("T-0", "not a move")]
    assert rules.refuse(None, 0, foreign) == Refusal("T-0", "not a move")
    assert [r.rule for r in rules.refusals(None, 0, Move("go"))] == ["T-1"]


@dataclass(frozen=True)
class Card:
    verb: str
    n: int


def _rulebook() -> Rulebook[int, Card]:
    """A state is an int (the number to beat); ``state=True`` checks look at it and the seat only."""
    rules = Rulebook[int, Card](key=lambda st, seat, act: act.verb)

    @rules.check(ANY, state=True)
    def seat_zero_moves(st: int, seat: int, act: Card) -> Refusal | None:
        return None if seat == 0 else Refusal("T-SEAT", "seat 0 moves")

    @rules.check("play", state=True)
    def play_only_on_even(st: int, seat: int, act: Card) -> Refusal | None:
        return None if st % 2 == 0 else Refusal("T-EVEN", "play only on an even number")

    @rules.check("play", "pass")
    def beats(st: int, seat: int, act: Card) -> Refusal | None:
        return None if act.n > st else Refusal("T-BEAT", "must beat the number")

    return rules


def test_legal_and_legal_keyed_pass_exactly_what_refuse_passes() -> None:
    # the speed paths (state-only checks run once per key, a known key) change nothing legal
    rules = _rulebook()
    cands = [Card(v, n) for v in ("play", "pass", "other") for n in range(8)]
    for st in range(6):
        for seat in (0, 1):
            want = [a for a in cands if rules.refuse(st, seat, a) is None]
            assert rules.legal(st, seat, cands) == want
            for verb in ("play", "pass", "other"):
                of_verb = [a for a in cands if a.verb == verb]
                assert rules.legal_keyed(verb, st, seat, of_verb) == [a for a in want if a.verb == verb]
    assert rules.legal(3, 0, cands) == [a for a in cands if a.verb != "play" and (a.verb == "other" or a.n > 3)]
    assert rules.legal(2, 1, cands) == []


def test_fixed_checks_and_groups_pass_exactly_what_refuse_passes() -> None:
    # fixed checks (seat, action, fixed data only) filtered once with fixed_legal, then skipped with
    # fixed_done; legal_groups runs the ANY state checks once for several keys: the same legal actions
    rules = _rulebook()

    @rules.check("play", fixed=True)
    def odd_cards_only(st: int, seat: int, act: Card) -> Refusal | None:
        return None if act.n % 2 else Refusal("T-ODD", "only odd cards")

    cands = [Card(v, n) for v in ("play", "pass", "other") for n in range(8)]
    plays = [a for a in cands if a.verb == "play"]
    assert rules.fixed_legal("play", 0, 0, plays) == [a for a in plays if a.n % 2]
    for st in range(6):
        for seat in (0, 1):
            want = [a for a in cands if rules.refuse(st, seat, a) is None]
            pre = rules.fixed_legal("play", st, seat, plays)
            assert rules.legal_keyed("play", st, seat, pre, fixed_done=True) == [a for a in want if a.verb == "play"]
            groups = [("play", pre, True), *((v, [a for a in cands if a.verb == v], False) for v in ("pass", "other"))]
            assert rules.legal_groups(st, seat, groups) == [
                a for v in ("play", "pass", "other") for a in want if a.verb == v
            ]
    assert [r.rule for r in rules.refusals(3, 1, Card("play", 2))] == ["T-SEAT", "T-EVEN", "T-BEAT", "T-ODD"]


def test_input_checks_judge_refusals_but_not_candidates() -> None:
    # input=True: a check of well-formed input (here: a card number the table has); candidates skip it
    rules = _rulebook()
    calls: list[Card] = []

    @rules.check(ANY, input=True)
    def known_card(st: int, seat: int, act: Card) -> Refusal | None:
        calls.append(act)
        return None if act.n < 100 else Refusal("T-CARD", "no such card")

    assert rules.refuse(0, 0, Card("pass", 100)) == Refusal("T-CARD", "no such card")
    assert [r.rule for r in rules.refusals(200, 0, Card("play", 100))] == ["T-CARD", "T-BEAT"]
    calls.clear()
    cands = [Card("play", n) for n in range(4)]
    assert rules.legal(2, 0, cands) == rules.legal_keyed("play", 2, 0, cands) == cands[3:]
    assert rules.legal_groups(2, 0, [("play", cands, False)]) == rules.fixed_legal("play", 2, 0, cands)[3:]
    assert calls == []


def test_built_groups_and_their_plan_pass_exactly_what_refuse_passes() -> None:
    # legal_built builds a key's candidates only when its state checks pass; a plan (Rulebook.plan)
    # looks each group's checks up once and is kept current when a check is registered after it
    rules = _rulebook()
    cands = {v: [Card(v, n) for n in range(8)] for v in ("play", "pass", "other")}
    built: list[str] = []

    def build(st: int, seat: int, verb: str) -> list[Card]:
        built.append(verb)
        return cands[verb]

    groups = tuple((v, cands[v][0], lambda st, seat, ctx, v=v: build(st, seat, v), 0) for v in cands)
    plan = rules.plan(groups)

    def want(st: int, seat: int) -> list[Card]:
        return [a for v in cands for a in cands[v] if rules.refuse(st, seat, a) is None]

    for st in range(6):
        for seat in (0, 1):
            assert rules.legal_built(st, seat, None, groups) == want(st, seat)
            assert rules.legal_built(st, seat, None, plan) == want(st, seat)
    built.clear()
    assert rules.legal_built(3, 0, None, plan) == want(3, 0)
    assert built == ["pass", "other"]  # play_only_on_even refused "play" before its cards were built

    @rules.check("other", state=True)
    def never_other(st: int, seat: int, act: Card) -> Refusal | None:
        return Refusal("T-OTHER", "never")

    built.clear()
    assert rules.legal_built(2, 0, None, plan) == rules.legal_built(2, 0, None, groups) == want(2, 0)
    assert want(2, 0) and all(a.verb != "other" for a in want(2, 0))
    assert "other" not in built  # the new state check runs before the candidates are built, in the plan too


def test_a_plan_leaves_out_only_the_state_checks_it_is_told_pass() -> None:
    rules = _rulebook()
    (beats,) = [fn for fn in rules.by_key["play"] if fn not in rules.state_only]
    (even,) = [fn for fn in rules.by_key["play"] if fn in rules.state_only]
    groups = (("play", Card("play", 0), lambda st, seat, ctx: [Card("play", n) for n in range(8)], 0),)
    with pytest.raises(ValueError, match="state-only"):
        rules.plan(groups, passed=(beats,))
    # told that play_only_on_even passes (a game would use this plan only on even numbers): it is not run
    assert rules.legal_built(3, 0, None, rules.plan(groups, passed=(even,))) == [Card("play", n) for n in (4, 5, 6, 7)]
    assert rules.legal_built(3, 0, None, rules.plan(groups)) == []
