"""A game that lives outside the package: found through the ``pitchside.games`` entry points or named on
the command line as MODULE:NAME (core/registry.py), then played, simulated and replayed like a built-in
one. The example game (tests/example_game) stands in for a third-party game."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchside.cli import app
from pitchside.core import registry
from pitchside.core.record import MatchRecord
from pitchside.core.registry import GAMES, BadGame, UnknownGame, load_game, load_spec
from tests.example_game.game import GAME

SPEC = "tests.example_game.game:GAME"
ENV = {"COLUMNS": "160", "FORCE_COLOR": None, "NO_COLOR": "1"}


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), input=input, env=ENV)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def installed(monkeypatch: pytest.MonkeyPatch, **values: str) -> None:
    """Pretend these entry points (name = "module:attr") are installed in the group pitchside.games."""
    eps = [EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in values.items()]
    monkeypatch.setattr(registry, "_entry_points", lambda: eps)
    GAMES.refresh()


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterator[None]:
    GAMES.refresh()
    yield
    GAMES.refresh()  # no test leaves the example game registered


# ---------------------------------------------------------------------------- entry points


def test_an_installed_game_is_found_by_id_and_alias(monkeypatch: pytest.MonkeyPatch) -> None:
    installed(monkeypatch, **{"penalty-shootout": SPEC})
    assert load_game("penalty-shootout") is GAME and load_game("PK") is GAME
    assert "penalty-shootout" in GAMES and load_game("sonic-cup").id == "sonic-cup"
    code, out, _ = run("games")
    assert code == 0 and "penalty-shootout" in out and "penalties, pk" in out


def test_entry_points_are_read_only_when_a_name_is_not_built_in(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom() -> list[EntryPoint]:
        raise AssertionError("entry points read")

    monkeypatch.setattr(registry, "_entry_points", boom)
    assert load_game("tzq").id == "sonic-cup"
    with pytest.raises(AssertionError, match="entry points read"):
        load_game("penalty-shootout")


def test_a_built_in_game_named_by_its_id_imports_no_other_game() -> None:
    # each lab worker process resolves its jobs' game by id: the other games' modules are start-up it need not pay
    code = (
        "import sys\nfrom pitchside.core.registry import load_game\n"
        "assert load_game('world-ball').id == 'world-ball'\n"
        "print('IMPORTED', sorted(m for m in sys.modules if m.startswith('pitchside.games.') and m.endswith('.game')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "IMPORTED ['pitchside.games.world_ball.game']" in out


def test_help_reads_no_entry_point() -> None:
    code = (
        "import sys\nfrom pitchside.core import registry\n"
        "def boom():\n    raise SystemExit('entry points read')\n"
        "registry._entry_points = boom\n"
        "sys.argv = ['pitchside', '--help']\nfrom pitchside.cli import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print('IMPORTED', sorted(m for m in sys.modules if m.startswith('pitchside.games')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "IMPORTED []" in out


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("no_such_module_xyz:GAME", "no module named 'no_such_module_xyz'"),
        ("tests.example_game.game:NOPE", "has no attribute 'NOPE'"),
        ("json:loads", "is not a pitchside game: it has no id"),
        ("pitchside.core.errors:IllegalAction", "making the game IllegalAction() failed: TypeError"),
        ("pitchside.games.sonic_cup.game:GAME", "the game id 'sonic-cup' is taken"),
    ],
)
def test_a_broken_entry_point_is_left_out_and_said(monkeypatch: pytest.MonkeyPatch, value: str, words: str) -> None:
    installed(monkeypatch, broken=value, **{"penalty-shootout": SPEC})
    assert load_game("pk") is GAME and load_game("sonic-cup") is not None  # the others still load
    assert words in GAMES.broken()["broken"]
    with pytest.raises(UnknownGame, match=words.replace("(", r"\(").replace(")", r"\)")):
        load_game("broken")
    code, out, err = run("games")
    assert code == 0 and "penalty-shootout" in out
    assert "not loaded" in err and words in " ".join(err.split())
    code, _, err = run("simulate", "broken")
    assert code == 2 and err.startswith("pitchside: error: ") and words in err


# ---------------------------------------------------------------------------- MODULE:NAME on the command line


def test_a_spec_loads_and_registers_the_game() -> None:
    assert load_spec(SPEC) is GAME and load_game("penalty-shootout") is GAME
    assert load_spec(f" {SPEC} ") is GAME  # again: the same game
    with pytest.raises(BadGame, match="'penalty-shootout' is taken"):
        load_spec("tests.example_game.game:PenaltyShootout")  # another object with the same id
    GAMES.refresh()
    made = load_spec("tests.example_game.game:PenaltyShootout")  # a class is made with no arguments
    assert type(made) is type(GAME) and made is not GAME and load_game("pk") is made


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("nosuch_xyz.mod:GAME", "no module named 'nosuch_xyz'"),
        ("tests.example_game.game:NOPE", "has no attribute 'NOPE'"),
        ("json:dumps", "is not a pitchside game"),
        ("a:b:c", "is not a game spec: write MODULE:NAME"),
        (":GAME", "is not a game spec"),
        ("tests.example_game.game:", "is not a game spec"),
        ("../x:GAME", "is not a game spec"),
    ],
)
def test_a_bad_spec_is_a_clear_error(spec: str, words: str) -> None:
    with pytest.raises(BadGame, match="spec"):
        load_spec(spec)
    code, out, err = run("simulate", spec, "--games", "1")
    assert code == 2 and out == "" and err.startswith("pitchside: error: ") and words in err
    assert len(err.strip().splitlines()) == 1


def test_a_module_that_fails_on_import_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "crashing_game_xyz.py").write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, _, err = run("play", "crashing_game_xyz:GAME")
    assert code == 2 and "importing it failed: RuntimeError: boom" in err


def test_a_record_never_imports_a_spec(tmp_path: Path) -> None:
    """A record is written by a stranger: its game is an id, never code to import."""
    rec = MatchRecord(SPEC, "1.0", {"seats": 2}, seed=1, players=["random", "random"])
    path = tmp_path / "m.jsonl"
    rec.save(path)
    code, _, err = run("replay", str(path))
    assert code == 2 and "unknown game" in err
    assert "penalty-shootout" not in GAMES


# ---------------------------------------------------------------------------- what the game gets for free


def test_simulate_the_example_game() -> None:
    code, out, _ = run("simulate", SPEC, "--games", "30", "--seed", "5", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["game"] == "penalty-shootout" and summary["games"] == 30 and summary["agents"] == ["random"] * 2
    assert sum(summary["wins"].values()) == 30 and summary["draws"] == 0  # PK-4: never level at the end
    assert set(summary["endings"]) <= {"five-kicks", "sudden-death"}
    code, out, _ = run("simulate", SPEC, "--games", "3", "--agents", "ismcts")
    assert code == 0 and "Seat 0 wins" in out
    code, _, err = run("simulate", SPEC, "--agents", "heuristic")
    assert code == 2 and "penalty-shootout has no heuristic bot" in err


def test_play_the_example_game_in_the_terminal_and_replay_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = tmp_path / "pk.jsonl"
    code, out, _ = run("play", SPEC, "--seed", "4", "--record", str(rec), input="1\n" * 100)
    assert code == 0, out
    assert "penalty-shootout has no board of its own: playing with the plain view." in out
    assert "penalty-shootout has no heuristic bot: the other seats play at random." in out
    assert "outcome" in out and "Record saved" in out
    saved = MatchRecord.load(rec)
    assert saved.game == "penalty-shootout" and saved.outcome is not None and "human" in saved.players
    code, out, _ = run("replay", str(rec), "--game", SPEC)
    assert code == 0 and "Replay OK" in out and "kick" in out
    GAMES.refresh()
    code, _, err = run("replay", str(rec))  # nobody named or installed the game
    assert code == 2 and "unknown game 'penalty-shootout'" in err
    installed(monkeypatch, **{"penalty-shootout": SPEC})
    code, out, _ = run("replay", str(rec))  # an installed game replays by its id
    assert code == 0 and "Replay OK" in out
    code, out, _ = run("play", "pk", "--seats", "4")
    assert code == 2


def test_a_seat_count_the_game_does_not_have_is_refused() -> None:
    code, _, err = run("play", SPEC, "--seats", "4")
    assert code == 2 and "seats" in err and "penalty-shootout is for 2 players" in err
