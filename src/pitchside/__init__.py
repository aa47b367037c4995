"""pitchside: three Chinese tabletop football card games on a screen.

The public vocabulary is small: ``load_game(name)`` gives a Game; ``game.new_state(config, seed)``
gives a State; ``state.decision()``, ``state.legal_actions(seat)``, ``state.apply(seat, action)``.
"""

from __future__ import annotations

from pitchside.core.registry import GAMES, load_game

__version__ = "0.1.0"
__all__ = ["GAMES", "__version__", "load_game"]
