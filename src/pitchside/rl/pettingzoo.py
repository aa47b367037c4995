"""A PettingZoo AEC environment for every pitchside game (docs/rl.md, "PettingZoo").

``env("sonic-cup", seats=4)`` is an ``AECEnv`` like PettingZoo's classic card games: agents
``player_0 .. player_{n-1}`` (seat i), observations ``{"observation": float32 vector, "action_mask":
int8 vector}`` built from the agent's own view only, one ``Discrete`` action space per game and
configuration, and each seat's return (+1 its team won, -1 lost, 0 a draw) as the reward at the
end, 0 before. The agent to act is whoever the game's decision names: response windows and hidden
picks are asked one seat at a time, so turns do not simply go round.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Action, Game, State
from pitchside.core.registry import load_game
from pitchside.rl.spaces import I8, Encoding, encoding_for

RENDER_MODES = ("ansi",)


class IllegalStep(PitchsideError, ValueError):
    """An action index the mask does not allow now (the state is unchanged)."""


def env(game: str | Game, seats: int | None = None, render_mode: str | None = None, **options: Any) -> PitchsideEnv:
    """The AEC environment of a game (id or alias); ``options`` are the game's other config keys."""
    return PitchsideEnv(game, seats=seats, render_mode=render_mode, **options)


class PitchsideEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "pitchside_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, game: str | Game, seats: int | None = None, render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game: Game = load_game(game) if isinstance(game, str) else game
        config = dict(options)
        if seats is not None:
            config["seats"] = seats
        self.encoding: Encoding = encoding_for(self.game, config)
        self.config = self.encoding.config
        self.render_mode = render_mode
        n = int(self.config.get("seats", 2))
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        enc = self.encoding
        # One space object per agent: seeding one (as PettingZoo's seed_test does) must not seed another.
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=enc.high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(enc.num_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(enc.num_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self._mask = enc.mask_of(())
        self._no_actions = bytes(enc.num_actions)
        self._index_of = enc.index.__getitem__
        self._legal: Sequence[Action] = ()  # the acting seat's legal actions, the engine's own list
        self._indices: list[int] = []  # their indices in the action space, in the same order
        self._seat = 0
        self._masked: str | None = None
        self._over = False  # the match has ended: every agent is terminated

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # Without a seed the deal is drawn from the OS; with one, the match is the game's seeded match.
        self.state_ = self.game.new_state(self.config, secrets.randbits(31) if seed is None else int(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._masked = None
        self._over = self._select(self.state_)

    def _select(self, st: State) -> bool:
        """Point agent_selection at the seat to act and build its legal indices and mask; True at the end.

        Built once per decision: the observation, infos["action_mask"] (PettingZoo's other place for a
        mask, read by a loop that calls last(observe=False)) and step()'s check all use them."""
        infos = self.infos
        if self._masked is not None and self._masked in infos:
            infos[self._masked] = {}
        seat = st.decision().seat  # None only once the match is over
        if seat is None:
            self.agent_selection = self.agents[0]
            self._masked, self._legal, self._indices, self._mask = None, (), [], self.encoding.mask_of(())
            return True
        agent = self.possible_agents[seat]
        self.agent_selection = self._masked = agent
        self._seat = seat
        # The engine's own action objects, not equal copies from the space: applying the very object
        # legal_actions() returned lets the engine find it by identity (a step ~5 µs cheaper). Indices in
        # a list (map in C) rather than an index -> action dict: step() finds an index with list.index.
        legal = self._legal = st.legal_actions(seat)
        try:
            indices = self._indices = list(map(self._index_of, legal))
        except KeyError:
            self.encoding.indices(legal)  # raises ActionOutsideSpace, naming the action
            raise
        # The mask written here rather than through Encoding.mask_of: one call less per step.
        buf = bytearray(self._no_actions)
        for i in indices:
            buf[i] = 1
        mask = self._mask = np.frombuffer(buf, I8)
        infos[agent] = {"action_mask": mask}
        return False

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def observe(self, agent: str) -> dict[str, Any]:
        st = self.state_
        if st is None:
            st = self._state()  # raises
        obs = self.encoding.observation(st, self.agent_name_mapping[agent])
        mask = self._mask if agent == self._masked else self.encoding.mask_of(())
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        st = self._state()
        if self._over:
            self._was_dead_step(action)
            return
        i = int(action)
        try:
            chosen = self._legal[self._indices.index(i)]
        except ValueError:
            text = self.encoding.texts[i] if 0 <= i < self.encoding.num_actions else "outside the space"
            raise IllegalStep(
                f"action {i} ({text}) is not legal for {self.agent_selection} now; use the action mask"
            ) from None
        # PettingZoo zeroes the acting agent's _cumulative_rewards here; every reward is 0 before the end,
        # so it is 0 already and the write is skipped.
        st.apply(self._seat, chosen)
        if self._select(st):
            self._over = True
            returns = st.outcome().returns
            rewards, terms = self.rewards, self.terminations
            for a, s in self.agent_name_mapping.items():
                rewards[a] = float(returns[s])
                terms[a] = True
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from rich.console import Console  # the terminal renderer only when asked for

        from pitchside.terminal import renderer_for

        st = self._state()
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        console.print(renderer_for(self.game, self.config).board(st.view(None)))
        return out.getvalue()

    def close(self) -> None:
        pass
