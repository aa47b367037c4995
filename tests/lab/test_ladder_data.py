"""simulate --data (a designer's own data file, checked with file/line/field errors) and the ladder
(a round robin rated by openskill, the same ratings whatever the worker count)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pitchside.games.my_world_cup.cards import DEFAULT_CARDS
from pitchside.games.sonic_cup.cards import DEFAULT_DECK
from pitchside.lab.ladder import pairings
from tests.inputs.helpers import assert_one_line_error
from tests.inputs.helpers import run as cli

pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("openskill")


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A designer's My World Cup card file: the game's own with a stronger G2 top half."""
    path = tmp_path / "design" / "cards.toml"
    path.parent.mkdir()
    text = DEFAULT_CARDS.read_text(encoding="utf-8")
    old = 'top = { kind = "goal", value = 2, speed = 2, grades = "ABCD" }'
    assert old in text
    path.write_text(text.replace(old, 'top = { kind = "goal", value = 5, speed = 2, grades = "ABCD" }', 1), "utf-8")
    return path


def test_simulate_with_a_designers_card_file(tmp_path: Path, cards: Path) -> None:
    out = tmp_path / "sim"
    code, _, err = cli("simulate", "mwc", "--data", str(cards), "--games", "6", "--workers", "2", "--out", str(out),
                       "--json")  # fmt: skip
    assert code == 0, err
    rows = pq.read_table(out / "matches.parquet").to_pylist()
    assert len(rows) == 6 and all(json.loads(r["config"])["cards_file"] == str(cards) for r in rows)
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    assert meta["data"] == [str(cards)] and meta["config"]["cards_file"] == str(cards)


def test_a_data_file_named_by_its_config_key(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    shutil.copy(DEFAULT_DECK, deck)
    code, out, err = cli("simulate", "tzq", "--data", f"deck={deck}", "--games", "2", "--bots", "random", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 2


def test_a_broken_data_file_names_file_line_and_field(tmp_path: Path, cards: Path) -> None:
    text = cards.read_text(encoding="utf-8")
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("count = ")) + 1
    lines[n - 1] = 'count = "two"'
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = cli("simulate", "mwc", "--data", str(cards), "--games", "2")
    assert_one_line_error(code, err, f"{cards}:{n}", "count")
    cards.write_text("[[card]\n", encoding="utf-8")
    code, _, err = cli("simulate", "mwc", "--data", str(cards), "--games", "2")
    assert_one_line_error(code, err, f"{cards}:1", "TOML")


def test_a_game_with_no_deck_file_asks_for_the_config_key(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    shutil.copy(DEFAULT_DECK, deck)
    code, _, err = cli("simulate", "wb", "--data", str(deck), "--games", "1")
    assert_one_line_error(code, err, "world-ball takes no deck file", "--data data=DIR")


def test_pairings_play_each_seed_from_both_sides() -> None:
    jobs = pairings("sonic-cup", {"seats": 4}, ["a", "b", "c"], 4, lambda s: s % 2, 2, 10)
    assert len(jobs) == 3 * 2 * 2
    assert jobs[0].bots == ("a", "b", "a", "b") and jobs[1].bots == ("b", "a", "b", "a")
    assert jobs[0].seed == jobs[1].seed == 10 and jobs[2].seed == 11


def test_the_ladder_rates_with_openskill_the_same_at_any_worker_count() -> None:
    args = ("ladder", "wb", "--bots", "random,heuristic", "--games", "4", "--json")
    code, one, err = cli(*args, "--workers", "1")
    assert code == 0, err
    code, two, err = cli(*args, "--workers", "2")
    assert code == 0, err
    assert one == two
    res = json.loads(one)
    assert res["matches"] == 8 and "openskill" in res["model"]
    for r in res["ratings"]:
        assert r["low"] < r["mu"] < r["high"] and r["wins"] + r["draws"] + r["losses"] == 8
    assert {(x["bot"], x["against"]) for x in res["head_to_head"]} == {("random", "heuristic"), ("heuristic", "random")}


@pytest.mark.parametrize(
    ("args", "words"),
    [(("--bots", "random"), "two or more different bots"), (("--bots", "random,nobody"), "unknown agent 'nobody'")],
)
def test_ladder_errors_are_one_line(args: tuple[str, ...], words: str) -> None:
    code, _, err = cli("ladder", "wb", "--games", "1", *args)
    assert_one_line_error(code, err, words)
