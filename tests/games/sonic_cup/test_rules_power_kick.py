"""Sonic Cup Power Kicks, the Midfielder's one-card Power Kick, and turn steals.

Rules: SC-PK-1..7 (incl. 3a/3b/3c, SC-EX-5), SC-PK2-1..3, SC-ROLE-MF, SC-GAP-11, SC-GAP-12, SC-GAP-15.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.core.decision import DecisionKind
from pitchside.core.errors import IllegalAction
from pitchside.games.sonic_cup.cards import load_deck
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

# SC-EX-1 preview lineup: seat 0 MF Blue, 1 GK Red, 2 FW Blue, 3 DF Red, 4 GK Blue, 5 MF Red, 6 LSF Blue, 7 LSF Red.
PREVIEW = [["MF"], ["GK"], ["FW"], ["DF"], ["GK"], ["MF"], ["LSF"], ["LSF"]]


def refused(st: SonicCupState, seat: int, text: str, rule: str) -> IllegalAction:
    """``text`` is illegal for ``seat``, cites ``rule``, and leaves the state unchanged."""
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, seat, text)
    assert err.value.rule == rule, f"{text!r}: {err.value.rule} ({err.value.message}), expected {rule}"
    assert st.fingerprint() == before, f"{text!r} changed the state"
    return err.value


def table(hands: dict[int, list[str]], ball: int, actor: int, **kw) -> SonicCupState:
    """The preview lineup; seats without a given hand hold no cards (they can only pass a window)."""
    return scenario(8, hands, roles=PREVIEW, ball=ball, actor=actor, fill=False, **kw)


# --------------------------------------------------------------------------- two-card Power Kick


@pytest.mark.parametrize("target", [2, 8])
def test_pk4_ex5_pk3abc_seed_example(target):
    """SC-PK-4, SC-EX-5, SC-PK-3a/3b/3c: ball 5, {man 5 | PK 2/8} + {man 5/7/9 | KB} → 2 (or 8)."""
    st = table({1: ["P04", "K22", "M02"]}, ball=5, actor=1)
    play(st, 1, "pk P04")
    assert legal(st) == ["pk K22>2", "pk K22>8"]
    events = play(st, 1, f"pk K22>{target}")
    assert st.ball == target and st.played == 2
    assert st.discard == ["P04", "K22"] and st.hands[1] == ["M02"]  # SC-CARD-5, SC-GAP-12
    assert [e.data["cards"] for e in events if e.kind == "ball"] == [["P04", "K22"]]


def test_pk3b_either_card_may_carry_the_power_kick():
    """SC-PK-3b: the Power Kick card may be named second."""
    st = table({1: ["K22", "P04"]}, ball=5, actor=1)
    play(st, 1, "pk K22")
    assert legal(st) == ["pk P04>2", "pk P04>8"]
    play(st, 1, "pk P04>8")
    assert st.ball == 8


def test_pk2_a_power_kick_takes_two_cards():
    """SC-PK-2, SC-PK-3a: a lone Power Kick card cannot kick; the target is named with the second card."""
    st = table({1: ["P04", "M02", "M03"]}, ball=5, actor=1)
    assert not [m for m in legal(st) if m.startswith("pk")]
    refused(st, 1, "pk P04", "SC-PK-3a")  # no second card shows zone 5
    st = table({1: ["P04", "K22"]}, ball=5, actor=1)
    refused(st, 1, "pk P04>2", "SC-PK-2")  # first card first, the target comes with the second


def test_pk3a_both_cards_show_the_balls_zone():
    """SC-PK-3a: both cards' maneuver targets include the ball's current zone."""
    st = table({1: ["P05", "P04", "K22", "M20"]}, ball=5, actor=1)
    refused(st, 1, "pk P05", "SC-PK-3a")  # P05 maneuvers to 6 only
    play(st, 1, "pk P04")
    refused(st, 1, "pk M20>2", "SC-PK-3a")
    assert legal(st) == ["pk K22>2", "pk K22>8"]


def test_pk3b_one_card_must_have_the_power_kick():
    """SC-PK-3b: two cards showing the zone but no Power Kick function are no Power Kick."""
    st = table({1: ["K22", "M13"]}, ball=5, actor=1)
    refused(st, 1, "pk K22", "SC-PK-3b")
    st = table({1: ["K22", "M13", "P04"]}, ball=5, actor=1)
    play(st, 1, "pk K22")
    refused(st, 1, "pk M13>2", "SC-PK-3b")
    play(st, 1, "pk P04>2")
    assert st.ball == 2


def test_pk3c_gap12_target_is_a_printed_power_kick_target():
    """SC-PK-3c, SC-GAP-12: the ball goes to a printed target, never the current or an unprinted zone."""
    st = table({1: ["P04", "K22"]}, ball=5, actor=1)
    play(st, 1, "pk P04")
    refused(st, 1, "pk K22>3", "SC-PK-3c")
    refused(st, 1, "pk K22>5", "SC-PK-3c")
    refused(st, 1, "pk K22>7", "SC-PK-3c")  # K22's maneuver target, not a Power Kick target
    refused(st, 1, "move K22>5", "SC-PK-3")  # finish the Power Kick first


def test_pk1_gap12_power_kicks_are_non_adjacent_and_never_into_a_goal_zone():
    """SC-PK-1, SC-PK-2, SC-GAP-12: every printed Power Kick target is 1-2 zones, non-adjacent, not 1 or 9."""
    deck = load_deck()
    kickers = [c for c in deck.cards.values() if c.power_kick]
    assert len(kickers) == 9
    for c in kickers:
        assert 1 <= len(c.power_kick) <= 2
        for t in c.power_kick:
            assert t not in (1, 9)
            assert all(abs(t - m) >= 2 for m in c.maneuver)
    for seed in range(30):  # and in play: no Power Kick target adjacent to the ball
        st = GAME.new_state({"seats": 10}, seed=seed)
        for first in [m for m in legal(st) if m.startswith("pk ")]:
            probe = st.clone()
            play(probe, probe.actor, first)
            for m in legal(probe):
                assert abs(int(m.split(">")[1]) - probe.ball) >= 2


CUSTOM_DECK = """
[[card]]
id = "XA"
maneuver = [5]
power_kick = [3]

[[card]]
id = "XB"
maneuver = [5]
power_kick = [7]

[[card]]
id = "XM"
maneuver = [4, 5, 6]
count = 40
"""


def test_pk5_both_cards_kick_player_chooses(tmp_path: Path):
    """SC-PK-5, SC-COMP-8: two Power Kick cards with different targets: the player picks either."""
    path = tmp_path / "two-kicks.toml"
    path.write_text(CUSTOM_DECK, encoding="utf-8")
    for target in (3, 7):
        setup = {
            "game": "sonic-cup",
            "seats": 2,
            "config": {"deck": str(path)},
            "hands": [["XA", "XB", *["XM"] * 7], ["XM"] * 9],
            "deck": ["XM"] * 24,
            "ball": 5,
        }
        st = GAME.from_setup(setup)
        play(st, 0, "pk XA")
        assert [m for m in legal(st) if "XB" in m] == ["pk XB>3", "pk XB>7"]
        play(st, 0, f"pk XB>{target}")
        assert st.ball == target


def test_pk6_power_kicks_before_after_and_between_maneuvers():
    """SC-PK-6: maneuver, Power Kick, Power Kick in a row, maneuver, all in one turn."""
    st = table({1: ["M11", "P04", "K18", "P07", "M21", "M13"]}, ball=4, actor=1)
    play(st, 1, "move M11>5")
    play(st, 1, "pk P04")
    play(st, 1, "pk K18>8")
    play(st, 1, "pk P07")
    play(st, 1, "pk M21>5")
    play(st, 1, "move M13>5")
    assert st.ball == 5 and st.played == 6 and st.hands[1] == []
    assert st.phase is Phase.TURN and legal(st) == ["end"]


def test_pk7_no_limit_on_power_kicks_per_turn():
    """SC-PK-7: three Power Kicks in one turn (5 → 2 → 5 → 8)."""
    st = table({1: ["P04", "K18", "P01", "M02", "P04", "M13"]}, ball=5, actor=1)
    for first, second in (("P04", "K18>2"), ("P01", "M02>5"), ("P04", "M13>8")):
        play(st, 1, f"pk {first}")
        play(st, 1, f"pk {second}")
    assert st.ball == 8 and st.played == 6


# --------------------------------------------------------------------------- Midfielder


def test_role_mf_gap11_one_card_power_kick_once_per_turn():
    """SC-ROLE-MF, SC-GAP-11: one card (showing the zone, with a Power Kick), at most once per turn."""
    st = table({5: ["P05", "P02", "M07", "G02"]}, ball=6, actor=5)
    assert [m for m in legal(st) if m.startswith("mpk")] == ["mpk P05>3", "mpk P05>8"]
    refused(st, 5, "mpk G02>6", "SC-GAP-11")  # G02 does not show zone 6
    refused(st, 5, "mpk P05>4", "SC-GAP-11")  # not a printed target
    play(st, 5, "mpk P05>3")
    assert st.ball == 3 and st.discard == ["P05"] and st.mf_used
    refused(st, 5, "mpk P02>6", "SC-ROLE-MF")  # once per turn
    play(st, 5, "pk P02")  # a normal two-card Power Kick after the ability
    play(st, 5, "pk M07>6")
    assert st.ball == 6 and st.hands[5] == ["G02"]


def test_role_mf_ability_needs_a_power_kick_card():
    """SC-GAP-11: a card without Power Kick cannot be the one-card Power Kick."""
    st = table({5: ["M15", "K24"]}, ball=6, actor=5)
    refused(st, 5, "mpk M15>3", "SC-GAP-11")


def test_role_mf_only_the_midfielder():
    """SC-ROLE-MF: no other role has the one-card Power Kick."""
    st = table({1: ["P05", "M15"]}, ball=6, actor=1)
    assert not [m for m in legal(st) if m.startswith("mpk")]
    refused(st, 1, "mpk P05>3", "SC-ROLE-MF")


def test_role_mf_two_card_power_kick_before_the_ability():
    """SC-ROLE-MF: a normal two-card Power Kick first, then the one-card Power Kick (SC-EX-6 steps 2-3)."""
    st = table({5: ["G02", "K22", "P05", "M01"]}, ball=9, actor=5)
    play(st, 5, "pk G02")
    play(st, 5, "pk K22>6")
    play(st, 5, "mpk P05>3")
    assert st.ball == 3 and st.hands[5] == ["M01"]


def test_role_mf_gap11_steal_with_two_cards_then_the_ability():
    """SC-ROLE-MF, SC-GAP-11: the Midfielder steals with two cards (not one), then uses the ability."""
    st = table({7: ["M13"], 5: ["P05", "K24", "P02", "M01"]}, ball=6, actor=7)
    play(st, 7, "pass")
    while st.actor != 5:
        play(st, st.actor, "pass")
    assert st.phase is Phase.STEAL
    assert legal(st) == ["pk K24", "pk P05", "pass"]
    refused(st, 5, "mpk P05>3", "SC-PK2-1")
    play(st, 5, "pk P05")
    play(st, 5, "pk K24>3")
    assert "mpk P02>6" in legal(st)
    play(st, 5, "mpk P02>6")
    assert st.ball == 6 and st.actor == 5 and st.phase is Phase.TURN


# --------------------------------------------------------------------------- steals


def test_pk2_1_gap15_steal_skips_the_players_due_and_play_resumes_at_the_stealers_left():
    """SC-PK2-1, SC-GAP-15: after seat 5's turn seat 1 steals; seat 6 loses its turn; next is seat 2."""
    st = table({5: ["M13"], 1: ["P04", "K18", "M11", "M02", "M03", "M03"]}, ball=5, actor=5, deck_top=["M21", "M21"])
    play(st, 5, "pass")
    assert (st.phase, st.steal_from, st.next_seat) == (Phase.STEAL, 5, 6)
    assert st.decision().seats == (7, 0, 1, 2, 3, 4)
    play(st, 7, "pass")
    play(st, 0, "pass")
    events = play(st, 1, "pk P04")
    assert "steal" in kinds(events) and [e.data["skipped"] for e in events if e.kind == "steal"] == [6]
    play(st, 1, "pk K18>2")
    play(st, 1, "move M02>2")  # the stolen turn continues normally
    assert st.ball == 2 and st.phase is Phase.TURN and st.actor == 1
    play(st, 1, "end")
    assert len(st.hands[1]) == 6  # refilled (GK)
    assert (st.phase, st.steal_from, st.next_seat) == (Phase.STEAL, 1, 2)
    assert st.decision().seats == (3, 4, 5, 6, 7, 0)


def test_pk2_2_priority_is_clockwise_from_the_player_who_ended():
    """SC-PK2-2: seats 7 and 2 can both steal after seat 4; seat 7 is closer clockwise and is asked first."""
    hands = {4: ["M02"], 7: ["P04", "K18"], 2: ["P04", "M13"]}
    st = table(hands, ball=5, actor=4)
    play(st, 4, "pass")
    assert st.decision().seats == (6, 7, 0, 1, 2, 3)
    assert legal(st) == ["pass"]  # seat 6 has no Power Kick but is asked too (SC-PROJ-6)
    play(st, 6, "pass")
    assert st.actor == 7 and "pk P04" in legal(st)
    refused(st, 2, "pk P04", "SC-PK2-2")  # seat 2 waits for seat 7
    play(st, 7, "pk P04")
    assert st.actor == 7 and st.phase is Phase.TURN
    # If the closer player declines, the next one may still steal.
    st = table(hands, ball=5, actor=4)
    play(st, 4, "pass")
    for seat in (6, 7, 0, 1):
        play(st, seat, "pass")
    play(st, 2, "pk P04")
    play(st, 2, "pk M13>8")
    assert st.ball == 8 and st.actor == 2


def test_pk2_3_no_two_turns_in_a_row():
    """SC-PK2-3: the player who just ended is never asked and cannot steal the next turn."""
    st = table({3: ["P04", "K18", "M13", "M02", "M03"]}, ball=5, actor=3)
    play(st, 3, "move M13>5")
    play(st, 3, "end")
    assert st.steal_from == 3 and 3 not in st.decision().seats and 4 not in st.decision().seats
    refused(st, 3, "pk P04", "SC-PK2-3")
    while st.phase is Phase.STEAL:
        play(st, st.actor, "pass")
    assert st.actor == 4


def test_gap15_window_protocol():
    """SC-GAP-15, SC-PK2-1: a response window; only 'pk CARD' (a legal two-card kick) or 'pass' answer it."""
    st = table({0: ["M02"], 2: ["P04", "K18", "M02"], 3: ["K22", "M13"]}, ball=5, actor=0)
    play(st, 0, "pass")
    d = st.decision()
    assert (d.kind, d.label, d.seat) == (DecisionKind.RESPONSE, "steal", 2)
    assert legal(st) == ["pk K18", "pk P04", "pass"]
    refused(st, 2, "move K18>5", "SC-PK2-1")
    refused(st, 2, "pk P04>2", "SC-PK2-1")
    refused(st, 2, "mpk P04>2", "SC-PK2-1")
    refused(st, 2, "pk M02", "SC-PK-3a")
    refused(st, 5, "pass", "SC-PK2-2")
    play(st, 2, "pass")
    assert legal(st) == ["pass"]
    refused(st, 3, "pk K22", "SC-PK-3b")
    asked = [2]
    while st.phase is Phase.STEAL:
        asked.append(st.actor)
        play(st, st.actor, "pass")
    assert asked == [2, 3, 4, 5, 6, 7]  # all but R = 0 and X = 1
    assert (st.phase, st.actor) == (Phase.TURN, 1)


def test_gap15_window_opens_after_a_turn_with_cards_too():
    """SC-GAP-15: the window opens after every normal turn, after its refill."""
    st = table({0: ["M13", "M14"], 2: ["P04", "K18"]}, ball=5, actor=0, deck_top=["M20"])
    play(st, 0, "move M13>5")
    play(st, 0, "end")
    assert st.hands[0][:2] == ["M14", "M20"] and len(st.hands[0]) == 5
    assert st.phase is Phase.STEAL and st.actor == 2


def test_gap15_gap31_no_steals_with_two_players():
    """SC-GAP-15, SC-GAP-31: 2 players: the next turn starts at once, whatever the hands hold."""
    st = scenario(2, {0: ["M13"] + ["M02"] * 3, 1: ["P04", "K18", "P04", *["M03"] * 4]}, ball=5, actor=0)
    play(st, 0, "pass")
    assert (st.phase, st.actor) == (Phase.TURN, 1) and st.queue.seats == []
