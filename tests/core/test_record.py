"""Match records: JSON Lines on disk, errors that name line and field, and replay that notices divergence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitchside.agents.base import RandomAgent
from pitchside.core.errors import DataError, ReplayError
from pitchside.core.record import FORMAT, MatchRecord, Move, replay
from pitchside.games.sonic_cup.game import GAME
from pitchside.games.sonic_cup.rules import SonicCupState
from pitchside.sim.match import MatchResult, play_match


def match(seats: int = 4, seed: int = 3, state: SonicCupState | None = None) -> MatchResult:
    return play_match(GAME, [RandomAgent()] * seats, {"seats": seats}, seed, state=state)


@pytest.fixture(scope="module")
def result() -> MatchResult:
    return match()


def lines_of(rec: MatchRecord) -> list[str]:
    return rec.dumps().splitlines()


def edited(rec: MatchRecord, n: int, new: str) -> str:
    """The record's text with line ``n`` (1-based) replaced."""
    lines = lines_of(rec)
    lines[n - 1] = new
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- JSON Lines


def test_record_layout(result: MatchResult) -> None:
    rec = result.record
    lines = lines_of(rec)
    head = json.loads(lines[0])
    assert head == {
        "format": FORMAT,
        "game": "sonic-cup",
        "version": GAME.version,
        "config": {"seats": 4, "roles": [["DF", "FW"], ["DF", "FW"], ["GK", "MF"], ["GK", "MF"]]},
        "seed": 3,
        "players": ["random"] * 4,
    }
    assert len(lines) == 1 + len(rec.moves) + 1
    assert json.loads(lines[1]) == {"seat": rec.moves[0].seat, "action": rec.moves[0].action}
    tail = json.loads(lines[-1])
    assert tail == {"outcome": result.outcome.to_json(), "fingerprint": result.state.fingerprint()}


def test_json_lines_round_trip(result: MatchResult, tmp_path: Path) -> None:
    rec = result.record
    text = rec.dumps()
    back = MatchRecord.loads(text, "r.jsonl")
    assert back.dumps() == text
    assert (back.game, back.version, back.config, back.seed, back.setup) == (
        rec.game,
        rec.version,
        rec.config,
        rec.seed,
        None,
    )
    assert [(m.seat, m.action) for m in back.moves] == [(m.seat, m.action) for m in rec.moves]
    assert [m.line for m in back.moves[:3]] == [2, 3, 4]  # file lines, for error messages
    assert back.outcome == rec.outcome and back.fingerprint == rec.fingerprint
    path = tmp_path / "match.jsonl"
    rec.save(path)
    assert path.read_text(encoding="utf-8") == text
    loaded = MatchRecord.load(path)
    assert loaded.dumps() == text and loaded.source == str(path)


def test_blank_lines_are_ignored(result: MatchResult) -> None:
    text = result.record.dumps().replace("\n", "\n\n", 3)
    assert MatchRecord.loads(text).dumps() == result.record.dumps()


def test_a_record_without_outcome_is_a_match_in_progress(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.moves, rec.outcome, rec.fingerprint = rec.moves[:10], None, None
    text = rec.dumps()
    assert len(text.splitlines()) == 11
    rep = replay(MatchRecord.loads(text), GAME)
    assert not rep.state.is_over()


def test_replay_reaches_the_same_state_and_events(result: MatchResult) -> None:
    rep = replay(MatchRecord.loads(result.record.dumps()), GAME)
    assert rep.state.fingerprint() == result.state.fingerprint()
    assert rep.state.outcome() == result.outcome
    assert rep.events and all(0 <= i < len(result.record.moves) for i, _ in rep.events)
    seen: list[int] = []
    replay(result.record, GAME, on_move=lambda i, move, evs: seen.append(i))
    assert seen == list(range(len(result.record.moves)))


# ---------------------------------------------------------------- malformed files

H = '{"format": "pitchside-record/1", "version": "1.0", '  # a header's first fields, to be completed


@pytest.mark.parametrize(
    ("n", "new", "line", "field", "words"),
    [
        (1, H + '"seed": 1}', 1, "game", "missing"),
        (1, H + '"game": 7, "seed": 1}', 1, "game", "must be a string"),
        (1, H + '"game": "sonic-cup", "seed": "one"}', 1, "seed", "must be an integer from 0"),
        (1, H + '"game": "sonic-cup", "seed": true}', 1, "seed", "must be an integer from 0"),
        (1, H + '"game": "sonic-cup", "seed": 1, "config": [4]}', 1, "config", "must be an object"),
        (1, H + '"game": "sonic-cup", "seed": 1, "players": "me"}', 1, "players", "must be a list"),
        (1, H + '"game": "sonic-cup", "setup": 5}', 1, "setup", "must be an object"),
        (1, H + '"game": "sonic-cup"}', 1, "seed", "needs a seed or a setup"),
        (1, "[1, 2]", 1, None, "must be a JSON object"),
        (3, '{"seat": "0", "action": "pass"}', 3, "seat", "must be a seat number"),
        (4, '{"seat": true, "action": "pass"}', 4, "seat", "must be a seat number"),
        (5, '{"seat": 1}', 5, "action", "missing in the move"),
        (6, '{"seat": 1, "action": ["pass"]}', 6, "action", "must be action text"),
        (7, '{"seat": 1, "action": "pass"', 7, None, "not valid JSON"),
        (8, "pass", 8, None, "not valid JSON"),
    ],
)
def test_malformed_lines_name_line_and_field(
    result: MatchResult, n: int, new: str, line: int, field: str | None, words: str
) -> None:
    text = edited(result.record, n, new)
    with pytest.raises(DataError) as err:
        MatchRecord.loads(text, "bad.jsonl")
    e = err.value
    assert (e.file, e.line, e.field) == ("bad.jsonl", line, field), str(e)
    assert words in str(e)
    assert str(e).startswith(f"bad.jsonl:{line}:")
    if field:
        assert f"field {field!r}" in str(e)


def test_empty_record() -> None:
    for text in ("", "\n\n"):
        with pytest.raises(DataError) as err:
            MatchRecord.loads(text, "empty.jsonl")
        assert err.value.line is None and "header" in str(err.value)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    with pytest.raises(DataError) as err:
        MatchRecord.load(path)
    assert err.value.file == str(path) and "cannot read" in str(err.value)


# ---------------------------------------------------------------- records from a setup


def test_a_record_from_a_setup_replays() -> None:
    first = match(seats=6, seed=11)
    st = GAME.new_state({"seats": 6}, 11)
    for move in first.record.moves[:40]:  # somewhere in mid-match
        st.apply(move.seat, GAME.parse_action(move.action))
    setup = st.to_setup()
    rest = match(seats=6, seed=11, state=st)
    rec = rest.record
    assert rec.seed is None and rec.setup == setup
    text = rec.dumps()
    assert '"setup":' in text.splitlines()[0] and '"seed"' not in text.splitlines()[0]
    back = MatchRecord.loads(text, "setup.jsonl")
    assert back.setup == json.loads(json.dumps(setup))
    rep = replay(back, GAME)
    assert rep.state.fingerprint() == rest.state.fingerprint()
    assert rep.state.outcome() == rest.outcome


def test_a_record_from_a_bad_setup_names_the_field() -> None:
    setup = {**GAME.new_state({"seats": 4}, 1).to_setup(), "ball": 12}
    rec = MatchRecord("sonic-cup", GAME.version, {}, setup=setup, source="s.jsonl")
    with pytest.raises(DataError) as err:
        replay(rec, GAME)
    assert (err.value.file, err.value.field) == ("s.jsonl", "setup.ball")


# ---------------------------------------------------------------- divergence


def diverge(text: str) -> ReplayError:
    with pytest.raises(ReplayError) as err:
        replay(MatchRecord.loads(text, "div.jsonl"), GAME)
    return err.value


def test_wrong_seat_names_the_move_and_line(result: MatchResult) -> None:
    i = 5
    m = result.record.moves[i]
    e = diverge(edited(result.record, i + 2, json.dumps({"seat": (m.seat + 1) % 4, "action": m.action})))
    assert (e.index, e.line) == (i, i + 2)
    assert str(e).startswith(f"div.jsonl:{i + 2}: move {i + 1}:")
    assert f"decision is seat {m.seat}'s" in str(e)


def test_illegal_action_names_the_move_and_line(result: MatchResult) -> None:
    # The first move is a kick-off, which may not pass (SC-KO-2).
    e = diverge(edited(result.record, 2, json.dumps({"seat": result.record.moves[0].seat, "action": "pass"})))
    assert (e.index, e.line) == (0, 2)
    assert str(e).startswith("div.jsonl:2: move 1: illegal 'pass'")
    assert "SC-KO-2" in str(e)


def test_unparseable_action_names_the_move_and_line(result: MatchResult) -> None:
    m = result.record.moves[7]
    e = diverge(edited(result.record, 9, json.dumps({"seat": m.seat, "action": "dribble 5>4"})))
    assert (e.index, e.line) == (7, 9)
    assert "cannot parse 'dribble 5>4'" in str(e)


def test_outcome_mismatch(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    assert rec.outcome is not None
    scores = rec.outcome["scores"]
    rec.outcome = {**rec.outcome, "scores": [scores[1] + 1, scores[0]]}
    e = diverge(rec.dumps())
    assert e.index == len(rec.moves) and e.line == len(rec.moves) + 2 and e.field == "outcome"
    assert str(e).startswith(f"div.jsonl:{e.line}: field 'outcome': outcome diverges")


def test_fingerprint_mismatch(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.fingerprint = "0" * 16
    assert "final state diverges" in str(diverge(rec.dumps()))


def test_a_move_after_the_end(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.moves.append(Move(0, "pass"))
    e = diverge(rec.dumps())
    n = len(result.record.moves)
    assert (e.index, e.line) == (n, n + 2)
    assert "already over" in str(e)


def test_an_outcome_before_the_end(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.moves = rec.moves[:-1]
    assert "not over" in str(diverge(rec.dumps()))


def test_another_rules_version(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.version = "0.9"
    e = diverge(rec.dumps())
    assert e.index == -1 and (e.line, e.field) == (1, "version")
    assert str(e) == f"div.jsonl:1: field 'version': record is for rules version 0.9, this is {GAME.version}"


def test_another_seed_diverges(result: MatchResult) -> None:
    rec = MatchRecord.loads(result.record.dumps())
    rec.seed = 4
    e = diverge(rec.dumps())
    assert e.line is not None and e.line >= 2  # some move no longer applies
