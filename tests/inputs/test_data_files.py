"""Data files named by a record, a setup or a config (Sonic Cup `deck`, My World Cup `cards_file`/`teams_file`/
`dice_file`, World Ball `data`): only the game's own data and the files the user names on the command line
may be read, only regular files, only up to a size limit, and anything else is a DataError naming the field.
A record naming /dev/zero made `pitchside replay` eat memory without bound; /dev/stdin hung it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pitchside.agents.base import RandomAgent
from pitchside.core.datafile import MAX_DATA_BYTES, trusted_data
from pitchside.core.errors import DataError
from pitchside.core.registry import load_game
from pitchside.core.setupfile import loads_setup
from pitchside.games.my_world_cup.cards import DEFAULT_CARDS
from pitchside.games.my_world_cup.teams import DEFAULT_TEAMS
from pitchside.games.sonic_cup.cards import DEFAULT_DECK, load_deck
from pitchside.games.world_ball.cards import DATA as WB_DATA
from pitchside.sim.match import play_match
from tests.inputs.helpers import assert_one_line_error, program, run

SONIC = load_game("sonic-cup")


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """A deck file of the user's own (a copy of the game's)."""
    path = tmp_path / "mine" / "deck.toml"
    path.parent.mkdir()
    shutil.copy(DEFAULT_DECK, path)
    return path


def record_naming(tmp_path: Path, deck: str, trusted: Path | None = None) -> Path:
    """A finished 2-seat Sonic Cup record whose config names ``deck``."""
    path = tmp_path / "rec.jsonl"
    with trusted_data(*([trusted] if trusted else [])):
        result = play_match(SONIC, [RandomAgent(), RandomAgent()], {"seats": 2, "deck": deck}, seed=2)
    result.record.save(path)
    return path


def forged(tmp_path: Path, deck: str) -> Path:
    """A record whose config was edited to name ``deck``."""
    good = record_naming(tmp_path, str(DEFAULT_DECK))
    lines = good.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["config"]["deck"] = deck
    bad = tmp_path / "forged.jsonl"
    bad.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    return bad


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/stdin", "/dev/urandom"])
def test_a_record_naming_a_device_is_refused_not_read(tmp_path: Path, device: str) -> None:
    """A process of its own with a timeout: before, /dev/zero ate memory without bound and /dev/stdin hung."""
    rec = forged(tmp_path, device)
    r = program("replay", str(rec), input="", timeout=60)
    assert_one_line_error(r.returncode, r.stderr, f"{rec}:1:", "field 'config.deck'", repr(device), "may not be read")
    r = program("replay", str(rec), "--data", device, input="", timeout=60)  # named, but not a regular file
    assert_one_line_error(r.returncode, r.stderr, device, "not a regular file")


def test_a_record_may_name_a_file_the_user_names_on_the_command_line(tmp_path: Path, deck: Path) -> None:
    rec = record_naming(tmp_path, str(deck), trusted=deck)
    code, _, err = run("replay", str(rec))
    assert_one_line_error(code, err, f"{rec}:1:", "field 'config.deck'", str(deck), "--data")
    code, out, err = run("replay", str(rec), "--data", str(deck))
    assert code == 0 and "Replay OK" in out, err
    code, out, err = run("replay", str(rec), "--data", str(deck.parent))  # or its directory
    assert code == 0 and "Replay OK" in out, err


def test_the_command_line_names_data_files_with_set_and_deck(tmp_path: Path, deck: Path) -> None:
    code, out, err = run("simulate", "sonic-cup", "--set", f"deck={deck}", "--games", "2", "--json", "--bots", "random")
    assert code == 0, err
    assert json.loads(out)["games"] == 2
    code, out, err = run("cards", "sonic-cup", "--deck", str(deck))
    assert code == 0 and "K01" in out, err
    code, _, err = run("cards", "sonic-cup", "--deck", "/dev/zero")
    assert_one_line_error(code, err, "/dev/zero", "not a regular file")


def test_a_setup_naming_a_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    setup = SONIC.new_state({"seats": 2}, 1).to_setup()
    setup["config"]["deck"] = "/etc/passwd"
    with pytest.raises(DataError) as err:
        loads_setup(SONIC, json.dumps(setup, indent=1), "s.json")
    assert err.value.field == "deck" and "may not be read" in err.value.message


@pytest.mark.parametrize(
    ("key", "own"), [("cards_file", DEFAULT_CARDS), ("teams_file", DEFAULT_TEAMS), ("dice_file", None)]
)
def test_my_world_cup_data_files_in_a_config(tmp_path: Path, key: str, own: Path | None) -> None:
    game = load_game("my-world-cup")
    config = {"teams": ["esp", "bra"], key: "/dev/zero"}
    with pytest.raises(DataError) as err:
        game.new_state(config, 1)
    assert err.value.field == key and "may not be read" in err.value.message
    if own is None:
        return
    copy = tmp_path / own.name
    shutil.copy(own, copy)
    with pytest.raises(DataError) as err:
        game.new_state({**config, key: str(copy)}, 1)
    assert err.value.field == key
    with trusted_data(copy):
        a = game.new_state({**config, key: str(copy)}, 1)
    b = game.new_state({"teams": ["esp", "bra"]}, 1)  # the same data as the game's own: the same deal
    assert a.legal_actions(a.decision().seat) == b.legal_actions(b.decision().seat)
    with pytest.raises(DataError):  # read once while trusted: the caches do not open it to everyone
        game.new_state({**config, key: str(copy)}, 1)


def test_world_ball_data_directory_and_renderer(tmp_path: Path) -> None:
    game = load_game("world-ball")
    mine = tmp_path / "wb"
    shutil.copytree(WB_DATA, mine)
    with pytest.raises(DataError) as err:
        game.new_state({"seats": 2, "data": str(mine)}, 1)
    assert err.value.field == "data"
    with trusted_data(mine):
        game.new_state({"seats": 2, "data": str(mine)}, 1)
    from pitchside.games.world_ball.render import Renderer

    for config in ({"deck": "/dev/zero"}, {"data": "/dev/zero"}, {"data": "/etc"}):
        with pytest.raises(DataError) as err:
            Renderer(config)
        assert err.value.field in config


def test_a_symlink_out_of_a_trusted_directory_is_followed_and_refused(tmp_path: Path) -> None:
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    (tmp_path / "outside.toml").symlink_to("/etc/hostname")
    with trusted_data(tmp_path), pytest.raises(DataError) as err:
        load_deck(str(tmp_path / "outside.toml"))
    assert err.value.field == "deck" and "may not be read" in err.value.message
    with trusted_data(tmp_path, "/dev/zero"), pytest.raises(DataError) as err:
        load_deck(str(tmp_path / "zero.toml"))
    assert "not a regular file" in err.value.message


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)
    with trusted_data(fifo), pytest.raises(DataError) as err:
        load_deck(str(fifo))
    assert err.value.file == str(fifo) and "not a regular file" in err.value.message


def test_a_data_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "deck.toml"
    big.write_bytes(DEFAULT_DECK.read_bytes() + b"#" * MAX_DATA_BYTES)
    with trusted_data(big), pytest.raises(DataError) as err:
        load_deck(str(big))
    assert "larger than 4 MiB" in err.value.message
