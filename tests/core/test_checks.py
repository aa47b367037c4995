"""The conformance check finds what it claims to find: each test breaks one property on purpose.

The mutants are Sonic Cup with one method changed; each must be reported, with a message that
names the broken property, while the real game passes (tests/core/test_conformance.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from pitchside.core.checks import CheckReport, check_game
from pitchside.core.errors import InvalidAction
from pitchside.core.game import Config, Event
from pitchside.core.legality import Refusal
from pitchside.core.rng import Rng
from pitchside.games.sonic_cup import actions
from pitchside.games.sonic_cup.actions import Play
from pitchside.games.sonic_cup.game import GAME, SonicCup
from pitchside.games.sonic_cup.rules import SonicCupState


class Mutant(SonicCup):
    """Sonic Cup whose states are of class ``cls`` (a SonicCupState with one thing broken)."""

    def __init__(self, cls: type[SonicCupState]) -> None:
        self.cls = cls

    def new_state(self, config: Config | None = None, seed: int = 0) -> SonicCupState:
        st = super().new_state(config, seed)
        st.__class__ = self.cls
        return st

    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
        st = super().from_setup(setup, source)
        st.__class__ = self.cls
        return st


def run(game: SonicCup, seats: int = 4, seeds: int = 2, **kw: Any) -> CheckReport:
    kw.setdefault("deep_every", 1)
    return check_game(game, {"seats": seats}, range(seeds), **kw)


def assert_found(report: CheckReport, *needles: str) -> None:
    assert not report.ok, report.summary()
    text = "\n".join(report.problems)
    for needle in needles:
        assert needle in text, report.summary()


def test_the_real_game_passes_fully_deep() -> None:
    report = run(GAME, seats=6, seeds=1)
    assert report.ok, report.summary()
    assert report.deep_steps == report.decisions  # deep_every=1: every step of every seed


class LeakyView(SonicCupState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        v["all_hands"] = [sorted(h) for h in self.hands]
        return v


def test_finds_a_view_that_shows_other_hands() -> None:
    assert_found(run(Mutant(LeakyView)), "view(", "all_hands")


class SpectatorPeeks(SonicCupState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        if seat is None:
            v["next_card"] = self.deck[-1:]
        return v


def test_finds_a_spectator_view_that_shows_the_deck() -> None:
    assert_found(run(Mutant(SpectatorPeeks)), "view(None) differs", "next_card")


class LegalActionsLeak(SonicCupState):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Play]:
        acts = super().legal_actions(seat)
        nxt = (seat + 1) % self.t.n
        odd = sum(map(ord, "".join(self.hands[nxt]))) % 2
        return acts[::-1] if odd else acts  # the order tells the next seat's hand apart


def test_finds_legal_actions_that_depend_on_another_hand() -> None:
    assert_found(run(Mutant(LegalActionsLeak)), "legal actions differ in a determinization")


class DirtyIllegal(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        if action not in self.legal_actions(seat):
            self.ball = self.ball % 9 + 1
        return super().apply(seat, action)


def test_finds_an_illegal_action_that_changes_the_state() -> None:
    assert_found(run(Mutant(DirtyIllegal)), "an illegal action changed the state")


class AcceptsAnything(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, Play):
            return []
        return super().apply(seat, action)


def test_finds_a_foreign_action_accepted() -> None:
    assert_found(run(Mutant(AcceptsAnything)), "(a foreign object) was accepted")


class WrongRuleNamed(SonicCupState):
    """Refuses with a rule that is not among the rules that forbid the action (issue 7: drift)."""

    __slots__ = ()

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        return [] if action in self.legal_actions(seat) else [Refusal("SC-NOT-A-RULE", "another reason")]


def test_finds_an_illegal_action_refused_under_a_rule_that_does_not_forbid_it() -> None:
    assert_found(run(Mutant(WrongRuleNamed)), "which is not among the rules that forbid it: ['SC-NOT-A-RULE']")


class RefusesLegal(SonicCupState):
    __slots__ = ()

    def refusals(self, seat: int, action: Any) -> list[Refusal]:
        return [Refusal("SC-X", "always")]


def test_finds_a_legal_action_with_refusals() -> None:
    assert_found(run(Mutant(RefusesLegal)), "has refusals")


class ShallowClone(SonicCupState):
    __slots__ = ()

    def clone(self) -> ShallowClone:
        new = super().clone()
        new.hands = self.hands  # shared, not copied
        return new


def test_finds_a_clone_that_shares_the_hands() -> None:
    assert_found(run(Mutant(ShallowClone)), "applying an action to a clone changed the original")


class EventPeeks(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        events = super().apply(seat, action)
        return [*events, Event("peek", {"hands": [sorted(h) for h in self.hands]})]


def test_finds_a_public_event_with_hidden_cards() -> None:
    assert_found(run(Mutant(EventPeeks)), "public events of", "depend on hidden information", "peek")


class PublicDraws(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        events = super().apply(seat, action)
        return [Event(e.kind, e.data) if e.kind == "drew" else e for e in events]  # "drew" made public


def test_finds_drawn_cards_shown_to_everybody() -> None:
    assert_found(run(Mutant(PublicDraws)), "depend on hidden information", "kind='drew'")


class FoulFirst(SonicCup):
    """Every match starts with Red's defender (seat 1) answering a shot with only a Foul card or
    'pass' (SC-SP-3, SC-SP-6), the deck shuffled by the seed: a foul turns deck cards (a reveal)."""

    def new_state(self, config: Config | None = None, seed: int = 0) -> SonicCupState:
        from tests.games.sonic_cup.helpers import scenario

        st = scenario(4, hands={1: ["F03", "M01", "M02", "M07"]}, ball=9, phase="shooting", attack=0, arrows=2,
                      shot_arrows=2, last_shooter=0, actor=1, queue=[1, 3])  # fmt: skip
        Rng(seed).shuffle(st.deck)
        return st


def test_undeclared_reveals_are_reported() -> None:
    # The cards a penalty turns from the deck differ in a determinization; Sonic Cup declares them
    # in reveal_events. Without the declaration they look like a leak, so the check is sensitive.
    declared = run(FoulFirst(), seeds=4, deep_every=0)
    assert declared.ok, declared.summary()
    report = run(FoulFirst(), seeds=4, deep_every=0, reveal_events=())
    assert_found(report, "public events of 'foul F03' depend on hidden information", "penalty-reveal")
    assert GAME.reveal_events == ("penalty-reveal", "player-card")


class GlobalChance(SonicCupState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        events = super().apply(seat, action)
        return [*events, Event("weather", {"wind": random.random()})]


def test_finds_chance_outside_the_state() -> None:
    assert_found(run(Mutant(GlobalChance)), "gives other events on a clone")


class OthersMayAct(SonicCupState):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Play]:
        acts = super().legal_actions(seat)
        return acts or [Play(actions.Verb.PASS)]


def test_finds_legal_actions_for_a_seat_that_does_not_decide() -> None:
    assert_found(run(Mutant(OthersMayAct)), "has legal actions but seat")


class OwnHandReshuffled(SonicCupState):
    __slots__ = ()

    def determinize(self, seat: int, rng: Rng) -> SonicCupState:
        twin = super().determinize(seat, rng)
        hand = twin.hands[seat]
        if hand and twin.deck:
            hand[0], twin.deck[-1] = twin.deck[-1], hand[0]
        return twin


def test_finds_a_determinization_that_changes_the_own_hand() -> None:
    assert_found(run(Mutant(OwnHandReshuffled)), "view(", "cannot see")


class BadSetup(SonicCupState):
    __slots__ = ()

    def to_setup(self) -> dict[str, Any]:
        out = super().to_setup()
        out.pop("ball")
        return out


def test_finds_a_setup_that_loses_the_ball() -> None:
    # The fingerprint hashes the setup, so it cannot see the loss; the state read back plays differently.
    assert_found(run(Mutant(BadSetup)), "the state read from its setup has other legal actions")


class SetupForgetsChance(SonicCup):
    def from_setup(self, setup: Mapping[str, Any], source: str = "<setup>") -> SonicCupState:
        return super().from_setup({**setup, "rng": 0}, source)


def test_finds_a_setup_that_is_read_wrongly() -> None:
    assert_found(run(SetupForgetsChance()), "to_setup() -> from_setup() does not give the same state")


class GhostAction(SonicCupState):
    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Play]:
        acts = super().legal_actions(seat)
        return [*acts, Play(actions.Verb.MOVE, "M01", 9)] if acts else acts


def test_finds_a_legal_action_that_does_not_apply() -> None:
    assert_found(run(Mutant(GhostAction)), "legal action 'move M01>9' raised")


class BadNotation(SonicCup):
    def parse_action(self, text: str) -> Play:
        if text == "pass":
            raise InvalidAction("forgot pass")
        return actions.parse(text)


def test_finds_action_text_that_does_not_round_trip() -> None:
    assert_found(run(BadNotation(), seeds=1, deep_every=0), "legal action text 'pass' does not parse")


class CrashingNotation(SonicCup):
    def parse_action(self, text: str) -> Play:
        if not text.strip():
            raise KeyError(text)
        return actions.parse(text)


def test_finds_a_parser_that_raises_the_wrong_error() -> None:
    assert_found(run(CrashingNotation(), seeds=1), "raised KeyError, not InvalidAction")


class Forgetful(SonicCup):
    """Deals by a counter outside the state: the same seed deals differently, replays diverge."""

    calls = 0

    def new_state(self, config: Config | None = None, seed: int = 0) -> SonicCupState:
        Forgetful.calls += 1
        return super().new_state(config, seed + Forgetful.calls)


def test_finds_a_deal_that_is_not_reproducible() -> None:
    assert_found(run(Forgetful(), seeds=1, deep_every=0), "the same seed deals differently", "does not replay")


def test_finds_a_match_that_does_not_end() -> None:
    assert_found(run(GAME, seeds=1, deep_every=0, max_decisions=50), "did not end within 50 decisions")


def test_a_crash_is_reported_with_its_place() -> None:
    class Crashes(SonicCupState):
        __slots__ = ()

        def apply(self, seat: int, action: Any) -> list[Event]:
            if self.played:
                raise ZeroDivisionError("boom")
            return super().apply(seat, action)

    report = run(Mutant(Crashes), seeds=1, deep_every=0)
    assert_found(report, "seed 0 move", "raised ZeroDivisionError: boom", "test_checks.py")


@pytest.mark.parametrize("deep_every", [0, 2])
def test_report_counts_what_it_did(deep_every: int) -> None:
    report = run(GAME, seats=2, seeds=3, deep_every=deep_every, sample_every=10)
    assert report.ok, report.summary()
    assert (report.seeds, report.matches, report.replays >= 3) == (3, 3, True)
    assert 3 <= report.deep_steps < report.decisions
    if deep_every:  # seeds 0 and 2 on every step, seed 1 sampled
        assert report.deep_steps > report.decisions // 2
    assert "3 seeds, 3 matches" in report.summary() and report.summary().endswith(": ok")
