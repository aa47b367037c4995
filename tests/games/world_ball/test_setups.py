"""Setups people can write, checked before they are trusted (issue 7; docs/notation.md, "Setup notation
(World Ball)").

from_setup is GameBase's (the header, the reader in setup.py, core's check_playable). After the draft, the cards
a setup does not name go to the deck, beneath the ones it names, in an order drawn from the setup's ``rng``
("rest": "deck", the default); World Ball has no cards outside the match, so "rest": "elsewhere" is refused, and
no card is dealt during the draft (WB-SETUP-5). A mutated setup is refused with a DataError naming the file, or
the match plays from it to the end (WB-GAP-12: the 100 cards are conserved).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from pitchside.core.errors import DataError
from pitchside.games.world_ball.game import GAME, card_census
from pitchside.games.world_ball.rules import WorldBallState
from tests.games.setup_mutations import MUTATIONS, bases_from, mutant, refused_or_plays_to_the_end
from tests.games.world_ball.helpers import CONTENT, who

PHYSICAL = Counter(CONTENT.physical)


def _read(setup: dict[str, Any]) -> WorldBallState:
    return GAME.from_setup(json.loads(json.dumps(setup)), "case.json")


def _table(seats: int = 2, **fields: Any) -> dict[str, Any]:
    return {"game": "world-ball", "seats": seats, "phase": "action", "chars": ["lahm", "rooney", "nesta", "gerrard"][
        :seats], **fields}  # fmt: skip


def test_unnamed_cards_go_to_the_deck_in_a_seeded_order() -> None:
    """Issue 7, one rule for every game: a setup names only what matters; the other cards of the 100 go to the
    deck beneath the ones ``deck`` names (those are drawn first), in an order drawn from ``rng`` by a generator
    of its own (the match's own ``rng``, which also draws 抢断, stays as written)."""
    named = _table(hands=[["shoot", "save"], ["free_kick"]], deck=["penalty", "wall"], skills=[["long_shot"], []],
                   rng=7)  # fmt: skip
    st = _read(named)
    assert len(st.deck) == 100 - 3 - 1 and st.deck[-2:] == ["penalty", "wall"] and card_census(st) == PHYSICAL
    assert st.hands == [["shoot", "save"], ["free_kick"]] and st.rng.state == 7
    assert st.stamina == [st.max_stamina(0), st.max_stamina(1)]
    again = _read({**named, "rest": "deck"})
    assert again.deck == st.deck and again.fingerprint() == st.fingerprint()
    other = _read({**named, "rng": 8})
    assert other.deck[-2:] == ["penalty", "wall"] and other.deck != st.deck and sorted(other.deck) == sorted(st.deck)
    assert GAME.from_setup(json.loads(json.dumps(st.to_setup()))).deck == st.deck  # a written setup names all
    assert "rest" not in st.to_setup()


def test_a_setup_may_name_nothing_but_the_characters() -> None:
    for seats in (2, 4):
        st = _read(_table(seats, rng=seats))
        assert len(st.deck) == 100 and card_census(st) == PHYSICAL and who(st)[:2] == ("turn", 0)


def test_rest_elsewhere_is_refused_every_card_is_in_the_match() -> None:
    for rest, words in (("elsewhere", "no cards outside the match"), ("hands", "only 'deck'"), (None, "")):
        with pytest.raises(DataError) as err:
            _read(_table(rest=rest))
        assert err.value.field == "rest" and err.value.file == "case.json" and words in err.value.message


def test_no_card_is_dealt_during_the_draft() -> None:
    """WB-SETUP-5: the deck is shuffled and dealt when the draft ends; a draft setup names no card (it once
    took a full set of cards, which the end of the draft then dealt again)."""
    draft = json.loads(json.dumps(GAME.new_state({"seats": 2}, 1).to_setup()))
    assert card_census(_read(draft)) == Counter()
    for field, value, named in (("hands", [["shoot"], []], "hands.0"), ("deck", ["save"], "deck"),
                                ("discard", ["wall"], "discard")):  # fmt: skip
        with pytest.raises(DataError) as err:
            _read({**draft, field: value})
        assert err.value.field == named and "draft" in err.value.message


def test_a_card_too_many_is_still_refused() -> None:
    with pytest.raises(DataError) as err:
        _read(_table(hands=[["penalty"] * 9, []]))
    assert err.value.field == "deck" and "conserved" in err.value.message


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_a_full_setup_round_trips_byte_identical(seats: int) -> None:
    """Setups to_setup() writes name every card: reading one and writing it again gives the same text."""
    for setup in [b for b in _bases() if b["seats"] == seats][:12]:
        text = json.dumps(setup)
        assert json.dumps(GAME.from_setup(json.loads(text)).to_setup()) == text


# ----------------------------------------------------------------------------- mutated setups (hypothesis)

_BASES: list[dict[str, Any]] = []


def _open(st: Any) -> bool:
    """A response window or a prompt open, or the discard phase."""
    return bool(st.stack) or st.phase.value == "discard"


def _bases() -> list[dict[str, Any]]:
    if not _BASES:
        configs: list[dict[str, Any]] = [{"seats": n} for n in GAME.seat_counts]
        configs += [{"seats": 2, "halves": 2}, {"seats": 4, "sudden_death": True}]
        _BASES.extend(bases_from(GAME, configs, _open))
    return _BASES


_FIELDS = sorted({k for b in _bases()[:40] for k in b} | {"rest"})
_WORDS = ["draft", "action", "discard", "over", "shot", "save", "event", "prompt", "messi", "terry", "puyol",
          "shoot", "save", "free_kick", "penalty", "wall", "long_shot", "sliding_tackle", "controversy",
          "tactical_disruption", "yellow_card", "captain", "deck", "elsewhere", "k", "seat", "card", "at"]  # fmt: skip


def test_the_bases_cover_open_windows_and_every_seat_count() -> None:
    bases = _bases()
    assert {b["seats"] for b in bases} == set(GAME.seat_counts)
    assert {"draft", "action", "discard", "over"} <= {b["phase"] for b in bases}
    frames = {f["k"] for b in bases for f in b["stack"]}
    assert {"shot", "save", "event", "prompt"} <= frames, frames


@settings(max_examples=MUTATIONS, deadline=None)
@given(hs.data())
def test_a_mutated_setup_is_refused_or_plays_to_the_end(data: hs.DataObject) -> None:
    """Issue 7: a setup is accepted only if the match can go on from it: a mutated setup is a DataError naming
    the file, or the match plays from it to the end, cards conserved (``PITCHSIDE_SETUP_MUTATIONS`` examples)."""
    setup, seed = mutant(data, _bases(), _FIELDS, _WORDS)
    refused_or_plays_to_the_end(GAME, setup, seed, card_census)


_SHOT = {"k": "shot", "seat": 0, "play": "shoot", "card": "shoot", "need": 1, "saves": 0, "blocked": -1,
         "refused": 0, "from": 0, "at": -1, "passed": 0}  # fmt: skip
_SAVE = {"k": "save", "seat": 1, "how": "card", "card": "save", "shooter": 0, "from": 1, "at": -1, "passed": 0}


@pytest.mark.parametrize(
    ("stack", "field"),
    [
        ([_SAVE], "stack"),  # found by the mutations: a save with no shot under it (IndexError when it counted)
        ([_SAVE, _SHOT], "stack"),
        ([_SHOT, _SHOT], "stack"),
        ([_SHOT, {**_SAVE, "shooter": 1}], "stack.1.shooter"),
        ([_SHOT, {**_SAVE, "seat": 0, "from": 0}], "stack.1.seat"),
        ([{"k": "prompt", "effect": "captain", "point": "captain", "seat": 0, "at": 0}], "stack.0.saver"),
        ([_SHOT, {"k": "prompt", "effect": "header", "point": "shot_played", "seat": 0, "at": 0}], "stack.1.shooter"),
        ([{"k": "prompt", "effect": "header", "point": "tea_time", "seat": 0, "at": 0}], "stack.0.point"),
    ],
)
def test_a_stack_the_rules_cannot_build_is_refused(stack: list[dict[str, Any]], field: str) -> None:
    """The stack is a shot, the save answering it (by an opponent), then an event or a prompt with its context."""
    base = _table(hands=[["shoot"], ["save"]], active=0, discard=["shoot"])
    _read({**base, "stack": [_SHOT]})
    with pytest.raises(DataError) as err:
        _read({**base, "stack": stack})
    assert err.value.field == field, err.value


_EVENT = {"k": "event", "seat": 0, "card": "sliding_tackle", "target": 1, "extra": "", "depth": 0, "from": 0, "at": -1,
          "passed": 0}  # fmt: skip
_CAPTAIN = {"k": "prompt", "effect": "captain", "point": "captain", "seat": 1, "at": 1, "saver": 3, "how": "card",
            "card": "save", "cost": 1}  # fmt: skip
_KLOSE = {"k": "prompt", "effect": "header", "point": "shot_played", "seat": 0, "at": 0, "shooter": 0, "play": "shoot",
          "by": -1}  # fmt: skip


@pytest.mark.parametrize(
    ("stack", "field"),
    [
        ([{**_SHOT, "play": "banana"}], "stack.0.play"),  # which shot: 射门 or a set piece (WB-ACT-3, WB-SET-2)
        ([{**_SHOT, "play": "save", "card": "save"}], "stack.0.play"),
        ([{**_SHOT, "play": "free_kick"}], "stack.0.card"),  # a 任意球 is played with the 任意球 card
        ([{**_SHOT, "need": 0}], "stack.0.need"),
        ([{**_SHOT, "play": "penalty", "card": "penalty"}], "stack.0.need"),  # a 点球 needs 2 (WB-SET-2)
        ([{**_SHOT, "saves": 1}], "stack.0.saves"),  # enough saves negate the shot at once (WB-GAP-6)
        ([{**_SHOT, "passed": -1}], "stack.0.passed"),
        ([{**_SHOT, "refused": 4}], "stack.0.refused"),  # a set of seats: 2 seats are bits 0 and 1
        ([_SHOT, {**_SAVE, "how": "banana"}], "stack.1.how"),
        ([_SHOT, {**_SAVE, "how": "gk"}], "stack.1.card"),  # a goalkeeper saves with his 射门
        ([_SHOT, {**_EVENT, "seat": 1, "card": "sliding_tackle", "target": 0}], "stack.1.card"),
        # Found reading windows.py: accepted, then IndexError (negate_shot, negate_save on an empty stack) or an
        # AssertionError (黑哨 on a shot) when the event acted.
        ([{**_EVENT, "card": "wrong_call", "target": -1}], "stack.0.card"),
        ([{**_EVENT, "card": "biased_referee", "target": -1}], "stack.0.card"),
        ([_SHOT, {**_EVENT, "seat": 1, "card": "biased_referee", "target": -1}], "stack.1.card"),
        ([{**_EVENT, "card": "controversy", "target": -1}], "stack.0.card"),  # 争议事件 adds depth, opens no frame
        ([{**_EVENT, "target": -1}], "stack.0.target"),
        ([{**_EVENT, "target": 0}], "stack.0.target"),  # an opponent (WB-GAP-31)
        ([{**_EVENT, "card": "tactical_change"}], "stack.0.target"),  # takes no target
        ([{**_EVENT, "extra": "long_shot"}], "stack.0.extra"),
        ([{**_EVENT, "card": "tactical_disruption", "extra": "banana"}], "stack.0.extra"),
        ([{**_EVENT, "depth": -1}], "stack.0.depth"),
        ([_SHOT, {**_KLOSE, "play": "penalty"}], "stack.1.shooter"),  # the context is the shot under the prompt
        ([_SHOT, {**_KLOSE, "at": 1}], "stack.1.at"),
        ([_SHOT, _KLOSE], "stack.1.effect"),  # Lahm has no header prompt
        ([{**_KLOSE, "effect": "second_wind", "point": "stamina_zero"}], "stack.0.effect"),
    ],
)
def test_a_frame_value_no_rule_writes_is_refused(stack: list[dict[str, Any]], field: str) -> None:
    """Issue 7: a frame's values were only type-checked, so a setup could name a shot of no known play, a Save made
    in no known way, or a reactive event with nothing under it to answer; each is a DataError naming the field."""
    base = _table(hands=[["shoot"], ["save"]], active=0, discard=["shoot"])
    with pytest.raises(DataError) as err:
        _read({**base, "stack": stack})
    assert err.value.field == field, err.value


@pytest.mark.parametrize(
    ("captain", "field"),
    [
        ({"how": "wall"}, "stack.1.how"),  # a captain never pays for a 人墙 (it costs nothing)
        ({"how": "banana"}, "stack.1.how"),
        ({}, None),
        ({"how": "gk"}, "stack.1.card"),
        ({"saver": 2}, "stack.1.saver"),  # the shooter's teammate saves nothing
        ({"seat": 3, "at": 3}, "stack.1.saver"),  # the captain pays for a teammate, not himself
        ({"cost": 0}, "stack.1.seat"),
        ({"cost": 99}, "stack.1.seat"),
    ],
)
def test_a_captain_prompt_names_a_save_the_captain_can_pay_for(captain: dict[str, Any], field: str | None) -> None:
    """Puyol's prompt (WB-GAP-6): the Save waiting in it is one the rules make, by his teammate against the shot."""
    base = _table(4, chars=["lahm", "puyol", "nesta", "rooney"], hands=[[], ["save"], ["shoot"], []], active=0)
    stack = [{**_SHOT, "from": 0, "at": -1}, {**_CAPTAIN, **captain}]
    if field is None:
        assert _read({**base, "stack": stack}).decision().seat == 1
        return
    with pytest.raises(DataError) as err:
        _read({**base, "stack": stack})
    assert err.value.field == field, err.value


def test_the_draft_runs_clockwise_from_the_starter() -> None:
    """Found by the mutations (WB-SETUP-4): a 2-seat draft whose active seat was not the starter was accepted; it
    picked, the draft ended as if every seat had chosen, and the match went on with the starter holding no
    character (its own setup then did not read back)."""
    draft = json.loads(json.dumps(GAME.new_state({"seats": 2}, 1).to_setup()))
    assert draft["phase"] == "draft" and draft["active"] == draft["starter"]
    with pytest.raises(DataError) as err:
        _read({**draft, "active": 1 - draft["starter"]})
    assert err.value.field == "active" and "WB-SETUP-4" in err.value.message
    first = GAME.new_state({"seats": 4}, 1)
    seat = first.decision().seat
    assert seat is not None
    first.apply(seat, first.legal_actions(seat)[0])  # the starter has chosen: the next seat clockwise is active
    _read(json.loads(json.dumps(first.to_setup())))
    with pytest.raises(DataError) as err:
        _read({**json.loads(json.dumps(first.to_setup())), "active": seat})
    assert err.value.field == "active"
