"""Every optional part of a game is a member of the protocol with a documented default (GameBase)."""

from __future__ import annotations

from typing import Any

import pytest

from pitchside.agents.base import make_agent
from pitchside.core import registry
from pitchside.core.errors import DataError
from pitchside.core.game import GameBase
from pitchside.core.registry import GAMES, load_game
from pitchside.terminal import PlainRenderer, renderer_for


class Bare(GameBase):
    """A game that offers none of the optional parts."""

    id = "bare"
    name = "Bare"
    seat_counts = (2, 4)


def test_defaults_of_the_optional_parts() -> None:
    g = Bare()
    assert g.reveal_events == ()
    assert g.renderer({"seats": 2}) is None
    assert g.heuristic_agent() is None
    assert g.texts() == {}
    assert g.cli_config({}) == {}
    assert g.normalize_config(None) == {"seats": 2}
    assert g.normalize_config({"seats": 4}) == {"seats": 4}
    assert [g.team_of({"seats": 4}, s) for s in range(4)] == [0, 1, 2, 3]  # no teams: a seat plays for itself
    assert g.team_names() == ("seat 0", "seat 1", "seat 2", "seat 3")


@pytest.mark.parametrize("config", [{"seats": 3}, {"seats": 2.0}, {"seats": True}, {"colour": "red"}])
def test_default_normalize_config_names_the_field(config: dict[str, Any]) -> None:
    with pytest.raises(DataError) as e:
        Bare().normalize_config(config, "s.json")
    assert e.value.file == "s.json" and e.value.field == next(iter(config))


def test_default_cli_config_refuses_options() -> None:
    with pytest.raises(DataError) as e:
        Bare().cli_config({"home": "esp"})
    assert e.value.field == "--home" and "bare takes no --home" in e.value.message


def test_a_game_without_a_renderer_gets_the_plain_view() -> None:
    assert isinstance(renderer_for(Bare(), {"seats": 2}), PlainRenderer)


def test_a_game_without_a_heuristic_bot_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "load_game", lambda name: Bare())
    with pytest.raises(ValueError, match="bare has no heuristic bot; known: ismcts, random"):
        make_agent("heuristic", "bare")


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_the_games_offer_their_parts(gid: str) -> None:
    g = load_game(gid)
    assert isinstance(g, GameBase)
    assert type(g.renderer(None)).__module__ == type(g).__module__.rsplit(".", 1)[0] + ".render"
    bot = g.heuristic_agent()
    assert bot is not None and type(bot).__module__.endswith(".heuristics")
    assert isinstance(g.reveal_events, tuple)
    st = g.new_state({"seats": 2}, 1)
    # State.config is the config as the game settled it: the match starts the same from it (records rely on it)
    assert g.new_state(st.config, 1).fingerprint() == st.fingerprint()


def test_start_gives_the_state_and_the_opening_events() -> None:
    st, events = load_game("sonic-cup").start({"seats": 2}, 3)
    assert events == [] and st.fingerprint() == load_game("sonic-cup").new_state({"seats": 2}, 3).fingerprint()
    st, events = load_game("my-world-cup").start({"seats": 2}, 3)
    assert events and st.fingerprint() == load_game("my-world-cup").new_state({"seats": 2}, 3).fingerprint()


def test_the_registry_takes_its_facts_from_the_game_classes() -> None:
    for gid, game in GAMES.items():
        assert game.id == gid and load_game(gid) is game
        for alias in game.aliases:
            assert load_game(alias.upper() if alias.isascii() else alias) is game


def test_help_imports_no_game() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from pitchside.cli import app; import pitchside\n"
        "try:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('pitchside.games')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
