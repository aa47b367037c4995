"""The Shooting Phase: blocks, shots, direction changes, fouls, penalties and the Goalkeeper.

Rules: SC-SP-1..8 (2a..2d), SC-GAP-17, SC-GAP-18, SC-GAP-19, SC-GAP-21, SC-GAP-27, SC-GAP-31,
SC-ROLE-GK-b, SC-ROLE-GK-c (docs/rules/sonic-cup.md §12, §13, §17).
"""

from __future__ import annotations

from pitchside.games.sonic_cup.cards import Arrow
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.checks import conserved, refuse, sizes, who
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

L, C, R = int(Arrow.L), int(Arrow.C), int(Arrow.R)

# 4 players: seats 0, 2 Blue (DF+FW limit 7, GK+MF limit 8); seats 1, 3 Red (DF+FW 7, GK+MF 8).
H0 = ["S10", "K22", "M20", "M20", "M21", "M21", "M21"]
H1 = ["K28", "F06", "K30", "K02", "M20", "M16", "M16"]
H2 = ["K09", "K19", "M03", "M03", "M02", "M02", "M07", "M08"]
H3 = ["K27", "K29", "K17", "K24", "K23", "F05", "M01", "M01"]
TOP = ["P01", "P02", "P03", "P04", "P05", "P06", "P07"]


def phase4(h0=H0, h1=H1, h2=H2, h3=H3, deck_top=TOP, **fields: object):
    """4 players in the Shooting Phase; by default Blue seat 0 has just shot C and seat 1 answers."""
    base: dict[str, object] = dict(
        ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C, last_shooter=0, actor=1, queue=[1, 3]
    )
    base.update(fields)
    return scenario(4, hands={0: h0, 1: h1, 2: h2, 3: h3}, deck_top=deck_top, **base)


B2 = ["S12", "K22", "K17", "S10", "K09", "M21", "M21", "M20", "M20"]
R2 = ["K28", "F06", "K30", "K02", "M16", "M16", "M17", "M18", "M19"]


def shot_2p(blue=B2, red=R2, deck_top=TOP):
    """2 players: Blue seat 0 plays S12 8 -> 9 and shoots with K22 (C); Red seat 1 answers."""
    st = scenario(2, hands={0: blue, 1: red}, deck_top=deck_top, ball=8, actor=0)
    play(st, 0, "move S12>9")
    play(st, 0, "kb K22")
    return st


# --------------------------------------------------------------------------- goals


def test_sp_3_two_players_one_defender_pass_is_a_goal():
    """SC-SP-3, SC-SP-2a, SC-GAP-31: at 2 seats a single pass scores; the defender kicks off from 6."""
    st = shot_2p()
    assert who(st) == ("response", 1, "shooting-phase:defend")
    assert legal(st) == ["kb K28", "foul F06", "pass"]
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass", "goal", "restart"]
    assert ev[1].data == {"team": "blue", "how": "shot", "score": [1, 0]}
    assert ev[2].data == {"team": "red", "seat": 1, "ball": 6}
    assert st.score == [1, 0] and st.ball == 6
    assert st.kick_seat == 1 and st.scorer == 0
    assert who(st) == ("hidden-pick", 0, "change-player")  # SC-RS-3 comes first at 2 seats


def test_sp_3_four_players_every_defender_passes_in_order_then_goal():
    """SC-SP-3, SC-SP-2a, SC-GAP-17, SC-GAP-18: defenders 1 then 3 pass; seat 1 kicks off from 6."""
    st = phase4()
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass"] and st.score == [0, 0]
    assert who(st) == ("response", 3, "shooting-phase:defend")
    ev = play(st, 3, "pass")
    assert kinds(ev) == ["pass", "goal", "restart"]
    assert st.score == [1, 0] and st.ball == 6
    assert who(st) == ("turn", 1, "exchange")
    assert st.queue.seats == [1, 2, 3, 0]  # SC-RS-2: the exchange starts with the kick-off player


def test_gap_18_kick_off_by_the_first_defender_after_the_scoring_shooter():
    """SC-GAP-18: Blue seat 2 scored; the first Red seat after 2 is 3, who kicks off."""
    st = phase4(last_shooter=2, actor=3, queue=[3, 1])
    play(st, 3, "pass")
    play(st, 1, "pass")
    assert st.score == [1, 0] and st.kick_seat == 3 and who(st) == ("turn", 3, "exchange")


def test_sp_2a_red_goal_blue_kicks_off_from_4():
    """SC-SP-2a, SC-SHOOT-2: Red scores in zone 1; Blue (the defending team) kicks off from zone 4."""
    st = phase4(ball=1, attack=1, last_shooter=1, actor=2, queue=[2, 0])
    play(st, 2, "pass")
    ev = play(st, 0, "pass")
    assert ev[1].data["team"] == "red" and st.score == [0, 1]
    assert st.ball == 4 and st.kick_seat == 2


# --------------------------------------------------------------------------- blocks and defense success


def test_sp_4_matching_block_refills_then_attackers_answer_clockwise():
    """SC-SP-4, SC-SP-5, SC-SHOOT-4, SC-GAP-17: a defender's KB is a block; the next attackers answer."""
    st = phase4()
    ev = play(st, 1, "kb K28")
    assert kinds(ev) == ["block", "draw", "drew"]
    assert ev[0].data == {"seat": 1, "card": "K28", "arrows": Arrow.C, "forced": False}
    assert sizes(st) == [7, 7, 8, 8]
    assert st.arrows == C and st.last_blocker == 1 and st.queue.seats == [2, 0]
    assert who(st) == ("response", 2, "shooting-phase:attack")
    assert legal(st) == ["pass"]  # seat 2 holds no C KB and no Shoot card
    play(st, 2, "pass")
    assert who(st) == ("response", 0, "shooting-phase:attack")
    assert legal(st) == ["kb K22", "move S10>9", "pass"]


def test_sp_2c_every_attacker_passes_defense_success_1_and_steal_window():
    """SC-SP-2c, SC-GAP-27, SC-GAP-15: all attackers pass: phase over, the defender after the last
    blocker plays next, anyone may steal first, and the ball stays in zone 9."""
    st = phase4()
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success"]
    assert ev[1].data == {"how": "attackers-passed"}
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (1, 3)
    assert st.queue.seats == [2, 0]
    play(st, 2, "pass")
    play(st, 0, "pass")
    assert who(st) == ("turn", 3, "turn") and st.ball == 9 and st.score == [0, 0]
    assert "move M01>8" not in legal(st)  # M01 cannot reach 8; but any three cards can clear the ball
    assert "any K27" in legal(st)


def test_sp_2c_two_players_one_attacker_pass_is_defense_success():
    """SC-SP-4, SC-SP-2c, SC-GAP-31: at 2 seats one attacker pass ends the phase; no steal window."""
    st = shot_2p()
    play(st, 1, "kb K28")
    assert who(st) == ("response", 0, "shooting-phase:attack")
    ev = play(st, 0, "pass")
    assert kinds(ev) == ["pass", "defense-success", "turn"]
    assert who(st) == ("turn", 1, "turn") and st.ball == 9 and st.score == [0, 0]


def test_sp_5_block_and_reshot_must_share_a_direction_with_the_previous_kb():
    """SC-SP-5: a block matches the shot's white arrows, a shot matches the block's; else refused."""
    st = phase4()
    refuse(st, 1, "kb K02", "SC-SP-5")  # L against a C shot
    refuse(st, 1, "kb K30", "SC-SP-5")
    play(st, 1, "pass")
    play(st, 3, "kb K17")  # CR blocks C
    assert st.arrows == C | R and who(st) == ("response", 0, "shooting-phase:attack")
    assert legal(st) == ["kb K22", "move S10>9", "pass"]
    play(st, 0, "pass")
    assert legal(st) == ["kb K19", "pass"]  # R shares R with CR; K09 (L) does not
    refuse(st, 2, "kb K09", "SC-SP-5")
    ev = play(st, 2, "kb K19")
    assert kinds(ev)[0] == "shot" and st.shot_arrows == R and st.last_shooter == 2
    assert st.queue.seats == [3, 1]  # defenders clockwise from the new shooter


def test_sp_2_shots_and_blocks_alternate_until_an_end():
    """SC-SP-2, SC-SP-1: shot, block, shot, block ... the phase goes on until a defined end."""
    st = shot_2p()
    play(st, 1, "kb K28")  # C
    play(st, 0, "kb K17")  # CR
    assert st.phase is Phase.SHOOTING and who(st) == ("response", 1, "shooting-phase:defend")
    play(st, 1, "kb K30")  # R
    assert who(st) == ("response", 0, "shooting-phase:attack")
    assert "kb K09" not in legal(st)
    play(st, 0, "pass")
    assert st.phase is Phase.TURN and st.score == [0, 0]
    assert conserved(st)


# --------------------------------------------------------------------------- changing direction


def test_sp_7_shoot_card_changes_direction_then_a_matching_kb():
    """SC-SP-7: after a block (C), an attacker plays a Shoot card (L) and shoots with a KB matching it."""
    h0 = ["S10", "K22", "K10", "S12", "M21", "M21", "M21"]
    st = phase4(h0=h0)
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    ev = play(st, 0, "move S10>9")
    assert kinds(ev) == ["ball", "shoot-card"] and st.ball == 9
    assert legal(st) == ["kb K10", "end"]  # now the Shoot card's L counts, not the block's C
    refuse(st, 0, "kb K22", "SC-SHOOT-5")
    refuse(st, 0, "move S12>9", "SC-SP-7")  # never two Shoot cards in a row
    refuse(st, 0, "pass", "SC-SP-7")
    ev = play(st, 0, "kb K10")
    assert kinds(ev) == ["shot", "draw", "drew"] and ev[1].data["count"] == 2
    assert st.shot_arrows == L and st.queue.seats == [1, 3] and sizes(st)[0] == 7


def test_sp_7_shoot_card_may_repeat_the_block_direction():
    """SC-SP-7: a Shoot card whose arrows include the last block's direction is allowed."""
    h0 = ["S12", "K22", "M20", "M20", "M21", "M21", "M21"]
    st = phase4(h0=h0)
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    play(st, 0, "move S12>9")  # LCR repeats C
    play(st, 0, "kb K22")
    assert st.phase is Phase.SHOOTING and st.shot_arrows == C


def test_sp_7_failed_direction_change_gets_a_follow_up_that_may_succeed():
    """SC-SP-7, SC-FU-1, SC-GAP-16: Shoot card without a match: refill, the next attacker follows up."""
    h2 = ["K19", "K09", "M03", "M03", "M02", "M02", "M07", "S12"]
    st = phase4(h0=["S14", "K22", "M20", "M20", "M21", "M21", "M21"], h2=h2)
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    ev = play(st, 0, "move S14>9")  # R, and seat 0 holds no R KB
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot"]
    assert who(st) == ("response", 2, "follow-up") and st.fu_in_sp
    assert legal(st) == ["kb K19", "pass"]
    refuse(st, 2, "move S12>9", "SC-FU-1")  # the follow-up may not be a Shoot card
    ev = play(st, 2, "kb K19")
    assert kinds(ev) == ["follow-up", "shot", "draw", "drew"]
    assert who(st) == ("response", 3, "shooting-phase:defend") and st.queue.seats == [3, 1]


def test_sp_2d_failed_change_and_failed_follow_up_is_defense_success_2():
    """SC-SP-2d, SC-GAP-15: no shot and no follow-up: the defender after the Shoot-card player is next."""
    st = phase4(h0=["S14", "K22", "M20", "M20", "M21", "M21", "M21"])
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    play(st, 0, "move S14>9")
    ev = play(st, 2, "pass")
    assert kinds(ev) == ["pass", "defense-success"]
    assert ev[1].data == {"how": "no-follow-up"}
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (0, 1)
    play(st, 2, "pass")
    play(st, 3, "pass")
    assert who(st) == ("turn", 1, "turn") and st.ball == 9 and st.score == [0, 0]


def test_sp_2d_two_players_failed_change_hands_the_turn_to_the_defender():
    """SC-SP-2d, SC-FU-3, SC-GAP-31: at 2 seats no follow-up; the defender starts a turn."""
    st = shot_2p()
    play(st, 1, "kb K28")
    ev = play(st, 0, "move S10>9")  # L; seat 0 now holds K09 (L) so he may still decline with end
    assert kinds(ev) == ["ball", "shoot-card"]
    ev = play(st, 0, "end")
    assert kinds(ev) == ["draw", "drew", "no-shot", "defense-success", "turn"]
    assert who(st) == ("turn", 1, "turn") and sizes(st) == [9, 9]


# --------------------------------------------------------------------------- what may not happen


def test_sp_8_no_steal_and_no_clearing_during_the_phase():
    """SC-SP-8, SC-SP-3, SC-SP-4: no maneuver or Power Kick out of the goal zone, by either side."""
    h1 = ["K28", "F06", "K30", "K02", "M22", "G02", "G02"]
    st = phase4(h1=h1)
    refuse(st, 1, "move M22>8", "SC-SP-8")
    refuse(st, 1, "pk G02", "SC-SP-8")
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    refuse(st, 0, "move M21>8", "SC-SP-8")
    refuse(st, 0, "any M21", "SC-SP-8")
    refuse(st, 0, "end", "SC-SP-4")
    refuse(st, 1, "pk G02", "SC-SP-3")  # not his decision now


def test_sp_6_only_defenders_may_foul():
    """SC-SP-6, SC-CARD-4: an attacker's Foul is refused; a defender's non-Foul card is no Foul."""
    h0 = ["S10", "K22", "F01", "M20", "M21", "M21", "M21"]
    st = phase4(h0=h0)
    refuse(st, 1, "foul K28", "SC-CARD-4")
    play(st, 1, "kb K28")
    play(st, 2, "pass")
    refuse(st, 0, "foul F01", "SC-SP-6")


# --------------------------------------------------------------------------- fouls and penalties


def test_sp_6_foul_refill_first_then_five_reveals_without_a_match():
    """SC-SP-6, SC-SP-2b, SC-GAP-19: fouler refills, 5 reveals miss, restart by the defender after him."""
    top = ["P01", "P02", "M13", "M14", "M15", "M10", "K13"]  # refill, 5 misses, a C KB left on the deck
    st = phase4(deck_top=top)
    ev = play(st, 1, "foul F06")
    assert kinds(ev) == ["foul", "draw", "drew", *["penalty-reveal"] * 5, "penalty", "restart"]
    assert ev[2].data["cards"] == ["P01"]
    assert [e.data["card"] for e in ev if e.kind == "penalty-reveal"] == ["P02", "M13", "M14", "M15", "M10"]
    assert ev[-2].data == {"team": "blue", "scored": False}
    assert st.score == [0, 0] and st.ball == 6 and st.kick_seat == 3
    assert st.deck[-1] == "K13" and st.discard[-5:] == ["P02", "M13", "M14", "M15", "M10"]
    assert sizes(st) == [7, 7, 8, 8] and who(st) == ("turn", 3, "exchange")


def test_sp_6_penalty_stops_at_the_first_kb_matching_the_last_shot():
    """SC-SP-6, SC-GAP-19: the reference is the last shooting KB (CR); K20 (R) hits, then it stops."""
    top = ["P01", "P02", "K10", "K20", "K13"]
    st = phase4(arrows=C | R, shot_arrows=C | R, deck_top=top)
    ev = play(st, 1, "foul F06")
    reveals = [(e.data["card"], e.data["hit"]) for e in ev if e.kind == "penalty-reveal"]
    assert reveals == [("P02", False), ("K10", False), ("K20", True)]
    assert kinds(ev)[-3:] == ["penalty", "goal", "restart"]
    assert ev[-2].data == {"team": "blue", "how": "penalty", "score": [1, 0]}
    assert st.score == [1, 0] and st.deck[-1] == "K13" and st.kick_seat == 3


def test_sp_2b_two_players_the_fouling_defender_kicks_off():
    """SC-SP-2b, SC-GAP-31: at 2 seats the defender who fouled kicks off after the penalty."""
    st = shot_2p(deck_top=["P01", "P02", "P03", "P04", "P05", "P06", "P07", "M13"])
    ev = play(st, 1, "foul F06")
    assert ev[-1].kind == "restart" and ev[-1].data == {"team": "red", "seat": 1, "ball": 6}
    assert st.score == [0, 0] and who(st) == ("turn", 1, "exchange")


def test_gk_c_goalkeeper_foul_reveals_only_three():
    """SC-ROLE-GK-c: a Goalkeeper's Foul: 3 reveals; the matching 4th card is never revealed."""
    top = ["P01", "P02", "M13", "M14", "K13"]
    st = phase4(actor=3, queue=[3, 1], deck_top=top)
    ev = play(st, 3, "foul F05")
    assert [e.data["card"] for e in ev if e.kind == "penalty-reveal"] == ["P02", "M13", "M14"]
    assert st.score == [0, 0] and st.deck[-1] == "K13"
    assert st.kick_seat == 1  # the Red seat after the fouler (seat 3) is seat 1


# --------------------------------------------------------------------------- the Goalkeeper's forced block


def test_gk_b_forced_block_changes_direction_and_tires_the_goalkeeper():
    """SC-ROLE-GK-b, SC-GAP-21: any KB blocks; he keeps 7 cards (>= 3), draws none, limit now 3."""
    st = phase4(actor=3, queue=[3, 1])
    assert legal(st) == ["kb K17", "kb K23", "kb K24", "kb K27", "kb K29", "foul F05", "pass"]
    ev = play(st, 3, "kb K27")  # R against a C shot
    assert kinds(ev) == ["block"] and ev[0].data["forced"] is True
    assert st.tired == [False, False, False, True] and sizes(st)[3] == 7
    assert st.arrows == R and who(st) == ("response", 0, "shooting-phase:attack")
    assert st.view(0)["seats"][3]["limit"] == 3 and st.view(0)["seats"][3]["tired"]
    assert legal(st) == ["move S10>9", "pass"]  # K22 (C) no longer matches


def test_gk_b_tired_goalkeeper_left_with_two_cards_refills_to_three():
    """SC-ROLE-GK-b, SC-GAP-21: after a forced block with two cards left he draws one, to three."""
    st = phase4(h3=["K27", "K29", "F05"], actor=3, queue=[3, 1], deck_top=["P01", "P02"])
    ev = play(st, 3, "kb K29")
    assert kinds(ev) == ["block", "draw", "drew"] and ev[1].data == {"seat": 3, "count": 1}
    assert sizes(st)[3] == 3 and st.deck[-1] == "P02"


def test_gk_b_matching_block_by_the_goalkeeper_is_an_ordinary_block():
    """SC-GAP-21: a Goalkeeper block with a matching KB does not tire him; he refills to 8."""
    st = phase4(actor=3, queue=[3, 1])
    ev = play(st, 3, "kb K24")
    assert ev[0].data["forced"] is False and not st.tired[3] and sizes(st)[3] == 8


def test_gk_b_only_the_goalkeeper_may_force_a_block():
    """SC-ROLE-GK-b, SC-SP-5: a non-Goalkeeper defender's non-matching KB is refused."""
    st = phase4()
    assert "kb K30" not in legal(st)
    refuse(st, 1, "kb K30", "SC-SP-5")


def test_gk_b_tired_goalkeeper_refills_only_to_three_in_his_own_turn():
    """SC-ROLE-GK-b, SC-GAP-21: while tired, the end-of-turn refill stops at 3 cards."""
    st = scenario(4, hands={3: ["M20", "M19"]}, tired=[False, False, False, True], ball=7, actor=3,
                  deck_top=["P01", "P02", "P03"])  # fmt: skip
    play(st, 3, "move M20>8")
    ev = play(st, 3, "end")
    assert ev[0].kind == "draw" and ev[0].data == {"seat": 3, "count": 2}
    assert sizes(st)[3] == 3 and st.tired[3]


def test_gk_b_stamina_recovers_at_the_next_restart():
    """SC-ROLE-GK-b, SC-GAP-21, SC-ROLE-GK-a: at the restart he is no longer tired and refills to 8."""
    st = phase4(h3=["K27", "M01"], tired=[False, False, False, True], actor=3, queue=[3, 1])
    play(st, 3, "pass")
    ev = play(st, 1, "pass")
    assert kinds(ev) == ["pass", "goal", "restart", "draw", "drew"]
    assert ev[3].data == {"seat": 3, "count": 6}
    assert not st.tired[3] and sizes(st) == [7, 7, 8, 8] and st.limit(3) == 8
    assert who(st) == ("turn", 1, "exchange")
