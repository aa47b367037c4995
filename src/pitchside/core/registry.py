"""The games pitchside knows, by id or alias.

The one source of a game's facts (id, name, aliases, seat counts) is its Game class. The registry
lists only the module of each game (which exposes ``GAME``) and imports them the first time a name
must be resolved or the games listed, so ``import pitchside`` and ``pitchside --help`` stay fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Game

GAME_MODULES: list[str] = [
    "pitchside.games.sonic_cup.game",
    "pitchside.games.world_ball.game",
    "pitchside.games.my_world_cup.game",
]


class _Games(Mapping[str, Game]):
    """id → Game, loaded on first use from ``GAME_MODULES``."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] | None = None
        self._modules: tuple[str, ...] = ()

    def _all(self) -> dict[str, Game]:
        if self._loaded is None or self._modules != tuple(GAME_MODULES):
            games = [importlib.import_module(m).GAME for m in GAME_MODULES]
            self._loaded = {g.id: g for g in games}
            self._modules = tuple(GAME_MODULES)
        return self._loaded

    def __getitem__(self, key: str) -> Game:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


GAMES: Mapping[str, Game] = _Games()


class UnknownGame(PitchsideError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def resolve(name: str) -> Game:
    key = name.strip().lower()
    for game in GAMES.values():
        if key == game.id or key in game.aliases:
            return game
    known = ", ".join(sorted(GAMES))
    raise UnknownGame(f"unknown game {name!r}; known games: {known}")


def load_game(name: str) -> Game:
    return resolve(name)
