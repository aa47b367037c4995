"""Shots, saves and their stamina: action cards, set pieces, goalkeepers, injuries, costs.

Rules: WB-ACT-1..4, WB-SET-1, WB-SET-2, WB-CHAR-4, WB-CHAR-5, WB-EX-2, WB-GAP-2, 5, 7, 8, 13, 18, 25, 28, WB-PROJ-7.
"""

from __future__ import annotations

from tests.games.world_ball.helpers import kinds, legal, pass_window, play, refuse, scenario, who


def test_act_2_and_char_4_a_shot_costs_the_shoot_cost_and_a_save_the_save_cost():
    """WB-ACT-2, WB-CHAR-4: Nesta (Shoot 2) pays 2 to shoot; Rooney (Save 2) pays 2 to save."""
    st = scenario(2, ["nesta", "rooney"], {0: ["shoot"], 1: ["save"]})
    ev = play(st, 0, "play shoot")
    assert ev[0].data == {"seat": 0, "stamina": 2, "change": -2, "why": "shot"}
    assert ev[1].data["cost"] == 2
    ev = play(st, 1, "play save")
    assert ev[0].data == {"seat": 1, "stamina": 2, "change": -2, "why": "save"}
    assert st.stamina == [2, 2]


def test_gap_2_a_card_costing_more_than_the_stamina_left_cannot_be_played():
    """WB-GAP-2, WB-ACT-2: with 1 stamina Nesta cannot shoot (cost 2) and Rooney cannot save (cost 2)."""
    st = scenario(2, ["nesta", "rooney"], {0: ["shoot", "free_kick"], 1: ["save"]}, stamina=[1, 1])
    assert legal(st) == ["play free_kick", "end"]
    refuse(st, 0, "play shoot", "WB-ACT-2")
    play(st, 0, "play free_kick")
    assert legal(st) == ["pass"]  # the 救险 costs 2; Rooney has 1
    refuse(st, 1, "play save", "WB-GAP-2")


def test_act_3_a_shot_only_in_the_own_action_phase_and_act_4_a_save_only_against_a_shot():
    """WB-ACT-3: 射门 is not an answer to a shot; WB-ACT-4: 救险 is not played in the own action phase."""
    st = scenario(2, ["lahm", "rooney"], {0: ["save", "shoot"], 1: ["shoot", "save"]})
    refuse(st, 0, "play save", "WB-ACT-4")
    refuse(st, 0, "save shoot", "WB-ACT-4")
    play(st, 0, "play shoot")
    refuse(st, 1, "play shoot", "WB-ACT-4")


def test_act_4_any_opponent_may_save_and_the_shot_is_invalid():
    """WB-ACT-4, WB-GAP-6: one 救险 makes a 射门 invalid: no goal, the shooter's turn goes on."""
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"], 1: ["save"]})
    play(st, 0, "play shoot")
    ev = play(st, 1, "play save")
    assert kinds(ev) == ["stamina", "save", "save-counts", "shot-negated"]
    assert st.score == [0, 0] and who(st) == ("turn", 0, "action")


def test_gap_5_an_unanswered_shot_is_one_point_for_the_shooters_team():
    """WB-GAP-5, WB-WIN-1: three unanswered shots by team B are three points for B."""
    st = scenario(2, ["lahm", "rooney"], {1: ["shoot", "free_kick", "penalty"]}, active=1)
    for card in ("shoot", "free_kick", "penalty"):
        ev = play(st, 1, f"play {card}")
        assert ev[-1].kind == "goal" and ev[-1].data["team"] == 1
    assert st.score == [0, 3]


def test_set_1_set_2_and_gap_7_set_pieces_cost_one_whatever_the_character():
    """WB-SET-1, WB-SET-2, WB-GAP-7: a goalkeeper (who cannot shoot) takes a 任意球 and a 点球 for 1 stamina each."""
    st = scenario(2, ["buffon", "rooney"], {0: ["free_kick", "penalty", "shoot"]})
    assert legal(st) == ["play free_kick", "play penalty", "end"]
    ev = play(st, 0, "play free_kick")
    assert ev[1].data == {"seat": 0, "play": "free_kick", "card": "free_kick", "cost": 1, "need": 1, "blocked": -1}
    ev = play(st, 0, "play penalty")
    assert ev[1].data["need"] == 2 and st.stamina[0] == 2 and st.score == [2, 0]


def test_gap_7_a_penalty_needs_two_saves_one_opponent_may_give_both():
    """WB-GAP-7: a single opponent saving twice stops a 点球."""
    st = scenario(2, ["lahm", "van_der_sar"], {0: ["penalty"], 1: ["save", "save"]})
    play(st, 0, "play penalty")
    play(st, 1, "play save")
    assert who(st) == ("response", 1, "shot")  # a lap of the opponents: he is asked again
    assert st.view(None)["window"]["shot"]["saves"] == 1
    ev = play(st, 1, "play save")
    assert kinds(ev)[-1] == "shot-negated" and st.score == [0, 0]


def test_char_5_and_ex_2_a_goalkeeper_cannot_shoot_but_saves_with_a_shoot_card():
    """WB-CHAR-5, WB-EX-2, WB-GAP-18: van der Sar holds 射门: no shot; as a 救险 it costs his Save cost 1."""
    st = scenario(2, ["van_der_sar", "rooney"], {0: ["shoot"], 1: ["shoot"]})
    assert legal(st) == ["end"]
    refuse(st, 0, "play shoot", "WB-CHAR-5")
    play(st, 0, "end")
    play(st, 1, "play shoot")
    assert legal(st) == ["save shoot", "pass"]
    ev = play(st, 0, "save shoot")
    assert ev[1].data["how"] == "gk" and ev[1].data["cost"] == 1
    ev = pass_window(st, "save")  # Rooney drew two cards: he may answer the Save, and passes
    assert kinds(ev)[-1] == "shot-negated" and st.stamina[0] == 2


def test_gap_28_only_goalkeepers_use_a_shoot_card_as_a_save():
    """WB-GAP-28: position matters only for goalkeepers; a defender cannot save with 射门."""
    st = scenario(2, ["rooney", "nesta"], {0: ["shoot"], 1: ["shoot"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["pass"]
    refuse(st, 1, "save shoot", "WB-TURN-4a")


def test_gap_8_no_limit_on_shots_but_stamina_and_cards():
    """WB-GAP-8: Lahm (Shoot 1, stamina 4) shoots four times in one turn, then has no stamina for a fifth."""
    st = scenario(2, ["lahm", "rooney"], {0: ["shoot"] * 5})
    for _ in range(4):
        play(st, 0, "play shoot")
    assert st.score == [4, 0] and st.stamina[0] == 0
    assert legal(st) == ["end"]


def test_gap_13_an_injured_character_cannot_save_in_any_way():
    """WB-GAP-13: injured Buffon may play neither 救险 nor 射门-as-救险; 误判 is still his to play."""
    st = scenario(2, ["rooney", "buffon"], {0: ["shoot"], 1: ["save", "shoot", "wrong_call"]}, injured=[False, True])
    play(st, 0, "play shoot")
    assert legal(st) == ["play wrong_call", "pass"]
    refuse(st, 1, "play save", "WB-GAP-13")
    refuse(st, 1, "save shoot", "WB-GAP-13")


def test_gap_25_and_proj_7_cost_modifiers_apply_in_order_with_a_minimum_of_zero():
    """WB-GAP-25, WB-PROJ-7: Ferdinand holding ≤ 2 cards saves for 0, plus Ronaldo's +1 = 1; 门线解围
    takes it back to 0 (minimum 0); with 3 cards he pays 1 + 1 − 1 = 1."""
    st = scenario(2, ["cristiano_ronaldo", "ferdinand"], {0: ["shoot", "shoot"], 1: ["save", "save"]})
    play(st, 0, "play shoot")
    ev = play(st, 1, "play save")
    assert ev[1].data["cost"] == 1
    st = scenario(2, ["cristiano_ronaldo", "ferdinand"], {0: ["shoot"], 1: ["save", "save"]},
                  skills={1: ["goal_line_clearance"]})  # fmt: skip
    play(st, 0, "play shoot")
    assert play(st, 1, "play save")[0].data["cost"] == 0
    st = scenario(2, ["cristiano_ronaldo", "ferdinand"], {0: ["shoot"], 1: ["save", "save", "save"]},
                  skills={1: ["goal_line_clearance"]})  # fmt: skip
    play(st, 0, "play shoot")
    assert play(st, 1, "play save")[1].data["cost"] == 1


def test_a_shot_window_view_shows_the_shot_and_what_it_needs():
    """WB-GAP-6: the open shot is public: shooter, kind, saves needed and played."""
    st = scenario(4, hands={0: ["penalty"], 1: ["save"], 3: ["save"]})
    play(st, 0, "play penalty")
    play(st, 1, "play save")
    pass_window(st, "save")
    w = st.view(3)["window"]
    assert w["shot"] == {"shooter": 0, "play": "penalty", "card": "penalty", "need": 2, "saves": 1, "blocked": -1}
    assert w["kind"] == "shot" and w["seat"] == 3
