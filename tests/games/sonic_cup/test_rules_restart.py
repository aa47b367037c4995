"""Restarts: ball placement, the 2-player change of player card, the hand exchange, the kick-off turn.

Rules: SC-RS-1..4, SC-GAP-23, SC-GAP-24, SC-GAP-31, SC-PROJ-4, SC-PROJ-5 (docs/rules/sonic-cup.md §14, §18).
"""

from __future__ import annotations

from pitchside.core.decision import DecisionKind
from pitchside.games.sonic_cup.cards import Arrow
from pitchside.games.sonic_cup.state import Phase, Role
from tests.games.sonic_cup.checks import conserved, refuse, sizes, who
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

C = int(Arrow.C)
B2 = ["K22", "M21", "M21", "M21", "M20", "M20", "M19", "M15", "M14"]
R2 = ["K28", "F06", "K30", "M16", "M16", "M17", "M18", "M13", "M12"]
TOP = ["P01", "P02", "P03", "P04", "P05", "P06", "P07", "G01"]


def blue_scores_2p(blue=B2, red=R2, roles=None, deck_top=TOP, **fields: object):
    """2 players in the Shooting Phase after Blue's C shot; Red passes: goal, restart (returns events)."""
    st = scenario(2, hands={0: blue, 1: red}, roles=roles, deck_top=deck_top, ball=9, phase="shooting",
                  attack=0, arrows=C, shot_arrows=C, last_shooter=0, actor=1, queue=[1], **fields)  # fmt: skip
    ev = play(st, 1, "pass")
    return st, ev


# --------------------------------------------------------------------------- SC-RS-1


def test_rs_1_ball_goes_to_the_kick_off_zone_of_the_kicking_team():
    """SC-RS-1, SC-KO-1: after a Blue goal Red kicks off from 6; after a Red goal Blue kicks off from 4."""
    st, ev = blue_scores_2p()
    assert ev[-1].kind == "restart" and ev[-1].data == {"team": "red", "seat": 1, "ball": 6} and st.ball == 6
    red = scenario(2, hands={0: B2, 1: R2}, ball=1, phase="shooting", attack=1, arrows=C, shot_arrows=C,
                   last_shooter=1, actor=0, queue=[0])  # fmt: skip
    ev = play(red, 0, "pass")
    assert ev[-1].data == {"team": "blue", "seat": 0, "ball": 4} and red.ball == 4 and red.score == [0, 1]


# --------------------------------------------------------------------------- SC-RS-3, SC-GAP-24 (2 players)


def test_rs_3_scorer_must_change_to_a_player_card_that_has_not_played():
    """SC-RS-3, SC-GAP-24: the scorer is offered only unused roles, no 'keep'; refusals name SC-RS-3."""
    st, _ = blue_scores_2p()
    d = st.decision()
    assert d.kind is DecisionKind.HIDDEN_PICK and d.seat == 0 and d.seats == (0, 1)
    assert set(legal(st)) == {"role LSF", "role MF", "role DF", "role GK"}
    refuse(st, 0, "keep", "SC-RS-3")
    refuse(st, 0, "role FW", "SC-RS-3")  # his current card has played
    refuse(st, 1, "keep", "SC-RS-3")  # not seat 1's pick yet


def test_rs_3_the_pick_is_hidden_until_both_committed_then_revealed_together():
    """SC-RS-3, SC-GAP-24, SC-GAP-31: seat 1's view never shows seat 0's pick before both committed."""
    st, _ = blue_scores_2p()
    ev = play(st, 0, "role GK")
    assert [e.to_json() for e in ev] == [{"kind": "committed", "seat": 0}]
    other = st.view(1)
    assert other["committed"] == [True, False] and "my_pick" not in other
    assert other["seats"][0]["roles"] == ["FW"] and other["seats"][0]["limit"] == 9
    assert "GK" not in repr(other)
    assert st.view(0)["my_pick"] == "GK"
    assert who(st) == ("hidden-pick", 1, "change-player")
    assert "keep" in legal(st)  # the non-scorer may keep his card
    ev = play(st, 1, "keep")
    assert kinds(ev) == ["committed", "player-card", "player-card", "draw", "drew"]
    assert ev[1].data == {"seat": 0, "role": ["GK"], "changed": True}
    assert ev[2].data == {"seat": 1, "role": ["FW"], "changed": False}
    assert ev[3].data == {"seat": 0, "count": 1}  # a new Goalkeeper refills to 10 at this restart
    assert st.roles[0] == frozenset({Role.GK}) and Role.GK in st.used_roles[0]
    assert sizes(st) == [10, 9] and st.phase is Phase.EXCHANGE
    assert who(st) == ("turn", 1, "exchange")
    assert "committed" not in st.view(1)


def test_rs_3_the_other_player_may_change_as_well():
    """SC-RS-3: both players change; both new cards are revealed at the same moment."""
    st, _ = blue_scores_2p()
    play(st, 0, "role MF")
    assert st.roles == [frozenset({Role.FW}), frozenset({Role.FW})]
    ev = play(st, 1, "role DF")
    assert [e.data["role"] for e in ev if e.kind == "player-card"] == [["MF"], ["DF"]]
    assert st.roles == [frozenset({Role.MF}), frozenset({Role.DF})]
    assert st.used_roles[1] == frozenset({Role.FW, Role.DF})


def test_rs_3_only_cards_that_have_not_played_and_no_change_when_all_have():
    """SC-RS-3: used player cards are refused; with all five used the scorer keeps his card."""
    st, _ = blue_scores_2p(used_roles=[["FW", "GK", "MF"], []])
    assert set(legal(st)) == {"role LSF", "role DF"}
    refuse(st, 0, "role GK", "SC-RS-3")
    full, _ = blue_scores_2p(used_roles=[["FW", "GK", "MF", "DF", "LSF"], []])
    assert legal(full) == ["keep"]
    play(full, 0, "keep")
    play(full, 1, "keep")
    assert full.roles[0] == frozenset({Role.FW}) and full.phase is Phase.EXCHANGE


def test_gap_24_a_player_who_stops_being_goalkeeper_keeps_his_extra_card():
    """SC-GAP-24: the new limit applies at once; the former Goalkeeper keeps 10 cards (limit 9)."""
    blue = [*B2, "M13"]
    red = ["K28", "F06", "K30", "M16", "M16", "M17", "M18", "M12", "M11"]
    st, _ = blue_scores_2p(blue, red, roles=[["GK"], ["FW"]])
    play(st, 0, "role MF")
    ev = play(st, 1, "keep")
    assert "draw" not in kinds(ev)
    assert sizes(st) == [10, 9] and st.limit(0) == 9 and st.phase is Phase.EXCHANGE


def test_proj_4_a_penalty_goal_also_forces_the_change():
    """SC-PROJ-4, SC-RS-3: the player whose penalty scored must change player card."""
    top = ["P01", "K13"]  # fouler's refill, then a C KB: the penalty scores at once
    st = scenario(2, hands={0: B2, 1: R2}, deck_top=top, ball=9, phase="shooting", attack=0, arrows=C,
                  shot_arrows=C, last_shooter=0, actor=1, queue=[1])  # fmt: skip
    ev = play(st, 1, "foul F06")
    assert kinds(ev)[-3:] == ["penalty", "goal", "restart"] and st.score == [1, 0]
    assert st.scorer == 0 and who(st) == ("hidden-pick", 0, "change-player")
    assert "keep" not in legal(st)


def test_rs_3_no_change_after_a_missed_penalty():
    """SC-RS-3: the change follows a goal only; a missed penalty restarts straight with the exchange."""
    top = ["P01", "P02", "P03", "P04", "P05", "P06"]
    st = scenario(2, hands={0: B2, 1: R2}, deck_top=top, ball=9, phase="shooting", attack=0, arrows=C,
                  shot_arrows=C, last_shooter=0, actor=1, queue=[1])  # fmt: skip
    play(st, 1, "foul F06")
    assert st.score == [0, 0] and st.scorer == -1
    assert who(st) == ("turn", 1, "exchange")


def test_rs_3_no_change_of_player_card_with_more_than_two_players():
    """SC-RS-3 is a 2-player rule: at 4 seats a goal goes straight to the exchange."""
    st = scenario(4, ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C, last_shooter=0, actor=1,
                  queue=[1, 3])  # fmt: skip
    play(st, 1, "pass")
    play(st, 3, "pass")
    assert st.score == [1, 0] and st.phase is Phase.EXCHANGE


# --------------------------------------------------------------------------- SC-PROJ-5


def test_proj_5_restart_order_change_then_recovery_then_exchange():
    """SC-PROJ-5, SC-ROLE-GK-b: ball, 2-player change, tired Goalkeeper's recovery refill, exchange."""
    red = ["K28", "F06", "K30"]
    st, ev = blue_scores_2p(red=red, roles=[["FW"], ["GK"]], tired=[False, True])
    assert kinds(ev) == ["pass", "goal", "restart"] and st.tired[1]  # no refill before the change
    play(st, 0, "role DF")
    ev = play(st, 1, "keep")
    assert kinds(ev) == ["committed", "player-card", "player-card", "draw", "drew"]
    assert ev[3].data == {"seat": 1, "count": 7} and sizes(st) == [9, 10]
    assert st.tired == [False, False] and who(st) == ("turn", 1, "exchange")


# --------------------------------------------------------------------------- SC-RS-2, SC-GAP-23


def four_after_goal():
    """4 players after a Blue goal by seat 0: seat 1 kicks off from 6; the exchange begins."""
    hands = {
        0: ["K22", "M20", "M20", "M21", "M21", "M21", "M19"],
        1: ["K28", "F06", "K30", "M16", "M16", "M17", "M18"],
        2: ["K19", "M03", "M03", "M02", "M02", "M07", "M08", "M09"],
        3: ["K27", "K29", "K26", "K25", "F05", "M01", "M01", "M04"],
    }
    top = ["P01", "P02", "P03", "P04", "P05", "P06", "P07", "G01"]
    st = scenario(4, hands=hands, deck_top=top, ball=9, phase="shooting", attack=0, arrows=C, shot_arrows=C,
                  last_shooter=0, actor=1, queue=[1, 3])  # fmt: skip
    play(st, 1, "pass")
    play(st, 3, "pass")
    return st


def test_rs_2_each_player_once_up_to_three_cards_in_seat_order_from_the_kicker():
    """SC-RS-2, SC-GAP-23: from the kick-off player clockwise; swap 0-3 cards, draw as many."""
    st = four_after_goal()
    assert who(st) == ("turn", 1, "exchange") and st.queue.seats == [1, 2, 3, 0]
    assert kinds(play(st, 1, "swap F06")) == ["swap"]
    play(st, 1, "swap K30")
    assert sizes(st)[1] == 5 and st.discard[-2:] == ["F06", "K30"]
    ev = play(st, 1, "swap M18")  # the third card ends his exchange at once
    assert kinds(ev) == ["swap", "draw", "drew"] and ev[2].data["cards"] == ["P01", "P02", "P03"]
    assert sizes(st)[1] == 7 and who(st) == ("turn", 2, "exchange")
    play(st, 2, "swap M09")
    ev = play(st, 2, "done")
    assert kinds(ev) == ["draw", "drew"] and ev[1].data["cards"] == ["P04"]
    assert who(st) == ("turn", 3, "exchange")
    ev = play(st, 3, "done")
    assert kinds(ev) == [] and who(st) == ("turn", 0, "exchange")
    ev = play(st, 0, "done")
    assert kinds(ev) == ["turn"] and ev[0].data == {"seat": 1, "kickoff": True}
    assert sizes(st) == [7, 7, 8, 8] and st.ball == 6 and conserved(st)


def test_rs_2_exchange_refusals_leave_the_state_unchanged():
    """SC-RS-2: only 'swap CARD' or 'done', by the seat whose exchange it is, with a held card."""
    st = four_after_goal()
    refuse(st, 1, "move M16>5", "SC-RS-2")
    refuse(st, 1, "pass", "SC-RS-2")
    refuse(st, 2, "done", "SC-RS-2")
    refuse(st, 1, "swap K22", "SC-TURN-1")


# --------------------------------------------------------------------------- SC-RS-4


def test_rs_4_kick_off_player_must_play_and_no_steal_comes_first():
    """SC-RS-4, SC-KO-2, SC-GAP-15: the kick-off turn follows the exchange directly; no pass, no end."""
    st = four_after_goal()
    for s in (1, 2, 3, 0):
        play(st, s, "done")
    assert st.phase is Phase.TURN and st.kickoff and who(st) == ("turn", 1, "kick-off")
    assert "pass" not in legal(st) and "end" not in legal(st)
    refuse(st, 1, "pass", "SC-RS-4", "SC-KO-2")
    refuse(st, 1, "end", "SC-RS-4")
    play(st, 1, "move M16>7")
    assert "end" in legal(st)
    ev = play(st, 1, "end")
    assert kinds(ev) == ["draw", "drew"] and st.phase is Phase.STEAL and st.steal_from == 1
