"""Bad command lines: each is one clean line on stderr and a non-zero exit, and nothing is lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.inputs.helpers import assert_one_line_error, run


def test_play_with_zero_seats_names_the_seat_rule_not_a_negative_seat() -> None:
    """`play sonic-cup --seats 0` said "--you must be a seat from 0 to -1"."""
    code, _, err = run("play", "sonic-cup", "--seats", "0")
    assert_one_line_error(code, err, "seats", "2, 4, 6, 8 or 10")
    assert "-1" not in err


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (("play", "sonic-cup", "--seats", "-2"), "seats"),
        (("play", "sonic-cup", "--seats", "4", "--you", "4"), "--you must be a seat from 0 to 3"),
        (("play", "sonic-cup", "--you", "-1"), "--you must be a seat from 0 to 3"),
        (("play", "sonic-cup", "--seed", "-1"), "--seed must be from 0"),
        (("play", "sonic-cup", "--bots", "nobody"), "unknown agent 'nobody'"),
        (("simulate", "sonic-cup", "--seed", "-5"), "--seed must be from 0"),
        (("simulate", "sonic-cup", "--seed", str(2**70)), "--seed must be from 0"),
        (("simulate", "sonic-cup", "--seed", str(2**63 - 1), "--games", "2"), "--seed + --games"),
        (("simulate", "sonic-cup", "--games", "-3"), "--games must be at least 1"),
        (("simulate", "sonic-cup", "--games", "0"), "--games must be at least 1"),
        (("simulate", "sonic-cup", "--agents", "nobody"), "unknown agent 'nobody'"),
        (("simulate", "sonic-cup", "--bots", "ismcts:fast"), "'ismcts:fast' is not a budget"),
        (("play", "sonic-cup", "--bots", "ismcts:0s"), "a time budget must be more than 0"),
        (("ladder", "sonic-cup", "--bots", "random,heuristic:9"), "only ismcts takes a budget"),
        (("simulate", "sonic-cup", "--agents", ","), "no agent named"),
        (("simulate", "sonic-cup", "--set", "=3"), "--set needs KEY=VALUE"),
        (("simulate", "sonic-cup", "--set", "seats=2.5"), "give the seat count with --seats"),
        (("simulate", "sonic-cup", "--set", "seats=[2]"), "give the seat count with --seats"),
        (("simulate", "world-ball", "--set", "seats=4.0"), "give the seat count with --seats"),
        (("simulate", "sonic-cup", "--set", "seats=1e999"), "--seats"),
        (("simulate", "sonic-cup", "--set", "bogus=1"), "unknown config key"),
        (("simulate", "world-ball", "--seats", "3"), "seats"),
        (("simulate", "my-world-cup", "--seats", "4"), "seats"),
        (("simulate", "chess"), "unknown game 'chess'"),
        (("cards", "sonic-cup", "--deck", "/no/such/deck.toml"), "/no/such/deck.toml"),
        (("replay", "/no/such/record.jsonl"), "/no/such/record.jsonl"),
    ],
)
def test_bad_command_lines_are_one_line_errors(args: tuple[str, ...], text: str) -> None:
    code, _, err = run(*args)
    assert_one_line_error(code, err, text)


def test_unreadable_files_are_one_line_errors(tmp_path: Path) -> None:
    """A directory where a file belongs, and a record that is not text."""
    code, _, err = run("cards", "sonic-cup", "--deck", str(tmp_path))
    assert_one_line_error(code, err, str(tmp_path))
    code, _, err = run("replay", str(tmp_path))
    assert_one_line_error(code, err, str(tmp_path))


def test_a_bad_record_path_is_refused_before_the_first_move(tmp_path: Path) -> None:
    """`play --record /no/such/dir/m.jsonl` used to check the path only after the whole match."""
    target = tmp_path / "no" / "such" / "dir" / "m.jsonl"
    code, out, err = run("play", "sonic-cup", "--seats", "2", "--seed", "1", "--record", str(target), input="1\n" * 500)
    assert_one_line_error(code, err, "cannot write the record", str(target))
    assert "Legal actions" not in out and "your move" not in out  # no move was asked for
    code, _, err = run("play", "sonic-cup", "--seats", "2", "--record", str(tmp_path), input="quit\n")
    assert_one_line_error(code, err, "cannot write the record", str(tmp_path))


def test_a_good_record_path_is_probed_without_leaving_a_file_or_truncating_one(tmp_path: Path) -> None:
    target = tmp_path / "m.jsonl"
    code, out, err = run("play", "sonic-cup", "--seats", "2", "--seed", "1", "--record", str(target), input="quit\n")
    assert code == 0, err
    assert "Record saved to" in out and target.read_text(encoding="utf-8").startswith('{"format"')
    before = target.read_text(encoding="utf-8")
    code, _, err = run("play", "sonic-cup", "--seats", "2", "--you", "5", "--record", str(target))
    assert code == 2 and target.read_text(encoding="utf-8") == before
    fresh = tmp_path / "fresh.jsonl"
    code, _, _ = run("play", "sonic-cup", "--seats", "2", "--bots", "nobody", "--record", str(fresh))
    assert code == 2 and not fresh.exists()


def test_a_record_path_with_markup_is_printed_as_text(tmp_path: Path) -> None:
    target = tmp_path / "[bold]m[red].jsonl"
    code, out, err = run("play", "sonic-cup", "--seats", "2", "--seed", "1", "--record", str(target), input="quit\n")
    assert code == 0, err
    assert f"Record saved to {target}" in out and target.exists()
