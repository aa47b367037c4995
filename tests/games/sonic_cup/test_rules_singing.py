"""Crowd Singing (8 or 10 players): who may sing, what it does, and how it ends.

Rules: SC-CROWD-1..4, SC-TURN-3, SC-GAP-20, SC-GAP-22, SC-GAP-31 (docs/rules/sonic-cup.md §15, §18).
8 players by default: seats 0/1 DF, 2/3 FW, 4/5 GK (limit 6), 6/7 MF; limit 5.
"""

from __future__ import annotations

from pitchside.games.sonic_cup.cards import Arrow
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.checks import conserved, refuse, sizes, who
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

HANDS8 = {
    0: ["M13", "M14", "M11", "M12", "M10"],
    1: ["K28", "F06", "K30", "M16", "M16"],
    2: ["K19", "M03", "M03", "M02", "M02"],
    3: ["K27", "K29", "F05", "M01", "M01"],
    4: ["K02", "K03", "M08", "M08", "M07", "M09"],
    5: ["K24", "K25", "K26", "M04", "M05", "M06"],
    6: ["K20", "K21", "M15", "M17", "M18"],
    7: ["K13", "K14", "K15", "M19", "M20"],
}
TOP = ["P01", "P02", "P03", "P04", "P05", "P06", "P07"]


def eight(**fields: object):
    fields.setdefault("ball", 5)
    fields.setdefault("actor", 0)
    return scenario(8, hands={s: h[:] for s, h in HANDS8.items()}, deck_top=TOP, **fields)


def test_crowd_2_singing_hand_to_discard_teammates_draw_opponents_discard():
    """SC-CROWD-2, SC-GAP-22, SC-TURN-3: singer's hand is discarded (no refill); teammates draw 1 each
    clockwise; then each opponent, clockwise, discards 1 card of his choice."""
    st = eight()
    assert {"pass", "sing"} <= set(legal(st))
    ev = play(st, 0, "sing")
    assert kinds(ev) == ["sing", "draw", "drew", "draw", "drew", "draw", "drew"]
    assert ev[0].data == {"seat": 0, "cards": HANDS8[0]}
    assert [(e.data["seat"], e.data["cards"]) for e in ev if e.kind == "drew"] == [
        (2, ["P01"]), (4, ["P02"]), (6, ["P03"])
    ]  # fmt: skip
    assert st.discard == HANDS8[0] and st.singer == 0 and st.sang == [True, False]
    assert sizes(st) == [0, 5, 6, 5, 7, 6, 6, 5]
    assert who(st) == ("response", 1, "crowd-singing-discard") and st.queue.seats == [1, 3, 5, 7]
    assert legal(st) == ["discard F06", "discard K28", "discard K30", "discard M16"]
    ev = play(st, 1, "discard F06")
    assert [e.to_json() for e in ev] == [{"kind": "crowd-discard", "seat": 1, "card": "F06"}]
    for s, card in ((3, "M01"), (5, "M04"), (7, "M19")):
        assert st.actor == s
        ev = play(st, s, f"discard {card}")
    assert sizes(st) == [0, 4, 6, 4, 7, 5, 6, 4]
    assert st.discard[-4:] == ["F06", "M01", "M04", "M19"]
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (0, 1)  # his turn ended at once
    assert conserved(st)


def test_crowd_2_discard_refusals():
    """SC-CROWD-2: only the opponent due now discards, exactly one card he holds; no pass."""
    st = eight()
    play(st, 0, "sing")
    refuse(st, 1, "pass", "SC-CROWD-2")
    refuse(st, 3, "discard M01", "SC-CROWD-2")
    refuse(st, 1, "discard M01", "SC-TURN-1")
    refuse(st, 1, "move M16>6", "SC-CROWD-2")


def test_gap_22_opponent_with_no_cards_discards_nothing():
    """SC-GAP-22: an opponent with an empty hand is skipped by the discard."""
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[3] = []
    st = scenario(8, hands=hands, deck_top=TOP, ball=5, actor=0)
    play(st, 0, "sing")
    assert st.queue.seats == [1, 5, 7]


def test_crowd_2_the_singers_next_turn_refills_and_ends_at_once():
    """SC-CROWD-2, SC-GAP-22: when the singer's turn comes he refills to full and it ends; singing over."""
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[0] = []
    st = scenario(8, hands=hands, deck_top=TOP, ball=5, singer=0, sang=[True, False], phase="steal",
                  actor=7, queue=[7], steal_from=6, next_seat=0)  # fmt: skip
    ev = play(st, 7, "pass")
    assert kinds(ev) == ["turn", "singing-over", "draw", "drew"]
    assert ev[3].data["cards"] == TOP[:5] and sizes(st)[0] == 5
    assert st.singer == -1 and st.sang == [True, False]
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (0, 1)


def test_crowd_3_extra_card_does_not_raise_the_limit_but_is_kept():
    """SC-CROWD-3: a teammate keeps the 6th card while he does not play it; his limit stays 5."""
    st = eight()
    play(st, 0, "sing")
    assert sizes(st)[2] == 6 and st.limit(2) == 5 and st.view(2)["seats"][2]["limit"] == 5
    for s, card in ((1, "F06"), (3, "M01"), (5, "M04"), (7, "M19")):
        play(st, s, f"discard {card}")
    assert sizes(st)[2] == 6  # not lost
    # seat 2 later plays one card and ends: 5 cards = his limit, so he draws nothing
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[2] = ["K19", "M03", "M03", "M02", "M02", "P01"]
    later = scenario(8, hands=hands, deck_top=["P02"], ball=3, actor=2, singer=0, sang=[True, False])
    play(later, 2, "move M03>2")
    ev = play(later, 2, "end")
    assert "draw" not in kinds(ev) and sizes(later)[2] == 5


def test_crowd_1_each_team_sings_once_per_game():
    """SC-CROWD-1: Blue has sung (and it is over): Blue may not sing again; Red still may."""
    st = eight(sang=[True, False])
    assert "sing" not in legal(st)
    refuse(st, 0, "sing", "SC-CROWD-1")
    red = eight(sang=[True, False], actor=1)
    assert "sing" in legal(red)


def test_crowd_1_the_kick_off_player_may_not_sing():
    """SC-CROWD-1, SC-GAP-22: not on a kick-off turn."""
    st = eight(kickoff=True)
    assert "sing" not in legal(st)
    refuse(st, 0, "sing", "SC-CROWD-1")


def test_crowd_1_no_singing_during_the_shooting_phase():
    """SC-CROWD-1: no one may sing during the Shooting Phase."""
    st = eight(ball=9, phase="shooting", attack=0, arrows=int(Arrow.C), shot_arrows=int(Arrow.C),
               last_shooter=0, actor=1, queue=[1, 3, 5, 7])  # fmt: skip
    refuse(st, 1, "sing", "SC-CROWD-1")


def test_crowd_4_the_other_team_sings_only_after_the_singing_ended():
    """SC-CROWD-4: while Blue's singing runs Red may not sing; once it is over Red may."""
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[0] = []
    st = scenario(8, hands=hands, deck_top=TOP, ball=5, actor=1, singer=0, sang=[True, False])
    assert "sing" not in legal(st)
    refuse(st, 1, "sing", "SC-CROWD-4")
    over = scenario(8, hands=hands, deck_top=TOP, ball=5, actor=1, singer=-1, sang=[True, False])
    assert "sing" in legal(over)


def test_gap_22_sing_only_at_the_start_of_a_turn():
    """SC-GAP-22, SC-CROWD-2: after a card has been played this turn, singing is refused."""
    st = eight()
    play(st, 0, "move M13>5")
    refuse(st, 0, "sing", "SC-CROWD-2")


def test_gap_22_the_singer_has_no_cards_and_only_passes():
    """SC-GAP-22: while singing he cannot steal and can only pass when asked in the Shooting Phase."""
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[1] = []
    steal = scenario(8, hands=hands, deck_top=TOP, ball=5, singer=1, sang=[False, True], phase="steal",
                     actor=1, queue=[1, 2], steal_from=0, next_seat=3)  # fmt: skip
    assert legal(steal) == ["pass"]
    shooting = scenario(8, hands=hands, deck_top=TOP, ball=9, singer=1, sang=[False, True], phase="shooting",
                        attack=0, arrows=int(Arrow.C), shot_arrows=int(Arrow.C), last_shooter=0, actor=1,
                        queue=[1, 3, 5, 7])  # fmt: skip
    assert legal(shooting) == ["pass"]


def test_gap_31_no_crowd_singing_with_2_4_or_6_players_but_with_10():
    """SC-GAP-31, SC-GAP-22, SC-CROWD-1: singing is an 8/10-player rule."""
    for n in (2, 4, 6):
        st = scenario(n, ball=5, actor=0)
        assert "sing" not in legal(st)
        refuse(st, 0, "sing", "SC-CROWD-1")
    assert "sing" in legal(scenario(10, ball=5, actor=0))


def test_gap_20_a_singer_does_not_kick_off_and_the_singing_survives_the_restart():
    """SC-GAP-20, SC-GAP-22: Red's singer (seat 1) is due to kick off; his next teammate with cards does,
    and the singing is still running afterwards."""
    hands = {s: h[:] for s, h in HANDS8.items()}
    hands[1] = []
    st = scenario(8, hands=hands, deck_top=TOP, ball=9, singer=1, sang=[False, True], phase="shooting",
                  attack=0, arrows=int(Arrow.C), shot_arrows=int(Arrow.C), last_shooter=0, actor=1,
                  queue=[1, 3, 5, 7])  # fmt: skip
    for s in (1, 3, 5, 7):
        play(st, s, "pass")
    assert st.score == [1, 0] and st.kick_seat == 1 and st.ball == 6
    assert who(st) == ("turn", 1, "exchange") and legal(st) == ["done"]
    for s in (1, 2, 3, 4, 5, 6, 7, 0):
        ev = play(st, s, "done")
    assert ev[-1].kind == "turn" and ev[-1].data == {"seat": 3, "kickoff": True}
    assert who(st) == ("turn", 3, "kick-off") and st.singer == 1 and sizes(st)[1] == 0


def test_singing_goalkeeper_is_not_refilled_by_the_restart_recovery_sc_proj_10() -> None:
    """SC-PROJ-10 (SC-ROLE-GK-b vs SC-CROWD-2): a Goalkeeper who is singing keeps no cards at a restart."""
    from tests.games.sonic_cup.helpers import play, scenario

    # 8 seats: seat 4 is Blue's Goalkeeper and is singing; Red scores, so a restart follows.
    st = scenario(
        8,
        {4: [], 1: ["K18"]},
        phase="shooting",
        attack=1,
        actor=0,
        queue=[0, 2, 6],
        arrows=2,
        shot_arrows=2,
        last_shooter=1,
        ball=1,
        singer=4,
        sang=[True, False],
    )
    for seat in (0, 2, 6):
        play(st, seat, "pass")
    assert st.score == [0, 1]
    assert st.phase.name == "EXCHANGE"
    assert st.hands[4] == []
    assert st.singer == 4
