"""IS-MCTS: legal, reproducible, blind to hidden information, and stronger than random play."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, cast

import pytest

from pitchside.agents.base import AGENTS, Observation, RandomAgent, make_agent
from pitchside.agents.ismcts import HIDDEN as ISMCTS_HIDDEN
from pitchside.agents.ismcts import ISMCTSAgent
from pitchside.core.game import State
from pitchside.core.registry import GAMES, load_game
from pitchside.core.rng import Rng
from pitchside.sim.match import play_match

GAME_IDS = sorted(GAMES)


def decision_points(game_id: str, seats: int, seed: int, every: int, limit: int) -> Iterator[tuple[State, int]]:
    """States along a random match (every ``every``-th decision, at most ``limit`` of them)."""
    st = load_game(game_id).new_state({"seats": seats}, seed)
    rng, n, found = Rng(seed + 17), 0, 0
    while not st.is_over() and found < limit:
        seat = st.decision().seat
        assert seat is not None
        if n % every == 0:
            yield st, seat
            found += 1
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.below(len(legal))])
        n += 1


class Guarded:
    """An Observation that lets the agent read only what a seat may know."""

    ALLOWED = frozenset({"seat", "legal", "view", "determinize"})

    def __init__(self, obs: Observation) -> None:
        object.__setattr__(self, "_obs", obs)

    def __getattribute__(self, name: str) -> Any:
        if name in Guarded.ALLOWED:
            return getattr(object.__getattribute__(self, "_obs"), name)
        raise AssertionError(f"the agent read obs.{name}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"the agent wrote obs.{name}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_returns_a_legal_action_at_many_decision_points(game_id: str) -> None:
    agent = ISMCTSAgent(iterations=25)
    checked = 0
    for seats in sorted({min(GAMES[game_id].seat_counts), max(GAMES[game_id].seat_counts)}):
        every = 3 if game_id == "my-world-cup" else 25
        for seed in range(2):
            for st, seat in decision_points(game_id, seats, seed, every, limit=6):
                legal = st.legal_actions(seat)
                action = agent.act(Observation(st, seat, legal), Rng(seed))
                assert action in legal
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_choice_and_the_true_state_untouched(game_id: str) -> None:
    for st, seat in decision_points(game_id, 2, 3, every=4, limit=4):
        legal = st.legal_actions(seat)
        before = st.fingerprint()
        picks = [str(ISMCTSAgent(iterations=40).act(Observation(st, seat, legal), Rng(11))) for _ in range(2)]
        assert picks[0] == picks[1]
        assert st.fingerprint() == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reads_nothing_but_the_observation(game_id: str) -> None:
    agent = ISMCTSAgent(iterations=30)
    seen = 0
    for st, seat in decision_points(game_id, 2, 5, every=5, limit=5):
        legal = st.legal_actions(seat)
        guarded = cast(Observation, Guarded(Observation(st, seat, legal)))
        assert agent.act(guarded, Rng(seat)) in legal
        seen += 1
    assert seen


def test_a_whole_match_is_reproducible() -> None:
    game = load_game("my-world-cup")
    runs = [play_match(game, [ISMCTSAgent(iterations=30), RandomAgent()], None, seed=4) for _ in range(2)]
    assert [m.action for m in runs[0].record.moves] == [m.action for m in runs[1].record.moves]
    assert runs[0].outcome == runs[1].outcome


def test_one_legal_action_is_returned_without_searching() -> None:
    class OneWay:
        seat = 0
        legal = ("only",)

        def determinize(self, rng: Rng) -> State:
            raise AssertionError("searched a forced move")

    agent = ISMCTSAgent()
    assert agent.act(cast(Observation, OneWay()), Rng(0)) == "only"
    assert agent.last_iterations == 0


def test_budget_validation() -> None:
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=None)
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=0)


def test_registered_and_made_by_name() -> None:
    assert "ismcts" in AGENTS
    agent = make_agent("ismcts", "sonic-cup")
    assert agent.name == "ismcts"
    assert isinstance(agent, ISMCTSAgent)


MATCHES = 24


def mean_return(first: str, seed0: int = 0) -> float:
    """Mean return of ``first`` over MATCHES friendlies against random, sides alternating."""
    game = load_game("my-world-cup")
    total = 0.0
    for seed in range(seed0, seed0 + MATCHES):
        side = seed % 2
        agents: list[Any] = [RandomAgent(), RandomAgent()]
        agents[side] = ISMCTSAgent(iterations=100) if first == "ismcts" else RandomAgent()
        total += play_match(game, agents, None, seed).outcome.returns[side]
    return total / MATCHES


def test_beats_random_at_my_world_cup_friendlies() -> None:
    baseline = mean_return("random")
    ismcts = mean_return("ismcts")
    # Measured: about +0.67 over 200 matches (75% wins), against random's 0 by symmetry.
    assert ismcts >= 0.35
    assert ismcts >= baseline + 0.3


@pytest.mark.parametrize(
    ("name", "iterations", "seconds"),
    [("ismcts:500", 500, None), ("ismcts:1s", None, 1.0), ("ismcts:0.5s", None, 0.5), ("ismcts:250ms", None, 0.25)],
)
def test_a_budget_in_the_name(name: str, iterations: int | None, seconds: float | None) -> None:
    agent = make_agent(name, "world-ball")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.max_seconds) == (iterations, seconds)
    again = make_agent(agent.name, "world-ball")  # a record names its players so: the name makes it again
    assert isinstance(again, ISMCTSAgent) and (again.iterations, again.max_seconds) == (iterations, seconds)
    assert make_agent("ismcts", "world-ball").name == "ismcts"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("ismcts:", "the budget after ':' is missing"),
        ("ismcts:fast", "'ismcts:fast' is not a budget"),
        ("ismcts:-3", "is not a budget"),
        ("ismcts:1.5", "is not a budget"),
        ("ismcts:0", "iterations must be between 1 and 1,000,000"),
        ("ismcts:0s", "a time budget must be more than 0 and at most 600 s"),
        ("ismcts:nans", "a time budget must be more than 0"),
        ("ismcts:1e9s", "at most 600 s"),
        ("heuristic:500", "only ismcts takes a budget"),
        ("random:1s", "only ismcts takes a budget"),
        ("genius:500", "unknown agent 'genius:500'"),
    ],
)
def test_a_malformed_budget_is_a_clear_error(name: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        make_agent(name, "sonic-cup")


def test_the_game_guides_the_search() -> None:
    # make_agent's IS-MCTS plays out and scores as the game's SearchGuide says, and favours its heuristic if told.
    for gid in GAME_IDS:
        g = load_game(gid)
        agent = make_agent("ismcts:10", gid)
        guide = g.search_guide()
        assert isinstance(agent, ISMCTSAgent)
        assert (agent.evaluate, agent.rollout_depth) == (guide.evaluate, guide.cutoff)
        assert agent.playout is guide.playout and type(agent.policy) is type(guide.policy)
        if guide.prior_weight > 0:
            assert type(agent.prior) is type(g.heuristic_agent()) and agent.prior_weight == guide.prior_weight
        else:
            assert agent.prior is None


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if load_game(g).search_guide().playout is not None])
def test_a_guides_playout_picks_a_legal_action_by_the_rng_alone(game_id: str) -> None:
    playout = load_game(game_id).search_guide().playout
    assert playout is not None
    picked = 0
    for seats in sorted({min(GAMES[game_id].seat_counts), max(GAMES[game_id].seat_counts)}):
        for st, seat in decision_points(game_id, seats, 4, every=3, limit=40):
            legal = st.legal_actions(seat)
            if len(legal) < 2:
                continue
            before = st.fingerprint()
            a, b = playout(st, seat, legal, Rng(picked)), playout(st.clone(), seat, legal, Rng(picked))
            assert a in legal and str(a) == str(b)
            assert st.fingerprint() == before  # it reads the world, never plays on it
            picked += 1
    assert picked >= 20


def lineup(seed: int) -> State:
    """A My World Cup friendly at its first lineup pick (a hidden pick: DecisionKind.HIDDEN_PICK)."""
    st = load_game("my-world-cup").new_state({"seats": 2}, seed)
    rng = Rng(seed)
    while st.decision().label != "lineup":
        seat = st.decision().seat
        assert seat is not None
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.below(len(legal))])
    return st


def test_another_seats_tree_does_not_see_a_hidden_pick() -> None:
    st = lineup(3)
    seat = st.decision().seat
    assert seat is not None
    agent = ISMCTSAgent(iterations=60, reuse=False)
    roots = agent.search(Observation(st, seat, st.legal_actions(seat)), Rng(1))
    mine = {a for (s, a) in roots[seat].children if s == seat}
    assert mine <= set(st.legal_actions(seat)) and len(mine) > 1
    assert {a for (s, a) in roots[1 - seat].children if s == seat} == {ISMCTS_HIDDEN}


def test_the_tree_is_kept_only_after_the_seats_own_move() -> None:
    st = lineup(5)
    seat = st.decision().seat
    assert seat is not None
    agent = ISMCTSAgent(iterations=60)
    agent.act(Observation(st, seat, st.legal_actions(seat)), Rng(2))
    assert agent.last_reused == 0
    # The same decision again (as the no-cheating test asks, or a bot asked twice): not the view it expects.
    agent.act(Observation(st, seat, st.legal_actions(seat)), Rng(2))
    assert agent.last_reused == 0
    a = agent.act(Observation(st, seat, st.legal_actions(seat)), Rng(2))
    st.apply(seat, a)
    assert st.decision().seat == seat  # the next card of the same lineup
    agent.act(Observation(st, seat, st.legal_actions(seat)), Rng(3))
    assert agent.last_reused > 0
