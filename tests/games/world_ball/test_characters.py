"""Every one of the 32 characters (WB-GAP-1, reference §2.3): a scenario showing its skill at work,
with the other seats' answers scripted (the way FreeKill tests a skill).

Seats 0 and 2 are team A, 1 and 3 team B. WB-CHAR-6: each character's skill is its own.
"""

from __future__ import annotations

import pytest

from pitchside.games.world_ball.game import GAME
from tests.games.world_ball.helpers import CONTENT, kinds, legal, pass_window, play, refuse, scenario, sizes, who

QUIET = ["controversy"] * 3


def first(events, kind: str) -> dict:
    return dict(next(e for e in events if e.kind == kind).data)


def negate(st, shooter: int, saver: int, shot: str = "shoot"):
    """``shooter`` shoots, ``saver`` saves with a 救险, the Save window passes; the events of the save."""
    play(st, shooter, f"play {shot}")
    ev = play(st, saver, "play save")
    return ev + pass_window(st, "save")


# --------------------------------------------------------------------------- goalkeepers


def test_buffon_recovers_one_when_he_negates_a_shot():
    st = scenario(2, ["rooney", "buffon"], {0: ["shoot"], 1: ["save"]}, stamina=[4, 2])
    ev = negate(st, 0, 1)
    assert ev[-1].data["why"] == "recover_on_negate" and st.stamina[1] == 2  # paid 1, recovered 1


def test_casillas_one_save_stops_a_penalty():
    st = scenario(2, ["rooney", "casillas"], {0: ["penalty"], 1: ["save", "save"]})
    play(st, 0, "play penalty")
    ev = play(st, 1, "play save")
    assert ev[-2].data == {"seat": 1, "saves": 2, "need": 2} and ev[-1].kind == "shot-negated"
    assert st.hands[1] == ["save"]
    st = scenario(2, ["rooney", "van_der_sar"], {0: ["penalty"], 1: ["save", "save"]})
    play(st, 0, "play penalty")
    assert play(st, 1, "play save")[-1].data == {"seat": 1, "saves": 1, "need": 2}  # anyone else: 1 of 2


def test_cech_cannot_be_injured():
    st = scenario(2, ["rooney", "cech"], {0: ["sliding_tackle"]}, discard=QUIET)
    play(st, 0, "play sliding_tackle @1")
    assert not st.injured[1]


def test_van_der_sar_keeps_five_cards():
    st = scenario(2, ["van_der_sar", "rooney"], {0: ["save"] * 6})
    play(st, 0, "end")
    play(st, 0, "discard save")
    assert sizes(st)[0] == 5 and who(st) == ("turn", 1, "action")


def test_julio_cesar_draws_when_he_negates_a_shot():
    st = scenario(2, ["rooney", "julio_cesar"], {0: ["shoot"], 1: ["save"]}, deck_top=["penalty"])
    negate(st, 0, 1)
    assert st.hands[1] == ["penalty"]


def test_neuer_discards_one_and_a_teammate_draws_one():
    st = scenario(4, ["neuer", "rooney", "lahm", "kaka"], {0: ["save", "shoot"]}, deck_top=["penalty"])
    assert "skill save @2" in legal(st) and not any("@1" in a or "@3" in a for a in legal(st))
    ev = play(st, 0, "skill shoot @2")
    assert kinds(ev) == ["skill", "draw", "drew"] and st.hands[2] == ["penalty"] and st.discard[-1] == "shoot"


def test_neuer_has_no_teammate_at_two_seats():
    st = scenario(2, ["neuer", "rooney"], {0: ["save"]})
    assert legal(st) == ["end"]
    refuse(st, 0, "skill save @1", "WB-GAP-16")


# --------------------------------------------------------------------------- defenders


def test_terry_discards_any_card_instead_of_a_save():
    st = scenario(2, ["rooney", "terry"], {0: ["shoot"], 1: ["penalty", "wall"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["save penalty", "save wall", "pass"]
    ev = play(st, 1, "save wall")
    assert ev[1].data["how"] == "discard" and ev[-1].kind == "shot-negated" and st.stamina[1] == 3


def test_puyol_pays_for_a_teammates_save():
    """Puyol (seat 3) pays Rooney's (seat 1) 救险 cost 2 — even though Rooney has 0 stamina."""
    st = scenario(4, ["lahm", "rooney", "nesta", "puyol"], {0: ["shoot"], 1: ["save"], 3: ["shoot"]},
                  stamina=[4, 0, 4, 5])  # fmt: skip
    play(st, 0, "play shoot")
    assert who(st) == ("response", 1, "shot") and legal(st) == ["play save", "pass"]
    play(st, 1, "play save")
    assert who(st) == ("response", 3, "prompt:captain") and legal(st) == ["skill", "pass"]
    assert st.hands[1] == []  # the declared card waits on the table
    ev = play(st, 3, "skill")
    assert ev[1].data == {"seat": 3, "stamina": 3, "change": -2, "why": "save"}
    assert ev[2].data["payer"] == 3 and st.stamina[1] == 0
    pass_window(st, "save")
    assert st.score == [0, 0]


def test_puyol_declines_the_saver_pays_if_he_can():
    st = scenario(4, ["lahm", "rooney", "nesta", "puyol"], {0: ["shoot"], 1: ["save"], 3: ["shoot"]})
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    ev = play(st, 3, "pass")
    assert ev[1].data == {"seat": 1, "stamina": 2, "change": -2, "why": "save"}


def test_puyol_declines_and_the_saver_cannot_pay_the_card_goes_back():
    st = scenario(4, ["lahm", "rooney", "nesta", "puyol"], {0: ["shoot"], 1: ["save", "wrong_call"], 3: ["shoot"]},
                  stamina=[4, 0, 4, 5])  # fmt: skip
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    play(st, 3, "pass")
    assert sorted(st.hands[1]) == ["save", "wrong_call"] and who(st) == ("response", 1, "shot")
    assert legal(st) == ["play wrong_call", "pass"]  # Puyol is not asked again for him


def test_cannavaro_drains_the_shooter_of_a_negated_shoot():
    st = scenario(2, ["lahm", "cannavaro"], {0: ["shoot", "free_kick"], 1: ["save", "save"]})
    negate(st, 0, 1)
    assert st.stamina[0] == 2  # paid 1, lost 1
    play(st, 0, "play free_kick")
    play(st, 1, "play save")
    assert st.stamina[0] == 1  # a set piece: no drain


def test_ferdinand_saves_for_free_with_two_cards_or_fewer():
    st = scenario(2, ["lahm", "ferdinand"], {0: ["shoot", "shoot"], 1: ["save", "save", "save"]})
    play(st, 0, "play shoot")
    assert first(play(st, 1, "play save"), "save")["cost"] == 1  # three cards: full price
    pass_window(st, "save")
    play(st, 0, "play shoot")
    assert first(play(st, 1, "play save"), "save")["cost"] == 0  # two cards: free


def test_nesta_draws_when_he_equips_a_defense_skill():
    st = scenario(2, ["nesta", "rooney"], {0: ["wall", "long_shot"]}, deck_top=["save"])
    ev = play(st, 0, "equip wall")
    assert kinds(ev) == ["equip", "draw", "drew"] and "save" in st.hands[0]
    assert kinds(play(st, 0, "equip long_shot")) == ["equip"]


def test_lahm_keeps_five_cards():
    st = scenario(2, ["lahm", "rooney"], {0: ["save"] * 5})
    play(st, 0, "end")
    assert who(st) == ("turn", 1, "action") and sizes(st)[0] == 5


def test_pique_takes_set_pieces_for_free():
    st = scenario(2, ["pique", "rooney"], {0: ["free_kick", "penalty"]}, stamina=[0, 4])
    assert legal(st) == ["play free_kick", "play penalty", "end"]
    assert play(st, 0, "play penalty")[0].data["cost"] == 0


def test_lucio_draws_when_his_shoot_is_negated_not_his_free_kick():
    st = scenario(2, ["lucio", "rooney"], {0: ["shoot", "free_kick"], 1: ["save", "save"]},
                  deck_top=["penalty", "save"])  # fmt: skip
    negate(st, 0, 1)
    assert st.hands[0] == ["free_kick", "penalty"]
    negate(st, 0, 1, "free_kick")
    assert st.hands[0] == ["penalty"]


# --------------------------------------------------------------------------- midfielders


def test_gerrard_discards_one_and_a_teammate_recovers_one():
    st = scenario(4, ["gerrard", "rooney", "lahm", "kaka"], {0: ["save"]}, stamina=[4, 4, 1, 4])
    play(st, 0, "skill save @2")
    assert st.stamina[2] == 2 and st.discard[-1] == "save"


def test_lampard_shoots_his_first_shoot_each_turn_for_free():
    st = scenario(2, ["lampard", "rooney"], {0: ["shoot", "shoot"]})
    assert play(st, 0, "play shoot")[0].data["cost"] == 0
    assert play(st, 0, "play shoot")[1].data["cost"] == 1


def test_xavi_draws_three():
    st = scenario(2, ["rooney", "xavi"], deck_top=["shoot", "save", "penalty"])
    play(st, 0, "end")
    assert st.hands[1] == ["shoot", "save", "penalty"]


def test_iniesta_gives_up_to_two_cards_to_one_teammate():
    st = scenario(6, ["iniesta", "rooney", "lahm", "kaka", "nesta", "xavi"], {0: ["save", "penalty", "shoot"]})
    ev = play(st, 0, "skill penalty @4")
    assert [e.kind for e in ev] == ["skill", "give", "gave", "given"]
    assert ev[2].to == 0 and ev[3].to == 4 and "card" not in ev[1].data
    assert [a for a in legal(st) if a.startswith("skill")] == ["skill save @4", "skill shoot @4"]
    refuse(st, 0, "skill save @2", "WB-GAP-16")
    play(st, 0, "skill shoot @4")
    assert st.hands[4] == ["penalty", "shoot"] and not any(a.startswith("skill") for a in legal(st))
    assert not st.played  # WB-PROJ-8: giving is not playing


def test_pirlo_free_kick_needs_two_saves():
    st = scenario(2, ["pirlo", "rooney"], {0: ["free_kick"], 1: ["save", "save"]})
    assert play(st, 0, "play free_kick")[1].data["need"] == 2


def test_kaka_denies_one_opponent_the_save_against_his_next_shot():
    st = scenario(4, ["kaka", "rooney", "lahm", "nesta"], {0: ["shoot", "shoot"], 1: ["save", "wrong_call"],
                  3: ["save"]})  # fmt: skip
    assert "skill @1" in legal(st) and "skill @3" in legal(st)
    play(st, 0, "skill @1")
    play(st, 0, "play shoot")
    assert who(st) == ("response", 1, "shot") and legal(st) == ["play wrong_call", "pass"]
    refuse(st, 1, "play save", "WB-GAP-1")
    play(st, 1, "pass")
    play(st, 3, "pass")
    assert st.score == [1, 0]
    play(st, 0, "play shoot")  # the next shot: seat 1 may save again
    assert legal(st) == ["play save", "play wrong_call", "pass"]


def test_beckham_draws_when_he_takes_a_free_kick():
    st = scenario(2, ["beckham", "rooney"], {0: ["free_kick", "penalty"]}, deck_top=["save", "save"])
    assert "draw" in kinds(play(st, 0, "play free_kick"))
    assert "draw" not in kinds(play(st, 0, "play penalty"))


def test_sneijder_draws_when_a_teammate_scores():
    st = scenario(4, ["lahm", "rooney", "sneijder", "nesta"], {0: ["shoot"], 2: ["shoot"]},
                  deck_top=["save", "penalty"])  # fmt: skip
    ev = play(st, 0, "play shoot")
    assert kinds(ev)[-3:] == ["goal", "draw", "drew"] and st.hands[2] == ["shoot", "save"]
    play(st, 0, "end")
    play(st, 1, "end")
    deck = len(st.deck)
    play(st, 2, "play shoot")
    ev = pass_window(st, "shot")  # his own goal: no draw
    assert kinds(ev)[-1] == "goal" and len(st.deck) == deck


def test_schweinsteiger_draws_at_the_end_of_a_turn_without_a_shoot():
    st = scenario(2, ["schweinsteiger", "rooney"], {0: ["free_kick"]}, deck_top=["save"])
    play(st, 0, "play free_kick")  # a set piece is not a 射门
    ev = play(st, 0, "end")
    assert kinds(ev)[:3] == ["end", "draw", "drew"] and st.hands[0] == ["save"]
    st = scenario(2, ["schweinsteiger", "rooney"], {0: ["shoot"]}, deck_top=["save"])
    play(st, 0, "play shoot")
    assert kinds(play(st, 0, "end"))[:2] == ["end", "turn"]


# --------------------------------------------------------------------------- forwards


def test_rooney_has_four_stamina_and_keeps_six_cards():
    """WB-EX-1 and WB-TURN-5: the two facts the seed gives about Rooney."""
    st = GAME.new_state({"seats": 2, "characters": ["rooney", "lahm"], "starter": 1}, 0)
    assert st.max_stamina(0) == 4 and st.hand_limit(0) == 6 and CONTENT.characters["rooney"].seed


def test_messi_discards_a_card_to_cancel_a_save():
    st = scenario(2, ["messi", "rooney"], {0: ["shoot", "penalty", "save"], 1: ["save"]})
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    assert who(st) == ("response", 0, "save")
    assert legal(st) == ["skill penalty", "skill save", "pass"]
    ev = play(st, 0, "skill save")
    assert kinds(ev) == ["skill", "save-negated", "goal"] and st.score == [1, 0]


def test_cristiano_ronaldo_makes_saves_cost_one_more():
    st = scenario(2, ["cristiano_ronaldo", "lahm"], {0: ["shoot"], 1: ["save"]}, stamina=[4, 1])
    play(st, 0, "play shoot")
    assert legal(st) == ["pass"]  # the 救险 would cost 1 + 1
    st = scenario(2, ["cristiano_ronaldo", "lahm"], {0: ["shoot"], 1: ["save"]})
    play(st, 0, "play shoot")
    assert play(st, 1, "play save")[1].data["cost"] == 2


def test_drogba_goalkeepers_cannot_save_with_a_shoot_card():
    st = scenario(2, ["drogba", "buffon"], {0: ["shoot"], 1: ["shoot", "save"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["play save", "pass"]
    refuse(st, 1, "save shoot", "WB-GAP-28")


def test_torres_recovers_when_he_scores():
    st = scenario(2, ["torres", "rooney"], {0: ["shoot"]})
    ev = play(st, 0, "play shoot")
    assert kinds(ev)[-2:] == ["goal", "stamina"] and st.stamina[0] == 4


def test_villa_draws_when_a_teammates_shot_is_negated():
    st = scenario(4, ["lahm", "rooney", "villa", "nesta"], {0: ["shoot"], 1: ["save"]}, deck_top=["penalty"])
    negate(st, 0, 1)
    assert st.hands[2] == ["penalty"]


def test_henry_plays_a_save_as_a_shoot():
    st = scenario(2, ["henry", "rooney"], {0: ["save"]})
    assert legal(st) == ["shoot save", "end"]
    ev = play(st, 0, "shoot save")
    assert ev[1].data == {"seat": 0, "play": "shoot", "card": "save", "cost": 1, "need": 1, "blocked": -1}
    assert st.score == [1, 0] and st.shots == 1


def test_klose_pays_one_and_a_teammates_free_kick_needs_one_more_save():
    st = scenario(4, ["lahm", "rooney", "klose", "nesta"], {0: ["free_kick"], 1: ["save"]})
    play(st, 0, "play free_kick")
    assert who(st) == ("response", 2, "prompt:header") and legal(st) == ["skill", "pass"]
    ev = play(st, 2, "skill")
    assert kinds(ev) == ["stamina", "skill", "needs"] and ev[-1].data["need"] == 2 and st.stamina[2] == 3
    assert who(st) == ("response", 1, "shot")
    play(st, 1, "play save")
    assert st.score == [1, 0]  # one save of two, and nobody else holds a card


def test_etoo_draws_when_an_opposing_shot_is_negated():
    st = scenario(2, ["lahm", "etoo"], {0: ["shoot"], 1: ["save"]}, deck_top=["penalty"])
    negate(st, 0, 1)
    assert st.hands[1] == ["penalty"]


def test_every_character_has_a_scenario_here():
    import sys

    names = {n for n in dir(sys.modules[__name__]) if n.startswith("test_")}
    for cid in CONTENT.characters:
        assert any(n.startswith(f"test_{cid}_") for n in names), cid


@pytest.mark.parametrize("cid", sorted(CONTENT.characters))
def test_every_character_can_be_chosen_and_plays_a_match(cid: str):
    """WB-CHAR-7: each character, chosen, plays a whole random match without error."""
    from pitchside.core.rng import Rng

    st = GAME.new_state({"seats": 2, "characters": [cid, "lahm" if cid != "lahm" else "rooney"]}, 4)
    rng = Rng(5)
    while not st.is_over():
        seat = st.decision().seat
        assert seat is not None
        acts = st.legal_actions(seat)
        st.apply(seat, acts[rng.below(len(acts))])
    assert st.outcome().ending == "full-time"
