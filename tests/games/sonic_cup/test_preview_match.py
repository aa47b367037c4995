"""Acceptance test: the seed's preview match, SC-EX-1 .. SC-EX-8 (rules reference §1.18), move by move.

Seats are the preview numbers minus one (SC-PROJ-1): seat 0 = #1 小谷 MF Blue, 1 = #2 势红 GK Red,
2 = #3 小公 FW Blue, 3 = #4 小谢 DF Red, 4 = #5 江师 GK Blue, 5 = #6 雄霸 MF Red, 6 = #7 冰棒 LSF Blue,
7 = #8 小诱 LSF Red. The hands are chosen so that every narrated move is possible and nobody can make a
steal the narrative does not mention; steps 1-2 (not described by the seed) use 4 and 5 legal cards that
take the ball from zone 4 to zone 8.
"""

from __future__ import annotations

from pitchside.core.decision import DecisionKind
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.legality import can_power_kick
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

ROLES = [["MF"], ["GK"], ["FW"], ["DF"], ["GK"], ["MF"], ["LSF"], ["LSF"]]
XIAO_GU, SHI_HONG, XIAO_GONG, XIAO_XIE, JIANG_SHI, XIONG_BA, BING_BANG, XIAO_YOU = range(8)

HANDS = {
    XIAO_GU: ["P02", "M07", "M04", "M05", "M10"],  # steals 3→6 (P02 + M07), any three 6→7
    SHI_HONG: ["M03", "M03", "K02", "K03", "K04", "K05"],
    XIAO_GONG: ["M02", "M02", "M14", "K24", "M01"],  # kick-off: FW 4→5, 5→6, 6 in place; keeps M01
    XIAO_XIE: ["M16", "M21", "M06", "M12", "M22"],  # 6→7→8, DF 8→7, DF 7→8, 8 in place
    JIANG_SHI: ["M17", "M18", "M19", "M11", "M15", "M13"],
    XIONG_BA: ["S08", "G02", "K22", "P05", "M01"],  # 8→9, PK 9→6 (G02 + K22), MF PK 6→3 (P05)
    BING_BANG: ["M20", "M20", "K28", "K29", "K30"],
    XIAO_YOU: ["P06", "M20", "K25", "K26", "K27"],  # could steal at zone 7 (P06 + M20)
}
DRAWS = {
    XIAO_GONG: ["P06", "M20", "P04", "K18"],  # step 1 refill: the Power Kicks of SC-EX-8
    XIAO_XIE: ["M08", "M08", "M09", "M09", "F01"],  # step 2 refill
    XIONG_BA: ["F02", "F03", "F04", "F05"],  # step 7 refill
    XIAO_GU: ["K06", "K07", "K08", "K09", "K10"],  # step 8 refill
}


def preview() -> SonicCupState:
    """SC-EX-1/SC-EX-2: the kick-off situation, Blue to kick off from zone 4."""
    deck_top = DRAWS[XIAO_GONG] + DRAWS[XIAO_XIE] + DRAWS[XIONG_BA] + DRAWS[XIAO_GU]
    return scenario(8, HANDS, roles=ROLES, deck_top=deck_top, ball=4, actor=XIAO_GONG, kickoff=True)


def sizes(st: SonicCupState) -> list[int]:
    return [len(h) for h in st.hands]


def turn_of(st: SonicCupState) -> tuple[Phase, int, int]:
    return st.phase, st.actor, st.ball


def nobody_steals(st: SonicCupState, ended: int, due: int) -> None:
    """The steal window after ``ended``: every seat but him and ``due`` is asked, clockwise, and passes."""
    assert st.phase is Phase.STEAL and (st.steal_from, st.next_seat) == (ended, due)
    expect = [s % 8 for s in range(ended + 1, ended + 8) if s % 8 != due]
    assert list(st.decision().seats) == expect
    for seat in expect:
        assert st.actor == seat
        play(st, seat, "pass")
    assert turn_of(st)[:2] == (Phase.TURN, due)


def test_ex1_ex2_the_real_setup_matches_the_preview():
    """SC-EX-1, SC-EX-2, SC-SETUP-5a, SC-KO-2: 5 cards, GKs #2 and #5 get 6; Blue's Forward #3 kicks off at 4."""
    st = GAME.new_state({"seats": 8, "roles": ROLES, "kickoff": "blue"}, seed=2024)
    assert sizes(st) == [5, 6, 5, 5, 6, 5, 5, 5]
    assert turn_of(st) == (Phase.TURN, XIAO_GONG, 4) and st.decision().label == "kick-off"
    assert [s["team"] for s in st.view(None)["seats"]] == ["blue", "red"] * 4
    scripted = preview()
    assert sizes(scripted) == sizes(st) and turn_of(scripted) == turn_of(st)
    assert scripted.decision() == st.decision()


def test_preview_match_ex1_to_ex8_move_by_move():
    """SC-EX-1..SC-EX-8 (reference §1.18), SC-TURN-2/4, SC-MAN-2/3/4, SC-PK-3, SC-ROLE-MF, SC-PK2-1/2."""
    st = preview()
    # Step 0 (SC-EX-1, SC-EX-2): hands 5, GKs 6; #3 小公 must kick off from zone 4 and may not pass.
    assert sizes(st) == [5, 6, 5, 5, 6, 5, 5, 5]
    assert turn_of(st) == (Phase.TURN, XIAO_GONG, 4) and st.decision().label == "kick-off"
    assert "pass" not in legal(st)

    # Step 1 (SC-EX-3): 小公 plays 4 cards and draws 4.
    play(st, XIAO_GONG, "fw M02")
    play(st, XIAO_GONG, "fw M02>5")  # Forward: any two cards, 4 → 5
    play(st, XIAO_GONG, "move M14>6")  # 5 → 6
    play(st, XIAO_GONG, "move K24>6")  # in place
    assert st.ball == 6 and sizes(st)[XIAO_GONG] == 1
    events = play(st, XIAO_GONG, "end")
    assert [e.data["count"] for e in events if e.kind == "draw"] == [4]
    assert sizes(st)[XIAO_GONG] == 5
    nobody_steals(st, XIAO_GONG, XIAO_XIE)

    # Step 2 (SC-EX-3): 小谢 plays 5 cards and draws 5; the ball ends in zone 8.
    play(st, XIAO_XIE, "move M16>7")
    play(st, XIAO_XIE, "move M21>8")
    play(st, XIAO_XIE, "df M06>7")  # Red Defender: any one card, 8 → 7
    play(st, XIAO_XIE, "df M12>8")
    play(st, XIAO_XIE, "move M22>8")  # in place
    assert st.ball == 8 and sizes(st)[XIAO_XIE] == 0
    events = play(st, XIAO_XIE, "end")
    assert [e.data["count"] for e in events if e.kind == "draw"] == [5]
    assert sizes(st) == [5, 6, 5, 5, 6, 5, 5, 5]
    nobody_steals(st, XIAO_XIE, JIANG_SHI)

    # Step 3 (SC-EX-3): 江师 passes and draws nothing; the ball is in zone 8.
    events = play(st, JIANG_SHI, "pass")
    assert "draw" not in kinds(events) and sizes(st)[JIANG_SHI] == 6 and st.ball == 8
    nobody_steals(st, JIANG_SHI, XIONG_BA)

    # Steps 4-7 (SC-EX-4, SC-EX-6): 雄霸 5 → 4 → 2 → 1 cards, ball 8 → 9 → 6 → 3, refills 4.
    assert sizes(st)[XIONG_BA] == 5
    events = play(st, XIONG_BA, "move S08>9")  # into his own defense zone (Red defends 9): no shot
    assert st.ball == 9 and sizes(st)[XIONG_BA] == 4
    assert "shoot-card" not in kinds(events) and st.shoot == 0 and st.phase is Phase.TURN
    play(st, XIONG_BA, "pk G02")
    play(st, XIONG_BA, "pk K22>6")  # two-card Power Kick 9 → 6
    assert st.ball == 6 and sizes(st)[XIONG_BA] == 2
    play(st, XIONG_BA, "mpk P05>3")  # Midfielder: one-card Power Kick 6 → 3
    assert st.ball == 3 and sizes(st)[XIONG_BA] == 1
    events = play(st, XIONG_BA, "end")
    assert [e.data["count"] for e in events if e.kind == "draw"] == [4]
    assert sizes(st)[XIONG_BA] == 5
    assert st.next_seat == BING_BANG  # next in order would be #7 冰棒

    # Step 8 (SC-EX-7): #8 小诱 is asked first and declines; #1 小谷 steals: PK 3 → 6, any three 6 → 7.
    assert st.phase is Phase.STEAL and list(st.decision().seats) == [7, 0, 1, 2, 3, 4]
    assert st.decision().kind is DecisionKind.RESPONSE
    play(st, XIAO_YOU, "pass")
    assert st.actor == XIAO_GU and "pk P02" in legal(st)
    events = play(st, XIAO_GU, "pk P02")
    assert [e.data["skipped"] for e in events if e.kind == "steal"] == [BING_BANG]
    play(st, XIAO_GU, "pk M07>6")
    assert st.ball == 6 and sizes(st)[XIAO_GU] == 3
    play(st, XIAO_GU, "any M04")
    play(st, XIAO_GU, "any M05")
    play(st, XIAO_GU, "any M10>7")
    assert st.ball == 7 and sizes(st)[XIAO_GU] == 0
    play(st, XIAO_GU, "end")
    assert sizes(st)[XIAO_GU] == 5  # refilled to full
    assert st.next_seat == SHI_HONG  # #7 and #8 skipped; next in order is #2 势红

    # Step 9 (SC-EX-8): #8 小诱 and #3 小公 can both steal; #3 is closer clockwise to #1 and is asked first.
    assert can_power_kick(st, XIAO_YOU) and can_power_kick(st, XIAO_GONG)
    seats = list(st.decision().seats)
    assert seats == [2, 3, 4, 5, 6, 7] and seats.index(XIAO_GONG) < seats.index(XIAO_YOU)
    assert st.actor == XIAO_GONG and "pk P06" in legal(st)

    # Step 10 (SC-EX-8): 小公 Power Kicks 7 → 5, then 5 → 8; one card left, his turn still open.
    play(st, XIAO_GONG, "pk P06")
    play(st, XIAO_GONG, "pk M20>5")
    assert st.ball == 5
    play(st, XIAO_GONG, "pk P04")
    play(st, XIAO_GONG, "pk K18>8")
    assert turn_of(st) == (Phase.TURN, XIAO_GONG, 8)
    assert sizes(st)[XIAO_GONG] == 1 and st.pending == "" and "end" in legal(st)
    assert st.decision().kind is DecisionKind.TURN

    # After his turn play continues with #4 小谢.
    play(st, XIAO_GONG, "end")
    assert sizes(st)[XIAO_GONG] == 5 and st.next_seat == XIAO_XIE


def test_ex8_if_the_closer_player_declines_the_next_may_steal():
    """SC-EX-8, SC-PK2-2: had #3 小公 declined, the window would go on round to #8 小诱."""
    st = preview()
    script = [
        (XIAO_GONG, ["fw M02", "fw M02>5", "move M14>6", "move K24>6", "end"]),
        (XIAO_XIE, ["move M16>7", "move M21>8", "df M06>7", "df M12>8", "move M22>8", "end"]),
        (JIANG_SHI, ["pass"]),
        (XIONG_BA, ["move S08>9", "pk G02", "pk K22>6", "mpk P05>3", "end"]),
    ]
    for seat, moves in script:
        while st.actor != seat:
            play(st, st.actor, "pass")
        for text in moves:
            play(st, seat, text)
    play(st, XIAO_YOU, "pass")
    for text in ("pk P02", "pk M07>6", "any M04", "any M05", "any M10>7", "end"):
        play(st, XIAO_GU, text)
    for seat in (XIAO_GONG, XIAO_XIE, JIANG_SHI, XIONG_BA, BING_BANG):
        play(st, seat, "pass")
    assert st.actor == XIAO_YOU and {"pk P06", "pass"} <= set(legal(st))
    play(st, XIAO_YOU, "pk P06")
    play(st, XIAO_YOU, "pk M20>4")
    assert turn_of(st) == (Phase.TURN, XIAO_YOU, 4)
