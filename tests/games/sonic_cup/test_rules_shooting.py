"""Shoot cards, the shot that opens a Shooting Phase, follow-ups and the Long-shot Forward.

Rules: SC-SHOOT-1..8, SC-FU-1..3, SC-GAP-13, SC-GAP-16, SC-GAP-30, SC-ROLE-LSF (docs/rules/sonic-cup.md §10, §11, §17).
"""

from __future__ import annotations

from pitchside.games.sonic_cup.cards import Arrow, load_deck
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.checks import conserved, refuse, sizes, who
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

# 2 players: Blue seat 0 attacks zone 9, Red seat 1 attacks zone 1; both Forwards, limit 9.
RED_2P = ["K28", "F06", "K30", "M20", "M20", "M16", "M16", "M17", "M18"]


def blue_at_8(*cards: str) -> list[str]:
    """A 9-card Blue hand: ``cards`` then plain maneuvers that can reach 8 and 9."""
    filler = ["M21", "M21", "M21", "M20", "M20", "M19", "M15", "M14", "M13"]
    return [*cards, *filler[: 9 - len(cards)]]


def two_player(blue: list[str], red: list[str] = RED_2P, **fields: object):
    fields.setdefault("ball", 8)
    fields.setdefault("actor", 0)
    return scenario(2, hands={0: blue, 1: red}, deck_top=["P01", "P02", "P03", "P04"], **fields)


# --------------------------------------------------------------------------- SC-SHOOT-1, SC-SHOOT-2


def test_shoot_1_shoot_arrows_only_on_cards_that_target_a_goal_zone():
    """SC-SHOOT-1, SC-MAN-5: purple arrows sit on cards targeting 1 or 9; 8 such cards per goal zone."""
    deck = load_deck()
    shooters = {cid: c for cid, c in deck.cards.items() if c.shoot}
    assert shooters, "the deck has Shoot cards"
    for cid, c in shooters.items():
        assert c.maneuver & {1, 9}, cid
        assert c.shoot & (Arrow.L | Arrow.C | Arrow.R) == c.shoot
    per_goal = {g: sum(c.count for c in shooters.values() if g in c.maneuver) for g in (1, 9)}
    assert per_goal == {1: 8, 9: 8}


def test_shoot_3_shoot_card_then_matching_kb_opens_the_shooting_phase():
    """SC-SHOOT-3, SC-SHOOT-4, SC-SP-1: Shoot card into zone 9, matching KB = a shot; refill, turn over."""
    st = two_player(blue_at_8("S12", "K22"))
    ev = play(st, 0, "move S12>9")
    assert kinds(ev) == ["ball", "shoot-card"]
    assert st.ball == 9 and st.phase is Phase.TURN
    assert who(st) == ("turn", 0, "turn")
    assert legal(st) == ["kb K22", "end"]  # SC-GAP-13: a matching KB next, or the turn ends
    ev = play(st, 0, "kb K22")
    assert kinds(ev) == ["shot", "draw", "drew"]
    assert ev[0].data["arrows"] == Arrow.C
    assert ev[1].data == {"seat": 0, "count": 2}  # two cards played, refilled to 9
    assert sizes(st) == [9, 9]
    assert st.phase is Phase.SHOOTING and st.attack == 0 and st.ball == 9
    assert who(st) == ("response", 1, "shooting-phase:defend")  # the next defender acts
    assert st.score == [0, 0]
    assert conserved(st)


def test_shoot_2_in_zone_1_red_attacks_and_blue_defends():
    """SC-SHOOT-2: a Red Shoot card into zone 1 is a Red attack; Blue answers as the defender."""
    blue = ["K13", "F01", "K14", "M01", "M01", "M02", "M02", "M03", "M03"]
    red = ["S05", "K01", "M03", "M03", "M04", "M05", "M06", "M06", "M07"]
    st = two_player(blue, red, ball=2, actor=1)
    assert kinds(play(st, 1, "move S05>1")) == ["ball", "shoot-card"]
    play(st, 1, "kb K01")
    assert st.phase is Phase.SHOOTING and st.attack == 1 and st.ball == 1
    assert who(st) == ("response", 0, "shooting-phase:defend")
    assert st.view(0)["shooting"]["attack"] == "red"


def test_shoot_5_one_common_direction_is_enough():
    """SC-SHOOT-5: Shoot LR + KB LC share L: a shot; KB C shares nothing: refused, state unchanged."""
    st = two_player(blue_at_8("S13", "K06", "K24"))
    play(st, 0, "move S13>9")
    assert legal(st) == ["kb K06", "end"]
    refuse(st, 0, "kb K24", "SC-SHOOT-5")
    play(st, 0, "kb K06")
    assert st.phase is Phase.SHOOTING and st.arrows == Arrow.L | Arrow.C


def test_shoot_3_card_without_shoot_arrows_allows_no_shot():
    """SC-SHOOT-3, SC-GAP-14, SC-GAP-30: into zone 9 with a plain card: no shot, the turn goes on."""
    st = two_player(blue_at_8("K22", "M22", "M22"))
    ev = play(st, 0, "move M22>9")
    assert kinds(ev) == ["ball"] and st.ball == 9
    assert who(st) == ("turn", 0, "turn")
    assert "kb K22" not in legal(st)
    refuse(st, 0, "kb K22", "SC-GAP-14")
    ev = play(st, 0, "move K22>9")  # K22 reaches 9 but carries white arrows, not purple ones
    assert kinds(ev) == ["ball"] and st.phase is Phase.TURN
    play(st, 0, "move M22>8")  # SC-GAP-30: he may even move back out
    assert st.ball == 8 and who(st) == ("turn", 0, "turn")


def test_shoot_6_no_matching_kb_ends_the_turn_and_the_ball_stays_2p():
    """SC-SHOOT-6, SC-FU-3, SC-GAP-31: no matching KB: refill, turn over, ball stays; no follow-up at 2."""
    st = two_player(blue_at_8("S10", "K19", "K20"))  # Shoot L, KBs R only
    ev = play(st, 0, "move S10>9")
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot", "turn"]
    assert ev[-1].data == {"seat": 1, "kickoff": False}
    assert st.ball == 9 and st.score == [0, 0]
    assert sizes(st) == [9, 9]
    assert who(st) == ("turn", 1, "turn")
    assert st.phase is Phase.TURN and st.shoot == 0


def test_shoot_6_attacker_holding_a_match_may_still_end():
    """SC-SHOOT-6, SC-GAP-13 (SC-PROJ-7): 'end' after a Shoot card gives up the shot; the ball stays."""
    st = two_player(blue_at_8("S12", "K22"))
    play(st, 0, "move S12>9")
    ev = play(st, 0, "end")
    assert kinds(ev) == ["draw", "drew", "no-shot", "turn"]
    assert st.ball == 9 and sizes(st) == [9, 9]
    assert who(st) == ("turn", 1, "turn")


def test_gap_13_after_a_shoot_card_only_a_matching_kb_or_end():
    """SC-GAP-13: the very next card must be a matching KB; a maneuver or a pass is refused."""
    st = two_player(blue_at_8("S12", "K22", "M22"))
    play(st, 0, "move S12>9")
    refuse(st, 0, "move M22>8", "SC-GAP-13")
    refuse(st, 0, "pass", "SC-GAP-13")
    refuse(st, 0, "any M21", "SC-GAP-13")
    refuse(st, 1, "kb K28", "SC-TURN-2")  # not the defender's decision yet


def test_shoot_8_defender_moving_into_his_own_defense_zone_never_shoots():
    """SC-SHOOT-8: Red (defending zone 9) plays S12 8 -> 9: no Shoot trigger, his turn goes on."""
    red = ["S12", "S12", "K22", "M20", "M20", "M16", "M16", "M17", "M18"]
    blue = ["K28", "F06", "K30", "M01", "M01", "M02", "M02", "M03", "M03"]
    st = two_player(blue, red, actor=1)
    ev = play(st, 1, "move S12>9")
    assert kinds(ev) == ["ball"] and st.ball == 9 and st.shoot == 0
    assert "end" in legal(st) and not any(a.startswith("kb") for a in legal(st))
    refuse(st, 1, "kb K22", "SC-GAP-14")
    assert kinds(play(st, 1, "move S12>9")) == ["ball"]  # in place: still nothing
    assert who(st) == ("turn", 1, "turn")


def test_shoot_8_attacker_shoot_card_always_triggers_even_in_place():
    """SC-SHOOT-8, SC-GAP-13: an attacker's Shoot card into (or kept in) zone 9 always triggers."""
    st = two_player(blue_at_8("S14", "K13"), ball=9)  # Shoot R, only a C KB: the trigger ends his turn
    ev = play(st, 0, "move S14>9")
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot", "turn"]
    assert ev[0].data["frm"] == 9 and ev[0].data["to"] == 9
    assert who(st) == ("turn", 1, "turn") and st.ball == 9


def test_shoot_8_any_three_cards_into_the_goal_zone_never_shoots():
    """SC-SHOOT-3, SC-GAP-9: a composite maneuver carries no Shoot arrows, even made of Shoot cards."""
    st = two_player(blue_at_8("S12", "S12", "S11", "K22"))
    play(st, 0, "any S12")
    play(st, 0, "any S12")
    ev = play(st, 0, "any S11>9")
    assert kinds(ev) == ["ball"] and st.ball == 9 and st.shoot == 0
    refuse(st, 0, "kb K22", "SC-GAP-14")


# --------------------------------------------------------------------------- follow-ups, 4 players
# Seats 0, 2 Blue (DF+FW, GK+MF); 1, 3 Red (DF+FW, GK+MF). Limits 7, 7, 8, 8.

FU_RED1 = ["K28", "F06", "K30", "M20", "M20", "M16", "M16"]
FU_RED3 = ["K27", "K29", "K26", "K25", "K23", "F05", "M01", "M01"]


def four_player(h0: list[str], h2: list[str], h1: list[str] = FU_RED1, h3: list[str] = FU_RED3, **fields: object):
    fields.setdefault("ball", 8)
    fields.setdefault("actor", 0)
    top = ["P05", "P06", "P07", "P01", "P02"]
    return scenario(4, hands={0: h0, 1: h1, 2: h2, 3: h3}, deck_top=top, **fields)


SHOOTER = ["S10", "K21", "M20", "M20", "M21", "M21", "M21"]  # Shoot L, no L KB


def test_fu_1_follow_up_succeeds_and_the_defender_after_the_follow_up_player_acts():
    """SC-FU-1, SC-SHOOT-7, SC-GAP-16, SC-SP-7: next attacking teammate plays one matching KB."""
    st = four_player(SHOOTER, ["K02", "K19", "M03", "M03", "M02", "M02", "M07", "M08"])
    ev = play(st, 0, "move S10>9")
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot"]
    assert sizes(st) == [7, 7, 8, 8]  # the Shoot-card player refilled first
    assert who(st) == ("response", 2, "follow-up")
    assert legal(st) == ["kb K02", "pass"]  # only KBs matching the Shoot card's L
    ev = play(st, 2, "kb K02")
    assert kinds(ev) == ["follow-up", "shot", "draw", "drew"]
    assert sizes(st) == [7, 7, 8, 8]  # the follow-up player refilled too
    assert st.phase is Phase.SHOOTING and st.attack == 0 and st.last_shooter == 2
    assert who(st) == ("response", 3, "shooting-phase:defend")
    assert st.queue.seats == [3, 1]  # defenders clockwise from the follow-up player (SC-GAP-17)


def test_fu_1_failed_follow_up_next_turn_is_the_defender_left_of_the_shooter():
    """SC-FU-1, SC-FU-2: follow-up declined: steal window (R = shooter), then the defender after him."""
    st = four_player(SHOOTER, ["K19", "K20", "M03", "M03", "M02", "M02", "M07", "M08"])
    play(st, 0, "move S10>9")
    assert legal(st) == ["pass"]
    ev = play(st, 2, "pass")
    assert kinds(ev) == ["pass"]
    assert who(st) == ("response", 2, "steal")
    assert (st.steal_from, st.next_seat, st.queue.seats) == (0, 1, [2, 3])
    play(st, 2, "pass")
    ev = play(st, 3, "pass")
    assert kinds(ev) == ["turn"] and who(st) == ("turn", 1, "turn")
    assert st.ball == 9 and st.score == [0, 0] and sizes(st) == [7, 7, 8, 8]


def test_fu_2_no_steal_before_the_follow_up_but_after_a_failed_one():
    """SC-FU-2: a Power Kick steal is refused during the follow-up and allowed after it failed."""
    st = four_player(SHOOTER, ["G02", "G02", "M03", "M03", "M02", "M02", "M07", "M08"])
    play(st, 0, "move S10>9")
    assert st.phase is Phase.FOLLOW_UP
    refuse(st, 2, "pk G02", "SC-FU-1")
    refuse(st, 3, "pk K27", "SC-FU-3")
    play(st, 2, "pass")
    assert who(st) == ("response", 2, "steal") and "pk G02" in legal(st)
    ev = play(st, 2, "pk G02")
    assert kinds(ev)[:2] == ["steal", "turn"] and ev[0].data == {"seat": 2, "skipped": 1}
    play(st, 2, "pk G02>6")
    assert st.ball == 6 and who(st) == ("turn", 2, "turn")


def test_fu_1_follow_up_must_match_the_shoot_card_and_is_not_a_turn():
    """SC-GAP-16, SC-FU-1, SC-FU-3: one KB matching the Shoot card's arrows; no maneuver; only the mate."""
    st = four_player(SHOOTER, ["K02", "K19", "M03", "M03", "M02", "M02", "M07", "M22"])
    play(st, 0, "move S10>9")
    before = st.fingerprint()
    refuse(st, 2, "kb K19", "SC-SHOOT-5")
    refuse(st, 2, "move M22>8", "SC-FU-1")
    refuse(st, 2, "end", "SC-FU-1")
    refuse(st, 0, "kb K19", "SC-FU-3")
    refuse(st, 1, "pass", "SC-FU-3")
    assert st.fingerprint() == before


def test_fu_3_one_follow_up_chance_per_shoot_card_6p():
    """SC-FU-3: with 6 players only the next attacking teammate may follow up, not the one after."""
    hands = {
        0: ["S10", "M20", "M21", "M21", "M21"],
        1: ["K28", "M20", "M20", "M22", "M22"],
        2: ["K19", "M03", "M03", "M02", "M02"],
        3: ["K27", "K29", "M01", "M01", "M04"],
        4: ["K02", "K03", "K04", "M03", "M03"],  # holds L KBs but is never asked
        5: ["K26", "K25", "M05", "M06", "M06", "M07"],
    }
    st = scenario(6, hands=hands, ball=8, actor=0, deck_top=["M08"])
    play(st, 0, "move S10>9")
    assert who(st) == ("response", 2, "follow-up")
    play(st, 2, "pass")
    assert st.phase is Phase.STEAL and st.next_seat == 1
    assert st.queue.seats == [2, 3, 4, 5]
    for s in (2, 3, 4, 5):
        assert st.actor == s
        play(st, s, "pass")
    assert who(st) == ("turn", 1, "turn") and st.ball == 9


# --------------------------------------------------------------------------- SC-ROLE-LSF


def test_lsf_blue_long_shot_from_6_then_shot_opens_the_phase():
    """SC-ROLE-LSF: Blue Long-shot Forward, ball in 6: Shoot card straight to 9, then a matching KB."""
    st = two_player(blue_at_8("S12", "K22"), ball=6, roles=[["LSF"], ["FW"]])
    assert "move S12>9" in legal(st)
    ev = play(st, 0, "move S12>9")
    assert kinds(ev) == ["ball", "shoot-card"] and ev[0].data["frm"] == 6 and st.ball == 9
    ev = play(st, 0, "kb K22")
    assert kinds(ev) == ["shot", "draw", "drew"]
    assert who(st) == ("response", 1, "shooting-phase:defend") and sizes(st) == [9, 9]


def test_lsf_red_long_shot_from_4():
    """SC-ROLE-LSF (mirror): Red Long-shot Forward jumps 4 -> 1 with a Shoot card."""
    blue = ["K13", "F01", "K14", "M01", "M01", "M02", "M02", "M03", "M03"]
    red = ["S05", "K01", "M08", "M08", "M10", "M11", "M12", "M05", "M04"]
    st = two_player(blue, red, ball=4, actor=1, roles=[["FW"], ["LSF"]])
    play(st, 1, "move S05>1")
    play(st, 1, "kb K01")
    assert st.phase is Phase.SHOOTING and st.attack == 1 and st.ball == 1
    assert who(st) == ("response", 0, "shooting-phase:defend")


def test_lsf_failed_long_shot_gets_a_follow_up_then_the_defender_after_the_lsf():
    """SC-ROLE-LSF, SC-FU-1, SC-FU-2: no matching KB after the jump: refill, follow-up, then seat 1."""
    roles = [["DF", "LSF"], ["DF", "FW"], ["GK", "MF"], ["GK", "MF"]]
    st = four_player(SHOOTER, ["K19", "K20", "M03", "M03", "M02", "M02", "M07", "M08"], ball=6, roles=roles)
    ev = play(st, 0, "move S10>9")
    assert kinds(ev) == ["ball", "shoot-card", "draw", "drew", "no-shot"]
    assert who(st) == ("response", 2, "follow-up") and sizes(st)[0] == 7
    play(st, 2, "pass")
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (0, 1)
    play(st, 2, "pass")
    play(st, 3, "pass")
    assert who(st) == ("turn", 1, "turn") and st.ball == 9


def test_lsf_jump_needs_the_zone_the_role_and_a_shoot_card():
    """SC-ROLE-LSF: only from 6 (Blue), only the LSF, only with a Shoot card; refused otherwise."""
    lsf = two_player(blue_at_8("S12", "M22"), ball=6, roles=[["LSF"], ["FW"]])
    refuse(lsf, 0, "move M22>9", "SC-ROLE-LSF")
    wrong_zone = two_player(blue_at_8("S12", "M22"), ball=5, roles=[["LSF"], ["FW"]])
    refuse(wrong_zone, 0, "move S12>9", "SC-MAN-2")
    forward = two_player(blue_at_8("S12", "M22"), ball=6)
    refuse(forward, 0, "move S12>9", "SC-MAN-2")


def test_fu_1_red_follow_up_is_shown_as_a_red_attack():
    """SC-FU-1, SC-SHOOT-2: during Red's follow-up every view names Red as the attacking team."""
    hands = {1: ["S03", "K19", "M01", "M02", "M02", "M03", "M03"], 3: ["K02", "K24", "M03", "M03", "M04", "M05"]}
    st = scenario(4, hands=hands, ball=2, actor=1, deck_top=["P01"])
    play(st, 1, "move S03>1")  # Shoot L into zone 1, no L KB
    assert who(st) == ("response", 3, "follow-up") and legal(st) == ["kb K02", "pass"]
    for seat in (0, 3):
        assert st.view(seat)["shooting"] == {"attack": "red", "match": "L", "last_shot": ""}
    play(st, 3, "kb K02")
    assert st.attack == 1 and who(st) == ("response", 0, "shooting-phase:defend")
