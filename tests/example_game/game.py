"""The Game: identity, notation, a new match and a setup. Every optional part keeps GameBase's default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pitchside.core.game import Config, GameBase
from pitchside.core.rng import Rng
from tests.example_game import actions, setup
from tests.example_game.actions import Pick
from tests.example_game.rules import PenaltyState
from tests.example_game.state import GAME_ID


class PenaltyShootout(GameBase):
    id = GAME_ID
    name = "Penalty shoot-out (example game)"
    aliases = ("penalties", "pk")
    version = "1.0"
    seat_counts = (2,)
    reveal_events = ("kick",)  # PK-2: both picks shown together

    def new_state(self, config: Config | None = None, seed: int = 0) -> PenaltyState:
        self.normalize_config(config)
        st = setup.blank()
        st.first = Rng(seed).below(2)  # PK-1: the coin toss
        return st

    def read_setup(self, setup_: Mapping[str, Any], source: str) -> PenaltyState:
        return setup.read_setup(setup_, source)  # GameBase.from_setup checks the header and playability

    def parse_action(self, text: str) -> Pick:
        return actions.parse(text)


GAME = PenaltyShootout()
