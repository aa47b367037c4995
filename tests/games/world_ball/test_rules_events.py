"""Event cards, one scenario each, and their timing.

Rules: WB-EVT-2, WB-EVT-3, WB-GAP-9, 10, 13, 14, 15, 31, WB-PROJ-13, WB-PROJ-14, WB-PROJ-16.
"""

from __future__ import annotations

from collections import Counter

from tests.games.world_ball.helpers import conserved, kinds, legal, pass_window, play, refuse, scenario, who

NO_CONTROVERSY = ["controversy"] * 3  # all three face up: no 争议事件 window opens


def test_gap_9_events_cost_no_stamina_and_evt_2_are_played_in_the_own_turn():
    """WB-GAP-9, WB-EVT-2: 战术调整 with 0 stamina: playable (free), draws 2."""
    st = scenario(2, hands={0: ["tactical_change"]}, stamina=[0, 4], discard=NO_CONTROVERSY,
                  deck_top=["shoot", "save"])  # fmt: skip
    ev = play(st, 0, "play tactical_change")
    assert kinds(ev) == ["event", "event-resolves", "draw", "drew"]
    assert st.stamina[0] == 0 and st.hands[0] == ["shoot", "save"]


def test_evt_3_only_three_events_outside_the_own_action_phase():
    """WB-EVT-3, WB-GAP-9: in an opponent's shot window 铲球 cannot be played; 误判 can."""
    st = scenario(2, hands={0: ["shoot"], 1: ["sliding_tackle", "wrong_call", "interception"]})
    play(st, 0, "play shoot")
    assert legal(st) == ["play wrong_call", "pass"]
    refuse(st, 1, "play interception @0", "WB-EVT-3")


def test_controversy_negates_any_event_including_its_own_teams():
    """争议事件 (WB-GAP-10): seat 2 (seat 0's teammate) may negate seat 0's 战术调整 — legal, if odd."""
    st = scenario(4, hands={0: ["tactical_change"], 2: ["controversy"]}, deck_top=["shoot", "save"])
    play(st, 0, "play tactical_change")
    assert who(st) == ("response", 2, "controversy")
    ev = play(st, 2, "play controversy")
    assert kinds(ev) == ["controversy", "event-negated"]
    assert st.hands[0] == [] and st.discard[-2:] == ["controversy", "tactical_change"]


def test_biased_referee_cancels_a_save_against_the_own_teams_shot():
    """黑哨 (WB-GAP-9, WB-GAP-6): seat 2 saves seat 1's 射门; seat 1's teammate seat 3 plays 黑哨; with no
    争议事件 answering, the Save is negated and does not count; nobody else saves: goal for B."""
    st = scenario(4, hands={1: ["shoot"], 2: ["save", "shoot"], 3: ["biased_referee"]}, active=1)
    play(st, 1, "play shoot")
    play(st, 2, "play save")
    assert who(st) == ("response", 3, "save")
    play(st, 3, "play biased_referee")
    assert who(st) == ("response", 2, "controversy")  # the event opens its own window
    ev = play(st, 2, "pass")
    assert kinds(ev) == ["pass", "event-resolves", "save-negated"]
    assert who(st) == ("response", 2, "shot")  # the shot window goes on from the saver's left
    ev = play(st, 2, "pass")
    assert kinds(ev) == ["pass", "goal"]
    assert st.score == [0, 1] and st.stamina[2] == 3  # the Save was still paid for


def test_biased_referee_negated_by_controversy_lets_the_save_count():
    """黑哨 answered by 争议事件 (odd): the Save counts after all."""
    st = scenario(4, hands={1: ["shoot"], 2: ["save", "controversy"], 3: ["biased_referee"]}, active=1)
    play(st, 1, "play shoot")
    play(st, 2, "play save")
    play(st, 3, "play biased_referee")
    ev = play(st, 2, "play controversy")
    assert kinds(ev)[-3:] == ["event-negated", "save-counts", "shot-negated"]
    assert st.score == [0, 0]


def test_wrong_call_negates_an_opposing_shot_whatever_it_needs():
    """误判 (WB-GAP-9, WB-PROJ-14): a 点球 needing 2 is negated by one 误判; no "you negate" trigger fires
    (Buffon does not recover) but "a shot is negated" triggers do (Eto'o draws)."""
    st = scenario(2, ["rooney", "buffon"], {0: ["penalty"], 1: ["wrong_call", "save"]}, deck_top=["save"],
                  stamina=[4, 3])  # fmt: skip
    st2 = scenario(2, ["rooney", "etoo"], {0: ["penalty"], 1: ["wrong_call"]}, deck_top=["save"])
    play(st, 0, "play penalty")
    play(st, 1, "play wrong_call")
    ev = pass_window(st, "controversy")
    assert kinds(ev)[-2:] == ["event-resolves", "shot-negated"] and ev[-1].data["by"] == -1
    assert st.score == [0, 0] and st.stamina[1] == 3
    play(st2, 0, "play penalty")
    ev = play(st2, 1, "play wrong_call")  # nobody holds a card: no window, it resolves at once
    assert kinds(ev)[-4:] == ["event-resolves", "shot-negated", "draw", "drew"] and st2.hands[1] == ["save"]


def test_sliding_tackle_injures_and_gap_13_injury_heals_at_the_next_recovery():
    """铲球 (WB-GAP-13): the target is injured and cannot save; his own next recovery heals him."""
    st = scenario(2, hands={0: ["sliding_tackle", "shoot"], 1: ["save", "save"]}, discard=NO_CONTROVERSY)
    refuse(st, 0, "play sliding_tackle @0", "WB-GAP-31")
    play(st, 0, "play sliding_tackle @1")
    assert st.injured[1] and st.view(0)["seats"][1]["injured"]
    play(st, 0, "play shoot")
    assert legal(st) == ["pass"]  # still asked (a 误判 would be his to play), but no Save
    play(st, 1, "pass")
    assert st.score == [1, 0]
    play(st, 0, "end")
    assert not st.injured[1]


def test_interception_takes_a_random_card_seen_only_by_the_two_players():
    """抢断 (WB-GAP-31, WB-PROJ-13): one card moves from the target's hand to the player's, at random
    (from the state's own generator); the public event says only how many."""
    taken = Counter()
    for rng in range(12):
        st = scenario(2, hands={0: ["interception"], 1: ["save", "shoot", "penalty"]}, discard=NO_CONTROVERSY,
                      rng=rng)  # fmt: skip
        ev = play(st, 0, "play interception @1")
        steal = next(e for e in ev if e.kind == "steal")
        assert steal.to is None and steal.data == {"seat": 0, "target": 1, "count": 1}
        stole = next(e for e in ev if e.kind == "stole")
        lost = next(e for e in ev if e.kind == "lost")
        assert stole.to == 0 and lost.to == 1 and stole.data["card"] == lost.data["card"]
        assert st.hands[0] == [stole.data["card"]] and len(st.hands[1]) == 2
        taken[stole.data["card"]] += 1
        assert conserved(st)
    assert set(taken) == {"save", "shoot", "penalty"}


def test_interception_needs_an_opponent_holding_a_card():
    st = scenario(2, hands={0: ["interception"]}, discard=NO_CONTROVERSY)
    assert legal(st) == ["end"]
    refuse(st, 0, "play interception @1", "WB-GAP-31")


def test_tactical_change_draws_two():
    """战术调整: draw 2 (WB-GAP-19: as many as remain)."""
    st = scenario(2, hands={0: ["tactical_change"]}, discard=NO_CONTROVERSY, deck_top=["penalty", "save"])
    play(st, 0, "play tactical_change")
    assert st.hands[0] == ["penalty", "save"]


def test_yellow_card_waits_in_the_pending_area_and_skips_the_draw():
    """黄牌 (WB-GAP-14): it goes to the target's pending area; a second 黄牌 may not follow it there; at his
    turn start it acts: no draw."""
    st = scenario(2, hands={0: ["yellow_card", "yellow_card"]}, discard=NO_CONTROVERSY)
    ev = play(st, 0, "play yellow_card @1")
    assert kinds(ev) == ["event", "event-resolves", "pending"]
    assert st.pending[1] == ["yellow_card"] and st.view(None)["seats"][1]["pending"] == ["yellow_card"]
    assert legal(st) == ["end"]
    refuse(st, 0, "play yellow_card @1", "WB-GAP-14")
    deck = len(st.deck)
    ev = play(st, 0, "end")
    assert "draw-skipped" in kinds(ev) and len(st.deck) == deck and st.hands[1] == []


def test_man_marking_forbids_shots_for_one_turn():
    """盯人 (WB-GAP-14): at the target's turn start: no 射门, no set piece (nor Henry's 救险 as 射门) this turn."""
    st = scenario(2, ["rooney", "henry"], {0: ["man_marking"], 1: ["penalty", "save"]},
                  discard=NO_CONTROVERSY, deck_top=["shoot"] * 6)  # fmt: skip
    play(st, 0, "play man_marking @1")
    play(st, 0, "end")
    assert legal(st) == ["end"]
    refuse(st, 1, "play penalty", "WB-GAP-14")
    refuse(st, 1, "shoot save", "WB-GAP-14")
    play(st, 1, "end")
    play(st, 0, "end")
    assert "play penalty" in legal(st) and "shoot save" in legal(st)


def test_a_pending_card_may_be_negated_when_played_not_when_it_resolves():
    """WB-GAP-14: 争议事件 answers the 黄牌 as it is played; at the target's turn start there is no window."""
    st = scenario(2, hands={0: ["yellow_card"], 1: ["controversy"]})
    play(st, 0, "play yellow_card @1")
    ev = play(st, 1, "play controversy")
    assert kinds(ev) == ["controversy", "event-negated"] and st.pending[1] == []
    st = scenario(2, hands={0: ["shoot"], 1: ["controversy"]}, pending={1: ["yellow_card"]})
    ev = play(st, 0, "end")
    assert "draw-skipped" in kinds(ev) and who(st) == ("turn", 1, "action")


def test_tactical_disruption_discards_a_chosen_equipped_skill():
    """战术破坏 (WB-GAP-15): the player names the target's skill; it goes to the discard pile; the
    target's powers change at once (体能充沛's extra stamina is capped away)."""
    st = scenario(2, hands={0: ["tactical_disruption"]}, skills={1: ["endurance", "wall"]}, discard=NO_CONTROVERSY,
                  stamina=[4, 5])  # fmt: skip
    assert legal(st) == ["play tactical_disruption @1 endurance", "play tactical_disruption @1 wall", "end"]
    refuse(st, 0, "play tactical_disruption @1 iron_man", "WB-GAP-15")
    ev = play(st, 0, "play tactical_disruption @1 endurance")
    assert kinds(ev)[-1] == "skill-discarded" and st.skills[1] == ["wall"]
    assert st.stamina[1] == 4 and st.max_stamina(1) == 4 and st.discard[-1] == "endurance"


def test_proj_16_an_event_whose_target_no_longer_fits_does_nothing():
    """WB-PROJ-16: 抢断 at a seat who empties his hand answering with 争议事件... negated by a second one,
    finds no card: it takes nothing."""
    st = scenario(4, hands={0: ["interception", "controversy"], 1: ["controversy"]})
    play(st, 0, "play interception @1")
    play(st, 1, "play controversy")  # seat 1's last card
    ev = play(st, 0, "play controversy")
    assert kinds(ev)[-2:] == ["event-resolves", "steal"] and ev[-1].data["count"] == 0


def test_every_event_card_has_a_scenario_here():
    """WB-GAP-9: each of the 9 event names (20 cards) is shown at work above."""
    import sys

    from tests.games.world_ball.helpers import CONTENT

    names = {n for n in dir(sys.modules[__name__]) if n.startswith("test_")}
    for eid in CONTENT.events:
        assert any(n.startswith(f"test_{eid}_") for n in names), eid
