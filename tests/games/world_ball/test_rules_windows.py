"""Response windows, exactly: who is asked, in which order, when a window closes.

Rules: WB-ACT-4, WB-GAP-5, WB-GAP-6, WB-GAP-10, WB-GAP-26, WB-GAP-32 (docs/rules/world-ball.md §6, §12).
"""

from __future__ import annotations

from pitchside.games.world_ball.state import Phase
from tests.games.world_ball.helpers import conserved, kinds, legal, play, refuse, scenario, who

# 6 seats: A = 0, 2, 4 and B = 1, 3, 5. Clockwise from seat 2's left: 3, 4, 5, 0, 1.
SIX = ["lahm", "rooney", "nesta", "gerrard", "iniesta", "kaka"]


def six(shooter_hand: list[str], **hands: list[str]):
    hs = {2: shooter_hand, **{int(k[1:]): v for k, v in hands.items()}}
    return scenario(6, SIX, hs, active=2)


def test_gap_6_opponents_answer_clockwise_from_the_shooters_left_and_a_lap_of_passes_scores():
    """WB-GAP-6, WB-GAP-5, WB-ACT-4: after seat 2 shoots, only opponents are asked, 3 then 5 then 1;
    when all three have passed in one lap the shot scores one point for team A."""
    st = six(["shoot"], s1=["save"], s3=["save"], s5=["save"], s0=["save"], s4=["save"])
    ev = play(st, 2, "play shoot")
    assert kinds(ev)[:2] == ["stamina", "shot"]
    assert who(st) == ("response", 3, "shot")
    assert st.decision().seats == (3, 5, 1)  # teammates 4 and 0 are not asked (WB-GAP-26)
    assert "play save" in legal(st)
    play(st, 3, "pass")
    assert who(st) == ("response", 5, "shot") and st.decision().seats == (5, 1)
    play(st, 5, "pass")
    assert who(st) == ("response", 1, "shot")
    ev = play(st, 1, "pass")
    assert "goal" in kinds(ev)
    assert st.score == [1, 0]
    assert who(st) == ("turn", 2, "action")  # back to the shooter's action phase
    assert conserved(st)


def test_gap_6_out_of_turn_answers_are_refused():
    """WB-GAP-6: seat 5 may not answer before seat 3; a teammate of the shooter is never asked."""
    st = six(["shoot"], s1=["save"], s3=["save"], s5=["save"], s4=["save"])
    play(st, 2, "play shoot")
    refuse(st, 5, "play save", "WB-GAP-6")
    refuse(st, 4, "play save", "WB-GAP-6")


def test_gap_6_a_save_restarts_the_lap_at_the_savers_left():
    """WB-GAP-6: a 点球 needs 2. Seat 3 saves (1/2); priority continues at seat 5; seat 5 and 1 pass;
    seat 3 is asked again (a new lap began with his Save); when he passes too, the penalty scores."""
    st = six(["penalty"], s1=["save"], s3=["save", "save"], s5=["save"])
    play(st, 2, "play penalty")
    ev = play(st, 3, "play save")
    assert kinds(ev) == ["stamina", "save", "save-counts"]  # the save window asks nobody: team A holds no card
    assert ev[-1].data == {"seat": 3, "saves": 1, "need": 2}
    assert who(st) == ("response", 5, "shot") and st.decision().seats == (5, 1, 3)
    play(st, 5, "pass")
    play(st, 1, "pass")
    assert who(st) == ("response", 3, "shot")
    ev = play(st, 3, "pass")
    assert "goal" in kinds(ev) and st.score == [1, 0]


def test_gap_6_a_save_chain_stops_as_soon_as_enough_saves_are_played():
    """WB-GAP-6, WB-GAP-7: the 点球 needs 2 saves; after seat 3's and seat 5's, it is negated at once —
    seat 1, who still holds a 救险, is not asked."""
    st = six(["penalty"], s1=["save"], s3=["save"], s5=["save"])
    play(st, 2, "play penalty")
    play(st, 3, "play save")
    ev = play(st, 5, "play save")
    assert kinds(ev)[-2:] == ["save-counts", "shot-negated"]
    assert ev[-1].data == {"shooter": 2, "play": "penalty", "by": 5}
    assert st.hands[1] == ["save"]
    assert who(st) == ("turn", 2, "action") and st.score == [0, 0]


def test_gap_6_seats_without_cards_are_not_asked():
    """WB-GAP-6: a seat with no card cannot answer anything; hand sizes are public, so it is skipped.
    With no opponent holding a card the shot scores at once."""
    st = six(["shoot", "shoot"], s5=["save"])
    play(st, 2, "play shoot")
    assert st.decision().seats == (5,)
    play(st, 5, "play save")
    assert who(st) == ("response", 2, "save")  # the shooter still holds a card: he may answer the Save
    play(st, 2, "pass")
    assert who(st) == ("turn", 2, "action")
    ev = play(st, 2, "play shoot")
    assert "goal" in kinds(ev) and st.score == [1, 0]


def test_gap_26_the_shooters_team_answers_a_save_only_with_biased_referee():
    """WB-GAP-26, WB-GAP-6: a Save opens a window for the shooter's team, clockwise from the saver's
    left (4, 0, 2); they may only play 黑哨 or pass; a lap of passes and the Save counts."""
    st = six(["shoot", "save"], s0=["biased_referee", "save"], s4=["shoot"], s3=["save"])
    play(st, 2, "play shoot")
    play(st, 3, "play save")
    assert who(st) == ("response", 4, "save") and st.decision().seats == (4, 0, 2)
    assert legal(st) == ["pass"]
    play(st, 4, "pass")
    assert legal(st) == ["play biased_referee", "pass"]
    refuse(st, 0, "play save", "WB-GAP-26")
    play(st, 0, "pass")
    ev = play(st, 2, "pass")
    assert kinds(ev)[-2:] == ["save-counts", "shot-negated"]


def test_gap_10_a_controversy_chain_resolves_by_parity_even():
    """WB-GAP-10: 铲球 answered by 争议事件 (seat 1) answered by 争议事件 (seat 2): two stacked — even —
    so the tackle takes effect; every 争议事件 restarts the lap at its player's left."""
    st = scenario(4, hands={0: ["sliding_tackle"], 1: ["controversy", "save"], 2: ["controversy"], 3: ["save"]})
    play(st, 0, "play sliding_tackle @1")
    assert who(st) == ("response", 1, "controversy") and st.decision().seats == (1, 2, 3)  # seat 0 has no card
    play(st, 1, "play controversy")
    assert st.decision().seats == (2, 3, 1)
    assert st.view(None)["window"]["event"]["takes_effect"] is False
    play(st, 2, "play controversy")
    assert st.decision().seats == (3, 1)  # seat 2 has no card left
    play(st, 3, "pass")
    ev = play(st, 1, "pass")
    assert kinds(ev)[-2:] == ["event-resolves", "injury"]
    assert st.injured[1] and st.discard[-3:] == ["controversy", "controversy", "sliding_tackle"]


def test_gap_10_a_controversy_chain_resolves_by_parity_odd():
    """WB-GAP-10: three 争议事件 stacked — odd — the tackle is negated; 争议事件 answers 争议事件."""
    st = scenario(4, hands={0: ["sliding_tackle", "controversy"], 1: ["controversy", "save"], 2: ["controversy"]})
    play(st, 0, "play sliding_tackle @1")
    play(st, 1, "play controversy")
    play(st, 2, "play controversy")
    assert who(st) == ("response", 0, "controversy")  # seat 3 has no card; seat 0 is next
    ev = play(st, 0, "play controversy")
    # all three 争议事件 are now face up: nobody can answer any more, the chain resolves at once
    assert kinds(ev) == ["controversy", "event-negated"]
    assert not st.injured[1] and who(st) == ("turn", 0, "action")


def test_gap_10_nobody_is_asked_when_every_controversy_is_in_the_discard_pile():
    """WB-GAP-10: with all three 争议事件 face up in the discard pile no answer is possible: the event acts at once."""
    st = scenario(2, hands={0: ["sliding_tackle"], 1: ["save"]}, discard=["controversy"] * 3)
    ev = play(st, 0, "play sliding_tackle @1")
    assert kinds(ev) == ["event", "event-resolves", "injury"]


def test_gap_32_reactive_cards_are_the_only_cards_played_outside_the_own_action_phase():
    """WB-GAP-32, WB-EVT-3: in a shot window an opponent may not equip, shoot or play an action-phase event."""
    st = scenario(2, hands={0: ["shoot"], 1: ["save", "long_shot", "sliding_tackle", "shoot", "wrong_call"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["play save", "play wrong_call", "pass"]
    refuse(st, 1, "equip long_shot", "WB-GAP-32")
    refuse(st, 1, "play sliding_tackle @0", "WB-EVT-3")
    refuse(st, 1, "play shoot", "WB-ACT-4")
    assert st.phase is Phase.ACTION
