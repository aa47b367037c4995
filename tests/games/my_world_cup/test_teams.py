"""The 32 teams as data: WC-MATCH-1, WC-GAP-9, WC-GAP-25, WC-COMP-4/9 and the seed's team facts (WC-TEAM-*),
plus the validation of data/teams.toml against the skill registry (file, line and field in every error)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pitchside.core.errors import DataError
from pitchside.games.my_world_cup.skills import SKILLS
from pitchside.games.my_world_cup.teams import DEFAULT_TEAMS, load_teams, parse_teams

TEAMS = load_teams()
TEXT = Path(DEFAULT_TEAMS).read_text(encoding="utf-8")

# Reference §2.3: group, id, grade, world rank, and every skill in the reference's code notation.
REFERENCE = """
A rsa D 31 speed(all,+1) opp_speed(all,-1)
A mex B 13 any_grade speed(attack,+1)
A uru B 15 value(attack,+1) value(defense,+1)
A fra B 7 ignore_foul_once value(goal,+1)
B arg A 9 speed(attack,+1) value(attack+goal,+1) ignore_defense_once
B nga C 17 value(attack,+1) value(defense,+1)
B kor C 29 speed(all,+1) value(defense,+1)
B gre C 10 value(defense,+2) speed(goal,+1)
C eng A 8 speed(attack,+2) value(attack+defense,+1) swap_once
C usa B 14 reroll_once speed(defense,+1)
C alg D 24 lineup_gamble value(defense,+1)
C svn D 21 value(defense,+1) speed(goal,+1)
D ger A 5 speed(all,+1) value(goal,+1) reroll_once
D aus C 18 value(defense,+1) speed(goal,+1)
D srb B 11 value(defense,+1) speed(attack,+1)
D gha C 22 speed(attack,+1) speed(defense,+1)
E ned A 3 flip_once value(attack,+1) depth(+1)
E den C 25 value(goal,+1) speed(defense,+1)
E jpn D 28 speed(attack,+1) reroll_foul_once
E cmr B 16 value(attack,+1) speed(goal,+1)
F ita A 4 value(defense,+2) counter(+1) speed(foul,+1)
F par C 23 value(defense,+1) shootout_dice(+3)
F nzl D 30 value(defense,+1) reroll_once
F svk D 26 speed_vs_grade(A,+1) value(defense,+1)
G bra A 2 speed(all,+1) value(goal+defense,+1) tie_priority
G prk D 32 opponent_pairs value(defense,+2)
G civ B 19 value(attack,+1) goal_first
G por A 6 speed(goal,+2) speed(attack,+1) depth(+1)
H esp A 1 depth(+2) speed(all,+2) double_dice
H sui C 20 value(defense,+1) reroll_once
H hon D 27 speed(foul,+1) value(defense,+1)
H chi B 12 speed(all,+1) value(attack,+1)
"""


def test_all_32_teams_as_in_the_reference() -> None:
    """WC-GAP-25 (grades and skills of every team, reference §2.3), WC-GAP-9 (world ranks), WC-MATCH-1 (32
    teams, each with its own skills), WC-COMP-4 and WC-COMP-9 (one flag marker and one team card per team)."""
    rows = [line.split() for line in REFERENCE.strip().splitlines()]
    assert len(TEAMS) == len(rows) == 32
    for group, tid, grade, rank, *skills in rows:
        team = TEAMS[tid]
        assert (team.group, team.grade, team.world_rank) == (group, grade, int(rank)), tid
        assert [s.notation() for s in team.skills] == skills, tid
        assert team.zh and team.en
    assert sorted(t.world_rank for t in TEAMS.teams.values()) == list(range(1, 33))
    assert Counter(t.grade for t in TEAMS.teams.values()) == {"A": 8, "B": 8, "C": 8, "D": 8}
    assert Counter(t.group for t in TEAMS.teams.values()) == {g: 4 for g in "ABCDEFGH"}
    profiles = {(t.grade, tuple(sorted(s.notation() for s in t.skills))) for t in TEAMS.teams.values()}
    assert len(profiles) == 32  # no two teams of a grade play alike (WC-MATCH-1)
    for team in TEAMS.teams.values():  # WC-GAP-25: A teams have 3 skills, the others 2
        assert len(team.skills) == (3 if team.grade == "A" else 2), team.id


def test_the_seed_facts_about_teams() -> None:
    """The seed's teams: WC-TEAM-CIV-2 (Ivory Coast grade B), WC-TEAM-ESP-1/2/3 (Spain rank 1), WC-TEAM-BRA-1/2/3
    (Brazil rank 2), WC-TEAM-ENG-1/2/3 (England rank 8), WC-TEAM-MEX-1, WC-TEAM-ALG-1, WC-TEAM-PRK-1: these skills
    are marked as the seed's and cite their rule; every other skill is marked proposed (WC-GAP-25)."""
    seed = {
        "civ": ["WC-TEAM-CIV-2"],
        "esp": ["WC-TEAM-ESP-1", "WC-TEAM-ESP-2", "WC-TEAM-ESP-3"],
        "bra": ["WC-TEAM-BRA-1", "WC-TEAM-BRA-2", "WC-TEAM-BRA-3"],
        "eng": ["WC-TEAM-ENG-1", "WC-TEAM-ENG-2", "WC-TEAM-ENG-3"],
        "mex": ["WC-TEAM-MEX-1"],
        "alg": ["WC-TEAM-ALG-1"],
        "prk": ["WC-TEAM-PRK-1"],
    }
    for team in TEAMS.teams.values():
        rules = [s.rule for s in team.skills if s.source == "seed"]
        assert rules == seed.get(team.id, []), team.id
        assert all(s.source == "proposed" and not s.rule for s in team.skills if s.source != "seed")
    assert TEAMS["civ"].grade == "B"
    assert (TEAMS["esp"].world_rank, TEAMS["bra"].world_rank, TEAMS["eng"].world_rank) == (1, 2, 8)
    assert {TEAMS[t].grade for t in ("esp", "bra", "eng")} == {"A"}
    assert TEAMS["mex"].grade == "B"  # any_grade is worth something to a B team


def test_every_skill_code_of_the_vocabulary_is_registered_and_used() -> None:
    """Reference §2.4: each code is one registered function; every one is used by some team."""
    vocabulary = {
        "speed", "opp_speed", "speed_vs_grade", "value", "depth", "tie_priority", "swap_once", "flip_once",
        "any_grade", "lineup_gamble", "opponent_pairs", "goal_first", "double_dice", "reroll_once",
        "reroll_foul_once", "ignore_foul_once", "counter", "ignore_defense_once", "shootout_dice",
    }  # fmt: skip
    assert set(SKILLS) == vocabulary
    used = {s.code for t in TEAMS.teams.values() for s in t.skills}
    assert used == vocabulary


def _error(text: str) -> DataError:
    with pytest.raises(DataError) as err:
        parse_teams(text, "teams.toml")
    return err.value


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_team_errors_name_file_line_and_field() -> None:
    """A broken team row is refused with the file, the line and the field; a skill row with its own line."""
    bad = TEXT.replace('{ code = "double_dice",', '{ code = "triple_dice",')
    e = _error(bad)
    assert (e.file, e.line, e.field) == ("teams.toml", _line(bad, "triple_dice"), "team[28].skills[2].code")
    assert "unknown skill code" in e.message
    bad = TEXT.replace('{ code = "speed", kind = "all", n = 2,', '{ code = "speed", kind = "everything", n = 2,')
    e = _error(bad)
    assert (e.line, e.field) == (_line(bad, "everything"), "team[28].skills[1].kind")
    bad = TEXT.replace('{ code = "counter", n = 1,', '{ code = "counter",')
    e = _error(bad)
    assert e.field == "team[20].skills[1].n" and "needs the parameter" in e.message
    bad = TEXT.replace('{ code = "tie_priority",', '{ code = "tie_priority", n = 1,')
    e = _error(bad)
    assert e.field == "team[24].skills[2].n" and "takes no parameter" in e.message
    e = _error(TEXT.replace("world_rank = 32", "world_rank = 31"))
    assert e.field == "team[25].world_rank" and e.line == _line(TEXT, "world_rank = 32")
    e = _error(TEXT.replace('grade = "D"', 'grade = "E"', 1))
    assert e.field == "team[0].grade" and e.line == _line(TEXT, 'grade = "D"')
    e = _error(TEXT.replace('id = "chi"', 'id = "esp"'))
    assert e.field == "team[31].id" and "duplicate" in e.message
    e = _error(TEXT.replace('source = "proposed" },', 'source = "rumour" },', 1))
    assert e.field == "team[0].skills[0].source"
