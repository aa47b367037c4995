"""The PettingZoo AEC environment passes PettingZoo's own api_test and seed_test (issue 10)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pitchside.rl.pettingzoo import IllegalStep, env
from tests.rl.helpers import CASES, IDS

# A full match is at most a few hundred steps; api_test stops after num_agents * num_cycles steps or at
# the end of the match, so 1000 cycles always plays whole matches (to the rewards) at every seat count.
CYCLES = 1000


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_pettingzoo_api_test(gid: str, n: int) -> None:
    with warnings.catch_warnings():
        # api_test warns for every dict observation of an env outside its own list of card games
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(gid, seats=n), num_cycles=CYCLES)


@pytest.mark.parametrize(("gid", "n"), CASES, ids=IDS)
def test_pettingzoo_seed_test(gid: str, n: int) -> None:
    seed_test(lambda: env(gid, seats=n), num_cycles=CYCLES)


def test_rewards_are_each_seats_return_at_the_end_only() -> None:
    e = env("sonic-cup", seats=4)
    e.reset(seed=3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        assert reward == 0.0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)
    assert total["player_0"] == total["player_2"]  # seats alternate teams (SC-SETUP-4d)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = env("world-ball", seats=2)
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.state_.fingerprint() if e.state_ else ""
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalStep, match="not legal"):
        e.step(bad)
    assert e.state_ is not None and e.state_.fingerprint() == before
    assert e.agent_selection == agent


def test_only_the_agent_to_act_has_a_mask_in_its_observation_and_its_info() -> None:
    e = env("my-world-cup")
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while not all(e.terminations.values()):
        acting = e.agent_selection
        for agent in e.possible_agents:
            mask = e.observe(agent)["action_mask"]
            assert mask.any() == (agent == acting)
            assert ("action_mask" in e.infos[agent]) == (agent == acting)
        info_mask = e.infos[acting]["action_mask"]
        np.testing.assert_array_equal(info_mask, e.observe(acting)["action_mask"])
        assert e.state_ is not None
        np.testing.assert_array_equal(info_mask, e.encoding.mask(e.state_, e.agent_name_mapping[acting]))
        e.step(int(rng.choice(np.flatnonzero(info_mask))))
    assert not any("action_mask" in info for info in e.infos.values())


def test_render_ansi_is_the_terminal_board_of_the_spectator_view() -> None:
    e = env("sonic-cup", seats=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Blue" in text
    e2 = env("sonic-cup", seats=2)
    e2.reset(seed=1)
    assert e2.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        env("sonic-cup", render_mode="human")
