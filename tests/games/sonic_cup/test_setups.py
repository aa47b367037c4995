"""Setups people can write, checked before they are trusted (issue 7; docs/notation.md, "Setup notation").

from_setup is GameBase's (the header, the reader in setup.py, core's check_playable). The cards a setup does
not name go to the deck, beneath the ones it names, in an order drawn from the setup's ``rng`` ("rest":
"deck", the default); Sonic Cup has no cards outside the match, so "rest": "elsewhere" is refused. A mutated
setup is refused with a DataError naming the file, or the match plays from it to the end (SC-SETUP-5: the
108 cards are conserved).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from pitchside.core.decision import DecisionKind
from pitchside.core.errors import DataError
from pitchside.games.sonic_cup.game import GAME, card_census
from pitchside.games.sonic_cup.rules import SonicCupState
from tests.games.setup_mutations import MUTATIONS, bases_from, mutant, refused_or_plays_to_the_end
from tests.games.sonic_cup.helpers import scenario

PHYSICAL = card_census(GAME.new_state({"seats": 4}, 0))


def _read(setup: dict[str, Any]) -> SonicCupState:
    return GAME.from_setup(json.loads(json.dumps(setup)), "case.json")


def test_unnamed_cards_go_to_the_deck_in_a_seeded_order() -> None:
    """Issue 7, one rule for every game: a setup names only what matters; the other cards of the 108 go to the
    deck beneath the ones ``deck`` names (those are drawn first), in an order drawn from ``rng`` by a generator
    of its own (the match's own ``rng`` stays as written)."""
    named: dict[str, Any] = {
        "game": "sonic-cup",
        "seats": 2,
        "hands": [["S01", "K13", "M02"], ["K22", "F03"]],
        "deck": ["P04", "K18"],
        "rng": 7,
    }
    st = _read(named)
    assert len(st.deck) == 108 - 5 and st.deck[-2:] == ["P04", "K18"] and card_census(st) == PHYSICAL
    assert st.hands == [["S01", "K13", "M02"], ["K22", "F03"]] and st.rng.state == 7
    again = _read({**named, "rest": "deck"})
    assert again.deck == st.deck and again.fingerprint() == st.fingerprint()
    other = _read({**named, "rng": 8})
    assert other.deck[-2:] == ["P04", "K18"] and other.deck != st.deck and sorted(other.deck) == sorted(st.deck)
    assert GAME.from_setup(json.loads(json.dumps(st.to_setup()))).deck == st.deck  # a written setup names all
    assert "rest" not in st.to_setup()


def test_a_setup_may_name_one_hand_and_leave_the_rest() -> None:
    for seats in GAME.seat_counts:
        hands = [["M01", "M02", "M03"]] + [[] for _ in range(seats - 1)]
        st = _read({"game": "sonic-cup", "seats": seats, "rng": seats, "hands": hands})
        assert len(st.deck) == 105 and card_census(st) == PHYSICAL
        assert st.decision().seat == st.actor == 0 and st.legal_actions(0)


def test_a_table_where_nobody_can_play_is_refused() -> None:
    """Found by the mutations: with every hand empty each seat may pass (nothing to play, SC-PROJ-11), a pass
    draws nothing (SC-TURN-4), and the match passed for ever. (At 8 and 10 seats Crowd Singing refills the
    singer's hand, SC-CROWD-2: that match goes on.)"""
    assert _read({"game": "sonic-cup", "seats": 10}).legal_actions(0)
    for seats in (2, 4):
        with pytest.raises(DataError) as err:
            _read({"game": "sonic-cup", "seats": seats})
        assert err.value.field == "hands" and "cannot go on" in err.value.message


def test_a_window_whose_cards_can_only_be_played_elsewhere_is_refused() -> None:
    """Found reading the check (issue 7): "someone can play on some zone" let a steal window through whose only
    card, F01, cannot be played from the ball's zone 5: seat 1 could not steal, passed, and then every turn passed
    for ever on zone 5. Every line of play is now followed until a card is played; none may reach a table where no
    card is played again."""
    window = {"game": "sonic-cup", "seats": 2, "kickoff": False, "ball": 5, "hands": [[], ["F01"]], "phase": "steal",
              "queue": [1], "actor": 1, "steal_from": 0, "next_seat": 0}  # fmt: skip
    with pytest.raises(DataError) as err:
        _read(window)
    assert err.value.field == "hands" and "cannot go on" in err.value.message
    assert _read({**window, "hands": [[], ["F01", "M03", "M04"]]}).legal_actions(1)
    # Found by random setups: every defender passes, a goal, and the restart deals a card only if the conceding
    # seat takes the Goalkeeper's card (SC-RS-3, SC-ROLE-GK-a); on any other pick no card is ever played again.
    shooting = {"game": "sonic-cup", "seats": 2, "kickoff": False, "ball": 1, "hands": [[], []], "phase": "shooting",
                "queue": [0], "actor": 0, "attack": 1, "arrows": 2}  # fmt: skip
    with pytest.raises(DataError) as err:
        _read(shooting)
    assert err.value.field == "hands" and "cannot go on" in err.value.message


def test_rest_elsewhere_is_refused_every_card_is_in_the_match() -> None:
    for rest, words in (("elsewhere", "no cards outside the match"), ("discard", "only 'deck'"), (["deck"], "")):
        with pytest.raises(DataError) as err:
            _read({"game": "sonic-cup", "seats": 2, "rest": rest})
        assert err.value.field == "rest" and err.value.file == "case.json" and words in err.value.message


def test_a_card_too_many_is_still_refused() -> None:
    with pytest.raises(DataError) as err:
        _read({"game": "sonic-cup", "seats": 2, "hands": [["S01"] * 9, []]})
    assert err.value.field == "deck" and "conserved" in err.value.message


@pytest.mark.parametrize("seats", [2, 4, 6, 8, 10])
def test_a_full_setup_round_trips_byte_identical(seats: int) -> None:
    """Setups to_setup() writes name every card: reading one and writing it again gives the same text."""
    for setup in [b for b in _bases() if b["seats"] == seats][:12]:
        text = json.dumps(setup)
        assert json.dumps(GAME.from_setup(json.loads(text)).to_setup()) == text


def test_scenarios_still_fill_the_deck_themselves() -> None:
    st = scenario(4, hands={0: ["S01"]})
    assert card_census(st) == PHYSICAL


# ----------------------------------------------------------------------------- mutated setups (hypothesis)

_BASES: list[dict[str, Any]] = []


def _open(st: Any) -> bool:
    """A window open (steal, follow-up, Shooting Phase, ...) or a multi-card play half made."""
    return bool(st.decision().kind is not DecisionKind.TURN or st.picks)


def _bases() -> list[dict[str, Any]]:
    if not _BASES:
        configs = [{"seats": n} for n in GAME.seat_counts] + [{"seats": 2, "kickoff": "red"}]
        _BASES.extend(bases_from(GAME, configs, _open))
    return _BASES


_FIELDS = sorted({k for b in _bases()[:40] for k in b} | {"rest", "roles"})
_WORDS = ["turn", "steal", "follow_up", "shooting", "role_change", "exchange", "sing_discard", "over", "GK", "MF",
          "FW", "DF", "LSF", "keep", "S01", "P04", "K22", "F03", "M13", "deck", "elsewhere"]  # fmt: skip


def test_the_bases_cover_open_windows_and_every_seat_count() -> None:
    bases = _bases()
    assert {b["seats"] for b in bases} == set(GAME.seat_counts)
    phases = {b["phase"] for b in bases}
    assert {"turn", "steal", "shooting", "follow_up", "over"} <= phases, phases
    assert any(b["picks"] for b in bases) and any(b["queue"] for b in bases)


@settings(max_examples=MUTATIONS, deadline=None)
@given(hs.data())
def test_a_mutated_setup_is_refused_or_plays_to_the_end(data: hs.DataObject) -> None:
    """Issue 7: a setup is accepted only if the match can go on from it: a mutated setup is a DataError naming
    the file, or the match plays from it to the end, cards conserved (``PITCHSIDE_SETUP_MUTATIONS`` examples)."""
    setup, seed = mutant(data, _bases(), _FIELDS, _WORDS)
    refused_or_plays_to_the_end(GAME, setup, seed, card_census)


def test_a_play_half_made_must_be_one_the_hand_can_finish() -> None:
    """Found by the mutations (SC-MAN-3): a setup whose seat had begun "any three cards" (one pick made) with one
    card left in hand was accepted; the second pick was legal, and then the seat had nothing to play (a stall)."""
    half = {"game": "sonic-cup", "seats": 2, "actor": 0, "played": 1, "pending": "any", "picks": ["M20"]}
    with pytest.raises(DataError) as err:
        _read({**half, "hands": [["M03"], ["M05"]]})
    assert err.value.field == "picks" and "cannot be finished" in err.value.message
    st = _read({**half, "hands": [["M03", "M04"], ["M05"]]})
    assert [str(a) for a in st.legal_actions(0)] == ["any M03", "any M04"]


@pytest.mark.parametrize(
    "change",
    [
        {"pending": ""},  # found by the mutations: the picked card was lost when the turn ended
        {"pending": "pk", "picks": ["P04", "P05"]},
        {"pending": "fw", "picks": []},
        {"pending": "any", "picks": ["M20", "M21", "M22"]},
        {"phase": "steal", "queue": [1], "actor": 1},
    ],
)
def test_picks_agree_with_the_play_half_made(change: dict[str, Any]) -> None:
    half = {"game": "sonic-cup", "seats": 4, "actor": 0, "played": 1, "pending": "any", "picks": ["M20"]}
    _read({**half, "hands": [["M03", "M04"], [], [], []]})
    with pytest.raises(DataError) as err:
        _read({**half, "hands": [["M03", "M04"], [], [], []], **change})
    assert err.value.field == "picks", err.value


def test_crowd_singing_only_at_eight_or_ten_seats_and_with_a_singer() -> None:
    """Found by the conformance check on a setup (issue 7): a 4-seat fresh deal in phase sing_discard was accepted,
    played on, and reached a state whose own setup did not read back (steal_from -1). SC-CROWD-1: Crowd Singing is
    for 8 or 10 players; SC-CROWD-2: the singer's opponents discard to it."""
    fresh = json.loads(json.dumps(GAME.new_state({"seats": 4}, 1).to_setup()))
    for change, field in (({"phase": "sing_discard", "queue": [fresh["actor"]]}, "phase"), ({"singer": 1}, "singer")):
        with pytest.raises(DataError) as err:
            _read({**fresh, **change})
        assert err.value.field == field and "SC-CROWD-1" in err.value.message
    eight = json.loads(json.dumps(GAME.new_state({"seats": 8}, 1).to_setup()))
    for singer in (-1, 1):  # no singer; a singer whose own team would discard (seat 1's teammate 3 answers)
        with pytest.raises(DataError) as err:
            _read({**eight, "phase": "sing_discard", "actor": 3, "queue": [3], "singer": singer})
        assert err.value.field == "singer" and "SC-CROWD-2" in err.value.message
    st = _read({**eight, "phase": "sing_discard", "actor": 3, "queue": [3], "singer": 0, "sang": [True, False]})
    assert st.decision().seat == 3


def test_a_shot_is_on_the_goal_zone() -> None:
    """Issue 7 (an unreachable state): a Shooting Phase with the ball on zone 5 was accepted. The phase, a follow-up
    and a Shoot card just played in a turn have the ball in the goal zone the attack shoots at (SC-SP-8, SC-FU-1,
    SC-SHOOT-3): Blue (team 0) shoots at 9, Red at 1."""
    hands = [["K06", "M11", "M01"], ["K13", "M02", "M03"], ["K22", "M04", "M05"], ["K18", "M06", "M07"]]
    shooting = {"game": "sonic-cup", "seats": 4, "hands": hands, "phase": "shooting", "actor": 1, "queue": [1, 3],
                "attack": 0, "arrows": 2, "shot_arrows": 2, "last_shooter": 0}  # fmt: skip
    assert _read({**shooting, "ball": 9}).decision().seat == 1
    turn = {"game": "sonic-cup", "seats": 4, "hands": hands, "actor": 1, "played": 1, "shoot": 2}
    assert _read({**turn, "ball": 1}).decision().seat == 1
    for setup in ({**shooting, "ball": 5}, {**shooting, "ball": 1}, {**turn, "ball": 9}):
        with pytest.raises(DataError) as err:
            _read(setup)
        assert err.value.field == "ball" and "SC-SP-8" in err.value.message, err.value


def test_a_seat_that_has_played_refills_when_its_turn_ends() -> None:
    """Found by the mutations (the read-back of a later state): seat 1 had played this turn and held two cards it
    could not play where the ball was, seat 0 none; the table was refused as one where nobody can play, but
    ending the turn refills seat 1's hand (SC-TURN-2)."""
    table = {"game": "sonic-cup", "seats": 2, "actor": 1, "kickoff": False, "ball": 5, "hands": [[], ["K04", "K28"]]}
    with pytest.raises(DataError) as err:
        _read({**table, "hands": [[], ["K28"]]})  # nothing played: a pass draws nothing (SC-TURN-4)
    assert err.value.field == "hands"
    st = _read({**table, "played": 1, "hands": [[], ["K28"]]})
    assert [str(a) for a in st.legal_actions(1)][-1] == "end"
    st.apply(1, st.legal_actions(1)[-1])
    assert len(st.hands[1]) > 1
