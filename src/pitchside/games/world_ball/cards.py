"""World Ball content as data: characters, events, skill cards and the match deck (data/*.toml).

Every file is validated on load; an error names the file, the line and the field
(``characters.toml:57: field 'character[4].stamina': ...``). Effects are looked up in the
registries of effects.py (characters, skill cards) and events.py (event cards), and their
parameters are checked against what the registered function declares.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pitchside.core.datafile import TomlTables, data_file, read_data
from pitchside.core.errors import DataError
from pitchside.core.locate import toml_array_line
from pitchside.core.texts import Bilingual, Topic, TopicKind, bilingual, parse_topics
from pitchside.games.world_ball import effects as fx
from pitchside.games.world_ball import events as evx

DATA = Path(__file__).parent / "data"
FILES = ("characters.toml", "events.toml", "skills.toml", "deck.toml")

POSITIONS = {"GK": ("Goalkeeper", "门将"), "DF": ("Defender", "后卫"), "MF": ("Midfielder", "中场"),
             "FW": ("Forward", "前锋")}  # fmt: skip
CLASSES = {"attack": "攻", "defense": "防", "stamina": "体"}  # WB-SKILL-1
CATEGORIES = {"action": "动作卡", "set_piece": "定位球卡", "event": "事件卡", "skill": "技能卡"}  # WB-GEN-2
BACK = {"character": "星", "stamina": "大力神杯"}  # WB-CHAR-1, WB-STAM-1: what the card backs show
EVENT_MARK = "事"  # WB-EVT-1
ACTION_IDS = ("shoot", "save")  # WB-ACT-1: the rules of these two are the engine's
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True, eq=False)
class Character:
    id: str
    zh: str
    name: str
    position: str
    stamina: int
    shoot: int | None  # None = "X": cannot shoot (WB-CHAR-5)
    save: int
    skill_zh: str
    skill: str
    tag: str
    effect: str
    params: Mapping[str, Any]
    text: Bilingual  # the skill's text
    seed: bool = False

    @property
    def goalkeeper(self) -> bool:
        return self.position == "GK"


@dataclass(frozen=True, eq=False)
class EventCard:
    id: str
    zh: str
    name: str
    timing: str  # "action" | "reactive"
    pending: bool
    effect: str
    params: Mapping[str, Any]
    text: Bilingual
    seed: bool = False
    target: str = "none"  # from the effect's registration (events.TARGETS)
    answers: str = ""  # likewise: what a reactive event answers


@dataclass(frozen=True, eq=False)
class SkillCard:
    id: str
    zh: str
    name: str
    cls: str
    effect: str
    params: Mapping[str, Any]
    text: Bilingual


@dataclass(frozen=True, eq=False)
class BasicCard:
    """An action card (射门, 救险) or a set-piece card (任意球, 点球, ...)."""

    id: str
    zh: str
    name: str
    category: str
    cost: int  # set pieces: the stamina they cost (WB-SET-2); unused for action cards
    needs: int  # saves needed to negate the shot it makes; 0 for 救险
    text: Bilingual


@dataclass(frozen=True, eq=False)
class Content:
    characters: Mapping[str, Character]
    events: Mapping[str, EventCard]
    skills: Mapping[str, SkillCard]
    basics: Mapping[str, BasicCard]
    counts: Mapping[str, int]  # card id -> copies in the match deck
    sources: Mapping[str, str]  # file name -> path it was read from
    powers_cache: dict[Any, Any] = field(default_factory=dict)  # effects.Powers per (character, skills)

    @cached_property  # every new match deals from it
    def physical(self) -> tuple[str, ...]:
        return tuple(cid for cid, k in self.counts.items() for _ in range(k))

    @property
    def set_pieces(self) -> tuple[str, ...]:
        return tuple(c for c, b in self.basics.items() if b.category == "set_piece")

    @cached_property
    def _reactive(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for cid, e in self.events.items():
            if e.timing == "reactive":
                out.setdefault(e.answers, []).append(cid)
        return {k: tuple(v) for k, v in out.items()}

    def reactive(self, answers: str) -> tuple[str, ...]:
        """The reactive event ids that answer ``answers`` ("event", "save" or "shot")."""
        return self._reactive.get(answers, ())

    def category(self, cid: str) -> str:
        if cid in self.basics:
            return self.basics[cid].category
        if cid in self.events:
            return "event"
        if cid in self.skills:
            return "skill"
        return ""

    def names(self, cid: str) -> tuple[str, str]:
        """(Chinese, English) of a card id."""
        card: BasicCard | EventCard | SkillCard | None = (
            self.basics.get(cid) or self.events.get(cid) or self.skills.get(cid)
        )
        return (card.zh, card.name) if card else (cid, cid)

    def __len__(self) -> int:
        return sum(self.counts.values())


# --------------------------------------------------------------------------- reading one file


class _File(TomlTables):
    """One TOML file of ``[[table]]`` rows, with typed readers whose errors name the line."""

    def __init__(self, text: str, source: str, table: str) -> None:
        super().__init__(text, source, table, only=True)

    def keys(self, i: int, allowed: set[str], required: set[str]) -> dict[str, Any]:
        raw = self.rows[i]
        for key in raw:
            if key not in allowed:
                self.fail(i, key, f"unknown key; expected one of {', '.join(sorted(allowed))}")
        for key in sorted(required):
            if key not in raw:
                self.fail(i, None, f"missing key {key!r}")
        return raw

    def string(self, i: int, key: str, default: str | None = None, choices: tuple[str, ...] = ()) -> str:
        raw = self.rows[i]
        value = raw.get(key, default)
        if not isinstance(value, str) or (not value and default is None):
            self.fail(i, key, "must be a non-empty string")
        if choices and value not in choices:
            self.fail(i, key, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def ident(self, i: int, key: str = "id") -> str:
        value = self.string(i, key)
        if not _ID.match(value):
            self.fail(i, key, f"{value!r} is not an id: lowercase letters, digits and _, starting with a letter")
        return value

    def integer(self, i: int, key: str, lo: int, hi: int, default: int | None = None) -> int:
        value = self.rows[i].get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            self.fail(i, key, f"must be an integer from {lo} to {hi}")
        return value

    def boolean(self, i: int, key: str) -> bool:
        value = self.rows[i].get(key, False)
        if not isinstance(value, bool):
            self.fail(i, key, "must be true or false")
        return value

    def params(self, i: int, schema: Mapping[str, tuple[type, Any]], plays: tuple[str, ...]) -> dict[str, Any]:
        value = self.rows[i].get("params", {})
        if not isinstance(value, dict):
            self.fail(i, "params", "must be an inline table such as { count = 1 }")
        for key, v in value.items():
            if key not in schema:
                known = ", ".join(sorted(schema)) or "none"
                self.fail(i, "params", f"unknown parameter {key!r} for this effect; it takes: {known}", key)
            kind = schema[key][0]
            if not isinstance(v, kind) or isinstance(v, bool) != (kind is bool):
                self.fail(i, "params", f"must be {'an integer' if kind is int else 'a string'}", key)
            choices = fx.PARAM_CHOICES.get(key)
            if key == "play":
                choices = (*plays, "any")
            if choices and v not in choices:
                self.fail(i, "params", f"{v!r} is not one of {', '.join(choices)}", key)
        for key, (_kind, default) in schema.items():
            if default is fx.REQUIRED and key not in value:
                self.fail(i, "params", f"this effect needs the parameter {key!r}", key)
        return dict(value)


# --------------------------------------------------------------------------- the four files


def parse_characters(text: str, source: str, plays: tuple[str, ...]) -> dict[str, Character]:
    f = _File(text, source, "character")
    allowed = {"id", "zh", "name", "position", "stamina", "shoot", "save", "skill_zh", "skill", "tag", "effect",
               "params", "text_zh", "text_en", "seed"}  # fmt: skip
    out: dict[str, Character] = {}
    for i in range(len(f.rows)):
        raw = f.keys(i, allowed, allowed - {"params", "seed", "text_zh", "text_en"})
        cid = f.ident(i)
        if cid in out:
            f.fail(i, "id", f"duplicate character id {cid!r}")
        position = f.string(i, "position", choices=tuple(POSITIONS))
        shoot = None if raw["shoot"] == "X" else f.integer(i, "shoot", 0, 9)
        if position == "GK" and shoot is not None:
            f.fail(i, "shoot", 'a goalkeeper cannot shoot: his shoot cost is "X" (WB-CHAR-5)')
        effect = f.string(i, "effect")
        ab = fx.ABILITIES.get(effect)
        if ab is None:
            f.fail(i, "effect", f"no ability {effect!r} is registered; known: {', '.join(sorted(fx.ABILITIES))}")
        tag = f.string(i, "tag", choices=fx.EFFECT_KINDS)
        if tag != ab.kind:
            f.fail(i, "tag", f"the ability {effect!r} is {ab.kind!r}, not {tag!r} (WB-GAP-16)")
        out[cid] = Character(
            cid,
            f.string(i, "zh"),
            f.string(i, "name"),
            position,
            f.integer(i, "stamina", 1, 9),  # WB-CHAR-2
            shoot,
            f.integer(i, "save", 0, 9),
            f.string(i, "skill_zh"),
            f.string(i, "skill"),
            tag,
            effect,
            f.params(i, ab.schema, plays),
            bilingual(f, i),
            f.boolean(i, "seed"),
        )
    return out


def parse_events(text: str, source: str) -> dict[str, EventCard]:
    f = _File(text, source, "event")
    allowed = {"id", "zh", "name", "timing", "pending", "effect", "params", "text_zh", "text_en", "seed"}
    out: dict[str, EventCard] = {}
    for i in range(len(f.rows)):
        f.keys(i, allowed, {"id", "zh", "name", "timing", "effect"})
        cid = f.ident(i)
        if cid in out:
            f.fail(i, "id", f"duplicate event id {cid!r}")
        effect = f.string(i, "effect")
        eff = evx.EVENT_EFFECTS.get(effect)
        if eff is None:
            f.fail(
                i, "effect", f"no event effect {effect!r} is registered; known: {', '.join(sorted(evx.EVENT_EFFECTS))}"
            )
        timing = f.string(i, "timing", choices=("action", "reactive"))
        if (timing == "reactive") != bool(eff.answers):
            want = "reactive" if eff.answers else "action"
            f.fail(i, "timing", f"the effect {effect!r} is played at timing {want!r} (WB-EVT-3, WB-GAP-9)")
        pending = f.boolean(i, "pending")
        if pending != eff.pending:
            f.fail(
                i, "pending", f"the effect {effect!r} {'is' if eff.pending else 'is not'} a pending card (WB-GAP-14)"
            )
        params = f.params(i, eff.schema, ())
        out[cid] = EventCard(cid, f.string(i, "zh"), f.string(i, "name"), timing, pending, effect, params,
                             bilingual(f, i), f.boolean(i, "seed"), eff.target, eff.answers)  # fmt: skip
    return out


def parse_skills(text: str, source: str, plays: tuple[str, ...]) -> dict[str, SkillCard]:
    f = _File(text, source, "skill")
    allowed = {"id", "zh", "name", "class", "effect", "params", "text_zh", "text_en"}
    out: dict[str, SkillCard] = {}
    for i in range(len(f.rows)):
        f.keys(i, allowed, allowed - {"params", "text_zh", "text_en"})
        cid = f.ident(i)
        if cid in out:
            f.fail(i, "id", f"duplicate skill id {cid!r}")
        cls = f.string(i, "class", choices=tuple(CLASSES))
        effect = f.string(i, "effect")
        ab = fx.ABILITIES.get(effect)
        if ab is None:
            f.fail(i, "effect", f"no ability {effect!r} is registered; known: {', '.join(sorted(fx.ABILITIES))}")
        if ab.kind == "action":
            f.fail(i, "effect", "a skill card is passive or triggered, never an [action] skill (WB-INC-7)")
        params = f.params(i, ab.schema, plays)
        out[cid] = SkillCard(cid, f.string(i, "zh"), f.string(i, "name"), cls, effect, params, bilingual(f, i))
    return out


def parse_deck(text: str, source: str) -> tuple[dict[str, BasicCard], dict[str, int]]:
    """The basic cards defined in the deck file, and the count of every card id."""
    f = _File(text, source, "card")
    allowed = {"id", "count", "category", "zh", "name", "cost", "needs", "text_zh", "text_en"}
    basics: dict[str, BasicCard] = {}
    counts: dict[str, int] = {}
    for i in range(len(f.rows)):
        raw = f.keys(i, allowed, {"id", "count"})
        cid = f.ident(i)
        if cid in counts:
            f.fail(i, "id", f"duplicate card id {cid!r}")
        counts[cid] = f.integer(i, "count", 1, 200)
        if "category" not in raw:
            for key in ("zh", "name", "cost", "needs", "text_zh", "text_en"):
                if key in raw:
                    f.fail(i, key, "only cards defined here (with a category) take this key")
            continue
        category = f.string(i, "category", choices=("action", "set_piece"))
        if category == "action" and cid not in ACTION_IDS:
            f.fail(i, "id", "the action cards are 'shoot' and 'save' (WB-ACT-1)")
        if category == "set_piece" and cid in ACTION_IDS:
            f.fail(i, "category", f"{cid!r} is an action card (WB-ACT-1)")
        if "cost" in raw and category == "action":
            f.fail(i, "cost", "an action card's cost is the character's (WB-CHAR-4, WB-ACT-2)")
        cost = f.integer(i, "cost", 0, 9, 1)
        needs = f.integer(i, "needs", 1, 9, 1) if cid != "save" else 0
        if cid == "save" and "needs" in raw:
            f.fail(i, "needs", "a 救险 makes no shot")
        basics[cid] = BasicCard(cid, f.string(i, "zh"), f.string(i, "name"), category, cost, needs, bilingual(f, i))
    for cid in ACTION_IDS:
        if cid not in basics:
            raise DataError(source, None, "card", f"the deck must define the action card {cid!r} (WB-ACT-1)")
    return basics, counts


def build_content(texts: Mapping[str, tuple[str, str]]) -> Content:
    """Content from the four files, given as name -> (text, source). Cross-file checks name the deck line."""
    deck_text, deck_src = texts["deck.toml"]
    basics, counts = parse_deck(deck_text, deck_src)
    plays = ("shoot", *(c for c, b in basics.items() if b.category == "set_piece"))
    characters = parse_characters(*texts["characters.toml"], plays)
    events = parse_events(*texts["events.toml"])
    skills = parse_skills(*texts["skills.toml"], plays)
    known: dict[str, str] = {}
    for name, ids in (("deck.toml", basics), ("events.toml", events), ("skills.toml", skills)):
        for cid in ids:
            if cid in known:
                raise DataError(texts[name][1], None, cid, f"card id {cid!r} is also defined in {known[cid]}")
            known[cid] = name
    for i, cid in enumerate(counts):
        if cid not in known:
            raise DataError(deck_src, toml_array_line(deck_text, "card", i, "id"), f"card[{i}].id",
                            f"{cid!r} is no card: not defined here, in events.toml or in skills.toml")  # fmt: skip
    for name, ids in (("events.toml", events), ("skills.toml", skills)):
        for cid in ids:
            if cid not in counts:
                raise DataError(deck_src, None, "card", f"{cid!r} from {name} has no count in the deck")
    return Content(characters, events, skills, basics, counts, {n: s for n, (_t, s) in texts.items()})


def read_texts(directory: str | None = None) -> dict[str, tuple[str, str]]:
    """The four files, from ``directory`` where it has them, else the built-in ones."""
    out: dict[str, tuple[str, str]] = {}
    if directory is not None:
        data_file(directory, "data", DATA / FILES[0])  # a config's directory: may it be read at all?
    for name in FILES:
        p = DATA / name
        if directory is not None and (Path(directory) / name).is_file():
            p = Path(directory) / name
        out[name] = (read_data(p, "data", DATA / name), str(p))
    return out


def load_content(directory: str | None = None) -> Content:
    """The data in the directory a config's ``data`` names, or the game's own (core.datafile: which may be read)."""
    if directory is not None:
        data_file(directory, "data", DATA / FILES[0])
    return _load_content(directory)


@lru_cache(maxsize=16)
def _load_content(directory: str | None = None) -> Content:
    if directory is not None and not Path(directory).is_dir():
        raise DataError(directory, None, None, "not a directory of World Ball data files")
    return build_content(read_texts(directory))


# --------------------------------------------------------------------------- rules texts

TEXTS = DATA / "texts.toml"
_TAGS = {
    "passive": ("被动", "passive"),
    "trigger": ("触发", "trigger"),
    "action": ("主动，每回合一次", "action, once a turn"),
}
_CLASS_EN = {"attack": "attack", "defense": "defense", "stamina": "stamina"}
_TIMING = {
    "action": ("只能在自己的行动阶段打出", "own action phase only"),
    "reactive": ("时机出现时随时打出", "any time its moment comes"),
}


def character_topic(ch: Character) -> Topic:
    shoot = "-X" if ch.shoot is None else str(ch.shoot)
    pos_en, pos_zh = POSITIONS[ch.position]
    tag_zh, tag_en = _TAGS[ch.tag]
    zh = (f"位置：{pos_zh} · 体力：{ch.stamina} · 射门耗能：{shoot} · 救险耗能：{ch.save}\n"
          f"角色技能【{ch.skill_zh}】（{tag_zh}）：{ch.text.zh}")  # fmt: skip
    en = (f"Position: {pos_en} · stamina {ch.stamina} · Shoot cost {shoot} · Save cost {ch.save}\n"
          f"Skill {ch.skill} ({ch.skill_zh}, {tag_en}): {ch.text.en}")  # fmt: skip
    return Topic(ch.id, TopicKind.CHARACTER, Bilingual(ch.zh, ch.name), Bilingual(zh, en),
                 (ch.zh, ch.name, ch.skill_zh, ch.skill))  # fmt: skip


def skill_topic(sk: SkillCard) -> Topic:
    zh = f"技能卡【{CLASSES[sk.cls]}】：{sk.text.zh}"
    en = f"Skill card, {_CLASS_EN[sk.cls]} ({CLASSES[sk.cls]}): {sk.text.en}"
    return Topic(sk.id, TopicKind.SKILL, Bilingual(sk.zh, sk.name), Bilingual(zh, en), (sk.zh, sk.name))


def event_topic(ev: EventCard) -> Topic:
    when_zh, when_en = _TIMING[ev.timing]
    zh = f"事件卡【{EVENT_MARK}】（{when_zh}）：{ev.text.zh}"
    en = f"Event card ({EVENT_MARK}, {when_en}): {ev.text.en}"
    return Topic(ev.id, TopicKind.EVENT, Bilingual(ev.zh, ev.name), Bilingual(zh, en), (ev.zh, ev.name))


def basic_topic(b: BasicCard) -> Topic:
    cat_zh = CATEGORIES[b.category]
    cat_en = "Action card" if b.category == "action" else "Set-piece card"
    return Topic(b.id, TopicKind.CARD, Bilingual(b.zh, b.name),
                 Bilingual(f"{cat_zh}：{b.text.zh}", f"{cat_en}: {b.text.en}"), (b.zh, b.name))  # fmt: skip


def content_topics(content: Content) -> dict[str, Topic]:
    """One topic per card and character the content defines."""
    out: dict[str, Topic] = {}
    for b in content.basics.values():
        out[b.id] = basic_topic(b)
    for ev in content.events.values():
        out[ev.id] = event_topic(ev)
    for sk in content.skills.values():
        out[sk.id] = skill_topic(sk)
    for ch in content.characters.values():
        out[ch.id] = character_topic(ch)
    return out


@lru_cache(maxsize=4)
def load_texts(directory: str | None = None) -> Mapping[str, Topic]:
    """The rules texts (data/texts.toml), then every card and character of the content (its own data or
    ``directory``'s, as a config's ``data`` names it)."""
    topics = parse_topics(read_data(TEXTS, "texts", TEXTS), str(TEXTS))
    for tid, topic in content_topics(load_content(directory)).items():
        topics.setdefault(tid, topic)
    return MappingProxyType(topics)
