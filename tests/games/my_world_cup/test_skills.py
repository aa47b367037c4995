"""One scenario per skill code (reference §2.4), each with a one-skill test team against plain teams
(tests/.../data/teams.toml), then the seed's own teams (WC-TEAM-*, WC-EX-1..3, WC-GAP-12..19)."""

from __future__ import annotations

from typing import Any

from pitchside.games.my_world_cup.game import GAME
from tests.games.my_world_cup.helpers import (
    balls,
    config,
    find,
    goals,
    legal,
    of,
    play,
    refuse,
    setup,
    start,
    who,
)


def _shown(teams: tuple[str, str], home: list[str], away: list[str], hands: Any = ([], []), **kw: Any) -> Any:
    """Both lineups committed, not yet revealed: the next step is the reveal and the display phase."""
    return setup(teams, (home, away), hands, phase="lineup", ready=[True, True], **kw)


def _eff(st: Any, side: int, half: str) -> tuple[int, int, int]:
    return tuple(st.t.m.eff[side][half])  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- speed and value


def test_skill_speed() -> None:
    """speed(attack,+2): own attack halves are 2 faster (WC-GAP-12: only that kind); the attack now leads."""
    st, ev = start(setup(("speed", "pla"), (["AD4:top"], ["AD8:bottom"])))
    assert _eff(st, 0, "AD4:top") == (0, 5, 7) and _eff(st, 0, "AD4:bottom") == (1, 4, 6)
    assert of(ev, "pair")[0]["team"] == 0
    st, ev = start(setup(("plx", "pla"), (["AD4:top"], ["AD8:bottom"])))
    assert of(ev, "pair")[0]["team"] == 1  # without the skill the defense (speed 6) leads


def test_skill_opp_speed() -> None:
    """opp_speed(all,-1): the opponent's cards are 1 slower, never below 0 (WC-GAP-12)."""
    st, ev = start(setup(("pla", "oppspd"), (["AD4:bottom"], ["AD8:top"])))
    assert _eff(st, 0, "AD4:bottom")[2] == 5 and _eff(st, 0, "G1:top")[2] == 0
    assert _eff(st, 1, "AD8:top")[2] == 6
    assert of(ev, "pair")[0]["team"] == 1  # 6 beats 5; without the skill pla would win the tie at 6


def test_skill_speed_vs_grade() -> None:
    """speed_vs_grade(A,+1): +1 to every card only against a grade-A opponent."""
    st, _ = start(setup(("svg", "pla"), (["AD4:top"], [])))
    assert _eff(st, 0, "AD4:top")[2] == 6 and _eff(st, 0, "F8:top")[2] == 9
    st, _ = start(setup(("svg", "plb"), (["AD4:top"], [])))
    assert _eff(st, 0, "AD4:top")[2] == 5


def test_skill_value() -> None:
    """value(goal+defense,+1): in every comparison and in void effects (WC-GAP-12: a void goal 2 scores 3)."""
    st, ev = start(setup(("value", "pla"), (["G2:top"], [])))
    assert goals(ev) == [(0, 3, "goal")]
    st, ev = start(setup(("value", "pla"), (["AD4:bottom"], ["AD4:top"])))
    assert _eff(st, 0, "AD4:bottom")[1] == 5 and not of(ev, "roll")  # attack 5 vs defense 5: nothing


# --------------------------------------------------------------------------- preparation


def test_skill_depth() -> None:
    """depth(2): group start hand +2 (10 + 2); knockout preparation: draw 2, then discard 2 (WC-TEAM-ESP-1)."""
    st = GAME.new_state(config(("depth", "pla"), "group"), 1)
    assert [len(h) for h in st.hands] == [12, 10]
    st = GAME.new_state(config(("depth", "pla"), "knockout"), 1)
    assert who(st) == ("turn", 0, "preparation:discard") and len(st.hands[0]) == 4 + 4 + 2
    first = legal(st)[0]
    play(st, 0, first)
    assert who(st) == ("turn", 0, "preparation:discard") and len(st.hands[0]) == 9
    play(st, 0, legal(st)[0])
    assert len(st.hands[0]) == 8 and first.split()[1] in st.discard and who(st)[2] == "lineup"


def test_skill_lineup_gamble() -> None:
    """lineup_gamble: an optional preparation die; football -> at most 5 cards, number -> at most 3
    (WC-TEAM-ALG-1, WC-GAP-16: not rolled -> 4; WC-INC-4)."""
    seen = {}
    for seed in range(30):
        st = GAME.new_state(config(("gamble", "pla")), seed)
        assert who(st) == ("turn", 0, "preparation:gamble") and legal(st) == ["roll", "skip"]
        ev = play(st, 0, "roll")
        g = of(ev, "gamble")[0]
        seen[g["faces"] == "B"] = g["limit"]
        assert st.limit[0] == (5 if g["faces"] == "B" else 3) and st.limit[1] == 4
    assert seen == {True: 5, False: 3}
    st = GAME.new_state(config(("gamble", "pla")), 0)
    play(st, 0, "skip")
    assert st.limit == [4, 4] and who(st)[2] == "lineup"
    st, _ = start(setup(("gamble", "pla"), ([], []), (["AD4"] * 4, []), phase="lineup", limit=[3, 4]))
    for _ in range(2):
        play(st, 0, "field AD4:top")
    ev = play(st, 0, "field AD4:top")
    assert of(ev, "ready")[0] == {"team": 0, "count": 3}  # the limit reached: ready at once
    assert of(ev, "reveal")[0]["lineups"][0] == ["AD4:top"] * 3


def test_skill_any_grade() -> None:
    """any_grade: any half of any card may be fielded (WC-TEAM-MEX-1, WC-GAP-18)."""
    st, _ = start(setup(("any", "plb"), ([], []), (["AD1", "G3"], ["AD1", "G3"]), phase="lineup"))
    assert legal(st, 0) == ["field AD1:top", "field AD1:bottom", "field G3:top", "field G3:bottom", "ready"]
    play(st, 0, "ready")
    assert legal(st, 1) == ["field AD1:bottom", "field G3:bottom", "ready"]  # grade B without the skill
    refuse(st, 1, "field AD1:top", "WC-CARD-3")


# --------------------------------------------------------------------------- display


def test_skill_swap_once() -> None:
    """swap_once: in the display phase, once per match, a hand card swaps with a lineup card; the replaced
    card returns to hand; never in extra time (WC-TEAM-ENG-3, WC-GAP-14)."""
    st, ev = start(_shown(("swap", "pla"), ["AD4:bottom", "G4:top"], ["AD4:top"], (["G1"], [])))
    assert of(ev, "reveal") and who(st) == ("turn", 0, "display:swap")
    assert legal(st) == ["swap 1", "swap 2", "skip"]
    refuse(st, 0, "swap G1:top", "WC-GAP-14")
    play(st, 0, "swap 2")
    assert who(st) == ("turn", 0, "display:swap-in") and legal(st) == ["swap G1:top"]
    ev = play(st, 0, "swap G1:top")
    assert of(ev, "swap") == [{"team": 0, "slot": 2, "out": "G4:top", "in": "G1:top"}]
    assert st.line[0] == ["AD4:bottom", "G1:top"] and st.hands[0] == ["G4"] and st.used[0] == 1
    # once per match: a used swap is not offered again; nor in extra time
    st, _ = start(_shown(("swap", "pla"), ["AD4:bottom"], ["AD4:top"], (["G1"], []), used=[1, 0]))
    assert who(st)[2] != "display:swap"
    st, _ = start(_shown(("swap", "pla"), ["AD4:bottom"], ["AD4:top"], (["G1"], []), period=1, mode="knockout"))
    assert who(st)[2] != "display:swap"


def test_skill_flip_once() -> None:
    """flip_once: in the display phase, once per match, turn an own attack/defense card to its other half,
    its grade ignored."""
    st, _ = start(_shown(("flip", "pla"), ["AD7:bottom", "G4:top"], ["AD4:top"]))
    assert who(st) == ("turn", 0, "display:flip") and legal(st) == ["flip 1", "skip"]
    refuse(st, 0, "flip 2", "WC-GAP-25")
    ev = play(st, 0, "flip 1")  # AD7's top half (attack 4, grades C, D) for a grade-A team
    assert of(ev, "flip") == [{"team": 0, "slot": 1, "out": "AD7:bottom", "in": "AD7:top"}]
    assert st.used[0] == 2
    st, _ = start(_shown(("flip", "pla"), ["AD7:bottom"], ["AD4:top"], used=[2, 0]))
    assert who(st)[2] != "display:flip"


def test_skill_goal_first() -> None:
    """goal_first: in the display phase pick a goal card and roll; a number -> it is paired first, before a
    faster foul (WC-TEAM-CIV-2, WC-GAP-15); a football -> nothing."""
    make = lambda r: _shown(("first", "pla"), ["G4:top", "AD4:top"], ["F10:top", "AD4:bottom"], rng=r)  # noqa: E731
    st, ev = find(make, lambda st, ev: st.ask is not None and st.ask[0] == "first", then=None)
    assert legal(st) == ["first 1", "skip"]
    refuse(st, 0, "first 2", "WC-TEAM-CIV-2")
    st, ev = find(make, lambda st, ev: of(ev, "goal-first")[0]["first"], then=lambda st: play(st, 0, "first 1"))
    assert of(ev, "goal-first")[0]["faces"] != "B"
    assert who(st) == ("turn", 0, "pairing:target")  # the goal card is active though the foul is faster
    assert st.ask is not None and st.ask[2:] == (0, 0)
    st, ev = find(make, lambda st, ev: not of(ev, "goal-first")[0]["first"], then=lambda st: play(st, 0, "first 1"))
    assert of(ev, "goal-first")[0]["faces"] == "B" and who(st) == ("turn", 1, "pairing:target")


def test_skill_tie_priority() -> None:
    """tie_priority: wins cross-team speed ties before the world rank (WC-TEAM-BRA-3)."""
    st, _ = start(setup(("pla", "tie"), (["AD4:top", "G4:top"], ["AD4:top", "G1:top"])))
    assert st.t.m.teams[0].world_rank < st.t.m.teams[1].world_rank
    assert who(st) == ("turn", 1, "pairing:target")


def test_skill_opponent_pairs() -> None:
    """opponent_pairs: every pairing choice of this team is made by the opponent: which tied card leads, and
    the target among the opponent's own cards (WC-TEAM-PRK-1, WC-GAP-17)."""
    st, _ = start(setup(("opppair", "pla"), (["AD8:top", "AD8:bottom"], ["AD4:top", "G4:top"])))
    assert who(st) == ("turn", 1, "pairing:lead") and legal(st) == ["lead 1", "lead 2"]
    refuse(st, 0, "lead 1", "WC-TEAM-PRK-1")
    play(st, 1, "lead 2")  # North Korea's defense 4 leads, chosen by the opponent
    assert who(st) == ("turn", 1, "pairing:target") and legal(st) == ["pair 1", "pair 2"]
    refuse(st, 0, "pair 1", "WC-TEAM-PRK-1")
    ev = play(st, 1, "pair 1")  # the opponent sends its attack 5 at the defense 4
    assert of(ev, "pair")[0] == {"team": 0, "slot": 2, "card": "AD8:bottom", "target": 1, "against": "AD4:top",
                                 "chooser": 1}  # fmt: skip


# --------------------------------------------------------------------------- dice


def test_skill_double_dice() -> None:
    """double_dice: optional per own attack roll, declared before rolling: 2x dice, one goal per two footballs,
    no cap (WC-TEAM-ESP-3, WC-GAP-13)."""
    make = lambda r: setup(("double", "pla"), (["AD4:top"], []), rng=r)  # noqa: E731
    st, _ = start(make(0))
    assert who(st) == ("response", 0, "resolution:double-dice") and legal(st) == ["double", "single"]
    st, ev = find(make, lambda st, ev: balls(of(ev, "roll")[0]["faces"]) >= 4, then=lambda st: play(st, 0, "double"))
    roll = of(ev, "roll")[0]
    assert roll["dice"] == 10 and roll["double"] is True
    assert goals(ev) == [(0, balls(roll["faces"]) // 2, "attack")]
    st, ev = find(make, lambda st, ev: balls(of(ev, "roll")[0]["faces"]) == 1, then=lambda st: play(st, 0, "double"))
    assert goals(ev) == []  # one football of ten: no goal
    st, ev = find(make, lambda st, ev: balls(of(ev, "roll")[0]["faces"]) >= 2, then=lambda st: play(st, 0, "single"))
    assert of(ev, "roll")[0]["dice"] == 5 and goals(ev) == [(0, 1, "attack")]


def test_double_dice_never_for_counter_attacks() -> None:
    """WC-GAP-13: the double dice are for Spanish attack cards, not counter-attacks."""
    _st, ev = start(setup(("pla", "double"), (["G4:bottom"], ["AD9:bottom"])))
    assert of(ev, "roll")[0]["for"] == "counter-attack" and of(ev, "roll")[0]["double"] is False


def test_skill_reroll_once() -> None:
    """reroll_once: once per match, reroll all dice of one own tactical-dice roll; the second result stands; it is
    offered only after a roll that missed (WC-PROJ-7)."""
    make = lambda r: setup(("reroll", "pla"), (["AD4:top", "AD4:top"], []), rng=r)  # noqa: E731
    first_missed = lambda st, ev: balls(of(ev, "roll")[0]["faces"]) == 0  # noqa: E731

    def answer(text: str) -> Any:
        return lambda st: play(st, 0, text) if st.ask is not None and st.ask[0] == "reroll" else []

    st, ev = find(make, first_missed)
    assert who(st) == ("response", 0, "resolution:reroll") and legal(st) == ["reroll", "skip"]
    # rerolled: the second roll stands, and the next card's roll gets no reroll (once per match)
    st, ev = find(make, first_missed, then=answer("reroll"))
    assert [r["dice"] for r in of(ev, "roll")] == [5, 5, 5] and st.used[0] == 4 and st.is_over()
    second = balls(of(ev, "roll")[1]["faces"]) > 0
    third = balls(of(ev, "roll")[2]["faces"]) > 0
    assert st.score[0] == second + third
    # declined: the missed roll stands and the reroll is kept for later
    st, ev = find(make, first_missed, then=answer("skip"))
    assert st.used[0] == 0 and len(of(ev, "roll")) == 2
    assert st.is_over() == (balls(of(ev, "roll")[1]["faces"]) > 0)  # a second miss is offered the reroll again


def test_skill_reroll_foul_once() -> None:
    """reroll_foul_once: once per match, reroll a bad foul-die result."""
    make = lambda r: setup(("rfoul", "pla"), (["F8:top"], ["AD4:top"]), rng=r)  # noqa: E731
    st, ev = find(make, lambda st, ev: st.ask is not None and st.ask[0] == "foul")
    assert of(ev, "foul-die")[0]["face"] != "clean" and legal(st) == ["reroll", "skip"]
    ev = play(st, 0, "reroll")
    assert of(ev, "foul-die")[0]["reroll"] is True and st.used[0] == 8


def test_skill_ignore_foul_once() -> None:
    """ignore_foul_once: once per match, ignore a bad foul-die result."""
    make = lambda r: setup(("ifoul", "pla"), (["F8:top"], ["AD4:top"]), rng=r)  # noqa: E731
    st, ev = find(make, lambda st, ev: bool(of(ev, "foul-die")) and of(ev, "foul-die")[0]["face"] == "penalty")
    assert legal(st) == ["ignore", "skip"]
    ev = play(st, 0, "ignore")
    assert goals(ev) == [] and st.score == [0, 0] and st.used[0] == 16
    st, ev = find(make, lambda st, ev: bool(of(ev, "foul-die")) and of(ev, "foul-die")[0]["face"] == "penalty")
    ev = play(st, 0, "skip")
    assert goals(ev) == [(1, 1, "penalty")]


def test_skill_counter() -> None:
    """counter(+1): own counter-attacks roll one extra die."""
    _st, ev = start(setup(("pla", "counter"), (["G1:bottom"], ["AD4:bottom"])))
    assert of(ev, "roll")[0]["dice"] == 4  # defense 4 - goal 1 + 1
    _st, ev = start(setup(("pla", "counter"), (["G4:top"], ["AD4:top"])))
    assert all(r["for"] != "counter-attack" for r in of(ev, "roll"))


def test_skill_ignore_defense_once() -> None:
    """ignore_defense_once: once per match, an own attack-vs-defense roll uses the full attack value."""
    st, _ = start(setup(("idef", "pla"), (["AD4:top"], ["AD9:bottom"])))  # attack 5 vs defense 6: no dice
    assert who(st) == ("response", 0, "resolution:ignore-defense") and legal(st) == ["ignore", "skip"]
    st2 = st.clone()
    ev = play(st, 0, "ignore")
    assert of(ev, "roll")[0]["dice"] == 5 and st.used[0] == 32
    ev = play(st2, 0, "skip")
    assert not of(ev, "roll")


def test_skill_shootout_dice() -> None:
    """shootout_dice(3): own shootout kicks roll 3 dice (WC-GAP-21: 2 otherwise)."""
    _st, ev = start(setup(("kick", "plx"), ([], []), mode="knockout", period=1, phase="pairing"))
    kicks = of(ev, "roll")
    assert kicks and {(k["team"], k["dice"]) for k in kicks} == {(0, 3), (1, 2)}


# --------------------------------------------------------------------------- the seed's teams


def test_spain_speed_and_squad_depth() -> None:
    """WC-TEAM-ESP-2: every tactical card +2, fouls included; WC-TEAM-ESP-1 / WC-EX-2: group start hand
    N + 2 = 12; knockout preparation: draw 2, then discard 2."""
    st = GAME.new_state({"mode": "group", "teams": ["esp", "sui"]}, 3)
    assert [len(h) for h in st.hands] == [12, 10]
    assert st.t.m.eff[0]["F10:top"][2] == 12 and st.t.m.eff[0]["G1:top"][2] == 3
    st = GAME.new_state({"mode": "knockout", "teams": ["sui", "esp"]}, 3)
    assert who(st) == ("turn", 1, "preparation:discard") and len(st.hands[1]) == 10
    play(st, 1, legal(st)[0])
    play(st, 1, legal(st)[0])
    assert len(st.hands[1]) == 8 and len(st.discard) == 2


def test_spain_double_dice() -> None:
    """WC-TEAM-ESP-3: Spain's attack rolls may use twice the dice, every two footballs one goal."""
    st, _ = start(setup(("esp", "sui"), (["AD1:top"], [])))
    assert who(st) == ("response", 0, "resolution:double-dice")
    ev = play(st, 0, "double")
    assert of(ev, "roll")[0]["dice"] == 14


def test_brazil_speed_values_and_technical_superiority() -> None:
    """WC-TEAM-BRA-1 (speed +1), WC-TEAM-BRA-2 (goal and defense value +1, also in a void: goal 2 scores 3),
    WC-TEAM-BRA-3 / WC-EX-3 (speed ties go to Brazil, even against Spain's better world rank)."""
    st, ev = start(setup(("bra", "ned"), (["G2:top"], [])))
    m = st.t.m
    assert m.eff[0]["G2:top"] == (2, 3, 3) and m.eff[0]["AD4:bottom"] == (1, 5, 7) and m.eff[0]["AD4:top"] == (0, 5, 6)
    assert goals(ev) == [(0, 3, "goal")]
    st, _ = start(setup(("esp", "bra"), (["G4:top", "AD4:top"], ["G1:top", "AD4:bottom"])))
    assert st.t.m.eff[0]["AD4:top"][2] == st.t.m.eff[1]["AD4:bottom"][2] == 7
    assert who(st) == ("turn", 1, "pairing:target")


def test_england_skills() -> None:
    """WC-TEAM-ENG-1 (attack speed +2), WC-TEAM-ENG-2 (attack and defense value +1), WC-TEAM-ENG-3 (the swap,
    once per match, not in extra time; WC-GAP-14)."""
    st, _ = start(_shown(("eng", "usa"), ["AD4:top", "AD4:bottom"], ["AD4:top"], (["G4"], [])))
    m = st.t.m
    assert m.eff[0]["AD4:top"] == (0, 6, 7) and m.eff[0]["AD4:bottom"] == (1, 5, 6) and m.eff[0]["G4:top"] == (2, 2, 3)
    assert who(st) == ("turn", 0, "display:swap")
    st, _ = start(_shown(("eng", "usa"), ["AD4:top"], ["AD4:top"], (["G4"], []), period=1, mode="knockout"))
    assert who(st)[2] != "display:swap"


def test_mexico_uses_all_cards() -> None:
    """WC-TEAM-MEX-1, WC-GAP-18: Mexico (grade B) may field any half of any card."""
    st, _ = start(setup(("mex", "usa"), ([], []), (["AD1", "G1"], ["AD1", "G1"]), phase="lineup"))
    assert legal(st, 0) == ["field AD1:top", "field AD1:bottom", "field G1:top", "field G1:bottom", "ready"]
    play(st, 0, "ready")
    assert legal(st, 1) == ["field AD1:bottom", "field G1:bottom", "ready"]


def test_algeria_gambles_in_preparation() -> None:
    """WC-TEAM-ALG-1, WC-GAP-16: Algeria's optional preparation roll; WC-INC-4: the maximum is the lineup's."""
    st = GAME.new_state({"teams": ["alg", "eng"]}, 4)
    assert who(st) == ("turn", 0, "preparation:gamble")
    ev = play(st, 0, "roll")
    assert st.limit[0] in (3, 5) and of(ev, "gamble")[0]["limit"] == st.limit[0]


def test_north_korea_pairings_are_made_by_the_opponent() -> None:
    """WC-TEAM-PRK-1, WC-GAP-17: North Korea's pairing choices are its opponent's."""
    st, _ = start(setup(("prk", "jpn"), (["F10:top", "AD4:top"], ["AD4:top", "G1:bottom"])))
    assert who(st) == ("turn", 1, "pairing:target") and st.ask is not None and st.ask[2] == 0


def test_ivory_coast_goal_first_and_chooses_its_target() -> None:
    """WC-TEAM-CIV-2, WC-EX-1: on a number the Ivory Coast goal card pairs first, ignoring speed, and Ivory
    Coast chooses the target it wants for that goal value (WC-GAP-15)."""
    make = lambda r: _shown(("civ", "esp"), ["G4:top", "AD5:top"], ["F10:top", "AD4:bottom"], rng=r)  # noqa: E731
    st, ev = find(make, lambda st, ev: of(ev, "goal-first")[0]["first"], then=lambda st: play(st, 0, "first 1"))
    assert who(st) == ("turn", 0, "pairing:target") and legal(st) == ["pair 1", "pair 2"]
    ev = play(st, 0, "pair 2")  # goal 2 vs Spain's defense 4: a counter-attack for Spain; but it went first
    assert of(ev, "pair")[0]["card"] == "G4:top"


def test_display_skills_in_world_rank_order() -> None:
    """WC-GAP-19: display skills in world-rank order (better first), each team all of its own first."""
    st, _ev = start(_shown(("civ", "eng"), ["G4:top"], ["AD4:top"], ([], ["G1"])))
    assert who(st) == ("turn", 1, "display:swap")  # England (rank 8) before Ivory Coast (rank 19)
    play(st, 1, "skip")
    assert who(st) == ("turn", 0, "display:first")


def test_effective_values_stack_and_never_go_below_zero() -> None:
    """WC-GAP-12: bonuses stack (Spain +2 and South Africa's -1 on the opponent); nothing below 0."""
    st, _ = start(setup(("rsa", "esp"), ([], [])))
    m = st.t.m
    assert m.eff[1]["AD4:top"][2] == 5 + 2 - 1  # Spain +2, vuvuzela -1
    assert m.eff[0]["AD4:top"][2] == 5 + 1  # South Africa +1
    st, _ = start(setup(("pla", "oppspd"), ([], [])))
    assert st.t.m.eff[0]["G1:top"] == (2, 3, 0)
