"""The rule-of-thumb bot (heuristics.AGENT): it plays whole matches in every mode through the one game loop, beats
random play, and makes the obvious choices: the strongest cards, the best target for its fastest card."""

from __future__ import annotations

from collections import Counter

import pytest

from pitchside.agents.base import Observation, RandomAgent, make_agent
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.heuristics import AGENT, MyWorldCupHeuristic, duel, group_share, p_goal, worth
from pitchside.sim.match import play_match
from tests.games.my_world_cup.helpers import setup, start


@pytest.mark.parametrize("mode", ["friendly", "group", "knockout"])
def test_heuristic_beats_random(mode: str) -> None:
    """Over 120 seeded matches, seats alternating, the heuristic wins far more than it loses against random play:
    twice as often, or in a group match (a share of a 10-card hand, WC-MATCH-8, in a game of few goals, WC-GAP-10)
    one and a half times (over 1,000 seeds it wins 503, loses 239: 2.1)."""
    bot, rand = make_agent("heuristic", "my-world-cup"), RandomAgent()
    assert isinstance(bot, AGENT)
    won = lost = 0
    for seed in range(120):
        agents = [bot, rand] if seed % 2 == 0 else [rand, bot]
        res = play_match(GAME, agents, {"mode": mode}, seed)
        me = seed % 2
        won += res.outcome.winner == me
        lost += res.outcome.winner == 1 - me
    assert won > (1.5 if mode == "group" else 2) * lost


def test_heuristic_pairs_its_foul_with_the_biggest_threat() -> None:
    """A foul negates the card it meets (WC-FOUL-3): the bot sends it at the goal 3 card, not the defense."""
    st, _ = start(setup(("pla", "plb"), (["F8:top", "AD4:bottom"], ["AD4:bottom", "G1:top", "AD8:bottom"])))
    assert st.ask is not None and st.ask[0] == "pair"
    act = MyWorldCupHeuristic().act(Observation(st, 0, st.legal_actions(0)), Rng(1))
    assert str(act) == "pair 2"


def test_heuristic_fields_strong_cards_first() -> None:
    """In the lineup it fields the strongest half it holds (a goal 3 before a defense 4)."""
    st, _ = start(setup(("pla", "plb"), ([], []), (["AD4", "G1", "AD9"], ["AD4"]), phase="lineup"))
    act = MyWorldCupHeuristic().act(Observation(st, 0, st.legal_actions(0)), Rng(1))
    assert str(act) == "field G1:top"


def test_a_group_match_fields_its_share_of_the_group_hand() -> None:
    """WC-MATCH-8: the 10-card group hand (WC-GAP-3) must last three matches, so the first match fields a
    third of it (and the card left over), dealt like a snake draft by worth: the best card, not the best four."""
    st = GAME.new_state({"mode": "group"}, 3)
    side = st.view(0)["sides"][0]
    ranked = sorted(st.hands[0], key=lambda c: (-max(worth(st.t.m.eff[0][a.arg]) for a in st.t.m.field_acts[0][c]), c))
    share = group_share(st, 0, side)
    assert sorted(share.elements()) == sorted([ranked[0], ranked[5], ranked[6], ranked[9]])


def test_group_matches_keep_scoring_to_the_last_matchday() -> None:
    """Heuristic bots in whole group stages: the third matchday is not played with what is left (issue 11)."""
    from pitchside.games.my_world_cup.tournament import WorldCup
    from pitchside.sim.worldcup import bots, play_next

    goals: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for seed in range(4):
        cup, agents, played = WorldCup.new(seed), bots(), Counter[str]()
        while (done := play_next(cup, agents)) is not None and not done.plan.fixture.knockout:
            fx = done.plan.fixture
            day = max(played[fx.home], played[fx.away]) + 1
            played.update((fx.home, fx.away))
            goals[day].append(sum(done.result.score))
    means = {day: sum(g) / len(g) for day, g in goals.items()}
    assert len(goals[3]) == 64 and means[3] >= 0.3 * means[1], means


def test_expected_goals_model() -> None:
    """The bot's model follows WC-AD-0a..c: attack 7 vs defense 4 is P(a football in 3 dice)."""
    assert duel((0, 7, 3), (1, 4, 6)) == pytest.approx(p_goal(3)) == pytest.approx(19 / 27)
    assert duel((2, 3, 1), (1, 2, 8)) == 1.0 and duel((2, 1, 5), (1, 4, 6)) == pytest.approx(-p_goal(3))
