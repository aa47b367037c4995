"""The end: an empty deck, quiet turns, half-time, the winner, draws and sudden death.

Rules: WB-END-1, WB-END-2, WB-WIN-1, WB-GAP-19, 20, 21, 22, 29, WB-PROJ-8, WB-PROJ-9, WB-PROJ-25.
"""

from __future__ import annotations

from collections import Counter

from pitchside.games.world_ball.state import Phase
from tests.games.world_ball.helpers import CONTENT, conserved, kinds, legal, play, scenario, sizes, who


def test_gap_19_drawing_from_a_short_deck_takes_what_remains():
    """WB-GAP-19: one card left, a draw of 2 gives 1; the discard pile is not reshuffled."""
    st = scenario(2, deck_top=["penalty"], deck_empty=False)
    st.deck[:] = ["penalty"]
    st.discard[:0] = [c for c in Counter(CONTENT.physical).elements() if c != "penalty"] + ["penalty"] * 3
    ev = play(st, 0, "end")
    assert [e.data for e in ev if e.kind == "draw"] == [{"seat": 1, "count": 1, "why": "draw-phase"}]
    assert st.deck == [] and st.hands[1] == ["penalty"] and len(st.discard) == 99


def test_end_1_and_gap_20_quiet_turns_with_an_empty_deck_end_the_match():
    """WB-END-1, WB-GAP-20: with the deck empty, each turn in which nobody plays a card is quiet; after as
    many quiet turns as players the match is over."""
    st = scenario(2, deck_empty=True, score=[1, 0])
    ev = play(st, 0, "end")
    assert st.quiet == 1 and kinds(ev) == ["end", "turn", "recovery", "draw"] and ev[-1].data["count"] == 0
    assert st.view(None)["quiet"] == 1
    ev = play(st, 1, "end")
    assert ev[-1].kind == "over" and st.is_over() and st.phase is Phase.OVER
    out = st.outcome()
    assert out.scores == (1, 0) and out.winner == 0 and out.returns == (1.0, -1.0) and out.ending == "full-time"
    assert legal(st, 0) == [] and legal(st, 1) == []


def test_gap_20_a_played_card_resets_the_quiet_count_and_equipping_counts():
    """WB-GAP-20, WB-PROJ-8: a turn in which a card was played (here: equipped) is not quiet."""
    st = scenario(4, hands={1: ["wall"]}, deck_empty=True)
    play(st, 0, "end")
    assert st.quiet == 1
    play(st, 1, "equip wall")
    play(st, 1, "end")
    assert st.quiet == 0
    for s in (2, 3, 0):
        play(st, s, "end")
    assert st.quiet == 3 and not st.is_over()
    play(st, 1, "end")
    assert st.is_over()


def test_gap_20_responders_playing_make_the_turn_not_quiet():
    """WB-GAP-20: a Save in the active player's turn counts; the turn is not quiet."""
    st = scenario(2, hands={0: ["shoot"], 1: ["save"]}, deck_empty=True, quiet=1)
    play(st, 0, "play shoot")
    play(st, 1, "play save")
    play(st, 0, "end")
    assert st.quiet == 0 and not st.is_over()


def test_gap_20_discard_phase_discards_are_not_plays():
    """WB-GAP-20: the discard phase alone leaves a turn quiet."""
    st = scenario(2, ["gerrard", "lahm"], {0: ["save"] * 5}, deck_empty=True, quiet=1)
    play(st, 0, "end")
    play(st, 0, "discard save")
    assert st.is_over()


def test_end_2_and_gap_21_half_time_shuffles_every_card_back():
    """WB-END-2, WB-GAP-21: at the end of the first half every match card — discard pile, hands, skill
    areas, pending areas — goes back into a shuffled deck; stamina is full, injuries heal, skills are
    gone, everyone draws 4 and the player left of the first-half starter begins; the score stays."""
    st = scenario(4, hands={2: ["save", "shoot"]}, skills={1: ["endurance"]}, pending={3: ["yellow_card"]},
                  deck_empty=True, config={"halves": 2}, score=[2, 1], quiet=3, starter=0, active=3,
                  stamina=[1, 5, 2, 0], injured=[True, False, False, True])  # fmt: skip
    ev = play(st, 3, "end")
    assert "half-time" in kinds(ev)
    assert st.half == 2 and st.score == [2, 1] and st.quiet == 0
    assert st.skills == [[], [], [], []] and st.pending == [[], [], [], []] and st.discard == []
    assert sizes(st) == [4, 6, 4, 4]  # seat 1 starts and has drawn his 2
    assert st.active == 1 and who(st) == ("turn", 1, "action")
    assert st.stamina == [st.max_stamina(s) for s in range(4)] and st.max_stamina(1) == 4
    assert not any(st.injured)
    assert len(st.deck) == 100 - 18 and conserved(st)


def test_end_2_the_second_empty_deck_ends_the_match():
    """WB-END-2: in the second half, the quiet turns end the match."""
    st = scenario(2, deck_empty=True, config={"halves": 2}, half=2, quiet=1)
    play(st, 0, "end")
    assert st.is_over() and st.outcome().details["halves"] == 2


def test_gap_29_two_halves_by_default_from_six_players():
    """WB-GAP-29: 6 players: the first empty deck is half-time, not the end."""
    st = scenario(6, deck_empty=True, quiet=5)
    assert st.t.halves == 2
    ev = play(st, 0, "end")
    assert "half-time" in kinds(ev) and not st.is_over()


def test_win_1_and_gap_22_equal_points_are_a_draw():
    """WB-WIN-1, WB-GAP-22, WB-PROJ-25: 2:2 with sudden death off is a draw, every return 0."""
    st = scenario(4, deck_empty=True, score=[2, 2], quiet=3)
    play(st, 0, "end")
    out = st.outcome()
    assert out.winner is None and out.returns == (0.0, 0.0, 0.0, 0.0)
    st = scenario(4, deck_empty=True, score=[0, 3], quiet=3)
    play(st, 0, "end")
    assert st.outcome().winner == 1 and st.outcome().returns == (-1.0, 1.0, -1.0, 1.0)


def test_gap_22_sudden_death_the_first_goal_wins():
    """WB-GAP-22: level at the end with sudden death on: the discard pile becomes the deck and play goes on
    with the next player; the first goal ends the match."""
    st = scenario(2, hands={1: ["shoot"]}, deck_empty=True, score=[1, 1], quiet=1,
                  config={"sudden_death": True})  # fmt: skip
    pile = len(st.discard)
    ev = play(st, 0, "end")
    assert "sudden-death" in kinds(ev) and st.sudden and not st.is_over()
    assert len(st.deck) == pile - 2 and st.discard == [] and st.active == 1
    assert "shoot" in st.hands[1] and conserved(st)
    ev = play(st, 1, "play shoot")
    while not st.is_over():
        assert st.decision().label in ("shot", "save", "controversy")
        seat = st.decision().seat
        assert seat is not None
        ev = play(st, seat, "pass")
    assert ev[-2].kind == "goal" and ev[-1].data["ending"] == "sudden-death"
    assert st.outcome().winner == 1 and st.outcome().ending == "sudden-death"


def test_proj_9_sudden_death_that_runs_out_is_a_draw():
    """WB-PROJ-9: sudden death lasts one deck; quiet turns after it is empty end the match level."""
    st = scenario(2, deck_empty=True, score=[0, 0], config={"sudden_death": True}, sudden=True, quiet=1)
    play(st, 0, "end")
    assert st.is_over() and st.outcome().winner is None and st.outcome().ending == "sudden-death"
