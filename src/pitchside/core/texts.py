"""Rules texts for people, in Chinese and English: topics a game offers through ``Game.texts()``.

A topic is one thing a player may ask about (the overview, a card, a role, a character, a skill, an
event, a team): its id, a title and a body in both languages, and the other names it is found by
(its Chinese and English names). Texts come from the games' data files and are shown as plain
text, never as markup (they are data, written by whoever wrote the file).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pitchside.core.datafile import TomlTables

OVERVIEW = "overview"  # every game with texts has this topic: the rules in brief


class Lang(StrEnum):
    ZH = "zh"
    EN = "en"


def lang_from_env(env: Mapping[str, str]) -> Lang:
    """The language a person's locale asks for: Chinese when LC_ALL, LC_MESSAGES or LANG (the first set,
    as gettext reads them) starts with "zh", else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return Lang.ZH if value.lower().startswith("zh") else Lang.EN
    return Lang.EN


class TopicKind(StrEnum):
    RULES = "rules"
    ROLE = "role"
    CARD = "card"
    CHARACTER = "character"
    SKILL = "skill"
    EVENT = "event"
    TEAM = "team"

    def label(self, lang: Lang) -> str:
        return _KIND_LABELS[self][lang is Lang.EN]


_KIND_LABELS = {
    TopicKind.RULES: ("规则", "rules"),
    TopicKind.ROLE: ("球员角色", "role"),
    TopicKind.CARD: ("卡牌", "card"),
    TopicKind.CHARACTER: ("人物", "character"),
    TopicKind.SKILL: ("技能", "skill"),
    TopicKind.EVENT: ("事件", "event"),
    TopicKind.TEAM: ("球队", "team"),
}


@dataclass(frozen=True)
class Bilingual:
    """One text in Chinese and English."""

    zh: str
    en: str

    def __call__(self, lang: Lang) -> str:
        return self.zh if lang is Lang.ZH else self.en


@dataclass(frozen=True)
class Topic:
    id: str
    kind: TopicKind
    title: Bilingual
    body: Bilingual
    names: tuple[str, ...] = ()  # other names it is found by (Chinese, English, a skill's name)


Texts = Mapping[str, Topic]


def _key(name: str) -> str:
    """Names compare without case, spaces, hyphens, underscores, dots or apostrophes ("Eto'o" = "etoo")."""
    return re.sub(r"[\s\-_.'’·]+", "", name).casefold()


class UnknownTopic(LookupError):
    def __init__(self, query: str, close: list[str]) -> None:
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        super().__init__(f"no topic {query!r}{hint}")
        self.query = query
        self.close = close


def find(texts: Texts, query: str) -> Topic:
    """The topic named by id or any of its names; UnknownTopic lists close matches."""
    want = _key(query)
    index = {_key(t.id): t for t in texts.values()}  # an id wins over another topic's name
    for topic in texts.values():
        for name in topic.names:
            index.setdefault(_key(name), topic)
    if want in index:
        return index[want]
    close = difflib.get_close_matches(want, list(index), n=5, cutoff=0.6)
    close += [k for k in index if want and len(want) >= 2 and k.startswith(want) and k not in close]
    ids: list[str] = []
    for k in close:
        if index[k].id not in ids:
            ids.append(index[k].id)
    raise UnknownTopic(query, ids[:5])


def missing(texts: Texts) -> list[str]:
    """Topics with an empty title or body in either language (a test keeps this empty)."""
    out = []
    for tid, t in texts.items():
        for part, text in (("title", t.title), ("body", t.body)):
            for lang in Lang:
                if not text(lang).strip():
                    out.append(f"{tid}.{part}.{lang}")
    return out


# --------------------------------------------------------------------------- the data files


def bilingual(f: TomlTables, i: int, stem: str = "text", row: Mapping[str, Any] | None = None) -> Bilingual:
    """The ``{stem}_zh`` and ``{stem}_en`` strings of row ``i``; a missing or empty one is a DataError
    naming the file, the line and the field."""
    raw = f.rows[i] if row is None else row
    out = []
    for lang in Lang:
        key = f"{stem}_{lang}"
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            what = "Chinese" if lang is Lang.ZH else "English"
            f.fail(i, key, f"needs the {what} text: a non-empty string")
        out.append(value.strip())
    return Bilingual(*out)


TOPIC_KEYS = {"id", "kind", "names", "title_zh", "title_en", "text_zh", "text_en"}


def parse_topics(text: str, source: str) -> dict[str, Topic]:
    """A game's ``texts.toml``: ``[[topic]]`` rows of id, kind, names, title_zh/_en and text_zh/_en."""
    f = TomlTables(text, source, "topic", only=True)
    out: dict[str, Topic] = {}
    kinds = ", ".join(k.value for k in TopicKind)
    for i, raw in enumerate(f.rows):
        for key in raw:
            if key not in TOPIC_KEYS:
                f.fail(i, key, f"unknown key; expected one of {', '.join(sorted(TOPIC_KEYS))}")
        tid = raw.get("id")
        if not isinstance(tid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", tid):
            f.fail(i, "id", "must be an id: lowercase letters, digits and _, starting with a letter")
        if tid in out:
            f.fail(i, "id", f"duplicate topic id {tid!r}")
        kind = raw.get("kind")
        if kind not in {k.value for k in TopicKind}:
            f.fail(i, "kind", f"must be one of {kinds}")
        names = raw.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
            f.fail(i, "names", "must be a list of non-empty strings")
        out[tid] = Topic(tid, TopicKind(kind), bilingual(f, i, "title"), bilingual(f, i), tuple(names))
    if OVERVIEW not in out:
        f.fail(0, "id", f"the file needs a topic {OVERVIEW!r}: the rules in brief")
    return out
