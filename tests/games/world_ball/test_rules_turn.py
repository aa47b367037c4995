"""The turn: start (pending cards), recovery, draw, action, discard, end.

Rules: WB-TURN-0..6, WB-TURN-4a, WB-TURN-4b, WB-EX-5, WB-EX-6, WB-EX-7, WB-GAP-16, 24, 27, WB-SKILL-3.
"""

from __future__ import annotations

from pitchside.games.world_ball.state import Phase
from tests.games.world_ball.helpers import conserved, kinds, legal, pass_window, play, refuse, scenario, sizes, who


def test_turn_0_six_steps_in_order():
    """WB-TURN-0..3, WB-TURN-6: 'end' closes seat 0's action phase; seat 1's turn starts, pending cards
    act, stamina is restored, an injury heals, two cards are drawn; then seat 1 decides."""
    st = scenario(2, ["gerrard", "rooney"], {0: ["save"]}, deck_top=["shoot", "penalty", "save"],
                  stamina=[4, 1], injured=[False, True])  # fmt: skip
    ev = play(st, 0, "end")
    assert kinds(ev) == ["end", "turn", "recovery", "draw", "drew"]
    assert ev[1].data["seat"] == 1
    assert st.stamina[1] == 4 and not st.injured[1]  # WB-TURN-2
    assert st.hands[1] == ["shoot", "penalty"]  # WB-TURN-3: the top two
    assert ev[4].to == 1 and ev[3].to is None and ev[3].data["count"] == 2
    assert who(st) == ("turn", 1, "action")


def test_turn_1_pending_cards_act_at_turn_start_in_the_order_placed():
    """WB-TURN-1, WB-GAP-14: 黄牌 then 盯人 in seat 1's pending area: at his turn start both act and go to
    the discard pile; he draws nothing and may not shoot this turn."""
    st = scenario(2, ["gerrard", "rooney"], {1: ["shoot", "free_kick"]}, pending={1: ["yellow_card", "man_marking"]})
    ev = play(st, 0, "end")
    assert kinds(ev) == ["end", "turn", "pending-resolves", "pending-resolves", "recovery", "draw-skipped"]
    assert [e.data["card"] for e in ev if e.kind == "pending-resolves"] == ["yellow_card", "man_marking"]
    assert st.pending[1] == [] and st.discard[-2:] == ["yellow_card", "man_marking"]
    assert st.hands[1] == ["shoot", "free_kick"] and st.no_shots
    assert legal(st) == ["end"]
    refuse(st, 1, "play shoot", "WB-GAP-14")


def test_turn_3_xavi_draws_three():
    """WB-TURN-3 ("unless special"): Xavi's 节拍器 draws 3."""
    st = scenario(2, ["gerrard", "xavi"], deck_top=["shoot", "save", "penalty"])
    play(st, 0, "end")
    assert st.hands[1] == ["shoot", "save", "penalty"]


def test_turn_4_the_action_phase_offers_shots_equips_events_and_the_skill():
    """WB-TURN-4: (1) 射门 and set pieces, (2) equipping, (3) action-phase events, (4) the character skill."""
    st = scenario(4, ["gerrard", "rooney", "lahm", "kaka"],
                  {0: ["shoot", "free_kick", "long_shot", "tactical_change", "controversy"]})  # fmt: skip
    assert legal(st) == [
        "play free_kick", "equip long_shot", "play shoot", "play tactical_change",
        "skill controversy @2", "skill free_kick @2", "skill long_shot @2", "skill shoot @2",
        "skill tactical_change @2", "end",
    ]  # fmt: skip
    refuse(st, 0, "play controversy", "WB-EVT-3")  # a reactive event waits for its moment


def test_turn_5_and_ex_7_discard_to_the_hand_limit():
    """WB-TURN-5, WB-EX-7: Rooney ending with 7 cards discards 1; Gerrard (limit 4) discards 3, one at a time."""
    seven = ["shoot", "shoot", "save", "save", "penalty", "free_kick", "tactical_change"]
    st = scenario(2, ["rooney", "gerrard"], {0: seven})
    play(st, 0, "end")
    assert who(st) == ("turn", 0, "discard")
    assert legal(st) == [f"discard {c}" for c in sorted(set(seven))]
    refuse(st, 0, "end", "WB-TURN-5")
    ev = play(st, 0, "discard tactical_change")
    assert kinds(ev)[:2] == ["discard", "turn"] and sizes(st)[0] == 6  # the turn passes at once
    st = scenario(2, ["gerrard", "rooney"], {0: seven})
    play(st, 0, "end")
    for card in ("tactical_change", "free_kick"):
        play(st, 0, f"discard {card}")
        assert who(st) == ("turn", 0, "discard")
    play(st, 0, "discard penalty")
    assert sizes(st)[0] == 4 and who(st) == ("turn", 1, "action")
    assert not st.played  # WB-GAP-20: discard-phase discards are not plays
    assert conserved(st)


def test_gap_24_other_hand_limits():
    """WB-GAP-24: Lahm's and van der Sar's limit is 5; the limit is checked only in the discard phase."""
    st = scenario(2, ["lahm", "van_der_sar"], {0: ["shoot"] * 5, 1: ["save"] * 6})
    assert st.hand_limit(0) == 5 and st.hand_limit(1) == 5 and st.hand_limit is not None
    play(st, 0, "end")
    assert who(st) == ("turn", 1, "action") and sizes(st)[1] == 8  # holding 8 in the action phase is fine


def test_turn_6_the_next_player_clockwise_starts():
    """WB-TURN-6: turns go clockwise: 2 → 3 → 0."""
    st = scenario(4, active=2)
    play(st, 2, "end")
    assert st.active == 3
    play(st, 3, "end")
    assert st.active == 0
    refuse(st, 3, "end", "WB-TURN-0")


def test_turn_4a_and_ex_5_terry_discards_a_card_when_he_could_play_a_save():
    """WB-TURN-4a, WB-EX-5, WB-GAP-17: Terry answers a shot by discarding a 铲球, paying his Save cost 1;
    it counts as a Save. He has no such option when he could not play a 救险 (injured)."""
    st = scenario(2, ["rooney", "terry"], {0: ["shoot", "shoot"], 1: ["sliding_tackle"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["save sliding_tackle", "pass"]
    ev = play(st, 1, "save sliding_tackle")
    assert ev[0].data["seat"] == 1 and ev[0].data["change"] == -1
    assert ev[1].data == {"seat": 1, "how": "discard", "card": "sliding_tackle", "cost": 1, "payer": 1, "shooter": 0}
    pass_window(st, "save")
    assert st.stamina[1] == 3 and st.score == [0, 0] and st.discard[-1] == "sliding_tackle"
    st = scenario(2, ["rooney", "terry"], {0: ["shoot"], 1: ["sliding_tackle"]}, injured=[False, True])
    play(st, 0, "play shoot")
    assert legal(st) == ["pass"]


def test_turn_4b_and_ex_6_a_when_skill_fires_at_its_moment():
    """WB-TURN-4b, WB-EX-6: Beckham's "when you play a 任意球, draw 1" fires as the card is played,
    before anyone answers the kick."""
    st = scenario(2, ["beckham", "rooney"], {0: ["free_kick"], 1: ["save"]}, deck_top=["penalty"])
    ev = play(st, 0, "play free_kick")
    assert kinds(ev) == ["stamina", "shot", "draw", "drew"]
    assert st.hands[0] == ["penalty"] and who(st) == ("response", 1, "shot")


def test_gap_27_simultaneous_triggers_go_clockwise_from_the_active_player():
    """WB-GAP-27: seat 2 (Villa, A) and seat 1 (Eto'o, B) both draw when seat 0's shot is negated; the active
    player is seat 0, so Eto'o (seat 1) draws the top card before Villa (seat 2)."""
    st = scenario(4, ["lahm", "etoo", "villa", "rooney"], {0: ["shoot"], 3: ["save"]}, deck_top=["penalty", "save"])
    play(st, 0, "play shoot")
    ev = play(st, 3, "play save")
    draws = [(e.data["seat"], e.data["why"]) for e in ev if e.kind == "draw"]
    assert draws == [(1, "draw_on_shot_negated"), (2, "draw_on_shot_negated")]
    assert st.hands[1] == ["penalty"] and st.hands[2] == ["save"]


def test_gap_16_an_action_skill_once_per_turn_and_skill_3_skill_cards_without_limit():
    """WB-GAP-16: Gerrard's [action] skill works once per turn; WB-SKILL-3: an equipped 远射 lowers every 射门."""
    st = scenario(4, ["gerrard", "rooney", "lahm", "kaka"], {0: ["shoot"] * 3 + ["save", "save"]},
                  skills={0: ["long_shot"]}, stamina=[4, 4, 2, 4])  # fmt: skip
    play(st, 0, "skill save @2")
    assert st.stamina[2] == 3
    assert not any(a.startswith("skill") for a in legal(st))
    refuse(st, 0, "skill save @2", "WB-GAP-16")
    for _ in range(3):
        ev = play(st, 0, "play shoot")
        assert ev[0].kind == "shot" and ev[0].data["cost"] == 0  # Gerrard's 1 − 1
    assert st.score == [3, 0] and st.phase is Phase.ACTION


def test_turn_1_a_turn_start_skill_of_a_data_pack_fires_after_the_pending_cards(tmp_path):
    """WB-TURN-1: "some characters' skills may trigger" at turn start. No reference character has one;
    a data pack can use the registered ability ``draw_at_turn_start`` without code."""
    from pitchside.games.world_ball.cards import DATA
    from pitchside.games.world_ball.game import GAME

    text = (DATA / "characters.toml").read_text(encoding="utf-8")
    rooney = 'tag = "passive"\neffect = "hand_limit"\nparams = { limit = 6 }'
    text = text.replace(rooney, 'tag = "trigger"\neffect = "draw_at_turn_start"\nparams = { count = 1 }')
    (tmp_path / "characters.toml").write_text(text, encoding="utf-8")
    setup = scenario(2, ["lahm", "rooney"], pending={1: ["yellow_card"]}).to_setup()
    setup["config"]["data"] = str(tmp_path)
    st = GAME.from_setup(setup)
    ev = play(st, 0, "end")
    assert kinds(ev) == ["end", "turn", "pending-resolves", "draw", "drew", "recovery", "draw-skipped"]
    assert [e.data["why"] for e in ev if e.kind == "draw"] == ["draw_at_turn_start"] and len(st.hands[1]) == 1
