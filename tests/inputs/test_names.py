"""Names are user text: Rich markup in a coach or tournament name is printed as text everywhere, and a name is
checked when it is stored. `worldcup new --coach '[/x]=esp'` stored the tournament and then crashed on the
markup; from then on `worldcup list`, `show` and `play` crashed every time."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.games.my_world_cup.tournament import WorldCup
from tests.inputs.helpers import assert_one_line_error, run

MARKUP = ["[/x]", "[bold red]boss", "a\\", "[/]", "[red on white]me[/red on white]"]


@pytest.mark.parametrize("coach", MARKUP)
def test_a_coach_name_with_markup_never_poisons_the_tournament(tmp_path: Path, coach: str) -> None:
    env = {"PITCHSIDE_DATA_DIR": str(tmp_path)}
    code, out, err = run("worldcup", "new", "--coach", f"{coach}=rsa", "--name", f"{coach} cup", "--seed", "4", **env)
    assert code == 0, err
    assert f"  {coach}: South Africa" in out and f"{coach} cup" in out
    for args in (("list",), ("show",), ("show", "--json")):
        code, out, err = run("worldcup", *args, **env)
        assert code == 0, (args, err)
        assert coach in out, args
    code, out, err = run("worldcup", "play", input="1\n" * 400, **env)
    assert code == 0, err
    assert f"{coach}: South Africa" in out and "Full time" in out


@pytest.mark.parametrize(
    ("coach", "words"),
    [
        ("ann\x1b[31m", "printable"),
        ("a\tb", "printable"),
        ("x" * 41, "at most 40"),
    ],
)
def test_a_bad_coach_name_is_refused_before_anything_is_stored(tmp_path: Path, coach: str, words: str) -> None:
    env = {"PITCHSIDE_DATA_DIR": str(tmp_path)}
    code, _, err = run("worldcup", "new", "--coach", f"{coach}=esp", **env)
    assert_one_line_error(code, err, words)
    assert not (tmp_path / "pitchside.sqlite3").exists()


def test_a_bad_tournament_name_is_refused(tmp_path: Path) -> None:
    env = {"PITCHSIDE_DATA_DIR": str(tmp_path)}
    for name, words in (("x" * 101, "at most 100"), ("a\nb", "printable")):
        code, _, err = run("worldcup", "sim", "--name", name, "--seed", "1", **env)
        assert_one_line_error(code, err, "--name", words)
    with pytest.raises(DataError) as e:
        WorldCup.new(1, {"ok": ["esp"]}, name="\x07")
    assert e.value.field == "name"


def test_team_names_from_a_data_file_are_text_not_markup(tmp_path: Path) -> None:
    """A teams file of anyone's: its names are printed as they are."""
    from pitchside.games.my_world_cup.teams import DEFAULT_TEAMS

    teams = tmp_path / "teams.toml"
    teams.write_text(
        DEFAULT_TEAMS.read_text(encoding="utf-8").replace('"South Africa"', '"[/x]South [bold]Africa"', 1),
        encoding="utf-8",
    )
    args = ("play", "mwc", "--home", "rsa", "--away", "mex", "--set", f"teams_file={teams}", "--seed", "2")
    code, out, err = run(*args, input="1\n" * 400)
    assert code == 0, err
    assert "[/x]South [bold]Africa" in out and "Full time" in out
