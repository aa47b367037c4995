"""Game.preview (issue 8): each My World Cup pairing choice says what it would do, from what the chooser may
see, changing nothing (WC-MATCH-5, WC-MATCH-7, WC-AD-0, WC-GAP-10, WC-GAP-11); other games and actions: none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pitchside.core.game import Action, State
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.core.texts import Lang

GAME = load_game("my-world-cup")


def pairings(seeds: range) -> Iterator[tuple[State, int, list[Action]]]:
    """Every pairing-target choice met in random matches."""
    for seed in seeds:
        st = GAME.new_state({"teams": ["arg", "esp"]}, seed)
        rng = Rng(seed)
        while not st.is_over():
            d = st.decision()
            assert d.seat is not None
            acts = list(st.legal_actions(d.seat))
            if d.label == "pairing:target":
                yield st, d.seat, acts
            st.apply(d.seat, acts[rng.below(len(acts))])


def kinds(st: State, seat: int, text: str) -> tuple[str, str | None]:
    view = st.view(seat)
    ask = view["ask"]
    side = ask["active_team"]
    mine = view["sides"][side]["lineup"][ask["active_slot"] - 1]["kind"]
    if text == "void":
        return mine, None
    return mine, view["sides"][1 - side]["lineup"][int(text.split()[1]) - 1]["kind"]


def test_every_pairing_choice_has_a_preview_in_both_languages_and_changes_nothing() -> None:
    seen: set[tuple[str, str | None]] = set()
    for st, seat, acts in pairings(range(12)):
        before = st.fingerprint()
        for a in acts:
            said = GAME.preview(st, seat, a)
            assert said is not None, a
            assert said(Lang.ZH) and said(Lang.EN) and said(Lang.ZH) != said(Lang.EN)
            pair = kinds(st, seat, str(a))
            seen.add(pair)
            en = said(Lang.EN)
            if pair[1] is None:  # WC-MATCH-7: void
                assert ("rolls" in en) if pair[0] == "attack" else True
            elif "foul" in pair:
                assert "foul die" in en  # WC-FOUL-3
            elif pair == ("defense", "defense"):
                assert "nothing happens" in en  # WC-GAP-10
            elif "defense" not in pair:  # WC-GAP-10: attack/goal vs attack/goal: the higher value acts, or nothing
                assert "beats" in en or "equal values: nothing happens" in en, en
        assert st.fingerprint() == before  # a preview rolls nothing and changes nothing
    assert ("attack", "goal") in seen or ("goal", "attack") in seen  # the case the issue names was met


def test_an_attack_against_a_goal_card_says_which_acts() -> None:
    """WC-GAP-10: the higher value acts with the difference: the attacker rolls, or the goal card scores."""
    for st, seat, acts in pairings(range(12)):
        view = st.view(seat)
        for a in acts:
            if kinds(st, seat, str(a)) == ("attack", "goal"):
                ask = view["ask"]
                mine = view["sides"][int(ask["active_team"])]["lineup"][int(ask["active_slot"]) - 1]
                theirs = view["sides"][1 - int(ask["active_team"])]["lineup"][a.slot]
                att, goal = int(mine["value"]), int(theirs["value"])
                en = GAME.preview(st, seat, a)(Lang.EN)  # type: ignore[misc]
                if att > goal:
                    assert f"attack {att} beats goal {goal}: rolls {att - goal} tactical" in en, en
                    return
    pytest.fail("no attack-vs-goal pairing in these seeds")


def test_no_preview_for_other_actions_and_other_games() -> None:
    st = GAME.new_state({"teams": ["arg", "esp"]}, 1)
    seat = st.decision().seat
    assert seat is not None
    assert all(GAME.preview(st, seat, a) is None for a in st.legal_actions(seat))  # lineup: none
    for game in ("sonic-cup", "world-ball"):
        g = load_game(game)
        s = g.new_state({"seats": 2}, 1)
        d = s.decision().seat
        assert d is not None
        assert all(g.preview(s, d, a) is None for a in s.legal_actions(d))  # the documented default
