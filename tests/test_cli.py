"""The terminal front end, end to end: every command through Typer's CliRunner (and --help in a subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchside.agents import Observation, RandomAgent
from pitchside.cli import app
from pitchside.core.game import Action
from pitchside.core.record import MatchRecord
from pitchside.core.registry import load_game
from pitchside.core.rng import Rng
from pitchside.sim.match import play_match
from tests.lazy_imports import help_loads

ENV = {"COLUMNS": "160", "FORCE_COLOR": None, "NO_COLOR": "1"}


def run(*args: str, input: str | None = None) -> tuple[int, str, str, str]:
    """Exit code, stdout, stderr and both mixed, of `pitchside ARGS`."""
    result = CliRunner().invoke(app, list(args), input=input, env=ENV)
    return result.exit_code, result.stdout, result.stderr, result.output


def assert_clean(output: str) -> None:
    assert "Traceback" not in output
    assert "Error" not in output.replace("error:", "")  # our one-line messages only


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game("sonic-cup")
    result = play_match(game, [RandomAgent() for _ in range(4)], {"seats": 4}, seed=11)
    path = tmp_path_factory.mktemp("rec") / "match.jsonl"
    result.record.save(path)
    return path


# ---------------------------------------------------------------------------- help and games


def test_help_runs_without_importing_games_or_pydantic() -> None:
    out, loaded = help_loads("pitchside.games", "pitchside.sim", "pydantic", "rich")
    for command in ("games", "play", "simulate", "replay", "cards"):
        assert command in out
    assert loaded == []


def test_games_lists_sonic_cup_with_aliases() -> None:
    code, out, _, _ = run("games")
    assert code == 0
    assert "sonic-cup" in out
    for alias in ("tzq", "音速杯", "sonic"):
        assert alias in out
    assert "2,4,6,8,10" in out


def test_unknown_game_lists_known_games() -> None:
    code, _, err, both = run("simulate", "chess")
    assert code == 2
    assert "unknown game 'chess'" in err and "sonic-cup" in err
    assert_clean(both)


def test_bad_seat_count_gives_the_rules_message() -> None:
    code, _, err, both = run("play", "tzq", "--seats", "3", input="quit\n")
    assert code == 2
    assert "SC-SETUP-4" in err and "3 seats" in err
    assert_clean(both)


def test_bad_seat_for_you_is_refused() -> None:
    code, _, err, _ = run("play", "tzq", "--seats", "2", "--you", "5")
    assert code == 2
    assert "--you must be a seat from 0 to 1" in err


def test_unknown_bot_is_refused() -> None:
    code, _, err, _ = run("simulate", "tzq", "--agents", "oracle", "--games", "1")
    assert code == 2
    assert "unknown agent 'oracle'" in err


# ---------------------------------------------------------------------------- simulate


@pytest.mark.parametrize("seats", [2, 10])
def test_simulate_json_totals_are_consistent(seats: int) -> None:
    code, out, _, _ = run(
        "simulate", "sonic-cup", "--seats", str(seats), "--games", "3", "--seed", "5", "--json", "--bots", "random"
    )
    assert code == 0, out
    s = json.loads(out)
    assert s["games"] == 3 and s["seats"] == seats and s["seeds"] == [5, 7]
    assert sum(s["wins"].values()) + s["draws"] == 3
    assert set(s["wins"]) == {"blue", "red"}
    assert sum(s["endings"].values()) == 3
    assert set(s["endings"]) <= {"ko", "time", "extra-time"}
    dec = s["decisions_per_match"]
    assert 0 < dec["mean"] <= dec["max"]
    assert s["goals_per_match"] >= 0
    assert len(s["agents"]) == seats


def test_simulate_matches_play_match() -> None:
    """The summary counts what the one game loop produces, seed by seed."""
    game = load_game("sonic-cup")
    results = [play_match(game, [RandomAgent(), RandomAgent()], {"seats": 2}, seed=s) for s in (0, 1)]
    code, out, _, _ = run("simulate", "tzq", "--seats", "2", "--games", "2", "--json", "--bots", "random")
    assert code == 0
    s = json.loads(out)
    assert s["decisions_per_match"]["max"] == max(r.decisions for r in results)
    assert s["goals_per_match"] == sum(sum(r.outcome.scores) for r in results) / 2


def test_simulate_table() -> None:
    code, out, _, both = run("simulate", "tzq", "--seats", "4", "--games", "2", "--bots", "random")
    assert code == 0
    for text in ("Blue wins", "Red wins", "draws", "goals per match", "decisions per match", "ended by"):
        assert text in out
    assert_clean(both)


# ---------------------------------------------------------------------------- replay


def test_replay_of_a_played_match_succeeds(record_file: Path) -> None:
    code, out, _, both = run("replay", str(record_file))
    assert code == 0, both
    assert "Replay OK" in out
    assert "Full time" in out
    rec = MatchRecord.load(record_file)
    assert f"{len(rec.moves)} moves" in out


def test_replay_json_shows_only_public_events(record_file: Path) -> None:
    code, out, _, _ = run("replay", str(record_file), "--json")
    assert code == 0
    data = json.loads(out)
    rec = MatchRecord.load(record_file)
    assert data["ok"] is True and data["over"] is True
    assert data["outcome"] == rec.outcome
    assert len(data["moves"]) == len(rec.moves)
    events = [ev for m in data["moves"] for ev in m["events"]]
    assert any(ev["kind"] == "draw" for ev in events)
    assert not any(ev["kind"] == "drew" for ev in events)  # private card draws stay private


def test_replay_of_a_tampered_record_names_the_move(record_file: Path, tmp_path: Path) -> None:
    lines = record_file.read_text(encoding="utf-8").splitlines()
    move = json.loads(lines[5])  # line 6 of the file is move 5
    move["action"] = "move Q99>5"
    lines[5] = json.dumps(move)
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err, both = run("replay", str(bad))
    assert code == 1
    assert f"{bad}:6: move 5: illegal" in err and "move Q99>5" in err
    assert_clean(both)
    code, out, _, _ = run("replay", str(bad), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False and data["move"] == 5 and data["line"] == 6
    assert len(data["moves"]) == 4


def test_replay_of_a_record_with_a_wrong_outcome_fails(record_file: Path, tmp_path: Path) -> None:
    lines = record_file.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    end["outcome"]["scores"] = [9, 9]
    lines[-1] = json.dumps(end)
    bad = tmp_path / "diverged.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err, _ = run("replay", str(bad))
    assert code == 1
    assert "outcome diverges" in err


def test_replay_of_a_malformed_record_names_the_line(record_file: Path, tmp_path: Path) -> None:
    lines = record_file.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "broken.jsonl"
    bad.write_text("\n".join([*lines[:2], "{not json", *lines[3:]]) + "\n", encoding="utf-8")
    code, _, err, both = run("replay", str(bad))
    assert code == 2
    assert f"{bad}:3" in err and "not valid JSON" in err
    assert_clean(both)
    bad.write_text("\n".join([lines[0], '{"seat": "two", "action": "pass"}']) + "\n", encoding="utf-8")
    code, _, err, _ = run("replay", str(bad))
    assert code == 2
    assert f"{bad}:2" in err and "'seat'" in err


def test_replay_of_a_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    code, _, err, both = run("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2
    assert "nope.jsonl" in err and "cannot read" in err
    assert_clean(both)


# ---------------------------------------------------------------------------- play


def test_play_answers_bad_input_and_quits_cleanly(tmp_path: Path) -> None:
    rec = tmp_path / "left.jsonl"
    script = "xyz\n999\nmove Q99>5\n\nhelp\n1\nquit\n"
    code, out, _, both = run(
        "play",
        "sonic-cup",
        "--seats",
        "4",
        "--you",
        "0",
        "--seed",
        "7",
        "--set",
        "kickoff=blue",
        "--record",
        str(rec),
        input=script,
    )  # Blue kicks off, so seat 0 (Blue's Defender, SC-KO-2) opens the match whatever the deal
    assert code == 0, both
    assert_clean(both)
    assert "Cannot read that" in out and "unknown verb 'xyz'" in out  # InvalidAction
    assert "There is no action 999" in out
    assert "Not allowed now [SC-GAP-1]" in out  # IllegalAction, with its rule ID
    assert "How to answer" in out  # help
    assert "You left the match" in out
    # the screen: pitch, score, deck counter, seats with roles in both languages, hand, decision, actions, log
    for text in (
        "Blue 蓝队",
        "Red 红队",
        "Deck 牌库 1/3",
        "DF 后卫",
        "GK 守门员",
        "Your hand 手牌",
        "Legal actions",
        "Match log",
        "Your kick-off",
        "▶",
    ):
        assert text in out, text
    # a match left early still has a record of what was played, and it replays
    saved = MatchRecord.load(rec)
    assert saved.outcome is None and len(saved.moves) > 0
    assert saved.players.count("human") == 1
    code, out, _, _ = run("replay", str(rec))
    assert code == 0
    assert "before the match is over" in out


class _Seen(Exception):
    pass


class _Probe:
    """Stands in for the person at seat 0 up to their first real choice, as the terminal would."""

    name = "probe"

    def __init__(self) -> None:
        self.obs: Observation | None = None

    def act(self, obs: Observation, rng: Rng) -> Action:
        if len(obs.legal) == 1:  # the terminal plays a forced move itself
            return obs.legal[0]
        self.obs = obs
        raise _Seen


def first_choice(seats: int, seed: int) -> Observation:
    """What seat 0 sees at its first real decision of `pitchside play tzq --seats N --seed S`."""
    probe = _Probe()
    with pytest.raises(_Seen):
        play_match(load_game("tzq"), [probe] + [RandomAgent() for _ in range(seats - 1)], {"seats": seats}, seed)
    assert probe.obs is not None
    return probe.obs


def test_play_illegal_move_names_the_rule() -> None:
    obs = first_choice(4, 7)
    ball, hand = obs.view["ball"], obs.view["hand"]
    far = next(z for z in range(1, 10) if abs(z - ball) > 1)
    illegal = f"move {hand[0]}>{far}"
    assert illegal not in map(str, obs.legal)
    code, out, _, both = run("play", "tzq", "--seats", "4", "--seed", "7", input=f"{illegal}\nquit\n")
    assert code == 0
    assert "Not allowed now [SC-" in out
    assert "Cannot read" not in out
    assert_clean(both)


def test_play_typed_action_text_is_accepted() -> None:
    obs = first_choice(4, 7)
    verb, card = next(str(a).split(" ") for a in obs.legal if " " in str(a) and ">" not in str(a))
    typed = f"{verb.upper()}  {card.lower()}"  # any case, any spacing
    code, out, _, _ = run("play", "tzq", "--seats", "4", "--seed", "7", input=f"{typed}\nquit\n")
    assert code == 0
    assert f"seat 0 (you) picks {card} for {verb}" in out
    assert "Cannot read" not in out and "Not allowed" not in out


@pytest.mark.parametrize("seats", [2, 4])
def test_play_to_the_end_answering_1(seats: int, tmp_path: Path) -> None:
    rec = tmp_path / "full.jsonl"
    code, out, _, both = run(
        "play", "tzq", "--seats", str(seats), "--seed", "3", "--record", str(rec), input="1\n" * 20000
    )
    assert code == 0, both[-2000:]
    assert_clean(both)
    assert "Full time" in out
    assert f"Record saved to {rec}" in out
    saved = MatchRecord.load(rec)
    assert saved.outcome is not None
    mine = sum(1 for m in saved.moves if m.seat == 0)  # issue 8: the person's own decisions, not every seat's
    assert f"{len(saved.moves)} decisions in the match, {mine} of them yours." in out
    assert 0 < mine < len(saved.moves)
    code, out, _, _ = run("replay", str(rec))
    assert code == 0 and "Replay OK" in out


def test_play_treats_end_of_input_as_quit() -> None:
    code, out, _, both = run("play", "tzq", "--seats", "2", "--seed", "3", input="1\n1\n")
    assert code == 0
    assert "You left the match" in out
    assert_clean(both)


# ---------------------------------------------------------------------------- cards


def test_cards_prints_the_deck() -> None:
    code, out, _, _ = run("cards", "音速杯")
    assert code == 0
    assert "108 cards" in out
    for cid in ("S01", "K13", "P02", "F01", "M01"):
        assert cid in out


def test_cards_with_a_broken_deck_names_file_and_line(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('[[card]]\nid = "X1"\nmaneuver = [0]\n', encoding="utf-8")
    code, _, err, both = run("cards", "tzq", "--deck", str(deck))
    assert code == 2
    assert f"{deck}:3" in err and "maneuver" in err
    assert_clean(both)


def test_ctrl_c_in_a_command_says_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command without Ctrl-C handling of its own ends with one line and exit 130 (Typer alone prints a blank
    line), never a traceback."""

    def interrupted(**kw: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("pitchside.cli._console", interrupted)
    code, _, err, out = run("games")
    assert code == 130
    assert err.strip() == "pitchside: interrupted"
    assert_clean(out)
