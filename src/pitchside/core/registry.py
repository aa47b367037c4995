"""The games pitchside knows, by id or alias.

The one source of a game's facts (id, name, aliases, seat counts) is its Game object. The registry
lists only the module of each built-in game (which exposes ``GAME``) and imports them the first
time a name must be resolved or the games listed, so ``import pitchside`` and ``pitchside --help``
stay fast.

A game that lives outside the package comes in two ways (docs/adding-a-game.md):

- installed: its distribution declares an entry point in the group ``pitchside.games``, whose value
  is the Game object or its class (``penalty-shootout = "mygames.penalty:GAME"``). Entry points are
  read only when a name is not a built-in game's or the games are listed; one that fails to load is
  left out and its error kept (``broken()``) for ``pitchside games`` and for a lookup of its name.
- named on the command line: ``pitchside play mygames.penalty:GAME`` imports that module from the
  Python path (``load_spec``) and registers the game for the rest of the process. Only the user's own
  command line does this: a record or a setup names a game by its id and never makes us import code.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from pitchside.core.errors import PitchsideError
from pitchside.core.game import Game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GAME_MODULES: list[str] = [
    "pitchside.games.sonic_cup.game",
    "pitchside.games.world_ball.game",
    "pitchside.games.my_world_cup.game",
]
ENTRY_POINT_GROUP = "pitchside.games"
SPEC = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")
# What a game object must offer (the Game protocol); GameBase gives the optional parts their defaults.
MEMBERS = (
    "id", "name", "aliases", "version", "seat_counts", "reveal_events", "new_state", "from_setup", "parse_action",
    "team_of", "team_names", "normalize_config", "start", "cli_config", "renderer", "heuristic_agent", "texts",
)  # fmt: skip


class UnknownGame(PitchsideError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


class BadGame(PitchsideError):
    """A game named outside the package (an entry point or a ``module:attr`` spec) that cannot be used."""


def _entry_points() -> list[EntryPoint]:
    from importlib.metadata import entry_points

    return list(entry_points(group=ENTRY_POINT_GROUP))


def as_game(obj: Any, where: str) -> Game:
    """``obj`` as a Game: a Game object, or a class made with no arguments. ``where`` names it in errors."""
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as e:
            raise BadGame(f"{where}: making the game {obj.__name__}() failed: {type(e).__name__}: {e}") from None
    missing = [m for m in MEMBERS if not hasattr(obj, m)]
    if missing:
        raise BadGame(
            f"{where} is not a pitchside game: it has no {', '.join(missing)} "
            "(a game subclasses pitchside.core.game.GameBase; docs/adding-a-game.md)"
        )
    gid, counts = obj.id, obj.seat_counts
    if not (isinstance(gid, str) and gid.strip() and gid == gid.strip().lower() and ":" not in gid):
        raise BadGame(f"{where}: the game id {gid!r} must be lower-case text without ':'")
    if not (isinstance(counts, tuple) and counts and all(type(n) is int and n > 0 for n in counts)):
        raise BadGame(f"{where}: seat_counts {counts!r} must be a tuple of seat counts")
    return cast(Game, obj)


class _Games(Mapping[str, Game]):
    """id → Game: the built-in games first, then games registered in this process, then entry points."""

    def __init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Forget every loaded and registered game: the next use loads them again (for tests)."""
        self._builtin: dict[str, Game] | None = None
        self._modules: tuple[str, ...] = ()
        self._plugins: dict[str, Game] | None = None
        self._broken: dict[str, str] = {}
        self._extra: dict[str, Game] = {}

    def builtin(self) -> dict[str, Game]:
        if self._builtin is None or self._modules != tuple(GAME_MODULES):
            games = [importlib.import_module(m).GAME for m in GAME_MODULES]
            self._builtin = {g.id: g for g in games}
            self._modules = tuple(GAME_MODULES)
        return self._builtin

    def builtin_named(self, key: str) -> Game | None:
        """The built-in game whose id or alias is ``key``, importing no more modules than it takes: first the
        one whose package is named like the key (``world-ball``: world_ball), then the others in turn. A
        game's import costs ~0.06 s of CPU (more without compiled bytecode), and each lab worker pays it."""
        if self._builtin is not None and self._modules == tuple(GAME_MODULES):
            return _find(key, self._builtin)
        package = key.replace("-", "_")
        for m in sorted(GAME_MODULES, key=lambda m: m.split(".")[-2:-1] != [package]):
            game: Game = importlib.import_module(m).GAME
            if key == game.id or key in game.aliases:
                return game
        return None

    def _taken(self, gid: str) -> bool:
        return gid in self.builtin() or gid in self._extra

    def plugins(self) -> dict[str, Game]:
        """The games of the ``pitchside.games`` entry points, loaded once; a broken one is left out."""
        if self._plugins is None:
            self._plugins, self._broken = {}, {}
            for ep in _entry_points():
                where = f"entry point {ep.name!r} ({ep.value})"
                try:
                    game = as_game(_load(ep.load, where), where)
                except BadGame as e:
                    self._broken[ep.name] = str(e)
                    continue
                if self._taken(game.id) or game.id in self._plugins:
                    self._broken[ep.name] = f"{where}: the game id {game.id!r} is taken by another game"
                    continue
                self._plugins[game.id] = game
        return self._plugins

    def broken(self) -> dict[str, str]:
        """Entry points that did not give a usable game: name → why."""
        self.plugins()
        return dict(self._broken)

    def register(self, game: Game) -> None:
        """Make ``game`` known by id and alias for the rest of the process."""
        known = self.get(game.id)
        if known is not None and known is not game:
            raise BadGame(f"the game id {game.id!r} is taken by {known.name}")
        self._extra[game.id] = game
        if self._plugins is not None:
            self._plugins.pop(game.id, None)

    def _all(self) -> dict[str, Game]:
        return {**self.plugins(), **self._extra, **self.builtin()}

    def __getitem__(self, key: str) -> Game:
        found = self.builtin().get(key) or self._extra.get(key)
        return found if found is not None else self.plugins()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _load(load: Callable[[], Any], where: str) -> Any:
    """Import what ``load`` names; any failure of third-party code is a BadGame naming ``where``."""
    try:
        return load()
    except ModuleNotFoundError as e:
        raise BadGame(f"{where}: no module named {e.name!r} (is it installed, or on PYTHONPATH?)") from None
    except AttributeError as e:
        raise BadGame(f"{where}: {e}") from None
    except Exception as e:  # a broken third-party module must not end in a traceback
        raise BadGame(f"{where}: importing it failed: {type(e).__name__}: {e}") from None


GAMES = _Games()


def _find(key: str, games: Mapping[str, Game]) -> Game | None:
    for game in games.values():
        if key == game.id or key in game.aliases:
            return game
    return None


def resolve(name: str) -> Game:
    """The game whose id or alias is ``name``: built-in, registered in this process, or an entry point's."""
    key = name.strip().lower()
    found = GAMES.builtin_named(key) or _find(key, GAMES._extra) or _find(key, GAMES.plugins())
    if found is not None:
        return found
    broken = GAMES.broken()
    if name.strip() in broken:
        raise UnknownGame(broken[name.strip()])
    known = ", ".join(sorted(GAMES))
    raise UnknownGame(f"unknown game {name!r}; known games: {known}")


def load_game(name: str) -> Game:
    return resolve(name)


def is_spec(name: str) -> bool:
    """Whether ``name`` is written as a ``module:attr`` game spec rather than an id or alias."""
    return ":" in name


def load_spec(spec: str) -> Game:
    """The game a ``module:attr`` spec names (a Game object or its class), registered for the process.

    Only for the user's own command line: it imports ``module`` from the Python path.
    """
    spec = spec.strip()
    if not SPEC.match(spec):
        raise BadGame(f"{spec!r} is not a game spec: write MODULE:NAME, e.g. mygames.penalty:GAME")
    module, attr = spec.split(":")

    def load() -> Any:
        obj: Any = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return obj

    game = as_game(_load(load, f"game spec {spec!r}"), f"game spec {spec!r}")
    GAMES.register(game)
    return game
