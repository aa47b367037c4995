"""A match record is read as if a stranger wrote it: every damage is a DataError (or, for a record that is
well formed but does not replay, a ReplayError) naming the file, the line and the field; never a traceback,
never a false "Replay OK"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.agents.base import RandomAgent
from pitchside.core.errors import DataError, ReplayError
from pitchside.core.record import MatchRecord, replay
from pitchside.core.setupfile import loads_setup
from pitchside.games.sonic_cup.game import GAME
from pitchside.sim.match import MatchResult, play_match
from tests.inputs.helpers import assert_one_line_error, run


@pytest.fixture(scope="module")
def result() -> MatchResult:
    return play_match(GAME, [RandomAgent()] * 2, {"seats": 2}, seed=5)


@pytest.fixture
def lines(result: MatchResult) -> list[str]:
    return result.record.dumps().splitlines()


def write(tmp_path: Path, lines: list[str] | bytes, name: str = "r.jsonl") -> Path:
    p = tmp_path / name
    if isinstance(lines, bytes):
        p.write_bytes(lines)
    else:
        p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def header(lines: list[str], **change: object) -> list[str]:
    head = json.loads(lines[0])
    head.update(change)
    return [json.dumps(head), *lines[1:]]


def refused(text: str) -> DataError:
    with pytest.raises(DataError) as err:
        MatchRecord.loads(text, "r.jsonl")
    return err.value


def test_a_non_utf8_byte_names_its_line_and_column(lines: list[str], tmp_path: Path) -> None:
    """It was a UnicodeDecodeError traceback."""
    raw = "\n".join(lines).encode("utf-8").replace(b'"action"', b'"act\xffion"', 3)  # lines 2..4
    path = write(tmp_path, raw)
    with pytest.raises(DataError) as err:
        MatchRecord.load(path)
    assert (err.value.file, err.value.line) == (str(path), 2) and "not UTF-8" in err.value.message
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:2:", "byte 0xff at column 17")


def test_a_fingerprint_that_is_not_a_string_is_refused_not_dropped(lines: list[str], tmp_path: Path) -> None:
    """It was dropped, and the replay said "Replay OK"."""
    end = json.loads(lines[-1])
    for bad in (12345, None, ["x"], ""):
        end["fingerprint"] = bad
        e = refused("\n".join([*lines[:-1], json.dumps(end)]))
        assert (e.line, e.field) == (len(lines), "fingerprint"), str(e)
    path = write(tmp_path, [*lines[:-1], json.dumps({**end, "fingerprint": 12345})])
    code, out, stderr = run("replay", str(path))
    assert "Replay OK" not in out
    assert_one_line_error(code, stderr, f"{path}:{len(lines)}:", "'fingerprint'")


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"format": "junk"}, "format", "must be 'pitchside-record/1'"),
        ({"format": None}, "format", "must be 'pitchside-record/1'"),
        ({"junk": 1}, "junk", "unknown header field"),
        ({"version": 1.0}, "version", "must be a string"),
        ({"seed": -1}, "seed", "must be an integer from 0"),
        ({"seed": 2**64}, "seed", "must be an integer from 0"),
        ({"setup": {"ball": 5}}, "setup", "a seed or a setup (not both)"),
        ({"players": [1, 2]}, "players.0", "must be a string"),
        ({"game": ""}, "game", "must not be empty"),
    ],
)
def test_junk_in_the_header_is_refused(lines: list[str], change: dict[str, object], field: str, words: str) -> None:
    e = refused("\n".join(header(lines, **change)))
    assert (e.file, e.line, e.field) == ("r.jsonl", 1, field), str(e)
    assert words in e.message


def test_a_missing_format_is_refused(lines: list[str]) -> None:
    head = json.loads(lines[0])
    del head["format"]
    e = refused("\n".join([json.dumps(head), *lines[1:]]))
    assert (e.line, e.field) == (1, "format") and "missing in the header" in e.message


def test_a_changed_game_is_refused_naming_the_header(lines: list[str], tmp_path: Path) -> None:
    """The game is named by its id: an alias, or another game, is refused at line 1, field 'game' or 'config'."""
    rec = MatchRecord.loads("\n".join(header(lines, game="tzq")), "r.jsonl")
    with pytest.raises(ReplayError) as err:
        replay(rec, GAME)
    assert (err.value.line, err.value.field) == (1, "game")
    path = write(tmp_path, header(lines, game="world-ball"))
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:1:", "config.")
    path = write(tmp_path, header(lines, game="tzq"))
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:1:", "field 'game'")


def test_a_duplicated_header_key_is_refused(lines: list[str]) -> None:
    """A second "game" appended to the header used to win silently."""
    e = refused("\n".join([lines[0][:-1] + ',"game":"world-ball"}', *lines[1:]]))
    assert e.line == 1 and "appears twice" in e.message


def test_every_replay_error_names_file_and_line(lines: list[str], tmp_path: Path) -> None:
    """ "move 0: record is for rules version 0.9" named no line; now the header's."""
    path = write(tmp_path, header(lines, version="0.9"))
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:1: field 'version': record is for rules version 0.9")
    assert "move 0" not in stderr
    end = json.loads(lines[-1])
    end["outcome"]["scores"] = [7, 7]
    path = write(tmp_path, [*lines[:-1], json.dumps(end)])
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:{len(lines)}: field 'outcome': outcome diverges")
    path = write(tmp_path, [*lines[:-2], lines[-1]])
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:{len(lines) - 1}: field 'outcome'", "not over")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ('{"seat": 0, "action": "pass", "extra": 1}', "unknown move field"),
        ('{"seat": -1, "action": "pass"}', "must be a seat number"),
        ('{"seat": 0.0, "action": "pass"}', "must be a seat number"),
        ('{"seat": 0, "action": ""}', "must be action text"),
        ('{"seat": 0, "action": "\\ud800"}', "lone surrogate"),
        ('{"seat": NaN, "action": "pass"}', "NaN is not a number"),
        ('{"seat": ' + "9" * 5000 + ', "action": "pass"}', "not valid here"),
        ("[" * 1000 + "]" * 1000, "nested deeper"),
        ('{"seat": 0, "action": "pass", "x": ' + "[" * 40 + "]" * 40 + "}", "nested deeper"),
    ],
)
def test_a_damaged_move_line_names_its_line(lines: list[str], bad: str, words: str) -> None:
    e = refused("\n".join([*lines[:3], bad, *lines[4:]]))
    assert (e.file, e.line) == ("r.jsonl", 4), str(e)
    assert words in e.message


def test_nothing_may_follow_the_end_line(lines: list[str]) -> None:
    e = refused("\n".join([*lines, lines[1]]))
    assert e.line == len(lines) + 1 and "end line" in e.message
    e = refused("\n".join([lines[1], *lines]))
    assert e.line == 1 and e.field == "format"


def test_deep_nesting_in_the_config_is_refused_at_the_header(lines: list[str], tmp_path: Path) -> None:
    """JSON nested 1,000 deep raised RecursionError."""
    head = lines[0].replace('"config":{', '"config":{"x":' + "[" * 1000 + "]" * 1000 + ",", 1)
    path = write(tmp_path, [head, *lines[1:]])
    code, _, stderr = run("replay", str(path))
    assert_one_line_error(code, stderr, f"{path}:1:", "nested deeper")


def test_a_player_name_with_a_line_separator_round_trips(result: MatchResult) -> None:
    """JSON Lines end at \\n only: U+2028 inside a name is not a line break."""
    rec = MatchRecord.loads(result.record.dumps())
    rec.players = ["ann\u2028bob", "x\x85y"]
    back = MatchRecord.loads(rec.dumps(), "r.jsonl")
    assert back.players == rec.players and len(back.moves) == len(rec.moves)
    assert replay(back, GAME).state.fingerprint() == result.state.fingerprint()


def test_a_record_is_read_up_to_a_limit_never_without_bound(tmp_path: Path) -> None:
    code, _, stderr = run("replay", "/dev/zero")
    assert_one_line_error(code, stderr, "/dev/zero", "larger than")


def test_a_setup_whose_seats_disagree_with_its_config_is_refused(result: MatchResult) -> None:
    """A top-level `seats` that disagreed with `config.seats` was silently ignored."""
    st = GAME.new_state({"seats": 4}, 1)
    setup = {**st.to_setup(), "seats": 2}
    assert setup["config"]["seats"] == 4
    with pytest.raises(DataError) as err:
        loads_setup(GAME, json.dumps(setup, indent=1), "s.json")
    assert (err.value.file, err.value.field) == ("s.json", "seats") and err.value.line is not None
    rec = MatchRecord("sonic-cup", GAME.version, {}, setup=setup, source="s.jsonl", line=1)
    with pytest.raises(DataError) as err2:
        replay(rec, GAME)
    assert (err2.value.file, err2.value.line, err2.value.field) == ("s.jsonl", 1, "setup.seats")


@pytest.mark.parametrize("seats", [4.0, [2], True, "4", None])
def test_a_seat_count_that_is_not_a_whole_number_is_refused(lines: list[str], seats: object) -> None:
    """`seats=[2]` or `4.0` raised TypeError inside the game."""
    head = json.loads(lines[0])
    head["config"]["seats"] = seats
    rec = MatchRecord.loads("\n".join([json.dumps(head), *lines[1:]]), "r.jsonl")
    with pytest.raises(DataError) as err:
        replay(rec, GAME)
    assert (err.value.file, err.value.line, err.value.field) == ("r.jsonl", 1, "config.seats")
    setup = {**GAME.new_state({"seats": 2}, 1).to_setup(), "seats": seats}
    with pytest.raises(DataError) as err:
        loads_setup(GAME, json.dumps(setup), "s.json")
    assert err.value.field == "seats"
