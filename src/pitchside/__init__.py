"""pitchside: three Chinese tabletop football card games on a screen.

The public vocabulary is small: ``load_game(name)`` gives a Game; ``game.new_state(config, seed)``
gives a State; ``state.decision()``, ``state.legal_actions(seat)``, ``state.apply(seat, action)``.
A bad action raises ``InvalidAction`` (text that does not parse) or ``IllegalAction`` (the rules
forbid it: ``.rule`` names the rule); a bad config, setup, record or data file raises ``DataError``.
"""

from __future__ import annotations

from pitchside.core.errors import DataError, IllegalAction, InvalidAction, PitchsideError
from pitchside.core.registry import GAMES, load_game

__version__ = "0.1.0"
__all__ = ["GAMES", "DataError", "IllegalAction", "InvalidAction", "PitchsideError", "__version__", "load_game"]
