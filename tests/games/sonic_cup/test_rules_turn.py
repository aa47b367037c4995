"""Sonic Cup turns, action cards, maneuvers and the maneuver roles.

Rules: SC-TURN-1..4, SC-CARD-1..5, SC-MAN-1..5, SC-ROLE-FW, SC-ROLE-DF, SC-ROLE-LSF (the jump),
SC-ROLE-GK-a, SC-GAP-3, SC-GAP-4, SC-GAP-8, SC-GAP-9, SC-GAP-10, SC-GAP-13, SC-GAP-14, SC-GAP-30.
"""

from __future__ import annotations

import pytest

from pitchside.core.errors import IllegalAction, InvalidAction
from pitchside.games.sonic_cup.cards import load_deck
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.games.sonic_cup.state import Phase
from tests.games.sonic_cup.helpers import kinds, legal, play, scenario

# SC-EX-1 preview lineup: seat 0 MF Blue, 1 GK Red, 2 FW Blue, 3 DF Red, 4 GK Blue, 5 MF Red, 6 LSF Blue, 7 LSF Red.
PREVIEW = [["MF"], ["GK"], ["FW"], ["DF"], ["GK"], ["MF"], ["LSF"], ["LSF"]]
# Default 8-player lineup (SC-PROJ-2): 0 DF Blue, 1 DF Red, 2 FW Blue, 3 FW Red, 4/5 GK, 6/7 MF.


def refused(st: SonicCupState, seat: int, text: str, rule: str) -> IllegalAction:
    """``text`` is illegal for ``seat``, cites ``rule``, and leaves the state unchanged."""
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, seat, text)
    assert err.value.rule == rule, f"{text!r}: {err.value.rule} ({err.value.message}), expected {rule}"
    assert st.fingerprint() == before, f"{text!r} changed the state"
    return err.value


def pass_window(st: SonicCupState) -> list[int]:
    """Everyone declines the steal window; returns the seats asked, in order."""
    asked = []
    while st.phase is Phase.STEAL:
        asked.append(st.actor)
        play(st, st.actor, "pass")
    return asked


def plain(hand: list[str], ball: int, seat: int = 1, **kw) -> SonicCupState:
    """The preview table with ``seat`` to act (seat 1 = Red Goalkeeper: no maneuver ability)."""
    return scenario(8, {seat: hand}, roles=PREVIEW, ball=ball, actor=seat, fill=False, **kw)


# --------------------------------------------------------------------------- turns


def test_turn1_man2_man4_several_cards_in_one_turn():
    """SC-TURN-1 (several cards), SC-MAN-2 (one adjacent zone per card, 5→4→3), SC-MAN-4 (in place)."""
    st = plain(["M11", "M08", "M07", "M03", "M02", "M02"], ball=5)
    assert "pass" in legal(st)
    play(st, 1, "move M11>4")
    play(st, 1, "move M08>3")
    play(st, 1, "move M07>3")  # in-place maneuver
    play(st, 1, "move M03>2")
    assert st.ball == 2 and st.played == 4 and len(st.hands[1]) == 2
    assert st.phase is Phase.TURN and st.actor == 1 and "end" in legal(st)


def test_turn2_end_refills_to_full_then_next_player():
    """SC-TURN-2, SC-ROLE-GK-a, SC-GAP-3: 'end' draws from the deck top up to the limit (GK: 5+1)."""
    st = plain(["M11", "M08", "M07", "M20", "M21", "M22"], ball=5, deck_top=["K01", "K02", "K03"])
    play(st, 1, "move M11>4")
    play(st, 1, "move M08>3")
    play(st, 1, "move M07>3")
    events = play(st, 1, "end")
    assert sorted(st.hands[1]) == ["K01", "K02", "K03", "M20", "M21", "M22"]
    assert len(st.hands[1]) == st.limit(1) == 6
    assert [e.data["count"] for e in events if e.kind == "draw"] == [3]
    assert pass_window(st) == [3, 4, 5, 6, 7, 0]
    assert (st.phase, st.actor, st.kickoff) == (Phase.TURN, 2, False)  # the player on his left


def test_turn2_gap4_two_players_alternate():
    """SC-TURN-2, SC-GAP-4: with 2 players the turn goes straight to the other seat (no window)."""
    st = scenario(2, {1: ["M11", "M13", "M14", "M02", "M02", "M03", "M03", "M03", "M03"]}, ball=5, actor=1)
    play(st, 1, "move M13>5")
    play(st, 1, "end")
    assert (st.phase, st.actor) == (Phase.TURN, 0) and len(st.hands[1]) == 9
    play(st, 0, "pass")
    assert (st.phase, st.actor) == (Phase.TURN, 1)


def test_gap4_turn_order_wraps_clockwise():
    """SC-GAP-4: after the last seat comes seat 0."""
    st = plain(["M13", "M14"], ball=5, seat=7)
    play(st, 7, "pass")
    assert st.next_seat == 0
    assert pass_window(st) == [1, 2, 3, 4, 5, 6]
    assert st.actor == 0


def test_turn4_pass_ends_turn_without_refill():
    """SC-TURN-4: a pass ends the turn and draws nothing, even below the hand limit."""
    st = plain(["M13", "M14", "M02"], ball=5)
    deck = st.deck[:]
    events = play(st, 1, "pass")
    assert "draw" not in kinds(events) and st.hands[1] == ["M13", "M14", "M02"] and st.deck == deck
    assert st.phase is Phase.STEAL and st.steal_from == 1 and st.next_seat == 2


def test_turn2_turn4_pass_and_end_are_not_interchangeable():
    """SC-TURN-2, SC-TURN-4, SC-PROJ-9: 'end' needs a played card; 'pass' is only before playing."""
    st = plain(["M13", "M14", "M02"], ball=5)
    refused(st, 1, "end", "SC-TURN-2")
    play(st, 1, "move M13>5")
    assert "pass" not in legal(st)
    refused(st, 1, "pass", "SC-TURN-4")


def test_turn3_crowd_singing_does_not_refill():
    """SC-TURN-3: the singer's hand goes to the discard pile and is not refilled."""
    hands = {0: ["M21"], 1: ["M13", "M14", "M02", "M03", "M03", "M03"], 2: ["M20"]}
    st = scenario(8, hands, roles=PREVIEW, ball=5, actor=1, fill=False)
    events = play(st, 1, "sing")
    assert st.hands[1] == [] and "drew" not in [e.kind for e in events if e.data.get("seat") == 1]
    while st.phase is Phase.SING_DISCARD:
        play(st, st.actor, legal(st)[0])
    assert st.hands[1] == []


def test_gap3_hand_above_limit_is_kept():
    """SC-GAP-3: refilling never discards down: a hand above its limit just draws nothing."""
    st = plain(["M13", "M14", "M02", "M03", "M03", "M03", "M03", "M20"], ball=5)
    play(st, 1, "move M13>5")
    events = play(st, 1, "end")
    assert len(st.hands[1]) == 7 and "draw" not in kinds(events)


def test_turn_not_your_turn_and_unknown_cards_are_refused():
    """SC-TURN-2 (only the seat to act), SC-TURN-1 (a card you hold), SC-GAP-1 (a card of this deck)."""
    st = scenario(8, {1: ["M13", "M14"], 3: ["M11"]}, roles=PREVIEW, ball=5, actor=1, fill=False)
    refused(st, 3, "move M11>5", "SC-TURN-2")
    refused(st, 1, "move M11>5", "SC-TURN-1")
    refused(st, 1, "move ZZ9>5", "SC-GAP-1")


@pytest.mark.parametrize(
    "text",
    ["", "fly", "move", "move M13", "move M13>0", "move M13>10", "pk P04>x", "pass M13", "end>4", "MOVE M13>5",
     "kb", "mpk P04", "df M02", "move M-13>5", "swap M02>3"],
)  # fmt: skip
def test_unparseable_text_raises_invalid_action(text):
    """Notation (actions.py): text that does not parse is InvalidAction, not IllegalAction."""
    with pytest.raises(InvalidAction):
        GAME.parse_action(text)
    st = plain(["M13", "M14"], ball=5)
    before = st.fingerprint()
    with pytest.raises(InvalidAction):
        play(st, 1, text)
    assert st.fingerprint() == before


def test_notation_round_trips():
    """Notation (actions.py): str(parse(text)) == text for every legal action."""
    st = plain(["P04", "K22", "M13", "M14", "M11"], ball=5, seat=5)
    for text in legal(st):
        assert str(GAME.parse_action(text)) == text


# --------------------------------------------------------------------------- action cards


def test_card1_card2_card3_every_card_maneuvers_plus_at_most_one_special():
    """SC-CARD-1, SC-CARD-2, SC-CARD-3, SC-MAN-1, SC-GAP-2: maneuver first (1-3 targets), then at most one
    special: Power Kick, Kick/Block or Foul."""
    for card in load_deck().cards.values():
        assert 1 <= len(card.maneuver) <= 3
        assert all(1 <= z <= 9 for z in card.maneuver)
        specials = [bool(card.power_kick), bool(card.kick_block), card.foul]
        assert sum(specials) <= 1
        assert card.special in {"-", "power-kick", "kick-block", "foul"}
        if card.shoot:  # purple arrows sit in the maneuver icon, only with target 1 or 9
            assert card.maneuver & {1, 9} and card.special == "-"


def test_man5_most_goal_zone_cards_show_shoot_arrows():
    """SC-MAN-5, SC-SHOOT-1: most cards that can target zone 1 or 9 carry 1-3 Shoot arrows (8 of 13)."""
    deck = load_deck()
    for goal in (1, 9):
        cards = [deck[c] for c in deck.physical if goal in deck[c].maneuver]
        shooting = [c for c in cards if c.shoot]
        assert (len(shooting), len(cards)) == (8, 13)
        assert all(1 <= bin(c.shoot).count("1") <= 3 for c in shooting)


def test_card4_gap14_special_cards_only_maneuver_in_a_turn():
    """SC-CARD-4, SC-GAP-14: in a turn a KB or Foul card can only be used for its maneuver."""
    st = plain(["K22", "F03", "P03", "M02"], ball=5)
    moves = legal(st)
    assert "move K22>5" in moves and "move F03>4" in moves and "move P03>4" in moves
    assert not [m for m in moves if m.split()[0] in {"kb", "foul", "discard", "swap"}]
    refused(st, 1, "kb K22", "SC-GAP-14")
    refused(st, 1, "foul F03", "SC-GAP-14")
    play(st, 1, "move K22>5")
    assert st.ball == 5 and st.discard == ["K22"]


def test_card4_no_dead_cards_and_no_discarding():
    """SC-CARD-4, SC-MAN-1: a card must use a function: no discarding, no maneuver to an unprinted zone."""
    st = plain(["M02", "M13", "M14"], ball=5)
    refused(st, 1, "discard M02", "SC-CARD-4")
    refused(st, 1, "swap M02", "SC-CARD-4")
    refused(st, 1, "move M02>5", "SC-MAN-1")
    refused(st, 1, "move M13>4", "SC-MAN-1")
    assert not [m for m in legal(st) if m.startswith("move M02")]


def test_card5_played_cards_go_to_the_discard_pile():
    """SC-CARD-5, SC-PROJ-8: each played card is in the (public) discard pile as soon as its play is made."""
    st = plain(["M11", "M08", "M07", "M03", "M02", "M02"], ball=5)
    play(st, 1, "move M11>4")
    assert st.discard == ["M11"] and st.view(6)["discard"] == ["M11"]
    play(st, 1, "any M02")
    play(st, 1, "any M02")
    play(st, 1, "any M07>3")
    assert st.discard == ["M11", "M02", "M02", "M07"] and st.picks == []


# --------------------------------------------------------------------------- maneuvers


def test_man1_choose_one_of_the_printed_targets():
    """SC-MAN-1: a card with several targets moves the ball to the one chosen."""
    st = plain(["K20", "M13"], ball=6)
    assert {"move K20>5", "move K20>6", "move K20>7"} <= set(legal(st))
    play(st, 1, "move K20>7")
    assert st.ball == 7


def test_man2_gap8_single_card_moves_to_adjacent_or_same_zone_only():
    """SC-MAN-2, SC-GAP-8: one card moves one zone (or stays); a printed far target is not usable now."""
    st = plain(["K22", "M02", "M20"], ball=5)
    refused(st, 1, "move K22>7", "SC-MAN-2")
    refused(st, 1, "move K22>9", "SC-MAN-2")
    refused(st, 1, "move M20>7", "SC-MAN-2")
    assert [m for m in legal(st) if m.startswith("move ")] == ["move K22>5"]
    for seed in range(20):
        rnd = GAME.new_state({"seats": 4}, seed=seed)
        for m in legal(rnd):
            if m.startswith("move "):
                assert abs(int(m.split(">")[1]) - rnd.ball) <= 1


def test_man3_any_three_cards_as_one_target():
    """SC-MAN-3, SC-GAP-9: any three cards (functions ignored) move the ball one zone: 3 → 4."""
    st = plain(["K30", "P07", "F06", "M21"], ball=3)
    assert "any K30" in legal(st)
    play(st, 1, "any K30")
    play(st, 1, "any P07")
    assert legal(st)[-2:] == ["any M21>2", "any M21>4"]
    refused(st, 1, "move M21>4", "SC-MAN-3")  # finish the three-card play first
    refused(st, 1, "any F06>3", "SC-GAP-9")  # not in place
    refused(st, 1, "any F06>5", "SC-GAP-9")  # one zone only
    play(st, 1, "any F06>4")
    assert st.ball == 4 and st.hands[1] == ["M21"] and st.played == 3


def test_man3_needs_three_cards():
    """SC-MAN-3: with two cards left the any-three-cards maneuver is not available."""
    st = plain(["M02", "M02"], ball=5)
    assert not [m for m in legal(st) if m.startswith("any")]
    refused(st, 1, "any M02", "SC-MAN-3")


def test_man4_in_place_maneuver():
    """SC-MAN-4: ball in 4, a target-4 card keeps it in 4."""
    st = plain(["K13", "M02"], ball=4)
    play(st, 1, "move K13>4")
    assert st.ball == 4 and st.played == 1


def test_gap9_composite_maneuver_into_goal_never_shoots():
    """SC-GAP-9, SC-GAP-30: Blue's any-three-cards into zone 9 puts the ball there without a shot."""
    st = plain(["S12", "S08", "K22", "M21"], ball=8, seat=6)  # Blue Long-shot Forward, not in zone 6
    play(st, 6, "any M21")
    play(st, 6, "any S08")
    events = play(st, 6, "any S12>9")
    assert st.ball == 9 and "shoot-card" not in kinds(events) and st.shoot == 0
    assert st.phase is Phase.TURN and "end" in legal(st) and "move K22>9" in legal(st)


def test_gap30_non_shoot_card_into_goal_zone_then_back_out():
    """SC-GAP-30: a card without Shoot arrows into the goal zone; the turn goes on, even back out."""
    st = plain(["M22", "M21", "K22"], ball=8, seat=0)  # Blue MF attacks zone 9
    events = play(st, 0, "move M22>9")
    assert st.ball == 9 and "shoot-card" not in kinds(events)
    assert "end" in legal(st)
    play(st, 0, "move M21>8")
    assert st.ball == 8 and st.phase is Phase.TURN


def test_gap13_shoot_card_forces_kick_block_or_end():
    """SC-GAP-13, SC-SHOOT-3, SC-PROJ-7: after an attacker's Shoot card only a matching KB or 'end' follow."""
    st = plain(["S08", "K22", "K02", "M21"], ball=8, seat=0)
    events = play(st, 0, "move S08>9")
    assert "shoot-card" in kinds(events) and st.ball == 9
    assert legal(st) == ["kb K22", "end"]
    refused(st, 0, "move M21>8", "SC-GAP-13")
    refused(st, 0, "kb K02", "SC-SHOOT-5")


def test_gap13_in_place_shoot_card_also_triggers():
    """SC-GAP-13: a Shoot card played in place while the ball is already in the goal zone is a Shoot card."""
    st = plain(["S12", "K22", "M21"], ball=9, seat=2)
    events = play(st, 2, "move S12>9")
    assert "shoot-card" in kinds(events) and legal(st) == ["kb K22", "end"]


def test_ex4_defender_into_own_goal_zone_is_no_shot():
    """SC-EX-4, SC-SHOOT-8, SC-GAP-13: Red moving the ball 8 → 9 with a Shoot card triggers nothing."""
    st = plain(["S08", "K22", "M21"], ball=8, seat=5)
    events = play(st, 5, "move S08>9")
    assert st.ball == 9 and "shoot-card" not in kinds(events) and st.shoot == 0
    assert "end" in legal(st) and "move M21>8" in legal(st)


# --------------------------------------------------------------------------- roles


def test_role_fw_gap10_blue_forward_any_two_cards_unlimited():
    """SC-ROLE-FW, SC-GAP-10: Blue's Forward (seat 2) moves with any two cards into 5..8, as often as he likes."""
    st = scenario(8, {2: ["M02", "M02", "K02", "F01", "M01"]}, ball=4, actor=2, fill=False)
    play(st, 2, "fw M02")
    assert legal(st) == ["fw F01>5", "fw K02>5", "fw M01>5", "fw M02>5"]  # 3 is not his zone
    refused(st, 2, "fw K02>3", "SC-GAP-10")
    play(st, 2, "fw M02>5")
    play(st, 2, "fw K02")
    play(st, 2, "fw F01>6")
    assert st.ball == 6 and st.hands[2] == ["M01"]
    assert not [m for m in legal(st) if m.startswith("fw")]  # one card left


def test_role_fw_gap10_forward_zones_per_team():
    """SC-GAP-10: Blue FW {5,6,7,8}: from 8 only to 7; Red FW {2,3,4,5}: from 2 only to 3; never a goal zone."""
    blue = scenario(8, {2: ["M13", "M14"]}, ball=8, actor=2, fill=False)
    play(blue, 2, "fw M13")
    assert legal(blue) == ["fw M14>7"]
    refused(blue, 2, "fw M14>9", "SC-GAP-10")
    red = scenario(8, {3: ["M13", "M14"]}, ball=2, actor=3, fill=False)
    play(red, 3, "fw M13")
    assert legal(red) == ["fw M14>3"]
    refused(red, 3, "fw M14>1", "SC-GAP-10")
    far = scenario(8, {2: ["M13", "M14"]}, ball=3, actor=2, fill=False)
    refused(far, 2, "fw M13", "SC-GAP-10")  # from 3 no Blue Forward zone is adjacent


def test_role_fw_df_only_for_the_role():
    """SC-ROLE-FW, SC-ROLE-DF: other roles have no any-two / any-one maneuver."""
    st = plain(["M02", "M02", "M03"], ball=5)  # Red Goalkeeper
    refused(st, 1, "fw M02", "SC-ROLE-FW")
    refused(st, 1, "df M02>6", "SC-ROLE-DF")


def test_role_df_gap10_any_one_card_unlimited():
    """SC-ROLE-DF, SC-GAP-10: Blue's Defender (seat 0) moves with any one card into 2..4, again and again."""
    st = scenario(8, {0: ["M21", "K30", "S14", "M22"]}, ball=5, actor=0, fill=False)
    assert [m for m in legal(st) if m.startswith("df")] == ["df K30>4", "df M21>4", "df M22>4", "df S14>4"]
    refused(st, 0, "df M21>6", "SC-GAP-10")
    play(st, 0, "df M21>4")
    play(st, 0, "df K30>3")
    events = play(st, 0, "df S14>2")
    assert st.ball == 2 and "shoot-card" not in kinds(events)
    refused(st, 0, "df M22>1", "SC-GAP-10")


def test_role_df_gap10_red_defender_zones():
    """SC-GAP-10: Red's Defender (seat 1) clears into 6..8: from 9 to 8, from 5 to 6, never to 4."""
    st = scenario(8, {1: ["M02", "M02", "M02"]}, ball=9, actor=1, fill=False)
    assert [m for m in legal(st) if m.startswith("df")] == ["df M02>8"]
    play(st, 1, "df M02>8")
    play(st, 1, "df M02>7")
    play(st, 1, "df M02>6")
    assert st.ball == 6
    st = scenario(8, {1: ["M02"]}, ball=5, actor=1, fill=False)
    refused(st, 1, "df M02>4", "SC-GAP-10")


def test_role_lsf_blue_jump_from_6_into_9():
    """SC-ROLE-LSF, SC-GAP-13: Blue's Long-shot Forward plays a Shoot card 6 → 9 and may shoot next."""
    st = plain(["S12", "K22", "M13"], ball=6, seat=6)
    assert "move S12>9" in legal(st)
    events = play(st, 6, "move S12>9")
    assert st.ball == 9 and "shoot-card" in kinds(events)
    assert legal(st) == ["kb K22", "end"]


def test_role_lsf_red_jump_from_4_into_1():
    """SC-ROLE-LSF: Red's Long-shot Forward jumps 4 → 1."""
    st = plain(["S05", "K01", "M13"], ball=4, seat=7)
    events = play(st, 7, "move S05>1")
    assert st.ball == 1 and "shoot-card" in kinds(events)


def test_role_lsf_jump_needs_the_role_the_zone_and_a_shoot_card():
    """SC-ROLE-LSF, SC-MAN-2: no jump from another zone, for another role, or with a card without arrows."""
    st = plain(["S12", "M22", "K22"], ball=6, seat=6)
    refused(st, 6, "move M22>9", "SC-ROLE-LSF")
    st = plain(["S12", "K22"], ball=5, seat=6)
    refused(st, 6, "move S12>9", "SC-MAN-2")
    st = plain(["S12", "K22"], ball=6, seat=2)  # Blue Forward
    refused(st, 2, "move S12>9", "SC-MAN-2")
    st = plain(["S05", "K01"], ball=4, seat=6)  # Blue LSF in Red's long-shot zone
    refused(st, 6, "move S05>1", "SC-MAN-2")


def test_after_a_whole_round_of_passes_the_next_player_must_play_sc_proj_11() -> None:
    """SC-PROJ-11: n passes in a row (no card played) take 'pass' away from the next player; a card
    played starts the count again. Without this two players could pass for ever (SC-END-2)."""
    st = scenario(4, {0: ["M13", "M11", "M14", "M16", "M20", "M21", "M03"]}, ball=5, actor=0, phase="turn")
    for seat in (0, 1, 2, 3):
        assert "pass" in legal(st)
        play(st, seat, "pass")
        if st.decision().label == "steal":  # nobody steals in this test
            while st.decision().label == "steal":
                play(st, st.actor, "pass")
    assert st.actor == 0 and st.passes == 4
    assert "pass" not in legal(st)
    assert st.view(0)["must_play"] is True
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        play(st, 0, "pass")
    assert err.value.rule == "SC-PROJ-11"
    assert st.fingerprint() == before
    play(st, 0, "move M13>5")
    play(st, 0, "end")
    assert st.passes == 0
