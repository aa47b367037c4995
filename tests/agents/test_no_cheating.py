"""Bots never cheat (issue 11): every agent, in every game, chooses the same action in two different
true states that give its seat the same view, for the same random numbers.

The second state is a determinization of the first from the deciding seat's point of view: other
hands and the deck order differ, everything the seat may see is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from pitchside.agents.base import Agent, Observation, RandomAgent, make_agent
from pitchside.agents.ismcts import ISMCTSAgent
from pitchside.core.game import State
from pitchside.core.registry import GAMES, load_game
from pitchside.core.rng import Rng


def _heuristic(game_id: str) -> Agent:
    bot = load_game(game_id).heuristic_agent()
    assert bot is not None, f"{game_id} has no heuristic bot"
    return bot


AGENTS: dict[str, Callable[[str], Agent]] = {
    "random": lambda game_id: RandomAgent(),
    "heuristic": _heuristic,
    "ismcts": lambda game_id: ISMCTSAgent(iterations=20),
    # as make_agent makes it: the game's playouts, cut-off value and heuristic prior (SearchGuide)
    "ismcts-guided": lambda game_id: make_agent("ismcts:10", game_id),
}
CASES = [
    (gid, n, agent)
    for gid, entry in GAMES.items()
    for n in sorted({min(entry.seat_counts), max(entry.seat_counts)})
    for agent in AGENTS
]


def twins(game_id: str, seats: int, seed: int, every: int) -> Iterator[tuple[State, State, int]]:
    """Along a random match: the true state, another one the deciding seat cannot tell from it, the seat."""
    st = load_game(game_id).new_state({"seats": seats}, seed)
    rng, n = Rng(seed + 101), 0
    while not st.is_over() and n < 400:
        seat = st.decision().seat
        assert seat is not None
        if n % every == 0:
            twin = st.determinize(seat, Rng(seed * 1000 + n))
            assert twin.view(seat) == st.view(seat)
            yield st, twin, seat
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.below(len(legal))])
        n += 1


@pytest.mark.parametrize(("game_id", "seats", "agent_name"), CASES)
def test_the_same_view_gives_the_same_choice(game_id: str, seats: int, agent_name: str) -> None:
    agent = AGENTS[agent_name](game_id)
    compared = differing = 0
    every = 2 if game_id == "my-world-cup" else 23
    for seed in range(2):
        for true, twin, seat in twins(game_id, seats, seed, every):
            legal = true.legal_actions(seat)
            assert [str(a) for a in twin.legal_actions(seat)] == [str(a) for a in legal]
            a = agent.act(Observation(true, seat, legal), Rng(seed + seat))
            b = agent.act(Observation(twin, seat, twin.legal_actions(seat)), Rng(seed + seat))
            assert str(a) == str(b), (game_id, seats, seed, seat, str(a), str(b))
            compared += 1
            differing += twin.fingerprint() != true.fingerprint()
    assert compared >= 4 and differing >= 1  # the twins really hid something different
