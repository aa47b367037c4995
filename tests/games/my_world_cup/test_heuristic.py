"""The rule-of-thumb bot (heuristics.AGENT): it plays whole matches in every mode through the one game loop, beats
random play, and makes the obvious choices: the strongest cards, the best target for its fastest card."""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.agents.base import Observation, RandomAgent, make_agent
from pitchside.core.rng import Rng
from pitchside.games.my_world_cup.game import GAME
from pitchside.games.my_world_cup.heuristics import (
    AGENT,
    MyWorldCupHeuristic,
    duel,
    group_share,
    p_goal,
    plan_worth,
)
from pitchside.sim.match import play_match
from tests.games.my_world_cup.helpers import setup, start


@pytest.mark.parametrize("mode", ["friendly", "group", "knockout"])
def test_heuristic_beats_random(mode: str) -> None:
    """Over seeded matches, seats alternating, the heuristic wins far more than it loses against random play:
    twice as often in 120 matches, or in a group match (a planned share of a 10-card hand, WC-MATCH-8, in a game
    of few goals, WC-GAP-10) one and a half times in 400 (over 1,000 seeds it wins 494, loses 255: 1.9)."""
    bot, rand = make_agent("heuristic", "my-world-cup"), RandomAgent()
    assert isinstance(bot, AGENT)
    won = lost = 0
    for seed in range(400 if mode == "group" else 120):
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
    planned third of it (4 cards: the one left over too), about as strong as each of the two shares kept back:
    the strongest card and weaker ones with it, not the best four."""
    for seed in range(6):
        st = GAME.new_state({"mode": "group"}, seed)
        side = st.view(0)["sides"][0]

        def value(cid: str, m: Any = st.t.m) -> float:
            return max(plan_worth(m.eff[0][a.arg]) for a in m.field_acts[0][cid])

        ranked = sorted(st.hands[0], key=lambda c: (-value(c), c))
        share = group_share(st, 0, side)
        assert len(st.hands[0]) == 10 and sum(share.values()) == 4 and ranked[0] in share
        mine = sum(value(c) for c in share.elements())
        rest = sum(value(c) for c in st.hands[0]) - mine
        assert abs(mine - rest / 2) <= value(ranked[0]), (mine, rest)  # within one card of an even split
        assert sorted(share.elements()) != sorted(ranked[:4])


def test_group_matches_keep_their_strength_to_the_last_matchday() -> None:
    """Heuristic bots in whole group stages: the third matchday is not played with what is left (issue 11):
    each side fields 3 cards or more, and close to what it fielded on the first matchday by expected goals
    (over 40 World Cups: 2.11 against 2.72; the snake draft before fielded 1.58 against 3.26)."""
    from pitchside.core.game import Event, State
    from pitchside.games.my_world_cup.heuristics import threat
    from pitchside.games.my_world_cup.rules import MyWorldCupState
    from pitchside.games.my_world_cup.tournament import WorldCup
    from pitchside.sim.worldcup import bots, play_next

    cards: dict[int, list[int]] = {1: [], 2: [], 3: []}
    strength: dict[int, list[float]] = {1: [], 2: [], 3: []}
    goals: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for seed in range(4):
        cup, agents = WorldCup.new(seed), bots()
        while True:
            seen: list[tuple[MyWorldCupState, list[list[str]]]] = []

            def reveal(st: State, ev: Event, seen: list[Any] = seen) -> None:
                if ev.kind == "reveal" and not seen and isinstance(st, MyWorldCupState):
                    seen.append((st, ev.data["lineups"]))

            done = play_next(cup, agents, on_event=reveal)
            if done is None or done.plan.fixture.knockout:
                break
            day = done.plan.fixture.matchday
            goals[day].append(sum(done.result.score))
            st, lines = seen[0]
            for s in (0, 1):
                cards[day].append(len(lines[s]))
                strength[day].append(sum(threat(st.t.m.eff[s][t]) for t in lines[s]))
    mean = {day: sum(v) / len(v) for day, v in strength.items()}
    assert len(goals[3]) == 64 and sum(cards[3]) / len(cards[3]) >= 3.0
    assert mean[3] >= 0.7 * mean[1], mean
    assert sum(goals[3]) > 0


def test_expected_goals_model() -> None:
    """The bot's model follows WC-AD-0a..c: attack 7 vs defense 4 is P(a football in 3 dice)."""
    assert duel((0, 7, 3), (1, 4, 6)) == pytest.approx(p_goal(3)) == pytest.approx(19 / 27)
    assert duel((2, 3, 1), (1, 2, 8)) == 1.0 and duel((2, 1, 5), (1, 4, 6)) == pytest.approx(-p_goal(3))
