"""Skill cards: equipping, one per class, and every one of the 10 skill cards (16 copies) at work.

Rules: WB-SKILL-1..4, WB-EX-3, WB-GAP-11, WB-GAP-15, WB-PROJ-6, WB-PROJ-17, WB-PROJ-18.
"""

from __future__ import annotations

from tests.games.world_ball.helpers import kinds, legal, pass_window, play, refuse, scenario, who

QUIET = ["controversy"] * 3


def test_skill_2_equip_in_the_own_action_phase_for_free():
    """WB-SKILL-2, WB-GAP-11: equipping moves the card to the skill area, costs no stamina, counts as a play."""
    st = scenario(2, hands={0: ["long_shot"]}, stamina=[0, 4])
    ev = play(st, 0, "equip long_shot")
    assert kinds(ev) == ["equip"] and ev[0].data == {"seat": 0, "card": "long_shot", "cls": "attack", "replaced": ""}
    assert st.skills[0] == ["long_shot"] and st.hands[0] == [] and st.stamina[0] == 0 and st.played
    assert st.view(1)["seats"][0]["skills"] == ["long_shot"]  # WB-GAP-15: face up


def test_skill_4_and_ex_3_one_skill_per_class_a_second_replaces_the_first():
    """WB-SKILL-4, WB-EX-3, WB-GAP-15: attack + defense + stamina side by side; another attack skill
    sends the old one to the discard pile."""
    st = scenario(2, hands={0: ["world_ball", "wall", "iron_man", "long_shot"]})
    for sid in ("world_ball", "wall", "iron_man"):
        play(st, 0, f"equip {sid}")
    assert st.skills[0] == ["world_ball", "wall", "iron_man"]
    ev = play(st, 0, "equip long_shot")
    assert ev[0].data["replaced"] == "world_ball"
    assert st.skills[0] == ["wall", "iron_man", "long_shot"] and st.discard[-1] == "world_ball"


def test_skill_1_equip_only_skill_cards():
    """WB-SKILL-1: only cards marked 攻/防/体 are equipped."""
    st = scenario(2, hands={0: ["shoot", "sliding_tackle"]})
    refuse(st, 0, "equip shoot", "WB-SKILL-1")
    refuse(st, 0, "equip sliding_tackle", "WB-SKILL-1")


def test_world_ball_the_shoot_needs_two_saves():
    """世界波: one Save is not enough against the player's 射门."""
    st = scenario(2, hands={0: ["shoot"], 1: ["save"]}, skills={0: ["world_ball"]})
    ev = play(st, 0, "play shoot")
    assert ev[1].data["need"] == 2
    ev = play(st, 1, "play save")
    assert kinds(ev)[-2:] == ["save-counts", "goal"]  # 1 of 2, and nobody holds a card to answer: a goal
    assert ev[-2].data == {"seat": 1, "saves": 1, "need": 2} and st.score == [1, 0]


def test_long_shot_the_shoot_costs_one_less():
    """远射: Nesta's 射门 costs 2 − 1 = 1."""
    st = scenario(2, ["nesta"], {0: ["shoot"]}, skills={0: ["long_shot"]})
    assert play(st, 0, "play shoot")[1].data["cost"] == 1


def test_set_piece_specialist_the_free_kick_needs_two():
    """定位球专家: the 任意球 needs 2 Saves."""
    st = scenario(2, hands={0: ["free_kick"], 1: ["save", "save"]}, skills={0: ["set_piece_specialist"]})
    assert play(st, 0, "play free_kick")[1].data["need"] == 2
    play(st, 1, "play save")
    ev = play(st, 1, "play save")
    assert ev[-1].kind == "shot-negated"


def test_poacher_draws_when_the_shot_is_negated():
    """门前抢点: any own shot (here a 点球) negated: draw 1."""
    st = scenario(2, hands={0: ["penalty"], 1: ["save", "save"]}, skills={0: ["poacher"]}, deck_top=["shoot"])
    play(st, 0, "play penalty")
    play(st, 1, "play save")
    ev = play(st, 1, "play save")
    assert kinds(ev)[-3:] == ["shot-negated", "draw", "drew"] and st.hands[0] == ["shoot"]


def test_goal_line_clearance_the_save_costs_one_less():
    """门线解围: Rooney's 救险 costs 2 − 1 = 1."""
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"], 1: ["save"]}, skills={1: ["goal_line_clearance"]})
    play(st, 0, "play shoot")
    assert play(st, 1, "play save")[1].data["cost"] == 1


def test_anticipation_draws_when_its_owner_negates_a_shot():
    """预判: the Save that brings S to R draws its player a card."""
    st = scenario(2, hands={0: ["shoot"], 1: ["save"]}, skills={1: ["anticipation"]}, deck_top=["penalty"])
    play(st, 0, "play shoot")
    ev = play(st, 1, "play save")
    assert kinds(ev)[-2:] == ["draw", "drew"] and st.hands[1] == ["penalty"]


def test_wall_answers_a_free_kick_with_any_card_for_no_stamina():
    """人墙 (WB-PROJ-6): against a 任意球 its owner may discard any card as a Save, at 0 stamina — even with
    0 stamina; it is one Save. Not against a 射门."""
    st = scenario(2, hands={0: ["free_kick", "shoot"], 1: ["penalty", "controversy"]}, skills={1: ["wall"]},
                  stamina=[4, 0])  # fmt: skip
    play(st, 0, "play free_kick")
    assert legal(st) == ["wall controversy", "wall penalty", "pass"]
    ev = play(st, 1, "wall penalty")
    assert ev[0].data == {"seat": 1, "how": "wall", "card": "penalty", "cost": 0, "payer": 1, "shooter": 0}
    ev = pass_window(st, "save")
    assert ev[-1].kind == "shot-negated" and st.stamina[1] == 0
    play(st, 0, "play shoot")
    assert legal(st) == ["pass"]


def test_endurance_raises_max_stamina_and_the_current_one_once():
    """体能充沛 (WB-PROJ-18): Lahm 4/4 → 5/5 when equipped; a second 体能充沛 replacing it adds nothing."""
    st = scenario(2, hands={0: ["endurance", "endurance"]})
    play(st, 0, "equip endurance")
    assert (st.stamina[0], st.max_stamina(0)) == (5, 5)
    play(st, 0, "equip endurance")  # WB-PROJ-17: the same name replaces it
    assert (st.stamina[0], st.max_stamina(0)) == (5, 5)
    play(st, 0, "end")
    play(st, 1, "end")
    assert st.stamina[0] == 5  # recovery fills to the new maximum


def test_iron_man_cannot_be_injured():
    """铁人: 铲球 leaves its owner healthy."""
    st = scenario(2, hands={0: ["sliding_tackle"]}, skills={1: ["iron_man"]}, discard=QUIET)
    ev = play(st, 0, "play sliding_tackle @1")
    assert ev[-1].data == {"seat": 1, "injured": False, "immune": True} and not st.injured[1]


def test_second_wind_when_stamina_becomes_zero_discard_to_recover_one():
    """第二口气: Rooney pays his last 2 stamina for a 救险; he is asked at once; discarding a card gives 1 back."""
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"], 1: ["save", "tactical_change", "shoot"]},
                  skills={1: ["second_wind"]}, stamina=[4, 2])  # fmt: skip
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    assert who(st) == ("response", 1, "prompt:second_wind")
    assert legal(st) == ["skill shoot", "skill tactical_change", "pass"]
    ev = play(st, 1, "skill tactical_change")
    assert [e.kind for e in ev][:2] == ["skill", "stamina"] and st.stamina[1] == 1
    assert st.discard[-1] == "tactical_change"
    assert kinds(ev)[-2:] == ["save-counts", "shot-negated"]  # then the Save's own window (nobody to ask)


def test_second_wind_may_be_declined_and_is_not_asked_with_an_empty_hand():
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"], 1: ["save", "shoot"]}, skills={1: ["second_wind"]},
                  stamina=[4, 2])  # fmt: skip
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    play(st, 1, "pass")
    assert st.stamina[1] == 0
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"], 1: ["save"]}, skills={1: ["second_wind"]}, stamina=[4, 2])
    play(st, 0, "play shoot")
    ev = play(st, 1, "play save")
    assert "shot-negated" in kinds(ev)  # no card to discard: no prompt


def test_every_skill_card_has_a_scenario_here():
    """WB-GAP-11: each of the 10 skill names (16 cards) is shown at work above."""
    import sys

    from tests.games.world_ball.helpers import CONTENT

    names = {n for n in dir(sys.modules[__name__]) if n.startswith("test_")}
    for sid in CONTENT.skills:
        assert any(n.startswith(f"test_{sid}_") for n in names), sid
