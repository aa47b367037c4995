"""Time: deck exhaustion, the deck counter, extra time, KO and the final result.

Rules: SC-DECK-1..3 (3a, 3b, 3c), SC-ET-a/b/c, SC-END-1, SC-END-2 (2a..2c), SC-GAP-25, SC-GAP-26, SC-GAP-28,
SC-PROJ-3 (docs/rules/sonic-cup.md §2, §16). Small decks: the named cards are the whole deck, every other
card is in the discard pile.
"""

from __future__ import annotations

import pytest

from pitchside.core.decision import DecisionKind
from pitchside.games.sonic_cup.cards import Arrow
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.checks import conserved, refuse, rest_of_deck, sizes, who
from tests.games.sonic_cup.helpers import kinds, play, scenario

L, C = int(Arrow.L), int(Arrow.C)
BLUE = ["S12", "K22", "M21", "M21", "M21", "M20", "M20", "M19", "M15"]
RED = ["K28", "F06", "K30", "M16", "M16", "M17", "M18", "M13", "M12"]


def tiny(n: int, hands: dict[int, list[str]], deck: list[str], **fields: object):
    """``deck`` (drawn in list order) is the whole deck; every card not in a hand is in the discard pile."""
    discard = rest_of_deck(*hands.values(), deck)
    return scenario(n, hands=hands, deck_top=deck, discard=discard, fill=False, **fields)


def turn_2p(deck: list[str], **fields: object):
    """2 players, Blue to move with the ball in 8; after 'move M21>8', 'move M20>8', 'end' he needs 2."""
    fields.setdefault("ball", 8)
    fields.setdefault("actor", 0)
    fields.setdefault("counter", 2)
    return tiny(2, {0: BLUE[:], 1: RED[:]}, deck, **fields)


def end_turn_with_two(st):
    play(st, 0, "move M21>8")
    play(st, 0, "move M20>8")
    return play(st, 0, "end")


# --------------------------------------------------------------------------- SC-DECK-1, SC-DECK-2, SC-END-2a..c


def test_deck_1_2_empty_deck_reshuffles_the_discard_and_turns_the_counter():
    """SC-DECK-1, SC-DECK-2, SC-GAP-25: first card from the deck, then discard -> deck, counter 1 -> 2."""
    st = turn_2p(["P01"], counter=1)
    discarded = len(st.discard)
    ev = end_turn_with_two(st)
    assert kinds(ev) == ["reshuffle", "draw", "drew", "turn"]
    assert ev[0].data == {"cards": discarded + 2, "counter": 2, "extra_time": False}
    assert ev[2].data["cards"][0] == "P01" and sizes(st) == [9, 9]
    assert st.counter == 2 and not st.extra_time and st.discard == []
    assert len(st.deck) == discarded + 1 and conserved(st)
    assert who(st) == ("turn", 1, "turn")


def test_gap_25_reshuffle_only_when_a_draw_needs_a_card():
    """SC-GAP-25: a refill that empties the deck exactly does not reshuffle or turn the counter."""
    st = turn_2p(["P01", "P02"], counter=1)
    ev = end_turn_with_two(st)
    assert "reshuffle" not in kinds(ev) and st.deck == [] and st.counter == 1


FINAL = [(2, 2), (4, 3), (6, 3), (8, 4), (10, 4)]
OPENING = ["M13", "M14", "M11", "M12", "M10", "M15", "M19", "M07", "M08"]


def one_card_turn(n: int, counter: int, score: list[int]):
    """Seat 0 holds a full hand, plays M13 in place in zone 5 and ends: he must draw one card."""
    limit = {2: 9, 4: 7}.get(n, 5)
    st = tiny(n, {0: OPENING[:limit]}, [], ball=5, actor=0, counter=counter, score=score)
    play(st, 0, "move M13>5")
    return st, play(st, 0, "end")


@pytest.mark.parametrize(("n", "final"), FINAL)
def test_end_2abc_the_deck_is_used_up_2_3_or_4_times(n: int, final: int):
    """SC-END-2a, SC-END-2b, SC-END-2c, SC-DECK-2: before the last deck an exhaustion only turns the
    counter; exhausting deck number F (2 / 3 / 4) ends the game when a team leads."""
    st, ev = one_card_turn(n, final - 1, [1, 0])
    assert kinds(ev)[:3] == ["reshuffle", "draw", "drew"]
    assert st.counter == final and st.phase is (Phase.STEAL if n > 2 else Phase.TURN)
    assert len(st.hands[0]) == {2: 9, 4: 7}.get(n, 5)  # the refill completed from the new deck
    st, ev = one_card_turn(n, final, [1, 0])
    assert kinds(ev) == ["over"] and ev[0].data == {"ending": "time", "score": [1, 0]}
    assert st.is_over() and st.outcome().winner == 0 and st.counter == final


# --------------------------------------------------------------------------- SC-DECK-3a, SC-ET-a


def test_deck_3a_last_deck_runs_out_at_a_refill_and_the_leader_wins():
    """SC-DECK-3, SC-DECK-3a, SC-END-2, SC-GAP-26: the last deck runs out mid-refill: game over, refill abandoned."""
    st = turn_2p(["P01"], score=[0, 1])
    ev = end_turn_with_two(st)
    assert set(kinds(ev)) == {"over", "draw", "drew"}
    over = next(e for e in ev if e.kind == "over")
    assert over.data == {"ending": "time", "score": [0, 1]}
    assert sizes(st) == [8, 9]  # one card drawn, the second never comes
    assert st.is_over() and st.decision().kind is DecisionKind.OVER
    out = st.outcome()
    assert out.winner == 1 and out.returns == (-1.0, 1.0) and out.ending == "time"
    refuse(st, 1, "pass", "SC-END-2")


def test_deck_3a_level_scores_go_to_extra_time_with_one_last_shuffle():
    """SC-DECK-3a, SC-END-2, SC-GAP-28: level at the last exhaustion: extra time, the counter stays."""
    st = turn_2p(["P01"], score=[1, 1])
    ev = end_turn_with_two(st)
    assert kinds(ev) == ["extra-time", "reshuffle", "draw", "drew", "turn"]
    assert ev[1].data["extra_time"] is True and ev[1].data["counter"] == 2
    assert st.extra_time and st.counter == 2 and sizes(st) == [9, 9]
    assert who(st) == ("turn", 1, "turn") and st.view(1)["extra_time"] is True


def test_et_a_extra_time_ends_when_its_deck_runs_out_at_a_refill():
    """SC-ET-a, SC-END-2: in extra time the next exhaustion at a refill ends the game: level = draw."""
    st = turn_2p(["P01"], extra_time=True)
    ev = end_turn_with_two(st)
    over = next(e for e in ev if e.kind == "over")
    assert over.data == {"ending": "extra-time", "score": [0, 0]}
    assert st.outcome().winner is None and st.outcome().returns == (0.0, 0.0)
    assert st.counter == 2 and sizes(st)[0] == 8


def test_et_a_extra_time_leader_after_a_goal_wins_at_exhaustion():
    """SC-ET-a, SC-END-2: extra time ends at the exhaustion; the higher score then wins."""
    st = turn_2p(["P01"], extra_time=True, score=[2, 1])
    end_turn_with_two(st)
    assert st.is_over() and st.ending == "extra-time" and st.outcome().winner == 0


def exchange_2p(**fields: object):
    return tiny(2, {0: BLUE[:], 1: RED[:]}, [], ball=6, phase="exchange", queue=[1, 0], actor=1, kick_seat=1,
                counter=2, **fields)  # fmt: skip


def test_deck_3a_last_deck_runs_out_at_the_restart_exchange():
    """SC-DECK-3a, SC-GAP-25: an exchange draw from the empty last deck ends the game (a team leads)."""
    st = exchange_2p(score=[2, 1])
    play(st, 1, "swap M16")
    ev = play(st, 1, "done")
    assert kinds(ev) == ["over"] and st.ending == "time" and sizes(st) == [9, 8]


def test_deck_3a_exchange_at_level_scores_starts_extra_time():
    """SC-DECK-3a: level at the exchange: shuffle once more and carry on with the exchange."""
    st = exchange_2p(score=[1, 1])
    play(st, 1, "swap M16")
    ev = play(st, 1, "done")
    assert kinds(ev) == ["extra-time", "reshuffle", "draw", "drew"]
    assert st.extra_time and sizes(st) == [9, 9] and who(st) == ("turn", 0, "exchange")


def test_et_a_extra_time_ends_at_the_restart_exchange():
    """SC-ET-a: in extra time an exchange draw from the empty deck ends the game."""
    st = exchange_2p(score=[1, 1], extra_time=True)
    play(st, 1, "swap M16")
    play(st, 1, "done")
    assert st.is_over() and st.ending == "extra-time" and st.outcome().winner is None


def test_gap_25_a_crowd_singing_draw_counts_as_outside():
    """SC-GAP-25: the teammates' singing draw from the empty last deck ends the game (a team leads)."""
    st = tiny(8, {0: ["M13", "M14", "M11", "M12", "M10"]}, [], ball=5, actor=0, counter=4, score=[0, 1])
    ev = play(st, 0, "sing")
    assert kinds(ev) == ["sing", "over"] and st.ending == "time" and st.outcome().winner == 1


# --------------------------------------------------------------------------- SC-DECK-3b, SC-ET-b, SC-PROJ-3


def shot_on_a_tiny_deck(**fields: object):
    """Blue shoots (S12, K22 C) with one card left in the last deck: his refill empties it (inside)."""
    st = turn_2p(["P01"], **fields)
    play(st, 0, "move S12>9")
    ev = play(st, 0, "kb K22")
    return st, ev


def test_proj_3_the_opening_shooters_refill_is_inside_the_phase():
    """SC-PROJ-3, SC-DECK-3b: the shooter's refill runs out the last deck: shuffle, the phase goes on."""
    st, ev = shot_on_a_tiny_deck(score=[1, 0])
    assert kinds(ev) == ["shot", "reshuffle", "draw", "drew"]
    assert not st.is_over() and st.end_after_phase and sizes(st) == [9, 9]
    assert who(st) == ("response", 1, "shooting-phase:defend") and st.counter == 2


def test_deck_3b_leader_wins_when_the_shooting_phase_ends():
    """SC-DECK-3b: after the shuffle the phase is played out; it ends (goal) and the leader wins."""
    st, _ = shot_on_a_tiny_deck(score=[1, 0])
    ev = play(st, 1, "kb K28")
    assert st.phase is Phase.SHOOTING
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "over"]
    assert st.ending == "time" and st.outcome().winner == 0


def test_deck_3b_goal_ends_the_phase_then_the_game():
    """SC-DECK-3b, SC-SP-2a: a goal that ends the phase after the last exhaustion: no restart, game over."""
    st, _ = shot_on_a_tiny_deck(score=[0, 0])
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass", "goal", "over"] and st.score == [1, 0] and st.ending == "time"


def test_deck_3b_level_after_the_phase_extra_time_with_the_just_shuffled_deck():
    """SC-DECK-3b, SC-GAP-28: level when the phase ends: extra time, no new shuffle; play goes on."""
    st, _ = shot_on_a_tiny_deck(score=[0, 0])
    deck_after_shuffle = len(st.deck)
    play(st, 1, "kb K28")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "extra-time", "turn"]
    assert st.extra_time and st.counter == 2 and not st.end_after_phase
    assert len(st.deck) == deck_after_shuffle - 1  # only the blocker's refill came out of it
    assert who(st) == ("turn", 1, "turn")


def test_et_b_extra_time_deck_runs_out_in_the_phase_game_ends_with_it():
    """SC-ET-b: in extra time the deck runs out inside the phase: shuffle, finish it, game over."""
    st, ev = shot_on_a_tiny_deck(score=[0, 0], extra_time=True)
    assert "reshuffle" in kinds(ev) and not st.is_over()
    play(st, 1, "kb K28")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "over"]
    assert st.ending == "extra-time" and st.outcome().winner is None


# --------------------------------------------------------------------------- SC-DECK-3c, SC-ET-c

# Every Kick/Block with an L arrow is held, so no reveal can match an L shot: the penalty surely misses.
BLUE_L = ["K02", "K03", "K04", "K05", "K06", "K07", "K09", "K10", "K11"]
RED_L = ["K12", "K14", "K18", "F06", "M16", "M16", "M17", "M18", "M13"]


def penalty_on_a_tiny_deck(**fields: object):
    """Red fouls Blue's L shot; the deck holds 2 cards: the fouler's refill and one reveal."""
    st = tiny(2, {0: BLUE_L[:], 1: RED_L[:]}, ["P01", "P02"], ball=9, phase="shooting", attack=0, arrows=L,
              shot_arrows=L, last_shooter=0, actor=1, queue=[1], counter=2, **fields)  # fmt: skip
    return st, play(st, 1, "foul F06")


def test_deck_3c_penalty_shuffles_and_keeps_revealing_then_extra_time():
    """SC-DECK-3c, SC-GAP-19: the last deck runs out after one reveal: shuffle, reveal 4 more, then level
    -> extra time with that deck, and the restart follows."""
    st, ev = penalty_on_a_tiny_deck(score=[0, 0])
    ks = kinds(ev)
    assert ks[:5] == ["foul", "draw", "drew", "penalty-reveal", "reshuffle"]
    assert ks.count("penalty-reveal") == 5 and ks.index("penalty") > ks.index("reshuffle")
    assert ks[-3:] == ["penalty", "extra-time", "restart"]
    assert st.score == [0, 0] and st.extra_time and st.counter == 2
    assert who(st) == ("turn", 1, "exchange") and not st.is_over()


def test_deck_3c_penalty_leader_wins_once_the_penalty_is_over():
    """SC-DECK-3c: a team leads when the penalty is over: the game ends then, not at the shuffle."""
    st, ev = penalty_on_a_tiny_deck(score=[1, 0])
    ks = kinds(ev)
    assert ks.count("penalty-reveal") == 5 and ks[-2:] == ["penalty", "over"]
    assert st.ending == "time" and st.outcome().winner == 0


def test_et_c_extra_time_penalty_runs_out_the_deck_game_ends_after_it():
    """SC-ET-c: in extra time the deck runs out during a penalty: keep revealing, then the game ends."""
    st, ev = penalty_on_a_tiny_deck(score=[1, 1], extra_time=True)
    ks = kinds(ev)
    assert ks.count("penalty-reveal") == 5 and ks[-2:] == ["penalty", "over"]
    assert st.ending == "extra-time" and st.outcome().winner is None


# --------------------------------------------------------------------------- SC-END-1


def test_end_1_third_goal_is_a_ko_at_once():
    """SC-END-1: the third point ends the game immediately: no restart; later actions are refused."""
    st = scenario(2, ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C, last_shooter=0, actor=1,
                  queue=[1], score=[2, 1])  # fmt: skip
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass", "goal", "over"]
    assert ev[-1].data == {"ending": "ko", "score": [3, 1]}
    out = st.outcome()
    assert out.winner == 0 and out.ending == "ko" and out.scores == (3, 1)
    refuse(st, 0, "pass", "SC-END-1")


def test_end_1_a_penalty_can_be_the_ko():
    """SC-END-1, SC-SP-6: a successful penalty for the third point ends the game at once."""
    st = scenario(4, ball=1, phase="shooting", attack=1, arrows=C, shot_arrows=C, last_shooter=1, actor=2,
                  queue=[2, 0], score=[0, 2], hands={2: ["F01", "M02", "M03", "M03", "M03", "M02", "M02", "M01"]},
                  deck_top=["P01", "K13"])  # fmt: skip
    ev = play(st, 2, "foul F01")
    assert kinds(ev)[-3:] == ["penalty", "goal", "over"] and st.ending == "ko" and st.outcome().winner == 1


def test_end_1_ko_applies_in_extra_time_too():
    """SC-END-1: a third point in extra time is a KO, before the extra-time deck runs out."""
    st = scenario(2, ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C, last_shooter=0, actor=1,
                  queue=[1], score=[2, 2], extra_time=True, counter=2)  # fmt: skip
    play(st, 1, "pass")
    assert st.ending == "ko" and st.outcome().winner == 0
