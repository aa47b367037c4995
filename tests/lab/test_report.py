"""pitchside report (issue 11): Wilson intervals and the two-proportion z-test by known values, one HTML
page whose every text is escaped and whose images exist, and --against between two simulations."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from pitchside.lab import analysis as an
from pitchside.lab.tables import write
from tests.inputs.helpers import assert_one_line_error
from tests.inputs.helpers import run as cli

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")


def test_wilson_interval_known_values() -> None:
    lo, hi = an.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = an.wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert all(math.isnan(x) for x in an.wilson(0, 0))


def test_two_proportion_z_test_known_values() -> None:
    z, p = an.two_proportions(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4) and p == pytest.approx(0.00468, abs=1e-5)
    assert an.two_proportions(50, 100, 50, 100) == (0.0, 1.0)
    z, p = an.two_means([1, 2, 3, 4], [1, 2, 3, 4])
    assert (z, p) == (0.0, 1.0)


def _row(seed: int, winner: int | None, who: str) -> dict[str, Any]:
    res = ("draw", "draw") if winner is None else ("win", "loss") if winner == 0 else ("loss", "win")
    return {
        "game": "my-world-cup", "seed": seed, "seats": 2, "bots": "heuristic,heuristic", "score": "1:0",
        "winner": winner, "winner_name": "draw" if winner is None else ("home", "away")[winner],
        "goals": 1 + seed % 3, "decisions": 10 + seed % 4, "ending": "full-time", "first_seat": None,
        "first_team": None, "seat0.bot": "heuristic", "seat1.bot": "heuristic", "seat0.team_index": 0,
        "seat1.team_index": 1, "seat0.result": res[0], "seat1.result": res[1], "seat0.team.id": who,
        "seat1.team.id": "esp", "team0.goals": 1, "team1.goals": 0,
    }  # fmt: skip


def _sim(path: Path, rows: list[dict[str, Any]]) -> Path:
    write(path, rows, {"game": "my-world-cup", "bots": ["heuristic"], "team_names": ["home", "away"]}, csv=False)
    return path


def test_the_report_is_one_escaped_page_with_its_plots(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"
    rows = [_row(s, (None, 0, 1)[s % 3], evil if s % 2 else "bra") for s in range(30)]
    sim = _sim(tmp_path / "a", rows)
    code, _, err = cli("report", str(sim))
    assert code == 0, err
    page = (sim / "report.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    for heading in ("Win rate by seat", "Win rate by team", "Win rate by team id", "How matches ended",
                    "Match length", "Goals per match", "Home and first-player advantage"):  # fmt: skip
        assert heading in page
    images = sorted(sim.glob("report-*.png"))
    assert images and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in images)
    assert all(f'src="{p.name}"' in page for p in images)
    # home wins 10 of the 20 decided matches: 50 % with its Wilson interval
    lo, hi = an.wilson(10, 20)
    assert f"{lo:.3f}" in page and f"{hi:.3f}" in page


def test_who_came_first_as_shares() -> None:
    rows = [{**_row(s, (None, 0, 1)[s % 3], "bra"), "first_team": s % 2, "first.goal": -1} for s in range(12)]
    for r in rows[:9]:  # a goal in 9 matches, the first by team 0; 3 restarts each, the next goal by the kicker twice
        r.update({"first.goal": 0, "next.goal_after_restart.same": 2, "next.goal_after_restart.other": 1})
    got = {r.label: (r.wins, r.n) for r in an.order_rates(rows)}
    # first turn by team 0 in seeds 0, 2, 4, 6, 8; decided: seeds 1, 2, 4, 5, 7, 8 (team 0 won 1, 4, 7)
    assert got == {"first goal: the first-turn team's": (5, 9), "first goal: its team won": (3, 6),
                   "next goal_after_restart: the same team's": (18, 27)}  # fmt: skip
    assert an.order_rates([_row(0, 0, "bra")]) == []


def test_against_marks_a_significant_difference(tmp_path: Path) -> None:
    a = _sim(tmp_path / "a", [_row(s, 0 if s % 10 < 8 else 1, "bra") for s in range(200)])  # home wins 80 %
    b = _sim(tmp_path / "b", [_row(s, 0 if s % 10 < 5 else 1, "bra") for s in range(200)])  # 50 %
    code, _, err = cli("report", str(a), "--against", str(b), "--out", str(tmp_path / "cmp.html"))
    assert code == 0, err
    page = (tmp_path / "cmp.html").read_text(encoding="utf-8")
    assert "two-proportion z-test" in page
    line = next(x for x in page.split("<tr") if "home: home" in x)
    assert 'class="sig"' in line and "80.0% of 200" in line and "50.0% of 200" in line


def test_report_errors_are_one_line(tmp_path: Path) -> None:
    code, _, err = cli("report", str(tmp_path))
    assert_one_line_error(code, err, "no matches.parquet")
    a = _sim(tmp_path / "a", [_row(s, 0, "bra") for s in range(3)])
    b = tmp_path / "b"
    rows = [{**_row(s, 0, "bra"), "game": "world-ball"} for s in range(3)]
    write(b, rows, {"game": "world-ball"}, csv=False)
    code, _, err = cli("report", str(a), "--against", str(b))
    assert_one_line_error(code, err, "compare one game")
