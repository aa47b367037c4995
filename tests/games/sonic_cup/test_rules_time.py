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


# --------------------------------------------------------------------------- SC-PROJ-3, SC-DECK-3a, SC-ET-a
# The KB that opens a Shooting Phase: the shooter refills, his turn ends, then the phase begins (SC-SP-1,
# SC-FU-1). That refill is outside the phase, so an empty last deck there is SC-DECK-3a / SC-ET-a.


def opening_shot_on_a_tiny_deck(**fields: object):
    """2 players, counter 2 (the last deck) holding only P01: Blue moves 8 -> 9 with S12 (Shoot LCR) and
    shoots K22 (C), which opens the phase; his refill needs 2 cards and the deck has 1."""
    st = turn_2p(["P01"], **fields)
    play(st, 0, "move S12>9")
    return st, play(st, 0, "kb K22")


@pytest.mark.parametrize(("score", "winner"), [([1, 0], 0), ([0, 1], 1)])
def test_proj_3_deck_3a_opening_refill_is_outside_the_leader_wins_at_once(score: list[int], winner: int):
    """SC-PROJ-3, SC-SP-1, SC-DECK-3a, SC-GAP-26: the last deck runs out during the refill before the phase:
    no shuffle, the game ends there (refill abandoned, the shot never answered) and the leader wins, even
    against the shooting team."""
    st, ev = opening_shot_on_a_tiny_deck(score=score)
    assert kinds(ev) == ["shot", "draw", "drew", "over"]
    assert ev[-1].data == {"ending": "time", "score": score}
    assert sizes(st) == [8, 9] and ev[2].data["cards"] == ["P01"]
    assert st.is_over() and not st.end_after_phase and st.counter == 2
    assert st.outcome().winner == winner and st.outcome().ending == "time"
    refuse(st, 1, "pass", "SC-END-2")  # no defender is asked: the phase never began


def test_proj_3_deck_3a_opening_refill_at_level_scores_starts_extra_time_then_the_phase():
    """SC-PROJ-3, SC-DECK-3a, SC-GAP-28: level: extra time with one last shuffle during the refill, which
    completes; then the phase begins, wholly in extra time (not a phase to finish before extra time)."""
    st, ev = opening_shot_on_a_tiny_deck(score=[1, 1])
    assert kinds(ev) == ["shot", "extra-time", "reshuffle", "draw", "drew"]
    assert ev[2].data["extra_time"] is True and ev[2].data["counter"] == 2
    assert st.extra_time and not st.end_after_phase and sizes(st) == [9, 9] and conserved(st)
    assert who(st) == ("response", 1, "shooting-phase:defend") and st.counter == 2
    ev = play(st, 1, "pass")  # SC-SP-3, SC-SP-2a: a goal in extra time, and the match goes on
    assert kinds(ev)[:3] == ["pass", "goal", "restart"] and not st.is_over() and st.score == [2, 1]


def test_proj_3_et_a_opening_refill_in_extra_time_ends_the_game():
    """SC-PROJ-3, SC-ET-a: in extra time the deck runs out at the refill before the phase: game over."""
    st, ev = opening_shot_on_a_tiny_deck(score=[1, 1], extra_time=True)
    assert kinds(ev) == ["shot", "draw", "drew", "over"]
    assert st.ending == "extra-time" and st.outcome().winner is None and st.score == [1, 1]


FU_SHOOTER = ["S10", "K21", "M20", "M20", "M21", "M21", "M21"]  # Shoot L, no L KB
FU_MATE = ["K02", "K19", "M03", "M03", "M02", "M02", "M07", "M08"]  # K02 is an L KB; GK+MF: limit 8
FU_RED1 = ["K28", "F06", "K30", "M20", "M20", "M16", "M16"]
FU_RED3 = ["K27", "K29", "K26", "K25", "K23", "F05", "M01", "M01"]


def test_proj_3_deck_3a_refill_after_a_successful_follow_up_is_outside_too():
    """SC-PROJ-3, SC-FU-1, SC-DECK-3a: 4 players, counter 3 (the last deck) holding one card. The
    Shoot-card player's refill takes it; the follow-up KB opens the phase, and its refill (before the
    phase) finds the last deck empty: Red leads, the game ends."""
    hands = {0: FU_SHOOTER[:], 1: FU_RED1[:], 2: FU_MATE[:], 3: FU_RED3[:]}
    st = tiny(4, hands, ["P05"], ball=8, actor=0, counter=3, score=[0, 1])
    ev = play(st, 0, "move S10>9")
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot"] and st.deck == []
    assert who(st) == ("response", 2, "follow-up") and not st.fu_in_sp
    ev = play(st, 2, "kb K02")
    assert kinds(ev) == ["follow-up", "shot", "over"]
    assert st.ending == "time" and st.outcome().winner == 1 and sizes(st) == [7, 7, 7, 8]


# --------------------------------------------------------------------------- SC-DECK-3b, SC-ET-b
# Refills after an action inside the phase (a later shot, a block, a follow-up there) are inside it.


def reshot_on_a_tiny_deck(**fields: object):
    """2 players, inside the phase: Red blocked with C; Blue shoots again with K22 (C) and must draw 1
    from the last deck (counter 2), which is empty: SC-DECK-3b."""
    fields.setdefault("counter", 2)
    st = tiny(2, {0: BLUE[:], 1: RED[:]}, [], ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C,
              last_shooter=0, last_blocker=1, actor=0, queue=[0], **fields)  # fmt: skip
    return st, play(st, 0, "kb K22")


def test_deck_3b_proj_3_a_later_shots_refill_is_inside_shuffle_and_the_phase_goes_on():
    """SC-DECK-3b, SC-PROJ-3, SC-GAP-25: the deck runs out at a refill inside the phase: shuffle, no end yet."""
    st, ev = reshot_on_a_tiny_deck(score=[1, 0])
    assert kinds(ev) == ["shot", "reshuffle", "draw", "drew"]
    assert not st.is_over() and st.end_after_phase and not st.extra_time and st.counter == 2
    assert sizes(st) == [9, 9] and conserved(st)
    assert who(st) == ("response", 1, "shooting-phase:defend")


def test_deck_3b_leader_wins_when_the_shooting_phase_ends():
    """SC-DECK-3b, SC-SP-2c: after the shuffle the phase is played out; it ends (defense success) and the
    leader wins then."""
    st, _ = reshot_on_a_tiny_deck(score=[1, 0])
    play(st, 1, "kb K28")
    assert st.phase is Phase.SHOOTING
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "over"]
    assert st.ending == "time" and st.outcome().winner == 0


def test_deck_3b_goal_ends_the_phase_then_the_game():
    """SC-DECK-3b, SC-SP-2a: a goal that ends the phase after the last exhaustion: no restart, game over."""
    st, _ = reshot_on_a_tiny_deck(score=[0, 0])
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass", "goal", "over"] and st.score == [1, 0] and st.ending == "time"


def test_deck_3b_level_after_the_phase_extra_time_with_the_just_shuffled_deck():
    """SC-DECK-3b, SC-GAP-28: level when the phase ends: extra time, no new shuffle; play goes on."""
    st, _ = reshot_on_a_tiny_deck(score=[0, 0])
    deck_after_shuffle = len(st.deck)
    play(st, 1, "kb K28")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "extra-time", "turn"]
    assert st.extra_time and st.counter == 2 and not st.end_after_phase
    assert len(st.deck) == deck_after_shuffle - 1  # only the blocker's refill came out of it
    assert who(st) == ("turn", 1, "turn")


def test_et_b_extra_time_deck_runs_out_in_the_phase_game_ends_with_it():
    """SC-ET-b: in extra time the deck runs out inside the phase: shuffle, finish it, game over."""
    st, ev = reshot_on_a_tiny_deck(score=[0, 0], extra_time=True)
    assert "reshuffle" in kinds(ev) and not st.is_over()
    play(st, 1, "kb K28")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "over"]
    assert st.ending == "extra-time" and st.outcome().winner is None


def test_deck_3b_proj_3_a_follow_up_inside_the_phase_refills_inside():
    """SC-DECK-3b, SC-PROJ-3, SC-SP-7: a follow-up after a Shoot card inside the phase does not open it:
    its refill from the empty last deck shuffles and the phase goes on (contrast the follow-up above)."""
    hands = {0: FU_SHOOTER[1:], 1: FU_RED1[:], 2: FU_MATE[:], 3: FU_RED3[:]}
    st = tiny(4, hands, [], ball=9, phase="follow_up", attack=0, shoot=L, fu_shooter=0, fu_in_sp=True,
              arrows=C, shot_arrows=C, last_shooter=0, last_blocker=1, actor=2, queue=[2], counter=3,
              score=[0, 1])  # fmt: skip
    ev = play(st, 2, "kb K02")
    assert kinds(ev) == ["follow-up", "shot", "reshuffle", "draw", "drew"]
    assert not st.is_over() and st.end_after_phase and sizes(st) == [6, 7, 8, 8]
    assert who(st) == ("response", 3, "shooting-phase:defend")


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
