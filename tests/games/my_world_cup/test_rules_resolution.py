"""Resolving pairs: WC-MATCH-5/7, WC-AD-0a..c, WC-GOAL-0, WC-FOUL-3, WC-GAP-10/11/26, the foul die (WC-GAP-5),
and every derived illustration at the end of the reference's §2.2.

Plain test teams (tests/.../data/teams.toml) have no skills, so printed values are effective values:
pla (grade A, rank 10), plb (B, 11), plc (C, 12), pld (D, 13), plx (A, 20).
"""

from __future__ import annotations

from typing import Any

from pitchside.games.my_world_cup.state import Phase
from tests.games.my_world_cup.helpers import balls, find, goals, kinds, legal, of, play, refuse, setup, start, who


def _pairing(home: list[str], away: list[str], teams: tuple[str, str] = ("pla", "plb"), **kw: Any) -> Any:
    return lambda r: setup(teams, (home, away), rng=r, **kw)


def _rolled(want_ball: bool) -> Any:
    return lambda st, ev: bool(of(ev, "roll")) and (balls(of(ev, "roll")[0]["faces"]) > 0) == want_ball


# --------------------------------------------------------------------------- the derived illustrations (§2.2)


def test_illustration_attack_7_vs_defense_4_rolls_3_dice() -> None:
    """Derived: attack 7 vs defense 4 -> the attacker rolls 3 dice, at least one football = 1 goal (WC-AD-0b)."""
    make = _pairing(["AD1:top"], ["AD4:bottom"])
    _st, ev = find(make, _rolled(True))
    roll = of(ev, "roll")[0]
    assert (roll["team"], roll["dice"], roll["for"]) == (0, 3, "attack")
    assert goals(ev) == [(0, 1, "attack")]
    _st, ev = find(make, _rolled(False))
    assert of(ev, "roll")[0]["dice"] == 3 and goals(ev) == []


def test_illustration_attack_5_vs_defense_5_nothing() -> None:
    """Derived: attack 5 vs defense 5 -> nothing, no dice (WC-GAP-11)."""
    _st, ev = start(setup(("pla", "plb"), (["AD4:top"], ["AD7:bottom"])))
    assert of(ev, "pair") and not of(ev, "roll") and goals(ev) == []
    assert of(ev, "nothing")[0]["why"] == "defense holds"


def test_illustration_goal_3_vs_defense_2_scores_1() -> None:
    """Derived: goal 3 vs defense 2 -> +1 goal (WC-AD-0c: goal - defense goals)."""
    st, ev = start(setup(("pla", "plb"), (["G1:top"], ["AD1:bottom"])))
    assert goals(ev) == [(0, 1, "goal")] and not of(ev, "roll")
    assert st.score == [1, 0]


def test_illustration_goal_1_vs_defense_4_counter_attack() -> None:
    """Derived: goal 1 vs defense 4 -> the defender rolls 3 dice, one football = 1 goal for the defender
    (WC-AD-0c counter-attack; WC-GAP-26: credited to the team that rolled)."""
    make = _pairing(["G1:bottom"], ["AD4:bottom"], teams=("plb", "pla"))
    st, ev = find(make, _rolled(True))
    roll = of(ev, "roll")[0]
    assert (roll["team"], roll["dice"], roll["for"]) == (1, 3, "counter-attack")
    assert goals(ev) == [(1, 1, "counter-attack")] and st.score == [0, 1]
    st, ev = find(make, _rolled(False))
    assert goals(ev) == []


def test_illustration_void_attack_5_rolls_5_dice() -> None:
    """Derived: void attack 5 -> 5 dice (WC-MATCH-7: an attack card executes its own effect; WC-AD-0a)."""
    _st, ev = find(_pairing(["AD4:top"], []), _rolled(True))
    assert of(ev, "pair")[0]["target"] is None
    assert of(ev, "roll")[0]["dice"] == 5 and goals(ev) == [(0, 1, "attack")]


def test_illustration_void_goal_2_scores_2() -> None:
    """Derived: void goal 2 -> +2 (WC-MATCH-7, WC-GOAL-0: as many goals as the goal value)."""
    st, ev = start(setup(("pla", "plb"), (["G2:top"], [])))
    assert goals(ev) == [(0, 2, "goal")] and st.score == [2, 0]


def test_illustration_void_defense_and_void_foul_do_nothing() -> None:
    """Derived: void defense -> nothing; WC-MATCH-7: void defense and foul cards do nothing."""
    st, ev = start(setup(("pla", "plb"), (["AD4:bottom", "F8:top"], [])))
    assert [e["why"] for e in of(ev, "nothing")] == ["void foul", "void defense"]
    assert not of(ev, "roll") and not of(ev, "foul-die") and st.score == [0, 0]


def test_illustration_foul_vs_goal_3_negates_and_rolls_the_foul_die() -> None:
    """Derived: foul vs goal 3 -> the goal card is negated, the fouler rolls the foul die (WC-FOUL-3)."""
    st, ev = find(_pairing(["G1:top"], ["F8:top"]), lambda st, ev: of(ev, "foul-die")[0]["face"] == "clean")
    assert of(ev, "negated") == [{"team": 0}]
    assert of(ev, "foul-die")[0]["team"] == 1
    assert goals(ev) == [] and st.score == [0, 0]


def test_illustration_spain_defense_ties_a_speed_8_foul_and_chooses_first() -> None:
    """Derived: Spain's defense 4/speed 6 is speed 8 (WC-TEAM-ESP-2) and ties Mexico's speed-8 foul; Spain
    (world rank 1) chooses first (WC-MATCH-10, WC-GAP-8b, WC-FOUL-4: a foul is not always first)."""
    st, _ = start(setup(("mex", "esp"), (["F8:top", "AD4:top"], ["AD4:bottom", "AD4:bottom"])))
    assert st.t.m.eff[1]["AD4:bottom"][2] == 8 and st.t.m.eff[0]["F8:top"][2] == 8
    assert who(st) == ("turn", 1, "pairing:target")
    assert legal(st) == ["pair 1", "pair 2"]


def test_illustration_brazil_wins_speed_ties_against_spain() -> None:
    """Derived / WC-EX-3, WC-TEAM-BRA-3: Brazil and Spain both have a card at the current fastest speed: Brazil
    pairs first though Spain's world rank is better."""
    st, _ = start(setup(("esp", "bra"), (["F8:top", "AD4:top"], ["F9:top", "G5:top"])))
    assert st.t.m.eff[0]["F8:top"][2] == st.t.m.eff[1]["F9:top"][2] == 10
    assert who(st) == ("turn", 1, "pairing:target")
    st, ev = start(setup(("esp", "bra"), (["AD4:top", "AD4:top"], ["G5:top", "G5:top"])))
    assert st.t.m.eff[0]["AD4:top"][2] == st.t.m.eff[1]["G5:top"][2] == 7
    assert of(ev, "pair")[0]["team"] == 1  # identical targets: Brazil's pairing is made at once


# --------------------------------------------------------------------------- the seed rules of a pair


def test_attack_scores_at_most_one_goal() -> None:
    """WC-AD-0a: roll as many dice as the attack value; any football = one goal, never more (WC-MATCH-5)."""
    _st, ev = find(
        _pairing(["AD1:top"], []), lambda st, ev: bool(of(ev, "roll")) and balls(of(ev, "roll")[0]["faces"]) >= 3
    )
    assert of(ev, "roll")[0]["dice"] == 7 and goals(ev) == [(0, 1, "attack")]


def test_defense_higher_than_attack_nothing_happens() -> None:
    """WC-AD-0b: if the defense is higher, nothing happens."""
    _st, ev = start(setup(("pla", "plb"), (["AD9:bottom"], ["AD8:top"])))
    assert not of(ev, "roll") and goals(ev) == [] and of(ev, "nothing")


def test_goal_equal_to_defense_nothing() -> None:
    """WC-GAP-11: goal = defense -> no goal and no counter-attack."""
    st, ev = start(setup(("plb", "pla"), (["G4:top"], ["AD1:bottom"])))
    assert st.t.m.eff[0]["G4:top"][1] == 2 and st.t.m.eff[1]["AD1:bottom"][1] == 2
    assert goals(ev) == [] and not of(ev, "roll") and of(ev, "nothing")[0]["why"] == "goal equals defense"


def test_defense_vs_defense_nothing() -> None:
    """WC-GAP-10: defense vs defense -> nothing."""
    _st, ev = start(setup(("pla", "plb"), (["AD4:bottom"], ["AD8:bottom"])))
    assert of(ev, "nothing")[0]["why"] == "defense vs defense" and not of(ev, "roll")


def test_attack_vs_attack_the_higher_rolls_the_difference() -> None:
    """WC-GAP-10: attack vs attack -> the higher attack rolls (its value - the other's) dice, the lower does nothing."""
    # pla's attack 5/speed 5 is slower than plb's attack 4/speed 6: plb chooses, pla's higher attack acts
    make = _pairing(["AD4:top"], ["AD8:top"])
    _st, ev = find(make, _rolled(True))
    assert [(r["team"], r["dice"], r["for"]) for r in of(ev, "roll")] == [(0, 1, "attack")]
    assert goals(ev) == [(0, 1, "attack")]
    _st, ev = find(make, _rolled(False))
    assert len(of(ev, "roll")) == 1 and goals(ev) == []


def test_goal_vs_goal_and_attack_vs_goal_the_higher_value_acts() -> None:
    """WC-GAP-10: goal vs goal -> the higher goal card scores the difference (WC-GOAL-0); attack vs goal -> the
    attack, higher, rolls the difference (WC-AD-0a); the lower card does nothing."""
    st, ev = start(setup(("pla", "plb"), (["G2:top"], ["G3:bottom"])))
    assert goals(ev) == [(0, 1, "goal")] and st.score == [1, 0] and not of(ev, "roll")
    st, ev = find(_pairing(["G1:top"], ["AD8:top"]), _rolled(True))  # goal 3 against attack 4
    assert [k for k in kinds(ev) if k in ("roll", "goal")] == ["roll", "goal"]
    assert [(r["team"], r["dice"]) for r in of(ev, "roll")] == [(1, 1)] and goals(ev) == [(1, 1, "attack")]


def test_attack_or_goal_against_the_same_value_does_nothing() -> None:
    """WC-GAP-10, WC-GAP-11: equal values -> nothing, no dice, no goal (goal 3 vs attack 3, goal 2 vs goal 2)."""
    for lines, teams in ((["G1:top"], ["AD9:top"]), ("pla", "pld")), ((["G2:top"], ["G2:bottom"]), ("pla", "plb")):
        st, ev = start(setup(teams, lines))
        assert of(ev, "pair") and not of(ev, "roll") and goals(ev) == [] and st.score == [0, 0]
        assert of(ev, "nothing")[0]["why"] == "equal values"


def test_foul_vs_foul_both_negated_both_roll_chooser_first() -> None:
    """WC-GAP-10: foul vs foul -> both negated, both sides roll the foul die, the chooser first."""
    _st, ev = find(
        _pairing(["F8:top"], ["F10:top"]),
        lambda st, ev: [f["face"] for f in of(ev, "foul-die")] == ["clean", "clean"],
    )
    assert of(ev, "negated") == [{"team": -1}]
    assert [f["team"] for f in of(ev, "foul-die")] == [1, 0]


def test_foul_negates_attack_and_defense_too() -> None:
    """WC-FOUL-3: the opponent's tactical card is negated, whatever it is; WC-FOUL-4: fouls are normally paired
    first (speed 8..10 outruns the other halves)."""
    st, _ = start(setup(("pla", "plb"), (["F9:top", "AD4:top"], ["AD1:bottom", "AD4:bottom"])))
    assert who(st) == ("turn", 0, "pairing:target")  # the foul (speed 9) is the active card
    ev = play(st, 0, "pair 2")
    assert of(ev, "negated") == [{"team": 1}] and of(ev, "foul-die")[0]["team"] == 0


# --------------------------------------------------------------------------- the foul die (WC-GAP-5)


def _foul(face: str, home: list[str] | None = None, away: list[str] | None = None) -> Any:
    return find(
        _pairing(home or ["F8:top", "AD4:top", "G2:top"], away or ["G1:top"]),
        lambda st, ev: bool(of(ev, "foul-die")) and of(ev, "foul-die")[0]["face"] == face,
        then=lambda st: play(st, 0, "pair 1") if st.ask and st.ask[0] == "pair" else [],
    )


def test_foul_die_clean_nothing() -> None:
    """WC-GAP-5: clean -> nothing."""
    st, ev = _foul("clean")
    assert st.yellows == [0, 0] and st.reds == [0, 0]
    assert not of(ev, "yellow") and not of(ev, "red") and all(g[2] != "penalty" for g in goals(ev))


def test_foul_die_penalty_scores_for_the_fouled_team() -> None:
    """WC-GAP-5, WC-GAP-26: penalty -> the fouled team scores 1 goal."""
    st, ev = _foul("penalty")
    assert goals(ev)[0] == (1, 1, "penalty") and st.score[1] == 1


def test_foul_die_yellow_then_second_yellow_is_red() -> None:
    """WC-GAP-5: yellow -> a yellow token; the second yellow of the match becomes a red (WC-COMP-11)."""
    st, ev = _foul("yellow")
    assert st.yellows == [1, 0] and st.reds == [0, 0] and of(ev, "yellow")[0]["second"] is False
    st, ev = find(
        lambda r: setup(("pla", "plb"), (["F8:top", "AD4:top", "G2:top"], ["G1:top"]), rng=r, yellows=[1, 0]),
        lambda st, ev: bool(of(ev, "yellow")),
        then=lambda st: play(st, 0, "pair 1"),
    )
    assert st.yellows == [2, 0] and st.reds == [1, 0] and of(ev, "yellow")[0]["second"] is True
    assert of(ev, "red")


def test_foul_die_red_the_opponent_removes_a_card() -> None:
    """WC-GAP-5: red -> a red token (WC-COMP-5); the opponent chooses one of the fouling team's unresolved
    cards, which is removed unresolved."""
    st, ev = _foul("red")
    assert st.reds == [1, 0] and who(st) == ("turn", 1, "resolution:red-card")
    assert legal(st) == ["remove 2", "remove 3"]
    refuse(st, 0, "remove 2", "WC-GAP-5")
    refuse(st, 1, "remove 1", "WC-GAP-5")
    ev = play(st, 1, "remove 3")
    assert of(ev, "removed") == [{"team": 0, "slot": 3, "card": "G2:top"}]
    assert [p["card"] for p in of(ev, "pair")] == ["AD4:top"]  # G2 never resolves: it is removed
    assert "G2" in st.discard and st.is_over()


def test_red_card_with_nothing_left_has_no_effect_and_identical_cards_need_no_choice() -> None:
    """WC-GAP-5: no effect if no card is left; a removal among identical cards is made at once."""
    st, ev = _foul("red", home=["F8:top"], away=["G1:top"])
    assert st.reds == [1, 0] and not of(ev, "removed") and st.is_over()
    st, ev = _foul("red", home=["F8:top", "AD4:top", "AD4:top"], away=["G1:top"])
    assert of(ev, "removed") == [{"team": 0, "slot": 2, "card": "AD4:top"}]


# --------------------------------------------------------------------------- pairing order and void


def test_fastest_card_owner_chooses_the_target() -> None:
    """WC-MATCH-4: the fastest card's owner chooses one of the opponent's cards; WC-MATCH-6: then the fastest of
    the remaining cards, until both sides have none; WC-GAP-8."""
    st, _ = start(setup(("pla", "plb"), (["AD4:top", "G4:top"], ["AD8:top", "AD4:bottom"])))
    # speeds: home 5, 3; away 6, 6 -> away leads; its two speed-6 cards differ: it picks which is active
    assert who(st) == ("turn", 1, "pairing:lead") and legal(st) == ["lead 1", "lead 2"]
    refuse(st, 0, "lead 1", "WC-MATCH-4")
    play(st, 1, "lead 2")
    assert who(st) == ("turn", 1, "pairing:target") and legal(st) == ["pair 1", "pair 2"]
    refuse(st, 1, "void", "WC-MATCH-7")
    ev = play(st, 1, "pair 2")  # defense 4 vs goal 2: a counter-attack of 2 dice for plb
    assert of(ev, "pair")[0] == {"team": 1, "slot": 2, "card": "AD4:bottom", "target": 2, "against": "G4:top",
                                 "chooser": 1}  # fmt: skip
    assert of(ev, "roll")[0]["for"] == "counter-attack" and of(ev, "roll")[0]["dice"] == 2
    # next: away's AD8:top (speed 6) vs home's AD4:top (speed 5), forced
    assert st.is_over() and of(ev, "over")[0]["ending"] == "full-time"
    assert st.phase is Phase.OVER


def test_void_allowed_only_with_more_cards_and_forced_without_targets() -> None:
    """WC-MATCH-7, WC-GAP-8c: void iff the chooser's team has more unresolved cards (the active card included)."""
    st, _ = start(setup(("pla", "plb"), (["F10:top", "AD4:top"], ["AD4:bottom"])))
    assert legal(st) == ["pair 1", "void"]
    ev = play(st, 0, "void")
    assert of(ev, "nothing")[0]["why"] == "void foul"
    # now 1 v 1: the away defense (speed 6) is faster; no void, a single target: resolved at once
    assert st.is_over()
    st, ev = find(_pairing(["AD4:top", "AD4:top"], []), lambda st, ev: len(of(ev, "roll")) == 2)
    assert [p["target"] for p in of(ev, "pair")] == [None, None]


def test_equal_speed_better_world_rank_pairs_first() -> None:
    """WC-MATCH-10, WC-GAP-9: equal speeds across the teams -> the better (lower) world rank pairs first."""
    st, _ = start(setup(("plx", "pla"), (["AD4:top", "G1:top"], ["AD4:top", "G4:top"])))
    assert st.t.m.teams[1].world_rank < st.t.m.teams[0].world_rank
    assert who(st) == ("turn", 1, "pairing:target") and st.ask is not None and st.ask[2:] == (1, 0)
    st, _ = start(setup(("pla", "plx"), (["AD4:top", "G4:top"], ["AD4:top", "G1:top"])))
    assert who(st) == ("turn", 0, "pairing:target") and st.ask is not None and st.ask[2:] == (0, 0)
