"""Setups the match can go on from (issue 7): from_setup is GameBase's (header, read_setup, check_playable);
a setup that names a question the rules would not ask, a step they would not run or a table that is no
table is a DataError naming the field, never a traceback; cards a setup leaves unnamed go to the deck."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as hs

from pitchside.core.errors import DataError
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.game import GAME, card_census
from tests.games.my_world_cup.helpers import PHYSICAL, setup
from tests.games.setup_mutations import MUTATIONS

PAIRING = setup(("pla", "plb"), (["AD4:top", "AD8:top"], ["AD8:bottom", "G1:top"]), hands=(["G2"], ["G3"]))


def _refused(s: dict[str, Any], field: str) -> DataError:
    with pytest.raises(DataError) as err:
        GAME.from_setup(s, "case.json")
    assert err.value.field == field, (err.value.field, err.value.message)
    assert err.value.file == "case.json"
    return err.value


@pytest.mark.parametrize(
    ("change", "field"),
    [
        # a deciding seat not among Decision.seats: side 0's lineup is ready, yet it is asked to field
        ({"phase": "lineup", "ready": [True, False], "revealed": False, "ask": ["field", 0]}, "ask"),
        # a neutral team is never asked (WC-GAP-24)
        ({"config": {**PAIRING["config"], "neutral": [True, False]}, "phase": "preparation", "ask": ["gamble", 0]},
         "ask"),
        # a seat to move with no legal action: a discard from an empty hand
        ({"phase": "preparation", "hands": [[], []], "ask": ["discard", 0, 1]}, "ask"),
        ({"ask": ["field", 0]}, "ask"),  # a lineup question in the pairing phase
        ({"ask": ["pair", 0, 0, 5]}, "ask"),  # side 0 has no slot 6
        ({"ask": ["pair", 1, 0, 0]}, "ask"),  # side 0's card is paired by side 0 (WC-MATCH-4)
        ({"ask": ["pair", 0, 0]}, "ask"),  # the active slot is missing
        ({"ask": ["remove", 0, 0]}, "ask"),  # the fouling team does not remove its own card (WC-GAP-5)
        ({"ask": ["reroll", 0, 2, 3, 0, 0]}, "ask"),  # dice mode 3
        ({"ask": ["foul", 0, 9]}, "ask"),  # no foul-die face 9
        ({"ask": ["swap_in", 0, 4]}, "ask"),
        ({"todo": [["draw", 5, 3]]}, "todo.0"),  # side 5
        ({"todo": [["attack", 0]]}, "todo.0"),  # an attack needs its dice and full dice
        ({"todo": [["draw", 0, 10**6]]}, "todo.0"),
        ({"todo": [[]]}, "todo.0"),
        ({"todo": [[3, 0]]}, "todo.0"),
        ({"config": 5}, "config"),
        ({"config": "friendly"}, "config"),
        ({"config": 0}, "config"),
        ({"seats": 4.0}, "seats"),
        ({"seats": [2]}, "seats"),
        ({"seats": 3}, "seats"),
        ({"rest": "discard"}, "rest"),
        ({"kicks": [1, 0]}, "kicks"),  # a kick before the shootout: it once stalled the shootout to come
        ({"phase": "shootout", "kicks": [0, 3], "ask": None}, "kicks"),  # kicks out of turn (WC-GAP-21)
        ({"phase": "shootout", "kicks": [2, 2], "pens": [3, 0], "ask": None}, "pens.0"),
        ({"hands": [["ZZ9"], []]}, "hands"),
        ({"hands": [["G1"] * 9, []]}, "hands"),
        # found by the mutations: Ivory Coast's first card named a slot the lineup did not have (0 in an empty
        # lineup), accepted, then an IndexError at the pairing (WC-TEAM-CIV-2, WC-GAP-15)
        ({"first": [-1, 2]}, "first.1"),
        ({"line": [["AD4:top", "AD8:top"], []], "stat": [[0, 0], []], "first": [-1, 0]}, "first.1"),
    ],
)  # fmt: skip
def test_setups_the_match_cannot_go_on_from_are_refused(change: dict[str, Any], field: str) -> None:
    GAME.from_setup(PAIRING)
    _refused({**PAIRING, **change}, field)


def test_unnamed_cards_go_to_the_deck_in_a_seeded_order() -> None:
    """Issue 7's rule for every game: the cards a setup does not name go to the deck, beneath the ones it
    names (those are drawn first), in an order drawn from the setup's rng; ``"rest": "deck"`` says so,
    ``"rest": "elsewhere"`` keeps them out of the match instead (a tournament's other hands)."""
    base = {"game": "my-world-cup", "config": {"teams": ["esp", "bra"]}, "phase": "lineup"}
    named = {**base, "hands": [["G1", "G2"], ["AD4"]], "deck": ["F10", "G5"], "rng": 7}
    st = GAME.read_setup(named, advance=False)
    assert len(st.deck) == 90 - 3 and st.deck[-2:] == ["F10", "G5"] and st.elsewhere == []
    assert card_census(st) == PHYSICAL
    again = GAME.read_setup({**named, "rest": "deck"}, advance=False)
    assert again.deck == st.deck and again.rng.state == st.rng.state == 7  # the match's dice are as named
    other = GAME.read_setup({**named, "rng": 8}, advance=False)
    assert other.deck[-2:] == ["F10", "G5"] and other.deck != st.deck
    assert sorted(other.deck) == sorted(st.deck)
    out = GAME.read_setup({**named, "rest": "elsewhere"}, advance=False)
    assert out.deck == ["F10", "G5"] and len(out.elsewhere) == 90 - 5 and card_census(out) == PHYSICAL
    whole = GAME.from_setup(json.loads(json.dumps(st.to_setup())))  # a written setup names every card
    assert whole.deck == st.deck


# ----------------------------------------------------------------------------- mutated setups (hypothesis)

_BASES: list[dict[str, Any]] = []


def _bases() -> list[dict[str, Any]]:
    if not _BASES:
        for mode in ("friendly", "group", "knockout"):
            for seed in range(4):
                st = GAME.new_state({"mode": mode, "neutral": [False, seed == 3]}, seed)
                rng = Rng(seed)
                while not st.is_over():
                    if rng.below(3) == 0:
                        _BASES.append(json.loads(json.dumps(st.to_setup())))
                    seat = st.decision().seat
                    assert seat is not None
                    legal = st.legal_actions(seat)
                    st.apply(seat, legal[rng.below(len(legal))])
    return _BASES


_JUNK = hs.one_of(
    hs.none(),
    hs.booleans(),
    hs.integers(-3, 12),
    hs.floats(allow_nan=False, width=16),
    hs.sampled_from(
        ["field", "pair", "draw", "attack", "lineup", "pairing", "over", "AD4", "AD4:top", "G2:bottom", ""]
    ),
)
_VALUE = hs.recursive(_JUNK, lambda inner: hs.lists(inner, max_size=5), max_leaves=12)
_FIELDS = [
    "phase",
    "ask",
    "todo",
    "line",
    "stat",
    "ready",
    "revealed",
    "limit",
    "first",
    "period",
    "score",
    "hands",
    "deck",
    "discard",
    "elsewhere",
    "pens",
    "kicks",
    "used",
    "yellows",
    "reds",
    "rest",
    "seats",
    "rng",
]


@settings(max_examples=MUTATIONS, deadline=None)
@given(hs.integers(0, 10**6), hs.lists(hs.tuples(hs.sampled_from(_FIELDS), hs.booleans(), _VALUE), max_size=3))
def test_a_mutated_setup_is_refused_or_plays_to_the_end(pick: int, edits: list[tuple[str, bool, Any]]) -> None:
    """Issue 7: a setup is accepted only if the match can go on from it: a mutated setup (fields dropped or
    replaced by junk) is a DataError, or the match plays from it to the end with every card conserved
    (``PITCHSIDE_SETUP_MUTATIONS`` examples, 150 by default)."""
    bases = _bases()
    s = json.loads(json.dumps(bases[pick % len(bases)]))
    for field, drop, value in edits:
        if drop:
            s.pop(field, None)
        else:
            s[field] = value
    try:
        st = GAME.from_setup(s, "mutant.json")
    except DataError as e:
        assert e.file == "mutant.json" and e.message
        event("refused")
        return
    event("accepted and played to the end")
    want = Counter(st.t.m.cards.physical)
    rng = Rng(pick)
    for _ in range(600):
        if st.is_over():
            break
        seat = st.decision().seat
        assert seat is not None
        legal = st.legal_actions(seat)
        assert legal and not st.legal_actions(1 - seat)
        st.apply(seat, legal[rng.below(len(legal))])
        assert card_census(st) == want
    assert st.is_over()
    st.outcome()


def test_a_setup_names_the_next_rolls() -> None:
    """Issue 7: dice can be steered without searching seeds: ``rng.rolls`` lists the next faces (indexes into
    data/dice.toml: tactical 0-1 football, 2-5 numbers; foul 0-1 clean, 2-3 yellow, 4 red, 5 penalty), used
    first and in order (WC-GAP-4, WC-AD-0a: any football of an attack roll scores)."""
    lone = setup(("pla", "plb"), (["AD8:top"], []))  # a void attack: side 0 rolls its attack value in dice
    for faces, goals in (([2, 3, 4, 5, 2, 3, 4, 5, 2], 0), ([5, 5, 0, 5, 5, 5, 5, 5, 5], 1)):
        st = GAME.from_setup({**lone, "rng": {"state": 0, "rolls": faces}})
        (roll,) = st.rolls
        n = len(roll) - len("0T:")
        want = "".join("B" if f < 2 else str(f - 1) for f in faces[:n])
        assert roll == "0T:" + want and st.score == [goals, 0] and st.is_over()
        assert st.rng.rolls == tuple(faces[n:])  # the rest stay named (written in the setup until used)
    with pytest.raises(DataError) as err:
        GAME.from_setup({**lone, "rng": {"state": 0, "rolls": [6]}}, "case.json")
    assert err.value.field == "rng.rolls.0"
