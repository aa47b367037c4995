"""The games pitchside knows, by id or alias. Games are imported only when asked for."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Game


@dataclass(frozen=True)
class GameEntry:
    id: str
    name: str
    aliases: tuple[str, ...]
    seat_counts: tuple[int, ...]
    target: str  # "module:attribute" of the Game object


GAMES: dict[str, GameEntry] = {
    e.id: e
    for e in (
        GameEntry(
            "sonic-cup",
            "音速杯足球赛 TZQ Sonic Cup",
            ("tzq", "音速杯", "音速杯足球赛", "sonic_cup", "sonic"),
            (2, 4, 6, 8, 10),
            "pitchside.games.sonic_cup.game:GAME",
        ),
        GameEntry(
            "world-ball",
            "世界波 World Ball",
            ("wb", "世界波", "world_ball", "worldball"),
            (2, 4, 6, 8, 10),
            "pitchside.games.world_ball.game:GAME",
        ),
        GameEntry(
            "my-world-cup",
            "我的世界盃2010 My World Cup 2010",
            ("mwc", "worldcup", "我的世界盃", "我的世界盃2010", "my_world_cup"),
            (2,),
            "pitchside.games.my_world_cup.game:GAME",
        ),
    )
}


class UnknownGame(PitchsideError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def resolve(name: str) -> GameEntry:
    key = name.strip().lower()
    for entry in GAMES.values():
        if key == entry.id or key in entry.aliases:
            return entry
    known = ", ".join(sorted(GAMES))
    raise UnknownGame(f"unknown game {name!r}; known games: {known}")


def load_game(name: str) -> Game:
    entry = resolve(name)
    module, attr = entry.target.split(":")
    game: Game = getattr(importlib.import_module(module), attr)
    return game
