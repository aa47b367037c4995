"""The 32 teams as data (reference §2.3), loaded from TOML and validated against the skill registry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NoReturn

from pitchside.core.datafile import TomlTables, data_file, read_data
from pitchside.core.errors import DataError
from pitchside.core.locate import toml_array_line
from pitchside.core.texts import Bilingual, Lang, Topic, TopicKind, parse_topics
from pitchside.games.my_world_cup.cards import DATA, GRADES, Card, Half, Kind, load_cards
from pitchside.games.my_world_cup.skills import SKILLS, Context, Powers

DEFAULT_TEAMS = DATA / "teams.toml"

SPEED_KINDS = ("all", "attack", "defense", "goal", "foul")
VALUE_KINDS = ("attack", "defense", "goal")


@dataclass(frozen=True, slots=True)
class SkillRow:
    code: str
    params: tuple[tuple[str, Any], ...]
    zh: str
    en: str
    source: str  # "seed" or "proposed"
    text: Bilingual  # what it does, shown to players
    rule: str = ""

    def args(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.params}

    def notation(self) -> str:
        """The reference's form, e.g. ``speed(all,+2)``."""
        vals = []
        for _, v in self.params:
            if isinstance(v, tuple):
                vals.append("+".join(v))
            elif isinstance(v, int):
                vals.append(f"{v:+d}")
            else:
                vals.append(str(v))
        return self.code + (f"({','.join(vals)})" if vals else "")


@dataclass(frozen=True, slots=True)
class Team:
    id: str
    zh: str
    en: str
    group: str
    grade: str
    world_rank: int
    skills: tuple[SkillRow, ...]

    def has(self, code: str) -> bool:
        return any(s.code == code for s in self.skills)


@dataclass(frozen=True)
class TeamSet:
    teams: Mapping[str, Team]
    source: str

    def __getitem__(self, tid: str) -> Team:
        return self.teams[tid]

    def __contains__(self, tid: object) -> bool:
        return tid in self.teams

    def __len__(self) -> int:
        return len(self.teams)


_TEAM_KEYS = {"id", "zh", "en", "group", "grade", "world_rank", "skills"}
_SKILL_META = {"code", "zh", "en", "source", "rule", "text_zh", "text_en"}


def _skill_line(text: str, index: int, j: int) -> int | None:
    """The line of the ``j``-th inline table of the ``index``-th team's ``skills`` array."""
    start = toml_array_line(text, "team", index, "skills")
    if start is None:
        return None
    lines = text.splitlines()
    seen = -1
    first = lines[start - 1]
    after = first.split("=", 1)[1] if "=" in first else ""
    seen += after.count("{")
    if seen >= j:
        return start
    for n in range(start, len(lines)):
        line = lines[n].strip()
        if line.startswith("["):
            break
        seen += line.count("{")
        if seen >= j:
            return n + 1
    return start


def _param(kind: str, value: Any) -> Any:
    """Check one skill parameter; return its stored form or raise ValueError."""
    if kind in ("speed_kinds", "value_kinds"):
        allowed = SPEED_KINDS if kind == "speed_kinds" else VALUE_KINDS
        words = [value] if isinstance(value, str) else value
        if not isinstance(words, list) or not words or any(w not in allowed for w in words):
            raise ValueError(f"must be one of {', '.join(allowed)} or a list of them")
        return value if isinstance(value, str) else tuple(value)
    if kind == "n":
        if not isinstance(value, int) or isinstance(value, bool) or not -9 <= value <= 9 or value == 0:
            raise ValueError("must be a non-zero integer -9..9")
        return value
    if kind == "grade":
        if value not in tuple(GRADES):
            raise ValueError("must be one of A, B, C, D")
        return value
    raise ValueError(f"unknown parameter type {kind}")


def _team(raw: Mapping[str, Any], text: str, source: str, i: int) -> Team:
    def fail(key: str, message: str) -> NoReturn:
        raise DataError(source, toml_array_line(text, "team", i, key), f"team[{i}].{key}", message)

    for key in raw:
        if key not in _TEAM_KEYS:
            fail(key, f"unknown key; expected one of {', '.join(sorted(_TEAM_KEYS))}")
    tid = raw.get("id")
    if not isinstance(tid, str) or not tid.isalnum() or not tid.islower() or not 2 <= len(tid) <= 8:
        fail("id", "must be a short lower-case id such as 'esp'")
    for key in ("zh", "en"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            fail(key, "must be a non-empty name")
    group = raw.get("group")
    if not isinstance(group, str) or len(group) != 1 or not group.isupper():
        fail("group", "must be one capital letter A..H")
    grade = raw.get("grade")
    if grade not in tuple(GRADES):
        fail("grade", "must be one of A, B, C, D (WC-CARD-3)")
    rank = raw.get("world_rank")
    if not isinstance(rank, int) or isinstance(rank, bool) or rank < 1:
        fail("world_rank", "must be a positive integer (WC-GAP-9)")
    skills = raw.get("skills", [])
    if not isinstance(skills, list):
        fail("skills", "must be a list of skill tables")
    rows: list[SkillRow] = []
    for j, s in enumerate(skills):
        line = _skill_line(text, i, j)

        def bad(field: str, message: str, j: int = j, line: int | None = line) -> NoReturn:
            raise DataError(source, line, f"team[{i}].skills[{j}].{field}", message)

        if not isinstance(s, Mapping):
            bad("code", "each skill is a table { code = ..., zh = ..., en = ..., source = ... }")
        code = s.get("code")
        if code not in SKILLS:
            bad("code", f"unknown skill code {code!r}; known: {', '.join(sorted(SKILLS))}")
        spec = SKILLS[code].params
        params: list[tuple[str, Any]] = []
        for key in s:
            if key not in _SKILL_META and key not in spec:
                want = ", ".join(spec) or "none"
                bad(key, f"{code!r} takes no parameter {key!r} (its parameters: {want})")
        for pname, ptype in spec.items():
            if pname not in s:
                bad(pname, f"{code!r} needs the parameter {pname!r}")
            try:
                params.append((pname, _param(ptype, s[pname])))
            except ValueError as e:
                bad(pname, str(e))
        for key in ("zh", "en"):
            if not isinstance(s.get(key), str) or not s[key]:
                bad(key, "must be a non-empty name")
        src = s.get("source")
        if src not in ("seed", "proposed"):
            bad("source", 'must be "seed" or "proposed"')
        rule = s.get("rule", "")
        if not isinstance(rule, str):
            bad("rule", "must be a rule ID string")
        texts = []
        for lang in Lang:
            value = s.get(f"text_{lang}")
            if not isinstance(value, str) or not value.strip():
                what = "Chinese" if lang is Lang.ZH else "English"
                bad(f"text_{lang}", f"needs the {what} text of what the skill does: a non-empty string")
            texts.append(value.strip())
        rows.append(SkillRow(code, tuple(params), s["zh"], s["en"], src, Bilingual(*texts), rule))
    return Team(tid, raw["zh"], raw["en"], group, grade, rank, tuple(rows))


def parse_teams(text: str, source: str = "<teams>") -> TeamSet:
    f = TomlTables(text, source, "team", least=2)
    teams: dict[str, Team] = {}
    ranks: dict[int, str] = {}
    for i, raw in enumerate(f.rows):
        team = _team(raw, text, source, i)
        if team.id in teams:
            f.fail(i, "id", f"duplicate id {team.id!r}")
        if team.world_rank in ranks:
            rival = ranks[team.world_rank]
            f.fail(i, "world_rank", f"rank {team.world_rank} is also {rival}'s: ranks are unique (WC-GAP-9)")
        teams[team.id] = team
        ranks[team.world_rank] = team.id
    return TeamSet(teams, source)


def load_teams(path: str | None = None) -> TeamSet:
    """The team file a config's ``teams_file`` names, or the game's own (core.datafile: which files may be read)."""
    return _load_teams(data_file(path, "teams_file", DEFAULT_TEAMS))


@lru_cache(maxsize=16)
def _load_teams(path: str) -> TeamSet:
    return parse_teams(read_data(path, "teams_file", DEFAULT_TEAMS), path)


def powers(home: Team, away: Team) -> tuple[Powers, Powers]:
    """Run every skill of both teams (home first, each in its listed order) into their Powers."""
    ps = (Powers(), Powers())
    teams = (home, away)
    for side in (0, 1):
        ctx = Context(teams[side].grade, teams[1 - side].grade)
        for row in teams[side].skills:
            SKILLS[row.code].apply(ps[side], ps[1 - side], ctx, row.args())
    return ps


# --------------------------------------------------------------------------- rules texts

DEFAULT_TEXTS = DATA / "texts.toml"
_KIND_ZH = {Kind.ATTACK: "进攻", Kind.DEFENSE: "防守", Kind.GOAL: "进球", Kind.FOUL: "犯规"}


def _half(h: Half, lang: Lang) -> str:
    grades = ",".join(h.grades)
    if lang is Lang.ZH:
        value = "" if h.kind is Kind.FOUL else str(h.value)
        return f"{_KIND_ZH[h.kind]}{value} / 速度{h.speed}（{grades}）"
    value = "" if h.kind is Kind.FOUL else f" {h.value}"
    return f"{h.kind.word}{value} / speed {h.speed} ({grades})"


def card_topic(card: Card) -> Topic:
    """A card type's text: its two halves, pointing at the topics of their kinds."""
    kinds = sorted({card.top.kind, card.bottom.kind})
    see = ", ".join(f"info {k.word}" for k in kinds)
    zh = [f"上半：{_half(card.top, Lang.ZH)}", f"下半：{_half(card.bottom, Lang.ZH)}",
          f"共{card.count}张。一张牌上场时只用适用你球队等级的一半（{see}，info grades）。"]  # fmt: skip
    en = [f"Top half: {_half(card.top, Lang.EN)}", f"Bottom half: {_half(card.bottom, Lang.EN)}",
          f"{card.count} in the deck. A fielded card shows a half your grade uses ({see}, info grades)."]  # fmt: skip
    title = Bilingual(f"战术牌 {card.id}", f"Tactical card {card.id}")
    return Topic(card.id, TopicKind.CARD, title, Bilingual("\n".join(zh), "\n".join(en)))


def team_topic(team: Team) -> Topic:
    """A team's text: its grade, group and ranking, and what each of its skills does."""
    zh = [f"等级{team.grade} · 小组{team.group} · 世界排名{team.world_rank}"]
    en = [f"Grade {team.grade} · group {team.group} · world ranking {team.world_rank}"]
    for n, s in enumerate(team.skills, 1):
        zh.append(f"技能{n}【{s.zh}】：{s.text.zh}")
        en.append(f"Skill {n}, {s.en} ({s.zh}): {s.text.en}")
    return Topic(team.id, TopicKind.TEAM, Bilingual(team.zh, team.en), Bilingual("\n".join(zh), "\n".join(en)),
                 (team.zh, team.en))  # fmt: skip


@lru_cache(maxsize=4)
def load_texts(teams_file: str | None = None) -> Mapping[str, Topic]:
    """The rules texts (data/texts.toml), one topic per card type and one per team (the game's own teams,
    or the file a config's ``teams_file`` names)."""
    topics = parse_topics(read_data(DEFAULT_TEXTS, "texts", DEFAULT_TEXTS), str(DEFAULT_TEXTS))
    for card in load_cards().cards.values():
        topics.setdefault(card.id, card_topic(card))
    for team in load_teams(teams_file).teams.values():
        topics.setdefault(team.id, team_topic(team))
    return MappingProxyType(topics)
